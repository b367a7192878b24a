/**
 * "Is this compiled file older than its sources?" by modification times, for outputs compiled
 * from whole folders (the Lua bundles). Folders count too: adding, removing or renaming a file
 * changes its folder's time, so a deleted source also makes the output stale.
 */
import fs from "node:fs";
import path from "node:path";

/** Newest modification time (ms) of `dir`, its subfolders and its files ending in one of `extensions`; 0 if it does not exist. */
export function newestMtime(dir: string, extensions: readonly string[]): number {
  let newest: number;
  try {
    newest = fs.statSync(dir).mtimeMs;
  } catch {
    return 0;
  }
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p, extensions));
    else if (extensions.some((e) => entry.name.endsWith(e))) newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** True when `output` is missing or older than a file of `dirs` (or one of `files`). */
export function isStale(output: string, dirs: readonly string[], extensions: readonly string[], files: readonly string[] = []): boolean {
  let built: number;
  try {
    built = fs.statSync(output).mtimeMs;
  } catch {
    return true;
  }
  let sources = 0;
  for (const f of files) sources = Math.max(sources, fs.statSync(f).mtimeMs);
  for (const d of dirs) sources = Math.max(sources, newestMtime(d, extensions));
  return sources > built;
}
