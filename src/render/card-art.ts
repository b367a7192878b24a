/**
 * Card art: the `image` helper writes a marker element, and `inlineImages` (src/model/
 * image-assets.ts), which alone opens files, replaces it in the parsed face (svg-document.ts) with
 * a nested <svg> viewport: the box on the card, a viewBox (the whole picture or the crop box) and preserveAspectRatio for the fit. A raster picture
 * becomes one <image> with a data: URI (resvg draws it; the PDF embeds it once per file); an SVG
 * picture is copied in as elements, so it stays vector in the PDF.
 */

import { isArtFit, parseBox, type ArtBox, type ArtFit } from "../model/art-box";

export { isArtFit, parseBox, type ArtBox, type ArtFit };

export interface ArtMarker {
  href: string;
  box: ArtBox;
  fit: ArtFit;
  /** Part of the picture to show, in its own units (pixels, or the SVG's viewBox units). */
  crop?: ArtBox;
}

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const boxText = (b: ArtBox) => `${b.x} ${b.y} ${b.w} ${b.h}`;

/** What the helper writes: an <image> element image-assets recognises by `data-art`. */
export function artMarker(m: ArtMarker): string {
  const crop = m.crop === undefined ? "" : ` data-crop="${boxText(m.crop)}"`;
  return `<image data-art="${m.fit}"${crop} data-box="${boxText(m.box)}" href="${escapeAttr(m.href)}"/>`;
}
