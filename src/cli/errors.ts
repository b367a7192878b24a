import { isAbsolute, relative } from "node:path";

import { SyzygyError, UsageError } from "../errors";

export { SyzygyError, UsageError };
/** The CLI's name for the shared error (src/errors.ts). */
export const CliError = SyzygyError;
export type CliError = SyzygyError;

/** What to do about an OS error, by its code. */
const OS_FIXES: Record<string, (file: string) => string> = {
  ENOSPC: (f) => `no space left on the device to write ${f}: free some disk space (or build into another folder with --out) and run again`,
  EDQUOT: (f) => `disk quota exceeded writing ${f}: free some space in your quota (or build into another folder with --out) and run again`,
  EACCES: (f) => `permission denied for ${f}: make it (and its folder) writable by you, or build into another folder with --out`,
  EPERM: (f) => `operation not permitted on ${f}: make it (and its folder) writable by you, or build into another folder with --out`,
  EROFS: (f) => `${f} is on a read-only file system: build into a writable folder with --out`,
  ENOTDIR: (f) => `a part of the path ${f} is a file, not a folder: remove that file or choose another --out`,
  EISDIR: (f) => `${f} is a folder where a file must go: remove or rename that folder`,
  ENOTEMPTY: (f) => `${f} is a folder that is not empty where a file must go: remove or rename that folder`,
  EEXIST: (f) => `${f} already exists and is in the way: remove or rename it`,
  EMFILE: (f) => `too many open files (at ${f}): close other programs or raise the limit (\`ulimit -n\`) and run again`,
  ENFILE: (f) => `the system ran out of file handles (at ${f}): close other programs and run again`,
  EIO: (f) => `input/output error on ${f}: the disk or file system is failing; check it, or build into another folder with --out`,
  ENAMETOOLONG: (f) => `the path ${f} is too long for the file system: use a shorter --out folder`,
  ELOOP: (f) => `too many symbolic links in ${f}: fix the links or choose another --out`,
  ENOENT: (f) => `${f} does not exist (it was removed while syzygy ran?): run again`,
  EBUSY: (f) => `${f} is busy (open in another program?): close it and run again`,
};

function displayFile(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : file;
}

/**
 * A sentence for an OS error (the file and what to do; never only a raw code), or undefined when
 * `err` (or its cause) is not one.
 */
export function describeOsError(err: unknown): string | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = (e as Error).cause, depth++) {
    const os = e as NodeJS.ErrnoException;
    if (typeof os.code !== "string" || !/^E[A-Z]+$/.test(os.code) || typeof os.syscall !== "string") continue;
    const file = os.path !== undefined ? displayFile(os.path) : "a file";
    const fix = OS_FIXES[os.code];
    return fix !== undefined ? `${fix(file)} (${os.code})` : `${os.syscall} failed on ${file}: ${os.message} (${os.code})`;
  }
  return undefined;
}
