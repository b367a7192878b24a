/**
 * Draws the SVG our templates render straight into a pdfkit document, calling the same pdfkit
 * methods, with the same numbers and in the same order, as svg-to-pdfkit would, several times
 * faster (bench/paths.ts measures it against svg-to-pdfkit). Elements: svg, g, rect, circle,
 * ellipse, line, path and text with plain text; presentation attributes as attributes; colours as
 * hex. `planSvg` reads and checks the whole SVG first and throws `Unsupported` for anything else
 * (gradients, tspans, CSS, units, markers, clips, group opacity...), so nothing is drawn before the
 * caller knows this path covers the face; it then falls back to svg-to-pdfkit.
 *
 * test/render-pdf-art-direct.test.ts checks that every face of the three games, and generated
 * SVGs covering every supported feature, record byte for byte what svg-to-pdfkit records.
 */
import { pdfFontFor } from "./fonts";
import { IDENTITY, isEqual, multiply, numberList, parseTransform, pathShape, plainNumber, Shape, type Matrix } from "./svg-geometry";
import { parseSvg, Unsupported, type SvgNode } from "./svg-parse";

/* eslint-disable @typescript-eslint/no-explicit-any -- pdfkit's document internals (page, fonts) */

/** svg-to-pdfkit's colour: [r, g, b] in 0–255 and an opacity. */
type Color = [number[], number];

/** Inherited properties, resolved as svg-to-pdfkit's `get` resolves them. */
interface Style {
  fill: Color | "none";
  stroke: Color | "none";
  fillOpacity: number;
  strokeOpacity: number;
  strokeWidth: number;
  dash: number[];
  dashOffset: number;
  miterLimit: number;
  lineJoin: string;
  lineCap: string;
  fillRule: string;
  fontFamily: string;
  fontSize: number;
  bold: boolean;
  italic: boolean;
  textAnchor: string;
}

const INITIAL: Style = {
  fill: [[0, 0, 0], 1],
  stroke: "none",
  fillOpacity: 1,
  strokeOpacity: 1,
  strokeWidth: 1,
  dash: [],
  dashOffset: 0,
  miterLimit: 4,
  lineJoin: "miter",
  lineCap: "butt",
  fillRule: "nonzero",
  fontFamily: "sans-serif",
  fontSize: 16,
  bold: false,
  italic: false,
  textAnchor: "start",
};

interface ShapePlan {
  kind: "shape";
  transform: Matrix;
  shape: Shape;
  fill?: Color;
  stroke?: Color;
  style: Style;
}

interface TextPlan {
  kind: "text";
  transform: Matrix;
  /** Registered pdfkit font name (what svg-to-pdfkit's fontCallback returns). */
  font: string;
  size: number;
  x?: number;
  y?: number;
  /** Undefined for a <text> without text content (nothing is drawn, but its font is still opened). */
  text?: string;
  fill?: Color;
  stroke?: Color;
  style: Style;
}

interface GroupPlan {
  kind: "g";
  transform: Matrix;
  children: Plan[];
}

type Plan = ShapePlan | TextPlan | GroupPlan;

export interface SvgPlan {
  viewBox: number[];
  children: Plan[];
}

const PRESENTATION = new Set(["fill", "stroke", "fill-opacity", "stroke-opacity", "opacity", "stroke-width", "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit", "stroke-linejoin", "stroke-linecap", "fill-rule", "font-family", "font-size", "font-weight", "font-style", "text-anchor", "transform"]);
/** Attributes svg-to-pdfkit never reads for these elements (or that change nothing without CSS). */
const INERT = new Set(["id", "class", "xmlns", "xmlns:xlink", "version"]);
const GEOMETRY: Record<string, string[]> = {
  svg: ["width", "height", "viewBox"],
  g: [],
  rect: ["x", "y", "width", "height", "rx", "ry"],
  circle: ["cx", "cy", "r"],
  ellipse: ["cx", "cy", "rx", "ry"],
  line: ["x1", "y1", "x2", "y2"],
  path: ["d"],
  text: ["x", "y"],
};
const FONT_WEIGHT: Record<string, boolean> = { "100": false, "200": false, "300": false, "400": false, "500": false, "600": true, "700": true, "800": true, "900": true, bold: true, bolder: true, normal: false, lighter: false };
const LINE_JOINS = new Set(["miter", "round", "bevel"]);
const LINE_CAPS = new Set(["butt", "round", "square"]);
const ANCHOR_FACTOR: Record<string, number> = { start: 0, middle: 0.5, end: 1 };
const HEX6 = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;
const HEX3 = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i;

