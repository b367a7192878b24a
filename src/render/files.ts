/**
 * Atomic writes: write next to the target under a temp name, rename when complete.
 *
 * Under an out folder (confineOut) nothing is followed through a link: an out/ restored by git or
 * unzip may hold links (`out/<game>/pages -> ~`) that would make a build write or prune outside
 * the project. A folder the build needs is made real (a link in its way is removed, never
 * followed), a folder it lists is listed only when it is a real folder, and temp files are created
 * exclusively without following links.
 */
import { closeSync, constants, openSync, readFileSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync, type Dirent } from "node:fs";
import { dirname, basename, join, relative, resolve, sep } from "node:path";
import { threadId } from "node:worker_threads";
import { faultPoint } from "../fault";

let counter = 0;

/** Unique per process, thread and call: worker threads share the pid and each has its own counter. */
export function tempPathFor(target: string): string {
  counter += 1;
  return join(dirname(target), `.${basename(target)}.${process.pid}.${threadId}.${counter}.tmp`);
}

/**
 * The pid in a temp name this project writes (`.x.png.<pid>.<thread>.<n>.tmp`,
 * `.images.<pid>.tmp`, `<game>.json.<pid>.tmp`), or undefined when the name has none.
 */
export function tempOwner(name: string): number | undefined {
  const m = /\.(\d+)(?:\.\d+\.\d+)?\.tmp$/.exec(name);
  return m === null ? undefined : Number(m[1]);
}

/**
 * An OS error that names the file it was about: Node's `write` errors name none ("ENOSPC: no
 * space left on device, write"), and an error on the temp file should name the target.
 */
export function errorForFile(err: unknown, file: string, tmp?: string): unknown {
  const e = err as NodeJS.ErrnoException;
  if (typeof e?.code !== "string" || typeof e.syscall !== "string") return err;
  // A folder that could not be made is named as it is; the temp file is named as its target.
  if (e.path !== undefined && e.path !== tmp) return err;
  const named = Object.assign(new Error(`${e.code}: ${e.message.replace(/^[A-Z]+: /, "").replace(/, .*$/, "")}, ${e.syscall} '${file}'`), {
    code: e.code,
    errno: e.errno,
    syscall: e.syscall,
    path: file,
  });
  return named;
}

/** Out folders of this process (resolved): below them no link is followed. */
const outRoots = new Set<string>();

/** Marks `outDir` as an out folder: paths below it are made and listed without following links. */
export function confineOut(outDir: string): void {
  outRoots.add(resolve(outDir));
}

function outRootOf(abs: string): string | undefined {
  for (const root of outRoots) if (abs === root || abs.startsWith(root + sep)) return root;
  return undefined;
}

/**
 * Makes `dir` (and its parents) a folder. Below an out folder each part is checked with lstat: a
 * symbolic link there is removed and replaced by a real folder, never followed.
 */
export function makeDir(dir: string): void {
  const abs = resolve(dir);
  const root = outRootOf(abs);
  if (root === undefined) {
    mkdirSync(abs, { recursive: true });
    return;
  }
  mkdirSync(root, { recursive: true });
  let p = root;
  for (const part of relative(root, abs).split(sep)) {
    if (part === "") continue;
    p = join(p, part);
    let st;
    try {
      st = lstatSync(p);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      mkdirSync(p, { recursive: true });
      continue;
    }
    if (st.isDirectory()) continue;
    if (st.isSymbolicLink()) unlinkSync(p);
    mkdirSync(p); // a file in the way fails here, naming it
  }
}

/**
 * Whether `dir` is a real folder. A symbolic link in its place is removed (the caller then sees
 * an empty folder, and a later write makes a real one): what it points at is never listed.
 */
export function isOwnDir(dir: string): boolean {
  let st;
  try {
    st = lstatSync(dir);
  } catch {
    return false;
  }
  if (st.isSymbolicLink()) {
    unlinkSync(dir);
    return false;
  }
  return st.isDirectory();
}

/** The names in `dir` when it is a real folder (see isOwnDir), else none. */
export function ownEntries(dir: string): string[] {
  return isOwnDir(dir) ? readdirSync(dir) : [];
}

/** The entries of `dir` and its subfolders when it is a real folder; links below are not followed. */
export function ownTree(dir: string): Dirent[] {
  return isOwnDir(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }) : [];
}

/** The bytes of `file`, opened without following a link (a link there fails with ELOOP). */
export function readOwnFile(file: string): Buffer {
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  try {
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Created exclusively (fails on anything already there, a link included), never through a link. */
const EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** Writes a new file at `file`; whatever was at that name (a stale temp file, a link) is removed first. */
export function writeNewFile(file: string, data: Buffer | string, mode = 0o666): void {
  let fd: number;
  try {
    fd = openSync(file, EXCLUSIVE, mode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    rmSync(file, { force: true });
    fd = openSync(file, EXCLUSIVE, mode);
  }
  try {
    writeFileSync(fd, data);
  } finally {
    closeSync(fd);
  }
}

export function writeFileAtomic(target: string, data: Buffer | string): void {
  const tmp = tempPathFor(target);
  try {
    makeDir(dirname(target));
    faultPoint("write");
    writeNewFile(tmp, data);
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw errorForFile(err, target, tmp);
  }
}

/**
 * Removes the PNGs (and temp files) under `dir` that `keep` does not name: left from items that
 * no longer exist, they would linger in cards/ and be picked up later. Links are not followed.
 */
export function removeStalePngs(dir: string, keep: Set<string>): void {
  for (const entry of ownTree(dir)) {
    const file = join(entry.parentPath, entry.name);
    if (entry.isFile() && (file.endsWith(".png") || file.endsWith(".tmp")) && !keep.has(file)) rmSync(file);
  }
}

/** Cache pruning: of the files in `dir` that `prunable` accepts, keeps the `keep` most recently modified. */
export function keepNewest(dir: string, keep: number, prunable: (name: string) => boolean): void {
  const files = ownEntries(dir)
    .filter(prunable)
    .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { f } of files.slice(keep)) rmSync(join(dir, f), { force: true });
}
