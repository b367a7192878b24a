/**
 * The files of a new game, written as one set: its folders are made under temporary names beside
 * their targets and renamed into place at the end, so a failed `syzygy new` leaves no half-made
 * game behind.
 */
import fs from "node:fs";
import path from "node:path";

/**
 * Paths → contents. A path starts with the folder it goes into: `data/<id>/…` or `templates/<id>/…`
 * (each made whole, and refused if it exists), `engine/<id>/…` (a rules engine, likewise), or
 * `data/schema/…` (shared editor files, added only where missing).
 */
export type ScaffoldFiles = Map<string, string | Buffer>;

export interface ScaffoldRoots {
  data: string;
  templates: string;
  /** The engines' folder (src/engine), for `engine/<id>/…` paths (`syzygy new --engine`). */
  engine?: string;
}

function resolveIn(roots: ScaffoldRoots, rel: string): string {
  const [top, ...rest] = rel.split("/");
  if (top === "engine" && roots.engine !== undefined) return path.join(roots.engine, ...rest);
  if (top !== "data" && top !== "templates") throw new Error(`scaffold path ${rel} is not under data/ or templates/`);
  return path.join(roots[top], ...rest);
}

/** The game folders the files fill (data/<id>, templates/<id>), as absolute paths. */
export function gameFolders(files: ScaffoldFiles, roots: ScaffoldRoots): string[] {
  const out = new Set<string>();
  for (const rel of files.keys()) {
    const parts = rel.split("/");
    if (parts.length > 2 && parts[1] !== "schema") out.add(resolveIn(roots, parts.slice(0, 2).join("/")));
  }
  return [...out];
}

/** Writes `files`; returns the absolute paths written. The game folders must not exist yet. */
export function writeScaffold(files: ScaffoldFiles, roots: ScaffoldRoots): string[] {
  const folders = gameFolders(files, roots);
  const staged = new Map<string, string>();
  const placed: string[] = [];
  const written: string[] = [];
  try {
    for (const folder of folders) {
      fs.mkdirSync(path.dirname(folder), { recursive: true });
      staged.set(folder, fs.mkdtempSync(`${folder}.new-`));
    }
    const shared: [string, string | Buffer][] = [];
    for (const [rel, content] of files) {
      const abs = resolveIn(roots, rel);
      const folder = folders.find((f) => abs.startsWith(f + path.sep));
      if (folder === undefined) {
        shared.push([abs, content]);
        continue;
      }
      const file = path.join(staged.get(folder)!, path.relative(folder, abs));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
      written.push(abs);
    }
    for (const folder of folders) {
      fs.renameSync(staged.get(folder)!, folder);
      staged.delete(folder);
      placed.push(folder);
    }
    for (const [abs, content] of shared) {
      if (fs.existsSync(abs)) continue;
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.writeFileSync(`${abs}.tmp`, content);
      fs.renameSync(`${abs}.tmp`, abs);
      written.push(abs);
    }
    return written.sort();
  } catch (err) {
    // Nothing of a game that could not be written whole stays.
    for (const folder of placed) fs.rmSync(folder, { recursive: true, force: true });
    throw err;
  } finally {
    for (const dir of staged.values()) fs.rmSync(dir, { recursive: true, force: true });
  }
}
