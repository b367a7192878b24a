/**
 * Issue 39.2: a TTS deck sheet's cells are drawn from the faces' SVG at the cell's own size
 * (src/tts/cell-svg.ts), not from the 300-dpi print PNG trimmed and resized. The cell shows the
 * same trimmed card — the same picture to within JPEG and resampling noise — and is at least as
 * near the ideal picture (the SVG drawn 4× as large and averaged down) as the resized PNG; a root the rewrite does not know keeps the PNG path.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { cellSvg } from "../../src/tts/cell-svg";
import { bleedPx, cardImage, chooseGrid, composeSheet, type CardImage, type Grid } from "../../src/tts/sheets";
import { rasteriseRgb } from "../../src/render/raster-core.mjs";
import { fontFilesFor } from "../../src/render/fonts";
import { loadGame } from "../../src/model/load";
import { renderGameFrom } from "../../src/render/source";
import { TemplateSet } from "../../src/render/face";
import { renderSides, type RenderedSide } from "../../src/render/build";
import { svgToPng } from "../../src/render/png";
import { BLEED_MM } from "../../src/render/types";
import { ROOT } from "../cli-support";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-tts-cells-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
/** Set to a folder to keep the sheets both ways, to look at them side by side. */
const SHOW = process.env.SYZYGY_SHOW_CELLS;

const TRIM = { bleed: 37, width: 825, height: 1125 };

describe("the face's root, trimmed to the cell", () => {
  it("shows the PNG's trim of the viewBox, stretched to the cell's pixels", () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="69.85" height="95.25" viewBox="-3.175 -3.175 69.85 95.25"><rect width="1" height="1"/></svg>`;
    const out = cellSvg(svg, TRIM, 409, 572) as string;
    const root = /<svg[^>]*>/.exec(out)![0];
    const box = /viewBox="([^"]+)"/.exec(root)![1].split(" ").map(Number);
    // 37 of 825 px of bleed is 3.1327 of 69.85 mm: the card from x ≈ 0 to ≈ 63.58 mm.
    expect(box[0]).toBeCloseTo(-3.175 + (69.85 * 37) / 825, 6);
    expect(box[2]).toBeCloseTo(69.85 - (2 * 69.85 * 37) / 825, 6);
    expect(box[3]).toBeCloseTo(95.25 - (2 * 95.25 * 37) / 1125, 6);
    expect(root).toContain('width="409"');
    expect(root).toContain('height="572"');
    expect(root).toContain('preserveAspectRatio="none"');
    expect(root.match(/\swidth=/g)).toHaveLength(1);
    // The body is untouched.
    expect(out.slice(root.length)).toBe('<rect width="1" height="1"/></svg>');
  });

  it("a root without a viewBox, or with its own preserveAspectRatio: none (the PNG is used)", () => {
    expect(cellSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>`, TRIM, 4, 4)).toBeUndefined();
    expect(cellSvg(`<svg viewBox="0 0 10 10" preserveAspectRatio="xMinYMin"></svg>`, TRIM, 4, 4)).toBeUndefined();
    expect(cellSvg(`<svg viewBox="0 0 10 10"></svg>`, { bleed: 5, width: 10, height: 10 }, 4, 4)).toBeUndefined();
  });
});

/** Mean absolute difference per channel (0–255) of two same-size images. */
async function meanDiff(a: Buffer, b: Buffer): Promise<number> {
  const x = await sharp(a).raw().toBuffer();
  const y = await sharp(b).raw().toBuffer();
  expect(x.length).toBe(y.length);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i] - y[i]);
  return sum / x.length;
}


