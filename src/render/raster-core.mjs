// SVG → PNG, the one implementation shared by `svgToPng` (src/render/png.ts) and the raster
// worker threads (raster-worker.mjs). Plain JavaScript so a worker starts without a TypeScript
// loader (~0.3 CPU-s less per worker); typed by raster-core.d.mts.
import { renderAsync } from "@resvg/resvg-js";
import { encodePng } from "./png-encode.mjs";

/**
 * resvg rasterises with the bundled fonts only (never the machine's); the PNG is deflated on the
 * thread pool (png-encode.mjs; resvg's own encoder runs on the calling thread and is ~2.5× slower).
 * Only a pHYs chunk records the resolution: no colour profile, no EXIF.
 */
export async function rasterise(svg, widthPx, dpi, fontFiles) {
  const image = await renderAsync(svg, {
    fitTo: { mode: "width", value: widthPx },
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: "Inter", sansSerifFamily: "Inter" },
    shapeRendering: 2,
    textRendering: 1,
    logLevel: "off",
  });
  const png = await encodePng(image.pixels, image.width, image.height, 4, { dpi });
  return { png, pixels: image.width * image.height };
}
