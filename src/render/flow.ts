/**
 * Flow layout for reference sheets: headed sections of prose, bullets and tables, packed into
 * columns, shrinking the type until everything fits the page. Sections are never split.
 */
import { layoutText, textWidth } from "./text";
import type { IconSet } from "./icons";
import type { FaceName, FontStyle } from "./fonts";

export interface FlowTable {
  caption?: string;
  headers?: string[];
  rows: string[][];
}

export interface FlowSection {
  heading?: string;
  text?: string;
  bullets?: string[];
  table?: FlowTable;
  /** Tables may come as a list (e.g. one per suit). */
  tables?: FlowTable[];
  /** Small print under the section. */
  note?: string;
}

export interface FlowOptions {
  x: number;
  y: number;
  w: number;
  h: number;
  columns: number;
  size: number;
  minSize: number;
  color: string;
  accent: string;
  rule: string;
  shade: string;
  iconColors: Record<string, string>;
  /** The game's icons (default: only the generic ones). */
  icons?: IconSet;
  /** The face each style is set in: the bundled one, or the game's own font (font="Family"). */
  faceOf?: (style: FontStyle) => FaceName;
}

const faceFor = (o: FlowOptions, style: FontStyle): FaceName => (o.faceOf ? o.faceOf(style) : style);

interface Block {
  svg: string;
  h: number;
  /** A word wider than its column. */
  overflow?: boolean;
}

const LH = 1.25;
/** Largest share of a table's width its first (label) column may take without wrapping. */
const LABEL_SHARE = 0.45;
/** Characters without a glyph met during the current layoutFlow call. */
const missingSeen = new Set<string>();
const f = (n: number): string => (Math.round(n * 1000) / 1000).toString();

function textBlock(text: string, w: number, size: number, o: FlowOptions, style: "regular" | "bold" | "heavy" | "italic", color: string, x = 0, y = 0): Block {
  const r = layoutText(text, { x, y, w, h: 1e6 }, { size, minSize: size, style: faceFor(o, style), color, lineHeight: LH, iconColors: o.iconColors, icons: o.icons });
  for (const ch of r.missing) missingSeen.add(ch);
  return { svg: r.svg, h: r.lines * size * LH, overflow: r.overflow };
}

function tableBlock(t: FlowTable, w: number, size: number, o: FlowOptions): Block {
  const pad = size * 0.35;
  const header = t.headers && t.headers.length > 0 ? t.headers : undefined;
  const all = header ? [header, ...t.rows] : t.rows;
  const ncol = Math.max(...all.map((r) => r.length));
  // Each column gets at least its longest word; what is left goes to the columns that would
  // otherwise wrap, in proportion to how much they would like.
  const styleOf = (ri: number): "bold" | "regular" => (ri === 0 && header ? "bold" : "regular");
  const natural = Array.from({ length: ncol }, (_, c) => Math.max(size * 2, ...all.map((r, ri) => textWidth(r[c] ?? "", faceFor(o, styleOf(ri)), size, o.icons) + 2 * pad)));
  const minimum = Array.from({ length: ncol }, (_, c) =>
    Math.max(size * 2, ...all.map((r, ri) => Math.max(0, ...(r[c] ?? "").split(/\s+/).map((word) => textWidth(word, faceFor(o, styleOf(ri)), size, o.icons))) + 2 * pad)),
  );
  const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
  let widths: number[];
  let overflow = false;
  // The first column names the rows: it keeps its natural width (no wrapped labels) while that
  // takes at most this share of the table and the other columns still fit their longest words.
  const label = natural[0];
  const restMinimum = sum(minimum.slice(1));
  if (sum(natural) <= w) {
    widths = natural.map((n) => n + ((w - sum(natural)) * n) / sum(natural));
  } else if (ncol > 1 && label <= w * LABEL_SHARE && restMinimum <= w - label) {
    const want = natural.slice(1).map((n, c) => n - minimum[c + 1]);
    widths = [label, ...minimum.slice(1).map((m, c) => m + ((w - label - restMinimum) * want[c]) / Math.max(1e-9, sum(want)))];
  } else if (sum(minimum) <= w) {
    const want = natural.map((n, c) => n - minimum[c]);
    widths = minimum.map((m, c) => m + ((w - sum(minimum)) * want[c]) / Math.max(1e-9, sum(want)));
  } else {
    widths = minimum.map((m) => (m * w) / sum(minimum));
    overflow = true;
  }
  let y = 0;
  const out: string[] = [];
  all.forEach((row, ri) => {
    const isHeader = ri === 0 && header !== undefined;
    const style = isHeader ? "bold" : "regular";
    let x = 0;
    const cells = widths.map((cw, c) => {
      const b = textBlock(row[c] ?? "", cw - 2 * pad, size, o, style, o.color, x + pad, y + pad);
      x += cw;
      return b;
    });
    const rowH = Math.max(size * LH, ...cells.map((c) => c.h)) + pad * 1.4;
    if (cells.some((c) => c.overflow)) overflow = true;
    if (isHeader) out.push(`<rect x="0" y="${f(y)}" width="${f(w)}" height="${f(rowH)}" fill="${o.shade}"/>`);
    out.push(...cells.map((c) => c.svg));
    y += rowH;
    out.push(`<line x1="0" y1="${f(y)}" x2="${f(w)}" y2="${f(y)}" stroke="${o.rule}" stroke-width="0.2"/>`);
  });
  out.unshift(`<line x1="0" y1="0" x2="${f(w)}" y2="0" stroke="${o.rule}" stroke-width="0.3"/>`);
  return { svg: out.join(""), h: y, overflow };
}

