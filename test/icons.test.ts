/**
 * A game's own icons (data/<game>/icons/*.svg): `:name:` tokens and the icon helper draw them as
 * vector art sized and coloured to the text; an unknown token is a located error with a
 * suggestion; unsafe SVG is refused; editing an icon rebuilds exactly the faces that draw it; and
 * no game's symbols are left in the renderer. Each test works on a copy of the data folder.
 */
import { afterAll, describe, expect, it } from "vitest";
import { cpSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PNG } from "pngjs";
import { checkGame } from "../src/model/load";
import { formatDiagnostic } from "../src/model/diagnostics";
import { renderGameFrom } from "../src/render/source";
import { renderFace } from "../src/render/face";
import { renderSides } from "../src/render/build";
import { svgToPng } from "../src/render/png";
import { directPlan, recordArt, serializeArt } from "../src/render/pdf-art";
import { buildGames } from "../src/pipeline/incremental";
import { HELPERS } from "../src/render/helpers";
import { WorkerPool } from "../src/pipeline/pool";
import type { RenderGame } from "../src/render/types";
import { DATA, REPO, TEMPLATES, subset, tempDir, templates } from "./render-support";
import { DATA_GAMES } from "./games";
import { run } from "./cli-support";

/** A copy of one game's data folder, to edit freely. */
function copyGame(id: string): string {
  const data = tempDir("icons");
  cpSync(join(DATA, id), join(data, id), { recursive: true });
  return data;
}

function check(data: string, id: string) {
  return checkGame(data, id, { templatesDir: TEMPLATES });
}

function load(data: string, id: string): RenderGame {
  const r = check(data, id);
  if (r.model === undefined) throw new Error(r.diagnostics.map(formatDiagnostic).join("\n"));
  return renderGameFrom(r.model);
}

/** Replaces `from` with `to` in a data file (exactly once). */
function editFile(file: string, from: string, to: string): void {
  const text = readFileSync(file, "utf8");
  expect(text.split(from).length, `${from} once in ${file}`).toBe(2);
  writeFileSync(file, text.replace(from, to));
}

/** A square in a 24-unit viewBox: its drawn size and place are easy to check. */
const FLAME = `<?xml version="1.0"?>
<!-- a test icon -->
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
  <rect x="2" y="2" width="20" height="20" fill="currentColor"/>
</svg>
`;

