/**
 * Builds the Lua bundle of the engines (syzygy-engine.lua) from src/engine, src/table and
 * src/games with TypeScriptToLua, using tsconfig.lua.json. Unlike the plain `tstl` CLI, every
 * diagnostic fails the build — including TSTL's warnings (e.g. "Only false and nil evaluate to
 * 'false' in Lua"), which mark code that behaves differently in Lua. The bundle is written to a
 * temp file and renamed, so concurrent builds (tests, CLI) never see half a file.
 *
 * Which bundle runs: where the sources are (a clone: tsx, vitest, or the compiled CLI alike)
 * out/lua/syzygy-engine.lua, rebuilt first whenever it is older than them; an installed package
 * has no sources and runs dist/lua/syzygy-engine.lua, the copy `npm run build` and `npm pack`
 * put there. TypeScript and TSTL (development dependencies) are loaded only to compile.
 *
 * Run as a script: `tsx src/lua-host/build.ts` (npm run build:lua); with `--if-stale` it compiles
 * only when an engine source or tsconfig.lua.json is newer than the bundle.
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type * as Ts from "typescript";
import { PACKAGE_ROOT, PREBUILT_LUA_DIR } from "../package-root";
import { isStale } from "../pipeline/stale";

export const REPO_ROOT = PACKAGE_ROOT;
export const LUA_TSCONFIG = path.join(REPO_ROOT, "tsconfig.lua.json");
/** The TSTL plugin both Lua tsconfigs load (`continue` without goto): a change rebuilds the bundles. */
export const NO_GOTO_PLUGIN = path.join(REPO_ROOT, "src/lua-host/no-goto-plugin.cjs");
/** The bundle compiled from the sources, in a clone. */
export const SOURCE_BUNDLE_PATH = path.join(REPO_ROOT, "out/lua/syzygy-engine.lua");
/** Its copy in the package. */
export const PREBUILT_BUNDLE_PATH = path.join(PREBUILT_LUA_DIR, "syzygy-engine.lua");

export class LuaBuildError extends Error {}

const require = createRequire(import.meta.url);

/** TSTL's diagnostics as tsc prints them. */
export function formatDiagnostics(diagnostics: readonly Ts.Diagnostic[]): string {
  const ts = require("typescript") as typeof Ts;
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => REPO_ROOT,
    getNewLine: () => "\n",
  });
}

/** Compiles src/engine to one Lua file at `outFile`; throws LuaBuildError listing every diagnostic. */
export function buildLuaBundle(outFile: string = BUNDLE_PATH, tsconfig: string = LUA_TSCONFIG): { path: string; bytes: number } {
  const tstl = require("typescript-to-lua") as typeof import("typescript-to-lua");
  // Sources edited while this build runs must leave the bundle stale: stamp it with the start time.
  const started = new Date();
  let bundle: string | undefined;
  const result = tstl.transpileProject(tsconfig, {}, (fileName, text) => {
    if (fileName.endsWith(".lua")) bundle = text;
  });
  if (result.diagnostics.length > 0) {
    throw new LuaBuildError(
      `Lua build failed (${path.relative(REPO_ROOT, tsconfig)}): fix these ${result.diagnostics.length} diagnostic(s) — ` +
        `TSTL warnings count as errors because they mark code that behaves differently in Lua:\n` +
        formatDiagnostics(result.diagnostics),
    );
  }
  if (bundle === undefined) throw new LuaBuildError("Lua build produced no bundle (check luaBundle in tsconfig.lua.json)");
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const tmp = `${outFile}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, bundle);
  fs.utimesSync(tmp, started, started);
  fs.renameSync(tmp, outFile);
  return { path: outFile, bytes: Buffer.byteLength(bundle) };
}

/** The folders compiled into the bundle (tsconfig.lua.json `include`). */
const LUA_SOURCE_DIRS = ["src/engine", "src/table", "src/games"].map((d) => path.join(REPO_ROOT, d));

/** True where the engine's sources are (a clone), false in an installed package. */
export function luaSourcesPresent(): boolean {
  return fs.existsSync(LUA_TSCONFIG);
}

/** The bundle that runs here. */
export const BUNDLE_PATH = luaSourcesPresent() ? SOURCE_BUNDLE_PATH : PREBUILT_BUNDLE_PATH;

/** True when the bundle is missing or older than any source it compiles or the Lua tsconfig. */
export function bundleIsStale(outFile: string = BUNDLE_PATH): boolean {
  return isStale(outFile, LUA_SOURCE_DIRS, [".ts"], [LUA_TSCONFIG, NO_GOTO_PLUGIN]);
}

/** The bundle's path, rebuilding it first when stale (so tests and `--runtime lua` never run old Lua). */
export function ensureLuaBundle(outFile: string = BUNDLE_PATH): string {
  if (luaSourcesPresent()) {
    if (bundleIsStale(outFile)) buildLuaBundle(outFile);
  } else if (!fs.existsSync(outFile)) {
    throw new LuaBuildError(`${outFile} is missing: the package was packed without its Lua bundle (npm pack builds it)`);
  }
  return outFile;
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    // `npm run build` passes --if-stale (an unchanged engine is not compiled again, ~4 s);
    // `npm run build:lua` and `typecheck` always compile, so they always report diagnostics.
    if (process.argv.includes("--if-stale") && !bundleIsStale()) {
      process.stdout.write(`${path.relative(process.cwd(), BUNDLE_PATH)}: up to date\n`);
    } else {
      const { path: out, bytes } = buildLuaBundle();
      process.stdout.write(`${path.relative(process.cwd(), out)}: ${(bytes / 1024).toFixed(1)} KB\n`);
    }
  } catch (err) {
    process.stderr.write((err instanceof Error ? err.message : String(err)) + "\n");
    process.exitCode = 1;
  }
}
