/**
 * TTS deck sheets: card faces composed into grids of at most 10×7 cells and 4096 px a side,
 * RGB (no alpha), bleed trimmed off. The grid is chosen per sheet to keep cells as large as
 * possible; every card of a deck has the same cell size.
 */
import { availableParallelism } from "node:os";
import sharp from "../render/sharp-library.mjs";
import { mapLimit } from "../render/map-limit";
import { imageSize } from "./png-size";

/**
 * TTS images: quality 90 without chroma subsampling (card text stays sharp). Huffman tables are
 * not optimised: that pass holds the whole image's coefficients (a 4096-px sheet: ~140 MB more
 * at peak, and ~40 % more time) for files only a few per cent smaller.
 */
const JPEG = { quality: 90, chromaSubsampling: "4:4:4", optimiseCoding: false } as const;

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
  /** The PNG's size in px, bleed included (read once, from its header). */
  width: number;
  height: number;
}

/** A card image's trim: the file's size (from its header) and the bleed `bleedOf` gives for it. */
export async function cardImage(file: string, bleedOf: (width: number, height: number) => number): Promise<CardImage> {
  const { width, height } = await imageSize(file);
  return { file, bleed: bleedOf(width, height), width, height };
}

/** One card's cell: bleed trimmed, resized, flattened to RGB; raw pixels (no PNG round trip). */
async function cell(image: CardImage, width: number, height: number): Promise<Buffer> {
  const w = image.width - 2 * image.bleed;
  const h = image.height - 2 * image.bleed;
  return sharp(image.file)
    .extract({ left: image.bleed, top: image.bleed, width: w, height: h })
    .resize(width, height, { fit: "fill" })
    .flatten({ background: "#ffffff" })
    .removeAlpha()
    .raw()
    .toBuffer();
}

/**
 * Raw canvases for the sheets being composed: at most `limit` at once, each a slot of `capacity`
 * bytes reused sheet after sheet. A fresh 50 MB canvas per sheet was freed only when V8's GC
 * happened to run, so the last sheet's dead canvas sat beside the next one (bench: +47 MB at
 * every sheet of a TTS build); a slot is only made resident as far as a sheet writes it.
 */
export class CanvasSlots {
  private readonly free: Buffer[] = [];
  private readonly waiting: (() => void)[] = [];
  private busy = 0;
  private holders = 0;
  /** Most canvases in use at once, and slots allocated, so far (for tests). */
  readonly stats = { peak: 0, allocated: 0 };

  constructor(
    readonly limit: number,
    readonly capacity: number,
  ) {}

  /** Runs `fn` with a canvas of `bytes` bytes (not cleared), waiting while `limit` are in use. */
  async use<T>(bytes: number, fn: (canvas: Buffer) => Promise<T>): Promise<T> {
    if (bytes > this.capacity) throw new Error(`a sheet canvas holds at most ${this.capacity} bytes, not ${bytes}`);
    while (this.busy >= this.limit) await new Promise<void>((go) => this.waiting.push(go));
    this.busy += 1;
    this.stats.peak = Math.max(this.stats.peak, this.busy);
    let slot = this.free.pop();
    if (slot === undefined) {
      slot = Buffer.allocUnsafeSlow(this.capacity);
      this.stats.allocated += 1;
    }
    try {
      return await fn(slot.subarray(0, bytes));
    } finally {
      this.busy -= 1;
      this.free.push(slot);
      this.waiting.shift()?.();
      this.dropIfIdle();
    }
  }

  /**
   * Keeps the slots between sheets until the returned function is called (a save is built sheet
   * after sheet: a slot dropped in between would be dead weight beside the next one until a GC).
   * When no holder is left and nothing is composed, the slots go.
   */
  hold(): () => void {
    this.holders += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.holders -= 1;
      this.dropIfIdle();
    };
  }

  private dropIfIdle(): void {
    if (this.holders === 0 && this.busy === 0) this.free.length = 0;
  }
}

/**
 * The process's sheet canvases: one sheet at a time, at most MAX_SIDE² RGB, even with two saves
 * built side by side (their other images are made meanwhile). Measured on the three games' cold
 * build, alternating: peak RSS 322–325 MB with one, 359–405 MB with two, the same CPU time.
 */
export const sheetCanvases = new CanvasSlots(1, MAX_SIDE * MAX_SIDE * 3);

/**
 * Composes `cards` row by row into one RGB JPEG sheet. Cells are made a few at a time (each card
 * decodes to ~4 MB) and copied into one raw canvas as they come: libvips' composite of 70 tiles
 * held every tile and the canvas at once (~600 MB peak for a 70-card sheet).
 */
export async function composeSheet(cards: CardImage[], grid: Grid, canvases: CanvasSlots = sheetCanvases): Promise<Buffer> {
  const width = grid.cols * grid.cellWidth;
  const height = grid.rows * grid.cellHeight;
  return canvases.use(width * height * 3, async (canvas) => {
    const stride = width * 3;
    const cellStride = grid.cellWidth * 3;
    /** Where row `y` of cell `i` starts in the canvas. */
    const rowStart = (i: number, y: number): number => (Math.floor(i / grid.cols) * grid.cellHeight + y) * stride + (i % grid.cols) * cellStride;
    // Background #202020 where no card is (the cells past the last card); the cards' cells are
    // written whole, so the rest of the reused canvas is not cleared (~30 ms a sheet).
    for (let i = cards.length; i < grid.cols * grid.rows; i++) {
      for (let y = 0; y < grid.cellHeight; y++) canvas.fill(0x20, rowStart(i, y), rowStart(i, y) + cellStride);
    }
    await mapLimit(cards, availableParallelism() + 1, async (c, i) => {
      const tile = await cell(c, grid.cellWidth, grid.cellHeight);
      for (let y = 0; y < grid.cellHeight; y++) tile.copy(canvas, rowStart(i, y), y * cellStride, (y + 1) * cellStride);
    });
    return sharp(canvas, { raw: { width, height, channels: 3 } }).jpeg(JPEG).toBuffer();
  });
}

