/**
 * `validate`'s template and face checks, kept by content hash: rendering every face and reading it
 * back with resvg is most of the command's time, and its result depends only on the bytes of the
 * data and templates folders, the running code and the installed libraries. A game whose key
 * (a SHA-256 of all of those) has an entry in <cwd>/out/.cache/validate/ (the default output
 * folder's cache) gets the recorded problems and warnings without loading the renderer. An entry
 * is private (0600 in a 0700 folder), carries the hash of its own body, and is used only when both match; anything odd (a
 * link in the way, a damaged entry, a folder too large to hash) means the checks simply run.
 * Only node: modules and module-free helpers here: a hit must not load the renderer.
 */
import { closeSync, constants, lstatSync, mkdirSync, openSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, statSync, unlinkSync, writeSync } from "node:fs";
import { createHash, type Hash } from "node:crypto";
import { join, resolve } from "node:path";
import { CODE_DIR, PACKAGE_ROOT } from "../package-root";
import { sha256 } from "../hash";
import type { Diagnostic } from "../model/diagnostics";
import type { GameModel } from "../model/types";
import type { Warning } from "../render/types";

/** What the checks found for one game. */
export interface CheckResult {
  diagnostics: Diagnostic[];
  warnings: Warning[];
}

/** Bumped when the entry's shape changes. */
const FORMAT = "syzygy-validate-cache 1";
/** Folders larger than this are not hashed (the checks run instead): hashing must stay cheaper than rendering. */
const MAX_FILES = 5000;
const MAX_BYTES = 64 * 1024 * 1024;
/** Entries kept; the oldest beyond this are removed. */
const MAX_ENTRIES = 64;

class TooLarge extends Error {}

/** Adds every file below `dir` (sorted, links as their text, never followed) to `h`. */
function hashTree(dir: string, h: Hash, budget: { files: number; bytes: number }, skip: (name: string) => boolean = () => false): void {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    h.update(`missing ${dir}\0`);
    return;
  }
  for (const name of names) {
    if (skip(name)) continue;
    const p = join(dir, name);
    const s = lstatSync(p, { throwIfNoEntry: false });
    if (s === undefined) continue;
    if (--budget.files < 0) throw new TooLarge();
    if (s.isSymbolicLink()) h.update(`link ${p}\0${readlinkSync(p)}\0`);
    else if (s.isDirectory()) {
      h.update(`dir ${p}\0`);
      hashTree(p, h, budget, skip);
    } else if (s.isFile()) {
      budget.bytes -= s.size;
      if (budget.bytes < 0) throw new TooLarge();
      h.update(`file ${p}\0${s.size}\0`);
      h.update(readFileSync(p));
      h.update("\0");
    } else h.update(`other ${p}\0`);
  }
}

let codeHash: string | undefined;

/** The running code (without the Lua bundles, which these checks never run) and the installed libraries' lock. */
function codeKey(): string {
  if (codeHash !== undefined) return codeHash;
  const h = createHash("sha256");
  const budget = { files: MAX_FILES, bytes: MAX_BYTES };
  hashTree(CODE_DIR, h, budget, (n) => n === "lua");
  for (const f of ["package.json", "package-lock.json"]) hashTree(PACKAGE_ROOT, h, budget, (n) => n !== f);
  codeHash = h.digest("hex");
  return codeHash;
}

/** The key of one game's checks, or undefined when its folders are too large to hash. */
export function checkKey(m: GameModel, opts: { render?: boolean }): string | undefined {
  try {
    const h = createHash("sha256");
    h.update(`${FORMAT}\0${process.cwd()}\0${m.id}\0${JSON.stringify(opts)}\0${JSON.stringify(m.deckFields)}\0${codeKey()}\0`);
    const budget = { files: MAX_FILES, bytes: MAX_BYTES };
    for (const dir of [m.paths.dataDir, m.paths.templatesDir, join(PACKAGE_ROOT, "templates")]) hashTree(dir, h, budget);
    return h.digest("hex");
  } catch (err) {
    if (err instanceof TooLarge) return undefined;
    throw err;
  }
}

