/** Test helpers for the Eclipsed engine: tables built from explicit cards, and scripted play. */
import { eclipsed } from "../src/engine/eclipsed/index";
import type { Action, Event, State } from "../src/engine/eclipsed/index";
import { allCardIds, cardOf } from "../src/engine/eclipsed/cards";
import { resolveEdicts, meterStart } from "../src/engine/eclipsed/edicts";
import type { ActiveEdict } from "../src/engine/eclipsed/edicts";
import { classifyIds, valueMeld } from "../src/engine/eclipsed/meld";
import { scoreRound, type DeclaredMeld } from "../src/engine/eclipsed/scoring";
import type { MeldValue } from "../src/engine/eclipsed/meld";
import { Phase } from "../src/engine/eclipsed/types";
import { commitOpen } from "../src/engine/core/commits";

export { eclipsed, Phase };

/** Active Edicts from ids (the first is the fate Edict). */
export function edicts(...ids: string[]): ActiveEdict[] {
  return resolveEdicts(ids.map((card, i) => ({ card, seat: i - 1 })));
}

/** Value of a meld (ids) under Edicts and a meter; throws if the cards are not a meld. */
export function value(ids: string[], opts: { edicts?: string[]; meter?: number; firstMeld?: boolean; high?: boolean } = {}): MeldValue {
  const cls = classifyIds(ids, opts.high === true);
  if (!cls.ok) throw new Error(`not a meld: ${cls.reason}`);
  return valueMeld(
    ids.map((id) => cardOf(id)),
    cls,
    { edicts: edicts(...(opts.edicts ?? [])), meter: opts.meter ?? 0, firstMeld: opts.firstMeld === true },
  );
}

export interface TableSpec {
  players?: number;
  hands: string[][];
  /** Edict ids, fate first; contributions are credited to seats 0, 1, … */
  edicts: string[];
  meter?: number;
  /** Top of the draw pile first; the remaining cards follow in deck order unless `deck` is exact. */
  deck?: string[];
  exactDeck?: boolean;
  discard?: string[];
  turnSeat?: number;
  phase?: Phase;
  turns?: number[];
  heldBack?: string[][];
  totals?: number[];
  lastRoundBest?: number[];
  round?: number;
  format?: "standard" | "quick" | "long";
}

/** A state in the middle of a round, built directly (every unlisted card lies in the draw pile). */
export function table(spec: TableSpec): State {
  const players = spec.players ?? spec.hands.length;
  const base = eclipsed.setup(
    { players, options: { format: spec.format ?? "standard" }, dealer: players - 1, deal: [], setAside: [] },
    "table",
  );
  const inPlay = new Set<string>([...spec.hands.flat(), ...spec.edicts, ...(spec.deck ?? [])]);
  const discard = spec.discard ?? ["stasis-13"].filter((id) => !inPlay.has(id));
  const used = new Set<string>([...inPlay, ...discard]);
  const deck = spec.exactDeck === true ? [...(spec.deck ?? [])] : [...(spec.deck ?? []), ...allCardIds().filter((id) => !used.has(id))];
  const edictCards = spec.edicts.map((card, i) => ({ card, seat: i - 1 }));
  return {
    ...base,
    phase: spec.phase ?? Phase.Draw,
    round: spec.round ?? 1,
    turnSeat: spec.turnSeat ?? 0,
    deck,
    discard,
    hands: spec.hands.map((h) => [...h]),
    heldBack: spec.heldBack ?? spec.hands.map(() => []),
    fate: spec.edicts[0],
    contributions: commitOpen(players, "", spec.hands.map(() => false)),
    edicts: edictCards,
    meter: spec.meter ?? meterStart(edictCards),
    melds: spec.hands.map(() => []),
    meldCount: 0,
    turns: spec.turns ?? spec.hands.map(() => 1),
    takenFromDiscard: "",
    firstDeclarant: -1,
    totals: spec.totals ?? spec.hands.map(() => 0),
    lastRoundBest: spec.lastRoundBest ?? [],
    history: [],
    winners: [],
  };
}

export interface Played {
  state: State;
  events: Event[];
}

/** Applies `[seat, action]` steps in order; throws with the rule on the first refusal. */
export function play(state: State, steps: [number, Action][]): Played {
  let s = state;
  const events: Event[] = [];
  for (const [seat, action] of steps) {
    const r = eclipsed.apply(s, seat, action);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(action)} for seat ${seat}: ${r.rule} ${r.message}`);
    events.push(...r.events);
    s = r.state;
  }
  return { state: s, events };
}

/** The rule id `apply` refuses the action with ("" if accepted). */
export function refusal(state: State, seat: number, action: Action): string {
  const r = eclipsed.apply(state, seat, action);
  return r.ok ? "" : r.rule;
}

export function isLegal(state: State, seat: number, action: Action): boolean {
  const key = (a: Action) => JSON.stringify({ ...a, cards: "cards" in a ? [...a.cards].sort() : undefined });
  return eclipsed.legal(state, seat).some((a) => key(a) === key(action));
}

export function roundEvent(events: Event[]) {
  const e = events.find((x) => x.type === "round");
  if (e === undefined || e.type !== "round") throw new Error("no round event");
  return e;
}

/** A declared meld record for scoreRound (values come from the engine's own classification). */
export function declared(cards: string[], order: number, extra: Partial<DeclaredMeld> = {}): DeclaredMeld {
  const c = classifyIds(cards, extra.travelerHigh === true);
  if (!c.ok) throw new Error(c.reason);
  return { cards, type: c.type, base: c.base, travelerHigh: false, burned: false, firstMeld: order === 0, provisional: 0, order, ...extra };
}

/** A round scored from declared melds, with the given Edicts (the first is the fate Edict). */
export function score(opts: {
  edicts: string[];
  melds: DeclaredMeld[][];
  hands?: string[][];
  meter?: number;
  wentOut?: number;
  firstDeclarant?: number;
  lastRoundBest?: number[];
}) {
  return scoreRound({
    players: opts.melds.length,
    edicts: edicts(...opts.edicts),
    meter: opts.meter ?? 0,
    melds: opts.melds,
    hands: opts.hands ?? opts.melds.map(() => []),
    wentOut: opts.wentOut ?? -1,
    firstDeclarant: opts.firstDeclarant ?? -1,
    lastRoundBest: opts.lastRoundBest ?? [],
  });
}
