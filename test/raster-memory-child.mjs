/**
 * Run by test/raster-memory.test.ts in a process of its own: applies the build's raster-memory
 * rule for `--tts` or `--no-tts` (argv[2]), then loads resvg and rasterises one card-sized face
 * (300 dpi) eight times on one thread, and prints the minor page faults of the last six renders.
 * Plain JavaScript on the compiled CLI (dist/, which npm test compiles first): a process with no
 * TypeScript loader starts in a tenth of the time.
 */
import { tuneRasterMemory } from "../dist/render/raster-memory.js";

tuneRasterMemory({ png: true, tts: process.argv[2] === "--tts" });
const { renderAsync } = await import("@resvg/resvg-js");
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="69.85" height="95.25" viewBox="0 0 69.85 95.25"><rect width="69.85" height="95.25" fill="#fbf8f1"/><g opacity="0.8"><circle cx="35" cy="47" r="30" fill="#1d3557"/></g></svg>`;
let faults = 0;
for (let i = 0; i < 8; i++) {
  const before = process.resourceUsage().minorPageFault;
  const image = await renderAsync(svg, { fitTo: { mode: "width", value: 825 }, logLevel: "off" });
  if (image.width !== 825) throw new Error(`rendered ${image.width} px wide`);
  // Time for mimalloc's default 10 ms purge to pass, as between a raster thread's faces.
  await new Promise((resolve) => setTimeout(resolve, 40));
  if (i >= 2) faults += process.resourceUsage().minorPageFault - before;
}
process.stdout.write(`${JSON.stringify({ faults, delay: process.env.MIMALLOC_PURGE_DELAY ?? null })}\n`);
