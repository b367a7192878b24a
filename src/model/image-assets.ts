/**
 * Images a template draws (`<image href=…>`, `<feImage href=…>`, and card art placed by the
 * `image` helper, see `artSvg`). resvg and pdfkit would each open
 * whatever path they are given, so no path reaches them: every file href is resolved (relative
 * to the template's folder), must lead, after resolving symbolic links, into the templates or the
 * data folder, and must be a regular PNG or JPEG file within the size limits; it is then inlined
 * as a data: URI. PNG and PDF therefore draw the same checked bytes, and the SVG (the cache key)
 * changes when the image does.
 */
import { createHash } from "node:crypto";
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { MAX_IMAGE_BYTES, MAX_IMAGE_PX } from "./limits";
import { isArtFit, parseBox, type ArtBox, type ArtFit } from "./art-box";
import { checkExpansion, IMAGE_ELEMENTS, parseSvgDocument, prefixIds, serializeSvg, SvgInputError, type XmlElement } from "./svg-document";

export { MAX_IMAGE_BYTES, MAX_IMAGE_PX };

type ImageType = "png" | "jpeg";

/** A checked image file: a raster as a data: URI, or an SVG's markup (art only). */
interface Loaded {
  stamp: string;
  /** sha256 of the bytes: what a cached face was made from. */
  hash: string;
  uri?: string;
  svg?: string;
  /** Pixel size (raster); undefined for SVG. */
  size?: { w: number; h: number };
}

/** Loaded images by real path; an entry is reused only while the file's size and mtime are unchanged. */
const cache = new Map<string, Loaded>();
const CACHE_ENTRIES = 64;

/** Real paths of the image files read while `collect` runs (see `withAssetLog`). */
let log: Map<string, string> | undefined;

const ASPECT: Record<ArtFit, string> = { cover: "xMidYMid slice", contain: "xMidYMid meet", stretch: "none" };

/** A file as messages show it: relative to the working folder when inside it. */
function shownFile(abs: string): string {
  const rel = relative(process.cwd(), abs);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel.split(sep).join("/") : abs;
}

function realRootsOf(roots: readonly string[]): string[] {
  return roots.map((r) => {
    try {
      return realpathSync(r);
    } catch {
      return resolve(r);
    }
  });
}

/**
 * The face `svg` (as `templateFile` rendered it) read with an XML parser, checked, every image
 * href replaced by the checked picture (a data: URI, or an SVG's own checked elements), and
 * written back out: the text returned is the document that was checked. `roots` are the folders
 * pictures may come from. Throws an Error whose message names the file, place and fix.
 */
export function inlineImages(svg: string, templateFile: string, roots: readonly string[]): string {
  const realRoots = realRootsOf(roots);
  const label = `${shownFile(templateFile)} (the SVG it renders)`;
  const doc = parseSvgDocument(svg, label);
  inlineTree(doc, templateFile, realRoots, true, parseBox(doc.attrs.get("viewBox") ?? ""));
  checkExpansion(doc, label);
  return serializeSvg(doc);
}

/**
 * Checks a picture named in the data (`image:` fields) the way a face would draw it: a PNG or JPEG
 * within the size limits, or an SVG whose own references are checked. The reason it cannot be
 * drawn, or undefined. `validate` calls it so that what validates also builds.
 */
