/**
 * Card art (issue 17): the `image` helper draws PNG, JPEG or SVG files from the data folder with
 * cover / contain fits and a crop box; PNGs show it, a PDF embeds a raster once however many
 * faces use it and keeps SVG art as vector; replacing an art file re-renders exactly the faces
 * that use it; bad paths are refused, missing files are located at their YAML line.
 */
import { describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { Resvg } from "@resvg/resvg-js";
import { PNG } from "pngjs";
import { PDFDocument, PDFName, PDFRawStream, PDFRef } from "pdf-lib";
import { renderFace, TemplateSet } from "../src/render/face";
import { buildGame, renderSides } from "../src/render/build";
import { buildGames } from "../src/pipeline/incremental";
import { WorkerPool } from "../src/pipeline/pool";
import type { RenderComponent, RenderGame } from "../src/render/types";
import { checkGame } from "../src/model/load";
import { formatDiagnostic } from "../src/model/diagnostics";
import { game, subset, templates as repoTemplates } from "./render-support";
import { tempData } from "./model/helpers";

const RED = [220, 20, 20];
const BLUE = [20, 20, 220];

/** A w×h PNG: left half red, right half blue; with `alpha`, the colours are half transparent. */
async function halves(w: number, h: number, alpha = false, colours = [RED, BLUE]): Promise<Buffer> {
  const ch = alpha ? 4 : 3;
  const px = Buffer.alloc(w * h * ch);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = x < w / 2 ? colours[0] : colours[1];
      const i = (y * w + x) * ch;
      px.set(c, i);
      if (alpha) px[i + 3] = 128;
    }
  }
  return sharp(px, { raw: { width: w, height: h, channels: ch } }).png().toBuffer();
}

const VECTOR_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 40 20">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#dc1414"/><stop offset="1" stop-color="#dc1414"/></linearGradient></defs>
  <rect x="0" y="0" width="20" height="20" fill="url(#g)"/><rect x="20" y="0" width="20" height="20" fill="#1414dc"/>
