/**
 * One writer per out/ folder: `<out>/.syzygy.lock` holds the pid of the build (or watch) writing
 * there. A second one is refused with a message naming that pid and the lock file; a lock whose
 * process is gone (killed, crashed) is taken over.
 */
import { closeSync, constants, linkSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { displayPath } from "../model/load";
import { writeNewFile } from "../render/files";

export const LOCK_NAME = ".syzygy.lock";

interface LockInfo {
  pid: number;
  host: string;
  command: string;
  started: string;
}

export class OutLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockInfo,
  ) {
    super(
      `${displayPath(resolve(lockFile))} says ${holder.command} (pid ${holder.pid}${holder.host !== hostname() ? ` on ${holder.host}` : ""}, started ${holder.started}) is writing into this output folder: ` +
        `wait for it to finish or stop it, or use another --out; if no such process is running, delete ${displayPath(resolve(lockFile))}`,
    );
  }
}

/** Whether `pid` is a running process (one we may not signal still runs). */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The lock's text, read without following a link (a link named like the lock is no lock: stale). */
function readLock(file: string): { text: string; info: LockInfo | undefined } | undefined {
  let text: string;
  try {
    const fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    try {
      text = readFileSync(fd, "utf8");
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === "ELOOP" || code === "EISDIR" || code === "EAGAIN" ? { text: "", info: undefined } : undefined;
  }
  try {
    const info = JSON.parse(text) as LockInfo;
    return { text, info: typeof info.pid === "number" ? info : undefined };
  } catch {
    return { text, info: undefined };
  }
}

/** The lock's holder is gone: a pid on this machine that no longer runs (or a lock file that is not one). */
function stale(info: LockInfo | undefined): boolean {
  return info === undefined || (info.host === hostname() && !pidAlive(info.pid));
}

export interface OutLock {
  file: string;
  /** The pid whose stale lock this one replaced. */
  tookOverFrom?: number;
  release(): void;
}

/** Takes the lock of `outDir` (which must exist) for `command`, or throws OutLockedError. */
export function acquireOutLock(outDir: string, command: string): OutLock {
  const file = join(outDir, LOCK_NAME);
  const info: LockInfo = { pid: process.pid, host: hostname(), command, started: new Date().toISOString() };
  const text = JSON.stringify(info) + "\n";
  let tookOverFrom: number | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    // Written in full under a temp name (created anew, never through a link), then linked to the
    // lock's name (fails if it exists): the lock never exists without its content.
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      writeNewFile(tmp, text);
      try {
        linkSync(tmp, file);
      } catch (err) {
        // A file system without hard links (FAT, some network shares): create it exclusively.
        if ((err as NodeJS.ErrnoException).code === "EEXIST") throw err;
        writeFileSync(file, text, { flag: "wx" });
      } finally {
        rmSync(tmp, { force: true });
      }
      const release = (): void => {
        process.off("exit", release);
        // Only our own lock: a stale-lock takeover may have replaced it meanwhile.
        if (readLock(file)?.text === text) rmSync(file, { force: true });
      };
      process.on("exit", release);
      return { file, tookOverFrom, release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const held = readLock(file);
    if (held === undefined) continue; // released meanwhile
    if (!stale(held.info)) throw new OutLockedError(file, held.info!);
    // Move the stale lock aside, then make sure it is the one we judged: another process may
    // have taken it over and written its own in between.
    const aside = `${file}.${process.pid}.stale`;
    try {
      renameSync(file, aside);
    } catch {
      continue;
    }
    const moved = readLock(aside);
    if (moved !== undefined && moved.text !== held.text) {
      try {
        linkSync(aside, file); // put the live lock back (fails if yet another one was made)
      } catch {
        // that one stands
      }
    } else tookOverFrom = held.info?.pid;
    rmSync(aside, { force: true });
  }
  const held = readLock(file);
  throw new OutLockedError(file, held?.info ?? { pid: 0, host: hostname(), command: "another syzygy process", started: "just now" });
}
