/**
 * Rebuilding a TTS save reads every card PNG and writes every deck sheet again (~1 s a game), so
 * `syzygy build` skips it when nothing it reads has changed: the stamp in <out>/.cache/tts/ records a
 * hash of the game model, the options, the bytes of every PNG the save is made from, and the
 * source of the save builder, host glue and engines (which the save's script bundles).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { GameModel } from "../model/types";
import { packageVersion, sourceFiles } from "../build/version";
import { writeFileAtomic } from "../render/files";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SOURCE_DIRS = ["src/tts", "mods/tts", "src/engine"].map((d) => path.join(REPO_ROOT, d));

export interface TtsStamp {
  key: string;
  savePath: string;
  imageFiles: string[];
  objects: number;
  cards: number;
}

let sourceKey: string | undefined;

/** The save builder's version: its sources, the host glue and engines it bundles, and sharp. */
export function buildersHash(): string {
  if (sourceKey !== undefined) return sourceKey;
  const h = createHash("sha256");
  h.update(`${packageVersion("sharp")}\0`);
  for (const f of SOURCE_DIRS.flatMap((d) => sourceFiles(d, [".ts", ".json", ".mjs"]))) h.update(path.relative(REPO_ROOT, f)).update("\0").update(fs.readFileSync(f)).update("\0");
  sourceKey = h.digest("hex");
  return sourceKey;
}

/** File hashes by path, valid while size and mtime are unchanged (a build reads each PNG several times). */
const fileHashes = new Map<string, { size: number; mtime: number; hash: string }>();

/** sha256 of a file's bytes, read once while the file is unchanged. */
export function fileHash(file: string): string {
  const st = fs.statSync(file);
  const known = fileHashes.get(file);
  if (known !== undefined && known.size === st.size && known.mtime === st.mtimeMs) return known.hash;
  const hash = createHash("sha256").update(fs.readFileSync(file)).digest("hex");
  fileHashes.set(file, { size: st.size, mtime: st.mtimeMs, hash });
  return hash;
}

/** The key of a save: everything that goes into it. `inputs` are the PNGs it reads. */
export function saveKey(model: GameModel, options: object, inputs: string[]): string {
  const h = createHash("sha256");
  h.update(buildersHash()).update("\0");
  h.update(JSON.stringify(model)).update("\0").update(JSON.stringify(options)).update("\0");
  for (const f of inputs) h.update(path.basename(f)).update("\0").update(fileHash(f)).update("\0");
  return h.digest("hex");
}

function stampPath(outDir: string, game: string): string {
  return path.join(outDir, ".cache", "tts", `${game}.json`);
}

/** The stamp of the save on disk, if it was built from `key` and its files are all still there. */
export function currentStamp(outDir: string, game: string, key: string): TtsStamp | undefined {
  try {
    const stamp = JSON.parse(fs.readFileSync(stampPath(outDir, game), "utf8")) as TtsStamp;
    if (stamp.key !== key) return undefined;
    if (![stamp.savePath, ...stamp.imageFiles].every((f) => fs.existsSync(f))) return undefined;
    return stamp;
  } catch {
    return undefined;
  }
}

export function writeStamp(outDir: string, game: string, stamp: TtsStamp): void {
  fs.mkdirSync(path.dirname(stampPath(outDir, game)), { recursive: true });
  writeFileAtomic(stampPath(outDir, game), JSON.stringify(stamp, null, 2) + "\n");
}
