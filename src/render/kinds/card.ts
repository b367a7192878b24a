/**
 * Cards: a grid per sheet. Trimmed layout: cards edge to edge (one cut between neighbours) with
 * their bleed beyond the outer cuts only, crop marks outside. Bleed layout: each card with its full
 * bleed, gutters between them. The grid is the largest that leaves every crop mark and the footer
 * inside the print margin (`markedArea`): 3×3 portrait poker on A4, 4×2 landscape on Letter,
 * whose 279.4 mm height leaves no printable room above and below three rows.
 *
 * Card components of the same size share sheets (`imposeCardGroup`): a small component (the 8
 * dividers, the one trump status card) fills the cells the previous one left free. Each back lands
 * behind its own front: the back page mirrors the grid about the edge the printer flips on.
 * Cells still empty on the last sheet are offered to small pieces (tokens) as free space.
 */
import { backKey, expandCopies, faceKey } from "../faces";
import type { RenderComponent, RenderItem } from "../types";
import {
  FOLD_NOTE,
  bleedRect,
  foldHalf,
  foldLine,
  cropMarks,
  cutLines,
  grow,
  markedArea,
  mirrorForBack,
  mirrorSides,
  pageSize,
  PRINT_MARGIN,
  footerTop,
  uniqueSorted,
  union,
  type Paper,
  type Placement,
  type PrintOptions,
  type Rect,
  type Sheet,
  type Sides,
} from "../page";

export interface Grid {
  landscape: boolean;
  cols: number;
  rows: number;
  gutter: number;
  x0: number;
  y0: number;
}

function fit(paper: Paper, landscape: boolean, w: number, h: number, gutter: number): Grid {
  const page = pageSize(paper, landscape);
  const area = markedArea(page);
  const cols = Math.max(1, Math.floor((area.w + gutter) / (w + gutter)));
  const rows = Math.max(1, Math.floor((area.h + gutter) / (h + gutter)));
  const gw = cols * w + (cols - 1) * gutter;
  const gh = rows * h + (rows - 1) * gutter;
  // Centred across; vertically centred between the top print margin and the footer band.
  return { landscape, cols, rows, gutter, x0: (page.w - gw) / 2, y0: (PRINT_MARGIN + footerTop(page) - gh) / 2 };
}

/**
 * Fold-and-glue: the fronts' grid in the left half of a landscape page (`foldHalf`), pushed
 * against the fold so the space left over is outside, where the crop marks go.
 */
function foldFit(paper: Paper, w: number, h: number, gutter: number): Grid {
  const page = pageSize(paper, true);
  const half = foldHalf(page);
  const cols = Math.max(1, Math.floor((half.w + gutter) / (w + gutter)));
  const rows = Math.max(1, Math.floor((half.h + gutter) / (h + gutter)));
  const gw = cols * w + (cols - 1) * gutter;
  const gh = rows * h + (rows - 1) * gutter;
  return { landscape: true, cols, rows, gutter, x0: half.x + half.w - gw, y0: (PRINT_MARGIN + footerTop(page) - gh) / 2 };
}

/** The grid with the most cards per page (portrait on a tie). */
export function gridFor(component: RenderComponent, paper: Paper, opts: PrintOptions): Grid {
  const gutter = opts.bleedLayout ? 2 * opts.bleedMm : 0;
  if (opts.layout === "fold") return foldFit(paper, component.width, component.height, gutter);
  const p = fit(paper, false, component.width, component.height, gutter);
  const l = fit(paper, true, component.width, component.height, gutter);
  return l.cols * l.rows > p.cols * p.rows ? l : p;
}

/** One physical card of a (possibly mixed) page: which component it belongs to. */
interface Piece {
  component: RenderComponent;
  item: RenderItem;
}

/** "Moon Cards", or "Divider Cards + Trump Status Card" for a page shared by components. */
function pageLabel(pieces: Piece[]): string {
  const titles: string[] = [];
  for (const p of pieces) if (!titles.includes(p.component.title)) titles.push(p.component.title);
  return titles.join(" + ");
}

export function imposeCards(component: RenderComponent, paper: Paper, opts: PrintOptions): Sheet[] {
  return imposeCardGroup([component], paper, opts);
}

/**
 * Cards of several components of one size on shared sheets, in order. The grid (and so the cut
 * positions) is the same for all of them; clip, faces and backs are each piece's own.
 */
