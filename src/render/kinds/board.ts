/**
 * Boards and sheets (one-sided pieces): at true size with their bleed, packed so that no sheet of
 * paper carries one alone when it could share. Each piece goes, in this order of preference:
 * behind a one-sided piece of the same size and shape already printed (duplex: exactly at its
 * mirror, so one cut frees both and the sheet's back is no longer blank); into space another sheet
 * left free (empty card cells, the room beside or below a board) with its bleed and full crop
 * marks; else onto a new sheet, turned and placed so that the next piece fits beside or below it
 * when it can. A piece too big for the paper is tiled across sheets with an overlap strip marked
 * for gluing.
 */
import { faceKey } from "../faces";
import type { RenderComponent } from "../types";
import {
  MARK_GAP,
  MARK_MAX,
  MARK_ROOM,
  PRINT_MARGIN,
  clearOfCuts,
  cropMarks,
  footerTop,
  grow,
  markedArea,
  mirrorForBack,
  pageSize,
  type Page,
  type Paper,
  type Placement,
  type PrintOptions,
  type Rect,
  type Sheet,
} from "../page";

export const TILE_OVERLAP = 10;
/** Space between a board's crop marks and pieces placed beside or below it. */
const CLEARANCE = 2;

/** Room a board needs beyond its trim on each side inside another sheet's free space: bleed and full crop marks. */
function boardRoom(b: number): number {
  return b + MARK_GAP + MARK_MAX;
}

interface Piece {
  component: RenderComponent;
  item: RenderComponent["items"][number];
}

/** A one-sided piece already printed whose back (its mirror on the sheet's back page) is still empty. */
interface Slot {
  sheet: Sheet;
  placement: Placement;
}

function addTitle(label: string, title: string): string {
  const [names, note] = label.split(" — ");
  return names.split(" + ").includes(title) ? label : `${names} + ${title}${note === undefined ? "" : ` — ${note}`}`;
}

function placementOf(piece: Piece, x: number, y: number, opts: PrintOptions): Placement {
  const { component, item } = piece;
  const ink = opts.inkSaver ? { inkSaver: true } : {};
  return { face: faceKey(component, item), x, y, w: component.width, h: component.height, rotate: 0, clip: { shape: component.shape, grow: opts.bleedMm }, outline: false, ...ink };
}

const sameShape = (a: Placement, p: Piece): boolean =>
  a.window === undefined && a.rotate === 0 && Math.abs(a.w - p.component.width) < 1e-9 && Math.abs(a.h - p.component.height) < 1e-9 && JSON.stringify(a.clip.shape) === JSON.stringify(p.component.shape);

/**
 * Duplex: prints `piece` on the back of a sheet, exactly behind a one-sided piece of its size and
 * shape (the mirror of its place), so the front's crop marks cut both.
 */
function placeBehind(piece: Piece, slots: Slot[], paper: Paper, opts: PrintOptions): boolean {
  const i = slots.findIndex((s) => sameShape(s.placement, piece));
  if (i < 0) return false;
  const { sheet, placement: a } = slots[i];
  slots.splice(i, 1);
  const page = { ...pageSize(paper, sheet.front.landscape), landscape: sheet.front.landscape };
  const m = mirrorForBack(a, page, opts);
  const p = placementOf(piece, m.x, m.y, opts);
  const title = piece.component.title;
  if (!sheet.back) sheet.back = { landscape: sheet.front.landscape, label: `${title} (on the back)`, placements: [], lines: [], labels: [], side: "back" };
  else if (!sheet.back.label.includes(title)) sheet.back.label = `${title} (on the back) + ${sheet.back.label}`;
  sheet.back.placements.push(p);
  return true;
}

/** Whether a piece with full crop-mark room fits a free rectangle. */
function fitsFree(component: RenderComponent, r: Rect, b: number): boolean {
  const room = boardRoom(b);
  return component.width + 2 * room <= r.w + 1e-9 && component.height + 2 * room <= r.h + 1e-9;
}

/**
 * Places a piece in the free space other sheets left (empty card cells of a row, the room beside
 * or below a board), if one is big enough for it, its bleed and full-length crop marks; the space
 * it leaves is offered on.
 */
