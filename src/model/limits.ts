/**
 * Limits that keep whatever validates buildable in bounded time and memory. Each was measured on
 * the build (2 cores): 1000 distinct cards plus 1000 tokens build with TTS in ~50 s and ~0.5 GB;
 * an 800 mm board rasterises at 300 dpi in ~3 s and ~0.95 GB peak (1000 mm: 1.3 GB; 2000 mm
 * exceeds the rasteriser's pixel limit); text lays out at ~30 µs a character on a card and
 * ~0.15 ms on a reference page (a 1 MB page took 134 s and 1.4 GB).
 * docs/limits.md ("Input limits") lists them for designers.
 */
import { diagnostics, type Diagnostic, type PathSegment } from "./diagnostics";
import type { YamlSource } from "./yaml-source";

/** Smallest side of any piece (mm): smaller pieces cannot be cut, and the imposer would lay out millions per page. */
export const MIN_SIZE_MM = 5;
/** Cards and tokens are printed whole: each side fits the short side of A4 and Letter (minus margins and bleed). */
export const MAX_PIECE_MM = 190;
/** Boards and sheets larger than the paper are tiled; the limit is the 300-dpi raster of the whole board. */
export const MAX_BOARD_MM = 800;
/** Copies of one item, and pieces of one component. */
export const MAX_COPIES = 1000;
export const MAX_COUNT = 1000;
/** Pieces of one game, all components together. */
export const MAX_GAME_PIECES = 2000;
/** Printed area of one game (m²), all pieces together: about 160 A4 pages. */
export const MAX_GAME_AREA_M2 = 10;
/** Smallest pie slice (degrees): at most 36 slices a disc. */
export const MIN_SECTOR_DEGREES = 10;
/** Any one text value (a card text, a name, a rules string). */
export const MAX_TEXT_CHARS = 2000;
/**
 * Printed text of one item (a card, a reference page with its tables) and of a whole game. Text
 * lays out at ~0.15 ms a character on a reference page: a page at the limit adds ~3 s to a build,
 * a game at the limit ~30 s; the shipped pages hold under 2000 characters.
 */
export const MAX_ITEM_CHARS = 20_000;
export const MAX_GAME_CHARS = 200_000;

/**
 * Pictures and SVG documents (card art, icons, `<image>` in templates, each face as rendered).
 * Sizes come from the file's header (PNG IHDR, JPEG SOF) before a pixel is decoded; a face's
 * pixels count every image it draws, repeats through `<use>` included. Decoded RGBA is 4 bytes a
 * pixel: one 8000×8000 image is 256 MB, the face budget 384 MB.
 */
export const MAX_IMAGE_BYTES = 16 * 1024 * 1024;
export const MAX_IMAGE_PX = 8000;
export const MAX_FACE_PIXELS = 96_000_000;
/** Elements of one SVG (a face, a picture, an icon), counted again for each `<use>` that repeats them. */
export const MAX_SVG_ELEMENTS = 100_000;
/** Nesting of elements (and of `<use>` in `<use>`). */
export const MAX_SVG_DEPTH = 200;
/** Characters of one SVG document: an art file is at most MAX_IMAGE_BYTES, a face's markup this. */
export const MAX_SVG_CHARS = 32 * 1024 * 1024;
/** Pieces a repeating template helper (`pips`, `players`, `around`, `across`) draws. */
export const MAX_REPEAT = 100;
/**
 * Spreadsheet decks: an .xlsx file is a zip; what it unpacks to is measured by unpacking it with
 * this cap before the sheet reader sees it. Rows and cells are counted before any is typed.
 */
export const MAX_XLSX_INFLATED_BYTES = 16 * 1024 * 1024;
export const MAX_SHEET_ROWS = 10_000;
export const MAX_SHEET_CELLS = 200_000;
/** Spreadsheet decks of one game (CSV files and workbook tabs): each is read and typed on every load. */
export const MAX_DECK_SHEETS = 16;

/**
 * Characters an SVG (XML 1.0) document cannot hold, or that print as nothing: C0 controls except
 * tab and line breaks, DEL, C1 controls, lone surrogates, U+FFFE and U+FFFF.
 */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** One problem per offending string, key or value, anywhere in a file. */
export function textProblems(source: YamlSource): Diagnostic[] {
  const out: Diagnostic[] = [];
  const check = (s: string, path: PathSegment[], key: boolean) => {
    const bad = FORBIDDEN.exec(s);
    if (bad) out.push(diagnostics.controlCharacter(source.locate(path, { key }), path, bad[0].charCodeAt(0), bad.index));
    else if (s.length > MAX_TEXT_CHARS) {
      const length = [...s].length;
      if (length > MAX_TEXT_CHARS) out.push(diagnostics.textTooLong(source.locate(path, { key }), path, length, MAX_TEXT_CHARS));
    }
  };
  const walk = (value: unknown, path: PathSegment[]) => {
    if (typeof value === "string") check(value, path, false);
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        check(k, [...path, k], true);
        walk(v, [...path, k]);
      }
    }
  };
  walk(source.value, []);
  return out;
}

/** Characters of text in a value: strings, and numbers as they print, anywhere inside it. */
export function printedChars(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (typeof value === "number") return String(value).length;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + printedChars(v), 0);
  if (value !== null && typeof value === "object") return Object.values(value).reduce((n: number, v) => n + printedChars(v), 0);
  return 0;
}