describe("a game's own icon", () => {
  it("a :name: token draws the file's geometry, sized to the text and in its colour, and shows in the pixels", async () => {
    const data = copyGame("eclipsed");
    writeFileSync(join(data, "eclipsed/icons/flame.svg"), FLAME);
    // Feather/Lucide style: the paint is set on the root <svg>.
    writeFileSync(join(data, "eclipsed/icons/ring.svg"), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><circle cx="12" cy="12" r="9"/></svg>`);
    editFile(join(data, "eclipsed/deck.yaml"), "Edict: Each meld with a :solar: card +2 pts.", "Edict: :flame: melds +2 pts. :ring:");
    const g = load(data, "eclipsed");
    const component = g.components.find((c) => c.id === "cards")!;
    const item = component.items.find((i) => String(i.values.text).includes(":flame:"))!;
    const face = renderFace(templates(), g, { component, item, side: "face" });
    expect(face.svg).not.toContain(":flame:");
    // The file's geometry, inlined, recoloured with the card's text colour and centred on the viewBox.
    const textColour = String((item.values.colours as Record<string, string>).text);
    const m = /<g transform="translate\(([\d.]+) ([\d.]+)\) scale\(([\d.]+)\) translate\(-12 -12\)"><rect x="2" y="2" width="20" height="20" fill="([^"]+)"\/><\/g>/.exec(face.svg);
    expect(m, "the icon's rect, placed and scaled").not.toBeNull();
    const [cx, cy, scale] = [Number(m![1]), Number(m![2]), Number(m![3])];
    expect(m![4]).toBe(textColour);
    // Sized to the text: 0.95 em wide at the card text's size (2.9 mm, or less when shrunk to fit).
    const iconMm = scale * 24;
    expect(iconMm).toBeGreaterThan(2.1 * 0.95 - 1e-6);
    expect(iconMm).toBeLessThanOrEqual(2.9 * 0.95 + 0.015); // the scale is written to 3 decimals
    // Rasterised: the icon's centre is the text colour, on a light card.
    const png = PNG.sync.read(await svgToPng(face.svg, component.width + 2 * 3.175, 150));
    const pxPerMm = png.width / (component.width + 2 * 3.175);
    const at = (x: number, y: number): number[] => {
      const i = (Math.round((y + 3.175) * pxPerMm) * png.width + Math.round((x + 3.175) * pxPerMm)) * 4;
      return [png.data[i], png.data[i + 1], png.data[i + 2]];
    };
    const rgb = [1, 3, 5].map((k) => parseInt(textColour.slice(k, k + 2), 16));
    at(cx, cy).forEach((v, k) => expect(Math.abs(v - rgb[k])).toBeLessThan(12));
    // Just outside the square (its half size is 10/24 of the icon) the card shows through.
    const outside = at(cx + iconMm * 0.6, cy);
    expect(Math.min(...outside)).toBeGreaterThan(150);
    // Root paint attributes carry over, recoloured.
    expect(face.svg).toContain(`<g fill="none" stroke="${textColour}" stroke-width="2"><circle cx="12" cy="12" r="9"/></g>`);
    // PDF: the face stays in the direct converter's subset and records what svg-to-pdfkit records (vector paths).
    expect(directPlan(face.svg)).toBeDefined();
    expect(serializeArt(recordArt(face.svg))).toBe(serializeArt(recordArt(face.svg, "svg-to-pdfkit")));
  });

  it("a file named like a generic icon replaces it (the players helper draws the game's person.svg)", () => {
    const data = copyGame("solar-eclipse");
    writeFileSync(join(data, "solar-eclipse/icons/person.svg"), FLAME.replace('fill="currentColor"', 'fill="currentColor" data-test="own-person"'));
    const g = load(data, "solar-eclipse");
    const svgs = renderSides(g, templates()).sides.map((side) => side.svg);
    const own = svgs.filter((s) => s.includes('data-test="own-person"'));
    expect(own.length).toBeGreaterThan(0);
    expect(svgs.some((s) => s.includes('<circle cy="-0.55" r="0.38"'))).toBe(false);
  });
});

describe("unknown :name: tokens", () => {
  it("are located errors naming the token and the closest icon", () => {
    const data = copyGame("eclipsed");
    const deck = join(data, "eclipsed/deck.yaml");
    editFile(deck, "Edict: Each meld with a :solar: card +2 pts.", "Edict: Each meld with a :solr: card +2 pts.");
    const r = check(data, "eclipsed");
    expect(r.model).toBeUndefined();
    const d = r.diagnostics.filter((x) => x.code === "unknown-icon");
    expect(d).toHaveLength(1);
    const line = readFileSync(deck, "utf8").split("\n").findIndex((l) => l.includes(":solr:")) + 1;
    expect(d[0].location.file).toMatch(/eclipsed\/deck\.yaml$/);
    expect(d[0].location.line).toBe(line);
    expect(d[0].location.col).toBeGreaterThan(1);
    expect(d[0].message).toContain('"solr"');
    expect(d[0].message).toContain('did you mean "solar"');
  });

  it("one error per missing icon, listing every card that uses it (not one per card)", () => {
    const data = copyGame("eclipsed");
    const deck = join(data, "eclipsed/deck.yaml");
    writeFileSync(deck, readFileSync(deck, "utf8").replace(/Each meld with a :solar: card \+([234]) pts\./g, "Each meld with a :moon: card +$1 pts."));
    const d = check(data, "eclipsed").diagnostics.filter((x) => x.code === "unknown-icon");
    expect(d).toHaveLength(1);
    expect(d[0].message).toContain('unknown icon "moon", used by solar-2, solar-3, solar-4: icons are SVG files in');
    expect(d[0].message).toContain("`syzygy icons eclipsed` makes a placeholder");
  });

  it("{name} and [name] naming no icon are warnings (they may be plain text), one per name; the game still loads", () => {
    const data = copyGame("eclipsed");
    const deck = join(data, "eclipsed/deck.yaml");
    writeFileSync(deck, readFileSync(deck, "utf8").replace("card +2 pts.", "card +2 {solr}.").replace("card +3 pts.", "card +3 [solr] [1].").replace("card +4 pts.", "card +4 {solar}."));
    const r = check(data, "eclipsed");
    expect(r.diagnostics.map(formatDiagnostic)).toEqual([]);
    expect(r.model?.warnings?.map((w) => [w.code, w.message])).toEqual([
      ["unknown-icon", 'text: {solr} names no icon, so it prints as typed; used by solar-2, solar-3. To draw an icon there, add ' + `${join(data, "eclipsed", "icons")}/solr.svg (\`syzygy icons eclipsed\` makes a placeholder; there now: arc.svg, bolt.svg, snowflake.svg, solar.svg, solar-eclipse.svg, stasis.svg, sun.svg, trick.svg, void.svg) (did you mean "solar"?)`],
    ].map(([code, m]) => [code, m.replace(/^text: /, "")]));
    expect(r.missingIcons).toEqual(["solr"]);
  });

  it("syzygy icons <game> writes a placeholder for each token without a file, never over a drawing, and the game builds", async () => {
    const data = copyGame("eclipsed");
    const deck = join(data, "eclipsed/deck.yaml");
    writeFileSync(deck, readFileSync(deck, "utf8").replace("card +2 pts.", "card +2 :moon:.").replace("card +3 pts.", "card +3 {tide} [wave]."));
    expect(check(data, "eclipsed").model).toBeUndefined();
    const drawn = readFileSync(join(data, "eclipsed/icons/solar.svg"), "utf8");
    const r = await run("icons", "eclipsed", "--data", data);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("eclipsed: 3 placeholder icons in");
    expect(r.out).toMatch(/moon\.svg\n {2}tide\.svg\n {2}wave\.svg\n/);
    const after = check(data, "eclipsed");
    expect(after.diagnostics.map(formatDiagnostic)).toEqual([]);
    expect(after.model?.warnings).toEqual([]);
    expect(readFileSync(join(data, "eclipsed/icons/solar.svg"), "utf8")).toBe(drawn);
    const svg = renderSides(renderGameFrom(after.model!), templates()).sides.find((x) => x.key === "cards/solar-3")!.svg;
    expect(svg).not.toContain("{tide}");
    expect(svg).not.toContain("[wave]");
    const again = await run("icons", "eclipsed", "--data", data);
    expect(again.out).toContain("every icon token has its file");
    const named = await run("icons", "eclipsed", "star", "--data", data);
    expect(named.out).toMatch(/1 placeholder icon in .*\n {2}star\.svg/);
    expect((await run("icons", "eclipsed", "Bad Name", "--data", data)).code).toBe(2);
  });

  it("in a template, an unknown icon name fails the face with the closest name", () => {
    const icons = check(DATA, "eclipsed").model!.icons;
    const data = { where: "eclipsed/cards/solar-2", warnings: [], iconColors: {}, icons };
    expect(String(HELPERS.icon("solar", 5, 5, 4, "#123456", { data }))).toContain('fill="#123456"');
    expect(() => HELPERS.icon("solr", 5, 5, 4, "#000000", { data })).toThrow(/unknown icon "solr" \(did you mean "solar"\?\)/);
  });

  it("the shipped games use only icons they have", () => {
    for (const id of DATA_GAMES) {
      expect(check(DATA, id).diagnostics.filter((d) => d.code === "unknown-icon")).toEqual([]);
    }
  });
});

