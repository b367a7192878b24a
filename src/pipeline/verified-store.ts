/**
 * A folder of cached blobs whose names carry the hash of their bytes: `<key>.<sha256/128>[.ext]`.
 * A read checks the bytes against the name, so an entry damaged on disk (even with its size and
 * time unchanged) is dropped and made again instead of being used.
 */
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { readOwnFile, writeFileAtomic } from "../render/files";

/** Hex digits of the content hash kept in a name (128 bits). */
const HASH_HEX = 32;

export function contentHash(data: Buffer | string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** Listings by folder, shared by the stores of one process, re-read when the folder changed. */
const listings = new Map<string, { mtimeMs: number; names: Map<string, string> }>();

export class VerifiedStore {
  constructor(
    readonly dir: string,
    /** File extension with its dot (".png"), or "". */
    readonly ext = "",
  ) {}

  /** The key of an entry's file name, or undefined for other files. */
  keyOf(name: string): string | undefined {
    if (!name.endsWith(this.ext) || name.endsWith(".tmp")) return undefined;
    const stem = name.slice(0, name.length - this.ext.length);
    const dot = stem.lastIndexOf(".");
    return dot > 0 && stem.length - dot - 1 === HASH_HEX ? stem.slice(0, dot) : undefined;
  }

  private names(): Map<string, string> {
    let mtimeMs: number;
    try {
      const st = lstatSync(this.dir);
      if (!st.isDirectory()) return new Map(); // a link in its place is no cache (never followed)
      mtimeMs = st.mtimeMs;
    } catch {
      return new Map();
    }
    const known = listings.get(this.dir);
    if (known !== undefined && known.mtimeMs === mtimeMs) return known.names;
    const names = new Map<string, string>();
    for (const f of readdirSync(this.dir)) {
      const key = this.keyOf(f);
      if (key !== undefined) names.set(key, f);
    }
    listings.set(this.dir, { mtimeMs, names });
    return names;
  }

  /** After our own change to the folder (`names` listed before it): valid without a re-read. */
  private touched(names: Map<string, string>): void {
    try {
      listings.set(this.dir, { mtimeMs: statSync(this.dir).mtimeMs, names });
    } catch {
      listings.delete(this.dir);
    }
  }

  /** The path of `key`'s entry, if there is one (not checked). */
  pathOf(key: string): string | undefined {
    const name = this.names().get(key);
    return name === undefined ? undefined : join(this.dir, name);
  }

  /** The entry's bytes when they match their hash; a damaged entry is removed. */
  get(key: string): Buffer | undefined {
    const names = this.names();
    const name = names.get(key);
    if (name === undefined) return undefined;
    const file = join(this.dir, name);
    let data: Buffer;
    try {
      data = readOwnFile(file);
    } catch {
      names.delete(key);
      return undefined;
    }
    if (contentHash(data).slice(0, HASH_HEX) === name.slice(key.length + 1, key.length + 1 + HASH_HEX)) return data;
    rmSync(file, { force: true });
    names.delete(key);
    this.touched(names);
    return undefined;
  }

  /** Stores `data` under `key` (replacing an older entry); `hash` when the caller has it already. */
  put(key: string, data: Buffer, hash = contentHash(data)): string {
    const name = `${key}.${hash.slice(0, HASH_HEX)}${this.ext}`;
    const file = join(this.dir, name);
    const names = this.names();
    writeFileAtomic(file, data);
    const old = names.get(key);
    if (old !== undefined && old !== name) rmSync(join(this.dir, old), { force: true });
    names.set(key, name);
    this.touched(names);
    return file;
  }
}
