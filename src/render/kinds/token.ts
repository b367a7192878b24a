/**
 * Tokens and markers: cut-out shapes with their bleed beyond the cut line and the cut outline
 * drawn. Pie slices are assembled into whole discs (one cut circle, straight cuts between slices).
 * Two-sided tokens get their backs on the back of the same sheet, mirrored like cards.
 *
 * All token components of a game are packed together, in order, first into the free space other
 * sheets left (empty card cells, the strip below a board), then onto sheets of their own: pieces
 * in rows, left to right, a row as tall as its tallest piece.
 */
import { backKey, expandCopies, faceKey } from "../faces";
import type { RenderComponent, RenderItem } from "../types";
import { FOLD_NOTE, PRINT_MARGIN, cutsOf, foldHalf, splitAtCuts, foldLine, footerTop, mirrorForBack, pageSize, type Page, type Paper, type Placement, type PrintOptions, type Rect, type Sheet } from "../page";

/** Space between two pieces' bleed. */
const GAP = 1.5;

/** One disc of slices, or one single piece: what takes a place on the page. */
interface Group {
  component: RenderComponent;
  items: RenderItem[];
}

function groupsOf(component: RenderComponent): Group[] {
  const perGroup = component.shape.type === "pie" ? component.shape.slices : 1;
  const copies = expandCopies(component);
  const out: Group[] = [];
  for (let i = 0; i < copies.length; i += perGroup) out.push({ component, items: copies.slice(i, i + perGroup) });
  return out;
}

/** Rows of pieces inside one free rectangle, filled left to right, top to bottom. */
class Shelf {
  private x: number;
  private y: number;
  private rowH = 0;
  constructor(readonly area: Rect) {
    this.x = area.x;
    this.y = area.y;
  }

  /** Top-left of a `w`×`h` box if it fits (boxes include their bleed), else undefined. */
  place(w: number, h: number): { x: number; y: number } | undefined {
    const { area } = this;
    const fits = (x: number, y: number): boolean => x + w <= area.x + area.w + 1e-9 && y + h <= area.y + area.h + 1e-9;
    let at: { x: number; y: number };
    if (fits(this.x, this.y)) at = { x: this.x, y: this.y };
    else if (this.rowH > 0 && fits(area.x, this.y + this.rowH + GAP)) {
      // Next row.
      at = { x: area.x, y: this.y + this.rowH + GAP };
      this.rowH = 0;
    } else return undefined;
    this.x = at.x + w + GAP;
    this.y = at.y;
    this.rowH = Math.max(this.rowH, h);
    return at;
  }
}

/** "Cards" + "Markers" → "Cards + Markers"; a note after " — " stays last. */
function addTitle(label: string, title: string): string {
  const [names, note] = label.split(" — ");
  return names.split(" + ").includes(title) ? label : `${names} + ${title}${note === undefined ? "" : ` — ${note}`}`;
}

function placeGroup(sheet: Sheet, group: Group, at: { x: number; y: number }, b: number, paper: Paper, opts: PrintOptions): void {
  const { component } = group;
  const { width: w, height: h } = component;
  const page = { ...pageSize(paper, sheet.front.landscape), landscape: sheet.front.landscape };
  const perGroup = component.shape.type === "pie" ? component.shape.slices : 1;
  const x = at.x + b;
  const y = at.y + b;
  const clip = { shape: component.shape, grow: b };
  sheet.front.label = addTitle(sheet.front.label, component.title);
  group.items.forEach((item, si) => {
    const rotate = (360 / perGroup) * si;
    sheet.front.placements.push({ face: faceKey(component, item), x, y, w, h, rotate, clip, outline: true, ...(opts.inkSaver ? { inkSaver: true } : {}) });
    const key = backKey(component, item);
    if (key === undefined) return;
    const m = mirrorForBack({ x, y, w, h }, page, opts);
    // A rotated slice mirrors to the opposite rotation about the flip axis.
    const backRotate = perGroup > 1 ? (m.mirrorColumns ? -rotate : 180 - rotate) : 0;
    const back: Placement = { face: key, x: m.x, y: m.y, w, h, rotate: backRotate, clip, outline: false, ...(opts.inkSaver ? { inkSaver: true } : {}) };
    // Fold-and-glue: the back goes across the fold, on the same side of the paper.
    if (opts.layout === "fold") {
      sheet.front.placements.push(back);
      return;
    }
    if (!sheet.back) sheet.back = { landscape: sheet.front.landscape, label: "", placements: [], lines: [], labels: [], side: "back" };
    sheet.back.placements.push(back);
    sheet.back.label = sheet.back.label === "" ? `${component.title} (backs)` : addTitle(sheet.back.label.replace(/ \(backs\)$/, ""), component.title) + " (backs)";
  });
}

