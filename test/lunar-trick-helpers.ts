/** Helpers for the Lunar Trick tests: explicit deals and strict stepping. */
import { expect } from "vitest";
import { lunarTrick } from "../src/engine/lunar-trick/index";
import type { Action, Event, Options, State } from "../src/engine/lunar-trick/index";

/** The rulebook's suits example (A/B/C = seats 0/1/2 commit rising-4, rising-12, falling-20). */
export const EXAMPLE_DEAL: string[][] = [
  ["rising-4", "lunar-eclipse", "rising-5", "rising-7", "rising-8", "rising-1", "falling-16", "falling-17", "falling-18", "falling-19"],
  ["rising-12", "rising-6", "rising-9", "rising-10", "rising-11", "rising-2", "rising-3", "falling-21", "falling-22", "falling-23"],
  ["falling-20", "falling-29", "rising-13", "rising-14", "rising-15", "falling-24", "falling-25", "falling-26", "falling-27", "falling-28"],
];

export function dealt(deal: string[][], options: Partial<Options> = {}, seed = "t", setAside: string[] = []): State {
  const config = { players: deal.length, options: { highestAnySuit: false, ...options }, dealer: 0, deal, setAside };
  expect(lunarTrick.checkConfig(config)).toBeUndefined();
  return lunarTrick.setup(config, seed);
}

export function step(state: State, seat: number, type: "commit" | "play", card: string): { state: State; events: Event[] } {
  const res = lunarTrick.apply(state, seat, { type, card });
  if (!res.ok) throw new Error(`seat ${seat} ${type} ${card} refused: ${res.rule} ${res.message}`);
  return { state: res.state, events: res.events };
}

export function refused(state: State, seat: number, action: Action): { rule: string; message: string } {
  const res = lunarTrick.apply(state, seat, action);
  if (res.ok) throw new Error(`expected a rejection for seat ${seat} ${action.type} ${action.card}`);
  return { rule: res.rule, message: res.message };
}

/** Commits one card per seat (in seat order); returns the state after the reveal and all events. */
export function commitAll(state: State, cards: string[]): { state: State; events: Event[] } {
  let s = state;
  const events: Event[] = [];
  cards.forEach((card, seat) => {
    const r = step(s, seat, "commit", card);
    s = r.state;
    events.push(...r.events);
  });
  return { state: s, events };
}

export function legalCards(state: State, seat: number): string[] {
  return lunarTrick.legal(state, seat).map((a) => a.card).sort();
}

export function eventsOf<T extends Event["type"]>(events: Event[], type: T): Extract<Event, { type: T }>[] {
  return events.filter((e): e is Extract<Event, { type: T }> => e.type === type);
}
