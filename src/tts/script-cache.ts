/**
 * The compiled-script cache of the clone (src/tts/script.ts), kept with the project in
 * node_modules/.cache/syzygy/tts/ — never in the OS temp folder, where another local user could
 * plant a script under the expected name. One file per game and source hash,
 * `syzygy-tts-<hash>-<game>.lua`, whose first line carries the sha256 of the rest (stampBundle): a
 * file whose bytes do not match it is compiled again, never used. Written atomically (a
 * per-process temp file renamed into place) by one process at a time (a lock file). Every source
 * edit makes a new hash, so each write prunes the older files: only the KEEP_PER_GAME most
 * recently used of each game stay, and at most KEEP_IN_ALL over all games (games come and go:
 * tests scaffold their own).
 *
 * Why per game and three: a save's script carries one game's engine, so the games' files come and
 * go together and a count over all games would keep fewer generations of each; three covers the
 * sources now, the ones just before (undoing an edit, switching back a branch) and one more
 * checkout or worktree of the same machine using the cache at the same time. A cache hit touches
 * its file, so a checkout's bundle stays "recent" while it is being used, however old its sources.
 *
 * Pruning never breaks a reader: a file is read whole in one call and a reader that finds it gone
 * compiles it again; on POSIX a file being read survives its unlink, elsewhere the unlink fails and
 * is ignored. Temp files of a write in progress are left alone (a write takes milliseconds; ones a
 * killed process left are removed after an hour), and so are lock files (cachedBundle clears stale ones).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The first line of a stamped bundle: the hash of the sources it was compiled from and of its text. */
const STAMP = /^-- syzygy-tts sources=([0-9a-f]{16}) sha256=([0-9a-f]{64})\n/;

/** `text` with its stamp line: a Lua comment, so the file stays a runnable script. */
export function stampBundle(text: string, sources: string): string {
  return `-- syzygy-tts sources=${sources} sha256=${createHash("sha256").update(text).digest("hex")}\n${text}`;
}

/**
 * The bundle of a stamped file's text when its bytes match its stamp (and, given `sources`, it
 * was compiled from those sources); undefined otherwise (damaged, planted, stale or unstamped).
 */
export function stampedBundle(file: string, sources?: string): string | undefined {
  const m = STAMP.exec(file);
  if (m === null || (sources !== undefined && m[1] !== sources)) return undefined;
  const text = file.slice(m[0].length);
  return createHash("sha256").update(text).digest("hex") === m[2] ? text : undefined;
}

/** Bundles kept per game (see the header). */
export const KEEP_PER_GAME = 3;
/** Bundles kept in all: the per-game count for the three games plus a few scaffolded ones (~4 MB). */
export const KEEP_IN_ALL = 16;
/** A temp file older than this was left by a killed write. */
export const STALE_TMP_MS = 60 * 60 * 1000;
/** A lock older than this was left by a killed compile. */
const STALE_LOCK_MS = 120_000;

const BUNDLE = /^syzygy-tts-[0-9a-f]{16}(?:-([a-z0-9][a-z0-9-]*))?\.lua$/;
const TEMP = /^syzygy-tts-[0-9a-f]{16}(?:-[a-z0-9][a-z0-9-]*)?\.lua\.\d+\.tmp$/;

/** The cache file of `game`'s bundle compiled from sources with hash `hash`. */
export function cacheFileName(hash: string, game: string): string {
  return `syzygy-tts-${hash}-${game}.lua`;
}

/** The file's text, or undefined when it is not there (never written, or pruned a moment ago). */
function readIfPresent(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

function touch(file: string): void {
  try {
    const now = new Date();
    fs.utimesSync(file, now, now);
  } catch {
    // Another user's file, or pruned meanwhile: its age only orders pruning.
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * The bundle cached in `file` (when its bytes match its stamp, and it was compiled from
 * `sources`), else `make()`'s, written to `file` by one process at a time (parallel test workers
 * would otherwise all compile the same bundle at once), after which the folder is pruned.
 */
export function cachedBundle(file: string, sources: string, make: () => string): string {
  const lock = `${file}.lock`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (;;) {
    const read = readIfPresent(file);
    const hit = read === undefined ? undefined : stampedBundle(read, sources);
    if (hit !== undefined) {
      touch(file);
      return hit;
    }
    // A damaged file is made again (by whoever holds the lock).
    let fd: number | undefined;
    try {
      fd = fs.openSync(lock, "wx");
    } catch {
      const age = fs.existsSync(lock) ? Date.now() - fs.statSync(lock).mtimeMs : 0;
      if (age > STALE_LOCK_MS) fs.rmSync(lock, { force: true });
      sleep(200);
      continue;
    }
    try {
      const text = make();
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, stampBundle(text, sources));
      fs.renameSync(tmp, file);
      pruneScriptCache(path.dirname(file), file);
      return text;
    } finally {
      fs.closeSync(fd);
      fs.rmSync(lock, { force: true });
    }
  }
}

/**
 * Deletes the bundles of `dir` beyond the KEEP_PER_GAME most recently used of each game (never
 * `keep`, the one just written) and temp files older than STALE_TMP_MS. Files it cannot read or
 * delete (another user's, gone meanwhile) are skipped. Returns the names deleted.
 */
export function pruneScriptCache(dir: string, keep: string, now = Date.now()): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const byGame = new Map<string, { name: string; mtime: number }[]>();
  const doomed: string[] = [];
  for (const name of names) {
    const bundle = BUNDLE.exec(name);
    const temp = bundle === null && TEMP.test(name);
    if (bundle === null && !temp) continue;
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(path.join(dir, name));
    } catch {
      continue;
    }
    if (!stat.isFile()) continue;
    if (temp) {
      if (now - stat.mtimeMs > STALE_TMP_MS) doomed.push(name);
      continue;
    }
    if (path.resolve(dir, name) === path.resolve(keep)) continue;
    // Files of the old one-bundle-for-all-games naming (no game in the name) form their own group.
    const game = bundle![1] ?? "";
    const list = byGame.get(game) ?? [];
    list.push({ name, mtime: stat.mtimeMs });
    byGame.set(game, list);
  }
  // Newest first; the name breaks ties so every process picks the same files.
  const newestFirst = (a: { name: string; mtime: number }, b: { name: string; mtime: number }): number =>
    b.mtime - a.mtime || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const keptGame = BUNDLE.exec(path.basename(keep))?.[1];
  const survivors: { name: string; mtime: number }[] = [];
  for (const [game, list] of byGame) {
    list.sort(newestFirst);
    const room = game === keptGame ? KEEP_PER_GAME - 1 : KEEP_PER_GAME;
    for (const f of list.slice(room)) doomed.push(f.name);
    for (const f of list.slice(0, room)) survivors.push(f);
  }
  survivors.sort(newestFirst);
  for (const f of survivors.slice(KEEP_IN_ALL - 1)) doomed.push(f.name);
  const deleted: string[] = [];
  for (const name of doomed.sort()) {
    try {
      fs.unlinkSync(path.join(dir, name));
      deleted.push(name);
    } catch {
      // Gone already, or not ours to delete.
    }
  }
  return deleted;
}
