/**
 * The save's LuaScript: the host glue (mods/tts) bundled with the engines by TypeScriptToLua,
 * preceded by the `SYZYGY_CONFIG` table that tells the script which game its save holds.
 *
 * Where the sources are (a clone) the bundle is compiled once per source content: a cache file in
 * the OS temp folder is keyed by a hash of every source file that goes into it, so tests and
 * builds running side by side never see a stale or half-written script. An installed package has
 * no sources: it reads dist/lua/syzygy-tts.lua, the copy `npm run build` and `npm pack` put
 * there, and never loads TypeScript. Every TSTL diagnostic — warnings included, since they mark
 * code that behaves differently in Lua — fails the build.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import type { SaveConfig } from "../table/config";
import { PACKAGE_ROOT, PREBUILT_LUA_DIR } from "../package-root";
import { isStale } from "../build/stale";

export const REPO_ROOT = PACKAGE_ROOT;
export const GLUE_TSCONFIG = path.join(REPO_ROOT, "mods/tts/tsconfig.json");
/** The bundle's copy in the package. */
export const PREBUILT_GLUE_PATH = path.join(PREBUILT_LUA_DIR, "syzygy-tts.lua");

/** The folders mods/tts/tsconfig.json compiles (its `include`): any change in them rebuilds the script. */
const GLUE_SOURCE_DIRS = ["mods/tts", "src/engine", "src/table", "src/games"];

export class ScriptBuildError extends Error {}

function sourceFiles(dir: string, out: string[]): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(p, out);
    else if (entry.name.endsWith(".ts") || entry.name.endsWith(".json")) out.push(p);
  }
  return out;
}

function sourceHash(): string {
  const h = createHash("sha256");
  const files: string[] = [];
  for (const dir of GLUE_SOURCE_DIRS) sourceFiles(path.join(REPO_ROOT, dir), files);
  for (const f of files) {
    h.update(path.relative(REPO_ROOT, f));
    h.update(fs.readFileSync(f));
  }
  return h.digest("hex").slice(0, 16);
}

const require = createRequire(import.meta.url);

function compile(): string {
  // Loaded only on a cache miss: TypeScript and TSTL add ~170 MB and ~1 s to every CLI start.
  const ts = require("typescript") as typeof import("typescript");
  const tstl = require("typescript-to-lua") as typeof import("typescript-to-lua");
  let bundle: string | undefined;
  const result = tstl.transpileProject(GLUE_TSCONFIG, {}, (fileName, text) => {
    if (fileName.endsWith(".lua")) bundle = text;
  });
  if (result.diagnostics.length > 0) {
    const text = ts.formatDiagnostics(result.diagnostics, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => REPO_ROOT,
      getNewLine: () => "\n",
    });
    throw new ScriptBuildError(`TTS script build failed (mods/tts/tsconfig.json): fix these diagnostics:\n${text}`);
  }
  if (bundle === undefined) throw new ScriptBuildError("TTS script build produced no bundle (check luaBundle in mods/tts/tsconfig.json)");
  return bundle;
}

let memo: { hash: string; text: string } | undefined;

/** The compiled glue + engine bundle (without the config line). */
export function glueBundle(): string {
  if (!fs.existsSync(GLUE_TSCONFIG)) return prebuiltGlue();
  const hash = sourceHash();
  if (memo !== undefined && memo.hash === hash) return memo.text;
  const cache = path.join(os.tmpdir(), `syzygy-tts-${hash}.lua`);
  const text = fs.existsSync(cache) ? fs.readFileSync(cache, "utf8") : compileOnce(cache);
  memo = { hash, text };
  return text;
}

/** True when `file` is missing or older than a source of the bundle (sources are only in a clone). */
export function glueIsStale(file: string = PREBUILT_GLUE_PATH): boolean {
  return isStale(file, GLUE_SOURCE_DIRS.map((d) => path.join(REPO_ROOT, d)), [".ts", ".json"]);
}

/** Writes the bundle (compiled from the sources, or from the cache) to `file`, stamped with the time it started. */
export function writeGlueBundle(file: string = PREBUILT_GLUE_PATH): { path: string; bytes: number } {
  const started = new Date();
  const text = glueBundle();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.utimesSync(tmp, started, started);
  fs.renameSync(tmp, file);
  return { path: file, bytes: Buffer.byteLength(text) };
}

function prebuiltGlue(): string {
  if (!fs.existsSync(PREBUILT_GLUE_PATH)) throw new ScriptBuildError(`${PREBUILT_GLUE_PATH} is missing: the package was packed without its TTS script (npm pack builds it)`);
  if (memo === undefined || memo.hash !== "prebuilt") memo = { hash: "prebuilt", text: fs.readFileSync(PREBUILT_GLUE_PATH, "utf8") };
  return memo.text;
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Compiles into `cache`, one process at a time: parallel test workers (2 cores on CI) would
 * otherwise all compile the same bundle at once. A lock older than two minutes is stale.
 */
function compileOnce(cache: string): string {
  const lock = `${cache}.lock`;
  for (;;) {
    if (fs.existsSync(cache)) return fs.readFileSync(cache, "utf8");
    let fd: number | undefined;
    try {
      fd = fs.openSync(lock, "wx");
    } catch {
      const age = fs.existsSync(lock) ? Date.now() - fs.statSync(lock).mtimeMs : 0;
      if (age > 120_000) fs.rmSync(lock, { force: true });
      sleep(200);
      continue;
    }
    try {
      const text = compile();
      const tmp = `${cache}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, text);
      fs.renameSync(tmp, cache);
      return text;
    } finally {
      fs.closeSync(fd);
      fs.rmSync(lock, { force: true });
    }
  }
}

function luaString(s: string): string {
  return JSON.stringify(s); // ASCII ids only: JSON string syntax is valid Lua here
}

/** `SYZYGY_CONFIG = {...}` as Lua source. */
export function configChunk(config: SaveConfig): string {
  for (const id of [config.game, config.playZone, ...config.deck]) {
    if (!/^[\x20-\x7e]*$/.test(id)) throw new ScriptBuildError(`id ${JSON.stringify(id)} is not printable ASCII`);
  }
  return [
    "SYZYGY_CONFIG = {",
    `  game = ${luaString(config.game)},`,
    `  playZone = ${luaString(config.playZone)},`,
    `  deck = { ${config.deck.map(luaString).join(", ")} },`,
    "}",
    "",
  ].join("\n");
}

export function saveScript(config: SaveConfig): string {
  return `-- syzygy: ${config.game} (generated; edit mods/tts and src/engine, then rebuild)\n${configChunk(config)}${glueBundle()}`;
}
