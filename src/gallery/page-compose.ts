/**
 * Draws one printed page at thumbnail resolution from the page model, the way src/render/pdf.ts
 * draws it: each placement's art at its box (the art's viewBox origin at the trim's top-left, a
 * board tile's window shifting the art under it), rotated around the box centre, clipped to its
 * cut shape grown by its bleed (per edge for rectangles), token outlines, then crop and cut
 * marks (white halo first where they cross art). Footer text and glue labels are left out: at
 * 2 px/mm they would be grey smudges. Pure and synchronous: pixels in, pixels out.
 */
import { pageSize, placementSides, type Line, type Page, type Paper, type Placement, type Sides } from "../render/page";
import { PT_PER_MM, type CutShape } from "../render/types";

/** A face's art as RGBA pixels covering its SVG viewBox `box` ([x, y, w, h] in mm). */
export interface FacePixels {
  width: number;
  height: number;
  data: Uint8Array;
  box: number[];
}

export interface PagePixels {
  width: number;
  height: number;
  /** RGB, row by row. */
  data: Uint8Array;
}

/**
 * A test for "is (x, y) inside the shape grown by `grow`", in the placement's unrotated frame (mm).
 * Rectangles grow per edge when `sides` are given (a piece bleeds only past its outer cuts).
 */
