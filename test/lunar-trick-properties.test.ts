/**
 * Lunar Trick over thousands of random games (fast-check): every trick, round and game end is
 * checked against an independent oracle written from the rulebook text (LT-3…LT-9).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { LONG } from "./long";
import { lunarTrick } from "../src/engine/lunar-trick/index";
import type { Event, State } from "../src/engine/lunar-trick/index";
import { rngFromSeed, rngInt } from "../src/engine/core/rng";

const num = (id: string) => (id.startsWith("rising-") || id.startsWith("falling-") ? Number(id.split("-")[1]) : 0);
const sideOf = (id: string) => (id.startsWith("rising-") ? "rising" : id.startsWith("falling-") ? "falling" : "");

interface Oracle {
  trump: string;
  suitOf: Map<number, number>;
}

/** LT-3/LT-4 from the revealed markers, written independently of the engine. */
function oracleFrom(markers: number[]): Oracle {
  const sorted = [...markers].sort((a, b) => a - b);
  const suitOf = new Map<number, number>();
  sorted.forEach((m, k) => {
    const next = sorted[(k + 1) % sorted.length];
    for (let n = (m % 30) + 1; n !== next; n = (n % 30) + 1) suitOf.set(n, k);
  });
  const rising = sorted.filter((m) => m <= 15).length;
  return { trump: rising >= 2 ? "rising" : "falling", suitOf };
}

const suit = (o: Oracle, id: string) => (num(id) > 0 ? o.suitOf.get(num(id)) : undefined);
const isTrump = (o: Oracle, id: string) => num(id) > 0 && sideOf(id) === o.trump;

/** LT-6 oracle: may `card` be played onto `trick` from `hand`? */
function mayPlay(o: Oracle, trick: string[], hand: string[], card: string): boolean {
  if (trick.length === 0) return true;
  if (trick[0] === "lunar-eclipse") return !hand.some((c) => isTrump(o, c)) || isTrump(o, card);
  const led = suit(o, trick[0]);
  const ok = (c: string) => c === "lunar-eclipse" || suit(o, c) === led;
  return !hand.some(ok) || ok(card);
}

/** LT-7 oracle: index of the winning card. */
function winnerOf(o: Oracle, trick: string[], anySuit: boolean): number {
  const trumps = trick.map((c, i) => [c, i] as const).filter(([c]) => isTrump(o, c));
  if (trumps.length > 0) return trumps.reduce((a, b) => (num(b[0]) > num(a[0]) ? b : a))[1];
  const lunar = trick.indexOf("lunar-eclipse");
  if (lunar >= 0) return lunar;
  const led = suit(o, trick[0]);
  const eligible = trick.map((c, i) => [c, i] as const).filter(([c]) => anySuit || suit(o, c) === led);
  return eligible.reduce((a, b) => (num(b[0]) > num(a[0]) ? b : a))[1];
}

const POINTS: Record<number, number> = { 1: 2, 3: 1, 5: 2 };

/** Plain checks: vitest's expect is too slow for 300 000 steps. */
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}
function same(got: unknown, want: unknown, what: string): void {
  const a = JSON.stringify(got);
  const b = JSON.stringify(want);
  if (a !== b) throw new Error(`${what}: got ${a}, want ${b}`);
}

