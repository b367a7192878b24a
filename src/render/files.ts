/** Atomic writes: write next to the target under a temp name, rename when complete. */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, basename, join } from "node:path";
import { threadId } from "node:worker_threads";

let counter = 0;

/** Unique per process, thread and call: worker threads share the pid and each has its own counter. */
export function tempPathFor(target: string): string {
  counter += 1;
  return join(dirname(target), `.${basename(target)}.${process.pid}.${threadId}.${counter}.tmp`);
}

export function writeFileAtomic(target: string, data: Buffer | string): void {
  mkdirSync(dirname(target), { recursive: true });
  const tmp = tempPathFor(target);
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
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
