/**
 * `syzygy tts` and `syzygy build` hold the sheet canvas for their whole TTS phase
 * (holdSheetCanvases, src/tts/index.ts): every save's sheets are composed in the one canvas the
 * first save took, instead of a fresh ~50 MB one per save that the OS faults in page by page
 * again (issue 28; docs/benchmarks.md).
 */
import { describe, expect, it } from "vitest";
import path from "node:path";
import { runTts } from "../../src/cli/commands/tts";
import { sheetCanvases } from "../../src/tts/sheets";
import { repoModel, tempOut, writeFakeImages } from "./fixtures";

const DATA = path.join(import.meta.dirname, "../../data");

describe("the TTS phase's sheet canvas", () => {
  it("syzygy tts of three games takes one canvas for all their sheets", async () => {
    const out = tempOut();
    const games = ["eclipsed", "lunar-trick", "solar-eclipse"];
    for (const game of games) await writeFakeImages(repoModel(game), out);
    const before = sheetCanvases.stats.allocated;
    const results = await runTts(games, { data: DATA, out });
    expect(results.map((r) => r.cards > 0)).toEqual([true, true, true]);
    expect(sheetCanvases.stats.allocated - before).toBe(1);
  });
});
