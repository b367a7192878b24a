/**
 * Rebuilding a TTS save reads every card PNG and writes every deck sheet again (~1 s a game), so
 * `syzygy build` skips it when nothing it reads has changed: the stamp in <out>/.cache/tts/ records a
 * hash of the game model, the options, the bytes of every PNG the save is made from, and the
 * source of the save builder, host glue and engines (which the save's script bundles).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { GameModel } from "../model/types";
import { packageVersion, sourceFiles } from "../pipeline/version";
import { writeFileAtomic } from "../render/files";
import { fileHash } from "../pipeline/file-hash";
import { codeFolder, PACKAGE_ROOT, PREBUILT_LUA_DIR, sourcesPresent } from "../package-root";

export { fileHash };

const REPO_ROOT = PACKAGE_ROOT;
// The code a save is made by: the save builder, the host glue and the engines — their sources in a
// clone; in an installed package the compiled builder and engines, and the prebuilt script.
const SOURCE_DIRS = [codeFolder("tts"), path.join(REPO_ROOT, "mods/tts"), codeFolder("engine"), codeFolder("table"), codeFolder("games"), ...(sourcesPresent() ? [] : [PREBUILT_LUA_DIR])];

export interface TtsStamp {
  key: string;
  savePath: string;
  imageFiles: string[];
  objects: number;
  cards: number;
  /** sha256 of the save file's bytes. */
  saveHash?: string;
}

let sourceKey: string | undefined;

/** The save builder's version: its sources, the host glue and engines it bundles, and sharp. */
export function buildersHash(): string {
  if (sourceKey !== undefined) return sourceKey;
  const h = createHash("sha256");
  h.update(`${packageVersion("sharp")}\0`);
  for (const f of SOURCE_DIRS.flatMap((d) => sourceFiles(d, [".ts", ".json", ".mjs", ".js", ".lua"]))) h.update(path.relative(REPO_ROOT, f)).update("\0").update(fs.readFileSync(f)).update("\0");
  sourceKey = h.digest("hex");
  return sourceKey;
}

/** The key of a save: everything that goes into it. `inputs` are the PNGs it reads. */
export function saveKey(model: GameModel, options: object, inputs: string[]): string {
  const h = createHash("sha256");
  h.update(buildersHash()).update("\0");
  h.update(JSON.stringify(model)).update("\0").update(JSON.stringify(options)).update("\0");
  for (const f of inputs) h.update(path.basename(f)).update("\0").update(fileHash(f)).update("\0");
  return h.digest("hex");
}

/**
 * The card PNGs whose bytes no longer match what the build recorded writing (`<out>/.cache/<game>.json`,
 * src/pipeline/store.ts): damaged since, so a save made from them would fail or be wrong.
 * `gameDir` is where the game's files are read (a staged build's folder).
 */
export function damagedInputs(outDir: string, game: string, inputs: string[], gameDir = path.join(outDir, game)): string[] {
  let outputs: Record<string, { hash?: string }>;
  try {
    outputs = (JSON.parse(fs.readFileSync(path.join(outDir, ".cache", `${game}.json`), "utf8")) as { outputs: Record<string, { hash?: string }> }).outputs ?? {};
  } catch {
    return [];
  }
  return inputs.filter((f) => {
    const hash = outputs[`${game}/${path.relative(gameDir, f).split(path.sep).join("/")}`]?.hash;
    return hash !== undefined && fileHash(f) !== hash;
  });
}

function stampPath(outDir: string, game: string): string {
  return path.join(outDir, ".cache", "tts", `${game}.json`);
}

/** An image named `<stem>.<first hex digits of its sha256>.<ext>` (build.ts) whose bytes match its name. */
function imageIntact(file: string): boolean {
  const m = /\.([0-9a-f]{10})\.[a-z]+$/.exec(file);
  return m !== null && fileHash(file).startsWith(m[1]);
}

/**
 * The stamp of the save on disk, if it was built from `key` and its files are all still there,
 * byte for byte. `gameDir` is where the game's files are read (a staged build's folder).
 */
export function currentStamp(outDir: string, game: string, key: string, gameDir = path.join(outDir, game)): TtsStamp | undefined {
  try {
    const stamp = JSON.parse(fs.readFileSync(stampPath(outDir, game), "utf8")) as TtsStamp;
    if (stamp.key !== key) return undefined;
    const local = (f: string): string => path.join(gameDir, path.relative(path.join(outDir, game), f));
    if (stamp.saveHash === undefined || fileHash(local(stamp.savePath)) !== stamp.saveHash) return undefined;
    if (!stamp.imageFiles.every((f) => imageIntact(local(f)))) return undefined;
    return stamp;
  } catch {
    return undefined;
  }
}

export function writeStamp(outDir: string, game: string, stamp: TtsStamp): void {
    writeFileAtomic(stampPath(outDir, game), JSON.stringify(stamp, null, 2) + "\n");
}
