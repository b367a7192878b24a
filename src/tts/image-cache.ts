/**
 * TTS images made before are not made again (issue 9: only the deck sheets whose cards changed
 * are recomposed). Each image is cached in <out>/.cache/tts/images/ under a hash of what made it:
 * the kind of image, its parameters, the bytes of the PNGs it reads, and the save builder's own
 * version (its sources and sharp's version, see stamp.ts).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { keepNewest, writeFileAtomic } from "../render/files";
import { buildersHash, fileHash } from "./stamp";

/** Images made and images taken from the cache by this process (for tests). */
export const imageCacheStats = { made: 0, reused: 0 };

/** The image `make` gives for these inputs, from the cache when it was made before. */
export async function cachedImage(outDir: string, what: string, params: unknown, inputs: string[], make: () => Promise<Buffer>): Promise<Buffer> {
  const h = createHash("sha256").update(buildersHash()).update("\0").update(what).update("\0").update(JSON.stringify(params));
  for (const f of inputs) h.update("\0").update(fileHash(f));
  const file = path.join(outDir, ".cache", "tts", "images", h.digest("hex"));
  if (fs.existsSync(file)) {
    const now = new Date();
    fs.utimesSync(file, now, now);
    imageCacheStats.reused += 1;
    return fs.readFileSync(file);
  }
  const data = await make();
  imageCacheStats.made += 1;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeFileAtomic(file, data);
  return data;
}

/** Keeps the `keep` most recently used cached images. */
export function pruneImages(outDir: string, keep = 400): void {
  keepNewest(path.join(outDir, ".cache", "tts", "images"), keep, (f) => !f.endsWith(".tmp"));
}