describe("unsafe or broken icon files are refused with the file named", () => {
  const cases: [string, string, RegExp][] = [
    ["script", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2">\n<script>alert(1)</script><rect width="2" height="2"/></svg>`, /<script>/],
    ["onload", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2" onload="alert(1)"><rect width="2" height="2"/></svg>`, /event attribute/],
    ["external href", `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 2 2"><use xlink:href="http://example.com/a.svg#x"/></svg>`, /link to another file/],
    ["image", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><image href="#x" width="2" height="2"/></svg>`, /<image>/],
    ["foreignObject", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><foreignObject><p>x</p></foreignObject></svg>`, /<foreignObject>/],
    ["external url()", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="2" height="2" fill="url(http://example.com/p)"/></svg>`, /url\(\)/],
    ["no viewBox", `<svg xmlns="http://www.w3.org/2000/svg"><rect width="2" height="2"/></svg>`, /viewBox/],
    ["not svg", `<html><body/></html>`, /not an SVG file/],
  ];
  for (const [what, text, message] of cases) {
    it(what, () => {
      const data = copyGame("solar-eclipse");
      writeFileSync(join(data, "solar-eclipse/icons/bad.svg"), text);
      const r = check(data, "solar-eclipse");
      expect(r.model).toBeUndefined();
      const d = r.diagnostics.filter((x) => x.code === "icon-invalid");
      expect(d).toHaveLength(1);
      expect(d[0].location.file).toMatch(/solar-eclipse\/icons\/bad\.svg$/);
      expect(d[0].location.line).toBeGreaterThanOrEqual(1);
      expect(d[0].message).toMatch(message);
    });
  }

  it("a file too large is refused before it is read", () => {
    const data = copyGame("solar-eclipse");
    writeFileSync(join(data, "solar-eclipse/icons/huge.svg"), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><!--${"x".repeat(1024 * 1024)}--></svg>`);
    const d = check(data, "solar-eclipse").diagnostics;
    expect(d.map((x) => x.code)).toEqual(["file-too-large"]);
    expect(d[0].location.file).toMatch(/icons\/huge\.svg$/);
  });
});

describe("editing an icon file rebuilds exactly the faces that draw it", () => {
  const pool = new WorkerPool(2);
  afterAll(() => pool.close());

  it("changed faces (and rasterised PNGs) are those whose SVG held the icon", async () => {
    const data = copyGame("lunar-trick");
    const out = tempDir("icons-build");
    const build = async (g: RenderGame) => (await buildGames([{ game: g, templates: templates() }], { outDir: out, papers: ["a4"], png: true, pool }))[0];
    const pick = (g: RenderGame): RenderGame => subset(g, 1, ["trump-status", "dividers", "point-tokens"]);
    const before = pick(load(data, "lunar-trick"));
    await build(before);
    // Falling's drawing (data/lunar-trick/icons/falling.svg): which faces draw it now?
    const fallingPath = "M0 -1A1 1 0 0 0 0 1A0.55 1 0 0 1 0 -1Z";
    const users = renderSides(before, templates()).sides.filter((s) => s.svg.includes(fallingPath));
    expect(users.length).toBeGreaterThan(0);
    expect(users.length).toBeLessThan(renderSides(before, templates()).sides.length);

    editFile(join(data, "lunar-trick/icons/falling.svg"), fallingPath, "M0 -1L1 1L-1 1Z");
    const after = pick(load(data, "lunar-trick"));
    const r = await build(after);
    expect([...r.changedFaces].sort()).toEqual([...new Set(users.map((s) => s.key))].sort());
    expect(r.rasterized).toBe(new Set(renderSides(after, templates()).sides.filter((s) => s.svg.includes("M0 -1L1 1L-1 1Z")).map((s) => s.svg)).size);
  }, 60_000);
});

describe("the renderer holds no game's symbols", () => {
  it("no game symbol id appears in src/render", () => {
    // Words that are nothing but symbol names may not appear at all; "void" and "arc" are also
    // TypeScript and geometry words, so for them only a string or an object key counts.
    const anywhere = /\b(solar|stasis|rising|falling|lunar-eclipse|solar-eclipse)\b/i;
    const asName = /(["'`])(void|arc)\1|(?:^|[{,]\s*)(void|arc)\s*:/m;
    const dir = join(REPO, "src/render");
    const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));
    expect(files).toContain("icons.ts");
    for (const file of files) {
      const text = readFileSync(join(dir, file), "utf8");
      expect(anywhere.exec(text)?.[0], `a game symbol in src/render/${file}`).toBeUndefined();
      expect(asName.exec(text)?.[0], `a game symbol in src/render/${file}`).toBeUndefined();
    }
  });
});