</svg>`;

interface Fixture {
  root: string;
  data: string;
  templates: TemplateSet;
  /** A game whose single card component draws `{{{image item.image …}}}` into a 20×20 mm box at (0,0). */
  game(items: { id: string; image?: string }[], hash?: string): RenderGame;
}

let fixtures = 0;
function fixture(): Fixture {
  const root = mkdtempSync(join(tmpdir(), "syzygy-art-"));
  const data = join(root, "data");
  const tpl = join(root, "templates");
  mkdirSync(join(data, "g", "art"), { recursive: true });
  mkdirSync(join(tpl, "g"), { recursive: true });
  const id = `artgame${fixtures++}`;
  mkdirSync(join(tpl, id), { recursive: true });
  const f: Fixture = {
    root,
    data,
    templates: new TemplateSet(tpl),
    game(items, hash = 'fit="cover"') {
      // A fresh set: a compiled template is cached by name.
      f.templates = new TemplateSet(tpl);
      writeFileSync(join(tpl, id, "face.svg.hbs"), `<rect x="-3" y="-3" width="26" height="26" fill="#ffffff"/>{{{image item.image 0 0 20 20 ${hash}}}}<text x="1" y="19" font-size="0.1">{{item.id}}</text>`);
      const component: RenderComponent = {
        id: "c",
        kind: "card",
        title: "C",
        width: 20,
        height: 20,
        shape: { type: "rect" },
        faceTemplate: "face",
        values: {},
        items: items.map((i) => ({ id: i.id, copies: 1, values: { image: i.image === undefined ? undefined : join(data, "g", i.image) } })),
      };
      return { id, title: "Art", values: {}, iconColors: {}, components: [component], assetRoots: [data] };
    },
  };
  return f;
}

/** The face's pixels at 10 px/mm (bleed 3 mm on each side, so the fixture's 20 mm box spans pixels 30..230). */
function pixels(svg: string, widthMm = 20): { at(xMm: number, yMm: number): number[] } {
  const png = PNG.sync.read(new Resvg(svg, { fitTo: { mode: "width", value: (widthMm + 6) * 10 } }).render().asPng());
  return {
    at(xMm, yMm) {
      const i = (Math.round((yMm + 3) * 10) * png.width + Math.round((xMm + 3) * 10)) * 4;
      return [...png.data.subarray(i, i + 3)];
    },
  };
}

const near = (got: number[], want: number[]) => got.every((v, i) => Math.abs(v - want[i]) <= 12);
const WHITE = [255, 255, 255];

function face(f: Fixture, g: RenderGame, item = 0): string {
  const component = g.components[0];
  return renderFace(f.templates, g, { component, item: component.items[item], side: "face" }).svg;
}

/** Image XObjects of a PDF: colour images, and the soft masks they point to. */
async function pdfImages(bytes: Buffer): Promise<{ images: { width: number; height: number; bytes: number }[]; masks: number }> {
  const doc = await PDFDocument.load(bytes);
  const images: { ref: string; width: number; height: number; bytes: number }[] = [];
  const masks = new Set<string>();
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream) || obj.dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) continue;
    images.push({ ref: ref.toString(), width: Number(obj.dict.get(PDFName.of("Width"))?.toString()), height: Number(obj.dict.get(PDFName.of("Height"))?.toString()), bytes: obj.contents.length });
    const mask = obj.dict.get(PDFName.of("SMask"));
    if (mask instanceof PDFRef) masks.add(mask.toString());
  }
  return { images: images.filter((i) => !masks.has(i.ref)), masks: masks.size };
}

describe("the image helper's fits", () => {
  it("cover fills the box and crops the sides of a wide picture", async () => {
    const f = fixture();
    writeFileSync(join(f.data, "g/art/wide.png"), await halves(40, 20));
    const p = pixels(face(f, f.game([{ id: "a", image: "art/wide.png" }])));
    // 40×20 px scaled to 20 mm high: the middle 20 mm (half red, half blue) fill the box.
    expect(near(p.at(1, 1), RED)).toBe(true);
    expect(near(p.at(1, 10), RED)).toBe(true);
    expect(near(p.at(19, 19), BLUE)).toBe(true);
    expect(near(p.at(19, 1), BLUE)).toBe(true);
    // Nothing is drawn outside the box (the picture's cropped sides stay hidden).
    expect(near(p.at(-1, 10), WHITE)).toBe(true);
    expect(near(p.at(21, 10), WHITE)).toBe(true);
  });

  it("contain fits the whole picture inside, centred, leaving the rest of the box empty", async () => {
    const f = fixture();
    writeFileSync(join(f.data, "g/art/wide.png"), await halves(40, 20));
    const p = pixels(face(f, f.game([{ id: "a", image: "art/wide.png" }], 'fit="contain"')));
    // 20 mm wide, 10 mm high, from y = 5 to 15.
    expect(near(p.at(10, 2), WHITE)).toBe(true);
    expect(near(p.at(10, 18), WHITE)).toBe(true);
    expect(near(p.at(1, 10), RED)).toBe(true);
    expect(near(p.at(19, 10), BLUE)).toBe(true);
  });

  it("a crop box shows only that part of the picture", async () => {
    const f = fixture();
    writeFileSync(join(f.data, "g/art/wide.png"), await halves(40, 20));
    const p = pixels(face(f, f.game([{ id: "a", image: "art/wide.png" }], 'fit="cover" crop="20 0 20 20"')));
    for (const [x, y] of [[1, 1], [10, 10], [19, 19]]) expect(near(p.at(x, y), BLUE)).toBe(true);
  });

  it("an SVG picture is drawn with its own gradients, fitted like a raster", () => {
    const f = fixture();
    writeFileSync(join(f.data, "g/art/wide.svg"), VECTOR_SVG);
    const g = f.game([{ id: "a", image: "art/wide.svg" }, { id: "b", image: "art/wide.svg" }], 'fit="contain"');
    const svg = face(f, g);
    expect(svg).not.toContain("<?xml");
    expect(svg).not.toContain("xlink");
    const p = pixels(svg);
    expect(near(p.at(10, 2), WHITE)).toBe(true);
    expect(near(p.at(1, 10), RED)).toBe(true);
    expect(near(p.at(19, 10), BLUE)).toBe(true);
  });

  it("a bad fit or crop is a template error naming the helper", async () => {
    const f = fixture();
    writeFileSync(join(f.data, "g/art/wide.png"), await halves(40, 20));
    expect(() => face(f, f.game([{ id: "a", image: "art/wide.png" }], 'fit="fill"'))).toThrow(/helper image: fit="fill" is no way to fit the picture \(for "fill" write fit="stretch"\); fit is one of cover, contain, stretch/);
    expect(() => face(f, f.game([{ id: "a", image: "art/wide.png" }], 'crop="0 0 -1 5"'))).toThrow(/helper image: crop must be "x y width height"/);
  });
});

describe("art in the PDF", () => {
  it("embeds a raster once, at its full size, however many cards use it", async () => {
    const f = fixture();
    // Transparent: pdfkit's own path would embed it only after an asynchronous inflate.
    writeFileSync(join(f.data, "g/art/wide.png"), await halves(64, 32, true));
    const g = f.game(["a", "b", "c", "d", "e"].map((id) => ({ id, image: "art/wide.png" })));
    const out = join(f.root, "out");
    await buildGame(g, { outDir: out, templates: f.templates, papers: ["a4"], png: false });
    const { images, masks } = await pdfImages(readFileSync(join(out, g.id, "print", `${g.id}-a4.pdf`)));
    expect(images).toEqual([{ ref: expect.any(String), width: 64, height: 32, bytes: expect.any(Number) }]);
    expect(images[0].bytes).toBeGreaterThan(0);
    expect(masks).toBe(1);
  }, 30_000);

  it("keeps SVG art as vector: no image XObject", async () => {
    const f = fixture();
    writeFileSync(join(f.data, "g/art/wide.svg"), VECTOR_SVG);
    const g = f.game(["a", "b"].map((id) => ({ id, image: "art/wide.svg" })));
    const out = join(f.root, "out");
    await buildGame(g, { outDir: out, templates: f.templates, papers: ["a4"], png: false });
    const bytes = readFileSync(join(out, g.id, "print", `${g.id}-a4.pdf`));
    expect((await pdfImages(bytes)).images).toEqual([]);
    // The SVG's blue rectangle is there as a fill colour.
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    let fills = 0;
    for (const [, obj] of doc.context.enumerateIndirectObjects()) {
      if (!(obj instanceof PDFRawStream)) continue;
      const text = Buffer.from((await import("pdf-lib")).decodePDFRawStream(obj).decode()).toString("latin1");
      if (/0\.07843\d* 0\.07843\d* 0\.86274\d* (rg|sc|scn)\b/.test(text)) fills++;
    }
    expect(fills).toBeGreaterThan(0);
  }, 30_000);
});

describe("Lunar Trick's card back carries its art", () => {
  it("the moon cards' back draws the emblem SVG, all vector (no raster for print-on-demand), and its pixels show it", () => {
    const g = subset(game("lunar-trick"), 1, ["moon-cards"]);
    const back = renderSides(g, repoTemplates()).sides.find((s) => s.key === "moon-cards/back");
    expect(back).toBeDefined();
    const svg = back!.svg;
    expect(svg).toMatch(/<svg x="16.75" y="29.45" width="30" height="30" viewBox="0 0 100 100" preserveAspectRatio="xMidYMid meet"/);
    expect(svg).not.toMatch(/<image\b/);
    expect(svg).toMatch(/clip-path="url\(#art[0-9a-f]{8}-disc\)"/);
    const without = { ...g, components: g.components.map((c) => ({ ...c, values: { ...c.values, image: undefined } })) };
    const plain = renderSides(without, repoTemplates()).sides.find((s) => s.key === "moon-cards/back")!.svg;
    const a = pixels(svg, 63.5);
    const b = pixels(plain, 63.5);
    // Inside the emblem's disc the art differs from the plain back; far outside it, nothing changed.
    expect(a.at(31.75 - 10, 44.45)).not.toEqual(b.at(31.75 - 10, 44.45));
    expect(a.at(2, 2)).toEqual(b.at(2, 2));
  });
});

describe("replacing an art file", () => {
  it("re-renders exactly the faces that use it, and their pixels change", async () => {
    const f = fixture();
    writeFileSync(join(f.data, "g/art/a.png"), await halves(8, 8));
    writeFileSync(join(f.data, "g/art/b.png"), await halves(8, 8, false, [BLUE, BLUE]));
    const g = f.game([{ id: "one", image: "art/a.png" }, { id: "two", image: "art/b.png" }, { id: "three", image: "art/a.png" }, { id: "plain" }]);
    const out = join(f.root, "out");
    const pool = new WorkerPool(1);
    try {
      const build = async () => (await buildGames([{ game: g, templates: f.templates }], { outDir: out, papers: ["a4"], png: true, pool }))[0];
      await build();
      const before = readFileSync(join(out, g.id, "cards/c/one.png"));
      expect((await build()).changedFaces).toEqual([]);
      writeFileSync(join(f.data, "g/art/a.png"), await halves(8, 8, false, [[20, 200, 20], [20, 200, 20]]));
      const r = await build();
      expect([...r.changedFaces].sort()).toEqual(["c/one", "c/three"]);
      expect(r.rasterized).toBe(2);
      const after = readFileSync(join(out, g.id, "cards/c/one.png"));
      expect(after.equals(before)).toBe(false);
      const centre = PNG.sync.read(after);
      const i = (Math.floor(centre.height / 2) * centre.width + Math.floor(centre.width / 2)) * 4;
      expect(near([...centre.data.subarray(i, i + 3)], [20, 200, 20])).toBe(true);
    } finally {
      await pool.close();
    }
  }, 60_000);
});

describe("bad art paths", () => {
  it("a path that leads outside the data folder is refused, also through a symbolic link", async () => {
    const f = fixture();
    const outside = join(f.root, "outside");
    mkdirSync(outside);
    writeFileSync(join(outside, "secret.png"), await halves(4, 4));
    symlinkSync(join(outside, "secret.png"), join(f.data, "g/art/link.png"));
    expect(() => face(f, f.game([{ id: "a", image: "art/link.png" }]))).toThrow(/leads outside the templates and data folders/);
    expect(() => face(f, f.game([{ id: "a", image: "../../outside/secret.png" }]))).toThrow(/leads outside the templates and data folders/);
  });

  it("an SVG with a script is refused", () => {
    const f = fixture();
    writeFileSync(join(f.data, "g/art/bad.svg"), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><script>alert(1)</script></svg>`);
    expect(() => face(f, f.game([{ id: "a", image: "art/bad.svg" }]))).toThrow(/the SVG cannot be drawn: .*bad\.svg:\d+:\d+: it contains a <script> element/);
  });

  it("missing or unreadable art in the YAML is a located error at the image: line", () => {
    const LT_GAME = "lunar-trick/game.yaml";
    const t = tempData();
    const text = t.read(LT_GAME);
    expect(text).toContain("    image: images/moon-emblem.svg\n");
    t.write(LT_GAME, text.replace("    image: images/moon-emblem.svg\n", "    image: images/gone.svg\n"));
    const problems = checkGame(t.data, "lunar-trick").diagnostics.map(formatDiagnostic);
    expect(problems).toEqual([expect.stringContaining(`${t.loc(LT_GAME, "image: images/gone.svg", 7)}: components[0].image: asset "images/gone.svg" not found`)]);
    writeFileSync(t.path("lunar-trick/images/gone.svg"), "no picture here\n");
    const unreadable = checkGame(t.data, "lunar-trick").diagnostics.map(formatDiagnostic);
    expect(unreadable).toEqual([`${t.loc(LT_GAME, "image: images/gone.svg", 7)}: components[0].image: asset "images/gone.svg" cannot be drawn: it is not a PNG, JPEG or SVG image; point it at a PNG, JPEG or SVG file`]);
  });
});
