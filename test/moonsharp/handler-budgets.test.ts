/**
 * Every TTS handler fits a frame in MoonSharp 2.0.0.0 (docs/tts.md, Handler budgets): a whole game
 * per engine, one person against bots, rewind saves every 10 s, loads of saves taken along it
 * (test/tts/handler-timing.ts). Timed as the interpreter thread's CPU time, so a busy machine
 * slows the test but does not fail it; a handler fails at three times its budget (the budgets
 * themselves are the bench's, `npm run bench:handlers`). Run by `npm run test:moonsharp`.
 */
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { findGame } from "../../src/engine/registry";
import { BENCH_GAMES, BUDGETS, benchHandlers } from "../tts/handler-timing";
import { buildFakeSave, type Built } from "../tts/table-driver";

/** A handler fails the test past this many times its budget. */
const SLACK = 3;

describe("TTS handler budgets in MoonSharp", () => {
  const built: Built[] = [];
  afterAll(() => {
    for (const b of built) fs.rmSync(b.outDir, { recursive: true, force: true });
  });

  for (const game of BENCH_GAMES) {
    it(`${game}: Start, onSave, a load, every drop, button and Wait callback within ${SLACK}× budget`, async () => {
      const b = await buildFakeSave(game);
      built.push(b);
      const result = benchHandlers(b.save, game, findGame(game)!.maxPlayers, "moonsharp");
      const kinds = result.rows.map((r) => r.kind);
      // Each budget was measured: Start, the rewind saves, loads, and the callbacks of a whole game.
      for (const kind of ["Start", "onSave", "load", "onObjectDrop", "Wait.time callback", "Wait.frames callback"]) expect(kinds).toContain(kind);
      expect(result.rows.find((r) => r.kind === "onSave")!.calls).toBeGreaterThan(3);
      const over = result.rows.filter((r) => r.maxMs > SLACK * BUDGETS[r.budget]).map((r) => `${r.kind} ${r.maxMs} ms (budget ${BUDGETS[r.budget]} ms)`);
      expect(over).toEqual([]);
    });
  }
});