export function artProblem(abs: string, roots: readonly string[]): string | undefined {
  try {
    const realRoots = realRootsOf(roots);
    const real = confined(abs, abs, realRoots, `image ${JSON.stringify(shownFile(abs))}`);
    artContent(real, realRoots, `image ${JSON.stringify(shownFile(abs))}`, { x: 0, y: 0, w: 1, h: 1 }, "cover", undefined);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/**
 * Replaces, in place, every <image>/<feImage> of `el`'s tree with checked content. `view` is the
 * face's viewBox while the elements are in its coordinates (no transform or viewport between):
 * art placed wholly outside it is checked, then left out — it cannot show, and resvg 2.6 panics
 * (aborting the process) on a clipped viewport with nothing inside the canvas.
 */
function inlineTree(el: XmlElement, base: string, roots: readonly string[], markers: boolean, view: ArtBox | undefined): void {
  for (let i = 0; i < el.children.length; i++) {
    const c = el.children[i];
    if (typeof c === "string") continue;
    if (IMAGE_ELEMENTS.has(c.name)) {
      if (markers && c.name === "image" && c.attrs.has("data-art")) {
        const art = artElement(c, base, roots);
        const box = parseBox(c.attrs.get("data-box") ?? "");
        el.children[i] = view !== undefined && box !== undefined && !overlaps(box, view) ? { name: "g", attrs: new Map(), children: [], line: c.line, col: c.col } : art;
      } else inlineHref(c, base, roots);
    } else inlineTree(c, base, roots, markers, c.name === "g" && !c.attrs.has("transform") ? view : undefined);
  }
}

function overlaps(a: ArtBox, b: ArtBox): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** An <image>/<feImage> whose href becomes a checked data: URI (or stays a #reference). */
function inlineHref(el: XmlElement, base: string, roots: readonly string[]): void {
  const raw = el.attrs.get("href");
  if (raw === undefined) return;
  const href = raw.trim();
  if (href.startsWith("#")) return;
  const shown = `<${el.name} href="${href.length > 80 ? href.slice(0, 77) + "..." : href}"> (${shownFile(base)}:${el.line}:${el.col})`;
  const r = imageUri(href, base, roots, shown);
  el.attrs.set("href", r.uri);
  el.pixels = r.size.w * r.size.h;
}

/** The `image` helper's marker → a nested viewport holding the checked picture. */
function artElement(marker: XmlElement, base: string, roots: readonly string[]): XmlElement {
  const fit = marker.attrs.get("data-art");
  const box = parseBox(marker.attrs.get("data-box") ?? "");
  const cropText = marker.attrs.get("data-crop");
  const crop = cropText === undefined ? undefined : parseBox(cropText);
  const href = (marker.attrs.get("href") ?? "").trim();
  const where = `(${shownFile(base)}:${marker.line}:${marker.col})`;
  if (!isArtFit(fit) || box === undefined || (cropText !== undefined && crop === undefined)) {
    throw new Error(`<image data-art> ${where}: not an image helper's element; draw art with {{{image path x y w h}}}`);
  }
  const shown = `image ${JSON.stringify(href.length > 80 ? href.slice(0, 77) + "..." : href)} ${where}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !/^[a-z]:[\\/]/i.test(href)) {
    throw new Error(`${shown}: only files inside the data folder can be drawn (no URLs or data: URIs)`);
  }
  const real = confined(href, base, roots, shown);
  return artContent(real, roots, shown, box, fit, crop);
}

function artContent(real: string, roots: readonly string[], shown: string, box: ArtBox, fit: ArtFit, crop: ArtBox | undefined): XmlElement {
  const loaded = loadFile(real, shown, true);
  const viewport = (view: ArtBox, children: XmlElement["children"]): XmlElement => {
    const v = crop ?? view;
    const attrs = new Map<string, string>([
      ["x", String(box.x)],
      ["y", String(box.y)],
      ["width", String(box.w)],
      ["height", String(box.h)],
      ["viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`],
      ["preserveAspectRatio", ASPECT[fit]],
      ["overflow", "hidden"],
    ]);
    return { name: "svg", attrs, children, line: 0, col: 0 };
  };
  if (loaded.uri !== undefined && loaded.size !== undefined) {
    const { w, h } = loaded.size;
    const attrs = new Map<string, string>([
      ["x", "0"],
      ["y", "0"],
      ["width", String(w)],
      ["height", String(h)],
      ["preserveAspectRatio", "none"],
      ["href", loaded.uri],
    ]);
    return viewport({ x: 0, y: 0, w, h }, [{ name: "image", attrs, children: [], line: 0, col: 0, pixels: w * h }]);
  }
  const file = shownFile(real);
  let art: XmlElement;
  try {
    art = parseSvgDocument(loaded.svg as string, file);
  } catch (err) {
    if (err instanceof SvgInputError) throw new Error(`${shown}: the SVG cannot be drawn: ${err.message}`);
    throw err;
  }
  const view = svgView(art);
  if (view === undefined) throw new Error(`${shown}: ${file}: its size is unknown (give the <svg> a viewBox or a width and height)`);
  // The art's own pictures are taken relative to it and checked like a template's.
  inlineTree(art, real, roots, false, undefined);
  prefixIds(art, `art${loaded.hash.slice(0, 8)}-`);
  // The root's presentation attributes (fill, stroke…) style the whole drawing: keep them on a group.
  const group: XmlElement = { name: "g", attrs: new Map(), children: art.children, line: art.line, col: art.col };
  for (const [k, v] of art.attrs) if (!SVG_ROOT_ONLY.has(k)) group.attrs.set(k, v);
  checkExpansion(group, file, view.w);
  return viewport(view, [group]);
}

