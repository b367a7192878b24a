/**
 * Text layout with real font metrics: wrap to a box, shrink until it fits in width and height,
 * inline icons (`:sun:`, `{sun}` or `[sun]` tokens, or symbol glyphs like ☀), explicit line breaks (`\n`).
 * The result is finished SVG (one <text> per run, icons as vector paths), so resvg and
 * svg-to-pdfkit place every glyph at the same spot.
 */
import { measure, missingGlyphs, faceOf, capHeight, type FaceName } from "./fonts";
import { glyphIcons, hasIcon, iconSvg, type IconSet } from "./icons";
import { GENERIC_ICONS } from "../model/icons";
import { iconTokensIn, mayHoldToken } from "../model/icon-tokens";

export interface TextBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface TextOptions {
  size: number;
  /** Smallest size to try before giving up (default: 60 % of size). */
  minSize?: number;
  style?: FaceName;
  color?: string;
  align?: "start" | "middle" | "end";
  valign?: "top" | "middle" | "bottom";
  /** Line advance as a multiple of the size. */
  lineHeight?: number;
  /** Icon colours by icon name (falls back to the text colour). */
  iconColors?: Record<string, string>;
  /** The game's icons: `:name:` tokens and their glyphs (default: only the generic ones). */
  icons?: IconSet;
}

export interface TextLayout {
  svg: string;
  size: number;
  lines: number;
  overflow: boolean;
  /** Characters the font cannot draw. */
  missing: string[];
}

type Piece = { kind: "word"; text: string } | { kind: "icon"; name: string } | { kind: "break" };

const NON_ASCII = /[^\x00-\x7f]/;

export function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Splits text into words, icons and breaks. Icons glued to a word ("☀2–10") stay glued. */
export function tokenize(text: string, icons: IconSet = GENERIC_ICONS): Piece[][] {
  const glyphs = glyphIcons(icons);
  // Each inner array is one "word group": pieces with no space between them.
  const groups: Piece[][] = [];
  const paragraphs = text.replace(/\r\n?/g, "\n").split("\n");
  paragraphs.forEach((para, pi) => {
    if (pi > 0) groups.push([{ kind: "break" }]);
    for (const word of para.split(/[ \t]+/)) {
      if (word === "") continue;
      // Most words are plain text: no symbol glyph (all non-ASCII) and no icon token.
      if (!mayHoldToken(word) && !NON_ASCII.test(word)) {
        groups.push([{ kind: "word", text: word }]);
        continue;
      }
      const group: Piece[] = [];
      let rest = word;
      // Replace symbol glyphs with icon tokens, then split on tokens.
      for (const [glyph, name] of glyphs) rest = rest.split(glyph).join(`:${name}:`);
      let last = 0;
      // A token naming no icon stays text as typed ("[x]" may be plain text; validate reports it).
      for (const t of iconTokensIn(rest)) {
        if (!hasIcon(icons, t.name)) continue;
        if (t.index > last) group.push({ kind: "word", text: rest.slice(last, t.index) });
        group.push({ kind: "icon", name: t.name });
        last = t.index + t.length;
      }
      if (last < rest.length) group.push({ kind: "word", text: rest.slice(last) });
      groups.push(group);
    }
  });
  return groups;
}

const ICON_EM = 0.95; // icon width as a multiple of the font size
const ICON_GAP = 0.08;

function groupWidth(group: Piece[], style: FaceName, size: number): number {
  let w = 0;
  for (const p of group) {
    if (p.kind === "word") w += measure(p.text, style, size);
    else if (p.kind === "icon") w += size * (ICON_EM + 2 * ICON_GAP);
  }
  return w;
}

interface Line {
  groups: Piece[][];
  width: number;
}

function wrap(groups: Piece[][], style: FaceName, size: number, maxWidth: number): { lines: Line[]; tooWide: boolean } {
  const space = measure(" ", style, size);
  const lines: Line[] = [];
  let cur: Line = { groups: [], width: 0 };
  let tooWide = false;
  // Widow control: a paragraph should not end with one short word alone on its line.
  const endParagraph = (): void => {
    const prev = lines[lines.length - 1];
    if (prev === undefined || cur.groups.length !== 1 || prev.groups.length < 3 || cur.width > maxWidth * 0.25) return;
    const moved = prev.groups[prev.groups.length - 1];
    const movedW = groupWidth(moved, style, size);
    if (movedW + space + cur.width > maxWidth) return;
    prev.groups.pop();
    prev.width -= movedW + space;
    cur = { groups: [moved, ...cur.groups], width: movedW + space + cur.width };
  };
  for (const g of groups) {
    if (g[0]?.kind === "break") {
      endParagraph();
      lines.push(cur);
      cur = { groups: [], width: 0 };
      continue;
    }
    const w = groupWidth(g, style, size);
    const next = cur.groups.length === 0 ? w : cur.width + space + w;
    if (next <= maxWidth + 1e-9 || cur.groups.length === 0) {
      cur.groups.push(g);
      cur.width = next;
      if (w > maxWidth + 1e-9) tooWide = true;
    } else {
      lines.push(cur);
      cur = { groups: [g], width: w };
      if (w > maxWidth + 1e-9) tooWide = true;
    }
  }
  endParagraph();
  lines.push(cur);
  return { lines, tooWide };
}

