/** Atomic writes: write next to the target under a temp name, rename when complete. */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, basename, join } from "node:path";
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

export function writeFileAtomic(target: string, data: Buffer | string): void {
  const tmp = tempPathFor(target);
  try {
    mkdirSync(dirname(target), { recursive: true });
    faultPoint("write");
    writeFileSync(tmp, data);
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw errorForFile(err, target, tmp);
  }
}

/** Cache pruning: of the files in `dir` that `prunable` accepts, keeps the `keep` most recently modified. */
export function keepNewest(dir: string, keep: number, prunable: (name: string) => boolean): void {
  if (!existsSync(dir)) return;
  const files = readdirSync(dir)
    .filter(prunable)
    .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { f } of files.slice(keep)) rmSync(join(dir, f), { force: true });
}
