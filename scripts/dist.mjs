// @ts-check
/**
 * Keeps dist/ (the compiled CLI) as new as the sources, in a clone: `npm run build`, `npm pack`
 * and bin/syzygy.js call `ensureDist()`, which compiles (scripts/compile-dist.mjs, TypeScript
 * loaded only then) when a file under src/ or mods/, a tsconfig or the compiler script is newer
 * than the last compile. Folders count too (a deleted or renamed source changes its folder's
 * time). One process compiles at a time; the others wait for it and then find dist/ up to date.
 * The stamp and lock live in node_modules/.cache/syzygy/: `npm ci` (perhaps a new TypeScript)
 * leads to one fresh compile, and nothing of them goes into the package.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Where the clone's build steps keep their stamps. */
export const CACHE_DIR = path.join(ROOT, "node_modules", ".cache", "syzygy");
const STAMP = path.join(CACHE_DIR, "dist.stamp");
const LOCK = path.join(CACHE_DIR, "dist.lock");
const SOURCE_DIRS = ["src", "mods"].map((d) => path.join(ROOT, d));
const SOURCE_FILES = ["tsconfig.json", "tsconfig.build.json", "scripts/compile-dist.mjs"].map((f) => path.join(ROOT, f));
const LOCK_STALE_MS = 120_000;

/** @param {string} dir @returns {number} newest mtime of `dir`, its folders and files */
function newest(dir) {
  let t = fs.statSync(dir).mtimeMs;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

/** True when dist/ is missing or older than a source. */
export function distIsStale() {
  let built;
  try {
    built = fs.statSync(STAMP).mtimeMs;
    fs.statSync(path.join(ROOT, "dist", "cli.js"));
  } catch {
    return true;
  }
  let sources = 0;
  for (const f of SOURCE_FILES) sources = Math.max(sources, fs.statSync(f).mtimeMs);
  for (const d of SOURCE_DIRS) sources = Math.max(sources, newest(d));
  return sources > built;
}

/** @param {number} ms */
function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Takes the compile lock, waiting while another process holds it. @returns {() => void} release */
function lock() {
  for (;;) {
    try {
      fs.mkdirSync(CACHE_DIR, { recursive: true });
      fs.mkdirSync(LOCK);
      return () => fs.rmSync(LOCK, { recursive: true, force: true });
    } catch (err) {
      if (/** @type {NodeJS.ErrnoException} */ (err).code !== "EEXIST") throw err;
      let age = 0;
      try {
        age = Date.now() - fs.statSync(LOCK).mtimeMs;
      } catch {
        continue;
      }
      if (age > LOCK_STALE_MS) fs.rmSync(LOCK, { recursive: true, force: true });
      else sleep(100);
    }
  }
}

/**
 * Compile progress on stderr: on a terminal one line updated in place, in logs a line per step
 * and per tenth of the files type-checked.
 * @param {((line: string) => void) | undefined} log
 * @returns {(step: string, done?: number, total?: number) => void}
 */
function progressLine(log) {
  if (log === undefined) return () => {};
  const tty = process.stderr.isTTY === true;
  let lastTenth = -1;
  return (step, done, total) => {
    const line = done === undefined || total === undefined ? `dist/: ${step}…` : `dist/: ${step} ${done}/${total} files`;
    if (tty) {
      process.stderr.write(`\r\x1b[K${line}${done !== undefined && done === total ? "\n" : ""}`);
      return;
    }
    const tenth = done === undefined || total === undefined ? -1 : Math.floor((10 * done) / total);
    if (done === undefined || tenth !== lastTenth) log(line);
    lastTenth = tenth;
  };
}

/**
 * Compiles dist/ when it is stale (or always, with `force`).
 * @param {{ force?: boolean, log?: (line: string) => void }} [opts]
 * @returns {Promise<boolean>} whether it compiled
 */
export async function ensureDist(opts = {}) {
  if (!opts.force && !distIsStale()) return false;
  const release = lock();
  try {
    // Another process may have compiled while this one waited.
    if (!opts.force && !distIsStale()) return false;
    const started = performance.now();
    const startedAt = new Date();
    const { compileDist } = await import("./compile-dist.mjs");
    const { files } = compileDist(ROOT, progressLine(opts.log));
    fs.writeFileSync(STAMP, "");
    // Sources edited while the compiler ran leave dist/ stale.
    fs.utimesSync(STAMP, startedAt, startedAt);
    opts.log?.(`dist/: ${files} files compiled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return true;
  } finally {
    release();
  }
}
