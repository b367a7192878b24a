/** Shared helpers of the Solar Eclipse tests: explicit deals and step-by-step play. */
import { expect } from "vitest";
import { solarEclipse, winnersOf } from "../src/engine/solar-eclipse/index";
import type {
  Action,
  Event,
  State,
} from "../src/engine/solar-eclipse/index";
import { DECK } from "../src/engine/solar-eclipse/data.gen";

export const G = solarEclipse;
export { winnersOf };

export const sun = (r: number): string => `sun-${r}`;
export const moon = (r: number): string => `moon-${r}`;
export const suns = (...ranks: number[]): string[] => ranks.map(sun);
export const moons = (...ranks: number[]): string[] => ranks.map(moon);
export function span(from: number, to: number): number[] {
  const out: number[] = [];
  for (let r = from; r <= to; r++) out.push(r);
  return out;
}
export const ALL_CARDS = DECK.map((c) => c.id);

/** A game whose first round is dealt `hands` (the rest set aside), dealer `dealer`. */
export function start(hands: string[][], dealer = 0, seed = "test"): State {
  const config = { players: hands.length, options: {}, dealer, deal: hands, setAside: [] };
  expect(G.checkConfig(config)).toBeUndefined();
  return G.setup(config, seed);
}

export interface Step {
  state: State;
  events: Event[];
}

/** Applies an action that must be accepted. */
export function act(state: State, seat: number, action: Action): Step {
  const res = G.apply(state, seat, action);
  if (!res.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} refused: ${res.rule} ${res.message}`);
  return { state: res.state, events: res.events };
}

export function play(state: State, seat: number, card: string): Step {
  return act(state, seat, { type: "play", card });
}

/** Every seat bids, in seat order; returns the state after the last bid and all events. */
export function bidAll(state: State, bids: number[]): Step {
  let s = state;
  const events: Event[] = [];
  bids.forEach((tricks, seat) => {
    const step = act(s, seat, { type: "bid", tricks });
    s = step.state;
    events.push(...step.events);
  });
  return { state: s, events };
}

/** Plays cards in order as [seat, card] pairs. */
export function plays(state: State, moves: [number, string][]): Step {
  let s = state;
  const events: Event[] = [];
  for (const [seat, card] of moves) {
    const step = play(s, seat, card);
    s = step.state;
    events.push(...step.events);
  }
  return { state: s, events };
}

export function rejection(state: State, seat: number, action: Action): string {
  const res = G.apply(state, seat, action);
  return res.ok ? "accepted" : res.rule;
}

export function legalCards(state: State, seat: number): string[] {
  return G.legal(state, seat).map((a) => (a.type === "play" ? a.card : `bid:${a.tricks}`));
}

export function eventsOf<T extends Event["type"]>(
  events: Event[],
  type: T,
): Extract<Event, { type: T }>[] {
  return events.filter((e) => e.type === type) as Extract<Event, { type: T }>[];
}

/** Plays with the greedy policy until `stop` says so or the game ends. */
export function playUntil(state: State, stop: (s: State) => boolean): Step {
  let s = state;
  const events: Event[] = [];
  while (G.active(s).length > 0 && !stop(s)) {
    const seat = G.active(s)[0];
    const step = act(s, seat, G.greedy(s, seat, G.legal(s, seat), { a: 1, b: 1 }));
    s = step.state;
    events.push(...step.events);
  }
  return { state: s, events };
}

/** Collects every string inside a JSON-like value. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value !== null && typeof value === "object") for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}
