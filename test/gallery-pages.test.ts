/**
 * The gallery's thumbnails of the printed pages (issue 14, item 7): drawn from the page model the
 * PDF writer draws, they must show what the PDF prints, page by page and in the PDF's order (a
 * page-order problem shows), and a rebuild re-makes only the pages whose content changed. The
 * PDF is rendered with pdfjs-dist (@napi-rs/canvas) at the thumbnails' resolution and compared
 * pixel by pixel.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { printPages, renderSides, type RenderedSide } from "../src/render/build";
import { DEFAULT_PRINT, PAPERS, type Page, type Paper, type PrintOptions } from "../src/render/page";
import { writePdf } from "../src/render/pdf";
import { sha256 } from "../src/hash";
import { buildGames } from "../src/pipeline/incremental";
import { TemplateSet } from "../src/render/face";
import { forgetThumbnailFaces, PAGES_DIR, SMALL_FACE_BYTES, thumbnailFaceBytes, writePageThumbs, type PageThumbsResult } from "../src/gallery/page-thumbs";

/** The drawing is compared with the PDF at 2 px/mm: at the gallery's 1 px/mm antialiasing swamps the geometry. */
const THUMB_PX_PER_MM = 2;
import { writeGallery } from "../src/gallery/write";
import { PT_PER_MM, type RenderGame } from "../src/render/types";
import { TEMPLATES, game, subset, tempDir, templates } from "./render-support";

interface Gray {
  width: number;
  height: number;
  data: Uint8Array;
}

async function grayOf(png: Buffer): Promise<Gray> {
  const { data, info } = await sharp(png).flatten({ background: "#ffffff" }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** Mean absolute difference of two grey images (0–255), compared over their common area. */
function diff(a: Gray, b: Gray): number {
  const w = Math.min(a.width, b.width);
  const h = Math.min(a.height, b.height);
  let sum = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) sum += Math.abs(a.data[y * a.width + x] - b.data[y * b.width + x]);
  return sum / (w * h);
}

/** The largest mean difference over blocks of 10 mm: a wrong piece shows even on a big page. */
function worstBlock(a: Gray, b: Gray, block = 10 * THUMB_PX_PER_MM): number {
  let worst = 0;
  const w = Math.min(a.width, b.width);
  const h = Math.min(a.height, b.height);
  for (let by = 0; by < h; by += block) {
    for (let bx = 0; bx < w; bx += block) {
      let sum = 0;
      let n = 0;
      for (let y = by; y < Math.min(h, by + block); y++) for (let x = bx; x < Math.min(w, bx + block); x++, n++) sum += Math.abs(a.data[y * a.width + x] - b.data[y * b.width + x]);
      worst = Math.max(worst, sum / n);
    }
  }
  return worst;
}

/** Every page of a PDF rendered by pdfjs-dist at the thumbnails' pixels per mm. */
async function renderPdf(bytes: Buffer): Promise<Gray[]> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
  const out: Gray[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const viewport = page.getViewport({ scale: THUMB_PX_PER_MM / PT_PER_MM });
    const factory = (doc as unknown as { canvasFactory: { create(w: number, h: number): { canvas: { toBuffer(t: string): Buffer }; context: unknown } } }).canvasFactory;
    const { canvas, context } = factory.create(Math.round(viewport.width), Math.round(viewport.height));
    await page.render({ canvasContext: context as never, viewport, canvas: canvas as never }).promise;
    out.push(await grayOf(canvas.toBuffer("image/png")));
  }
  await doc.destroy();
  return out;
}

