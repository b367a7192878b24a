/**
 * Every SVG that reaches a renderer — a face as its template rendered it, card art, icons — is read
 * here with a real XML parser (saxes: namespaces, positions, no DTDs) into a small tree, checked,
 * and written back out. Renderers only ever get the written-back text, so what was checked is what
 * is drawn (src/model, as `validate` checks card art and icons with it): an attribute holding ">" or the xlink namespace bound to an odd prefix cannot hide a
 * reference from the checks, because the checks read the same tree the output is made of.
 *
 * Checked while reading: no DOCTYPE (so no entities beyond XML's five), no <script>,
 * <foreignObject>, embedded documents, animation or event attributes; every href that is not on
 * an <image>/<feImage> is a #reference inside the document; every CSS url() is a #reference, no
 * @import; elements of other namespaces (editor metadata) are dropped; the number of elements and
 * the nesting depth are bounded. Image hrefs are left to the caller (image-assets.ts).
 */
import { SaxesParser, type SaxesTagNS } from "saxes";
import { MAX_CONVOLVE_ORDER, MAX_FACE_PIXELS, MAX_FILTERED_ELEMENTS, MAX_MORPHOLOGY_RADIUS_SHARE, MAX_STYLE_REFS, MAX_SVG_CHARS, MAX_SVG_DEPTH, MAX_SVG_ELEMENTS, MAX_SVG_REF_CHAIN, MAX_TURBULENCE_OCTAVES } from "./limits";

export const SVG_NS = "http://www.w3.org/2000/svg";
export const XLINK_NS = "http://www.w3.org/1999/xlink";
const XML_NS = "http://www.w3.org/XML/1998/namespace";

export interface XmlElement {
  /** Local name; the element is in the SVG namespace (or none, in a file that declares none). */
  name: string;
  /** Attributes as they are written out: plain names, `href` for xlink's, `xml:space`/`xml:lang`. */
  attrs: Map<string, string>;
  children: XmlNode[];
  line: number;
  col: number;
  /** Pixels of the raster this element draws (set when an <image> is inlined). */
  pixels?: number;
}
export type XmlNode = XmlElement | string;

/** A refusal located in an SVG document: `file:line:col: message`. */
export class SvgInputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly col: number,
    readonly detail: string,
  ) {
    super(`${file}:${line}:${col}: ${detail}`);
  }
}

/** Elements that would run code, embed another document or change the drawing over time. */
const FORBIDDEN: Record<string, string> = {
  script: "a <script> element: SVGs here are drawings only; remove it",
  foreignObject: "a <foreignObject> element (HTML inside the SVG); remove it",
  iframe: "an <iframe> element; remove it",
  object: "an <object> element; remove it",
  embed: "an <embed> element; remove it",
  handler: "a <handler> element (a script); remove it",
  listener: "a <listener> element (a script); remove it",
  animate: "an animation (<animate>); printed cards do not move, remove it",
  animateMotion: "an animation (<animateMotion>); remove it",
  animateTransform: "an animation (<animateTransform>); remove it",
  animateColor: "an animation (<animateColor>); remove it",
  set: "a <set> element (an animation); remove it",
  discard: "a <discard> element (an animation); remove it",
};

/** Elements whose href names a file to draw: the caller resolves them. */
export const IMAGE_ELEMENTS = new Set(["image", "feImage"]);