function placeInFree(piece: Piece, sheets: Sheet[], opts: PrintOptions, paper: Paper): Slot | undefined {
  const { width: w, height: h } = piece.component;
  const b = opts.bleedMm;
  const room = boardRoom(b);
  for (const sheet of sheets) {
    for (const [i, r] of sheet.free.entries()) {
      if (!fitsFree(piece.component, r, b)) continue;
      const size = pageSize(paper, sheet.front.landscape);
      const x = r.x + room;
      const y = r.y + room;
      // A trimmer cuts the whole sheet along each mark: no cut through the piece, none of its through others.
      if (!clearOfCuts(sheet.front.placements, { x, y, w, h }, true)) continue;
      const p = placementOf(piece, x, y, opts);
      sheet.front.placements.push(p);
      sheet.front.lines.push(...cropMarks([x, x + w], [y, y + h], size, b));
      sheet.front.label = addTitle(sheet.front.label, piece.component.title);
      // What is left: beside the piece (full height) and below it.
      const used = { w: w + 2 * room + CLEARANCE, h: h + 2 * room + CLEARANCE };
      const rest: Rect[] = [];
      if (r.w - used.w > 0) rest.push({ x: r.x + used.w, y: r.y, w: r.w - used.w, h: r.h });
      if (r.h - used.h > 0) rest.push({ x: r.x, y: r.y + used.h, w: Math.min(used.w, r.w), h: r.h - used.h });
      sheet.free.splice(i, 1, ...rest);
      return { sheet, placement: p };
    }
  }
  return undefined;
}

/**
 * A new sheet for one piece: at the top of the page, centred or at the left. Free space: the strip
 * beside it (full height), and the strip below it (up to that one).
 */
function newSheet(piece: Piece, paper: Paper, opts: PrintOptions, landscape: boolean, left: boolean): Sheet {
  const { component } = piece;
  const { width: w, height: h } = component;
  const b = opts.bleedMm;
  const size = pageSize(paper, landscape);
  const x = left ? MARK_ROOM : (size.w - w) / 2;
  // As high as full-length marks outside the bleed allow, never lower than centred.
  const centred = (PRINT_MARGIN + footerTop(size) - h) / 2;
  const y = Math.max(MARK_ROOM, Math.min(centred, PRINT_MARGIN + MARK_MAX + MARK_GAP + b));
  const p = placementOf(piece, x, y, opts);
  const trim = { x, y, w, h };
  const front: Page = {
    landscape,
    label: component.title,
    placements: [p],
    lines: cropMarks([x, x + w], [y, y + h], size, b),
    labels: [],
    trim,
    bleed: grow(trim, b, size),
    side: "front",
  };
  const room = boardRoom(b) + CLEARANCE;
  const below = y + h + room;
  const beside = x + w + room;
  const free: Rect[] = [];
  const besideW = size.w - PRINT_MARGIN - beside;
  if (besideW > 0) free.push({ x: beside, y: PRINT_MARGIN, w: besideW, h: footerTop(size) - PRINT_MARGIN });
  const belowW = (besideW > 0 ? beside : size.w - PRINT_MARGIN) - PRINT_MARGIN;
  if (footerTop(size) - below > 0) free.push({ x: PRINT_MARGIN, y: below, w: belowW, h: footerTop(size) - below });
  // Fold-and-glue: this page is not folded, so its free space takes only more one-sided pieces.
  return { front, free, ...(opts.layout === "fold" ? { oneSidedOnly: true } : {}) };
}

/**
 * Every board and sheet of `components` (in order), packed as the header says. `others` are the
 * sheets already imposed (cards): their free space is used and changed in place. Returns the new
 * sheets.
 */
