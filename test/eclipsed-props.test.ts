/** Eclipsed property tests (fast-check): melds, valuation, legal/apply agreement and round bookkeeping. */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { allCardIds, cardOf, deadwoodOfCards } from "../src/engine/eclipsed/cards";
import { candidateMelds, classifyIds, meldRow, runValue } from "../src/engine/eclipsed/meld";
import { rngFromSeed, rngInt } from "../src/engine/core/rng";
import type { Action, Event, State } from "../src/engine/eclipsed/index";
import { Phase, eclipsed, value } from "./eclipsed-helpers";

const ids = allCardIds();
const cardsArb = (min: number, max: number) => fc.uniqueArray(fc.constantFrom(...ids), { minLength: min, maxLength: max });
const edictArb = fc.uniqueArray(fc.constantFrom(...ids), { minLength: 1, maxLength: 5 });

/** Plays a seeded game with the greedy bot (or random moves) and hands every state to `visit`. */
function playGame(seed: string, players: number, policy: "greedy" | "random", visit: (s: State, events: Event[]) => void) {
  const rng = rngFromSeed("p/" + seed);
  let s = eclipsed.setup({ players, options: { format: "quick" }, dealer: -1, deal: [], setAside: [] }, seed);
  for (let n = 0; n < 4000; n++) {
    const active = eclipsed.active(s);
    if (active.length === 0) return s;
    const seat = active[rngInt(rng, active.length)];
    const legal = eclipsed.legal(s, seat);
    const action = policy === "greedy" ? eclipsed.greedy(s, seat, legal, rng) : legal[rngInt(rng, legal.length)];
    const r = eclipsed.apply(s, seat, action);
    if (!r.ok) throw new Error(`${r.rule}: ${r.message}`);
    visit(r.state, r.events);
    s = r.state;
  }
  throw new Error("game did not end");
}

