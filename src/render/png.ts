/**
 * SVG → PNG at 300 dpi (the work itself is in raster-core.mjs, shared with the raster process).
 */
import { fontFilesFor } from "./fonts";
import { DPI, MM_PER_INCH } from "./types";

/** Pixel width for a width in mm at 300 dpi (poker with bleed: 69.85 mm → 825 px). */
export function pxFor(mm: number, dpi = DPI): number {
  return Math.round((mm / MM_PER_INCH) * dpi);
}

export async function svgToPng(svg: string, widthMm: number, dpi = DPI): Promise<Buffer> {
  // Loaded on first use: a build leaves rasterising to the raster process.
  const { rasterise } = await import("./raster-core.mjs");
  return (await rasterise(svg, pxFor(widthMm, dpi), dpi, fontFilesFor(svg))).png;
}