function parseColor(value: string): Color | "none" {
  if (value === "none" || value === "transparent") return "none";
  const raw = value.trim();
  let m = HEX6.exec(raw);
  if (m) return [[parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)], 1];
  m = HEX3.exec(raw);
  if (m) return [[0x11 * parseInt(m[1], 16), 0x11 * parseInt(m[2], 16), 0x11 * parseInt(m[3], 16)], 1];
  if (raw === "black") return [[0, 0, 0], 1];
  if (raw === "white") return [[255, 255, 255], 1];
  throw new Unsupported(`colour ${value}`);
}

/** An opacity as svg-to-pdfkit reads it (parseFloat, clamped), for plain numbers only. */
const opacity = (value: string): number => Math.max(0, Math.min(1, plainNumber(value)));

function keyword(value: string, allowed: Set<string>, what: string): string {
  if (!allowed.has(value)) throw new Unsupported(`${what} ${value}`);
  return value;
}

function resolveStyle(node: SvgNode, parent: Style): Style {
  const a = node.attrs;
  if (a.size === 0) return parent;
  const s: Style = { ...parent };
  for (const [key, value] of a) {
    if (value === "inherit") throw new Unsupported("inherit");
    switch (key) {
      case "fill": s.fill = parseColor(value); break;
      case "stroke": s.stroke = parseColor(value); break;
      case "fill-opacity": s.fillOpacity = opacity(value); break;
      case "stroke-opacity": s.strokeOpacity = opacity(value); break;
      case "stroke-width": {
        const w = plainNumber(value);
        if (w < 0) throw new Unsupported("negative stroke-width");
        s.strokeWidth = w;
        break;
      }
      case "stroke-dasharray": s.dash = dashArray(value); break;
      case "stroke-dashoffset": {
        const o = plainNumber(value);
        if (o < 0) throw new Unsupported("negative stroke-dashoffset");
        s.dashOffset = o;
        break;
      }
      case "stroke-miterlimit": {
        const m = plainNumber(value);
        if (m < 1) throw new Unsupported("stroke-miterlimit below 1");
        s.miterLimit = m;
        break;
      }
      case "stroke-linejoin": s.lineJoin = keyword(value, LINE_JOINS, "stroke-linejoin"); break;
      case "stroke-linecap": s.lineCap = keyword(value, LINE_CAPS, "stroke-linecap"); break;
      case "fill-rule":
        if (value !== "nonzero" && value !== "evenodd") throw new Unsupported(`fill-rule ${value}`);
        s.fillRule = value;
        break;
      case "font-family":
        if (value === "") throw new Unsupported("empty font-family");
        s.fontFamily = value;
        break;
      case "font-size": s.fontSize = plainNumber(value); break;
      case "font-weight":
        if (!(value in FONT_WEIGHT)) throw new Unsupported(`font-weight ${value}`);
        s.bold = FONT_WEIGHT[value];
        break;
      case "font-style":
        if (value !== "italic" && value !== "oblique" && value !== "normal") throw new Unsupported(`font-style ${value}`);
        s.italic = value !== "normal";
        break;
      case "text-anchor":
        if (!(value in ANCHOR_FACTOR)) throw new Unsupported(`text-anchor ${value}`);
        s.textAnchor = value;
        break;
    }
  }
  return s;
}

function dashArray(value: string): number[] {
  if (value === "none") return [];
  let parsed = numberList(value);
  let sum = 0;
  for (const n of parsed) {
    // svg-to-pdfkit drops negative lists; pdfkit throws on zero-length dashes.
    if (n <= 0) throw new Unsupported("dash of zero or negative length");
    sum += n;
  }
  if (parsed.length % 2 === 1) parsed = parsed.concat(parsed);
  return sum === 0 ? [] : parsed;
}

function checkAttributes(node: SvgNode): void {
  const geometry = GEOMETRY[node.name];
  if (geometry === undefined) throw new Unsupported(`element <${node.name}>`);
  for (const key of node.attrs.keys()) {
    if (PRESENTATION.has(key) || INERT.has(key) || geometry.includes(key)) continue;
    throw new Unsupported(`attribute ${key} on <${node.name}>`);
  }
}

