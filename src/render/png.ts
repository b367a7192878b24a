/**
 * SVG → PNG at 300 dpi. resvg rasterises (bundled fonts only, so output never depends on the
 * machine); sharp encodes the PNG on the thread pool (resvg's own encoder runs on the main thread
 * and is ~2.5× slower). `withDensity` only writes the pHYs chunk: `withMetadata` would also convert
 * to sRGB through an ICC transform, which cost more than a third of the encoding time.
 */
import { renderAsync } from "@resvg/resvg-js";
import sharp from "sharp";
import { ALL_FONT_FILES } from "./fonts";
import { DPI, MM_PER_INCH } from "./types";

// Each face is encoded once, so libvips' operation cache only holds memory (tens of MB at 300 dpi);
// one libvips thread per image: faces are already encoded several at a time on the thread pool.
sharp.cache(false);
sharp.concurrency(1);

/** Pixel width for a width in mm at 300 dpi (poker with bleed: 69.85 mm → 825 px). */
export function pxFor(mm: number, dpi = DPI): number {
  return Math.round((mm / MM_PER_INCH) * dpi);
}

export async function svgToPng(svg: string, widthMm: number, dpi = DPI): Promise<Buffer> {
  const image = await renderAsync(svg, {
    fitTo: { mode: "width", value: pxFor(widthMm, dpi) },
    font: { fontFiles: ALL_FONT_FILES, loadSystemFonts: false, defaultFontFamily: "Inter", sansSerifFamily: "Inter" },
    shapeRendering: 2,
    textRendering: 1,
    logLevel: "off",
  });
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
    .withDensity(dpi)
    .png()
    .toBuffer();
}