/** One image (a card back, a board) trimmed and flattened to RGB JPEG, at most `maxSide` px. */
export async function singleImage(image: CardImage, maxSide: number = MAX_SIDE): Promise<Buffer> {
  const w = image.width - 2 * image.bleed;
  const h = image.height - 2 * image.bleed;
  const scale = Math.min(1, maxSide / Math.max(w, h));
  return sharp(image.file)
    .extract({ left: image.bleed, top: image.bleed, width: w, height: h })
    .resize(Math.max(1, Math.floor(w * scale)), Math.max(1, Math.floor(h * scale)), { fit: "fill" })
    .flatten({ background: "#ffffff" })
    .removeAlpha()
    .jpeg(JPEG)
    .toBuffer();
}

/**
 * A token image keeping its transparency, with the print bleed (`bleedMm` around a piece box
 * `widthMm` wide) cut off so the tile shows the piece as cut, not its bleed.
 */
export async function tokenImage(file: string, widthMm: number, bleedMm: number, maxSide = 1024): Promise<Buffer> {
  const { width: pxW, height: pxH } = await imageSize(file);
  const b = Math.round((bleedMm * pxW) / (widthMm + 2 * bleedMm));
  const img = b > 0 && 2 * b < Math.min(pxW, pxH) ? sharp(file).extract({ left: b, top: b, width: pxW - 2 * b, height: pxH - 2 * b }) : sharp(file);
  return img.resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true }).png().toBuffer();
}

/** Bounding box (mm, inside the piece box) of a pie slice of `degrees` of the disc inscribed in a w×h box, pointing up. */
export function sectorBox(w: number, h: number, degrees: number): { x: number; y: number; w: number; h: number } {
  const cx = w / 2;
  const cy = h / 2;
  const r = Math.min(w, h) / 2;
  const half = (degrees / 2) * (Math.PI / 180);
  const xs = [cx];
  const ys = [cy];
  // The apex and the arc (sampled, including its ends and every quadrant point it passes).
  const angles = [-half, half];
  for (let k = -4; k <= 4; k++) if (Math.abs((k * Math.PI) / 2) < half) angles.push((k * Math.PI) / 2);
  for (const a of angles) {
    xs.push(cx + r * Math.sin(a));
    ys.push(cy - r * Math.cos(a));
  }
  const x1 = Math.min(...xs);
  const y1 = Math.min(...ys);
  return { x: x1, y: y1, w: Math.max(...xs) - x1, h: Math.max(...ys) - y1 };
}

/**
 * A pie-slice token's image cut to the slice: everything outside the cut shape (bleed, the empty
 * rest of the disc's box) made transparent and cropped away, so a Custom_Token (outline from the
 * alpha) is exactly the slice. `bleedMm` is the margin the PNG has around the piece box.
 * Returns the image and the slice's size in mm (the piece's size on the table).
 */
export async function sectorImage(
  file: string,
  box: { w: number; h: number },
  degrees: number,
  bleedMm: number,
  maxSide = 1024,
): Promise<{ png: Buffer; widthMm: number; heightMm: number }> {
  const { width: pxW, height: pxH } = await imageSize(file);
  const k = pxW / (box.w + 2 * bleedMm);
  const r = (Math.min(box.w, box.h) / 2) * k;
  const cx = (box.w / 2 + bleedMm) * k;
  const cy = (box.h / 2 + bleedMm) * k;
  const half = (degrees / 2) * (Math.PI / 180);
  const p = (a: number): string => `${(cx + r * Math.sin(a)).toFixed(3)} ${(cy - r * Math.cos(a)).toFixed(3)}`;
  const large = degrees > 180 ? 1 : 0;
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pxW}" height="${pxH}"><path d="M${cx.toFixed(3)} ${cy.toFixed(3)}L${p(-half)}A${r.toFixed(3)} ${r.toFixed(3)} 0 ${large} 1 ${p(half)}Z" fill="#fff"/></svg>`,
  );
  const slice = sectorBox(box.w, box.h, degrees);
  const left = Math.max(0, Math.floor((slice.x + bleedMm) * k));
  const top = Math.max(0, Math.floor((slice.y + bleedMm) * k));
  const width = Math.min(pxW - left, Math.ceil((slice.x + slice.w + bleedMm) * k) - left);
  const height = Math.min(pxH - top, Math.ceil((slice.y + slice.h + bleedMm) * k) - top);
  const masked = await sharp(file).ensureAlpha().composite([{ input: mask, blend: "dest-in" }]).png().toBuffer();
  const png = await sharp(masked)
    .extract({ left, top, width, height })
    .resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true })
    .png()
    .toBuffer();
  return { png, widthMm: slice.w, heightMm: slice.h };
}