export function imposeCardGroup(components: RenderComponent[], paper: Paper, opts: PrintOptions): Sheet[] {
  const first = components[0];
  for (const c of components) {
    if (c.width !== first.width || c.height !== first.height) throw new Error(`card components ${first.id} and ${c.id} differ in size: they cannot share pages`);
  }
  const grid = gridFor(first, paper, opts);
  const { width: w, height: h } = first;
  const page = { ...pageSize(paper, grid.landscape), landscape: grid.landscape };
  const copies: Piece[] = components.flatMap((component) => expandCopies(component).map((item) => ({ component, item })));
  const perPage = grid.cols * grid.rows;
  const b = opts.bleedMm;
  const cellRect = (i: number): Rect => {
    const col = i % grid.cols;
    const row = Math.floor(i / grid.cols);
    return { x: grid.x0 + col * (w + grid.gutter), y: grid.y0 + row * (h + grid.gutter), w, h };
  };
  const xs: number[] = [];
  const ys: number[] = [];
  for (let c = 0; c < grid.cols; c++) xs.push(grid.x0 + c * (w + grid.gutter), grid.x0 + c * (w + grid.gutter) + w);
  for (let r = 0; r < grid.rows; r++) ys.push(grid.y0 + r * (h + grid.gutter), grid.y0 + r * (h + grid.gutter) + h);
  const cutsX = uniqueSorted(xs);
  const cutsY = uniqueSorted(ys);

  const sheets: Sheet[] = [];
  for (let start = 0; start < copies.length; start += perPage) {
    const chunk = copies.slice(start, start + perPage);
    const used = (col: number, row: number): boolean =>
      col >= 0 && row >= 0 && col < grid.cols && row < grid.rows && row * grid.cols + col < chunk.length;
    // Bleed on every side in the bleed layout; in the trimmed layout only where no card touches.
    const sidesOf = (i: number): Sides => {
      if (opts.bleedLayout) return { top: b, right: b, bottom: b, left: b };
      const col = i % grid.cols;
      const row = Math.floor(i / grid.cols);
      return {
        top: used(col, row - 1) ? 0 : b,
        right: used(col + 1, row) ? 0 : b,
        bottom: used(col, row + 1) ? 0 : b,
        left: used(col - 1, row) ? 0 : b,
      };
    };
    const fronts: Placement[] = chunk.map(({ component, item }, i) => ({
      face: faceKey(component, item),
      ...cellRect(i),
      rotate: 0,
      clip: { shape: component.shape, grow: b, sides: sidesOf(i) },
      outline: false,
      ...(opts.inkSaver ? { inkSaver: true } : {}),
    }));
    const fold = opts.layout === "fold";
    // Fold-and-glue: the sheet is cut after folding, from the fronts' side, along the marks above,
    // below and left of the fronts, the column nearest the fold included (marks right of the
    // fronts would stand in the fold).
    const gridRight = cutsX[cutsX.length - 1];
    const marks = cropMarks(cutsX, cutsY, page, b).filter((l) => !fold || l.x1 === l.x2 || Math.min(l.x1, l.x2) < gridRight);
    const lines = [...marks, ...(opts.cutLines ? cutLines(cutsX, cutsY, fold ? { ...page, w: page.w / 2 } : page, fronts.map(bleedRect)) : [])];
    if (fold) lines.push(foldLine(page));
    const trim = union(fronts);
    const label = fold ? `${pageLabel(chunk)} — ${FOLD_NOTE}` : pageLabel(chunk);
    const front = { landscape: grid.landscape, label, placements: fronts, lines, labels: [], trim, bleed: grow(trim, b, page), side: "front" as const };

    const backs: Placement[] = [];
    const backed: Piece[] = [];
    chunk.forEach(({ component, item }, i) => {
      const key = backKey(component, item);
      if (key === undefined) return;
      const m = mirrorForBack(cellRect(i), page, opts);
      backs.push({ face: key, x: m.x, y: m.y, w, h, rotate: 0, clip: { shape: component.shape, grow: b, sides: mirrorSides(sidesOf(i), m.mirrorColumns) }, outline: false, ...(opts.inkSaver ? { inkSaver: true } : {}) });
      backed.push({ component, item });
    });
    // Fold-and-glue: the backs are on the same side of the paper, across the fold.
    if (fold) {
      fronts.push(...backs);
      backs.length = 0;
    }
    const btrim = backs.length > 0 ? union(backs) : undefined;
    const back = btrim && { landscape: grid.landscape, label: `${pageLabel(backed)} (backs)`, placements: backs, lines: [], labels: [], trim: btrim, bleed: grow(btrim, b, page), side: "back" as const };
    // Each empty cell, less the neighbours' bleed, can take small pieces (not when cut lines run
    // through). Cells are offered one by one, never merged: the cards' cuts run the whole page, and
    // a piece across two cells would be sliced by the cut between them.
    const free: Rect[] = [];
    if (!opts.cutLines) {
      for (let i = chunk.length; i < perPage; i++) {
        const c = cellRect(i);
        free.push({ x: c.x + b, y: c.y + b, w: c.w - 2 * b, h: c.h - 2 * b });
      }
    }
    sheets.push({ front, back, free });
  }
  return sheets;
}
