/**
 * Card art: the `image` helper writes a marker element, and `inlineImages` (image-assets.ts), which
 * alone opens files, replaces it (in the parsed face, see svg-document.ts) with a nested <svg> viewport: the box on the card, a viewBox
 * (the whole picture or the crop box) and preserveAspectRatio for the fit. A raster picture
 * becomes one <image> with a data: URI (resvg draws it; the PDF embeds it once per file); an SVG
 * picture is copied in as elements, so it stays vector in the PDF.
 */

export type ArtFit = "cover" | "contain" | "stretch";
const FITS: readonly ArtFit[] = ["cover", "contain", "stretch"];

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