/** Each thumbnail is close to its own PDF page and farther from every page that prints something else. */
async function expectLikePdf(g: RenderGame, sides: RenderedSide[], pages: Page[], paper: Paper, thumbFiles: string[]): Promise<void> {
  const art = new Map(sides.map((s) => [s.key, s.svg]));
  const pdf = await writePdf(pages, art, { title: g.title, footer: g.title, paper, duplex: "long" });
  const printed = await renderPdf(pdf);
  const thumbs = await Promise.all(thumbFiles.map((f) => grayOf(readFileSync(f))));
  expect(thumbs.length).toBe(printed.length);
  for (const [i, thumb] of thumbs.entries()) {
    expect([thumb.width, thumb.height]).toEqual([printed[i].width, printed[i].height]);
    // Close to its own page on average (measured 0.2–6: footer text and anti-aliasing differ;
    // the same page one pixel off measures 7–11)…
    const own = diff(thumb, printed[i]);
    expect(own, `${g.id} page ${i + 1}`).toBeLessThan(8);
    // …everywhere on it (measured ≤ 33, at the footer text; a tile showing the wrong part of its
    // board, or a slice turned the wrong way, measures 100 and more)…
    expect(worstBlock(thumb, printed[i]), `${g.id} page ${i + 1}`).toBeLessThan(60);
    // …and farther from every page that prints something else: the order is the PDF's.
    for (const [j, other] of printed.entries()) {
      if (diff(printed[i], other) > 3 * own + 2) expect(diff(thumb, other), `${g.id} page ${i + 1} vs ${j + 1}`).toBeGreaterThan(own);
    }
  }
}

