// SVG → PNG, the one implementation shared by `svgToPng` (src/render/png.ts) and the raster
// process (raster-process.mjs). Plain JavaScript so that process starts without a TypeScript
// loader; typed by raster-core.d.mts.
import { renderAsync } from "@resvg/resvg-js";
import sharp from "./sharp-library.mjs";

/**
 * resvg rasterises with the bundled fonts only (never the machine's); sharp encodes on the thread
 * pool (resvg's own encoder runs on the calling thread and is ~2.5× slower). `withDensity` writes
 * only the pHYs chunk: `withMetadata` would also convert to sRGB through an ICC transform, which
 * cost more than a third of the encoding time.
 */
export async function rasterise(svg, widthPx, dpi, fontFiles) {
  const image = await renderAsync(svg, {
    fitTo: { mode: "width", value: widthPx },
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: "Inter", sansSerifFamily: "Inter" },
    shapeRendering: 2,
    textRendering: 1,
    logLevel: "off",
  });
  const png = await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
    .withDensity(dpi)
    .png()
    .toBuffer();
  return { png, pixels: image.width * image.height };
}