const fmt = (n: number): string => (Math.round(n * 1000) / 1000).toString();

function lineSvg(line: Line, x: number, baseline: number, style: FaceName, size: number, color: string, iconColors: Record<string, string>, icons: IconSet): string {
  const space = measure(" ", style, size);
  const out: string[] = [];
  let cx = x;
  let run = "";
  let runX = cx;
  const flush = (): void => {
    if (run !== "") {
      out.push(`<text x="${fmt(runX)}" y="${fmt(baseline)}" ${faceOf(style).attrs} font-size="${fmt(size)}" fill="${color}">${escapeXml(run)}</text>`);
    }
    run = "";
  };
  line.groups.forEach((g, gi) => {
    if (gi > 0) {
      if (run !== "") run += " ";
      cx += space;
    }
    for (const p of g) {
      if (p.kind === "word") {
        if (run === "") runX = cx;
        run += p.text;
        cx += measure(p.text, style, size);
      } else if (p.kind === "icon") {
        flush();
        const iw = size * ICON_EM;
        const mid = baseline - (capHeight(style) * size) / 2;
        out.push(iconSvg(icons, p.name, cx + size * ICON_GAP + iw / 2, mid, iw, iconColors[p.name] ?? color));
        cx += iw + 2 * size * ICON_GAP;
      }
    }
  });
  flush();
  return out.join("");
}

/** Lays `text` into `box`, shrinking from `size` down to `minSize` until it fits. */
export function layoutText(text: string, box: TextBox, opts: TextOptions): TextLayout {
  const style = opts.style ?? "regular";
  const color = opts.color ?? "#000000";
  const lh = opts.lineHeight ?? 1.22;
  const minSize = opts.minSize ?? opts.size * 0.6;
  const icons = opts.icons ?? GENERIC_ICONS;
  const groups = tokenize(text, icons);
  let size = opts.size;
  let fit = wrap(groups, style, size, box.w);
  const fits = (lines: Line[], tooWide: boolean, s: number): boolean =>
    !tooWide && (lines.length - 1) * s * lh + s * (capHeight(style) + 0.25) <= box.h + 1e-9;
  while (!fits(fit.lines, fit.tooWide, size) && size > minSize) {
    size = Math.max(minSize, Math.round((size * 0.95) * 1000) / 1000);
    fit = wrap(groups, style, size, box.w);
  }
  const overflow = !fits(fit.lines, fit.tooWide, size);
  const blockH = (fit.lines.length - 1) * size * lh + size * capHeight(style);
  const valign = opts.valign ?? "top";
  const top = valign === "top" ? box.y : valign === "middle" ? box.y + (box.h - blockH) / 2 : box.y + box.h - blockH;
  const align = opts.align ?? "start";
  const parts = fit.lines.map((line, i) => {
    const baseline = top + capHeight(style) * size + i * size * lh;
    const x = align === "start" ? box.x : align === "middle" ? box.x + (box.w - line.width) / 2 : box.x + box.w - line.width;
    return lineSvg(line, x, baseline, style, size, color, opts.iconColors ?? {}, icons);
  });
  const words = groups.flatMap((g) => g.flatMap((p) => (p.kind === "word" ? [p.text] : [])));
  return { svg: parts.join(""), size, lines: fit.lines.length, overflow, missing: missingGlyphs(words.join(" "), style) };
}

/** Width of a single line of text with icons (for tables and headings). */
export function textWidth(text: string, style: FaceName, size: number, icons: IconSet = GENERIC_ICONS): number {
  const groups = tokenize(text, icons);
  const space = measure(" ", style, size);
  let w = 0;
  groups.forEach((g, i) => {
    w += groupWidth(g, style, size) + (i > 0 ? space : 0);
  });
  return w;
}
