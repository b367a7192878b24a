/**
 * Test inputs for the TTS builder that do not depend on the print-and-play build: the repo's
 * game models, and small generated PNGs for every component in a temp out/ folder (with bleed
 * on cards and tokens, like the real ones), so the builder is tested without rendering 100 cards.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { fileURLToPath } from "node:url";
import { loadGame } from "../../src/model/load";
import type { GameModel } from "../../src/model/types";
import { FACE_MANIFEST, faceManifestJson, listFaces } from "../../src/render/faces";
import { renderGameFrom } from "../../src/render/source";
import { renderSides } from "../../src/render/build";
import { TemplateSet } from "../../src/render/face";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The game as the repository's data describes it (the same loader `syzygy tts` uses). */
export function repoModel(game: string): GameModel {
  return loadGame(path.join(REPO, "data"), game);
}

/** px per mm of the fake images (small, to keep tests fast); 1/8 in bleed on cards. */
const PX_PER_MM = 2;

async function png(file: string, w: number, h: number, seed: number, alpha: boolean): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const r = (seed * 53) % 256;
  const g = (seed * 97) % 256;
  const b = (seed * 29) % 256;
  await sharp({ create: { width: w, height: h, channels: alpha ? 4 : 3, background: alpha ? { r, g, b, alpha: 0.8 } : { r, g, b } } })
    .png()
    .toFile(file);
}

/**
 * Writes a small PNG for every side render lists (out/<game>/cards/…) and the face manifest that
 * names them, as a build does.
 */
export async function writeFakeImages(model: GameModel, outDir: string): Promise<void> {
  const game = renderGameFrom(model);
  const entries = listFaces(game);
  let seed = 1;
  for (const e of entries) {
    // Cards and tokens carry the 1/8 in bleed of the real PNGs (token images are cut to their shape).
    const bleed = e.component.kind === "card" || e.component.kind === "token" ? 3.175 : 0;
    const w = Math.round((e.component.width + 2 * bleed) * PX_PER_MM);
    const h = Math.round((e.component.height + 2 * bleed) * PX_PER_MM);
    await png(path.join(outDir, model.id, "cards", e.file), w, h, seed++, e.component.kind === "token");
  }
  // As a build does: each PNG recorded with the SVG it shows (`syzygy tts` refuses PNGs older than the data).
  fs.writeFileSync(path.join(outDir, model.id, "cards", FACE_MANIFEST), faceManifestJson(game, renderSides(game, new TemplateSet(model.paths.templatesDir)).sides));
}

export function tempOut(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-tts-"));
}
