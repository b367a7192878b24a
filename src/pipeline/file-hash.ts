/**
 * sha256 of files' bytes, remembered while a file keeps its inode, size and times (the change
 * time too, which no one can set back: a file rewritten with its old mtime is hashed again). A
 * build reads each PNG several times (checking it is current, keying the TTS save and its
 * images), and hashes it once.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync, type Stats } from "node:fs";

type Stamp = Pick<Stats, "ino" | "size" | "mtimeMs" | "ctimeMs">;

const known = new Map<string, { stamp: string; hash: string }>();

const stampOf = (st: Stamp): string => `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;

/** sha256 (hex) of `file`'s bytes. */
export function fileHash(file: string): string {
  const st = statSync(file);
  const k = known.get(file);
  if (k !== undefined && k.stamp === stampOf(st)) return k.hash;
  const hash = createHash("sha256").update(readFileSync(file)).digest("hex");
  known.set(file, { stamp: stampOf(st), hash });
  return hash;
}

/** Tells `fileHash` the hash of bytes just written to `file` (stat taken after the write). */
export function primeFileHash(file: string, st: Stamp, hash: string): void {
  known.set(file, { stamp: stampOf(st), hash });
}
