/**
 * Reading rendered faces as a player sees them: every <text> with its size, colour and box on the
 * face, and the colours drawn underneath it (the face rasterised with its text removed).
 */
import { Resvg } from "@resvg/resvg-js";
import { renderFace } from "../src/render/face";
import { listFaces } from "../src/render/faces";
import { ALL_FONT_FILES, capHeight, measure, type FontStyle } from "../src/render/fonts";
import { parseSvg, type SvgNode } from "../src/render/svg-parse";
import { IDENTITY, multiply, parseTransform, type Matrix } from "../src/render/svg-geometry";
import { game, templates } from "./render-support";

export const MM_PER_PT = 25.4 / 72;

export interface PrintedFace {
  /** game/component/item (back) */
  name: string;
  /** The component's kind: card, token, board or sheet. */
  kind: string;
  svg: string;
  /** The root viewBox: x, y, width, height in mm. */
  viewBox: [number, number, number, number];
}

export interface PrintedText {
  face: string;
  text: string;
  style: FontStyle;
  /** Font size on the face in mm (after transforms). */
  size: number;
  fill: string;
  /** Axis-aligned box of the glyphs' cap height × advance, in face mm. */
  box: { x0: number; y0: number; x1: number; y1: number };
  /** Baseline position and advance in the text's own coordinates, and the matrix to the face. */
  x: number;
  y: number;
  width: number;
  matrix: Matrix;
}

const cache = new Map<string, PrintedFace[]>();

/** Every printable side of a shipped game, rendered from data/ and templates/. */
export function printedFaces(gameId: string): PrintedFace[] {
  let faces = cache.get(gameId);
  if (faces === undefined) {
    const g = game(gameId);
    const t = templates();
    faces = listFaces(g).map((ref) => {
      const svg = renderFace(t, g, ref).svg;
      const vb = /viewBox="([^"]+)"/.exec(svg)![1].split(/\s+/).map(Number) as PrintedFace["viewBox"];
      return { name: `${gameId}/${ref.component.id}/${ref.item.id}${ref.side === "back" ? " (back)" : ""}`, kind: ref.component.kind, svg, viewBox: vb };
    });
    cache.set(gameId, faces);
  }
  return faces;
}

function styleOf(n: SvgNode): FontStyle {
  const weight = n.attrs.get("font-weight");
  if (weight === "800") return "heavy";
  if (weight === "bold" || weight === "700") return "bold";
  if (n.attrs.get("font-style") === "italic") return "italic";
  return "regular";
}

const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

/** Every <text> of a face, in paint order. */
export function textsOf(face: PrintedFace): PrintedText[] {
  const out: PrintedText[] = [];
  const walk = (n: SvgNode, parent: Matrix): void => {
    const own = n.attrs.get("transform");
    const m = own === undefined ? parent : multiply(parent, parseTransform(own));
    if (n.name === "text") {
      const style = styleOf(n);
      const localSize = Number(n.attrs.get("font-size"));
      const x = Number(n.attrs.get("x") ?? 0);
      const y = Number(n.attrs.get("y") ?? 0);
      const width = measure(n.text, style, localSize);
      const top = y - capHeight(style) * localSize;
      const corners = [apply(m, x, top), apply(m, x + width, top), apply(m, x, y), apply(m, x + width, y)];
      const xs = corners.map((c) => c[0]);
      const ys = corners.map((c) => c[1]);
      out.push({
        face: face.name,
        text: n.text,
        style,
        size: localSize * Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2])),
        fill: (n.attrs.get("fill") ?? "#000000").toLowerCase(),
        box: { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) },
        x,
        y,
        width,
        matrix: m,
      });
    }
    for (const c of n.children) walk(c, m);
  };
  walk(parseSvg(face.svg), IDENTITY);
  return out;
}

/** WCAG 2 relative luminance of an sRGB colour given as 0..255 channels. */
export function luminance(r: number, g: number, b: number): number {
  const lin = (c: number): number => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function hexChannels(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

/** WCAG 2 contrast ratio (1..21) of two luminances. */
export function contrast(l1: number, l2: number): number {
  const [hi, lo] = l1 > l2 ? [l1, l2] : [l2, l1];
  return (hi + 0.05) / (lo + 0.05);
}

export interface Backdrop {
  width: number;
  height: number;
  /** Pixels per mm. */
  scale: number;
  pixels: Uint8Array;
  viewBox: PrintedFace["viewBox"];
}

/** The face rasterised without any text: what each text is printed on. */
export function backdropOf(face: PrintedFace, pxPerMm = 5): Backdrop {
  const bare = face.svg.replace(/<text\b[^>]*>[^<]*<\/text>/g, "");
  const width = Math.round(face.viewBox[2] * pxPerMm);
  const img = new Resvg(bare, { fitTo: { mode: "width", value: width }, font: { fontFiles: ALL_FONT_FILES, loadSystemFonts: false }, shapeRendering: 2 }).render();
  return { width: img.width, height: img.height, scale: img.width / face.viewBox[2], pixels: img.pixels, viewBox: face.viewBox };
}

/**
 * Contrast of a text's fill against every backdrop pixel inside its glyph box (composited on
 * white, as on paper), sorted from worst to best.
 */
export function contrastsUnder(text: PrintedText, backdrop: Backdrop): Float64Array {
  const fill = luminance(...hexChannels(text.fill));
  const toPx = (mm: number, origin: number): number => (mm - origin) * backdrop.scale;
  const px0 = Math.max(0, Math.floor(toPx(text.box.x0, backdrop.viewBox[0])));
  const px1 = Math.min(backdrop.width - 1, Math.ceil(toPx(text.box.x1, backdrop.viewBox[0])));
  const py0 = Math.max(0, Math.floor(toPx(text.box.y0, backdrop.viewBox[1])));
  const py1 = Math.min(backdrop.height - 1, Math.ceil(toPx(text.box.y1, backdrop.viewBox[1])));
  const out = new Float64Array(Math.max(0, (px1 - px0 + 1) * (py1 - py0 + 1)));
  const seen = new Map<number, number>();
  const px = backdrop.pixels;
  let k = 0;
  for (let py = py0; py <= py1; py++) {
    for (let x = px0; x <= px1; x++) {
      const i = (py * backdrop.width + x) * 4;
      const key = px[i] * 16777216 + px[i + 1] * 65536 + px[i + 2] * 256 + px[i + 3];
      let c = seen.get(key);
      if (c === undefined) {
        // resvg's pixels are premultiplied: add the white paper showing through.
        const white = 255 - px[i + 3];
        c = contrast(fill, luminance(Math.min(255, px[i] + white), Math.min(255, px[i + 1] + white), Math.min(255, px[i + 2] + white)));
        seen.set(key, c);
      }
      out[k++] = c;
    }
  }
  return out.sort();
}
