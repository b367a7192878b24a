/**
 * Where a face's PDF art recording (pdf-art.ts) comes from: this thread's memory, the build's
 * cache on disk, or a new conversion — in that order.
 */
import { createHash } from "node:crypto";
import { readFileSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "./files";
import { deserializeArt, recordArt, serializeArt, type ArtRecording } from "./pdf-art";

/**
 * Recordings by SVG, shared by every document of the thread (A4 and Letter, and the next build in
 * `watch`). Bounded: a long watch session edits and re-records faces without end.
 */
const recordings = new Map<string, ArtRecording>();
const MAX_RECORDINGS = 2000;

/** Has this thread a recording of `svg` in memory? */
export function hasRecording(svg: string): boolean {
  return recordings.has(svg);
}

/** How often this thread converted a face, read one from disk, or reused one (for tests and `bench`). */
export const artStats = { recorded: 0, loaded: 0, reused: 0 };

/** Where recordings are kept between processes (the build's cache), keyed with the renderer version. */
export interface ArtStore {
  dir: string;
  version: string;
}

function artFile(disk: ArtStore, svg: string): string {
  return join(disk.dir, `${createHash("sha256").update(disk.version).update("\0").update(svg).digest("hex")}.json`);
}

/** A cache file: the sha256 of the recording, a newline, the recording (a damaged file is made again). */
function withHash(text: string): string {
  return `${createHash("sha256").update(text).digest("hex")}\n${text}`;
}

function checked(file: string): string {
  const data = readFileSync(file, "utf8");
  const nl = data.indexOf("\n");
  const text = data.slice(nl + 1);
  if (nl !== 64 || createHash("sha256").update(text).digest("hex") !== data.slice(0, nl)) throw new Error(`${file}: damaged`);
  return text;
}

function loadArt(disk: ArtStore, svg: string): ArtRecording | undefined {
  const file = artFile(disk, svg);
  try {
    const art = deserializeArt(checked(file));
    // Recently used files are the last ones the cache prunes.
    const now = new Date();
    utimesSync(file, now, now);
    return art;
  } catch {
    return undefined;
  }
}

export function recordingFor(svg: string, disk?: ArtStore): ArtRecording {
  let art = recordings.get(svg);
  if (art !== undefined) {
    // Most recently used last, so the oldest is evicted first.
    recordings.delete(svg);
    artStats.reused += 1;
  } else {
    art = disk && loadArt(disk, svg);
    if (art !== undefined) artStats.loaded += 1;
    else {
      art = recordArt(svg);
      artStats.recorded += 1;
      const text = disk && serializeArt(art);
      if (disk && text !== undefined) {
        writeFileAtomic(artFile(disk, svg), withHash(text));
      }
    }
    if (recordings.size >= MAX_RECORDINGS) recordings.delete(recordings.keys().next().value!);
  }
  recordings.set(svg, art);
  return art;
}

/**
 * Reads into memory the recordings of `svgs` that the cache on disk holds, one per turn of the
 * event loop, until `stop()` says so (`watch` does this while it waits for the first edit, so that
 * edit's PDFs only convert the edited faces).
 */
export async function preloadArt(svgs: readonly string[], disk: ArtStore, stop: () => boolean): Promise<number> {
  let loaded = 0;
  for (const svg of svgs) {
    if (stop()) break;
    if (recordings.has(svg) || recordings.size >= MAX_RECORDINGS) continue;
    const art = loadArt(disk, svg);
    if (art !== undefined) {
      recordings.set(svg, art);
      loaded += 1;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return loaded;
}

/** Forgets this thread's recordings (tests: the next PDF reads them from disk or converts again). */
export function forgetArt(): void {
  recordings.clear();
}
