/**
 * The save's LuaScript: the host glue (mods/tts) bundled with its game's engine (only that one) by
 * TypeScriptToLua, preceded by the `SYZYGY_CONFIG` table that tells the script which game its save
 * holds.
 *
 * Every bundle is kept with the project, never in the OS temp folder (which is emptied on reboot,
 * and where another user could plant a file under the expected name), and each file's first line
 * stamps the hash of the sources it was compiled from and the sha256 of its text
 * (./script-cache.ts stampBundle): a file is used only when its bytes match that stamp. Where the
 * sources are (a clone), the sources' hash picks the bundle: dist/lua/syzygy-tts-<game>.lua, which
 * `npm run build` writes, when it was compiled from these sources; else a cache file in
 * node_modules/.cache/syzygy/tts/ keyed by that hash (an edited source, a scaffolded game), so
 * tests and builds running side by side never see a stale or half-written script (each new file
 * prunes the older ones). An installed package has no sources: it reads the dist/lua copy `npm
 * pack` put there (its text checked against its stamp), and never loads TypeScript. Every TSTL
 * diagnostic — warnings included, since they mark code that behaves differently in Lua — fails
 * the build.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import type { SaveConfig } from "../table/config";
import { PACKAGE_ROOT, PREBUILT_LUA_DIR } from "../package-root";
import { GAMES } from "../games/index";
import { NO_GOTO_PLUGIN } from "../lua-host/build";
import { cacheFileName, cachedBundle, stampBundle, stampedBundle } from "./script-cache";

/** Where bundles compiled in a clone are cached (beside dist/'s own build stamps). */
export const SCRIPT_CACHE_DIR = path.join(PACKAGE_ROOT, "node_modules", ".cache", "syzygy", "tts");

export const REPO_ROOT = PACKAGE_ROOT;
export const GLUE_TSCONFIG = path.join(REPO_ROOT, "mods/tts/tsconfig.json");
/** The games that get a script (one bundle each: a save carries only its own game's engine). */
export const GLUE_GAMES: readonly string[] = GAMES.map((g) => g.id);
/** A game's bundle copied into the package. */
export function prebuiltGluePath(game: string): string {
  return path.join(PREBUILT_LUA_DIR, `syzygy-tts-${game}.lua`);
}

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

/** The hash of every source file a bundle is compiled from (16 hex digits). */
export function sourceHash(): string {
  const h = createHash("sha256");
  const files: string[] = [];
  for (const dir of GLUE_SOURCE_DIRS) sourceFiles(path.join(REPO_ROOT, dir), files);
  files.push(NO_GOTO_PLUGIN);
  for (const f of files) {
    h.update(path.relative(REPO_ROOT, f));
    h.update(fs.readFileSync(f));
  }
  return h.digest("hex").slice(0, 16);
}

const require = createRequire(import.meta.url);

/** The one-game list (same shape as src/games/list.ts: one export line) a save's script is compiled with. */
export function oneGameList(game: string): string {
  return `export { definition as game } from "../engine/${game}/index";\n`;
}

let lastProgram: import("typescript").Program | undefined;
const parsedFiles = new Map<string, import("typescript").SourceFile>();

