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

export function imposeBoards(component: RenderComponent, paper: Paper, opts: PrintOptions): Sheet[] {
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
      if (footerTop(size) - below > 0) free.push({ x: PRINT_MARGIN, y: below, w: size.w - 2 * PRINT_MARGIN, h: footerTop(size) - below });
      sheets.push({ front, free });
    }
  }
  return sheets;
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
