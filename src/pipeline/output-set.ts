/**
 * A build's outputs land as one set per game. The build writes into a staging copy of each game's
 * folder (<out>/.staging/<game>/: hard links to the current files, so a one-card edit copies
 * nothing and renders only what changed); nothing in <out>/<game>/ changes until every output of
 * every game is written. Then each game is committed: a journal listing the files to move into
 * place and the files to remove is written (atomically), the moves and removals are made, and the
 * journal is deleted. A build that fails or is killed before the journal exists leaves the
 * previous files untouched (its staging is dropped by the next build); one killed during the
 * moves is completed by the next build before it does anything else.
 *
 * Moves go deepest files first (card PNGs and TTS images before the PDFs and the TTS save that
 * refer to them, the gallery last) and removals after every move, so even mid-commit the TTS
 * save's images and the gallery's files exist.
 *
 * Staged files are hard links to the current ones: whatever writes into the staging must replace
 * a file (writeFileAtomic: a temp file renamed over it), never write into an existing one, or it
 * would change the current file too.
 */
import { copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, rmdirSync, statSync, unlinkSync, utimesSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { confineOut, errorForFile, isOwnDir, makeDir, tempOwner, writeFileAtomic } from "../render/files";
import { faultPoint } from "../fault";
import { acquireOutLock, pidAlive } from "./lock";

export const STAGING_DIR = ".staging";

/** `--out` names something that cannot be an output folder (a file, or a path through a file). */
export class OutDirError extends Error {}

/** Why `outDir` cannot be an output folder (a file, or a path through one), or undefined when it can. */
export function outDirProblem(outDir: string): string | undefined {
  try {
    checkOutDir(outDir);
    return undefined;
  } catch (err) {
    if (err instanceof OutDirError) return err.message;
    throw err;
  }
}

function checkOutDir(outDir: string): void {
  // The nearest part of the path that exists must be a folder.
  for (let p = resolve(outDir); ; p = dirname(p)) {
    let st;
    try {
      st = statSync(p);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if ((code === "ENOENT" || code === "ENOTDIR") && dirname(p) !== p) continue;
      throw errorForFile(err, p);
    }
    if (!st.isDirectory()) {
      const what = p === resolve(outDir) ? `${outDir} is a file` : `${p} is a file, so ${outDir} cannot be made`;
      throw new OutDirError(`--out ${outDir}: ${what}, not a folder: choose a folder (it is created when missing)`);
    }
    break;
  }
}

/** Makes sure `outDir` is (or can be made) a folder, and makes it. */
export function prepareOutDir(outDir: string): void {
  checkOutDir(outDir);
  mkdirSync(outDir, { recursive: true });
  confineOut(outDir);
}

/**
 * Removes every symbolic link below `outDir` (not what it points at): the build makes none, and
 * one restored by git or unzip (`out/<game>/pages -> ~`) would lead its writes and prunes outside
 * the project. Returns how many were removed.
 */
export function removeLinks(outDir: string): number {
  let removed = 0;
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isSymbolicLink()) {
        unlinkSync(p);
        removed += 1;
      } else if (e.isDirectory()) walk(p);
    }
  };
  if (isOwnDir(outDir)) walk(outDir);
  return removed;
}

/** A temp file another live process may still be writing (any other temp is junk). */
function liveTemp(name: string): boolean {
  const pid = tempOwner(name);
  return pid !== undefined && pid !== process.pid && pidAlive(pid);
}

function isTemp(name: string): boolean {
  return name.endsWith(".tmp") || name.endsWith(".stale");
}

/** Files (and symlinks) under `dir` by path relative to it, with their inode; temp files and folders skipped. */
function listFiles(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (isTemp(e.name)) continue;
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const st = lstatSync(p, { bigint: true });
        out.set(relative(dir, p).split(sep).join("/"), `${st.dev}:${st.ino}`);
      }
    }
  };
  walk(dir);
  return out;
}

