/**
 * A game's own fonts (game.yaml `fonts:`, TTF/OTF in data/<game>/fonts/): the layout measures with
 * them, the SVG names them, resvg draws them and the PDF embeds them with the advances the layout
 * used. Files that pdfkit cannot draw (WOFF2) or that are missing are located errors in game.yaml,
 * and a changed font file rebuilds exactly the faces that use it.
 * The test game is Eclipsed in a temporary data folder, with DejaVu Serif (which no game ships).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { checkGame, loadGame } from "../src/model/load";
import { renderGameFrom } from "../src/render/source";
import { TemplateSet } from "../src/render/face";
import { printPages, renderSides, type RenderedSide } from "../src/render/build";
import { DEFAULT_PRINT, PAPERS } from "../src/render/page";
import { writePdf } from "../src/render/pdf";
import { svgToPng } from "../src/render/png";
import { ALL_FONT_FILES, gameFaceIn, measure } from "../src/render/fonts";
import { rasterise } from "../src/render/raster-core.mjs";
import { buildGames } from "../src/pipeline/incremental";
import { WorkerPool } from "../src/pipeline/pool";
import type { RenderGame } from "../src/render/types";
import { DATA, TEMPLATES, subset, tempDir } from "./render-support";

const require = createRequire(import.meta.url);
const DEJAVU = dirname(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSerif.ttf"));
const FAMILY = "DejaVu Serif";
const FONTS_YAML = `
fonts:
  - { family: ${FAMILY}, file: DejaVuSerif.ttf }
  - { family: ${FAMILY}, file: DejaVuSerif-Bold.ttf, weight: 700 }
`;

/** A data + templates folder: Eclipsed with its card name and text in DejaVu Serif, and Lunar Trick as shipped. */
function makeFolder(extraYaml = FONTS_YAML): { data: string; templates: string } {
  const root = tempDir("fonts");
  const data = join(root, "data");
  const templates = join(root, "templates");
  for (const id of ["eclipsed", "lunar-trick"]) cpSync(join(DATA, id), join(data, id), { recursive: true });
  cpSync(TEMPLATES, templates, { recursive: true });
  mkdirSync(join(data, "eclipsed", "fonts"));
  for (const f of ["DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf"]) copyFileSync(join(DEJAVU, f), join(data, "eclipsed", "fonts", f));
  writeFileSync(join(data, "eclipsed", "game.yaml"), readFileSync(join(data, "eclipsed", "game.yaml"), "utf8") + extraYaml);
  const card = join(templates, "eclipsed", "card.svg.hbs");
  const src = readFileSync(card, "utf8");
  const edited = src.replace(/(\{\{\{text item\.name [^}]*?)\}\}\}/, `$1 font="${FAMILY}"}}}`).replace(/(\{\{\{text item\.text [^}]*?)\}\}\}/, `$1 font="${FAMILY}"}}}`);
  expect(edited.match(/font="DejaVu Serif"/g)?.length).toBe(2);
  writeFileSync(card, edited);
  return { data, templates };
}

const load = (dir: { data: string; templates: string }, id = "eclipsed"): RenderGame => renderGameFrom(loadGame(dir.data, id, { templatesDir: dir.templates }));

/** The <text> runs of an SVG drawn in a game face: [face key, text, font size]. */
function ownRuns(svg: string): { key: string; text: string; size: number }[] {
  return [...svg.matchAll(/<text [^>]*font-family="([^"]*)"[^>]*font-size="([\d.]+)"[^>]*>([^<]*)<\/text>/g)].flatMap((m) => {
    const key = gameFaceIn(m[1]);
    return key === undefined ? [] : [{ key, text: m[3], size: Number(m[2]) }];
  });
}