const URL_REF = /url\s*\(\s*(['"]?)\s*([^)'"]*)/gi;

/** Why a CSS text or presentation value cannot be used, or undefined. */
function cssProblem(value: string, isStyleSheet: boolean): string | undefined {
  if (/@import/i.test(value)) return "an @import in a style sheet; put the styles in the SVG itself";
  if (isStyleSheet && value.includes("\\")) return "a backslash escape in CSS; write the style without escapes";
  for (const m of value.matchAll(URL_REF)) {
    if (!m[2].trim().startsWith("#")) return `a url() that is not a #reference inside the SVG (url(${m[2].trim().slice(0, 60)})); SVGs must be self-contained`;
  }
  if (/url\s*\(/i.test(value.replace(URL_REF, ""))) return "a url( that cannot be read; write url(#id)";
  return undefined;
}

export interface ParseOptions {
  /** `<image>`/`<feImage>` are refused (icons), instead of left for the caller. */
  noImages?: boolean;
}

/**
 * Reads `text` (an SVG document) into a checked tree; `file` is how messages name it. Throws
 * SvgInputError at the first problem.
 */
export function parseSvgDocument(text: string, file: string, opts: ParseOptions = {}): XmlElement {
  if (text.length > MAX_SVG_CHARS) throw new SvgInputError(file, 1, 1, `the SVG is ${text.length} characters; the limit is ${MAX_SVG_CHARS}`);
  const parser = new SaxesParser({ xmlns: true, position: true });
  let root: XmlElement | undefined;
  const stack: XmlElement[] = [];
  /** Depth inside an element of another namespace (dropped with everything in it); 0 = not inside one. */
  let skipping = 0;
  let elements = 0;
  let startLine = 1;
  let startCol = 1;
  const fail = (detail: string, line = parser.line, col = parser.column + 1): never => {
    throw new SvgInputError(file, line, col, detail);
  };
  parser.on("error", (err) => {
    // saxes' message starts with its own "line:col: "; keep only the sentence, and show the spot.
    const at = parser.position;
    const near = text.slice(Math.max(0, at - 40), at + 20).replace(/\s+/g, " ");
    fail(`not well-formed XML: ${err.message.replace(/^\d+:\d+:\s*/, "")} near ${JSON.stringify(near)}`);
  });
  parser.on("doctype", () => fail("a DOCTYPE (entity declarations); remove it, SVGs here are plain XML"));
  parser.on("opentagstart", (tag) => {
    // saxes has read the name and the character after it: the tag's "<" is that far back.
    startLine = parser.line;
    startCol = Math.max(1, parser.column - tag.name.length - 1);
  });
  parser.on("opentag", (tag: SaxesTagNS) => {
    if (skipping > 0 || (tag.uri !== SVG_NS && tag.uri !== "")) {
      skipping += 1;
      return;
    }
    elements += 1;
    if (elements > MAX_SVG_ELEMENTS) fail(`more than ${MAX_SVG_ELEMENTS} elements; simplify the drawing`, startLine, startCol);
    if (stack.length >= MAX_SVG_DEPTH) fail(`elements nested more than ${MAX_SVG_DEPTH} deep; flatten the groups`, startLine, startCol);
    const name = tag.local;
    const forbidden = Object.prototype.hasOwnProperty.call(FORBIDDEN, name) ? FORBIDDEN[name] : undefined;
    if (forbidden !== undefined) fail(`it contains ${forbidden}`, startLine, startCol);
    if (opts.noImages === true && IMAGE_ELEMENTS.has(name)) fail(`it contains an <${name}> element: icons are vector drawings; trace the picture or use card art instead`, startLine, startCol);
    const el: XmlElement = { name, attrs: new Map(), children: [], line: startLine, col: startCol };
    let xlinkHref: string | undefined;
    for (const a of Object.values(tag.attributes)) {
      if (a.uri === "") {
        if (/^on/i.test(a.local)) fail(`an event attribute (${a.local}=): SVGs here cannot run scripts; remove it`, startLine, startCol);
        el.attrs.set(a.local, a.value);
      } else if (a.uri === XLINK_NS) {
        if (a.local === "href") xlinkHref = a.value;
      } else if (a.uri === XML_NS) {
        if (a.local === "space" || a.local === "lang") el.attrs.set(`xml:${a.local}`, a.value);
      }
      // xmlns declarations and other namespaces' attributes (editor data) are not written out.
    }
    // SVG 2: a plain href wins over xlink:href; both are checked.
    if (xlinkHref !== undefined) {
      checkHref(el, xlinkHref, fail);
      if (!el.attrs.has("href")) el.attrs.set("href", xlinkHref);
    }
    if (el.attrs.has("href")) checkHref(el, el.attrs.get("href") as string, fail);
    for (const [k, v] of el.attrs) {
      if (k === "href") continue;
      const bad = cssProblem(v, k === "style");
      if (bad !== undefined) fail(`the ${k} attribute holds ${bad}`, startLine, startCol);
    }
    const parent = stack[stack.length - 1];
    if (parent === undefined) root = el;
    else parent.children.push(el);
    stack.push(el);
  });
  parser.on("closetag", () => {
    if (skipping > 0) {
      skipping -= 1;
      return;
    }
    const el = stack.pop();
    if (el !== undefined && el.name === "style") {
      const css = el.children.filter((c): c is string => typeof c === "string").join("");
      const bad = cssProblem(css, true);
      if (bad !== undefined) fail(`the <style> element holds ${bad}`, el.line, el.col);
    }
  });
  const onText = (t: string): void => {
    const parent = stack[stack.length - 1];
    if (skipping > 0 || parent === undefined) return;
    const last = parent.children[parent.children.length - 1];
    if (typeof last === "string") parent.children[parent.children.length - 1] = last + t;
    else parent.children.push(t);
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.write(text.replace(/^\uFEFF/, "")).close();
  if (root === undefined) return fail("not an SVG file: no <svg> root element", 1, 1);
  if (root.name !== "svg") fail(`not an SVG file: the root element is <${root.name}>, expected <svg>`, root.line, root.col);
  return root;
}

function checkHref(el: XmlElement, href: string, fail: (detail: string, line?: number, col?: number) => never): void {
  if (IMAGE_ELEMENTS.has(el.name)) return; // resolved and checked by the caller
  if (!href.trim().startsWith("#")) fail(`<${el.name}> is a link to another file ("${href.slice(0, 80)}"): only #references inside the SVG are allowed here; SVGs must be self-contained`, el.line, el.col);
}

/** Every element of the tree, parents first (iterative: no deep recursion). */
export function* elementsOf(root: XmlElement): Generator<XmlElement> {
  const todo: XmlElement[] = [root];
  while (todo.length > 0) {
    const el = todo.pop() as XmlElement;
    yield el;
    for (let i = el.children.length - 1; i >= 0; i--) {
      const c = el.children[i];
      if (typeof c !== "string") todo.push(c);
    }
  }
}

/** The ids an element refers to: its #href (not an image's file) and every url(#id) of its attributes. */
function referencesOf(el: XmlElement): { id: string; via: string }[] {
  const out: { id: string; via: string }[] = [];
  for (const [k, v] of el.attrs) {
    if (k === "href") {
      const t = v.trim();
      if (t.startsWith("#")) out.push({ id: t.slice(1), via: el.name === "use" ? "<use>" : "href" });
    } else if (v.includes("url(")) {
      for (const m of v.matchAll(URL_REF)) if (m[2].trim().startsWith("#")) out.push({ id: m[2].trim().slice(1), via: k === "style" ? "style" : k });
    }
  }
  return out;
}

/** An id as its file has it (art's ids are prefixed when it is placed on a card: prefixIds). */
const shownId = (id: string): string => id.replace(/^art[0-9a-f]{8}-/, "").slice(0, 40);

/** Whether the element is drawn through a filter (a url(#…) or a CSS filter function). */
function filtered(el: XmlElement): boolean {
  const f = el.attrs.get("filter");
  if (f !== undefined && f.trim() !== "" && f.trim() !== "none") return true;
  return /(^|;)\s*filter\s*:\s*(?!none\b)[^;\s]/i.test(el.attrs.get("style") ?? "");
}

/** The width of a viewport's user space: its viewBox's, else its width attribute, else undefined. */
function viewWidth(el: XmlElement): number | undefined {
  const vb = el.attrs.get("viewBox")?.trim().split(/[\s,]+/).map(Number);
  if (vb !== undefined && vb.length === 4 && vb[2] > 0) return vb[2];
  const w = parseFloat(el.attrs.get("width") ?? "");
  return w > 0 ? w : undefined;
}

const numbers = (v: string | undefined): number[] => (v ?? "").trim().split(/[\s,]+/).filter((x) => x !== "").map(Number);

/**
 * Filter primitives whose cost per pixel grows with a number in them: refused past the face
 * budget at their line:col, each with the fix. A morphology radius is measured against the
 * drawing it is in (the nearest <svg> viewport), or against the shape when the filter's
 * primitiveUnits are the shape's bounding box.
 */
function checkFilterPrimitives(root: XmlElement, file: string, width: number | undefined): void {
  const todo: { el: XmlElement; width: number | undefined; bbox: boolean }[] = [{ el: root, width, bbox: false }];
  let styleRefs = 0;
  while (todo.length > 0) {
    const { el, width: w, bbox } = todo.pop() as { el: XmlElement; width: number | undefined; bbox: boolean };
    const at = (detail: string): never => {
      throw new SvgInputError(file, el.line, el.col, detail);
    };
    if (el.name === "feTurbulence") {
      const octaves = Number(el.attrs.get("numOctaves") ?? "1");
      if (!(octaves <= MAX_TURBULENCE_OCTAVES)) at(`<feTurbulence numOctaves="${el.attrs.get("numOctaves")}">: at most ${MAX_TURBULENCE_OCTAVES} octaves (each further one adds less than a shade of colour and costs as much as the last); write numOctaves="${MAX_TURBULENCE_OCTAVES}" or fewer`);
    } else if (el.name === "feMorphology") {
      const radius = Math.max(0, ...numbers(el.attrs.get("radius")).map((r) => (Number.isFinite(r) ? r : Infinity)));
      const limit = bbox ? MAX_MORPHOLOGY_RADIUS_SHARE : w === undefined ? undefined : w * MAX_MORPHOLOGY_RADIUS_SHARE;
      if (limit !== undefined && !(radius <= limit)) {
        at(`<feMorphology radius="${el.attrs.get("radius")}">: the radius may be at most ${MAX_MORPHOLOGY_RADIUS_SHARE * 100}% of the drawing's width (${+limit.toFixed(4)} here; the work per pixel grows with the radius squared); use a smaller radius, or a blur for soft edges`);
      }
    } else if (el.name === "feConvolveMatrix") {
      const order = numbers(el.attrs.get("order") ?? "3");
      if (!order.every((n) => n <= MAX_CONVOLVE_ORDER)) at(`<feConvolveMatrix order="${el.attrs.get("order")}">: the kernel may be at most ${MAX_CONVOLVE_ORDER}×${MAX_CONVOLVE_ORDER} (order² multiplications a pixel); use a smaller order`);
    } else if (el.name === "style") {
      for (const c of el.children) if (typeof c === "string") for (const m of c.matchAll(URL_REF)) if (m[2].trim().startsWith("#")) styleRefs += 1;
      if (styleRefs > MAX_STYLE_REFS) at(`more than ${MAX_STYLE_REFS} url(#…) references in <style> sheets; put them in the elements' own attributes (fill="url(#…)", mask="url(#…)")`);
    }
    const inner = el !== root && el.name === "svg" ? (viewWidth(el) ?? w) : w;
    const innerBox = el.name === "filter" ? el.attrs.get("primitiveUnits") === "objectBoundingBox" : bbox;
    for (const c of el.children) if (typeof c !== "string") todo.push({ el: c, width: inner, bbox: innerBox });
  }
}

/** Elements drawn only where something refers to them (their weight is counted there). */
const DRAWN_WHEN_REFERENCED = new Set(["defs", "symbol", "mask", "clipPath", "pattern", "marker", "filter", "linearGradient", "radialGradient"]);

interface Weight {
  elements: number;
  pixels: number;
  filtered: number;
  /** The longest chain of references followed one from another inside it. */
  chain: number;
}

/**
 * What rendering the tree costs once every reference is followed (a <use>, a mask or clip-path,
 * a filter, a pattern, a gradient's href): elements drawn, raster pixels decoded, elements drawn
 * through a filter, and the longest chain of references; with the filter primitives whose numbers
 * set their cost. Throws at the element past a limit, or at a reference back to itself, before
 * any renderer sees the document (a chain of 20 <use>s each doubling the last is a million
 * shapes; 20 000 chained masks crash the renderer). `width`: the drawing's width in its own
 * units, when the tree is not an <svg> with a viewBox.
 */
export function checkExpansion(root: XmlElement, file: string, width = viewWidth(root)): { elements: number; pixels: number } {
  checkFilterPrimitives(root, file, width);
  const byId = new Map<string, XmlElement>();
  for (const el of elementsOf(root)) {
    const id = el.attrs.get("id");
    if (id !== undefined && !byId.has(id)) byId.set(id, el);
  }
  const memo = new Map<XmlElement, Weight>();
  const active = new Set<XmlElement>();
  const chainError = (el: XmlElement, ref: { id: string; via: string }): SvgInputError =>
    new SvgInputError(file, el.line, el.col, `<${el.name}> is in a chain of more than ${MAX_SVG_REF_CHAIN} references, each leading to the next (here ${ref.via} to #${shownId(ref.id)}); the renderer follows each in turn: shorten the chain (merge the masks, clip-paths or groups)`);
  /** `hops`: references followed to reach `el` (bounds the recursion before the nesting does). */
  const weigh = (el: XmlElement, depth: number, hops: number): Weight => {
    const known = memo.get(el);
    if (known !== undefined) return known;
    if (depth > MAX_SVG_DEPTH * 2) throw new SvgInputError(file, el.line, el.col, `elements and the references between them nest more than ${MAX_SVG_DEPTH * 2} deep; simplify the drawing`);
    active.add(el);
    const w: Weight = { elements: 1, pixels: el.pixels ?? 0, filtered: filtered(el) ? 1 : 0, chain: 0 };
    const add = (x: Weight, hop: number, drawn = true): void => {
      w.elements += x.elements;
      w.pixels += x.pixels;
      if (drawn) w.filtered += x.filtered;
      w.chain = Math.max(w.chain, x.chain + hop);
    };
    for (const c of el.children) if (typeof c !== "string") add(weigh(c, depth + 1, hops), 0, !DRAWN_WHEN_REFERENCED.has(c.name));
    for (const ref of referencesOf(el)) {
      const target = byId.get(ref.id);
      if (target === undefined) continue;
      if (active.has(target)) {
        const how = ref.via === "<use>" ? "is drawn inside itself through a <use> chain" : `refers back to itself (${ref.via} to #${shownId(ref.id)} leads to an element that contains or leads back to it)`;
        throw new SvgInputError(file, el.line, el.col, `<${el.name}> ${how}; break the cycle`);
      }
      if (hops >= MAX_SVG_REF_CHAIN) throw chainError(el, ref);
      add(weigh(target, depth + 1, hops + 1), 1);
      if (w.chain > MAX_SVG_REF_CHAIN) throw chainError(el, ref);
    }
    active.delete(el);
    if (w.elements > MAX_SVG_ELEMENTS) throw new SvgInputError(file, el.line, el.col, `<${el.name}> draws ${w.elements} elements once its <use> references are expanded; the limit is ${MAX_SVG_ELEMENTS}`);
    if (w.pixels > MAX_FACE_PIXELS) {
      throw new SvgInputError(file, el.line, el.col, `the images drawn here (repeats included) add up to ${w.pixels} pixels; the limit is ${MAX_FACE_PIXELS} per face: use smaller images`);
    }
    if (w.filtered > MAX_FILTERED_ELEMENTS) {
      throw new SvgInputError(file, el.line, el.col, `<${el.name}> draws ${w.filtered} elements through a filter (repeats included); the limit is ${MAX_FILTERED_ELEMENTS} a face, as each is rendered apart: put the shapes in one group and filter the group once`);
    }
    memo.set(el, w);
    return w;
  };
  const w = weigh(root, 0, 0);
  return { elements: w.elements, pixels: w.pixels };
}

const escAttr = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;").replace(/\t/g, "&#9;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;");
const escText = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The tree as SVG text: the root declares the SVG namespace, nothing else is prefixed. */
export function serializeSvg(root: XmlElement, declareNamespace = true): string {
  const out: string[] = [];
  const write = (el: XmlElement, isRoot: boolean): void => {
    out.push(`<${el.name}`);
    if (isRoot && declareNamespace) out.push(` xmlns="${SVG_NS}"`);
    for (const [k, v] of el.attrs) out.push(` ${k}="${escAttr(v)}"`);
    if (el.children.length === 0) {
      out.push("/>");
      return;
    }
    out.push(">");
    for (const c of el.children) {
      if (typeof c === "string") out.push(escText(c));
      else write(c, false);
    }
    out.push(`</${el.name}>`);
  };
  write(root, true);
  return out.join("");
}

/** The children of `el` as SVG text (an icon's or art's drawing, to sit inside another SVG). */
export function serializeChildren(el: XmlElement): string {
  return el.children.map((c) => (typeof c === "string" ? escText(c) : serializeSvg(c, false))).join("");
}

/**
 * Prefixes every id of an embedded drawing and every #reference to one, so two pictures on a card
 * (or one twice) cannot take each other's gradients.
 */
export function prefixIds(root: XmlElement, prefix: string): void {
  const fix = (v: string): string => v.replace(/url\(\s*(['"]?)\s*#/g, `url($1#${prefix}`);
  for (const el of elementsOf(root)) {
    for (const [k, v] of el.attrs) {
      if (k === "id") el.attrs.set(k, prefix + v);
      else if (k === "href" && v.trim().startsWith("#")) el.attrs.set(k, `#${prefix}${v.trim().slice(1)}`);
      else if (v.includes("url(")) el.attrs.set(k, fix(v));
    }
    if (el.name === "style") el.children = el.children.map((c) => (typeof c === "string" ? fix(c) : c));
  }
}
