/**
 * What a printer sees in a PDF, read back from the file: page boxes (pdf-lib reads the page
 * dictionaries), and the extent of everything drawn (pdfjs-dist's operator list, walked with its
 * transformation matrix and clip). Drawing under a clip is art (a piece clipped to its bleed);
 * drawing with no clip is a mark, outline, footer or ruler, and must stay inside the print margin.
 * All results in mm, origin at the page's top-left corner, like the page model.
 */
import { PDFDocument, PDFArray, PDFName, PDFNumber } from "pdf-lib";

const MM_PER_PT = 25.4 / 72;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PageGeometry {
  width: number;
  height: number;
  trimBox?: Box;
  bleedBox?: Box;
  /** Outermost clip regions: one per placed piece (its art with bleed). */
  pieces: Box[];
  /** Everything drawn outside any clip: crop marks, cut lines, outlines, footer, ruler. */
  marks: Box[];
  /** Closed stroked paths outside any clip: token cut outlines. */
  outlines: Box[];
  text: string;
  /** Each text run drawn, with its glyph box. */
  runs: { text: string; box: Box }[];
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function multiply(m: Matrix, n: Matrix): Matrix {
  // Applies m first, then n (PDF's row-vector convention: m × n).
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

function transformBox(m: Matrix, x0: number, y0: number, x1: number, y1: number): [number, number, number, number] {
  const pts = [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ].map(([x, y]) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * The exact extent of a path in page space: every point through the CTM, curves sampled along
 * their length (a Bézier's control points lie outside the curve, and the bounding box of a rotated
 * box is larger than the rotated shape). pdfjs path data: 0 moveTo x y, 1 lineTo x y,
 * 2 curveTo x1 y1 x2 y2 x y, 3 quadraticCurveTo x1 y1 x y, 4 closePath.
 */
function pathExtent(m: Matrix, data: ArrayLike<number>): [number, number, number, number] | undefined {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const add = (x: number, y: number): void => {
    const px = m[0] * x + m[2] * y + m[4];
    const py = m[1] * x + m[3] * y + m[5];
    x0 = Math.min(x0, px);
    y0 = Math.min(y0, py);
    x1 = Math.max(x1, px);
    y1 = Math.max(y1, py);
  };
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < data.length; ) {
    const op = data[i];
    if (op === 0 || op === 1) {
      cx = data[i + 1];
      cy = data[i + 2];
      add(cx, cy);
      i += 3;
    } else if (op === 2) {
      const [ax, ay, bx, by, ex, ey] = [data[i + 1], data[i + 2], data[i + 3], data[i + 4], data[i + 5], data[i + 6]];
      for (let s = 1; s <= 32; s++) {
        const t = s / 32;
        const u = 1 - t;
        add(u * u * u * cx + 3 * u * u * t * ax + 3 * u * t * t * bx + t * t * t * ex, u * u * u * cy + 3 * u * u * t * ay + 3 * u * t * t * by + t * t * t * ey);
      }
      [cx, cy] = [ex, ey];
      i += 7;
    } else if (op === 3) {
      const [ax, ay, ex, ey] = [data[i + 1], data[i + 2], data[i + 3], data[i + 4]];
      for (let s = 1; s <= 32; s++) {
        const t = s / 32;
        const u = 1 - t;
        add(u * u * cx + 2 * u * t * ax + t * t * ex, u * u * cy + 2 * u * t * ay + t * t * ey);
      }
      [cx, cy] = [ex, ey];
      i += 5;
    } else i += 1;
  }
  return x0 === Infinity ? undefined : [x0, y0, x1, y1];
}

function intersect(a: [number, number, number, number], b: [number, number, number, number]): [number, number, number, number] {
  return [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
}

/** PDF user space (pt, bottom-left) → page model (mm, top-left). */
function toMm(b: [number, number, number, number], pageHpt: number): Box {
  return { x: b[0] * MM_PER_PT, y: (pageHpt - b[3]) * MM_PER_PT, w: (b[2] - b[0]) * MM_PER_PT, h: (b[3] - b[1]) * MM_PER_PT };
}

function readBox(node: { lookup(name: PDFName): unknown }, name: string, pageHpt: number): Box | undefined {
  const arr = node.lookup(PDFName.of(name));
  if (!(arr instanceof PDFArray)) return undefined;
  const n = arr.asArray().map((v) => (v as PDFNumber).asNumber());
  return toMm([n[0], n[1], n[2], n[3]], pageHpt);
}

interface State {
  ctm: Matrix;
  clip?: [number, number, number, number];
}

export async function pageGeometry(bytes: Uint8Array): Promise<PageGeometry[]> {
  const lib = await PDFDocument.load(bytes, { updateMetadata: false });
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const OPS = pdfjs.OPS;
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
  const out: PageGeometry[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const [, , wpt, hpt] = page.view;
    const dict = lib.getPage(i - 1).node;
    const geo: PageGeometry = {
      width: wpt * MM_PER_PT,
      height: hpt * MM_PER_PT,
      trimBox: readBox(dict, "TrimBox", hpt),
      bleedBox: readBox(dict, "BleedBox", hpt),
      pieces: [],
      marks: [],
      outlines: [],
      text: "",
      runs: [],
    };
    const ops = await page.getOperatorList();
    const stack: State[] = [];
    let state: State = { ctm: IDENTITY };
    let pendingClip = false;
    let textMatrix: Matrix = IDENTITY;
    let fontSize = 0;
    const texts: string[] = [];
    const drawn = (b: [number, number, number, number], kind: "mark" | "outline" | "art"): void => {
      if (state.clip === undefined) (kind === "outline" ? geo.outlines : geo.marks).push(toMm(b, hpt));
    };
    for (let k = 0; k < ops.fnArray.length; k++) {
      const fn = ops.fnArray[k];
      const args = ops.argsArray[k] as unknown[];
      if (fn === OPS.save) stack.push({ ...state });
      else if (fn === OPS.restore) state = stack.pop() ?? { ctm: IDENTITY };
      else if (fn === OPS.transform) state.ctm = multiply(args as Matrix, state.ctm);
      else if (fn === OPS.paintFormXObjectBegin) {
        stack.push({ ...state });
        const [matrix, bbox] = args as [Matrix | null, number[] | null];
        if (matrix) state.ctm = multiply(matrix, state.ctm);
        if (bbox) {
          const b = transformBox(state.ctm, bbox[0], bbox[1], bbox[2], bbox[3]);
          state.clip = state.clip ? intersect(state.clip, b) : b;
        }
      } else if (fn === OPS.paintFormXObjectEnd) state = stack.pop() ?? { ctm: IDENTITY };
      else if (fn === OPS.clip || fn === OPS.eoClip) pendingClip = true;
      else if (fn === OPS.constructPath) {
        const [op, paths] = args as [number, ArrayLike<number>[] | null];
        const data = paths?.[0];
        const b = data ? pathExtent(state.ctm, data) : undefined;
        if (!b) continue;
        if (pendingClip) {
          pendingClip = false;
          if (state.clip === undefined) geo.pieces.push(toMm(b, hpt));
          state.clip = state.clip ? intersect(state.clip, b) : b;
          continue;
        }
        if (op === OPS.endPath) continue;
        // A stroked path grows by half its line width; marks are thin, so this stays within 0.2 mm.
        const closed = op === OPS.closeStroke || (b[2] - b[0] > 1 && b[3] - b[1] > 1);
        drawn(b, op === OPS.stroke && closed ? "outline" : "mark");
      } else if (fn === OPS.setTextMatrix) {
        const m = (Array.isArray(args[0]) || ArrayBuffer.isView(args[0]) ? args[0] : args) as Matrix;
        textMatrix = [m[0], m[1], m[2], m[3], m[4], m[5]];
      } else if (fn === OPS.setFont) fontSize = args[1] as number;
      else if (fn === OPS.showText) {
        const glyphs = args[0] as ({ width: number; unicode: string } | number)[];
        let advance = 0;
        let str = "";
        for (const g of glyphs) {
          if (typeof g === "number") advance -= g / 1000;
          else {
            advance += g.width / 1000;
            str += g.unicode;
          }
        }
        texts.push(str);
        // Glyph box from descender to ascender, in text space scaled by the font size.
        const m = multiply(multiply([fontSize, 0, 0, fontSize, 0, 0], textMatrix), state.ctm);
        const box = transformBox(m, 0, -0.25, advance, 0.8);
        drawn(box, "mark");
        geo.runs.push({ text: str, box: toMm(box, hpt) });
      }
    }
    geo.text = texts.join(" ");
    out.push(geo);
  }
  await doc.destroy();
  return out;
}

/** The union of boxes: the page model's own (boxes and rects share their shape). */
export { union as unionBox } from "../src/render/page";

/** Distance from a box to the nearest paper edge. */
export function edgeDistance(b: Box, page: { width: number; height: number }): number {
  return Math.min(b.x, b.y, page.width - b.x - b.w, page.height - b.y - b.h);
}
