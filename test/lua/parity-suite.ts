/**
 * The event-by-event parity suite, shared by the test/parity*.test.ts shards (vitest runs test
 * files in parallel, so two shards use both CI cores; each shard plays its share of every
 * config's seeds, which keeps them balanced). Every registered engine and player count plays
 * `parityGameCount()` seeded random games (30 in `npm test`, 1 000 with `npm run test:parity`)
 * in Node and in the sandboxed Lua 5.2 build; the runs must agree EVENT BY EVENT — the first
 * difference is reported with game, seed, step and both sides. A few games per shard and config
 * also compare the whole state, every seat's view and the rejections of illegal variants of
 * each action after every step.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playthroughs, type Playthrough, type PlaythroughRequest } from "../../src/engine/lua-api";
import { LuaEngine } from "../../src/lua-host/index";
import { firstDifference, parityConfigs, parityGameCount } from "./harness";

/** Games per config and shard that also compare state, views and rejections after every step. */
const DEEP_GAMES = parityGameCount() >= 200 ? 3 : 1;
const BATCH = 50;

type BatchRequest = Omit<PlaythroughRequest, "seed"> & { seedPrefix: string; from: number; count: number };

export function defineParitySuite(shard: number, shards: number): void {
  const games = parityGameCount();
  const configs = parityConfigs();
  const first = Math.floor((games * shard) / shards);
  const last = Math.floor((games * (shard + 1)) / shards); // exclusive
  let lua: LuaEngine;
  beforeAll(() => {
    lua = new LuaEngine();
  });
  afterAll(() => lua.close());

  function compareBatch(req: BatchRequest): { steps: number; events: number } {
    const node = playthroughs(req);
    const inLua = lua.call<Playthrough[]>("playthroughs", req);
    expect(inLua.length).toBe(node.length);
    let steps = 0;
    let events = 0;
    for (let i = 0; i < node.length; i++) {
      const diff = firstDifference(node[i], inLua[i]);
      if (diff !== undefined) expect.fail(`Node and Lua differ — ${diff}`);
      expect(node[i].error, `${req.game} seed ${node[i].seed}`).toBe("");
      steps += node[i].steps.length;
      for (const s of node[i].steps) events += s.events.length;
    }
    return { steps, events };
  }

  describe(`Lua parity shard ${shard + 1}/${shards}: seeded random games, event by event`, () => {
    it("has engines to compare", () => {
      expect(configs.length).toBeGreaterThan(0);
    });
    for (const { game, players } of configs) {
      it(`${game}, ${players} players: games ${first}–${last - 1} of ${games} equal event by event`, () => {
        let steps = 0;
        let events = 0;
        for (let from = first; from < last; from += BATCH) {
          const count = Math.min(BATCH, last - from);
          const r = compareBatch({ game, players, seedPrefix: `parity-${players}-`, from, count });
          steps += r.steps;
          events += r.events;
        }
        // the games are really played: a game that stops at once would compare nothing
        expect(steps).toBeGreaterThan(last - first);
        expect(events).toBeGreaterThan(0);
      });
      it(`${game}, ${players} players: state, every view and illegal-action rejections equal after each step (${DEEP_GAMES} games)`, () => {
        const r = compareBatch({
          game,
          players,
          seedPrefix: `deep-${players}-`,
          from: shard * DEEP_GAMES,
          count: DEEP_GAMES,
          states: true,
          views: true,
          probes: true,
        });
        expect(r.steps).toBeGreaterThan(DEEP_GAMES);
      });
    }
  });
}
