/**
 * The event and view fields generic code reads (simulate's `round` tricks and points, the table's
 * `trick` winner, view hand/trick/trickSeats/won) are typed in the game interface
 * (RoundScoredEvent, TrickTakenEvent, EventsFit and GameView in src/engine/core/types.ts), so a
 * game whose types differ does not compile — and every shipped engine's events and views hold
 * those types at run time too. Events are typed per kind: no field is reserved on every event, so
 * a game's own kind (a `bid` with `tricks: number`) uses any field it likes.
 */
import { describe, expect, it } from "vitest";
import type { BaseAction, BaseEvent, EventsFit, Game, GameView } from "../src/engine/core/types";
import { roundScored, trickTaken } from "../src/engine/core/events";
import type { AnyEngine } from "../src/engine/kit/definition";
import { GAMES } from "../src/games/index";

type Fake<Event extends { type: string }, View> = Game<object, object, BaseAction, Event, View>;
/** What engineOf (src/engine/kit/engine.ts) and GameDefinition require of a game's events and views. */
type Fits<G> = G extends Game<any, any, BaseAction, infer E, GameView> ? (EventsFit<E> extends { eventKindsThatMisfit: unknown } ? false : true) : false; // eslint-disable-line @typescript-eslint/no-explicit-any

// Compile-time: `npm test` type-checks this file first.
const good: Fits<Fake<{ type: "trick"; winner: number } | { type: "round"; tricks: number[]; points: number[] }, { hand: string[]; score: number }>> = true;
// a game's own kind uses its own fields: a public bid of a number of tricks
const ownKind: Fits<Fake<{ type: "bid"; seat: number; tricks: number } | { type: "round"; tricks: number[] }, GameView>> = true;
// @ts-expect-error a `trick` winner that is not a seat number
const badWinner: Fits<Fake<{ type: "trick"; winner: string }, GameView>> = true;
// @ts-expect-error round points as one number instead of one per seat
const badPoints: Fits<Fake<{ type: "round"; points: number }, GameView>> = true;
// @ts-expect-error a hand of card objects instead of card ids
const badHand: Fits<Fake<BaseEvent, { hand: { id: string }[] }>> = true;

function isIntList(x: unknown): boolean {
  return Array.isArray(x) && x.every((v) => Number.isInteger(v));
}

describe("typed event and view fields", () => {
  it("the compile-time checks above are in force", () => {
    expect([good, ownKind, badWinner, badPoints, badHand]).toEqual([true, true, true, true, true]);
  });

  for (const def of GAMES) {
    it(`${def.id}: round/trick events and the views carry the typed fields with those types`, () => {
      const g: AnyEngine = def.engine;
      const players = g.minPlayers;
      let state = g.setup({ players, options: g.defaultOptions(), dealer: -1, deal: [], setAside: [] }, "types");
      const events: BaseEvent[] = [...g.startEvents(state)];
      const seen = { round: 0, views: 0 };
      for (let n = 0; n < 3000 && g.active(state).length > 0; n++) {
        const seat = g.active(state)[0];
        const r = g.apply(state, seat, g.legal(state, seat)[0]);
        if (!r.ok) throw new Error(`${r.rule}: ${r.message}`);
        state = r.state;
        events.push(...r.events);
        for (let s = -1; s < players; s++) {
          const v: GameView = g.view(state, s);
          for (const k of ["hand", "trick"] as const) if (v[k] !== undefined) expect(v[k]!.every((c) => typeof c === "string")).toBe(true);
          if (v.trickSeats !== undefined) expect(isIntList(v.trickSeats)).toBe(true);
          if (v.won !== undefined) expect(v.won.every((p) => p.every((c) => typeof c === "string"))).toBe(true);
          seen.views++;
        }
      }
      for (const e of events) {
        const round = roundScored(e);
        if (round !== undefined) {
          seen.round++;
          for (const k of ["tricks", "points"] as const) if (round[k] !== undefined) expect(isIntList(round[k]) && round[k]!.length === players).toBe(true);
        }
        const trick = trickTaken(e);
        if (trick !== undefined) expect(Number.isInteger(trick.winner) && trick.winner >= 0 && trick.winner < players).toBe(true);
      }
      expect(seen.round).toBeGreaterThan(0);
    });
  }
});