export function imposeOneSided(components: RenderComponent[], paper: Paper, opts: PrintOptions, others: Sheet[] = []): Sheet[] {
  const pieces: Piece[] = components.flatMap((component) => component.items.flatMap((item) => Array.from({ length: item.copies }, () => ({ component, item }))));
  const added: Sheet[] = [];
  const slots: Slot[] = [];
  const duplex = opts.layout !== "fold";
  const fits = (c: RenderComponent, landscape: boolean): boolean => {
    const area = markedArea(pageSize(paper, landscape));
    return c.width <= area.w + 1e-9 && c.height <= area.h + 1e-9;
  };
  for (const [n, piece] of pieces.entries()) {
    const c = piece.component;
    if (!fits(c, false) && !fits(c, true)) {
      added.push(...tiles(c, piece.item.id, paper).map((front) => ({ front, free: [] })));
      continue;
    }
    if (duplex && placeBehind(piece, slots, paper, opts)) continue;
    const inFree = placeInFree(piece, [...others, ...added], opts, paper);
    if (inFree) {
      slots.push(inFree);
      continue;
    }
    // A new sheet, turned and placed so that the next piece fits on it too when it can (unless
    // that one goes behind this one anyway); the first that fits otherwise, upright first.
    const next = pieces[n + 1];
    const options = [
      { landscape: false, left: false },
      { landscape: true, left: false },
      { landscape: false, left: true },
      { landscape: true, left: true },
    ].filter((o) => fits(c, o.landscape));
    const made = options.map((o) => newSheet(piece, paper, opts, o.landscape, o.left));
    const behind = next !== undefined && duplex && sameShape(made[0].front.placements[0], next);
    const sharing = next === undefined || behind ? undefined : made.find((s) => s.free.some((r) => fitsFree(next.component, r, opts.bleedMm)));
    const sheet = sharing ?? made[0];
    added.push(sheet);
    slots.push({ sheet, placement: sheet.front.placements[0] });
  }
  return added;
}

function tiles(component: RenderComponent, itemId: string, paper: Paper): Page[] {
  const { width: w, height: h } = component;
  const size = pageSize(paper, false);
  const area = markedArea(size);
  const tw = area.w;
  const th = area.h;
  const nx = Math.max(1, Math.ceil((w - TILE_OVERLAP) / (tw - TILE_OVERLAP)));
  const ny = Math.max(1, Math.ceil((h - TILE_OVERLAP) / (th - TILE_OVERLAP)));
  const pages: Page[] = [];
  for (let ty = 0; ty < ny; ty++) {
    for (let tx = 0; tx < nx; tx++) {
      const ax = tx * (tw - TILE_OVERLAP);
      const ay = ty * (th - TILE_OVERLAP);
      const ww = Math.min(tw, w - ax);
      const wh = Math.min(th, h - ay);
      const x = area.x;
      const y = area.y;
      const p: Placement = {
        face: `${component.id}/${itemId}`,
        x,
        y,
        w: ww,
        h: wh,
        rotate: 0,
        clip: { shape: { type: "rect" }, grow: 0 },
        outline: false,
        window: { x: ax, y: ay, w: ww, h: wh },
      };
      const lines: Page["lines"] = cropMarks([x, x + ww], [y, y + wh], size, 0);
      const labels: Page["labels"] = [];
      // The strip this tile shares with its right/lower neighbour: glue the next tile over it.
      if (tx < nx - 1) {
        lines.push({ x1: x + ww - TILE_OVERLAP, y1: y, x2: x + ww - TILE_OVERLAP, y2: y + wh, dashed: true, kind: "overlap" });
        labels.push({ x: x + ww - TILE_OVERLAP / 2, y: y + wh / 2, text: `overlap — glue tile ${ty * nx + tx + 2} here`, size: 2.5, rotate: -90, anchor: "middle" });
      }
      if (ty < ny - 1) {
        lines.push({ x1: x, y1: y + wh - TILE_OVERLAP, x2: x + ww, y2: y + wh - TILE_OVERLAP, dashed: true, kind: "overlap" });
        labels.push({ x: x + ww / 2, y: y + wh - TILE_OVERLAP / 2, text: `overlap — glue tile ${(ty + 1) * nx + tx + 1} here`, size: 2.5, anchor: "middle" });
      }
      const trim = { x, y, w: ww, h: wh };
      pages.push({
        landscape: false,
        label: `${component.title} (tile ${ty * nx + tx + 1} of ${nx * ny}, row ${ty + 1} col ${tx + 1})`,
        placements: [p],
        lines,
        labels,
        trim,
        bleed: trim,
        side: "front",
      });
    }
  }
  return pages;
}

/** One board or sheet component on its own (see `imposeOneSided`). */
export function imposeBoards(component: RenderComponent, paper: Paper, opts: PrintOptions, others: Sheet[] = []): Sheet[] {
  return imposeOneSided([component], paper, opts, others);
}
