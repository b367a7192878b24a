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
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { ART_MARKER, artViewport, parseMarker, rasterContent, svgArt, type ArtMarker } from "./card-art";

/** Largest image file a template may draw. */
export const MAX_IMAGE_BYTES = 16 * 1024 * 1024;
/** Largest image side in pixels (decoded RGBA of 8000² is 256 MB). */
export const MAX_IMAGE_PX = 8000;

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

const ELEMENT = /<(image|feImage)\b[^>]*>/g;
const HREF = /(\s(?:xlink:)?href\s*=\s*)("([^"]*)"|'([^']*)')/g;

/**
 * Replaces every file href of `<image>`/`<feImage>` in `svg` with a data: URI. `templateFile`
 * anchors relative paths; `roots` are the folders images may come from. Throws an Error whose
 * message names the href and the fix.
 */
export function inlineImages(svg: string, templateFile: string, roots: readonly string[]): string {
  if (!svg.includes("<image") && !svg.includes("<feImage")) return svg;
  const realRoots = roots.map((r) => {
    try {
      return realpathSync(r);
    } catch {
      return resolve(r);
    }
  });
  if (svg.includes("<image data-art=")) {
    svg = svg.replace(ART_MARKER, (element) => {
      const marker = parseMarker(element, decodeEntities);
      if (marker === undefined) throw new Error(`${element.slice(0, 120)}: not an image helper's element; draw art with {{{image path x y w h}}}`);
      return artSvg(marker, templateFile, realRoots);
    });
  }
  return svg.replace(ELEMENT, (element) =>
    element.replace(HREF, (_all, lead: string, _quoted: string, dq: string | undefined, sq: string | undefined) => {
      const raw = dq ?? sq ?? "";
      return `${lead}"${imageUri(decodeEntities(raw).trim(), templateFile, realRoots)}"`;
    }),
  );
}

/**
 * The art a marker stands for, as a nested viewport. The picture may be a PNG, JPEG or SVG file;
 * an SVG's own images are taken relative to it and checked like a template's.
 */
function artSvg(marker: ArtMarker, templateFile: string, roots: readonly string[]): string {
  const href = marker.href.trim();
  const shown = `image ${JSON.stringify(href.length > 80 ? href.slice(0, 77) + "..." : href)}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !/^[a-z]:[\\/]/i.test(href)) {
    throw new Error(`${shown}: only files inside the data folder can be drawn (no URLs or data: URIs)`);
  }
  const real = confined(href, templateFile, roots, shown);
  const loaded = loadFile(real, shown, true);
  if (loaded.uri !== undefined && loaded.size !== undefined) {
    return artViewport(marker, { x: 0, y: 0, ...loaded.size }, rasterContent(loaded.uri, loaded.size));
  }
  const art = svgArt(loaded.svg as string, `art${loaded.hash.slice(0, 8)}-`);
  if (typeof art === "string") throw new Error(`${shown}: the SVG cannot be drawn: ${art}`);
  const content = art.content.replace(ELEMENT, (element) =>
    element.replace(HREF, (_all, lead: string, _quoted: string, dq: string | undefined, sq: string | undefined) => {
      const raw = dq ?? sq ?? "";
      return `${lead}"${imageUri(decodeEntities(raw).trim(), real, roots)}"`;
    }),
  );
  return artViewport(marker, art.view, content);
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

function imageUri(href: string, templateFile: string, roots: readonly string[]): string {
  const shown = `<image href="${href.length > 80 ? href.slice(0, 77) + "..." : href}">`;
  if (href.startsWith("#")) return href; // a reference inside the document
  if (href.startsWith("data:")) {
    const m = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/=\s]*)$/.exec(href);
    if (!m) throw new Error(`${shown}: only base64 PNG or JPEG data: URIs can be drawn`);
    checkImage(Buffer.from(m[2], "base64"), m[1] === "png" ? "png" : "jpeg", shown);
    return href;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !/^[a-z]:[\\/]/i.test(href)) {
    throw new Error(`${shown}: only file paths inside the templates or data folder can be drawn (no URLs); copy the image there and use a relative path`);
  }
  const loaded = loadFile(confined(href, templateFile, roots, shown), shown, false);
  return loaded.uri as string;
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