/** Attributes of an <svg> root that place it rather than style its drawing. */
const SVG_ROOT_ONLY = new Set(["x", "y", "width", "height", "viewBox", "preserveAspectRatio", "version", "baseProfile", "id", "style", "class", "overflow"]);

function svgView(root: XmlElement): ArtBox | undefined {
  const vb = root.attrs.get("viewBox");
  if (vb !== undefined) return parseBox(vb);
  const w = parseFloat(root.attrs.get("width") ?? "");
  const h = parseFloat(root.attrs.get("height") ?? "");
  return w > 0 && h > 0 ? { x: 0, y: 0, w, h } : undefined;
}

/**
 * Runs `collect` and returns, with its result, the real path and content hash of every image file
 * it read, so a cached face can be reused only while each of those files still holds those bytes.
 */
export function withAssetLog<T>(collect: () => T): { value: T; assets: Record<string, string> } {
  const outer = log;
  const files = new Map<string, string>();
  log = files;
  try {
    const value = collect();
    const assets: Record<string, string> = {};
    for (const f of [...files.keys()].sort()) assets[f] = files.get(f) as string;
    return { value, assets };
  } finally {
    log = outer;
    if (outer) for (const [f, h] of files) outer.set(f, h);
  }
}

/** Do these files (from `withAssetLog`) still hold the same bytes? Rereads only a file whose size, mtime or inode changed. */
export function assetsUnchanged(assets: Record<string, string>): boolean {
  for (const [real, hash] of Object.entries(assets)) {
    try {
      if (readFile(real, real, true).hash !== hash) return false;
    } catch {
      return false;
    }
  }
  return true;
}

function imageUri(href: string, base: string, roots: readonly string[], shown: string): { uri: string; size: { w: number; h: number } } {
  if (href.startsWith("data:")) {
    const m = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/=\s]*)$/.exec(href);
    if (!m) throw new Error(`${shown}: only base64 PNG or JPEG data: URIs can be drawn`);
    if (m[2].length > (MAX_IMAGE_BYTES * 4) / 3 + 4) throw new Error(`${shown}: the image is over ${MAX_IMAGE_BYTES} bytes`);
    const size = checkImage(Buffer.from(m[2], "base64"), m[1] === "png" ? "png" : "jpeg", shown);
    return { uri: href, size };
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !/^[a-z]:[\\/]/i.test(href)) {
    throw new Error(`${shown}: only file paths inside the templates or data folder can be drawn (no URLs); copy the image there and use a relative path`);
  }
  const loaded = loadFile(confined(href, base, roots, shown), shown, false);
  return { uri: loaded.uri as string, size: loaded.size as { w: number; h: number } };
}

