/**
 * Card art: the `image` helper writes a marker element, and `inlineImages` (image-assets.ts), which
 * alone opens files, replaces it with a nested <svg> viewport: the box on the card, a viewBox
 * (the whole picture or the crop box) and preserveAspectRatio for the fit. A raster picture
 * becomes one <image> with a data: URI (resvg draws it; the PDF embeds it once per file); an SVG
 * picture is copied in as elements, so it stays vector in the PDF.
 */

export type ArtFit = "cover" | "contain" | "stretch";
const FITS: readonly ArtFit[] = ["cover", "contain", "stretch"];
const ASPECT: Record<ArtFit, string> = { cover: "xMidYMid slice", contain: "xMidYMid meet", stretch: "none" };

export interface ArtBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ArtMarker {
  href: string;
  box: ArtBox;
  fit: ArtFit;
  /** Part of the picture to show, in its own units (pixels, or the SVG's viewBox units). */
  crop?: ArtBox;
}

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export function isArtFit(v: unknown): v is ArtFit {
  return typeof v === "string" && (FITS as readonly string[]).includes(v);
}

/** "x y w h" (spaces or commas) → a box with a positive size, else undefined. */
export function parseBox(v: string): ArtBox | undefined {
  const n = v.trim().split(/[\s,]+/).map(Number);
  if (n.length !== 4 || n.some((x) => !Number.isFinite(x)) || n[2] <= 0 || n[3] <= 0) return undefined;
  return { x: n[0], y: n[1], w: n[2], h: n[3] };
}

const boxText = (b: ArtBox) => `${b.x} ${b.y} ${b.w} ${b.h}`;

/** What the helper writes: an <image> element image-assets recognises by `data-art`. */
export function artMarker(m: ArtMarker): string {
  const crop = m.crop === undefined ? "" : ` data-crop="${boxText(m.crop)}"`;
  return `<image data-art="${m.fit}"${crop} data-box="${boxText(m.box)}" href="${escapeAttr(m.href)}"/>`;
}

/** Matches a marker; group 1 is its attributes. */
export const ART_MARKER = /<image data-art="([^"]*)"[^>]*\/>/g;

export function parseMarker(element: string, decode: (s: string) => string): ArtMarker | undefined {
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];
  const fit = attr("data-art");
  const box = parseBox(attr("data-box") ?? "");
  const href = attr("href");
  const cropText = attr("data-crop");
  const crop = cropText === undefined ? undefined : parseBox(cropText);
  if (!isArtFit(fit) || box === undefined || href === undefined || (cropText !== undefined && crop === undefined)) return undefined;
  return { href: decode(href), box, fit, crop };
}

/** The viewport that shows `view` (the picture's coordinates) in the marker's box. */
export function artViewport(m: ArtMarker, view: ArtBox, content: string): string {
  const v = m.crop ?? view;
  return `<svg x="${m.box.x}" y="${m.box.y}" width="${m.box.w}" height="${m.box.h}" viewBox="${boxText(v)}" preserveAspectRatio="${ASPECT[m.fit]}" overflow="hidden">${content}</svg>`;
}

export function rasterContent(uri: string, size: { w: number; h: number }): string {
  return `<image x="0" y="0" width="${size.w}" height="${size.h}" preserveAspectRatio="none" href="${uri}"/>`;
}

/** Elements and attributes an art SVG may not bring into a card (scripts, foreign content, events). */
const FORBIDDEN = /<(script|foreignObject|iframe|object|embed)\b|\son[a-z]+\s*=/i;

export interface SvgArt {
  view: ArtBox;
  /** The picture's elements, ids prefixed; nested <image> hrefs still to be inlined. */
  content: string;
}

/**
 * The elements of an SVG file, ready to sit inside a card's SVG: prolog, comments, metadata and
 * editor namespaces dropped, `xlink:href` written as `href`, and every id prefixed with `prefix`
 * so two pictures (or one picture twice) on a card cannot take each other's gradients.
 */
export function svgArt(text: string, prefix: string): SvgArt | string {
  let s = text.replace(/^\uFEFF/, "").replace(/<\?[\s\S]*?\?>/g, "").replace(/<!--[\s\S]*?-->/g, "").replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, "");
  if (FORBIDDEN.test(s)) return "it holds scripts, event attributes or foreign content; save it as a plain SVG";
  const root = /<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/.exec(s.trim());
  if (!root) return "it has no <svg> root element";
  const attrs = root[1];
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`).exec(attrs)?.[1];
  let view = attr("viewBox") === undefined ? undefined : parseBox(attr("viewBox") as string);
  if (view === undefined) {
    const w = parseFloat(attr("width") ?? "");
    const h = parseFloat(attr("height") ?? "");
    if (!(w > 0 && h > 0)) return "its size is unknown (give the <svg> a viewBox or a width and height)";
    view = { x: 0, y: 0, w, h };
  }
  s = root[2]
    .replace(/<metadata\b[\s\S]*?<\/metadata>/g, "")
    .replace(/<([a-z]+):[a-z-]+\b[^>]*\/>/gi, "")
    .replace(/<([a-z]+:[a-z-]+)\b[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/\sxlink:href\s*=/g, " href=")
    .replace(/\s(?!xml:)[a-z]+:[a-z-]+\s*=\s*("[^"]*"|'[^']*')/gi, "");
  if (/<[a-z]+:/i.test(s)) return "it uses XML namespaces the renderer does not know; save it as a plain SVG";
  s = s
    .replace(/(\sid\s*=\s*["'])/g, `$1${prefix}`)
    .replace(/url\(\s*#/g, `url(#${prefix}`)
    .replace(/(\shref\s*=\s*["'])#/g, `$1#${prefix}`);
  return { view, content: s.trim() };
}