describe("meld properties", () => {
  it("a valid classification is a set of one rank or a run of consecutive values, scored by the table", () => {
    fc.assert(
      fc.property(cardsArb(2, 6), fc.boolean(), (cards, high) => {
        const c = classifyIds(cards, high);
        if (!c.ok) return c.reason.length > 0;
        const ranks = cards.map((id) => cardOf(id).rank);
        if (c.kind === "set") return ranks.every((r) => r === ranks[0]);
        const values = cards.map((id) => runValue(cardOf(id).rank, high)).sort((a, b) => a - b);
        const row = meldRow(c.type);
        const expectMax = row.perCard ? row.points * cards.length : row.points;
        return values.every((v, i) => i === 0 || v === values[i - 1] + 1) && cards.length >= 3 && c.base <= expectMax && c.base >= 1;
      }),
      { numRuns: 2000 },
    );
  });

  it("candidateMelds finds every valid meld of a hand (brute force over subsets)", () => {
    fc.assert(
      fc.property(cardsArb(3, 8), (hand) => {
        const found = new Set(candidateMelds(hand).map((m) => [...m.cards].sort().join(",") + (m.travelerHigh ? "^" : "")));
        for (let mask = 1; mask < 1 << hand.length; mask++) {
          const pick = hand.filter((_, i) => (mask >> i) & 1);
          if (pick.length < 2) continue;
          const low = classifyIds(pick, false);
          const high = classifyIds(pick, true);
          const key = [...pick].sort().join(",");
          if (low.ok && !found.has(key)) return false;
          if (!low.ok && high.ok && !found.has(key + "^")) return false;
          if (!low.ok && !high.ok && (found.has(key) || found.has(key + "^"))) return false;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it("per-meld values: never negative, burned = 0, Warden melds at least 3, steps end at the value", () => {
    fc.assert(
      fc.property(cardsArb(2, 5), edictArb, fc.integer({ min: -3, max: 3 }), fc.boolean(), (cards, edictIds, meter, first) => {
        if (edictIds.some((id) => cards.includes(id))) return true;
        const c = classifyIds(cards, false);
        if (!c.ok) return true;
        const v = value(cards, { edicts: edictIds, meter, firstMeld: first });
        const hasWarden = cards.some((id) => cardOf(id).rank === 13);
        if (v.value < 0) return false;
        if (v.burned && v.value !== 0) return false;
        if (hasWarden && !v.burned && v.value < 3) return false;
        return v.steps[v.steps.length - 1].value === v.value && v.steps[0].value === c.base;
      }),
      { numRuns: 2000 },
    );
  });
});

describe("game properties", () => {
  it("apply accepts a meld exactly when legal lists it (random card subsets, both Traveler placements)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 6 }), fc.constantFrom(2, 3, 4), (seed, players) => {
        let checked = 0;
        const rng = rngFromSeed("m/" + seed);
        playGame(seed, players, "greedy", (s) => {
          if (s.phase !== Phase.Play || checked > 40) return;
          const seat = s.turnSeat;
          const hand = s.hands[seat];
          const legal = new Set(
            eclipsed
              .legal(s, seat)
              .filter((a) => a.type === "meld")
              .map((a) => (a.type === "meld" ? [...a.cards].sort().join(",") + (a.travelerHigh === true ? "^" : "") : "")),
          );
          for (let k = 0; k < 6; k++) {
            const pick = hand.filter(() => rngInt(rng, 2) === 1);
            if (pick.length === 0) continue;
            const high = rngInt(rng, 2) === 1;
            const action: Action = high ? { type: "meld", cards: pick, travelerHigh: true } : { type: "meld", cards: pick };
            const accepted = eclipsed.apply(s, seat, action).ok;
            const listed = legal.has([...pick].sort().join(",") + (high ? "^" : ""));
            if (accepted !== listed) throw new Error(`${JSON.stringify(action)}: apply ${accepted}, legal ${listed}`);
            checked++;
          }
        });
        return true;
      }),
      { numRuns: 12 },
    );
  });

  it("round bookkeeping: points = melds + bonuses − deadwood; totals clamp at 0; meter stays in −3..+3", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 6 }), fc.constantFrom(2, 3, 4), fc.constantFrom("greedy" as const, "random" as const), (seed, players, policy) => {
        let totals = Array(players).fill(0);
        playGame(seed, players, policy, (s, events) => {
          expect(s.meter >= -3 && s.meter <= 3).toBe(true);
          for (const e of events) {
            if (e.type !== "round") continue;
            for (let seat = 0; seat < players; seat++) {
              const melds = e.melds.filter((m) => m.seat === seat).reduce((a, m) => a + m.value, 0);
              const bonus = e.bonuses.filter((b) => b.seat === seat).reduce((a, b) => a + b.value, 0);
              expect(e.points[seat]).toBe(melds + bonus - e.deadwood[seat].points);
              expect(e.deadwood[seat].points).toBe(deadwoodOfCards(e.deadwood[seat].cards));
              if (e.wentOut === seat) expect(e.deadwood[seat].cards).toEqual([]);
              // EC-10: exactly one top meld per player with melds
              const own = e.melds.filter((m) => m.seat === seat);
              expect(own.filter((m) => m.top).length).toBe(own.length > 0 ? 1 : 0);
            }
            totals = totals.map((t, i) => Math.max(0, t + e.points[i]));
            expect(e.totals).toEqual(totals);
          }
        });
        return true;
      }),
      { numRuns: 15 },
    );
  });

  it("the greedy bot only picks legal actions and its games end with one winner at or above the target", () => {
    for (const players of [2, 3, 4]) {
      for (let i = 0; i < 5; i++) {
        const end = playGame(`g${players}-${i}`, players, "greedy", () => undefined);
        const r = eclipsed.result(end);
        expect(r.over).toBe(true);
        expect(r.winners.length).toBe(1);
        expect(r.scores[r.winners[0]]).toBeGreaterThanOrEqual(35);
        expect(Math.max(...r.scores)).toBe(r.scores[r.winners[0]]);
      }
    }
  });
});

describe("simulation report (bench/eclipsed-report.ts)", () => {
  it("plays exactly the games `syzygy simulate --policy greedy` plays (same eventsHash and rounds)", async () => {
    // Run as documented (docs/simulation/eclipsed.md), a process: test/ never imports bench/ (test/architecture.test.ts).
    const args = ["--import", "tsx", "bench/eclipsed-report.ts", "--games", "30", "--players", "2", "--seed", "report-check", "--policy", "greedy", "--format", "standard", "--json"];
    const report = JSON.parse(execFileSync(process.execPath, args, { cwd: join(import.meta.dirname, ".."), encoding: "utf8" })) as {
      eventsHash: string;
      rounds: { mean: number };
      turnsPerRound: { total: number };
      roundWins: { fate: string }[];
    };
    const { simulateGames } = await import("../src/engine/sim");
    const sim = simulateGames({ game: "eclipsed", players: 2, games: 30, seed: "report-check", policy: "greedy" });
    if (!sim.ok) throw new Error(sim.message);
    expect(report.eventsHash).toBe(sim.eventsHash);
    expect(report.rounds.mean).toBeCloseTo(sim.rounds.mean, 3);
    expect(report.turnsPerRound.total).toBeGreaterThan(0);
    expect(report.roundWins.map((r) => r.fate)).toEqual(["light", "dark"]);
  });
});
