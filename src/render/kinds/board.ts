/**
 * Boards and sheets: one item per sheet at true size with its bleed, in whichever orientation fits
 * with room for the crop marks and the footer; if it fits neither, it is tiled across sheets with an
 * overlap strip marked for gluing. A board stands at the top of its page so the space below it is
 * one free strip that small pieces (tokens) can use. Boards are printed on one side only.
 */
import { faceKey } from "../faces";
import type { RenderComponent } from "../types";
import {
  MARK_GAP,
  MARK_MAX,
  MARK_ROOM,
  PRINT_MARGIN,
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
/** Space between a board's crop marks and pieces placed below it. */
const CLEARANCE = 2;

/** Room a board needs beyond its trim on each side inside another sheet's free space: bleed and full crop marks. */
function boardRoom(b: number): number {
  return b + MARK_GAP + MARK_MAX;
}

/**
 * Places a board copy in the free space other sheets left (empty card cells of a row), if one is
 * big enough for it, its bleed and full-length crop marks; the space it leaves is offered on.
 */
function placeInFree(component: RenderComponent, item: RenderComponent["items"][number], sheets: Sheet[], opts: PrintOptions, paper: Paper): boolean {
  const { width: w, height: h } = component;
  const b = opts.bleedMm;
  const room = boardRoom(b);
  for (const sheet of sheets) {
    for (const [i, r] of sheet.free.entries()) {
      if (w + 2 * room > r.w + 1e-9 || h + 2 * room > r.h + 1e-9) continue;
      const size = pageSize(paper, sheet.front.landscape);
      const x = r.x + room;
      const y = r.y + room;
      sheet.front.placements.push({ face: faceKey(component, item), x, y, w, h, rotate: 0, clip: { shape: component.shape, grow: b }, outline: false });
      sheet.front.lines.push(...cropMarks([x, x + w], [y, y + h], size, b));
      const [names, note] = sheet.front.label.split(" — ");
      if (!names.split(" + ").includes(component.title)) sheet.front.label = `${names} + ${component.title}${note === undefined ? "" : ` — ${note}`}`;
      // What is left: beside the board (full height) and below it.
      const used = { w: w + 2 * room + CLEARANCE, h: h + 2 * room + CLEARANCE };
      const rest: Rect[] = [];
      if (r.w - used.w > 0) rest.push({ x: r.x + used.w, y: r.y, w: r.w - used.w, h: r.h });
      if (r.h - used.h > 0) rest.push({ x: r.x, y: r.y + used.h, w: Math.min(used.w, r.w), h: r.h - used.h });
      sheet.free.splice(i, 1, ...rest);
      return true;
    }
  }
  return false;
}

/**
 * Boards and sheets, one per sheet of paper; a board also goes into the free space of `others`
 * (the sheets already imposed, changed in place) when it fits there. Returns the new sheets.
 */
export function imposeBoards(component: RenderComponent, paper: Paper, opts: PrintOptions, others: Sheet[] = []): Sheet[] {
  const { width: w, height: h } = component;
  const b = opts.bleedMm;
  const sheets: Sheet[] = [];
  const clip = { shape: component.shape, grow: b };
  const fits = (landscape: boolean): boolean => {
    const area = markedArea(pageSize(paper, landscape));
    return w <= area.w + 1e-9 && h <= area.h + 1e-9;
  };
  for (const item of component.items) {
    for (let copy = 0; copy < item.copies; copy++) {
      if (component.kind === "board" && placeInFree(component, item, others, opts, paper)) continue;
      if (!fits(false) && !fits(true)) {
        sheets.push(...tiles(component, item.id, paper).map((front) => ({ front, free: [] })));
        continue;
      }
      const landscape = !fits(false);
      const size = pageSize(paper, landscape);
      const x = (size.w - w) / 2;
      // As high as full-length marks outside the bleed allow, never lower than centred.
      const centred = (PRINT_MARGIN + footerTop(size) - h) / 2;
      const y = Math.max(MARK_ROOM, Math.min(centred, PRINT_MARGIN + MARK_MAX + MARK_GAP + b));
      const p: Placement = { face: faceKey(component, item), x, y, w, h, rotate: 0, clip, outline: false };
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
      const below = y + h + b + MARK_GAP + MARK_MAX + CLEARANCE;
      const free: Rect[] = [];
      // Fold-and-glue: a board page is not folded, so it takes no two-sided pieces.
      if (footerTop(size) - below > 0 && opts.layout !== "fold") free.push({ x: PRINT_MARGIN, y: below, w: size.w - 2 * PRINT_MARGIN, h: footerTop(size) - below });
      sheets.push({ front, free });
    }
  }
  return component.kind === "sheet" && opts.layout !== "fold" ? backToBack(sheets, paper, opts) : sheets;
}

/**
 * One-sided sheets (reference pages) two to a sheet of paper: each second page is printed on the
 * back of the first, at the mirror of its place, when both stand the same way and are not tiled.
 */
function backToBack(sheets: Sheet[], paper: Paper, opts: PrintOptions): Sheet[] {
  const out: Sheet[] = [];
  for (let i = 0; i < sheets.length; i++) {
    const a = sheets[i];
    const next = sheets[i + 1];
    const single = (s: Sheet | undefined): boolean => s !== undefined && s.back === undefined && s.front.placements.length === 1 && s.front.placements[0].window === undefined;
    if (!single(a) || !single(next) || next!.front.landscape !== a.front.landscape) {
      out.push(a);
      continue;
    }
    const p = next!.front.placements[0];
    const size = { ...pageSize(paper, a.front.landscape), landscape: a.front.landscape };
    const m = mirrorForBack(p, size, opts);
    a.back = { landscape: a.front.landscape, label: `${next!.front.label} (second page, on the back)`, placements: [{ ...p, x: m.x, y: m.y }], lines: [], labels: [], side: "back" };
    out.push(a);
    i++;
  }
  return out;
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
