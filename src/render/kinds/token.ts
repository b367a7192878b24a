/**
 * Tokens and markers: cut-out shapes with a little bleed beyond the cut line and the cut outline
 * drawn. Pie slices are assembled into whole discs (one cut circle, straight cuts between slices).
 * Two-sided tokens get a mirrored back page like cards.
 *
 * All token components of a game share pages (`imposeTokenGroup`): pieces are laid in rows, left
 * to right, a row as tall as its tallest piece, so three small markers and four discs of point
 * tokens take one sheet, not one each.
 */
import { backKey, expandCopies, faceKey } from "../faces";
import type { RenderComponent, RenderItem } from "../types";
import { PAGE_MARGIN, footerPlace, grow, pageSize, union, FOOTER_BAND, type Page, type Paper, type Placement, type PrintOptions } from "../page";

const GAP = 5;
const TOKEN_BLEED = 1.5;

/** One disc of slices, or one single piece: what takes a place on the page. */
interface Group {
  component: RenderComponent;
  items: RenderItem[];
}

interface Slot {
  component: RenderComponent;
  item: RenderItem;
  /** Top-left of the piece box. */
  x: number;
  y: number;
  rotate: number;
  /** Slices per disc (1 for a whole piece). */
  perGroup: number;
}

function groupsOf(component: RenderComponent): Group[] {
  const perGroup = component.shape.type === "pie" ? component.shape.slices : 1;
  const copies = expandCopies(component);
  const out: Group[] = [];
  for (let i = 0; i < copies.length; i += perGroup) out.push({ component, items: copies.slice(i, i + perGroup) });
  return out;
}

/** "Moon Markers", or "Moon Markers + Point Tokens" for a shared page. */
function pageLabel(slots: Slot[]): string {
  const titles: string[] = [];
  for (const s of slots) if (!titles.includes(s.component.title)) titles.push(s.component.title);
  return titles.join(" + ");
}

export function imposeTokens(component: RenderComponent, paper: Paper, opts: PrintOptions): Page[] {
  return imposeTokenGroup([component], paper, opts);
}

export function imposeTokenGroup(components: RenderComponent[], paper: Paper, opts: PrintOptions): Page[] {
  const size = pageSize(paper, false);
  const usableW = size.w - 2 * PAGE_MARGIN;
  const top = PAGE_MARGIN + 4;
  const bottom = size.h - PAGE_MARGIN - FOOTER_BAND;
  const groups = components.flatMap((c) => groupsOf(c));

  // Rows of groups, pages of rows.
  type Row = { groups: Group[]; w: number; h: number };
  const pagesOfRows: Row[][] = [];
  let rows: Row[] = [];
  let used = 0;
  let row: Row = { groups: [], w: 0, h: 0 };
  const closeRow = (): void => {
    if (row.groups.length === 0) return;
    const needed = (rows.length > 0 ? GAP : 0) + row.h;
    if (rows.length > 0 && top + used + needed > bottom) {
      pagesOfRows.push(rows);
      rows = [];
      used = 0;
    }
    used += (rows.length > 0 ? GAP : 0) + row.h;
    rows.push(row);
    row = { groups: [], w: 0, h: 0 };
  };
  for (const g of groups) {
    const { width: w, height: h } = g.component;
    const wider = row.w + (row.groups.length > 0 ? GAP : 0) + w;
    if (row.groups.length > 0 && wider > usableW) closeRow();
    row.w += (row.groups.length > 0 ? GAP : 0) + w;
    row.h = Math.max(row.h, h);
    row.groups.push(g);
  }
  closeRow();
  if (rows.length > 0) pagesOfRows.push(rows);

  const pages: Page[] = [];
  for (const pageRows of pagesOfRows) {
    // The block of rows is centred across the page, as wide as its widest row.
    const x0 = (size.w - Math.max(...pageRows.map((r) => r.w))) / 2;
    const slots: Slot[] = [];
    let y = top;
    for (const r of pageRows) {
      let x = x0;
      for (const g of r.groups) {
        const perGroup = g.component.shape.type === "pie" ? g.component.shape.slices : 1;
        g.items.forEach((item, si) => slots.push({ component: g.component, item, x, y, rotate: (360 / perGroup) * si, perGroup }));
        x += g.component.width + GAP;
      }
      y += r.h + GAP;
    }
    const clip = (c: RenderComponent) => ({ shape: c.shape, grow: TOKEN_BLEED });
    const fronts: Placement[] = slots.map((s) => ({
      face: faceKey(s.component, s.item), x: s.x, y: s.y, w: s.component.width, h: s.component.height, rotate: s.rotate, clip: clip(s.component), outline: true,
    }));
    const trim = union(fronts);
    pages.push({ landscape: false, label: pageLabel(slots), placements: fronts, lines: [], labels: [], trim, bleed: grow(trim, TOKEN_BLEED, size), footer: footerPlace(size, trim) });
    const backs: Placement[] = [];
    const backed: Slot[] = [];
    for (const s of slots) {
      const key = backKey(s.component, s.item);
      if (key === undefined) continue;
      const { width: w, height: h } = s.component;
      const long = opts.duplex === "long";
      // Mirror the piece's box across the page's vertical (long edge) or horizontal (short edge) axis;
      // a rotated slice mirrors to the opposite rotation.
      const bx = long ? size.w - s.x - w : s.x;
      const by = long ? s.y : size.h - s.y - h;
      const rot = long ? -s.rotate : 180 - s.rotate;
      backs.push({ face: key, x: bx + opts.backOffset.x, y: by + opts.backOffset.y, w, h, rotate: s.perGroup > 1 ? rot : 0, clip: clip(s.component), outline: false });
      backed.push(s);
    }
    if (backs.length > 0) {
      const btrim = union(backs);
      pages.push({ landscape: false, label: `${pageLabel(backed)} (backs)`, placements: backs, lines: [], labels: [], trim: btrim, bleed: grow(btrim, TOKEN_BLEED, size), footer: footerPlace(size, trim) });
    }
  }
  return pages;
}
