// @ts-check
/**
 * `npm run build [-- build flags]`: everything the clone builds, in one process, each step only
 * when its inputs changed since it last ran:
 *   1. dist/, the compiled CLI (scripts/dist.mjs);
 *   2. the engines' generated data and the JSON Schemas (`npm run gen`: src/engine/<game>/data.gen.ts,
 *      data/schema/), when a data file or the model's or an engine's source is newer than the last
 *      run — and dist/ again if that changed a data.gen.ts;
 *   3. the Lua bundles, when older than their sources: out/lua/syzygy-engine.lua (what the
 *      clone runs) and its copy in dist/lua/, which the installed package runs; and the TTS
 *      script of each game, dist/lua/syzygy-tts-<game>.lua, when the hash of its sources on its
 *      first line is not the sources' (src/tts/script.ts);
 *   4. `syzygy build` with the flags given, in this process (or, after a compile, a fresh one).
 * `--package` (npm's prepack) stops after step 3: what `npm pack` puts in the package.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { CACHE_DIR, ROOT, ensureDist } from "./dist.mjs";

const GEN_STAMP = path.join(CACHE_DIR, "gen.stamp");
/** What codegen reads (data/schema/ and data.gen.ts are what it writes). */
const GEN_INPUTS = ["data", "src/model", "src/games", "src/engine"].map((d) => path.join(ROOT, d));
const GEN_OUTPUTS = new Set([path.join(ROOT, "data", "schema")]);

/** @param {string} line */
const log = (line) => process.stderr.write(`${line}\n`);

/** @param {string} dir @returns {number} newest mtime of the files under `dir`, outputs left out */
function newestInput(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (GEN_OUTPUTS.has(p) || e.name === "data.gen.ts") continue;
    t = Math.max(t, e.isDirectory() ? newestInput(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

function genIsStale() {
  let ran;
  try {
    ran = fs.statSync(GEN_STAMP).mtimeMs;
  } catch {
    return true;
  }
  return GEN_INPUTS.some((d) => newestInput(d) > ran);
}

/** Runs codegen (from dist/) when stale; returns whether it rewrote an engine's data. */
function generate() {
  if (!genIsStale()) return false;
  const started = new Date();
  const r = spawnSync(process.execPath, [path.join(ROOT, "dist/model/codegen.js")], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "inherit", "pipe"] });
  process.stderr.write(r.stderr);
  if (r.status !== 0) throw new BuildStepError("npm run gen failed (above)");
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  fs.writeFileSync(GEN_STAMP, "");
  fs.utimesSync(GEN_STAMP, started, started);
  return /data\.gen\.ts/.test(r.stderr);
}

class BuildStepError extends Error {}

/** @param {string} rel */
const dist = (rel) => pathToFileURL(path.join(ROOT, "dist", rel)).href;

/** @returns {Promise<boolean>} whether a bundle was compiled (TypeScript loaded) */
async function luaBundles() {
  /** @type {typeof import("../src/lua-host/build")} */
  const engine = await import(dist("lua-host/build.js"));
  /** @type {typeof import("../src/tts/script")} */
  const glue = await import(dist("tts/script.js"));
  const rel = (/** @type {string} */ p) => path.relative(process.cwd(), p);
  let compiled = false;
  if (engine.bundleIsStale(engine.SOURCE_BUNDLE_PATH)) {
    compiled = true;
    const { bytes } = engine.buildLuaBundle(engine.SOURCE_BUNDLE_PATH);
    log(`${rel(engine.SOURCE_BUNDLE_PATH)}: ${(bytes / 1024).toFixed(1)} KB`);
  }
  if (engine.bundleIsStale(engine.PREBUILT_BUNDLE_PATH)) {
    // The same bundle, with the same time: it is as new as its sources.
    fs.mkdirSync(path.dirname(engine.PREBUILT_BUNDLE_PATH), { recursive: true });
    const tmp = `${engine.PREBUILT_BUNDLE_PATH}.${process.pid}.tmp`;
    fs.copyFileSync(engine.SOURCE_BUNDLE_PATH, tmp);
    const { mtime } = fs.statSync(engine.SOURCE_BUNDLE_PATH);
    fs.utimesSync(tmp, mtime, mtime);
    fs.renameSync(tmp, engine.PREBUILT_BUNDLE_PATH);
  }
  // One TTS script per game with code: a save carries only its own game's engine.
  for (const game of glue.GLUE_GAMES) {
    const file = glue.prebuiltGluePath(game);
    if (!glue.glueIsStale(file)) continue;
    compiled = true;
    const { bytes } = glue.writeGlueBundle(game, file);
    log(`${rel(file)}: ${(bytes / 1024).toFixed(1)} KB`);
  }
  return compiled;
}

async function run() {
  const args = process.argv.slice(2);
  const packageOnly = args.includes("--package");
  let compiled = await ensureDist({ log });
  if (generate()) compiled = (await ensureDist({ log })) || compiled;
  compiled = (await luaBundles()) || compiled;
  if (packageOnly) return 0;
  // After a compile this process holds TypeScript's memory (~400 MB): the build gets a fresh one.
  if (compiled) return spawnSync(process.execPath, [path.join(ROOT, "dist/cli.js"), "build", ...args], { stdio: "inherit" }).status ?? 1;
  /** @type {typeof import("../src/cli")} */
  const cli = await import(dist("cli.js"));
  return cli.main(["build", ...args]);
}

try {
  process.exitCode = await run();
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
