/**
 * TTS images made before are not made again: only the deck sheets whose cards changed are
 * recomposed. Each image is cached in <out>/.cache/tts/images/ under a hash of what made it:
 * the kind of image, its parameters, the bytes of the PNGs it reads, and the save builder's own
 * version (its sources and sharp's version, see stamp.ts). The name also carries the hash of the
 * image's bytes, checked on every read: a damaged entry is made again (verified-store.ts).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { keepNewest, ownEntries } from "../render/files";
import { contentHash, VerifiedStore } from "../pipeline/verified-store";
import { buildersHash, fileHash } from "./stamp";

/** Images made and images taken from the cache by this process (for tests). */
export const imageCacheStats = { made: 0, reused: 0 };

function imagesDir(outDir: string): string {
  return path.join(outDir, ".cache", "tts", "images");
}

/**
 * The sha256 (hex) of images this process made or read from the cache: the cache computes it
 * anyway (to name or check an entry), and the save names each image file by it again.
 */
const digests = new WeakMap<Buffer, string>();

/** sha256 (hex; at least its first 32 digits) of an image's bytes, computed once per image. */
export function imageDigest(data: Buffer): string {
  let digest = digests.get(data);
  if (digest === undefined) {
    digest = contentHash(data);
    digests.set(data, digest);
  }
  return digest;
}

/**
 * Images being made now, by folder and key: the same image asked for twice at once (two games'
 * saves built side by side share their play area's picture) is made once.
 */
const making = new Map<string, Promise<Buffer>>();

/** The image `make` gives for these inputs, from the cache when it was made before. */
export async function cachedImage(outDir: string, what: string, params: unknown, inputs: string[], make: () => Promise<Buffer>): Promise<Buffer> {
  const h = createHash("sha256").update(buildersHash()).update("\0").update(what).update("\0").update(JSON.stringify(params));
  for (const f of inputs) h.update("\0").update(fileHash(f));
  const key = h.digest("hex");
  const id = `${path.resolve(imagesDir(outDir))}\0${key}`;
  const pending = making.get(id);
  if (pending !== undefined) {
    const data = await pending;
    imageCacheStats.reused += 1;
    return data;
  }
  const made = lookUpOrMake(outDir, key, make);
  making.set(id, made);
  try {
    return await made;
  } finally {
    making.delete(id);
  }
}

async function lookUpOrMake(outDir: string, key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const store = new VerifiedStore(imagesDir(outDir));
  const cached = store.get(key);
  if (cached !== undefined) {
    // Recently used entries are the last ones pruned.
    const file = store.pathOf(key)!;
    const now = new Date();
    fs.utimesSync(file, now, now);
    imageCacheStats.reused += 1;
    // The entry's name carries the digest `get` has just checked the bytes against.
    digests.set(cached, path.basename(file).slice(key.length + 1, key.length + 33));
    return cached;
  }
  const data = await make();
  imageCacheStats.made += 1;
  store.put(key, data, imageDigest(data));
  return data;
}

/** Keeps the `keep` most recently used cached images (and drops entries of an older layout). */
export function pruneImages(outDir: string, keep = 400): void {
  const store = new VerifiedStore(imagesDir(outDir));
  for (const f of ownEntries(store.dir)) if (store.keyOf(f) === undefined && !f.endsWith(".tmp")) fs.rmSync(path.join(store.dir, f), { force: true });
  keepNewest(store.dir, keep, (f) => store.keyOf(f) !== undefined);
}
