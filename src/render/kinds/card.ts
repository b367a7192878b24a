/**
 * Cards: a grid per page. Trimmed layout: cards edge to edge (one cut between neighbours), 3×3
 * poker on portrait A4/Letter, crop marks outside. Bleed layout: landscape, each card with its
 * bleed (shared in the gutter when the paper is tight). Back pages follow each front page with the
 * grid mirrored for the flip edge and shifted by the back offset.
 *
 * Card components of the same size share pages (`imposeCardGroup`): a small component (the 8
 * dividers, the one trump status card) fills the cells the previous one left free instead of
 * taking a front and a back page of its own. Each back still lands behind its own front.
 */
import { backKey, expandCopies, faceKey } from "../faces";
import { BLEED_MM, type RenderComponent, type RenderItem } from "../types";
import { PAGE_MARGIN, cropMarks, cutLines, footerPlace, grow, pageSize, uniqueSorted, union, type Page, type Paper, type Placement, type PrintOptions } from "../page";

interface Grid {
  landscape: boolean;
  cols: number;
  rows: number;
  gutter: number;
  x0: number;
  y0: number;
}

function fit(paper: Paper, landscape: boolean, w: number, h: number, gutter: number): Grid {
  const { w: pw, h: ph } = pageSize(paper, landscape);
  const usableW = pw - 2 * PAGE_MARGIN;
  const usableH = ph - 2 * PAGE_MARGIN;
  const cols = Math.max(1, Math.floor((usableW + gutter) / (w + gutter)));
  const rows = Math.max(1, Math.floor((usableH + gutter) / (h + gutter)));
  const gw = cols * w + (cols - 1) * gutter;
  const gh = rows * h + (rows - 1) * gutter;
  return { landscape, cols, rows, gutter, x0: (pw - gw) / 2, y0: (ph - gh) / 2 };
}

export function gridFor(component: RenderComponent, paper: Paper, opts: PrintOptions): Grid {
  const { width: w, height: h } = component;
  if (!opts.bleedLayout) {
    const p = fit(paper, false, w, h, 0);
    const l = fit(paper, true, w, h, 0);
    return l.cols * l.rows > p.cols * p.rows ? l : p;
  }
  // Bleed layout: landscape; gutter = both bleeds, shrunk (shared) if that costs a column.
  const full = fit(paper, true, w, h, 2 * BLEED_MM);
  const tight = fit(paper, true, w, h, 0);
  if (tight.cols * tight.rows <= full.cols * full.rows) return full;
  const { w: pw } = pageSize(paper, true);
  const gutter = Math.max(0, (pw - 2 * PAGE_MARGIN - tight.cols * w) / Math.max(1, tight.cols - 1));
  return fit(paper, true, w, h, Math.min(2 * BLEED_MM, gutter));
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

export function imposeCards(component: RenderComponent, paper: Paper, opts: PrintOptions): Page[] {
  return imposeCardGroup([component], paper, opts);
}

/**
 * Cards of several components of one size on shared pages, in order. The grid (and so the cut
 * positions) is the same for all of them; clip, faces and backs are each piece's own.
 */
export function imposeCardGroup(components: RenderComponent[], paper: Paper, opts: PrintOptions): Page[] {
  const first = components[0];
  for (const c of components) {
    if (c.width !== first.width || c.height !== first.height) throw new Error(`card components ${first.id} and ${c.id} differ in size: they cannot share pages`);
  }
  const grid = gridFor(first, paper, opts);
  const { width: w, height: h } = first;
  const size = pageSize(paper, grid.landscape);
  const copies: Piece[] = components.flatMap((component) => expandCopies(component).map((item) => ({ component, item })));
  const perPage = grid.cols * grid.rows;
  const pages: Page[] = [];
  const showBleed = opts.bleedLayout ? Math.min(BLEED_MM, grid.gutter / 2) : 0;
  const clipOf = (component: RenderComponent) => ({ shape: component.shape, grow: showBleed });
  for (let start = 0; start < copies.length; start += perPage) {
    const chunk = copies.slice(start, start + perPage);
    const cell = (i: number): { x: number; y: number; col: number; row: number } => {
      const col = i % grid.cols;
      const row = Math.floor(i / grid.cols);
      return { col, row, x: grid.x0 + col * (w + grid.gutter), y: grid.y0 + row * (h + grid.gutter) };
    };
    const fronts: Placement[] = chunk.map(({ component, item }, i) => {
      const { x, y } = cell(i);
      return { face: faceKey(component, item), x, y, w, h, rotate: 0, clip: clipOf(component), outline: false };
    });
    const xs: number[] = [];
    const ys: number[] = [];
    for (let c = 0; c < grid.cols; c++) xs.push(grid.x0 + c * (w + grid.gutter), grid.x0 + c * (w + grid.gutter) + w);
    for (let r = 0; r < grid.rows; r++) ys.push(grid.y0 + r * (h + grid.gutter), grid.y0 + r * (h + grid.gutter) + h);
    const cutsX = uniqueSorted(xs);
    const cutsY = uniqueSorted(ys);
    const lines = [...cropMarks(cutsX, cutsY, size), ...(opts.cutLines ? cutLines(cutsX, cutsY, size) : [])];
    const trim = union(fronts);
    const bleed = grow(trim, showBleed > 0 ? showBleed : 0, size);
    pages.push({ landscape: grid.landscape, label: pageLabel(chunk), placements: fronts, lines, labels: [], trim, bleed, footer: footerPlace(size, trim) });

    const backs: Placement[] = [];
    const backed: Piece[] = [];
    chunk.forEach(({ component, item }, i) => {
      const key = backKey(component, item);
      if (key === undefined) return;
      const { col, row } = cell(i);
      // The sheet turns over about the paper edge the printer flips on: the long edge is vertical
      // on a portrait page (columns mirror) and horizontal on a landscape page (rows mirror).
      const mirrorColumns = (opts.duplex === "long") !== grid.landscape;
      const bc = mirrorColumns ? grid.cols - 1 - col : col;
      const br = mirrorColumns ? row : grid.rows - 1 - row;
      backs.push({
        face: key,
        x: grid.x0 + bc * (w + grid.gutter) + opts.backOffset.x,
        y: grid.y0 + br * (h + grid.gutter) + opts.backOffset.y,
        w,
        h,
        rotate: 0,
        clip: clipOf(component),
        outline: false,
      });
      backed.push({ component, item });
    });
    if (backs.length > 0) {
      const btrim = union(backs);
      pages.push({
        landscape: grid.landscape,
        label: `${pageLabel(backed)} (backs)`,
        placements: backs,
        lines: [],
        labels: [],
        trim: btrim,
        bleed: grow(btrim, showBleed, size),
        footer: footerPlace(size, trim),
      });
    }
  }
  return pages;
}
