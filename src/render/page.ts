/**
 * The page model the kind modules produce and the PDF writer draws. All lengths in mm, origin at
 * the page's top-left corner.
 */
import { BLEED_MM, type CutShape } from "./types";

export interface Paper {
  id: "a4" | "letter" | "a3" | "tabloid";
  /** Portrait size. */
  w: number;
  h: number;
}

export const PAPERS: Record<Paper["id"], Paper> = {
  a4: { id: "a4", w: 210, h: 297 },
  letter: { id: "letter", w: 215.9, h: 279.4 },
  // Twice A4 and (nearly) twice Letter: boards print whole, more cards to a sheet.
  a3: { id: "a3", w: 297, h: 420 },
  tabloid: { id: "tabloid", w: 279.4, h: 431.8 },
};

export interface PrintOptions {
  /** Cards with bleed, 8-up landscape, instead of trimmed 3×3 portrait. */
  bleedLayout: boolean;
  /** Bleed (mm) shown beyond every outer cut: at most the art's own bleed (`BLEED_MM`). */
  bleedMm: number;
  /** Full-length cut lines across the page in addition to crop marks. */
  cutLines: boolean;
  /** Which edge the printer flips on when printing duplex. */
  duplex: "long" | "short";
  /** Shift of every back page (mm), to correct a printer's front/back misregistration. */
  backOffset: { x: number; y: number };
  /**
   * "duplex": backs on the back of the sheet. "fold": for one-sided printers, each sheet holds the
   * fronts on its left half and their backs on its right half, mirrored across the fold line in
   * the middle, so folding the sheet there puts every back exactly behind its front.
   */
  layout: "duplex" | "fold";
  /** Component ids: print only these (a partial reprint); the file is named after them. */
  only?: string[];
  /** Ink saving: dark backs print with their colours inverted (a light ground, dark linework). */
  inkSaver?: boolean;
}

export const DEFAULT_PRINT: PrintOptions = { bleedLayout: false, bleedMm: BLEED_MM, cutLines: false, duplex: "long", backOffset: { x: 0, y: 0 }, layout: "duplex" };

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One piece of art on a page. */
export interface Placement {
  /** Key of the rendered SVG (see `faceKey`). */
  face: string;
  /** Trimmed box of the piece on the page. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Degrees, around the centre of the box. */
  rotate: number;
  /**
   * What is visible: the cut shape grown by `grow` mm (the bleed). `sides` narrows that for
   * rectangles to the outer edges: cards that touch share a cut, so neither bleeds over the other.
   */
  clip: { shape: CutShape; grow: number; sides?: Sides };
  /** Draw the cut outline (tokens). */
  outline: boolean;
  /** Part of the art to show, for tiled boards: an offset into the art (mm) and the window size. */
  window?: Rect;
  /** A back printed ink-saving: inverted when its art is mostly dark (see pdf.ts). */
  inkSaver?: boolean;
}

/** Bleed per edge of a rectangle, mm. */
export interface Sides {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface Line {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  dashed?: boolean;
  /** Thin grey cut line vs. black crop mark; "fold": where a fold-and-glue sheet is folded. */
  kind: "crop" | "cut" | "overlap" | "fold";
  /** Drawn over a white underlay: the mark crosses bleed art (no room for it outside). */
  halo?: boolean;
}

export interface Label {
  x: number;
  y: number;
  text: string;
  size: number;
  rotate?: number;
  anchor?: "start" | "middle";
}

export interface Page {
  landscape: boolean;
  /** Page size in mm when it is not the paper's (print-on-demand pages sized to one card). */
  size?: { w: number; h: number };
  /** e.g. "Moon cards (backs)" for the footer. */
  label: string;
  placements: Placement[];
  lines: Line[];
  labels: Label[];
  /** A page of text (the contents page): a title and lines, set inside the print margin. */
  text?: { title: string; lines: string[] };
  /** Said to the user when building this page (a `--back-offset` cut short to keep the margin). */
  warning?: string;
  /** Union of the trimmed pieces and of their bleed (absent on a blank page). */
  trim?: Rect;
  bleed?: Rect;
  /**
   * Where the page sits in a two-sided print run: the front of a sheet, the back that follows it,
   * or the blank back of a one-sided sheet (so every front lands on an odd page).
   */
  side: "front" | "back" | "blank";
}

/** A sheet of paper: its front and, when anything is printed on it, its back. */
export interface Sheet {
  front: Page;
  back?: Page;
  /** Unused space on the front (mm, page coordinates) where small pieces may still go. */
  free: Rect[];
  /** The free space takes one-sided pieces only (a fold-and-glue page that is not folded). */
  oneSidedOnly?: boolean;
}

export function pageSize(paper: Paper, landscape: boolean): { w: number; h: number } {
  return landscape ? { w: paper.h, h: paper.w } : { w: paper.w, h: paper.h };
}

export function union(rects: Rect[]): Rect {
  // A loop, not Math.min(...xs): spreading thousands of pieces overflows the stack.
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const r of rects) {
    x1 = Math.min(x1, r.x);
    y1 = Math.min(y1, r.y);
    x2 = Math.max(x2, r.x + r.w);
    y2 = Math.max(y2, r.y + r.h);
  }
  return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}

