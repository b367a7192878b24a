/**
 * A deck sheet's cells drawn from the faces' SVG at the cell's own size, instead of decoding the
 * 300-dpi print PNG, trimming its bleed and resizing it (lanczos3) — the same picture, drawn once
 * at the size TTS shows it (src/tts/sheets.ts `composeSheet` takes these cells). The bleed is
 * trimmed by the root's viewBox, so the cell is exactly the trimmed card.
 */
import { fontFilesFor } from "../render/fonts";

const ROOT_TAG = /<svg\b[^>]*>/;
const NUMBER = String.raw`-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?`;
const VIEW_BOX = new RegExp(String.raw`\sviewBox="\s*(${NUMBER})[\s,]+(${NUMBER})[\s,]+(${NUMBER})[\s,]+(${NUMBER})\s*"`);

/** Where the card is trimmed in the face's print PNG: its bleed and size in px (sheets.ts CardImage). */
export interface Trim {
  bleed: number;
  width: number;
  height: number;
}

/**
 * `svg` (a face as the build rasterises it into `trim`'s PNG) with its root showing only the
 * trimmed card — the same fraction of it the PNG's bleed trim leaves — stretched to
 * `cellWidth`×`cellHeight` px (the grid's cell, which keeps the card's proportions to within a
 * pixel). Undefined when the root is not one a face has (no viewBox, or its own
 * preserveAspectRatio): the cell is then made from the PNG.
 */
export function cellSvg(svg: string, trim: Trim, cellWidth: number, cellHeight: number): string | undefined {
  const root = ROOT_TAG.exec(svg);
  if (root === null || /\spreserveAspectRatio=/.test(root[0])) return undefined;
  const box = VIEW_BOX.exec(root[0]);
  if (box === null) return undefined;
  const [x, y, w, h] = box.slice(1, 5).map(Number);
  if (!(w > 0 && h > 0 && trim.width > 2 * trim.bleed && trim.height > 2 * trim.bleed)) return undefined;
  const bx = (w * trim.bleed) / trim.width;
  const by = (h * trim.bleed) / trim.height;
  const trimmed = `${x + bx} ${y + by} ${w - 2 * bx} ${h - 2 * by}`;
  const tag = root[0]
    .replace(/\s(?:width|height)="[^"]*"/g, "")
    .replace(VIEW_BOX, ` viewBox="${trimmed}" preserveAspectRatio="none" width="${cellWidth}" height="${cellHeight}"`);
  return svg.slice(0, root.index) + tag + svg.slice(root.index + root[0].length);
}

/** The cell's raw RGB pixels drawn from `svg` (see `cellSvg`), or undefined to make it from the PNG. */
export async function svgCell(svg: string, trim: Trim, cellWidth: number, cellHeight: number): Promise<Buffer | undefined> {
  const cell = cellSvg(svg, trim, cellWidth, cellHeight);
  if (cell === undefined) return undefined;
  const { rasteriseRgb } = await import("../render/raster-core.mjs");
  return rasteriseRgb(cell, cellWidth, cellHeight, fontFilesFor(svg));
}
