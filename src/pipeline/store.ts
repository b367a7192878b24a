/**
 * On-disk state of incremental builds, under <out>/.cache/:
 * - png/<key>.<content hash>.png: rasterised faces by key (hash of renderer version + size + SVG),
 *   checked against the hash of their bytes when read (verified-store.ts);
 * - <game>.json: the manifest of the last build of a game: for every output file the key it was
 *   built from, the size/mtime it was written with and the hash of its bytes, so an unchanged
 *   output is never rewritten and an output changed or deleted behind our back is rebuilt;
 * - pdf-art/<hash>.json: PDF art recordings of faces (src/render/pdf-art-cache.ts);
 * - svg/<key>.<content hash>.json: each face's rendered SVG, warnings and the image files it
 *   inlined, by what rendering reads (src/pipeline/incremental.ts faceRenderKey), so a new process
 *   renders only the faces an edit changed;
 * - tts/: TTS save stamps and images (src/tts/stamp.ts, src/tts/image-cache.ts).
 */
import { readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { isOwnDir, keepNewest, makeDir, ownEntries, writeFileAtomic } from "../render/files";
import { fileHash, primeFileHash } from "./file-hash";
import { contentHash, VerifiedStore } from "./verified-store";

export interface OutputRecord {
  key: string;
  size: number;
  mtimeMs: number;
  /** sha256 of the bytes written. */
  hash?: string;
  /** The game's data (its model and every face's SVG) the last build that made or kept it had: another build's data makes it stale. */
  data?: string;
}

export interface Manifest {
  version: 1;
  /** Output files by path relative to the out folder (forward slashes). */
  outputs: Record<string, OutputRecord>;
  /** Face key (component/item[.back]) → hash of its SVG: tells which cards an edit changed. */
  faces: Record<string, string>;
}

/** Unreferenced cached PNGs kept for undo (an edit reverted re-uses its old raster). */
const KEEP_UNREFERENCED = 400;
/** PDF art recordings kept (a few games' worth of faces and their recent edits). */
const KEEP_ART = 2000;
/** Rendered SVGs kept besides those the last build used (other games, recent edits). */
const KEEP_UNUSED_SVG = 1000;

export class BuildStore {
  private readonly pngs: VerifiedStore;
  /** Rendered faces (see the file comment). */
  readonly svgs: VerifiedStore;
  /** Keys of `svgs` this build read or wrote: never pruned by it. */
  readonly svgsUsed = new Set<string>();

  constructor(
    readonly outDir: string,
    readonly cacheDir = join(outDir, ".cache"),
  ) {
    this.pngs = new VerifiedStore(join(cacheDir, "png"), ".png");
    this.svgs = new VerifiedStore(join(cacheDir, "svg"), ".json");
  }

  rel(file: string): string {
    return relative(this.outDir, file).split(sep).join("/");
  }

  /** The cached PNG of `key`, if its bytes are intact. */
  readPng(key: string): Buffer | undefined {
    return this.pngs.get(key);
  }

  writePng(key: string, data: Buffer, hash?: string): void {
    this.pngs.put(key, data, hash);
  }

  /** PDF art recordings (src/render/pdf.ts), one JSON file per face SVG. */
  artDir(): string {
    return join(this.cacheDir, "pdf-art");
  }

  private manifestPath(game: string): string {
    return join(this.cacheDir, `${game}.json`);
  }

  readManifest(game: string): Manifest {
    try {
      const m = JSON.parse(readFileSync(this.manifestPath(game), "utf8")) as Manifest;
      if (m.version === 1 && typeof m.outputs === "object" && typeof m.faces === "object") return m;
    } catch {
      // Missing or unreadable: build as if cold.
    }
    return { version: 1, outputs: {}, faces: {} };
  }

  writeManifest(game: string, m: Manifest): void {
    writeFileAtomic(this.manifestPath(game), JSON.stringify(m));
  }

  /**
   * True when `file` is exactly what the manifest says was written for `key`: same size and time,
   * and with `verify`, the same bytes (a file damaged in place keeping its size and time).
   */
  isCurrent(m: Manifest, file: string, key: string, verify = false): boolean {
    const rec = m.outputs[this.rel(file)];
    if (rec === undefined || rec.key !== key) return false;
    try {
      const st = statSync(file);
      if (st.size !== rec.size || st.mtimeMs !== rec.mtimeMs) return false;
      return !verify || fileHash(file) === rec.hash;
    } catch {
      return false;
    }
  }

  /** Records `file` as written from `key` with the bytes `data`. */
  record(m: Manifest, file: string, key: string, data: Buffer | string, hash = contentHash(data)): void {
    const st = statSync(file);
    m.outputs[this.rel(file)] = { key, size: st.size, mtimeMs: st.mtimeMs, hash };
    primeFileHash(file, st, hash);
  }

  /** Drops cached PNGs no manifest refers to, keeping the most recent few for undo. */
  prune(): void {
    // PDF art recordings are only a speed-up: the most recently used ones are kept.
    keepNewest(this.artDir(), KEEP_ART, (f) => f.endsWith(".json"));
    keepNewest(this.svgs.dir, KEEP_UNUSED_SVG, (f) => {
      const key = this.svgs.keyOf(f);
      return key !== undefined && !this.svgsUsed.has(key);
    });
    const dir = join(this.cacheDir, "png");
    if (!isOwnDir(dir)) return;
    const referenced = new Set<string>();
    const games = ownEntries(this.cacheDir).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5));
    for (const g of games) for (const rec of Object.values(this.readManifest(g).outputs)) referenced.add(rec.key);
    // Entries of an older layout (no content hash in the name) can no longer be read.
    for (const f of readdirSync(dir)) if (this.pngs.keyOf(f) === undefined && !f.endsWith(".tmp")) rmSync(join(dir, f), { force: true });
    keepNewest(dir, KEEP_UNREFERENCED, (f) => {
      const key = this.pngs.keyOf(f);
      return key !== undefined && !referenced.has(key);
    });
  }

  /** Whether any PNG was ever cached here (false: a cold build, every face will be rasterised). */
  hasPngCache(): boolean {
    const dir = join(this.cacheDir, "png");
    return ownEntries(dir).length > 0;
  }

  ensure(): void {
    makeDir(join(this.cacheDir, "png"));
  }
}