/** The art box of a placement: its trim grown by its bleed on each side. */
export function bleedRect(p: Placement): Rect {
  const s = placementSides(p);
  return { x: p.x - s.left, y: p.y - s.top, w: p.w + s.left + s.right, h: p.h + s.top + s.bottom };
}

export function placementSides(p: Placement): Sides {
  const g = p.clip.grow;
  return p.clip.sides ?? { top: g, right: g, bottom: g, left: g };
}

export function grow(r: Rect, by: number, limit: { w: number; h: number }): Rect {
  const x = Math.max(0, r.x - by);
  const y = Math.max(0, r.y - by);
  return { x, y, w: Math.min(limit.w, r.x + r.w + by) - x, h: Math.min(limit.h, r.y + r.h + by) - y };
}

/**
 * Nothing but bleed art comes closer than this to the paper edge: crop marks, cut lines, footer
 * and ruler stay inside the area every common printer prints (most lose 3–4.2 mm at an edge).
 */
export const PRINT_MARGIN = 5;
/** Height of the footer band (footer text + ruler) above the bottom print margin. */
export const FOOTER_BAND = 4.5;
/** Crop marks: gap to what they mark, shortest and longest stroke. */
export const MARK_GAP = 1;
export const MARK_MIN = 3;
export const MARK_MAX = 5;
/** Room a piece needs beyond its trim on a side for a crop mark there (the mark may cross bleed). */
export const MARK_ROOM = PRINT_MARGIN + MARK_MIN + MARK_GAP;

/** Page area that may hold pieces' trims once marks and the footer have their room. */
export function markedArea(page: { w: number; h: number }): Rect {
  return { x: MARK_ROOM, y: MARK_ROOM, w: page.w - 2 * MARK_ROOM, h: page.h - 2 * MARK_ROOM - FOOTER_BAND };
}

/** The lowest y any art or mark may reach: the footer band sits below it. */
export function footerTop(page: { w: number; h: number }): number {
  return page.h - PRINT_MARGIN - FOOTER_BAND;
}

/**
 * One crop mark beyond a trim edge, along the cut. `from` is the trim edge, `dir` +1/-1 the way
 * out, `limit` the last printable coordinate that way. Outside the bleed when there is room for a
 * mark of MARK_MIN there, else across the bleed up to MARK_GAP from the trim, on a white underlay.
 */
function markSpan(from: number, dir: 1 | -1, bleed: number, limit: number): { a: number; b: number; halo: boolean } | undefined {
  const room = (start: number): number => (limit - start) * dir;
  let start = from + dir * (bleed + MARK_GAP);
  let halo = false;
  if (room(start) < MARK_MIN) {
    start = from + dir * MARK_GAP;
    halo = bleed > 0;
  }
  const len = Math.min(MARK_MAX, room(start));
  if (len < MARK_MIN - 1e-9) return undefined;
  return { a: start, b: start + dir * len, halo };
}

/** Crop marks beyond the outer edges of a block of pieces, at each cut position. */
export function cropMarks(xs: number[], ys: number[], page: { w: number; h: number }, bleed: number | Sides = 0): Line[] {
  const b: Sides = typeof bleed === "number" ? { top: bleed, right: bleed, bottom: bleed, left: bleed } : bleed;
  let left = Infinity;
  let right = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  for (const x of xs) [left, right] = [Math.min(left, x), Math.max(right, x)];
  for (const y of ys) [top, bottom] = [Math.min(top, y), Math.max(bottom, y)];
  const out: Line[] = [];
  // Marks below the pieces stop short of the footer text.
  const lowest = footerTop(page) - MARK_GAP;
  for (const x of xs) {
    const up = markSpan(top, -1, b.top, PRINT_MARGIN);
    if (up) out.push({ x1: x, y1: up.b, x2: x, y2: up.a, kind: "crop", halo: up.halo || undefined });
    const down = markSpan(bottom, 1, b.bottom, lowest);
    if (down) out.push({ x1: x, y1: down.a, x2: x, y2: down.b, kind: "crop", halo: down.halo || undefined });
  }
  for (const y of ys) {
    const l = markSpan(left, -1, b.left, PRINT_MARGIN);
    if (l) out.push({ x1: l.b, y1: y, x2: l.a, y2: y, kind: "crop", halo: l.halo || undefined });
    const r = markSpan(right, 1, b.right, page.w - PRINT_MARGIN);
    if (r) out.push({ x1: r.a, y1: y, x2: r.b, y2: y, kind: "crop", halo: r.halo || undefined });
  }
  return out;
}

