/**
 * Builds the Lua bundle (out/lua/syzygy-engine.lua) from src/engine with TypeScriptToLua, using
 * tsconfig.lua.json. Unlike the plain `tstl` CLI, every diagnostic fails the build — including
 * TSTL's warnings (e.g. "Only false and nil evaluate to 'false' in Lua"), which mark code that
 * behaves differently in Lua. The bundle is written to a temp file and renamed, so concurrent
 * builds (tests, CLI) never see half a file.
 *
 * Run as a script: `tsx src/lua-host/build.ts` (npm run build:lua); with `--if-stale` it compiles
 * only when an engine source or tsconfig.lua.json is newer than the bundle.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type ts from "typescript";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const LUA_TSCONFIG = path.join(REPO_ROOT, "tsconfig.lua.json");
export const BUNDLE_PATH = path.join(REPO_ROOT, "out/lua/syzygy-engine.lua");

export class LuaBuildError extends Error {}

const require = createRequire(import.meta.url);

// Loaded only to compile: TypeScript and TSTL cost ~1 s to import, and a fresh bundle needs neither.
const typescript = (): typeof import("typescript") => require("typescript") as typeof import("typescript");
const typescriptToLua = (): typeof import("typescript-to-lua") => require("typescript-to-lua") as typeof import("typescript-to-lua");

function formatDiagnostics(diagnostics: readonly ts.Diagnostic[]): string {
  return typescript().formatDiagnostics(diagnostics, {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => REPO_ROOT,
    getNewLine: () => "\n",
  });
}

/** Compiles src/engine to one Lua file at `outFile`; throws LuaBuildError listing every diagnostic. */
export function buildLuaBundle(outFile: string = BUNDLE_PATH, tsconfig: string = LUA_TSCONFIG): { path: string; bytes: number } {
  // Sources edited while this build runs must leave the bundle stale: stamp it with the start time.
  const started = new Date();
  let bundle: string | undefined;
  const result = typescriptToLua().transpileProject(tsconfig, {}, (fileName, text) => {
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
const LUA_SOURCE_DIRS = ["src/engine", "src/table", "src/games"];

function newestSourceMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMtime(p));
    else if (entry.name.endsWith(".ts")) newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** True when the bundle is missing or older than any source it compiles or the Lua tsconfig. */
export function bundleIsStale(outFile: string = BUNDLE_PATH): boolean {
  if (!fs.existsSync(outFile)) return true;
  const built = fs.statSync(outFile).mtimeMs;
  let sources = fs.statSync(LUA_TSCONFIG).mtimeMs;
  for (const dir of LUA_SOURCE_DIRS) sources = Math.max(sources, newestSourceMtime(path.join(REPO_ROOT, dir)));
  return sources > built;
}

/** The bundle's path, rebuilding it first when stale (so tests and `--runtime lua` never run old Lua). */
export function ensureLuaBundle(outFile: string = BUNDLE_PATH): string {
  if (bundleIsStale(outFile)) buildLuaBundle(outFile);
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
