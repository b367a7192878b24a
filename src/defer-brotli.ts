/**
 * fontkit loads a Brotli decoder and its 120 KB dictionary on import, to unpack WOFF2 fonts only.
 * syzygy refuses those before fontkit reads a font (src/model/fonts.ts: pdfkit cannot draw them),
 * so the decoder goes into require's cache as a function that loads the real one on first call:
 * ~50 ms and ~1 000 page faults less for each process that loads fontkit (docs/benchmarks.md).
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** Puts the deferred decoder in require's cache, unless fontkit's is loaded already. */
export function deferBrotli(): void {
  const fromFontkit = createRequire(require.resolve("fontkit"));
  const file = fromFontkit.resolve("brotli/decompress.js");
  if (require.cache[file] !== undefined) return;
  const decompress = (...args: unknown[]): unknown => (fromFontkit("brotli/dec/decode.js") as { BrotliDecompressBuffer(...a: unknown[]): unknown }).BrotliDecompressBuffer(...args);
  // A loaded module as require keeps one: Module._load answers a cached entry with its `exports`.
  require.cache[file] = { id: file, filename: file, path: file, loaded: true, exports: decompress, children: [], paths: [], isPreloading: false, require } as unknown as NodeJS.Module;
}