/** Where entries are kept: the default output folder of the working folder. */
export const DEFAULT_OUT = (): string => resolve("out");

/** <out>/.cache/validate, made private, or undefined when a link or a non-folder is in the way. */
function cacheDir(out: string, create: boolean): string | undefined {
  let dir = out;
  for (const part of ["", ".cache", "validate"]) {
    if (part !== "") dir = join(dir, part);
    const s = lstatSync(dir, { throwIfNoEntry: false });
    if (s === undefined) {
      if (!create) return undefined;
      try {
        mkdirSync(dir, { mode: 0o700 });
      } catch {
        return undefined;
      }
    } else if (!s.isDirectory() || s.isSymbolicLink()) return undefined;
  }
  return dir;
}

/** The recorded result for `key`, if its entry is whole and private. */
export function readEntry(out: string, key: string): CheckResult | undefined {
  const dir = cacheDir(out, false);
  if (dir === undefined) return undefined;
  let fd: number | undefined;
  try {
    fd = openSync(join(dir, `${key}.json`), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const text = readFileSync(fd, "utf8");
    const entry = JSON.parse(text) as { format?: unknown; key?: unknown; sha?: unknown; body?: unknown };
    if (entry.format !== FORMAT || entry.key !== key || typeof entry.body !== "string" || entry.sha !== sha256(key, entry.body)) return undefined;
    const body = JSON.parse(entry.body) as CheckResult;
    if (!Array.isArray(body.diagnostics) || !Array.isArray(body.warnings)) return undefined;
    return body;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Records `result` under `key` (written whole, then renamed into place); a failure to write is no error. */
export function writeEntry(out: string, key: string, result: CheckResult): void {
  const dir = cacheDir(out, true);
  if (dir === undefined) return;
  const body = JSON.stringify({ diagnostics: result.diagnostics, warnings: result.warnings });
  const text = JSON.stringify({ format: FORMAT, key, sha: sha256(key, body), body });
  const temp = join(dir, `${key}.${process.pid}.tmp`);
  try {
    const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, join(dir, `${key}.json`));
    prune(dir);
  } catch {
    rmSync(temp, { force: true });
  }
}

/** Keeps the newest MAX_ENTRIES entries. */
function prune(dir: string): void {
  const entries = readdirSync(dir)
    .filter((n) => n.endsWith(".json"))
    .map((n) => ({ n, t: statSync(join(dir, n), { throwIfNoEntry: false })?.mtimeMs ?? 0 }));
  if (entries.length <= MAX_ENTRIES) return;
  entries.sort((a, b) => b.t - a.t || (a.n < b.n ? -1 : a.n > b.n ? 1 : 0));
  for (const e of entries.slice(MAX_ENTRIES)) unlinkSync(join(dir, e.n));
}

/**
 * Each game's checks from its entry, the others from `run` (called once, with the games that had
 * none, and only then), recorded for next time.
 */
export async function cachedChecks(
  models: readonly GameModel[],
  opts: { render?: boolean },
  run: (models: readonly GameModel[]) => Promise<CheckResult[]>,
  outDir: string = DEFAULT_OUT(),
): Promise<CheckResult[]> {
  const keys = models.map((m) => checkKey(m, opts));
  const out: (CheckResult | undefined)[] = keys.map((k) => (k === undefined ? undefined : readEntry(outDir, k)));
  const missing = models.filter((_m, i) => out[i] === undefined);
  if (missing.length === 0) return out as CheckResult[];
  const fresh = await run(missing);
  let j = 0;
  for (let i = 0; i < models.length; i++) {
    if (out[i] !== undefined) continue;
    out[i] = fresh[j++];
    const key = keys[i];
    if (key !== undefined) writeEntry(outDir, key, out[i] as CheckResult);
  }
  return out as CheckResult[];
}
