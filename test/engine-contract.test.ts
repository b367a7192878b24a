/**
 * The shared engine contract: every engine in the registry, and the template engine `syzygy new
 * --engine` copies (src/engine/templates.ts), passes these properties
 * (OpenSpiel's basic tests): random games terminate; a seat that must act has legal actions;
 * apply accepts every listed action and refuses every other one with a rule id; apply, legal
 * and view never mutate their input; cards are conserved (SimHooks.cards); views and events
 * leak no hidden card (SimHooks.hiddenFrom); the same seed plays the same game; a recorded game
 * replays to the same events (src/engine/sim.ts).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { allGames } from "../src/engine/registry";
import { templateEngines } from "../src/engine/templates";
import type { AnyGame } from "../src/engine/registry";
import type { BaseAction, BaseEvent } from "../src/engine/core/types";
import { canonical } from "../src/engine/core/serialize";
import { rngFromSeed, rngInt } from "../src/engine/core/rng";
import { replayGame, simulateGames } from "../src/engine/sim";
import { LONG } from "./long";

const games = [...allGames(), ...templateEngines()];
const MAX_ACTIONS = 20000;
/** Cases per property: all of them under `npm run test:long`, a third in npm test (test/long.ts). */
const runs = (n: number): number => (LONG ? n : Math.ceil(n / 3));

function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === "object" && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x as object)) deepFreeze(v);
  }
  return x;
}

function playerCounts(g: AnyGame): number[] {
  const out: number[] = [];
  for (let p = g.minPlayers; p <= g.maxPlayers; p++) out.push(p);
  return out;
}

function config(g: AnyGame, players: number) {
  return { players, options: g.defaultOptions(), dealer: -1, deal: [] as string[][], setAside: [] as string[] };
}

/** Plain assertion for hot loops (vitest's expect costs microseconds per call). */
function check(ok: boolean, message: string): void {
  if (!ok) throw new Error(message);
}

/** Deep checks look at the first states of each game only: long games (Eclipsed) stay fast. */
const CHECKED_STATES = 150;

function sortedCards(g: AnyGame, state: unknown): string[] {
  return [...g.cards(state)].sort();
}

interface Step {
  state: unknown;
  seat: number;
  action: BaseAction;
  events: BaseEvent[];
}

/** Plays one random game; `visit` sees every state before its action. Returns the steps. */
function playRandom(g: AnyGame, players: number, seed: string, visit?: (state: unknown, seats: number[], index: number) => void) {
  const rng = rngFromSeed(seed + "/test-policy");
  let state: unknown = g.setup(config(g, players), seed);
  const start = g.startEvents(state);
  const steps: Step[] = [];
  let seats = g.active(state);
  while (seats.length > 0) {
    if (steps.length >= MAX_ACTIONS) throw new Error(`${g.id} ${players}p seed ${seed}: no end after ${MAX_ACTIONS} actions`);
    visit?.(state, seats, steps.length);
    const seat = seats[rngInt(rng, seats.length)];
    const legal = g.legal(state, seat);
    if (legal.length === 0) throw new Error(`${g.id} ${players}p seed ${seed}: seat ${seat} must act but has no legal action`);
    const action = legal[rngInt(rng, legal.length)];
    const res = g.apply(state, seat, action);
    if (!res.ok) throw new Error(`${g.id}: legal action ${canonical(action)} refused: ${res.rule} ${res.message}`);
    steps.push({ state, seat, action, events: res.events });
    state = res.state;
    seats = g.active(state);
  }
  return { start, steps, final: state };
}

const seedArb = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-".split("")), minLength: 1, maxLength: 8 });

it("has engines to check (the contract below runs once per registered engine)", () => {
  expect(games.length).toBeGreaterThanOrEqual(3);
});