/** The real path of `href` (relative to `base`'s folder), which must lie inside one of `roots`. */
function confined(href: string, base: string, roots: readonly string[], shown: string): string {
  const abs = resolve(dirname(base), href);
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    throw new Error(`${shown}: image not found (looked for ${abs})`);
  }
  if (!roots.some((root) => isInside(real, root))) {
    throw new Error(`${shown}: the image leads outside the templates and data folders; put it in templates/ or data/ and use a path relative to the template`);
  }
  return real;
}

function isInside(p: string, root: string): boolean {
  const rel = relative(root, p);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}

function loadFile(real: string, shown: string, svgAllowed: boolean): Loaded {
  const loaded = readFile(real, shown, svgAllowed);
  log?.set(real, loaded.hash);
  return loaded;
}

function readFile(real: string, shown: string, svgAllowed: boolean): Loaded {
  const fd = openSync(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new Error(`${shown}: not a regular file (a folder, a pipe or a device); point it at a PNG or JPEG file`);
    if (st.size > MAX_IMAGE_BYTES) throw new Error(`${shown}: the image is ${st.size} bytes; the limit is ${MAX_IMAGE_BYTES} bytes`);
    const stamp = `${st.size}:${st.mtimeMs}:${st.ino}`;
    const hit = cache.get(real);
    if (hit && hit.stamp === stamp && (svgAllowed || hit.uri !== undefined)) return hit;
    const bytes = Buffer.alloc(st.size);
    let n = 0;
    while (n < bytes.length) {
      const got = readSync(fd, bytes, n, bytes.length - n, null);
      if (got === 0) break;
      n += got;
    }
    const hash = createHash("sha256").update(bytes).digest("hex");
    const type = imageType(bytes);
    let loaded: Loaded;
    if (type === undefined) {
      if (!svgAllowed || !isSvg(bytes)) throw new Error(`${shown}: not a PNG${svgAllowed ? ", JPEG or SVG" : " or JPEG"} image; convert it to PNG`);
      loaded = { stamp, hash, svg: bytes.toString("utf8") };
    } else {
      const size = checkImage(bytes, type, shown);
      loaded = { stamp, hash, uri: `data:image/${type};base64,${bytes.toString("base64")}`, size };
    }
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(real, loaded);
    return loaded;
  } finally {
    closeSync(fd);
  }
}

function imageType(bytes: Buffer): ImageType | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  return undefined;
}

function isSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096).toString("utf8");
  return !head.includes("\0") && /<svg[\s>]/.test(head);
}

function checkImage(bytes: Buffer, type: ImageType, shown: string): { w: number; h: number } {
  if (imageType(bytes) !== type) throw new Error(`${shown}: the data is not a ${type.toUpperCase()} image`);
  const size = type === "png" ? pngSize(bytes) : jpegSize(bytes);
  if (size === undefined) throw new Error(`${shown}: the ${type.toUpperCase()} image is damaged (no size in its header)`);
  if (size.w > MAX_IMAGE_PX || size.h > MAX_IMAGE_PX) {
    throw new Error(`${shown}: the image is ${size.w}×${size.h} px; the limit is ${MAX_IMAGE_PX} px a side: scale it down`);
  }
  return size;
}

function pngSize(b: Buffer): { w: number; h: number } | undefined {
  if (b.length < 24 || b.toString("latin1", 12, 16) !== "IHDR") return undefined;
  return { w: b.readUInt32BE(16), h: b.readUInt32BE(20) };
}

/** Width and height from the first start-of-frame segment. */
function jpegSize(b: Buffer): { w: number; h: number } | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    const len = b.readUInt16BE(i + 2);
    const sof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (sof) return { h: b.readUInt16BE(i + 5), w: b.readUInt16BE(i + 7) };
    i += 2 + len;
  }
  return undefined;
}

/** The XML entities Handlebars and authors write inside attribute values. */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, e: string) => {
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    if (e[0] !== "#") return named[e.toLowerCase()];
    const cp = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return cp <= 0x10ffff ? String.fromCodePoint(cp) : "";
  });
}
