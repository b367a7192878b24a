// Raster worker thread (started by raster-pool.ts): SVG → PNG with the code `svgToPng` runs, so
// the bytes are the same. Why a thread of its own: resvg's rendered images keep their pixels in
// native memory V8 does not see, so they are freed only when a full GC happens to run — rarely
// and at a cost in the main thread's big heap. Here the heap is a few MB: a full GC every few
// dozen MB of pixels costs ~1 ms and bounds what dead images hold.
import { parentPort } from "node:worker_threads";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { rasterise } from "./raster-core.mjs";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
const GC_EVERY_PIXELS = 2_000_000; // ~8 MB of RGBA: two cards, or after each sheet (bench: peak ~370 MB; every 8 Mpx: ~470 MB, ~0.3 CPU-s less)
let sinceGc = 0;

parentPort.on("message", (req) => {
  rasterise(req.svg, req.widthPx, req.dpi, req.fontFiles).then(
    ({ png, pixels }) => {
      const copy = new Uint8Array(png.byteLength);
      copy.set(png);
      parentPort.postMessage({ id: req.id, ok: true, png: copy }, [copy.buffer]);
      sinceGc += pixels;
      if (sinceGc >= GC_EVERY_PIXELS) {
        sinceGc = 0;
        gc();
      }
    },
    (err) => parentPort.postMessage({ id: req.id, ok: false, message: err instanceof Error ? err.message : String(err) }),
  );
});
parentPort.postMessage({ ready: true });
