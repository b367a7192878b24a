/**
 * Modules fontkit and pdfkit require at load for work syzygy never asks of them, left unloaded
 * until first used: require's cache gets a stand-in that loads the real module on its first call
 * or property read. Each would cost every process that writes a PDF (docs/benchmarks.md):
 *   - fontkit's Brotli decoder and its 120 KB dictionary (~50 ms, ~1 000 page faults), for WOFF2
 *     fonts, which syzygy refuses before fontkit reads a font (src/model/fonts.ts);
 *   - pdfkit's AES tables (~15 ms to compute), for encrypted PDFs, which syzygy never writes.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

interface Deferred {
  /** The package that requires it (its `require` resolves the copy that package would load). */
  by: string;
  request: string;
  /** A function module (called) or an object of functions (read). */
  shape: "function" | "object";
}

const DEFERRED: readonly Deferred[] = [
  { by: "fontkit", request: "brotli/decompress.js", shape: "function" },
  { by: "pdfkit", request: "@noble/ciphers/aes", shape: "object" },
];

let deferred = false;

/** Puts the stand-ins in require's cache, except for modules loaded already; once a process. */
export function deferUnusedModules(): void {
  if (deferred) return;
  deferred = true;
  for (const d of DEFERRED) {
    const fromPackage = createRequire(require.resolve(d.by));
    const file = fromPackage.resolve(d.request);
    if (require.cache[file] !== undefined) continue;
    let real: unknown;
    const load = (): Record<string, unknown> & ((...args: unknown[]) => unknown) => {
      if (real === undefined) {
        delete require.cache[file];
        real = fromPackage(d.request);
      }
      return real as Record<string, unknown> & ((...args: unknown[]) => unknown);
    };
    const exports = d.shape === "function" ? (...args: unknown[]): unknown => load()(...args) : new Proxy({}, { get: (_target, key) => load()[key as string], has: (_target, key) => key in load() });
    // A loaded module, as require keeps one: Module._load answers a cached entry with its `exports`.
    require.cache[file] = { id: file, filename: file, path: file, loaded: true, exports, children: [], paths: [], isPreloading: false, require } as unknown as NodeJS.Module;
  }
}