/** svg-to-pdfkit's getLength for a plain number, with its default when the attribute is absent. */
function length(node: SvgNode, key: string, initial: number): number;
function length(node: SvgNode, key: string, initial: undefined): number | undefined;
function length(node: SvgNode, key: string, initial: number | undefined): number | undefined {
  const v = node.attrs.get(key);
  return v === undefined ? initial : plainNumber(v);
}

function transformOf(node: SvgNode): Matrix {
  const t = node.attrs.get("transform");
  return t === undefined ? IDENTITY : parseTransform(t);
}

/** svg-to-pdfkit's getFill / getStroke: the colour with its opacity times the element's opacity. */
function paint(color: Color | "none", paintOpacity: number, elementOpacity: number): Color | undefined {
  if (color === "none" || !elementOpacity || !paintOpacity) return undefined;
  return [color[0].slice(), color[1] * (paintOpacity * elementOpacity)];
}

/** Shapes by element and geometry: frames, pips and icons repeat across faces. Bounded for `watch`. */
const shapes = new Map<string, Shape>();

function basicShape(node: SvgNode): Shape {
  if (node.name === "path") return pathShape(node.attrs.get("d") ?? "");
  const keys = GEOMETRY[node.name];
  let key = node.name;
  for (const k of keys) key += `|${node.attrs.get(k) ?? "\u0000"}`;
  let shape = shapes.get(key);
  if (shape === undefined) {
    if (shapes.size >= 20000) shapes.clear();
    shape = newShape(node);
    shapes.set(key, shape);
  }
  return shape;
}

function newShape(node: SvgNode): Shape {
  switch (node.name) {
    case "rect": {
      const x = length(node, "x", 0);
      const y = length(node, "y", 0);
      const w = length(node, "width", 0);
      const h = length(node, "height", 0);
      let rx = length(node, "rx", undefined);
      let ry = length(node, "ry", undefined);
      if (rx === undefined && ry === undefined) rx = ry = 0;
      else if (rx === undefined) rx = ry;
      else if (ry === undefined) ry = rx;
      if (!(w > 0 && h > 0)) return new Shape();
      if (rx && ry) {
        rx = Math.min(rx, 0.5 * w);
        ry = Math.min(ry, 0.5 * h);
        return new Shape().M(x + rx, y).L(x + w - rx, y).A(rx, ry, 0, 0, 1, x + w, y + ry)
          .L(x + w, y + h - ry).A(rx, ry, 0, 0, 1, x + w - rx, y + h).L(x + rx, y + h)
          .A(rx, ry, 0, 0, 1, x, y + h - ry).L(x, y + ry).A(rx, ry, 0, 0, 1, x + rx, y).Z();
      }
      return new Shape().M(x, y).L(x + w, y).L(x + w, y + h).L(x, y + h).Z();
    }
    case "circle": {
      const cx = length(node, "cx", 0);
      const cy = length(node, "cy", 0);
      const r = length(node, "r", 0);
      return r > 0 ? new Shape().M(cx + r, cy).A(r, r, 0, 0, 1, cx - r, cy).A(r, r, 0, 0, 1, cx + r, cy).Z() : new Shape();
    }
    case "ellipse": {
      const cx = length(node, "cx", 0);
      const cy = length(node, "cy", 0);
      const rx = length(node, "rx", 0);
      const ry = length(node, "ry", 0);
      return rx > 0 && ry > 0 ? new Shape().M(cx + rx, cy).A(rx, ry, 0, 0, 1, cx - rx, cy).A(rx, ry, 0, 0, 1, cx + rx, cy).Z() : new Shape();
    }
    case "line":
      return new Shape().M(length(node, "x1", 0), length(node, "y1", 0)).L(length(node, "x2", 0), length(node, "y2", 0));
    default:
      return pathShape(node.attrs.get("d") ?? "");
  }
}