describe("a game's own fonts", () => {
  let dir: { data: string; templates: string };
  let own: RenderGame;
  let face: RenderedSide;
  let plain: RenderedSide;

  beforeAll(() => {
    dir = makeFolder();
    own = load(dir);
    const cardComponent = own.components.find((c) => c.faceTemplate === "card")!;
    own = subset(own, 1, [cardComponent.id]);
    face = renderSides(own, new TemplateSet(dir.templates)).sides.find((s) => s.side === "face")!;
    const shipped = subset(renderGameFrom(loadGame(DATA, "eclipsed", { templatesDir: TEMPLATES })), 1, [cardComponent.id]);
    plain = renderSides(shipped, new TemplateSet(TEMPLATES)).sides.find((s) => s.side === "face")!;
  });

  it("the face SVG names the family (bold face for the heavy name, regular for the text)", () => {
    expect(own.fonts?.map((f) => f.family)).toEqual([FAMILY, FAMILY]);
    expect(face.svg).toContain(`, ${FAMILY}" font-weight="700"`);
    expect(face.svg).toContain(`, ${FAMILY}" font-weight="400"`);
    const runs = ownRuns(face.svg);
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.some((r) => r.key.startsWith(`${FAMILY} 700 `))).toBe(true);
    // The layout measured with DejaVu Serif, which is wider than Inter: the same words are laid out differently.
    expect(face.svg).not.toBe(plain.svg);
    expect(plain.svg).not.toContain(FAMILY);
  });

  it("the PNG is drawn with the game's font (not the bundled default, not a fallback)", async () => {
    const png = await svgToPng(face.svg, own.components[0].width + 2 * 3.175);
    const defaultPng = await svgToPng(plain.svg, own.components[0].width + 2 * 3.175);
    expect(png.equals(defaultPng)).toBe(false);
    // Without the font file, resvg would fall back to Inter: the pixels differ, so DejaVu Serif was drawn.
    const fallback = (await rasterise(face.svg, 400, 300, ALL_FONT_FILES)).png;
    const drawn = (await rasterise(face.svg, 400, 300, [...ALL_FONT_FILES, ...own.fonts!.map((f) => f.file)])).png;
    expect(drawn.equals(fallback)).toBe(false);
  });

  it("the PDF embeds the font as a subset, with the advances the layout measured", async () => {
    const pages = printPages(own, PAPERS.a4, DEFAULT_PRINT);
    const art = new Map([[face.key, face.svg], ...renderSides(own, new TemplateSet(dir.templates)).sides.map((s) => [s.key, s.svg] as [string, string])]);
    const pdf = await writePdf(pages, art, { title: "fonts test", footer: "fonts test", paper: PAPERS.a4, duplex: "long" });
    const raw = pdf.toString("latin1");
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSerif-Bold\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSerif\b/);
    expect(raw).toContain("/FontFile2");
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
    const content = await (await doc.getPage(1)).getTextContent();
    const items = content.items.flatMap((it) => ("str" in it ? [it] : []));
    const ptPerMm = 72 / 25.4;
    let checked = 0;
    for (const run of ownRuns(face.svg)) {
      const text = run.text.trimEnd(); // a run before an inline icon ends in its space
      const item = items.find((it) => it.str === text);
      expect(item, `${text} in ${JSON.stringify(items.map((i) => i.str))}`).toBeDefined();
      // pdfjs takes a run's width from the embedded font's advances; the layout from HarfBuzz on the file.
      expect(item!.width / ptPerMm).toBeCloseTo(measure(text, run.key, run.size), 2);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
    await doc.destroy();
  });
});

describe("font files that cannot be used", () => {
  const problems = (yaml: string, files: Record<string, Buffer> = {}) => {
    const dir = makeFolder(yaml);
    for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir.data, "eclipsed", "fonts", name), bytes);
    return checkGame(dir.data, "eclipsed", { templatesDir: dir.templates }).diagnostics;
  };
  const lineOf = (yaml: string, needle: string) => {
    const base = readFileSync(join(DATA, "eclipsed", "game.yaml"), "utf8").split("\n").length;
    return base - 1 + yaml.split("\n").findIndex((l) => l.includes(needle)) + 1;
  };

  it("a WOFF2 file is a located error naming the file and saying to convert it to TTF/OTF", () => {
    const yaml = `\nfonts:\n  - family: Web Font\n    file: web.woff2\n`;
    const woff2 = Buffer.concat([Buffer.from("wOF2"), Buffer.alloc(60, 1)]);
    const [d, ...rest] = problems(yaml, { "web.woff2": woff2 });
    expect(rest).toEqual([]);
    expect(d.code).toBe("font-not-ttf");
    expect(d.location.file).toMatch(/eclipsed\/game\.yaml$/);
    expect(d.location.line).toBe(lineOf(yaml, "file: web.woff2"));
    expect(d.path).toBe("fonts[0].file");
    expect(d.message).toContain('"web.woff2"');
    expect(d.message).toMatch(/WOFF2.*pdfkit cannot draw.*convert it to TTF or OTF/);
  });

  it("a missing file, a wrong family name and a wrong weight are located errors", () => {
    const yaml = `\nfonts:\n  - { family: Gone, file: gone.ttf }\n  - { family: Not DejaVu, file: DejaVuSerif.ttf }\n  - { family: ${FAMILY}, file: DejaVuSerif-Bold.ttf }\n`;
    const ds = problems(yaml);
    expect(ds.map((d) => [d.code, d.path, d.location.line])).toEqual([
      ["font-missing", "fonts[0].file", lineOf(yaml, "gone.ttf")],
      ["font-family-mismatch", "fonts[1].family", lineOf(yaml, "Not DejaVu")],
      ["font-weight-mismatch", "fonts[2].weight", lineOf(yaml, "DejaVuSerif-Bold.ttf")],
    ]);
    expect(ds[0].message).toContain('"gone.ttf"');
    expect(ds[1].message).toContain('"DejaVu Serif"');
    expect(ds[2].message).toContain("weight: 700");
  });
});