/** Removes temp files and folders under `dir` that no live process owns. */
export function removeStaleTemps(dir: string): number {
  let removed = 0;
  if (!existsSync(dir)) return removed;
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (isTemp(e.name)) {
        if (liveTemp(e.name)) continue;
        rmSync(p, { recursive: true, force: true });
        removed += 1;
      } else if (e.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return removed;
}

/**
 * Stages `from` into `to`: the same folders, hard links to the same files (copies where links
 * fail). Symbolic links are not staged: the commit then removes them from the game's folder.
 */
function mirror(from: string, to: string): void {
  makeDir(to);
  if (!isOwnDir(from)) return;
  for (const e of readdirSync(from, { withFileTypes: true })) {
    if (isTemp(e.name) || e.isSymbolicLink()) continue;
    const src = join(from, e.name);
    const dst = join(to, e.name);
    if (e.isDirectory()) mirror(src, dst);
    else {
      try {
        linkSync(src, dst);
      } catch {
        // No hard links here: a copy with the same times, so the build still sees it as current.
        copyFileSync(src, dst);
        const st = statSync(src);
        utimesSync(dst, st.atimeMs / 1000, st.mtimeMs / 1000);
      }
    }
  }
}

interface Journal {
  game: string;
  /** Paths relative to the game folder, moved from staging in this order. */
  moves: string[];
  removes: string[];
}

function removeEmptyDirs(dir: string, keepRoot = true): void {
  if (!existsSync(dir)) return;
  for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) removeEmptyDirs(join(dir, e.name), false);
  if (!keepRoot && readdirSync(dir).length === 0) rmdirSync(dir);
}

/** `rel` names a path inside `base` (a journal is read from disk: it must not reach outside out/). */
function inside(base: string, rel: string): boolean {
  const r = relative(base, join(base, rel));
  return r !== "" && !r.startsWith("..") && !isAbsolute(r);
}

/** Makes the moves and removals of a journal; safe to repeat (what was moved is skipped). */
function applyJournal(outDir: string, stageRoot: string, j: Journal): void {
  const from = join(stageRoot, j.game);
  const to = join(outDir, j.game);
  if (!inside(outDir, j.game) || j.game.includes("/") || j.game.includes(sep) || ![...j.moves, ...j.removes].every((rel) => inside(to, rel))) {
    throw new Error(`${join(stageRoot, `${j.game}.commit.json`)} names files outside ${to}: delete ${stageRoot} and build again`);
  }
  for (const rel of j.moves) {
    const src = join(from, rel);
    const dst = join(to, rel);
    if (lstatSafe(src) === undefined) continue;
    try {
      makeDir(dirname(dst));
      renameSync(src, dst);
    } catch (err) {
      throw errorForFile(err, dst);
    }
    faultPoint("move");
  }
  for (const rel of j.removes) rmSync(join(to, rel), { recursive: true, force: true });
  removeEmptyDirs(to);
}

function lstatSafe(p: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(p);
  } catch {
    return undefined;
  }
}

function byDepthThenName(a: string, b: string): number {
  const d = b.split("/").length - a.split("/").length;
  return d !== 0 ? d : a < b ? -1 : a > b ? 1 : 0;
}

/** Completes a commit a killed build left half done, then drops whatever it had staged. */
export function recoverStaging(outDir: string): string[] {
  const stageRoot = join(outDir, STAGING_DIR);
  const completed: string[] = [];
  if (!existsSync(stageRoot)) return completed;
  for (const name of readdirSync(stageRoot).filter((f) => f.endsWith(".commit.json")).sort()) {
    let journal: Journal;
    try {
      journal = JSON.parse(readFileSync(join(stageRoot, name), "utf8")) as Journal;
    } catch {
      continue; // written atomically (complete or absent): only a damaged disk makes one unreadable
    }
    applyJournal(outDir, stageRoot, journal);
    completed.push(journal.game);
  }
  rmSync(stageRoot, { recursive: true, force: true });
  return completed;
}

export interface StagedOutputInfo {
  /** Games whose interrupted commit this build completed first. */
  recovered: string[];
  /** The pid of a dead build whose lock was taken over. */
  tookOverFrom?: number;
}

/** An out/ folder locked by this process (`using locked = lockOutput(…)` releases it). */
export interface LockedOutput extends Disposable {
  info: StagedOutputInfo;
  release(): void;
}

