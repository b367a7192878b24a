/**
 * Node ⇄ Lua parity of every engine, event by event. Every registered engine × player count
 * (a `describe.each` block per setup) plays `parityGameCount()` seeded random games (4 in
 * `npm test`, 1 000 with `npm run test:parity`) in Node and in the sandboxed Lua 5.2 build; the
 * runs must agree EVENT BY EVENT — the first difference is reported with game, seed, step and
 * both sides. A few more games per setup (1 in npm test, 6 in test:parity) also compare the
 * whole state, every seat's view and the rejections of illegal variants of each action after
 * every step.
 * vitest.config.ts runs this file as two projects, each playing half of every setup's seeds
 * (SYZYGY_PARITY_PART), so both cores work.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playthroughs, type Playthrough, type PlaythroughRequest } from "../src/engine/lua-api";
import { LuaEngine } from "../src/lua-host/index";
import { firstDifference, parityConfigs, parityGameCount, parityPart, partOf } from "./lua/harness";

const GAMES = parityGameCount();
/** Games per setup that also compare state, views and rejections after every step. */
const DEEP_GAMES = GAMES >= 200 ? 6 : 1;
const PART = parityPart();
const games = partOf(GAMES, PART);
/**
 * The deep games of setup `index` this part plays: a share of each setup's when there are enough
 * to share; else (npm test's one) the whole of every count-th setup's, so the parts stay even.
 */
function deepGames(index: number): { from: number; to: number } {
  if (DEEP_GAMES >= PART.count) return partOf(DEEP_GAMES, PART);
  return index % PART.count === PART.index ? { from: 0, to: DEEP_GAMES } : { from: 0, to: 0 };
}
const seeds = (r: { from: number; to: number }): string => (r.to - r.from === 1 ? `game ${r.from}` : `games ${r.from}–${r.to - 1}`);
/** Games per Lua call: one call per game would spend its time crossing the WASM boundary. */
const BATCH = 50;

type BatchRequest = Omit<PlaythroughRequest, "seed"> & { seedPrefix: string; from: number; count: number };

let lua: LuaEngine;
beforeAll(() => {
  lua = new LuaEngine();
});
afterAll(() => lua.close());

/** Plays a batch of seeded games in both runtimes; fails at the first difference or engine error. */
function compareBatch(req: BatchRequest): { steps: number; events: number; deep: number; refusals: number } {
  const node = playthroughs(req);
  const inLua = lua.call<Playthrough[]>("playthroughs", req);
  expect(node.length).toBe(req.count);
  expect(inLua.length).toBe(node.length);
  let steps = 0;
  let events = 0;
  let deep = 0;
  let refusals = 0;
  for (let i = 0; i < node.length; i++) {
    const diff = firstDifference(node[i], inLua[i]);
    if (diff !== undefined) expect.fail(`Node and Lua differ — ${diff}`);
    expect(node[i].error, `${req.game} seed ${node[i].seed}`).toBe("");
    steps += node[i].steps.length;
    for (const s of node[i].steps) {
      events += s.events.length;
      if (s.state !== undefined && s.views !== undefined && s.probes !== undefined) deep++;
      for (const p of s.probes ?? []) if (!p.ok && p.rule !== "") refusals++;
    }
  }
  return { steps, events, deep, refusals };
}

const configs = parityConfigs();

it("has engines and player counts to compare", () => {
  expect(configs.length).toBeGreaterThan(0);
});

describe.each(configs.map((c, index) => ({ ...c, index })))("Lua parity, $game with $players players", ({ game, players, index }) => {
  const deep = deepGames(index);
  it(`seeded random ${seeds(games)} of ${GAMES} equal event by event`, () => {
    expect(games.to).toBeGreaterThan(games.from);
    let steps = 0;
    let events = 0;
    for (let from = games.from; from < games.to; from += BATCH) {
      const r = compareBatch({ game, players, seedPrefix: `parity-${players}-`, from, count: Math.min(BATCH, games.to - from) });
      steps += r.steps;
      events += r.events;
    }
    // the games are really played: a game that stops at once would compare nothing
    expect(steps).toBeGreaterThan(games.to - games.from);
    expect(events).toBeGreaterThan(0);
  });

  // npm test: each setup's one deep game is played by one part (every setup by some part).
  if (deep.to > deep.from) {
    it(`state, every view and illegal-action rejections equal after each step (${seeds(deep)} of ${DEEP_GAMES})`, () => {
      const count = deep.to - deep.from;
      const r = compareBatch({ game, players, seedPrefix: `deep-${players}-`, from: deep.from, count, states: true, views: true, probes: true });
      expect(r.steps).toBeGreaterThan(count);
      // every step carries what was compared (state and view hashes, probes), and at least the
      // unknown action type is refused at each step
      expect(r.deep).toBe(r.steps);
      expect(r.refusals).toBeGreaterThanOrEqual(r.steps);
    });
  }
});