describe.each(games.map((g) => [g.id, g] as const))("engine contract: %s", (_id, g) => {
  it("is registered with sane metadata", () => {
    expect(g.minPlayers).toBeGreaterThanOrEqual(1);
    expect(g.maxPlayers).toBeGreaterThanOrEqual(g.minPlayers);
    expect(typeof g.defaultOptions()).toBe("object");
  });

  it("exposes every sim hook (src/engine/core/sim-types.ts)", () => {
    for (const hook of ["greedy", "cards", "hiddenFrom", "startEvents", "checkConfig"] as const)
      expect(typeof g[hook], `${g.id} must expose ${hook}`).toBe("function");
  });

  it("random games terminate; legal is non-empty for every active seat and empty for the others", () => {
    for (const players of playerCounts(g)) {
      for (let i = 0; i < runs(15); i++) {
        const { final } = playRandom(g, players, `term-${i}`, (state, seats) => {
          for (const s of seats) check(g.legal(state, s).length > 0, `active seat ${s} has no legal action`);
          for (let s = 0; s < players; s++)
            if (!seats.includes(s)) check(g.legal(state, s).length === 0, `inactive seat ${s} has legal actions`);
        });
        const res = g.result(final);
        expect(res.over).toBe(true);
        expect(res.winners.length).toBeGreaterThan(0);
        expect(res.scores).toHaveLength(players);
      }
    }
  });

  it("apply accepts every listed action, refuses every other with a rule id, and never mutates its input", () => {
    fc.assert(
      fc.property(seedArb, fc.constantFrom(...playerCounts(g)), (seed, players) => {
        const pool = new Map<string, BaseAction>();
        playRandom(g, players, seed, (state, seats, index) => {
          if (index >= CHECKED_STATES) return;
          deepFreeze(state); // any write to the input now throws
          for (let s = -1; s <= players; s++) {
            const legal = s >= 0 && s < players ? g.legal(state, s) : [];
            const listed = new Set(legal.map((a) => canonical(a)));
            for (const a of legal) {
              pool.set(canonical(a), a);
              const res = g.apply(state, s, a);
              check(res.ok, `${canonical(a)} listed for seat ${s} but refused: ${res.ok ? "" : res.rule + " " + res.message}`);
            }
            // actions seen elsewhere in this game, and junk, that are not listed now
            const others = [...pool.values()].filter((a) => !listed.has(canonical(a))).slice(0, 4);
            others.push({ type: "no-such-action" });
            for (const a of others) {
              const res = g.apply(state, s, a);
              check(!res.ok, `seat ${s}: unlisted ${canonical(a)} was accepted (active ${seats})`);
              if (!res.ok) {
                check(/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(res.rule), `rule id ${JSON.stringify(res.rule)} is not an id like LT-6`);
                check(res.message.length > 0, `empty message for rule ${res.rule}`);
              }
            }
          }
        });
      }),
      { numRuns: runs(10) },
    );
  });

  it("cards are conserved by every action (fast-check over seeds and player counts)", () => {
    if (g.cards === undefined) throw new Error(`${g.id} does not expose cards(state)`);
    fc.assert(
      fc.property(seedArb, fc.constantFrom(...playerCounts(g)), (seed, players) => {
        const first = sortedCards(g, g.setup(config(g, players), seed));
        const want = first.join(",");
        const { final } = playRandom(g, players, seed, (state, _seats, index) => {
          const got = sortedCards(g, state).join(",");
          check(got === want, `${g.id} ${players}p seed ${seed}: cards changed before action ${index}: ${got} vs ${want}`);
        });
        expect(sortedCards(g, final)).toEqual(first);
      }),
      { numRuns: runs(60) },
    );
  });

  it("views and events leak no hidden card (other hands, face-down commits); seat -1 is a spectator", () => {
    fc.assert(
      fc.property(seedArb, fc.constantFrom(...playerCounts(g)), (seed, players) => {
        const { start, steps, final } = playRandom(g, players, seed);
        const universe = [...new Set(g.cards(final))];
        const named = (events: BaseEvent[]) => {
          const text = events.map((e) => canonical(e)).join("\n");
          return universe.filter((id) => text.includes(`"${id}"`));
        };
        const hidden = (state: unknown, s: number) => new Set(g.hiddenFrom(state, s));
        // A view may name a hidden card only as history: when a public event named it since the
        // last re-deal (e.g. last trick's cards, a card publicly taken from the discard pile).
        let seen = new Set(named(start));
        const checkViews = (state: unknown) => {
          for (let s = -1; s < players; s++) {
            const text = canonical(g.view(state, s));
            for (const id of hidden(state, s))
              check(seen.has(id) || !text.includes(`"${id}"`), `view of seat ${s} shows hidden ${id}: ${text}`);
          }
        };
        checkViews(steps.length > 0 ? steps[0].state : final);
        for (let i = 0; i < Math.min(steps.length, CHECKED_STATES); i++) {
          const before = steps[i].state;
          const after = i + 1 < steps.length ? steps[i + 1].state : final;
          const names = named(steps[i].events);
          // an action that hides public cards again is a re-deal: history starts over
          const publicBefore = hidden(before, -1);
          const redeal = g.hiddenFrom(after, -1).some((id) => !publicBefore.has(id));
          if (redeal) seen = new Set(names);
          else {
            // Events are public: none may name a card that a seat could not see before the
            // action and still cannot see after it (a face-down commit, a drawn card).
            for (let s = 0; s < players; s++) {
              const was = hidden(before, s);
              for (const id of g.hiddenFrom(after, s))
                check(!(was.has(id) && names.includes(id)), `events tell seat ${s} about hidden ${id}: ${canonical(steps[i].events)}`);
            }
            for (const id of names) seen.add(id);
          }
          checkViews(after);
        }
      }),
      { numRuns: runs(20) },
    );
  });

  it("the same seed plays the same game; events are Lua-safe data", () => {
    for (const players of playerCounts(g)) {
      const a = playRandom(g, players, "same");
      const b = playRandom(g, players, "same");
      const text = (r: typeof a) => [...r.start, ...r.steps.flatMap((s) => s.events)].map((e) => canonical(e)).join("\n");
      expect(text(a)).toBe(text(b));
      expect(text(playRandom(g, players, "other"))).not.toBe(text(a));
      const luaSafe = (x: unknown): void => {
        if (Array.isArray(x)) for (const v of x) {
          check(v !== null && v !== undefined, "null/undefined inside an array");
          luaSafe(v);
        }
        else if (x !== null && typeof x === "object") for (const v of Object.values(x)) luaSafe(v);
        else check(["string", "number", "boolean"].includes(typeof x), `${typeof x} in an action or event`);
      };
      for (const s of a.steps) {
        luaSafe(s.action);
        for (const e of s.events) luaSafe(e);
      }
    }
  });

  it("a recorded game replays to the same events through replayGame", () => {
    for (const players of playerCounts(g)) {
      const { start, steps, final } = playRandom(g, players, "rec");
      const report = replayGame({
        game: g.id,
        players,
        seed: "rec",
        actions: steps.map((s) => ({ ...s.action, seat: s.seat })),
      });
      expect(report.ok).toBe(true);
      if (report.ok) {
        expect(report.events.map((e) => canonical(e))).toEqual([...start, ...steps.flatMap((s) => s.events)].map((e) => canonical(e)));
        expect(canonical(report.view)).toBe(canonical(g.view(final, -1)));
        expect(report.result.over).toBe(true);
      }
    }
  });

  it("simulateGames is deterministic per seed and reports every game", () => {
    const req = { game: g.id, players: g.minPlayers, games: 8, seed: "sim", policy: "random" as const };
    const a = simulateGames(req);
    expect(a.ok).toBe(true);
    expect(canonical(simulateGames(req))).toBe(canonical(a));
    expect(canonical(simulateGames({ ...req, seed: "sim2" }))).not.toBe(canonical(a));
    if (a.ok) expect(a.wins.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(8);
    expect(simulateGames({ ...req, policy: "greedy" }).ok).toBe(true);
  });
});
