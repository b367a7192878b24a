/**
 * Images a template draws (`<image href=…>`, `<feImage href=…>`). resvg and pdfkit would each open
 * whatever path they are given, so no path reaches them: every file href is resolved (relative
 * to the template's folder), must lead, after resolving symbolic links, into the templates or the
 * data folder, and must be a regular PNG or JPEG file within the size limits; it is then inlined
 * as a data: URI. PNG and PDF therefore draw the same checked bytes, and the SVG (the cache key)
 * changes when the image does.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";

/** Largest image file a template may draw. */
export const MAX_IMAGE_BYTES = 16 * 1024 * 1024;
/** Largest image side in pixels (decoded RGBA of 8000² is 256 MB). */
export const MAX_IMAGE_PX = 8000;

type ImageType = "png" | "jpeg";

/** Inlined images by real path; an entry is reused only while the file's size and mtime are unchanged. */
const cache = new Map<string, { stamp: string; uri: string }>();
const CACHE_ENTRIES = 64;

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
  return svg.replace(ELEMENT, (element) =>
    element.replace(HREF, (_all, lead: string, _quoted: string, dq: string | undefined, sq: string | undefined) => {
      const raw = dq ?? sq ?? "";
      return `${lead}"${imageUri(decodeEntities(raw).trim(), templateFile, realRoots)}"`;
    }),
  );
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
  const abs = resolve(dirname(templateFile), href);
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    throw new Error(`${shown}: image not found (looked for ${abs})`);
  }
  if (!roots.some((root) => isInside(real, root))) {
    throw new Error(`${shown}: the image leads outside the templates and data folders; put it in templates/ or data/ and use a path relative to the template`);
  }
  return readImage(real, shown);
}

function isInside(p: string, root: string): boolean {
  const rel = relative(root, p);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}

function readImage(real: string, shown: string): string {
  const fd = openSync(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new Error(`${shown}: not a regular file (a folder, a pipe or a device); point it at a PNG or JPEG file`);
    if (st.size > MAX_IMAGE_BYTES) throw new Error(`${shown}: the image is ${st.size} bytes; the limit is ${MAX_IMAGE_BYTES} bytes`);
    const stamp = `${st.size}:${st.mtimeMs}`;
    const hit = cache.get(real);
    if (hit && hit.stamp === stamp) return hit.uri;
    const bytes = Buffer.alloc(st.size);
    let n = 0;
    while (n < bytes.length) {
      const got = readSync(fd, bytes, n, bytes.length - n, null);
      if (got === 0) break;
      n += got;
    }
    const type = imageType(bytes);
    if (type === undefined) throw new Error(`${shown}: not a PNG or JPEG image; convert it to PNG`);
    checkImage(bytes, type, shown);
    const uri = `data:image/${type};base64,${bytes.toString("base64")}`;
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(real, { stamp, uri });
    return uri;
  } finally {
    closeSync(fd);
  }
}

function imageType(bytes: Buffer): ImageType | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  return undefined;
}

function checkImage(bytes: Buffer, type: ImageType, shown: string): void {
  if (imageType(bytes) !== type) throw new Error(`${shown}: the data is not a ${type.toUpperCase()} image`);
  const size = type === "png" ? pngSize(bytes) : jpegSize(bytes);
  if (size === undefined) throw new Error(`${shown}: the ${type.toUpperCase()} image is damaged (no size in its header)`);
  if (size.w > MAX_IMAGE_PX || size.h > MAX_IMAGE_PX) {
    throw new Error(`${shown}: the image is ${size.w}×${size.h} px; the limit is ${MAX_IMAGE_PX} px a side: scale it down`);
  }
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
