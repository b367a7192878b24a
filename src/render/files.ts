/** Atomic writes: write next to the target under a temp name, rename when complete. */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, basename, join } from "node:path";

let counter = 0;

export function tempPathFor(target: string): string {
  counter += 1;
  return join(dirname(target), `.${basename(target)}.${process.pid}.${counter}.tmp`);
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
