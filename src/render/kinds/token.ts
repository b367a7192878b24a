/**
 * Tokens and markers: cut-out shapes with a little bleed beyond the cut line and the cut outline
 * drawn. Pie slices are assembled into whole discs (one cut circle, straight cuts between slices).
 * Two-sided tokens get a mirrored back page like cards.
 */
import { backKey, expandCopies, faceKey } from "../faces";
import type { RenderComponent, RenderItem } from "../types";
import { PAGE_MARGIN, footerPlace, grow, pageSize, union, FOOTER_BAND, type Page, type Paper, type Placement, type PrintOptions } from "../page";

const GAP = 5;
const TOKEN_BLEED = 1.5;

interface Slot {
  item: RenderItem;
  /** Top-left of the piece box. */
  x: number;
  y: number;
  rotate: number;
}

export function imposeTokens(component: RenderComponent, paper: Paper, opts: PrintOptions): Page[] {
  const { width: w, height: h, shape } = component;
  const size = pageSize(paper, false);
  const cols = Math.max(1, Math.floor((size.w - 2 * PAGE_MARGIN + GAP) / (w + GAP)));
  const rows = Math.max(1, Math.floor((size.h - 2 * PAGE_MARGIN - FOOTER_BAND + GAP) / (h + GAP)));
  const perGroup = shape.type === "pie" ? shape.slices : 1;
  const copies = expandCopies(component);
  // Groups: one disc of slices, or one single piece.
  const groups: RenderItem[][] = [];
  for (let i = 0; i < copies.length; i += perGroup) groups.push(copies.slice(i, i + perGroup));
  const gridW = cols * w + (cols - 1) * GAP;
  const x0 = (size.w - gridW) / 2;
  const y0 = PAGE_MARGIN + 4;
  const pages: Page[] = [];
  const clip = { shape, grow: TOKEN_BLEED };
  for (let g0 = 0; g0 < groups.length; g0 += cols * rows) {
    const chunk = groups.slice(g0, g0 + cols * rows);
    const slots: Slot[] = [];
    chunk.forEach((group, gi) => {
      const x = x0 + (gi % cols) * (w + GAP);
      const y = y0 + Math.floor(gi / cols) * (h + GAP);
      group.forEach((item, si) => slots.push({ item, x, y, rotate: (360 / perGroup) * si }));
    });
    const fronts: Placement[] = slots.map((s) => ({ face: faceKey(component, s.item), x: s.x, y: s.y, w, h, rotate: s.rotate, clip, outline: true }));
    const trim = union(fronts);
    pages.push({ landscape: false, label: component.title, placements: fronts, lines: [], labels: [], trim, bleed: grow(trim, TOKEN_BLEED, size), footer: footerPlace(size, trim) });
    const backs: Placement[] = [];
    for (const s of slots) {
      const key = backKey(component, s.item);
      if (key === undefined) continue;
      const long = opts.duplex === "long";
      // Mirror the piece's box across the page's vertical (long edge) or horizontal (short edge) axis;
      // a rotated slice mirrors to the opposite rotation.
      const bx = long ? size.w - s.x - w : s.x;
      const by = long ? s.y : size.h - s.y - h;
      const rot = long ? -s.rotate : 180 - s.rotate;
      backs.push({ face: key, x: bx + opts.backOffset.x, y: by + opts.backOffset.y, w, h, rotate: perGroup > 1 ? rot : 0, clip, outline: false });
    }
    if (backs.length > 0) {
      const btrim = union(backs);
      pages.push({ landscape: false, label: `${component.title} (backs)`, placements: backs, lines: [], labels: [], trim: btrim, bleed: grow(btrim, TOKEN_BLEED, size), footer: footerPlace(size, trim) });
    }
  }
  return pages;
}