/**
 * Locks `outDir` (made if missing) for `command`, then completes or drops what a killed build left
 * there and removes stale temp files (the cache's and those of `games`' folders).
 */
export function lockOutput(outDir: string, games: string[], command: string): LockedOutput {
  prepareOutDir(outDir);
  const lock = acquireOutLock(outDir, command);
  const info: StagedOutputInfo = { recovered: [], tookOverFrom: lock.tookOverFrom };
  try {
    removeLinks(outDir);
    info.recovered = recoverStaging(outDir);
    for (const name of readdirSync(outDir)) if (isTemp(name) && !liveTemp(name)) rmSync(join(outDir, name), { recursive: true, force: true });
    removeStaleTemps(join(outDir, ".cache"));
    for (const game of games) removeStaleTemps(join(outDir, game));
  } catch (err) {
    lock.release();
    throw err;
  }
  return { info, release: lock.release, [Symbol.dispose]: lock.release };
}

/**
 * The output folder of one build: locked for it, with each game's folder staged. Write through
 * `stageRoot` (as an out folder: <stageRoot>/<game>/…), then `commit()`; `close()` always.
 */
export class StagedOutput {
  readonly stageRoot: string;
  readonly info: StagedOutputInfo;
  private committed = false;

  private constructor(
    readonly outDir: string,
    readonly games: string[],
    private readonly lock: LockedOutput,
  ) {
    this.stageRoot = join(outDir, STAGING_DIR);
    this.info = lock.info;
  }

  /** Locks `outDir` (see lockOutput), then stages `games`. */
  static open(outDir: string, games: string[], command: string): StagedOutput {
    const unique = [...new Set(games)];
    const staged = new StagedOutput(outDir, unique, lockOutput(outDir, unique, command));
    try {
      for (const game of games) mirror(join(outDir, game), join(staged.stageRoot, game));
      faultPoint("staged");
    } catch (err) {
      staged.close();
      throw err;
    }
    return staged;
  }

  /** Where a staged file will be once committed (other paths unchanged). */
  publicPath(file: string): string {
    const rel = relative(this.stageRoot, file);
    return rel.startsWith("..") || isAbsolute(rel) ? file : join(this.outDir, rel);
  }

  /** Moves every game's staged outputs into place (see the file comment). */
  commit(): void {
    for (const game of this.games) {
      const from = join(this.stageRoot, game);
      const to = join(this.outDir, game);
      if (!existsSync(from)) continue;
      if (!existsSync(to)) {
        renameSync(from, to); // a first build: one atomic rename
        continue;
      }
      const staged = listFiles(from);
      const current = listFiles(to);
      const moves = [...staged].filter(([rel, id]) => current.get(rel) !== id).map(([rel]) => rel).sort(byDepthThenName);
      const removes = [...current.keys()].filter((rel) => !staged.has(rel)).sort();
      if (moves.length === 0 && removes.length === 0) continue;
      const journal: Journal = { game, moves, removes };
      const journalFile = join(this.stageRoot, `${game}.commit.json`);
      writeFileAtomic(journalFile, JSON.stringify(journal));
      faultPoint("journal");
      applyJournal(this.outDir, this.stageRoot, journal);
      rmSync(journalFile, { force: true });
    }
    // What is left of the staging are hard links to the kept outputs: dropped now, while the lock
    // is held, so their link count (and change time) is final before the build stamps them.
    rmSync(this.stageRoot, { recursive: true, force: true });
    this.committed = true;
  }

  /** Drops the staging (after a commit, what is left of it; after a failure, everything) and unlocks. */
  close(): void {
    try {
      // A commit that failed half way keeps its journal and files for the next build to complete.
      const halfDone = existsSync(this.stageRoot) && readdirSync(this.stageRoot).some((f) => f.endsWith(".commit.json"));
      if (!halfDone) rmSync(this.stageRoot, { recursive: true, force: true });
    } finally {
      this.lock.release();
    }
  }

  get done(): boolean {
    return this.committed;
  }

  /** `using staged = StagedOutput.open(…)`: closed however the scope ends. */
  [Symbol.dispose](): void {
    this.close();
  }
}