function playChecked(players: number, seed: string, anySuit: boolean): { rounds: number; events: Event[] } {
  const rng = rngFromSeed(seed + "/p");
  let state: State = lunarTrick.setup({ players, options: { highestAnySuit: anySuit }, dealer: -1, deal: [], setAside: [] }, seed);
  const events: Event[] = [];
  let oracle: Oracle | undefined;
  let totals = new Array(players).fill(0);
  let tricksThisRound = new Array(players).fill(0);
  let eclipsesHeld = new Array(players).fill(0);
  let trickEvents = 0;
  let rounds = 0;
  for (let guard = 0; lunarTrick.active(state).length > 0; guard++) {
    if (guard > 10000) throw new Error("no end");
    const seats = lunarTrick.active(state);
    const seat = seats[rngInt(rng, seats.length)];
    const legal = lunarTrick.legal(state, seat);
    const hand = state.hands[seat];
    if (state.phase === "commit") {
      // LT-2: anything but the Lunar Eclipse; the Solar Eclipse's holder commits it
      const want = hand.includes("solar-eclipse") ? ["solar-eclipse"] : hand.filter((c) => c !== "lunar-eclipse");
      // legal lists the hand's cards in hand order, like the oracle's filter
      check(legal.map((a) => a.card).join() === want.join(), `LT-2: legal commits ${legal.map((a) => a.card)} vs ${want}`);
    } else {
      const want = hand.filter((c) => mayPlay(oracle!, state.trick, hand, c));
      check(legal.map((a) => a.card).join() === want.join(), `LT-6: legal plays ${legal.map((a) => a.card)} vs ${want}`);
    }
    const trickBefore = state.trick;
    const leader = state.leader;
    const action = legal[rngInt(rng, legal.length)];
    const res = lunarTrick.apply(state, seat, action);
    if (!res.ok) throw new Error(res.message);
    for (const e of res.events) {
      events.push(e);
      if (e.type === "reveal") {
        oracle = oracleFrom(e.markers);
        same(e.trumpSide, oracle.trump, "LT-4");
      } else if (e.type === "trick" && e.index === 0) {
        trickEvents++;
        const numbered = e.cards.map((c, s) => [c, s] as const).filter(([c]) => isTrump(oracle!, c));
        const best = numbered.reduce((a, b) => (num(b[0]) > num(a[0]) ? b : a));
        same(e.winner, best[1], "LT-5");
        tricksThisRound[e.winner]++;
        const solar = e.cards.indexOf("solar-eclipse");
        if (solar >= 0) {
          eclipsesHeld[solar]++;
          same(e.next, solar, "LT-5 (Solar Eclipse leads)");
        } else same(e.next, e.winner, "LT-5 (winner leads)");
      } else if (e.type === "trick") {
        trickEvents++;
        const trick = [...trickBefore, action.card];
        same(e.winner, (leader + winnerOf(oracle!, trick, anySuit)) % players, "LT-7");
        tricksThisRound[e.winner]++;
        if (trick.includes("lunar-eclipse")) eclipsesHeld[e.winner]++;
      } else if (e.type === "round") {
        rounds++;
        same(trickEvents, players === 3 ? 10 : 8, "tricks per round");
        const tricks = tricksThisRound.map((t, s) => t + eclipsesHeld[s]);
        same(e.tricks, tricks, "LT-8");
        const points = tricks.map((t) => POINTS[t] ?? 0);
        same(e.points, points, "LT-8 points");
        totals = totals.map((t, s) => t + points[s]);
        same(e.totals, totals, "LT-8 totals");
        tricksThisRound = new Array(players).fill(0);
        eclipsesHeld = new Array(players).fill(0);
        trickEvents = 0;
      } else if (e.type === "gameOver") {
        const top = Math.max(...totals); // LT-9
        check(top >= 5, "LT-9: game over below 5 points");
        same(e.winners, totals.map((t, s) => [t, s]).filter(([t]) => t === top).map(([, s]) => s), "LT-9 winners");
      } else if (e.type === "deal") {
        check(Math.max(...totals) < 5, "LT-9: a new round after someone reached 5");
      }
    }
    state = res.state;
  }
  return { rounds, events };
}

describe("Lunar Trick random games against a rulebook oracle", () => {
  // 2 000 games under test:long, 400 in npm test (test/long.ts).
  const RUNS = LONG ? 2000 : 400;
  it(`LT-2…LT-9 hold in ${RUNS} random games (3 and 4 players, both LT-7 readings)`, () => {
    let games = 0;
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 10, unit: "grapheme-ascii" }), fc.constantFrom(3, 4), fc.boolean(), (seed, players, anySuit) => {
        games++;
        const { rounds } = playChecked(players, seed, anySuit);
        expect(rounds).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: RUNS },
    );
    expect(games).toBeGreaterThanOrEqual(RUNS);
  });

  it("the same seed gives the same game; another seed another", () => {
    const a = JSON.stringify(playChecked(4, "same", false).events);
    expect(JSON.stringify(playChecked(4, "same", false).events)).toBe(a);
    expect(JSON.stringify(playChecked(4, "other", false).events)).not.toBe(a);
  });
});
