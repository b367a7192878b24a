/**
 * vitest's global setup: the temp folders tests make (`fs.mkdtempSync(os.tmpdir()/syzygy-…)`) are
 * removed when the run ends. Each worker appends the folders it made to one list
 * (test/setup/track-temp-dirs.ts); the teardown here, in vitest's own process, removes them — a
 * shared fixture made in one test file and read by the next in the same worker stays until then.
 * A run that is killed leaves its list and folders behind, as before.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    tempDirList: string;
  }
}

/** The folders in `list` that this project's tests made: directly in the OS temp folder, named syzygy-…. */
export function madeByTests(list: string, temp = tmpdir()): string[] {
  if (!existsSync(list)) return [];
  const lines = readFileSync(list, "utf8").split("\n").filter((l) => l !== "");
  return [...new Set(lines)].filter((dir) => dirname(dir) === temp && basename(dir).startsWith("syzygy-"));
}

export default function setup(project: TestProject): () => void {
  const list = join(tmpdir(), `syzygy-test-temp-dirs-${process.pid}.list`);
  writeFileSync(list, "");
  project.provide("tempDirList", list);
  return () => {
    for (const dir of madeByTests(list)) rmSync(dir, { recursive: true, force: true });
    rmSync(list, { force: true });
  };
}
