/**
 * The page model the kind modules produce and the PDF writer draws. All lengths in mm, origin at
 * the page's top-left corner.
 */
import type { CutShape } from "./types";

export interface Paper {
  id: "a4" | "letter";
  /** Portrait size. */
  w: number;
  h: number;
}

export const PAPERS: Record<Paper["id"], Paper> = {
  a4: { id: "a4", w: 210, h: 297 },
  letter: { id: "letter", w: 215.9, h: 279.4 },
};

export interface PrintOptions {
  /** Cards with bleed, 8-up landscape, instead of trimmed 3×3 portrait. */
  bleedLayout: boolean;
  /** Full-length cut lines across the page in addition to crop marks. */
  cutLines: boolean;
  /** Which edge the printer flips on when printing duplex. */
  duplex: "long" | "short";
  /** Shift of every back page (mm), to correct a printer's front/back misregistration. */
  backOffset: { x: number; y: number };
}

export const DEFAULT_PRINT: PrintOptions = { bleedLayout: false, cutLines: false, duplex: "long", backOffset: { x: 0, y: 0 } };

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
  /** What is visible: the trim, the trim grown by `grow` mm, or the cut shape grown by `grow`. */
  clip: { shape: CutShape; grow: number };
  /** Draw the cut outline (tokens). */
  outline: boolean;
  /** Part of the art to show, for tiled boards: an offset into the art (mm) and the window size. */
  window?: Rect;
}

export interface Line {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  dashed?: boolean;
  /** Thin grey cut line vs. black crop mark. */
  kind: "crop" | "cut" | "overlap";
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
  /** e.g. "Moon cards (backs)" for the footer. */
  label: string;
  placements: Placement[];
  lines: Line[];
  labels: Label[];
  /** Union of the trimmed pieces and of their bleed. */
  trim: Rect;
  bleed: Rect;
  /** Footer position: along the bottom edge or up the left edge (when the bottom margin is too tight). */
  footer: "bottom" | "left";
}

export function pageSize(paper: Paper, landscape: boolean): { w: number; h: number } {
  return landscape ? { w: paper.h, h: paper.w } : { w: paper.w, h: paper.h };
}

export function union(rects: Rect[]): Rect {
  const x1 = Math.min(...rects.map((r) => r.x));
  const y1 = Math.min(...rects.map((r) => r.y));
  const x2 = Math.max(...rects.map((r) => r.x + r.w));
  const y2 = Math.max(...rects.map((r) => r.y + r.h));
  return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}

export function grow(r: Rect, by: number, limit: { w: number; h: number }): Rect {
  const x = Math.max(0, r.x - by);
  const y = Math.max(0, r.y - by);
  return { x, y, w: Math.min(limit.w, r.x + r.w + by) - x, h: Math.min(limit.h, r.y + r.h + by) - y };
}

/** Space kept clear of art at the page edge (most printers cannot print closer). */
export const PAGE_MARGIN = 6;
/** Height of the footer band (footer text + ruler). */
export const FOOTER_BAND = 9;

/** Footer goes along the bottom when there is room below the art, else up the left margin. */
export function footerPlace(page: { w: number; h: number }, content: Rect): "bottom" | "left" {
  return page.h - (content.y + content.h) >= FOOTER_BAND ? "bottom" : "left";
}

/** Crop marks outside a grid of cut positions: short strokes beyond the outer edges. */
export function cropMarks(xs: number[], ys: number[], page: { w: number; h: number }): Line[] {
  const left = Math.min(...xs);
  const right = Math.max(...xs);
  const top = Math.min(...ys);
  const bottom = Math.max(...ys);
  const gap = 1;
  const len = 5;
  const out: Line[] = [];
  for (const x of xs) {
    if (top - gap > 0.5) out.push({ x1: x, y1: Math.max(0.5, top - gap - len), x2: x, y2: top - gap, kind: "crop" });
    if (page.h - bottom - gap > 0.5) out.push({ x1: x, y1: bottom + gap, x2: x, y2: Math.min(page.h - 0.5, bottom + gap + len), kind: "crop" });
  }
  for (const y of ys) {
    if (left - gap > 0.5) out.push({ x1: Math.max(0.5, left - gap - len), y1: y, x2: left - gap, y2: y, kind: "crop" });
    if (page.w - right - gap > 0.5) out.push({ x1: right + gap, y1: y, x2: Math.min(page.w - 0.5, right + gap + len), y2: y, kind: "crop" });
  }
  return out;
}

/** Full-length cut lines through every cut position. */
export function cutLines(xs: number[], ys: number[], page: { w: number; h: number }): Line[] {
  return [
    ...xs.map((x) => ({ x1: x, y1: 0, x2: x, y2: page.h, kind: "cut" as const })),
    ...ys.map((y) => ({ x1: 0, y1: y, x2: page.w, y2: y, kind: "cut" as const })),
  ];
}

export function uniqueSorted(values: number[]): number[] {
  const rounded = values.map((v) => Math.round(v * 1000) / 1000);
  return [...new Set(rounded)].sort((a, b) => a - b);
}