/**
 * Where a trimmer cuts a page: along both edges of every piece cut by crop marks (tokens are cut
 * along their outline instead). Each cut runs across the whole sheet, so nothing else on the page
 * may straddle one.
 */
export function cutsOf(placements: Placement[]): { xs: number[]; ys: number[] } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const p of placements.filter((q) => !q.outline)) xs.push(p.x, p.x + p.w), ys.push(p.y, p.y + p.h);
  return { xs: uniqueSorted(xs), ys: uniqueSorted(ys) };
}

const EDGE = 1e-6;
const inside = (c: number, from: number, len: number): boolean => from + EDGE < c && c < from + len - EDGE;

/**
 * Whether a piece with trim `box` can join `placements` without a cut through it, and, when it is
 * cut by crop marks itself (`marked`), without its cuts running through any piece already there.
 */
export function clearOfCuts(placements: Placement[], box: Rect, marked: boolean): boolean {
  const cuts = cutsOf(placements);
  if (cuts.xs.some((x) => inside(x, box.x, box.w)) || cuts.ys.some((y) => inside(y, box.y, box.h))) return false;
  if (!marked) return true;
  return placements.every((p) => ![box.x, box.x + box.w].some((x) => inside(x, p.x, p.w)) && ![box.y, box.y + box.h].some((y) => inside(y, p.y, p.h)));
}

/** `r` cut into the parts the page's cuts leave of it (r itself when none runs through it). */
export function splitAtCuts(r: Rect, cuts: { xs: number[]; ys: number[] }): Rect[] {
  const bounds = (from: number, len: number, at: number[]): [number, number][] => {
    const edges = [from, ...at.filter((c) => inside(c, from, len)), from + len];
    return edges.slice(1).map((e, i): [number, number] => [edges[i], e]);
  };
  return bounds(r.x, r.w, cuts.xs).flatMap(([x0, x1]) => bounds(r.y, r.h, cuts.ys).map(([y0, y1]) => ({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 })));
}

/** Pieces of the span a..b left once the intervals in `cover` are taken out, at least `min` long. */
function spansOutside(a: number, b: number, cover: [number, number][], min: number): [number, number][] {
  const out: [number, number][] = [];
  let at = a;
  for (const [c0, c1] of [...cover].sort((p, q) => p[0] - q[0])) {
    if (c1 <= at) continue;
    if (c0 >= b) break;
    if (c0 - at >= min) out.push([at, c0]);
    at = Math.max(at, c1);
  }
  if (b - at >= min) out.push([at, b]);
  return out;
}

/**
 * Full-length cut lines through every cut position, from print margin to print margin, broken
 * wherever they would cross art (`art`: the pieces' bleed boxes): a line is a guide for the
 * trimmer's ruler, and printed over a card it would stay on the card.
 */
export function cutLines(xs: number[], ys: number[], page: { w: number; h: number }, art: Rect[] = []): Line[] {
  const bottom = footerTop(page);
  const out: Line[] = [];
  const min = MARK_MIN;
  for (const x of xs) {
    const cover = art.filter((r) => r.x < x + 1e-6 && x < r.x + r.w + 1e-6).map((r): [number, number] => [r.y - MARK_GAP, r.y + r.h + MARK_GAP]);
    for (const [y1, y2] of spansOutside(PRINT_MARGIN, bottom, cover, min)) out.push({ x1: x, y1, x2: x, y2, kind: "cut" });
  }
  for (const y of ys) {
    const cover = art.filter((r) => r.y < y + 1e-6 && y < r.y + r.h + 1e-6).map((r): [number, number] => [r.x - MARK_GAP, r.x + r.w + MARK_GAP]);
    for (const [x1, x2] of spansOutside(PRINT_MARGIN, page.w - PRINT_MARGIN, cover, min)) out.push({ x1, y1: y, x2, y2: y, kind: "cut" });
  }
  return out;
}

/**
 * The fold-and-glue sheet: landscape, folded along the vertical line through its middle. Fronts
 * stand in `half` (the left half less FOLD_GAP at the fold), backs at their mirror in the right half.
 */