describe("a template asking for a font the game does not declare", () => {
  it("fails naming the face, the template and the declared families", () => {
    const dir = makeFolder();
    const card = join(dir.templates, "eclipsed", "card.svg.hbs");
    writeFileSync(card, readFileSync(card, "utf8").replace(`font="${FAMILY}"`, `font="DejaVu Sans"`));
    const g = load(dir);
    const cards = subset(g, 1, [g.components.find((c) => c.faceTemplate === "card")!.id]);
    expect(() => renderSides(cards, new TemplateSet(dir.templates))).toThrow(/^eclipsed\/[^:]+: template .*card\.svg\.hbs: .*font "DejaVu Sans" is not declared in game\.yaml fonts \(declared: "DejaVu Serif"\)/);
  });
});

describe("a changed font file", () => {
  const pool = new WorkerPool(1, false);
  afterAll(() => pool.close());

  it("rebuilds exactly the faces of that game that use it, and their pixels change", async () => {
    const dir = makeFolder();
    const out = tempDir("fonts-out");
    const inputs = () =>
      ["eclipsed", "lunar-trick"].map((id) => {
        const g = load(dir, id);
        return { game: subset(g, 1, [g.components.find((c) => c.kind === "card")!.id]), templates: new TemplateSet(dir.templates) };
      });
    const build = (papers: ("a4" | "letter")[] = ["a4"]) => buildGames(inputs(), { outDir: out, papers, png: true, pool, gallery: false });
    const first = await build();
    const pngsBefore = new Map(first.flatMap((r) => r.files.filter((f) => f.endsWith(".png")).map((f) => [f, readFileSync(f)] as const)));
    // Same family and weight, other glyphs: the condensed cut.
    copyFileSync(join(DEJAVU, "DejaVuSerifCondensed.ttf"), join(dir.data, "eclipsed", "fonts", "DejaVuSerif.ttf"));
    const [eclipsed, lunar] = await build();
    expect(lunar.changedFaces).toEqual([]);
    expect(lunar.written).toEqual([]);
    // Eclipsed's card faces name the regular face; its backs do not.
    const fronts = inputs()[0].game.components[0].items.map((i) => i.id);
    expect(eclipsed.changedFaces.length).toBeGreaterThan(0);
    for (const key of eclipsed.changedFaces) expect(fronts.some((id) => key.includes(id)) && !key.includes("back"), key).toBe(true);
    const rewrittenPngs = eclipsed.written.filter((f) => f.endsWith(".png"));
    expect(rewrittenPngs.length).toBe(eclipsed.changedFaces.length);
    for (const f of rewrittenPngs) expect(readFileSync(f).equals(pngsBefore.get(f)!), f).toBe(false);
    // The PDFs are drawn on a worker thread, which embeds the new file (its PostScript name says so).
    const pdfs = eclipsed.written.filter((f) => f.endsWith(".pdf"));
    expect(pdfs.length).toBeGreaterThan(0);
    for (const f of pdfs) expect(readFileSync(f).toString("latin1")).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSerifCondensed\b/);
  }, 120_000);
});

describe("a reference sheet in the game's font", () => {
  it("flow's font= sets headings, text and tables in the game's faces (heavy headings in the bold one)", () => {
    // Sheet notes are italic: the game declares an italic face too.
    const dir = makeFolder(`${FONTS_YAML}  - { family: ${FAMILY}, file: DejaVuSerif-Italic.ttf, style: italic }\n`);
    copyFileSync(join(DEJAVU, "DejaVuSerif-Italic.ttf"), join(dir.data, "eclipsed", "fonts", "DejaVuSerif-Italic.ttf"));
    const frame = join(dir.templates, "partials", "sheet-frame.hbs");
    const src = readFileSync(frame, "utf8");
    expect(src).toMatch(/\{\{\{flow sections /);
    // Hash arguments go after the positional ones.
    writeFileSync(frame, src.replace(/(\{\{\{flow sections [^}]*)\}\}\}/, `$1 font="${FAMILY}"}}}`));
    const game = load(dir);
    const sheet = game.components.find((c) => c.kind === "sheet")!;
    const side = renderSides(subset(game, 1, [sheet.id]), new TemplateSet(dir.templates)).sides.find((s) => s.side === "face")!;
    const runs = ownRuns(side.svg);
    expect(runs.some((r) => r.key.startsWith(`${FAMILY} 700 `))).toBe(true);
    expect(runs.some((r) => r.key.startsWith(`${FAMILY} 400 `))).toBe(true);
    expect(runs.length).toBeGreaterThan(20);
  });
});