/** A sheet of its own for tokens: the whole printable page below the top margin (fold: its left half). */
function tokenSheet(paper: Paper, opts: PrintOptions): { sheet: Sheet; area: Rect } {
  if (opts.layout === "fold") {
    const size = pageSize(paper, true);
    const half = foldHalf(size);
    const front: Page = { landscape: true, label: "", placements: [], lines: [foldLine(size)], labels: [], side: "front" };
    const area = { x: PRINT_MARGIN, y: PRINT_MARGIN, w: half.x + half.w - PRINT_MARGIN, h: footerTop(size) - PRINT_MARGIN };
    return { sheet: { front, free: [] }, area };
  }
  const size = pageSize(paper, false);
  const front: Page = { landscape: false, label: "", placements: [], lines: [], labels: [], side: "front" };
  const area = { x: PRINT_MARGIN, y: PRINT_MARGIN, w: size.w - 2 * PRINT_MARGIN, h: footerTop(size) - PRINT_MARGIN };
  return { sheet: { front, free: [] }, area };
}

/**
 * Packs every token of `components` into the free space of `sheets` (changed in place) and onto
 * new sheets as needed; returns the new sheets.
 */
export function imposeTokenGroup(components: RenderComponent[], paper: Paper, opts: PrintOptions, sheets: Sheet[] = []): Sheet[] {
  const b = opts.bleedMm;
  const shelves: { sheet: Sheet; shelf: Shelf }[] = [];
  // The free space less the page's cuts: a trimmer cuts the whole sheet along each crop mark.
  for (const sheet of sheets.filter((s) => s.oneSidedOnly !== true)) {
    const cuts = cutsOf(sheet.front.placements);
    for (const rect of sheet.free) for (const part of splitAtCuts(rect, cuts)) shelves.push({ sheet, shelf: new Shelf(part) });
  }
  const added: Sheet[] = [];
  for (const group of components.flatMap((c) => groupsOf(c))) {
    const bw = group.component.width + 2 * b;
    const bh = group.component.height + 2 * b;
    let done = false;
    for (const { sheet, shelf } of shelves) {
      const at = shelf.place(bw, bh);
      if (!at) continue;
      placeGroup(sheet, group, at, b, paper, opts);
      done = true;
      break;
    }
    if (done) continue;
    const fresh = tokenSheet(paper, opts);
    const shelf = new Shelf(fresh.area);
    const at = shelf.place(bw, bh);
    if (!at) throw new Error(`${group.component.id}: a ${group.component.width}×${group.component.height} mm piece does not fit on the paper`);
    fresh.sheet.front.label = opts.layout === "fold" ? `${group.component.title} — ${FOLD_NOTE}` : group.component.title;
    placeGroup(fresh.sheet, group, at, b, paper, opts);
    shelves.push({ sheet: fresh.sheet, shelf });
    added.push(fresh.sheet);
  }
  return added;
}

export function imposeTokens(component: RenderComponent, paper: Paper, opts: PrintOptions): Sheet[] {
  return imposeTokenGroup([component], paper, opts);
}