export const FOLD_GAP = BLEED_MM + 0.5;

export function foldHalf(page: { w: number; h: number }): Rect {
  return { x: MARK_ROOM, y: MARK_ROOM, w: page.w / 2 - FOLD_GAP - MARK_ROOM, h: page.h - 2 * MARK_ROOM - FOOTER_BAND };
}

/** The fold line (dashed) down the middle of a fold-and-glue sheet: between the fronts' and the backs' bleed. */
export function foldLine(page: { w: number; h: number }): Line {
  const x = page.w / 2;
  return { x1: x, y1: PRINT_MARGIN, x2: x, y2: footerTop(page), dashed: true, kind: "fold" };
}

/** What a fold-and-glue page's footer says to do. */
export const FOLD_NOTE = "fold on the dashed line, glue, cut";

/** A back page's position of a piece: mirrored about the edge the sheet turns over on (or the fold). */
export function mirrorForBack(r: Rect, page: { w: number; h: number; landscape: boolean }, opts: PrintOptions): { x: number; y: number; mirrorColumns: boolean } {
  // Fold-and-glue: the mirror across the fold line in the middle of the same page.
  if (opts.layout === "fold") return { x: page.w - r.x - r.w, y: r.y, mirrorColumns: true };
  // The long edge is vertical on a portrait page (columns mirror), horizontal on a landscape one.
  const mirrorColumns = (opts.duplex === "long") !== page.landscape;
  return {
    x: (mirrorColumns ? page.w - r.x - r.w : r.x) + opts.backOffset.x,
    y: (mirrorColumns ? r.y : page.h - r.y - r.h) + opts.backOffset.y,
    mirrorColumns,
  };
}

/**
 * A back page with `--back-offset` applied, shifted back as far as needed so that no piece's trim
 * comes nearer the paper edge than PRINT_MARGIN (or than it stands without the offset, where the
 * layout already puts it nearer): only bleed art may print there. `warning` says what was kept.
 */
export function keepBackInside(page: Page, size: { w: number; h: number }, offset: { x: number; y: number }): Page {
  if (page.placements.length === 0 || (offset.x === 0 && offset.y === 0)) return page;
  let left = Infinity;
  let right = Infinity;
  let up = Infinity;
  let down = Infinity;
  for (const p of page.placements) {
    const x0 = p.x - offset.x;
    const y0 = p.y - offset.y;
    left = Math.min(left, x0 - PRINT_MARGIN);
    right = Math.min(right, size.w - PRINT_MARGIN - x0 - p.w);
    up = Math.min(up, y0 - PRINT_MARGIN);
    down = Math.min(down, size.h - PRINT_MARGIN - y0 - p.h);
  }
  const kept = {
    x: Math.min(Math.max(0, right), Math.max(-Math.max(0, left), offset.x)),
    y: Math.min(Math.max(0, down), Math.max(-Math.max(0, up), offset.y)),
  };
  if (Math.abs(kept.x - offset.x) < 1e-9 && Math.abs(kept.y - offset.y) < 1e-9) return page;
  const mm = (n: number): string => String(Math.round(n * 100) / 100);
  const placements = page.placements.map((p) => ({ ...p, x: p.x + kept.x - offset.x, y: p.y + kept.y - offset.y }));
  const warning = `--back-offset ${mm(offset.x)},${mm(offset.y)} would put ${page.label} within ${PRINT_MARGIN} mm of the paper edge, where printers cut art off: shifted by ${mm(kept.x)},${mm(kept.y)} instead`;
  return { ...page, placements, warning };
}

/** A back-side bleed: the sides swap with the mirror. */
export function mirrorSides(s: Sides, mirrorColumns: boolean): Sides {
  return mirrorColumns ? { top: s.top, bottom: s.bottom, left: s.right, right: s.left } : { top: s.bottom, bottom: s.top, left: s.left, right: s.right };
}

/** The page list of a two-sided print run: each front followed by its back or a blank page. */
export function duplexSequence(sheets: Sheet[], landscapeOf: (s: Sheet) => boolean = (s) => s.front.landscape): Page[] {
  const pages: Page[] = [];
  for (const sheet of sheets) {
    pages.push(sheet.front);
    pages.push(sheet.back ?? { landscape: landscapeOf(sheet), label: `back of “${sheet.front.label}” — left blank`, placements: [], lines: [], labels: [], side: "blank" });
  }
  return pages;
}

export function uniqueSorted(values: number[]): number[] {
  const rounded = values.map((v) => Math.round(v * 1000) / 1000);
  return [...new Set(rounded)].sort((a, b) => a - b);
}