function planNode(node: SvgNode, parent: Style): Plan {
  checkAttributes(node);
  const style = resolveStyle(node, parent);
  const transform = transformOf(node);
  const elementOpacity = node.attrs.has("opacity") ? opacity(node.attrs.get("opacity")!) : 1;
  if (node.name === "svg") throw new Unsupported("nested <svg>");
  if (node.name === "g") {
    // A group with opacity is drawn through a transparency group: svg-to-pdfkit's job.
    if (elementOpacity < 1) throw new Unsupported("group opacity");
    return { kind: "g", transform, children: node.children.map((c) => planNode(c, style)) };
  }
  if (node.children.length > 0) throw new Unsupported(`<${node.name}> with child elements`);
  const fill = paint(style.fill, style.fillOpacity, elementOpacity);
  const stroke = isEqual(style.strokeWidth, 0) ? undefined : paint(style.stroke, style.strokeOpacity, elementOpacity);
  if (node.name === "text") {
    const xs = node.attrs.has("x") ? numberList(node.attrs.get("x")!) : [];
    const ys = node.attrs.has("y") ? numberList(node.attrs.get("y")!) : [];
    if (xs.length > 1 || ys.length > 1) throw new Unsupported("per-glyph text positions");
    return {
      kind: "text",
      transform,
      font: pdfFontFor(style.fontFamily, style.bold, style.italic),
      size: style.fontSize,
      x: xs[0],
      y: ys[0],
      text: node.hasText ? node.text : undefined,
      fill,
      stroke,
      style,
    };
  }
  const shape = basicShape(node);
  if (stroke !== undefined && (style.lineCap === "round" || style.lineCap === "square") && style.strokeWidth > 0) {
    // Zero-length sub-paths with caps are drawn as dots by svg-to-pdfkit.
    if (shape.subPaths().some((p) => isEqual(p.length, 0))) throw new Unsupported("zero-length capped sub-path");
  }
  return { kind: "shape", transform, shape, fill, stroke, style };
}

/** The drawing plan of `svg`, or throws `Unsupported` (nothing has been drawn yet). */
export function planSvg(svg: string): SvgPlan {
  const root = parseSvg(svg);
  if (root.name !== "svg") throw new Unsupported("root is not <svg>");
  checkAttributes(root);
  if (root.attrs.has("transform") || root.attrs.has("opacity")) throw new Unsupported("transform or opacity on the root");
  const viewBox = numberList(root.attrs.get("viewBox") ?? "");
  if (viewBox.length !== 4 || !(viewBox[2] >= 0 && viewBox[3] >= 0)) throw new Unsupported("viewBox");
  const style = resolveStyle(root, INITIAL);
  return { viewBox, children: root.children.map((c) => planNode(c, style)) };
}

/** What a text element's constructor computed: its font and glyph positions. */
interface BuiltText {
  font: any;
  glyphs: { glyph: string; x: number; y: number; width: number }[];
}

/** svg-to-pdfkit's SvgElemText constructor: opens the font and lays the glyphs out. */
function buildText(doc: any, t: TextPlan): BuiltText {
  doc.font(t.font);
  const font = doc._font;
  const glyphs: BuiltText["glyphs"] = [];
  if (t.text === undefined) return { font, glyphs };
  let rendered = t.text.replace(/[\s]+/g, " ");
  rendered = rendered.replace(/^[\s]/, "");
  rendered = rendered.replace(/[\s]$/, "");
  const size = t.size;
  const [hexes, positions] = font.encode(`${rendered}`) as [string[], Record<string, number>[]];
  let currentX = 0;
  let currentY = 0;
  let index = 0;
  const baseline = 0;
  const letterSpacing = 0;
  for (let i = 0; i < hexes.length; i++) {
    const unicode = font.unicode[parseInt(hexes[i], 16)] as number[];
    const p = positions[i];
    if (index === 0 && t.x !== undefined) currentX = t.x;
    if (index === 0 && t.y !== undefined) currentY = t.y;
    glyphs.push({
      glyph: hexes[i],
      x: currentX + (p.xOffset * size) / 1000,
      y: currentY + baseline + (p.yOffset * size) / 1000,
      width: (p.advanceWidth * size) / 1000,
    });
    index += unicode.length;
    currentX += (p.xAdvance * size) / 1000 + letterSpacing;
    currentY += (p.yAdvance * size) / 1000;
  }
  if (glyphs.length > 0) {
    const first = glyphs[0];
    const last = glyphs[glyphs.length - 1];
    const width = last.x + last.width - first.x;
    const dx = ANCHOR_FACTOR[t.style.textAnchor] * width || 0;
    for (const g of glyphs) g.x -= dx;
  }
  return { font, glyphs };
}