function compile(game: string): string {
  // Loaded only on a cache miss: TypeScript and TSTL add ~170 MB and ~1 s to every CLI start.
  const ts = require("typescript") as typeof import("typescript");
  const tstl = require("typescript-to-lua") as typeof import("typescript-to-lua");
  if (!GLUE_GAMES.includes(game)) throw new ScriptBuildError(`no TTS script for "${game}": it is not one of the games with code (${GLUE_GAMES.join(", ")})`);
  const parsed = tstl.parseConfigFileWithSystem(GLUE_TSCONFIG);
  const format = (d: readonly import("typescript").Diagnostic[]): string =>
    ts.formatDiagnostics(d, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => REPO_ROOT, getNewLine: () => "\n" });
  if (parsed.errors.length > 0) throw new ScriptBuildError(`TTS script build failed (mods/tts/tsconfig.json):\n${format(parsed.errors)}`);
  // Only the glue is a root: the program (and so the bundle) holds the modules it reaches, and
  // the list of games it reaches is this game alone.
  const roots = parsed.fileNames.filter((f) => path.resolve(f).startsWith(path.join(REPO_ROOT, "mods", "tts") + path.sep));
  const list = path.join(REPO_ROOT, "src", "games", "list.ts");
  const host = ts.createCompilerHost(parsed.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (path.resolve(fileName) === list) return ts.createSourceFile(fileName, oneGameList(game), languageVersion);
    // Parsed once per process: the next game's program reuses them (see lastProgram).
    let file = parsedFiles.get(fileName);
    if (file === undefined) {
      file = getSourceFile(fileName, languageVersion, onError, shouldCreate);
      if (file !== undefined) parsedFiles.set(fileName, file);
    }
    return file;
  };
  // The games' programs differ in one file: the previous one's parsed files are reused.
  const program = ts.createProgram(roots, parsed.options, host, lastProgram);
  lastProgram = program;
  let bundle: string | undefined;
  const emitted = new tstl.Transpiler().emit({
    program,
    writeFile: (fileName, text) => {
      if (fileName.endsWith(".lua")) bundle = text;
    },
  });
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
  if (diagnostics.length > 0) throw new ScriptBuildError(`TTS script build failed (mods/tts/tsconfig.json, ${game}): fix these diagnostics:\n${format(diagnostics)}`);
  if (bundle === undefined) throw new ScriptBuildError("TTS script build produced no bundle (check luaBundle in mods/tts/tsconfig.json)");
  return bundle;
}

/** Per game: the bundle and the source hash it was compiled from. */
const memo = new Map<string, { hash: string; text: string }>();

/** The compiled glue + `game`'s engine (without the config line). */
export function glueBundle(game: string): string {
  if (!fs.existsSync(GLUE_TSCONFIG)) return prebuiltGlue(game);
  const hash = sourceHash();
  const hit = memo.get(game);
  if (hit !== undefined && hit.hash === hash) return hit.text;
  const text = readStamped(prebuiltGluePath(game), hash) ?? cachedBundle(path.join(SCRIPT_CACHE_DIR, cacheFileName(hash, game)), hash, () => compile(game));
  memo.set(game, { hash, text });
  return text;
}

/** The bundle in `file` when its bytes match its stamp (and with `sources`, it was compiled from them). */
function readStamped(file: string, sources?: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  return stampedBundle(text, sources);
}

/** True when `file` is missing, damaged, or compiled from other sources than these (a clone's). */
export function glueIsStale(file: string): boolean {
  return readStamped(file, sourceHash()) === undefined;
}

/** Writes `game`'s bundle (compiled from the sources, or from the cache) to `file`, stamped with the time it started. */
export function writeGlueBundle(game: string, file: string = prebuiltGluePath(game)): { path: string; bytes: number } {
  const started = new Date();
  const text = glueBundle(game);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, stampBundle(text, sourceHash()));
  fs.utimesSync(tmp, started, started);
  fs.renameSync(tmp, file);
  return { path: file, bytes: Buffer.byteLength(text) };
}

function prebuiltGlue(game: string): string {
  const file = prebuiltGluePath(game);
  if (!fs.existsSync(file)) throw new ScriptBuildError(`${file} is missing: the package was packed without its TTS script (npm pack builds it)`);
  const hit = memo.get(game);
  if (hit !== undefined && hit.hash === "prebuilt") return hit.text;
  const text = readStamped(file);
  if (text === undefined) throw new ScriptBuildError(`${file} does not match the hash on its first line (damaged or changed): reinstall the package`);
  memo.set(game, { hash: "prebuilt", text });
  return text;
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
  return `-- syzygy: ${config.game} (generated; edit mods/tts and src/engine, then rebuild)\n${configChunk(config)}${glueBundle(config.game)}`;
}
