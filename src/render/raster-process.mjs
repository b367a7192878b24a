// Raster process (started by raster-pool.ts): SVG → PNG with the code `svgToPng` runs, so the
// bytes are the same. Why a process of its own:
// - resvg allocates through its own mimalloc, whose freed pages this process keeps between faces
//   (MIMALLOC_PURGE_DELAY, set by the pool before resvg loads here): faulting them in again for
//   every face cost a third of rasterising. Kept pages are never handed back while a process
//   lives, so they live here, and all of them go when the build closes the pool, before the TTS
//   sheets need memory (src/render/raster-memory.ts);
// - resvg's rendered images keep their pixels in native memory V8 does not see, freed only when
//   a full GC happens to run. Here the heap is a few MB: a full GC every few dozen MB of pixels
//   costs ~1 ms and bounds what dead images hold.
// Faces run as they arrive, on this process's libuv threads (resvg's renderAsync, then sharp).
// The parent gone (its IPC channel closed: a build killed), this process goes too.
import { rasterise } from "./raster-core.mjs";

const GC_EVERY_PIXELS = 2_000_000; // ~8 MB of RGBA: two cards, or after each sheet (bench: peak ~370 MB; every 8 Mpx: ~470 MB, ~0.3 CPU-s less)
let sinceGc = 0;

process.on("message", (req) => {
  rasterise(req.svg, req.widthPx, req.dpi, req.fontFiles).then(
    ({ png, pixels }) => {
      send({ id: req.id, ok: true, png });
      sinceGc += pixels;
      if (sinceGc >= GC_EVERY_PIXELS) {
        sinceGc = 0;
        globalThis.gc();
      }
    },
    (err) => send({ id: req.id, ok: false, message: err instanceof Error ? err.message : String(err) }),
  );
});
process.on("disconnect", () => process.exit(0));

// The memory limit (SYZYGY_RASTER_MB, set by the pool): resvg's pixels are native memory that no
// heap limit sees, so the resident size is watched while faces are drawn; past the limit the pool
// is told, and it ends this process and reports the face (raster-pool.ts).
const LIMIT_BYTES = Number(process.env.SYZYGY_RASTER_MB) * 1024 * 1024;
if (LIMIT_BYTES > 0) {
  setInterval(() => {
    const rss = process.memoryUsage.rss();
    if (rss > LIMIT_BYTES) send({ overMemory: Math.round(rss / 1048576) });
  }, 100).unref();
}
send({ ready: true });

function send(message) {
  if (process.connected) process.send(message);
}
