/**
 * Solar Eclipse property tests (fast-check): many random games, checking after every step that
 * the engine's contract holds — someone can always act until the game ends, `apply` accepts
 * exactly what `legal` lists and never mutates its input, cards are conserved, views and events
 * leak no hidden card, and the same seed replays the same game.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { canonical } from "../src/engine/core/serialize";
import { RULES } from "../src/engine/solar-eclipse/data.gen";
import { Phase } from "../src/engine/solar-eclipse/index";
import type { Action, Event, State } from "../src/engine/solar-eclipse/index";
import { ALL_CARDS, G, stringsIn } from "./solar-eclipse-helpers";

const SORTED_DECK = [...ALL_CARDS].sort().join(",");

/** A plain assertion: `expect` is too slow for the thousands of checks per game. */
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}

/** A random game driven by `choices`; checks every invariant along the way. */
function randomGame(players: number, seed: string, choices: number[], deep: boolean): Event[] {
  let state: State = G.setup({ players, options: {}, dealer: -1, deal: [], setAside: [] }, seed);
  const events: Event[] = [...G.startEvents(state)];
  let k = 0;
  const next = (n: number): number => {
    const c = choices[k % choices.length] + k;
    k++;
    return c % n;
  };
  for (let steps = 0; ; steps++) {
    check(steps < 1000, "the game does not end");
    const active = G.active(state);
    if (active.length === 0) break;
    check(state.phase !== Phase.Reveal && state.phase !== Phase.RoundEnd, "state rests in an automatic phase");
    for (let seat = 0; seat < players; seat++) {
      check(G.legal(state, seat).length > 0 === active.includes(seat), `seat ${seat}: legal non-empty exactly when active`);
    }
    const seat = active[next(active.length)];
    const legal = G.legal(state, seat);
    const before = deep ? canonical(state) : "";

    // a random action from the whole action space is accepted exactly when `legal` lists it
    const probe: Action =
      next(2) === 0 ? { type: "bid", tricks: next(8) - 1 } : { type: "play", card: ALL_CARDS[next(ALL_CARDS.length)] };
    const probeSeat = next(players);
    const listed = G.legal(state, probeSeat).some((a) => canonical(a) === canonical(probe));
    const probed = G.apply(state, probeSeat, probe);
    check(probed.ok === listed, `probe ${canonical(probe)} by seat ${probeSeat}: accepted ${probed.ok}, listed ${listed}`);
    if (!probed.ok) check(probed.rule.startsWith("SE-"), `rule id ${probed.rule}`);

    const res = G.apply(state, seat, legal[next(legal.length)]);
    if (!res.ok) throw new Error(`legal action refused: ${res.rule} ${res.message}`);
    if (deep) check(canonical(state) === before, "apply mutated its input");
    state = res.state;
    events.push(...res.events);

    check([...G.cards(state)].sort().join(",") === SORTED_DECK, "cards are not conserved");
    const dealt = res.events.some((e) => e.type === "deal");
    for (let viewer = -1; viewer < players; viewer++) {
      const hidden = new Set(G.hiddenFrom(state, viewer));
      if (!deep && viewer !== seat) continue;
      const view = G.view(state, viewer);
      if (viewer >= 0) check(view.hand.join() === state.hands[viewer].join(), "a seat sees its own hand");
      for (const s of stringsIn(view)) check(!hidden.has(s), `view of seat ${viewer} leaks ${s}`);
      // events are public: nothing in them is hidden from anyone (a new deal re-hides old cards)
      if (!dealt) for (const s of stringsIn(res.events)) check(!hidden.has(s), `event leaks ${s} to seat ${viewer}`);
    }
  }
  const result = G.result(state);
  expect(result.over).toBe(true);
  expect(result.winners.length).toBeGreaterThan(0);
  return events;
}

describe("Solar Eclipse properties (random games)", () => {
  for (const players of [2, 3]) {
    it(`${players} players: invariants hold at every step, games end after ${RULES.rounds} rounds`, () => {
      fc.assert(
        fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 12 }), fc.array(fc.nat(1000), { minLength: 1, maxLength: 30 }), fc.boolean(), (seed, choices, deep) => {
          const events = randomGame(players, seed, choices, deep);
          const rounds = events.filter((e) => e.type === "round");
          expect(rounds).toHaveLength(RULES.rounds);
          expect(events.filter((e) => e.type === "trick")).toHaveLength(RULES.rounds * RULES.tricksPerRound);
          for (const r of rounds) if (r.type === "round") expect(r.bonus.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(RULES.bonusCards);
        }),
        { numRuns: 25 },
      );
    });
    it(`${players} players: the same seed and choices replay the same game`, () => {
      fc.assert(
        fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 12 }), fc.array(fc.nat(1000), { minLength: 1, maxLength: 10 }), (seed, choices) => {
          expect(canonical(randomGame(players, seed, choices, false))).toBe(canonical(randomGame(players, seed, choices, false)));
        }),
        { numRuns: 10 },
      );
    });
  }
  it("trick resolution: exactly one winner, eclipses beat plain tricks, the winner's eclipse means no bonus", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 8 }), fc.array(fc.nat(1000), { minLength: 1, maxLength: 20 }), (seed, choices) => {
        for (const e of randomGame(3, seed, choices, false)) {
          if (e.type !== "trick") continue;
          expect(e.bonus).toBe(!e.eclipse);
          expect(e.eclipse).toBe(e.eclipses[e.winner]);
          for (let p = 0; p < 3; p++) {
            if (p === e.winner) continue;
            if (e.eclipses[p]) expect(e.eclipse && e.strengths[e.winner] > e.strengths[p]).toBe(true);
            else if (!e.eclipse) expect(e.strengths[e.winner]).toBeGreaterThanOrEqual(e.strengths[p]);
          }
        }
      }),
      { numRuns: 15 },
    );
  });
});