function insideTest(shape: CutShape, p: Placement, grow: number, sides?: Sides): (x: number, y: number) => boolean {
  const cx = p.x + p.w / 2;
  const cy = p.y + p.h / 2;
  if (shape.type === "rect") {
    const s = sides ?? { top: grow, right: grow, bottom: grow, left: grow };
    const left = p.x - s.left;
    const right = p.x + p.w + s.right;
    const top = p.y - s.top;
    const bottom = p.y + p.h + s.bottom;
    return (x, y) => x >= left && x <= right && y >= top && y <= bottom;
  }
  const rad = Math.max(0, Math.min(p.w, p.h) / 2 + grow);
  const r2 = rad * rad;
  if (shape.type === "circle") return (x, y) => (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r2;
  // A pie slice points up from the centre: its angle from "up", clockwise, within ±π/slices.
  const half = Math.PI / shape.slices;
  return (x, y) => (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r2 && Math.abs(Math.atan2(x - cx, cy - y)) <= half;
}

/** Is (x, y) within `half` mm of the cut line (the shape at grow 0)? */
function outlineTest(shape: CutShape, p: Placement, half: number): (x: number, y: number) => boolean {
  if (shape.type !== "pie") {
    const outer = insideTest(shape, p, half);
    const inner = insideTest(shape, p, -half);
    return (x, y) => outer(x, y) && !inner(x, y);
  }
  // A slice: its arc, and its two straight cuts from the centre.
  const cx = p.x + p.w / 2;
  const cy = p.y + p.h / 2;
  const rad = Math.min(p.w, p.h) / 2;
  const a = Math.PI / shape.slices;
  const edges = [-a, a].map((t) => ({ x: Math.sin(t), y: -Math.cos(t) }));
  return (x, y) => {
    const dx = x - cx;
    const dy = y - cy;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (Math.abs(d - rad) <= half && Math.abs(Math.atan2(dx, -dy)) <= a) return true;
    for (const e of edges) {
      const t = Math.max(0, Math.min(rad, dx * e.x + dy * e.y));
      const ex = dx - t * e.x;
      const ey = dy - t * e.y;
      if (ex * ex + ey * ey <= half * half) return true;
    }
    return false;
  };
}

/**
 * The common case, an upright rectangle (a card, a board tile): rows and columns of the art looked
 * up once, no per-pixel geometry. Draws what `drawPlacement` would.
 */
function drawUprightRect(out: PagePixels, scale: number, p: Placement, face: FacePixels): void {
  const s = placementSides(p);
  const x0 = Math.max(0, Math.ceil((p.x - s.left) * scale - 0.5));
  const x1 = Math.min(out.width, Math.floor((p.x + p.w + s.right) * scale - 0.5) + 1);
  const y0 = Math.max(0, Math.ceil((p.y - s.top) * scale - 0.5));
  const y1 = Math.min(out.height, Math.floor((p.y + p.h + s.bottom) * scale - 0.5) + 1);
  const [vx, vy, vw, vh] = face.box;
  const artX = (p.window ? p.x - p.window.x : p.x) + vx;
  const artY = (p.window ? p.y - p.window.y : p.y) + vy;
  const px2fx = face.width / vw;
  const px2fy = face.height / vh;
  const cols = new Int32Array(Math.max(0, x1 - x0));
  for (let px = x0; px < x1; px++) cols[px - x0] = Math.floor(((px + 0.5) / scale - artX) * px2fx);
  const data = out.data;
  const src = face.data;
  for (let py = y0; py < y1; py++) {
    const fy = Math.floor(((py + 0.5) / scale - artY) * px2fy);
    if (fy < 0 || fy >= face.height) continue;
    const row = fy * face.width;
    for (let px = x0; px < x1; px++) {
      const fx = cols[px - x0];
      if (fx < 0 || fx >= face.width) continue;
      const f = (row + fx) * 4;
      const o = (py * out.width + px) * 3;
      const alpha = src[f + 3];
      if (alpha === 255) {
        data[o] = src[f];
        data[o + 1] = src[f + 1];
        data[o + 2] = src[f + 2];
      } else if (alpha > 0) {
        const k = alpha / 255;
        for (let c = 0; c < 3; c++) data[o + c] = Math.round(src[f + c] * k + data[o + c] * (1 - k));
      }
    }
  }
}

function drawPlacement(out: PagePixels, scale: number, p: Placement, face: FacePixels | undefined): void {
  if (face !== undefined && p.rotate === 0 && !p.outline && (p.window !== undefined || p.clip.shape.type === "rect")) return drawUprightRect(out, scale, p, face);
  const cx = p.x + p.w / 2;
  const cy = p.y + p.h / 2;
  const a = (p.rotate * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const sides = placementSides(p);
  const clip = insideTest(p.window ? { type: "rect" } : p.clip.shape, p, p.clip.grow, sides);
  // The cut outline of a token, a stroke of `half` on either side of the cut.
  const half = Math.max(0.4 / PT_PER_MM, 1 / scale) / 2;
  const onOutline = p.outline ? outlineTest(p.clip.shape, p, half) : undefined;
  // Everything drawn lies within the box grown by the largest bleed; its rotated bounds on the page.
  const g = Math.max(p.clip.grow, sides.top, sides.right, sides.bottom, sides.left, half) + 1;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [p.x - g, p.y - g],
    [p.x + p.w + g, p.y - g],
    [p.x - g, p.y + p.h + g],
    [p.x + p.w + g, p.y + p.h + g],
  ]) {
    xs.push(cx + (x - cx) * cos - (y - cy) * sin);
    ys.push(cy + (x - cx) * sin + (y - cy) * cos);
  }
  const x0 = Math.max(0, Math.floor(Math.min(...xs) * scale));
  const x1 = Math.min(out.width, Math.ceil(Math.max(...xs) * scale));
  const y0 = Math.max(0, Math.floor(Math.min(...ys) * scale));
  const y1 = Math.min(out.height, Math.ceil(Math.max(...ys) * scale));
  // A window shows part of a bigger piece of art (one tile of a board): the art moves under it.
  const [vx, vy, vw, vh] = face?.box ?? [0, 0, 1, 1];
  const artX = (p.window ? p.x - p.window.x : p.x) + vx;
  const artY = (p.window ? p.y - p.window.y : p.y) + vy;
  const fw = face?.width ?? 0;
  const fh = face?.height ?? 0;
  const px2fx = fw / vw;
  const px2fy = fh / vh;
  const data = out.data;
  for (let py = y0; py < y1; py++) {
    const my = (py + 0.5) / scale - cy;
    for (let px = x0; px < x1; px++) {
      // The pixel centre, taken back into the placement's unrotated frame.
      const mx = (px + 0.5) / scale - cx;
      const qx = cx + mx * cos + my * sin;
      const qy = cy - mx * sin + my * cos;
      const o = (py * out.width + px) * 3;
      if (onOutline !== undefined && onOutline(qx, qy)) {
        data[o] = data[o + 1] = data[o + 2] = 0;
        continue;
      }
      if (!clip(qx, qy)) continue;
      if (face === undefined) {
        // No art for this face: a grey box, visibly wrong.
        data[o] = data[o + 1] = data[o + 2] = 187;
        continue;
      }
      const fx = Math.floor((qx - artX) * px2fx);
      const fy = Math.floor((qy - artY) * px2fy);
      if (fx < 0 || fy < 0 || fx >= fw || fy >= fh) continue;
      const f = (fy * fw + fx) * 4;
      const alpha = face.data[f + 3];
      if (alpha === 255) {
        data[o] = face.data[f];
        data[o + 1] = face.data[f + 1];
        data[o + 2] = face.data[f + 2];
      } else if (alpha > 0) {
        const k = alpha / 255;
        for (let c = 0; c < 3; c++) data[o + c] = Math.round(face.data[f + c] * k + data[o + c] * (1 - k));
      }
    }
  }
}

function drawLine(out: PagePixels, scale: number, l: Line, width: number, grey: number, dashed: boolean): void {
  const half = Math.max(width, 1 / scale) / 2;
  const dx = l.x2 - l.x1;
  const dy = l.y2 - l.y1;
  const len2 = dx * dx + dy * dy;
  const x0 = Math.max(0, Math.floor((Math.min(l.x1, l.x2) - half) * scale));
  const x1 = Math.min(out.width, Math.ceil((Math.max(l.x1, l.x2) + half) * scale));
  const y0 = Math.max(0, Math.floor((Math.min(l.y1, l.y2) - half) * scale));
  const y1 = Math.min(out.height, Math.ceil((Math.max(l.y1, l.y2) + half) * scale));
  for (let py = y0; py < y1; py++) {
    for (let px = x0; px < x1; px++) {
      const x = (px + 0.5) / scale;
      const y = (py + 0.5) / scale;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - l.x1) * dx + (y - l.y1) * dy) / len2));
      const ex = l.x1 + t * dx - x;
      const ey = l.y1 + t * dy - y;
      if (ex * ex + ey * ey > half * half) continue;
      // pdf.ts dashes: 2 mm on, 1.5 mm off.
      if (dashed && (t * Math.sqrt(len2)) % 3.5 >= 2) continue;
      const o = (py * out.width + px) * 3;
      out.data[o] = out.data[o + 1] = out.data[o + 2] = grey;
    }
  }
}

/** The page drawn at `pxPerMm`, white paper, RGB. */
export function composePage(page: Page, paper: Paper, faces: Map<string, FacePixels>, pxPerMm: number): PagePixels {
  const size = page.size ?? pageSize(paper, page.landscape);
  const width = Math.round(size.w * pxPerMm);
  const height = Math.round(size.h * pxPerMm);
  const out: PagePixels = { width, height, data: new Uint8Array(width * height * 3).fill(255) };
  for (const p of page.placements) drawPlacement(out, pxPerMm, p, faces.get(p.face));
  for (const l of page.lines) {
    if (l.halo) drawLine(out, pxPerMm, l, Math.max(1.3 / PT_PER_MM, 2 / pxPerMm), 255, false);
    const crop = l.kind === "crop";
    drawLine(out, pxPerMm, l, (crop ? 0.3 : 0.25) / PT_PER_MM, crop ? 0 : 0x88, l.dashed === true);
  }
  return out;
}
