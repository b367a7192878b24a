/**
 * Whole games with people (./people.ts) under the host timings the TTS docs leave open
 * (./timing.ts): every game at every player count under every model in `npm run test:long`;
 * every game and player count in `npm run test:moonsharp`, the models in turn; one game per engine
 * in npm test; one random model per game in `npm run fuzz` (SYZYGY_TTS_TIMING_RANDOM=1).
 */
import { describe, expect, it } from "vitest";
import { ENGINE_GAMES, playerCounts } from "../games";
import { LONG } from "../long";
import { slow, useFakeTables } from "./driver";
import { playWithPeople, type PeopleRun } from "./people";
import { TIMING_MODELS, TIMING_NAMES, randomTiming } from "./timing";

const tables: Record<string, ReturnType<typeof useFakeTables>> = {};
for (const id of ENGINE_GAMES) tables[id] = useFakeTables(id);

const RANDOM = process.env.SYZYGY_TTS_TIMING_RANDOM === "1";

interface Case {
  game: string;
  players: number;
  model: string;
}

function cases(): Case[] {
  const all: Case[] = [];
  for (const game of ENGINE_GAMES) for (const players of playerCounts(game)) for (const model of TIMING_NAMES) all.push({ game, players, model });
  if (LONG) return all;
  if (process.env.SYZYGY_LUA === "moonsharp") return eachCount(all);
  return sample(all);
}

/**
 * MoonSharp (npm run test:moonsharp) interprets the script many times slower: every game and player
 * count once, the models taken in turn so each of them runs there.
 */
function eachCount(all: Case[]): Case[] {
  const out: Case[] = [];
  for (const game of ENGINE_GAMES)
    for (const players of playerCounts(game)) {
      const model = TIMING_NAMES[out.length % TIMING_NAMES.length];
      out.push(all.find((x) => x.game === game && x.players === players && x.model === model)!);
    }
  return out;
}

/**
 * npm test: one case per game at its fewest players, under the models that run a frame's plain
 * callbacks before its conditions or make a deck's remainder findable early (where a person got
 * stuck). `npm run test:long` runs every count under every model.
 */
const SAMPLE_ORDER = ["random", "worst", "conditionsLast", "remainderAtOnce", "findSpawning"];
function sample(all: Case[]): Case[] {
  return ENGINE_GAMES.map((game, k) => all.find((x) => x.game === game && x.players === playerCounts(game)[0] && x.model === SAMPLE_ORDER[k % SAMPLE_ORDER.length])!);
}

const SEED = "s1";

describe("whole games with people under every host timing", () => {
  if (RANDOM) {
    const draw = Number(process.env.SYZYGY_FUZZ_SEED ?? Date.now() % 100_000);
    ENGINE_GAMES.forEach((game, g) => {
      const players = playerCounts(game)[(draw + g) % playerCounts(game).length];
      const timing = randomTiming(draw * 31 + g);
      it(`${game}, ${players} people, random timing ${JSON.stringify(timing)} (draw ${draw})`, () => {
        const run = playWithPeople(tables[game].built.save, game, players, `people-${draw}-${g}`, timing, 7 + (draw % 11));
        expect(run.errors).toEqual([]);
      }, slow(240_000));
    });
    return;
  }
  const runs: PeopleRun[] = [];
  for (const c of cases()) {
    it(`${c.game}, ${c.players} people, timing ${c.model}: an illegal drop before each move, a save and load, to the end`, () => {
      const run = playWithPeople(tables[c.game].built.save, c.game, c.players, SEED, TIMING_MODELS[c.model], 9);
      runs.push(run);
      expect(run.moves).toBeGreaterThan(9);
      expect(run.refused).toBeGreaterThan(0);
      expect(run.errors).toEqual([]);
    }, slow(240_000));
  }
  it("the games above dealt a deck's last card (spawned in the deck's place) into a hand: the case where a person could be left with a locked card", () => {
    expect(runs.length).toBe(cases().length);
    expect(runs.some((r) => r.remaindersDealt > 0)).toBe(true);
  });
});
