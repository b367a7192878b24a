/**
 * Boards and sheets: one item per page at true size, in whichever orientation fits; if it fits
 * neither, it is tiled across pages with an overlap strip marked for gluing.
 */
import { faceKey } from "../faces";
import type { RenderComponent } from "../types";
import { PAGE_MARGIN, FOOTER_BAND, cropMarks, footerPlace, grow, pageSize, type Page, type Paper, type PrintOptions, type Placement } from "../page";

export const TILE_OVERLAP = 10;

export function imposeBoards(component: RenderComponent, paper: Paper, _opts: PrintOptions): Page[] {
  const { width: w, height: h } = component;
  const pages: Page[] = [];
  const clip = { shape: component.shape, grow: 0 };
  const fits = (landscape: boolean): boolean => {
    const s = pageSize(paper, landscape);
    return w <= s.w - 2 * PAGE_MARGIN && h <= s.h - 2 * PAGE_MARGIN - FOOTER_BAND;
  };
  for (const item of component.items) {
    for (let copy = 0; copy < item.copies; copy++) {
      if (fits(false) || fits(true)) {
        const landscape = !fits(false);
        const size = pageSize(paper, landscape);
        const x = (size.w - w) / 2;
        const y = Math.max(PAGE_MARGIN, (size.h - FOOTER_BAND - h) / 2);
        const p: Placement = { face: faceKey(component, item), x, y, w, h, rotate: 0, clip, outline: false };
        const trim = { x, y, w, h };
        pages.push({ landscape, label: component.title, placements: [p], lines: cropMarks([x, x + w], [y, y + h], size), labels: [], trim, bleed: trim, footer: footerPlace(size, trim) });
        continue;
      }
      pages.push(...tiles(component, item.id, paper));
    }
  }
  return pages;
}

function tiles(component: RenderComponent, itemId: string, paper: Paper): Page[] {
  const { width: w, height: h } = component;
  const size = pageSize(paper, false);
  const tw = size.w - 2 * PAGE_MARGIN;
  const th = size.h - 2 * PAGE_MARGIN - FOOTER_BAND;
  const nx = Math.max(1, Math.ceil((w - TILE_OVERLAP) / (tw - TILE_OVERLAP)));
  const ny = Math.max(1, Math.ceil((h - TILE_OVERLAP) / (th - TILE_OVERLAP)));
  const pages: Page[] = [];
  for (let ty = 0; ty < ny; ty++) {
    for (let tx = 0; tx < nx; tx++) {
      const ax = tx * (tw - TILE_OVERLAP);
      const ay = ty * (th - TILE_OVERLAP);
      const ww = Math.min(tw, w - ax);
      const wh = Math.min(th, h - ay);
      const x = PAGE_MARGIN;
      const y = PAGE_MARGIN;
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
      const lines: Page["lines"] = [];
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
        bleed: grow(trim, 0, size),
        footer: footerPlace(size, trim),
      });
    }
  }
  return pages;
}
