/**
 * Node ⇄ Lua parity of src/engine/sim.ts — what `syzygy simulate|replay --runtime lua` runs:
 * simulateGames (random and greedy policies) prints the same report, eventsHash included, for
 * every registered engine and player count; replays of recorded games, of games with a refused
 * action, and of every example replay file (src/engine/<game>/examples/*.json) give identical reports.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonical } from "../src/engine/core/serialize";
import { playthrough } from "../src/engine/lua-api";
import { replayGame, simulateGames, type ReplayRequest, type SimRequest } from "../src/engine/sim";
import { LuaEngine, runEngineInLua } from "../src/lua-host/index";
import { parityConfigs } from "./lua/harness";
import { ENGINE_GAMES, exampleFiles } from "./games";

const SIM_GAMES = 10;
let lua: LuaEngine;
beforeAll(() => {
  lua = new LuaEngine();
});
afterAll(() => lua.close());

function sameInBoth(fn: "simulateGames" | "replayGame", req: SimRequest | ReplayRequest): unknown {
  const node = canonical(fn === "simulateGames" ? simulateGames(req as SimRequest) : replayGame(req as ReplayRequest));
  const inLua = lua.callText(fn, req);
  expect(inLua, `${fn} ${canonical(req).slice(0, 200)}`).toBe(node);
  return JSON.parse(node);
}


describe("Lua parity of simulate and replay", () => {
  for (const { game, players } of parityConfigs()) {
    it(`${game}, ${players} players: simulateGames (random and greedy) reports identical stats and eventsHash`, () => {
      for (const policy of ["random", "greedy"] as const) {
        const report = sameInBoth("simulateGames", { game, players, games: SIM_GAMES, seed: `sim-${policy}`, policy }) as {
          ok: boolean;
          eventsHash?: string;
        };
        expect(report.ok).toBe(true);
        expect(report.eventsHash).toMatch(/^[0-9a-f]{16}$/);
      }
    });
    it(`${game}, ${players} players: recorded games and a refused action replay identically`, () => {
      for (const seed of ["replay-1", "replay-2"]) {
        const run = playthrough({ game, players, seed });
        const actions = run.steps.map((s) => ({ ...s.action, seat: s.seat }));
        const report = sameInBoth("replayGame", { game, players, seed, actions }) as { ok: boolean; events: unknown[] };
        expect(report.ok).toBe(true);
        // the replay reproduces the recorded game's events
        expect(canonical(report.events)).toBe(canonical([...run.startEvents, ...run.steps.flatMap((s) => s.events)]));
        const k = Math.floor(actions.length / 2);
        const tampered = [...actions.slice(0, k), { seat: actions[k].seat, type: "no-such-action" }, ...actions.slice(k)];
        const refused = sameInBoth("replayGame", { game, players, seed, actions: tampered }) as { ok: boolean; index: number };
        expect(refused).toMatchObject({ ok: false, index: k });
      }
    });
  }
  it("a bad request is refused identically (unknown game, player count); the same request made good is not", () => {
    const { game, players } = parityConfigs()[0];
    const unknownGame = sameInBoth("replayGame", { game: "no-such-game", players, seed: "x", actions: [] });
    expect(unknownGame).toMatchObject({ ok: false, index: -1, rule: "SIM-game" });
    expect((unknownGame as { message: string }).message).toContain('"no-such-game"');
    const tooMany = sameInBoth("simulateGames", { game, players: 99, games: 1, seed: "x", policy: "random" });
    expect(tooMany).toMatchObject({ ok: false, game: -1, rule: "SIM-players" });
    expect((tooMany as { message: string }).message).toContain("got 99");
    expect(sameInBoth("replayGame", { game, players, seed: "x", actions: [] })).toMatchObject({ ok: true });
    expect(sameInBoth("simulateGames", { game, players, games: 1, seed: "x", policy: "random" })).toMatchObject({ ok: true });
  });
  it.each(ENGINE_GAMES)("%s: every example replay file (src/engine/<game>/examples/*.json) replays identically through runEngineInLua", (game) => {
    const files = exampleFiles().filter((e) => e.game === game);
    // every engine game has one (`syzygy new --engine` writes it; scripts/make-examples.ts plays it)
    expect(files.length).toBeGreaterThan(0);
    for (const { file } of files) {
      const req = JSON.parse(fs.readFileSync(file, "utf8")) as ReplayRequest;
      expect(req.game, `${file}: the game of its folder`).toBe(game);
      const node = canonical(replayGame(req));
      expect(canonical(runEngineInLua("replayGame", req)), file).toBe(node);
    }
  });

});
