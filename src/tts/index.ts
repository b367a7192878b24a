/** Public entry of the TTS save builder (used by `syzygy tts` and by `syzygy build`). */
import type { GameModel } from "../model/types";
import { findGame } from "../engine/registry";
import { buildTtsSave, type TtsBuildResult } from "./build";
import { sheetCanvases } from "./sheets";

export { buildTtsSave, TtsInputError, type TtsBuildOptions, type TtsBuildResult } from "./build";
export { ScriptBuildError } from "./script";

/**
 * Writes <outDir>/<game>/tts/<game>.json (+ images/) for a loaded game model. Needs the card
 * PNGs of `syzygy build` in <outDir>/<game>/cards. Player counts come from the engine (else the
 * model), so the Start buttons match what the engine accepts.
 */
export async function buildTtsForModel(model: GameModel, opts: { outDir: string; gameDir?: string; baseUrl?: string }): Promise<TtsBuildResult> {
  const engine = findGame(model.id);
  return buildTtsSave(model, {
    outDir: opts.outDir,
    gameDir: opts.gameDir,
    baseUrl: opts.baseUrl,
    minPlayers: engine !== undefined ? engine.minPlayers : model.players.min,
    maxPlayers: engine !== undefined ? engine.maxPlayers : model.players.max,
  });
}

/**
 * Keeps the sheet canvas from one save to the next until the returned function is called (after
 * the last save). A fresh canvas for each save would have the OS fault its ~50 MB in page by page
 * again, the TTS phase's largest cost on the main thread (docs/benchmarks.md).
 */
export function holdSheetCanvases(): () => void {
  return sheetCanvases.hold();
}
