/**
 * Paths given on the command line that must name a folder or a file to write. By the exit-code
 * rule (README, Exit codes) a path that does not exist, or is a folder where a file goes, is a
 * wrong command line: exit 2, said before any work, instead of an error per file later.
 */
import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { UsageError } from "./errors";

function kind(path: string): "folder" | "file" | "missing" {
  try {
    return statSync(path).isDirectory() ? "folder" : "file";
  } catch {
    return "missing";
  }
}

/** `option dir` must be an existing folder (when given). */
export function folderOption(command: string, option: string, dir: string | undefined): void {
  if (dir === undefined) return;
  const k = kind(dir);
  if (k === "missing") throw new UsageError(`${command}: ${option} ${dir}: no such folder`);
  if (k === "file") throw new UsageError(`${command}: ${option} ${dir}: is a file, not a folder`);
}

/** `option file` is written: it must not be a folder, and its folder must exist. */
export function outFileOption(command: string, option: string, file: string | undefined): void {
  if (file === undefined) return;
  if (kind(file) === "folder") throw new UsageError(`${command}: ${option} ${file}: is a folder; give a file name inside it`);
  const parent = dirname(resolve(file));
  const k = kind(parent);
  if (k !== "folder") throw new UsageError(`${command}: ${option} ${file}: the folder ${parent} ${k === "missing" ? "does not exist" : "is a file"}; create it first or write elsewhere`);
}
