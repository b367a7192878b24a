// sharp, the one copy every module uses (the faces' PNGs in raster-core.mjs, the gallery's page
// thumbnails, the TTS images), loaded through require: its CommonJS build. Its ES module build
// costs a process twice the page faults and ~0.07 s more to load (docs/benchmarks.md), and a
// one-card edit loads it for its one face. Plain
// JavaScript so the raster process loads it without a TypeScript loader; typed by sharp-library.d.mts.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const sharp = require("sharp");

// Each image is encoded or read once, so libvips' operation cache would only hold memory (tens of
// MB at 300 dpi); one libvips thread per image: images are already worked on several at a time on
// the thread pool. Both are the process's settings, set here before any image.
sharp.cache(false);
sharp.concurrency(1);

export default sharp;
