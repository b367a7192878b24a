/**
 * Sizes and times of files on disk, to tell later whether any of them changed without reading
 * them: the no-op build's stamp (noop-stamp.ts). The change time too: a file rewritten with its
 * size and modification time put back (by hand, or a damaged disk block rewritten) still gets a
 * new ctime, which no one can set back. Only node: modules here: the stamp is read before
 * anything heavy is loaded.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** path → [size, mtimeMs, ctimeMs]. */
export type Snapshot = Record<string, [number, number, number]>;
const MISSING: [number, number, number] = [-1, -1, -1];

/** Adds every file under `dir` (its folders followed, those `skip` names left out); a missing folder counts too. */
export function walk(dir: string, into: Snapshot, skip?: (name: string) => boolean): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    into[dir] = MISSING;
    return;
  }
  for (const e of entries) {
    if (skip?.(e.name)) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, into, skip);
    else addFile(p, into);
  }
}

/** Adds one file (a missing one too). */
export function addFile(file: string, into: Snapshot): void {
  const s = statSync(file, { throwIfNoEntry: false });
  into[file] = s ? [s.size, s.mtimeMs, s.ctimeMs] : MISSING;
}

/** The same files, each with the same size and times. */
export function same(a: Snapshot, b: Snapshot): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) {
    const y = b[k];
    if (y === undefined || a[k][0] !== y[0] || a[k][1] !== y[1] || a[k][2] !== y[2]) return false;
  }
  return true;
}