/** Same viewBox, art that shows every turn and mirror: grey, a black top-left quarter, a black dot lower right. */
function standIn(svg: string): string {
  const [x, y, w, h] = /viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg)!.slice(1).map(Number);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${x} ${y} ${w} ${h}">` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#999999"/><rect x="${x}" y="${y}" width="${w / 2}" height="${h / 2}" fill="#000000"/>` +
    `<circle cx="${x + (3 * w) / 4}" cy="${y + (3 * h) / 4}" r="${Math.min(w, h) / 8}" fill="#000000"/></svg>`
  );
}

function facesOn(page: Page): Set<string> {
  return new Set(page.placements.map((p) => p.face));
}

describe("page thumbnails", () => {
  // Cards with backs, tokens (discs and pie slices, backs rotated), a sheet, one-sided pages.
  const g = subset(game("lunar-trick"), 2);
  const out = tempDir("gallery-pages");
  const gameDir = join(out, g.id);
  let sides: RenderedSide[];
  let hashes: Map<string, string>;
  let pages: Page[];
  let first: PageThumbsResult;

  beforeAll(async () => {
    sides = renderSides(g, templates()).sides;
    hashes = new Map(sides.map((s) => [s.key, sha256(s.svg)]));
    pages = printPages(g, PAPERS.a4, DEFAULT_PRINT);
    first = await writePageThumbs({ gameDir, papers: [{ paper: "a4", pages }], sides, hashes, pxPerMm: THUMB_PX_PER_MM });
  }, 60_000);

  it("show what the PDF prints, page by page, in the PDF's order", async () => {
    expect(new Set(pages.map((p) => p.side))).toEqual(new Set(["front", "back", "blank"]));
    await expectLikePdf(g, sides, pages, PAPERS.a4, first.papers[0].pages.map((t) => join(gameDir, t.file)));
  }, 60_000);

  it("follow the layout options and tiled boards: Letter, --bleed, short-edge duplex, a board wider than the paper", async () => {
    // The Eclipsed meter track stretched to 400 mm: printed as tiles (windows into its art).
    const eclipsed = subset(game("eclipsed"), 1, ["meter-track", "meter-marker"]);
    const wide: RenderGame = { ...eclipsed, components: eclipsed.components.map((c) => (c.kind === "board" ? { ...c, width: 400 } : c)) };
    const cases: [RenderGame, Partial<PrintOptions>][] = [
      [subset(game("lunar-trick"), 1, ["moon-cards", "moon-markers", "point-tokens"]), { bleedLayout: true, duplex: "short" }],
      [wide, {}],
    ];
    for (const [game, print] of cases) {
      const gameSides = renderSides(game, templates()).sides;
      const gamePages = printPages(game, PAPERS.letter, { ...DEFAULT_PRINT, ...print });
      const made = await writePageThumbs({
        gameDir: join(out, `${game.id}-case`),
        papers: [{ paper: "letter", pages: gamePages }],
        sides: gameSides,
        hashes: new Map(gameSides.map((x) => [x.key, sha256(x.svg)])),
        pxPerMm: THUMB_PX_PER_MM,
      });
      await expectLikePdf(game, gameSides, gamePages, PAPERS.letter, made.papers[0].pages.map((t) => join(out, `${game.id}-case`, t.file)));
    }
    expect(printPages(wide, PAPERS.letter, DEFAULT_PRINT).some((p) => p.placements.some((pl) => pl.window !== undefined))).toBe(true);
  }, 60_000);

  it("turn, clip and place the art as the PDF does (high-contrast stand-in art: rotated slices, mirrored backs, tiles)", async () => {
    // The real art is pale where pieces differ most (a cream slice on white paper): stand-in art
    // with a black corner makes a wrong turn, mirror or offset show.
    const eclipsed = subset(game("eclipsed"), 1, ["meter-track", "meter-marker"]);
    const cases: [RenderGame, Partial<PrintOptions>][] = [
      [subset(game("lunar-trick"), 1, ["moon-cards", "moon-markers", "point-tokens"]), {}],
      [subset(game("lunar-trick"), 1, ["point-tokens"]), { duplex: "short" }],
      [{ ...eclipsed, components: eclipsed.components.map((c) => (c.kind === "board" ? { ...c, width: 400 } : c)) }, {}],
    ];
    for (const [n, [game, print]] of cases.entries()) {
      const gameSides = renderSides(game, templates()).sides.map((x) => ({ ...x, svg: standIn(x.svg) }));
      const gamePages = printPages(game, PAPERS.a4, { ...DEFAULT_PRINT, ...print });
      const dir = join(out, `stand-in-${n}`);
      const made = await writePageThumbs({ gameDir: dir, papers: [{ paper: "a4", pages: gamePages }], sides: gameSides, hashes: new Map(gameSides.map((x) => [x.key, sha256(x.svg)])), pxPerMm: THUMB_PX_PER_MM });
      await expectLikePdf(game, gameSides, gamePages, PAPERS.a4, made.papers[0].pages.map((t) => join(dir, t.file)));
    }
  }, 60_000);

  it("are re-made only for pages whose content changed", async () => {
    const again = await writePageThumbs({ gameDir, papers: [{ paper: "a4", pages }], sides, hashes, pxPerMm: THUMB_PX_PER_MM });
    expect(again.made).toEqual([]);
    expect(again.papers).toEqual(first.papers);
    // One card's art changes: only the pages that place it get new thumbnails.
    const edited = sides.find((s) => s.component.kind === "card" && s.side === "face")!;
    const sides2 = sides.map((s) => (s === edited ? { ...s, svg: s.svg.replace("</svg>", `<rect x="0" y="0" width="20" height="20" fill="#f00"/></svg>`) } : s));
    const hashes2 = new Map(sides2.map((s) => [s.key, sha256(s.svg)]));
    const edit = await writePageThumbs({ gameDir, papers: [{ paper: "a4", pages }], sides: sides2, hashes: hashes2, pxPerMm: THUMB_PX_PER_MM });
    const changed = pages.map((p, i) => (facesOn(p).has(edited.key) ? i : -1)).filter((i) => i >= 0);
    expect(changed.length).toBeGreaterThan(0);
    expect(edit.made.length).toBe(new Set(changed.map((i) => edit.papers[0].pages[i].file)).size);
    for (const [i, t] of edit.papers[0].pages.entries()) {
      expect(t.file === first.papers[0].pages[i].file, `page ${i + 1}`).toBe(!changed.includes(i));
    }
    // The gallery shows the new set; thumbnails of the old pages go once it is written.
    writeGallery(g, sides2, { outDir: out, png: false, hashes: hashes2, pdfs: [], pages: edit.papers });
    const kept = new Set(readdirSync(join(gameDir, PAGES_DIR)).map((f) => `${PAGES_DIR}/${f}`));
    expect(kept).toEqual(new Set(edit.papers[0].pages.map((t) => t.file)));
    // The faces drawn for them stay for the next build (watch), within a budget, until a one-shot build forgets them (issue 28).
    expect(thumbnailFaceBytes()).toBeGreaterThan(0);
    expect(thumbnailFaceBytes()).toBeLessThanOrEqual(SMALL_FACE_BYTES * 8);
    forgetThumbnailFaces();
    expect(thumbnailFaceBytes()).toBe(0);
  }, 60_000);

  it("are listed in the gallery in print order, with page number, side and label", () => {
    const html = readFileSync(join(gameDir, "index.html"), "utf8");
    const listed = [...html.matchAll(/<li class="page [a-z]+" data-page="(\d+)" data-side="([a-z]+)"><a href="([^"]+)">/g)].map((m) => ({ n: Number(m[1]), side: m[2], file: m[3] }));
    expect(listed.map((l) => l.n)).toEqual(pages.map((_, i) => i + 1));
    expect(listed.map((l) => l.side)).toEqual(pages.map((p) => p.side));
    for (const l of listed) expect(existsSync(join(gameDir, l.file))).toBe(true);
    for (const p of pages.filter((x) => x.label !== "")) expect(html).toContain(p.label.replace(/&/g, "&#38;"));
  });
});

describe("page thumbnails in a build", () => {
  it("the PNG-only pass of watch shows the pages the PDFs will have; a one-card edit re-makes only its pages", async () => {
    const out = tempDir("gallery-pages-build");
    const g = subset(game("lunar-trick"), 1);
    const tpl = new TemplateSet(TEMPLATES);
    const opts = { outDir: out, png: false, papers: [], galleryPapers: ["a4" as const, "letter" as const] };
    await buildGames([{ game: g, templates: tpl }], opts);
    const dir = join(out, g.id, PAGES_DIR);
    const before = new Set(readdirSync(dir));
    const html = readFileSync(join(out, g.id, "index.html"), "utf8");
    const a4 = printPages(g, PAPERS.a4, DEFAULT_PRINT);
    const letter = printPages(g, PAPERS.letter, DEFAULT_PRINT);
    expect([...html.matchAll(/<li class="page /g)].length).toBe(a4.length + letter.length);
    for (const name of before) expect(html).toContain(`${PAGES_DIR}/${name}`);

    const card = g.components.find((c) => c.kind === "card")!;
    const item = card.items[0];
    const edited: RenderGame = { ...g, components: g.components.map((c) => (c === card ? { ...c, items: [{ ...item, values: { ...item.values, name: "Edited name" } }, ...c.items.slice(1)] } : c)) };
    await buildGames([{ game: edited, templates: tpl }], opts);
    const after = new Set(readdirSync(dir));
    const key = `${card.id}/${item.id}`;
    const placing = [...a4, ...letter].filter((p) => facesOn(p).has(key)).length;
    const gone = [...before].filter((f) => !after.has(f));
    const added = [...after].filter((f) => !before.has(f));
    expect(added.length).toBeGreaterThan(0);
    expect(added.length).toBeLessThanOrEqual(placing);
    expect(gone.length).toBe(added.length);
    const unchanged = [...a4, ...letter].filter((p) => !facesOn(p).has(key)).length;
    expect([...after].filter((f) => before.has(f)).length).toBeGreaterThan(0);
    expect([...after].filter((f) => before.has(f)).length).toBeLessThanOrEqual(unchanged);
  }, 60_000);
});