describe("a sheet of real faces (lunar-trick), from the SVG and from the PNG", () => {
  let faces: RenderedSide[];
  let images: CardImage[];
  beforeAll(async () => {
    const model = loadGame(path.join(ROOT, "data"), "lunar-trick");
    faces = renderSides(renderGameFrom(model), new TemplateSet(model.paths.templatesDir)).sides.filter((s) => s.side === "face" && s.component.kind === "card").slice(0, 6);
    images = await Promise.all(
      faces.map(async (f, i) => {
        const file = path.join(dir, `${i}.png`);
        fs.writeFileSync(file, await svgToPng(f.svg, f.component.width + 2 * BLEED_MM));
        return cardImage(file, (w, h) => bleedPx(w, h, f.component.width, f.component.height));
      }),
    );
  }, 120_000);

  /** The sheet as it ideally looks: each cell drawn at 4× and box-averaged down, as a PNG. */
  async function idealSheet(grid: Grid): Promise<Buffer> {
    const { cellWidth: w, cellHeight: h } = grid;
    const sheet = Buffer.alloc(grid.cols * w * grid.rows * h * 3);
    for (let i = 0; i < faces.length; i++) {
      const big = (await rasteriseRgb(cellSvg(faces[i].svg, images[i], 4 * w, 4 * h) as string, 4 * w, 4 * h, fontFilesFor(faces[i].svg))) as Buffer;
      const ox = (i % grid.cols) * w;
      const oy = Math.floor(i / grid.cols) * h;
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          for (let c = 0; c < 3; c++) {
            let sum = 0;
            for (let dy = 0; dy < 4; dy++) for (let dx = 0; dx < 4; dx++) sum += big[((4 * y + dy) * 4 * w + 4 * x + dx) * 3 + c];
            sheet[((oy + y) * grid.cols * w + ox + x) * 3 + c] = Math.round(sum / 16);
          }
        }
      }
    }
    return sharp(sheet, { raw: { width: grid.cols * w, height: grid.rows * h, channels: 3 } }).png().toBuffer();
  }

  it("the same cards in the same cells, at least as near the ideal picture, at TTS's cell sizes", async () => {
    const w = images[0].width - 2 * images[0].bleed;
    const h = images[0].height - 2 * images[0].bleed;
    // A full 70-card sheet's cells (the smallest TTS draws) and a 6-card sheet's (the largest).
    for (const grid of [chooseGrid(70, w, h), chooseGrid(faces.length, w, h)]) {
      const six = { ...grid, cols: 3, rows: 2 };
      const fromPng = await composeSheet(images, six);
      const fromSvg = await composeSheet(images, six, undefined, faces.map((f) => f.svg));
      // At the PNG's own size (no resize) the SVG draws the very same pixels.
      expect(fromSvg.equals(fromPng)).toBe(grid.cellWidth === w && grid.cellHeight === h);
      const meta = await sharp(fromSvg).metadata();
      expect([meta.width, meta.height]).toEqual([3 * grid.cellWidth, 2 * grid.cellHeight]);
      if (SHOW !== undefined) {
        fs.writeFileSync(path.join(SHOW, `cells-${grid.cellWidth}-png.jpg`), fromPng);
        fs.writeFileSync(path.join(SHOW, `cells-${grid.cellWidth}-svg.jpg`), fromSvg);
      }
      const at = `cell ${grid.cellWidth}×${grid.cellHeight}`;
      // The same picture: a shifted or mis-trimmed card differs by far more (edges everywhere).
      expect(await meanDiff(fromSvg, fromPng), at).toBeLessThan(3);
      if (fromSvg.equals(fromPng)) continue;
      // Nearer the ideal cell (the SVG drawn 4× as large, each 4×4 block averaged) than the PNG's.
      const ideal = await idealSheet(six);
      expect(await meanDiff(fromSvg, ideal), at).toBeLessThanOrEqual(await meanDiff(fromPng, ideal));
    }
  }, 120_000);

  it("a face whose SVG is not given keeps its PNG cell", async () => {
    const w = images[0].width - 2 * images[0].bleed;
    const grid = { ...chooseGrid(70, w, images[0].height - 2 * images[0].bleed), cols: 3, rows: 2 };
    const fromPng = await composeSheet(images, grid);
    expect((await composeSheet(images, grid, undefined, faces.map(() => undefined))).equals(fromPng)).toBe(true);
  }, 120_000);
});