/** svg-to-pdfkit's validateNumber. */
const pdfNumber = (n: number): number => (n > -1e21 && n < 1e21 ? Math.round(n * 1e6) / 1e6 : 0);

function strokeSetup(doc: any, stroke: Color, width: number, s: Style): void {
  doc.strokeColor(stroke[0], stroke[1]);
  doc.lineWidth(width).miterLimit(s.miterLimit).lineJoin(s.lineJoin).lineCap(s.lineCap).dash(s.dash, { phase: s.dashOffset });
}

function drawText(doc: any, t: TextPlan, built: BuiltText): void {
  doc.save();
  doc.transform(...t.transform);
  if (t.text !== undefined && (t.fill || t.stroke)) {
    if (t.fill) doc.fillColor(t.fill[0], t.fill[1]);
    if (t.stroke && t.style.strokeWidth) strokeSetup(doc, t.stroke, t.style.strokeWidth, t.style);
    const font = built.font;
    if (!doc.page.fonts[font.id]) doc.page.fonts[font.id] = font.ref();
    doc.addContent("BT").addContent(`/${font.id} ${t.size} Tf`);
    doc.addContent(`${t.fill && t.stroke ? 2 : t.stroke ? 1 : t.fill ? 0 : 3} Tr`);
    for (const g of built.glyphs) {
      if (isEqual(g.width, 0)) continue;
      doc.addContent(`1 0 0 -1 ${pdfNumber(g.x)} ${pdfNumber(g.y)} Tm`);
      doc.addContent(`<${g.glyph}> Tj`);
    }
    doc.addContent("ET");
  }
  doc.restore();
}

function drawShape(doc: any, p: ShapePlan): void {
  doc.save();
  doc.transform(...p.transform);
  const { fill, stroke, style } = p;
  if (fill || stroke) {
    if (fill) doc.fillColor(fill[0], fill[1]);
    if (stroke) strokeSetup(doc, stroke, style.strokeWidth, style);
    for (const sub of p.shape.subPaths()) {
      if (!(sub.length > 0)) continue;
      for (const c of sub.commands) {
        if (c[0] === "move") doc.moveTo(c[1], c[2]);
        else if (c[0] === "line") doc.lineTo(c[1], c[2]);
        else if (c[0] === "curve") doc.bezierCurveTo(c[1], c[2], c[3], c[4], c[5], c[6]);
        else doc.closePath();
      }
    }
    if (fill && stroke) doc.fillAndStroke(style.fillRule);
    else if (fill) doc.fill(style.fillRule);
    else doc.stroke();
  }
  doc.restore();
}

/** svg-to-pdfkit's drawChildren: every text child is built (font opened, glyphs laid out) first. */
function drawChildren(doc: any, children: Plan[]): void {
  const built = children.map((c) => (c.kind === "text" ? buildText(doc, c) : undefined));
  children.forEach((c, i) => {
    if (c.kind === "g") {
      doc.save();
      doc.transform(...c.transform);
      drawChildren(doc, c.children);
      doc.restore();
    } else if (c.kind === "text") {
      drawText(doc, c, built[i]!);
    } else {
      drawShape(doc, c);
    }
  });
}

/**
 * Draws a plan at the document's current position as `SVGtoPDF(doc, svg, 0, 0, { width: w,
 * height: h, assumePt: true, preserveAspectRatio: "none" })` does.
 */
export function drawPlan(doc: any, plan: SvgPlan, w: number, h: number): void {
  const savedFillColor = doc._fillColor;
  doc.save().translate(0, 0).scale(1);
  // The root <svg>: clip to the viewport, then map the viewBox onto it.
  doc.save();
  doc.moveTo(0, 0).lineTo(w, 0).lineTo(w, h).lineTo(0, h).closePath();
  doc.clip();
  const [vx, vy, vw, vh] = plan.viewBox;
  const scaleX = w / vw;
  const scaleY = h / vh;
  const aspect: Matrix = [scaleX, 0, 0, scaleY, 0.5 * (w - vw * scaleX), 0.5 * (h - vh * scaleY)];
  doc.transform(...multiply(multiply(multiply(IDENTITY, [1, 0, 0, 1, 0, 0]), aspect), [1, 0, 0, 1, -vx, -vy]));
  drawChildren(doc, plan.children);
  doc.restore();
  doc.restore();
  doc._fillColor = savedFillColor;
}