function sectionBlock(s: FlowSection, w: number, size: number, o: FlowOptions): Block {
  const parts: string[] = [];
  let y = 0;
  let overflow = false;
  const add = (b: Block, gapAfter: number): void => {
    parts.push(`<g transform="translate(0 ${f(y)})">${b.svg}</g>`);
    y += b.h + gapAfter;
    if (b.overflow) overflow = true;
  };
  if (s.heading) {
    const hs = size * 1.3;
    add(textBlock(s.heading, w, hs, o, "heavy", o.accent), size * 0.35);
  }
  if (s.text) add(textBlock(s.text, w, size, o, "regular", o.color), size * 0.4);
  for (const b of s.bullets ?? []) {
    const bullet = textBlock(b, w - size * 1.1, size, o, "regular", o.color, size * 1.1, 0);
    parts.push(`<circle cx="${f(size * 0.4)}" cy="${f(y + size * 0.38)}" r="${f(size * 0.17)}" fill="${o.accent}"/>`);
    add(bullet, size * 0.2);
  }
  for (const t of [...(s.table ? [s.table] : []), ...(s.tables ?? [])]) {
    if (t.caption) add(textBlock(t.caption, w, size, o, "bold", o.accent), size * 0.2);
    add(tableBlock(t, w, size, o), size * 0.6);
  }
  if (s.note) add(textBlock(s.note, w, size * 0.8, o, "italic", o.color), size * 0.3);
  return { svg: parts.join(""), h: y, overflow };
}

/** Tables of many columns are unreadable in a narrow column: their section spans the page. */
const WIDE_TABLE_COLUMNS = 5;

function isWide(s: FlowSection): boolean {
  return [...(s.table ? [s.table] : []), ...(s.tables ?? [])].some((t) => Math.max(t.headers?.length ?? 0, ...t.rows.map((r) => r.length)) >= WIDE_TABLE_COLUMNS);
}

/**
 * Sections fill the columns top to bottom, left to right. A wide section closes the current band
 * of columns and spans the full width; the columns start again below it.
 */
function pack(sections: FlowSection[], size: number, o: FlowOptions): { svg: string; fits: boolean } {
  const gap = 6;
  const sectionGap = size * 1.1;
  const colW = (o.w - gap * (o.columns - 1)) / o.columns;
  const out: string[] = [];
  let bandTop = 0;
  let bandBottom = 0;
  let col = 0;
  let y = 0;
  let fits = true;
  for (const s of sections) {
    if (isWide(s)) {
      const b = sectionBlock(s, o.w, size, o);
      const top = col === 0 && y === 0 ? bandTop : bandBottom;
      if (top + b.h > o.h + 1e-9 || b.overflow) fits = false;
      out.push(`<g transform="translate(${f(o.x)} ${f(o.y + top)})">${b.svg}</g>`);
      bandTop = top + b.h + sectionGap;
      bandBottom = bandTop;
      col = 0;
      y = 0;
      continue;
    }
    const b = sectionBlock(s, colW, size, o);
    if (y > 0 && bandTop + y + b.h > o.h + 1e-9) {
      col += 1;
      y = 0;
    }
    if (col >= o.columns || bandTop + b.h > o.h + 1e-9 || b.overflow) fits = false;
    const x = o.x + Math.min(col, o.columns - 1) * (colW + gap);
    out.push(`<g transform="translate(${f(x)} ${f(o.y + bandTop + y)})">${b.svg}</g>`);
    y += b.h + sectionGap;
    bandBottom = Math.max(bandBottom, bandTop + y);
  }
  return { svg: out.join(""), fits };
}

export interface FlowResult {
  svg: string;
  size: number;
  overflow: boolean;
  /** Characters the bundled fonts cannot draw. */
  missing: string[];
}

export function layoutFlow(sections: FlowSection[], o: FlowOptions): FlowResult {
  missingSeen.clear();
  const r = fitFlow(sections, o);
  return { ...r, missing: [...missingSeen] };
}

function fitFlow(sections: FlowSection[], o: FlowOptions): Omit<FlowResult, "missing"> {
  const first = pack(sections, o.size, o);
  if (first.fits) return { svg: first.svg, size: o.size, overflow: false };
  const smallest = pack(sections, o.minSize, o);
  if (!smallest.fits) return { svg: smallest.svg, size: o.minSize, overflow: true };
  // Largest size that fits, to 0.02 mm: a bisection instead of many small steps.
  let lo = o.minSize;
  let hi = o.size;
  let best = smallest;
  while (hi - lo > 0.02) {
    const mid = Math.round(((lo + hi) / 2) * 1000) / 1000;
    const r = pack(sections, mid, o);
    if (r.fits) {
      lo = mid;
      best = r;
    } else {
      hi = mid;
    }
  }
  return { svg: best.svg, size: lo, overflow: false };
}
