/**
 * TTS deck sheets: card faces composed into grids of at most 10×7 cells and 4096 px a side,
 * RGB (no alpha), bleed trimmed off. The grid is chosen per sheet to keep cells as large as
 * possible; every card of a deck has the same cell size.
 */
import sharp from "sharp";

export const MAX_COLS = 10;
export const MAX_ROWS = 7;
export const MAX_SIDE = 4096;
/** With BackIsHidden all 70 cells may hold cards (the back image stands in for the hidden card). */
export const MAX_CELLS = MAX_COLS * MAX_ROWS;

export interface Grid {
  cols: number;
  rows: number;
  cellWidth: number;
  cellHeight: number;
}

/** Bleed in px per side, from the PNG size and the trimmed size in mm (0 when none). */
export function bleedPx(pxW: number, pxH: number, mmW: number, mmH: number): number {
  if (mmH === mmW) return 0;
  const b = (pxW * mmH - pxH * mmW) / (2 * (mmH - mmW));
  return b > 0 && b * 4 < Math.min(pxW, pxH) ? Math.round(b) : 0;
}

/** The grid for `count` cards of `w`×`h` px that gives the largest cells within the limits. */
export function chooseGrid(count: number, w: number, h: number): Grid {
  if (count < 1 || count > MAX_CELLS) throw new Error(`a sheet holds 1..${MAX_CELLS} cards, not ${count}`);
  let best: Grid | undefined;
  let bestScale = 0;
  for (let cols = 1; cols <= MAX_COLS; cols++) {
    const rows = Math.ceil(count / cols);
    if (rows > MAX_ROWS) continue;
    const scale = Math.min(1, MAX_SIDE / (cols * w), MAX_SIDE / (rows * h));
    // Prefer larger cells; on a tie, fewer empty cells.
    if (best === undefined || scale > bestScale + 1e-9 || (Math.abs(scale - bestScale) <= 1e-9 && cols * rows < best.cols * best.rows)) {
      best = { cols, rows, cellWidth: Math.floor(w * scale), cellHeight: Math.floor(h * scale) };
      bestScale = scale;
    }
  }
  return best as Grid;
}

/** Splits `count` cards into sheet sizes of at most MAX_CELLS, as even as possible. */
export function splitIntoSheets(count: number): number[] {
  const sheets = Math.ceil(count / MAX_CELLS);
  const out: number[] = [];
  let left = count;
  for (let i = sheets; i > 0; i--) {
    const n = Math.ceil(left / i);
    out.push(n);
    left -= n;
  }
  return out;
}

export interface CardImage {
  file: string;
  /** Bleed to trim on each side, px. */
  bleed: number;
}

async function cell(image: CardImage, width: number, height: number): Promise<Buffer> {
  const img = sharp(image.file);
  const meta = await img.metadata();
  const w = (meta.width ?? 0) - 2 * image.bleed;
  const h = (meta.height ?? 0) - 2 * image.bleed;
  return sharp(image.file)
    .extract({ left: image.bleed, top: image.bleed, width: w, height: h })
    .resize(width, height, { fit: "fill" })
    .flatten({ background: "#ffffff" })
    .removeAlpha()
    .png()
    .toBuffer();
}

/** Composes `cards` row by row into one RGB JPEG sheet. */
export async function composeSheet(cards: CardImage[], grid: Grid): Promise<Buffer> {
  const tiles = await Promise.all(cards.map((c) => cell(c, grid.cellWidth, grid.cellHeight)));
  return sharp({
    create: { width: grid.cols * grid.cellWidth, height: grid.rows * grid.cellHeight, channels: 3, background: "#202020" },
  })
    .composite(tiles.map((input, i) => ({ input, left: (i % grid.cols) * grid.cellWidth, top: Math.floor(i / grid.cols) * grid.cellHeight })))
    .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
    .toBuffer();
}

/** One image (a card back, a board) trimmed and flattened to RGB JPEG, at most `maxSide` px. */
export async function singleImage(image: CardImage, maxSide: number = MAX_SIDE): Promise<Buffer> {
  const meta = await sharp(image.file).metadata();
  const w = (meta.width ?? 0) - 2 * image.bleed;
  const h = (meta.height ?? 0) - 2 * image.bleed;
  const scale = Math.min(1, maxSide / Math.max(w, h));
  return sharp(image.file)
    .extract({ left: image.bleed, top: image.bleed, width: w, height: h })
    .resize(Math.max(1, Math.floor(w * scale)), Math.max(1, Math.floor(h * scale)), { fit: "fill" })
    .flatten({ background: "#ffffff" })
    .removeAlpha()
    .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
    .toBuffer();
}

/** A token image keeping its transparency (Custom_Token takes its outline from the alpha). */
export async function tokenImage(file: string, maxSide = 1024): Promise<Buffer> {
  return sharp(file).resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true }).png().toBuffer();
}
