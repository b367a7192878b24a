/**
 * A greedy Eclipsed player for `simulate --policy greedy` and the simulation report.
 * - Contributes the Edict card it needs least (fewest meld partners, then most deadwood).
 * - Takes the discard only when a scoring meld with it is then legal (and so melds that turn).
 * - Declares every meld that scores (best provisional value first), burns a burned meld only to
 *   clear deadwood, goes out as soon as it may when its round so far is at least as good as every
 *   opponent's (or when the draw pile runs low), and discards its least connected, heaviest card.
 * Deterministic: the `rng` argument is not used.
 */
import type { Rng } from "../core/rng";
import { contains } from "../core/util";
import { cardOf, deadwoodOf, deadwoodOfCards } from "./cards";
import { classifyIds, valueMeld } from "./meld";
import { activeEdicts, apply, meldLegal } from "./rules";
import type { Action, State } from "./types";
import { Phase } from "./types";
import { meterAfterMeld } from "./edicts";

/** How many meld partners a card has in `hand`: same rank counts double, ranks ±1 and ±2 once. */
function partners(hand: readonly string[], id: string): number {
  const rank = cardOf(id).rank;
  let n = 0;
  for (const other of hand) {
    if (other === id) continue;
    const r = cardOf(other).rank;
    const d = r > rank ? r - rank : rank - r;
    if (d === 0) n += 2;
    else if (d <= 2) n += 1;
  }
  return n;
}

/** Lower = better to give away. */
function keepScore(hand: readonly string[], heldBack: readonly string[], id: string): number {
  const tie = contains(heldBack, id) ? 0 : partners(hand, id) * 10;
  return tie - deadwoodOf(cardOf(id).rank);
}

function meldValue(state: State, seat: number, a: { cards: string[]; travelerHigh?: boolean }): { value: number; burned: boolean } {
  const high = a.travelerHigh === true;
  const cls = classifyIds(a.cards, high);
  if (!cls.ok) return { value: 0, burned: true };
  const v = valueMeld(
    a.cards.map((id) => cardOf(id)),
    cls,
    { edicts: activeEdicts(state), meter: meterAfterMeld(state.meter, a.cards), firstMeld: state.melds[seat].length === 0 },
  );
  return { value: v.value, burned: v.burned };
}

function declared(state: State, seat: number): number {
  let sum = 0;
  for (const m of state.melds[seat]) sum += m.provisional;
  return sum;
}

function pickEdict(state: State, seat: number, legal: Action[]): Action {
  let best = legal[0];
  let bestScore = 0;
  let first = true;
  for (const a of legal) {
    if (a.type !== "edict") continue;
    const score = keepScore(state.hands[seat], [], a.card);
    if (first || score < bestScore) {
      best = a;
      bestScore = score;
      first = false;
    }
  }
  return best;
}

/**
 * Take the discard only when, after taking it, a scoring meld that uses it is legal: then this
 * turn melds, so passing cards back and forth through the pile cannot go on forever.
 */
function pickDraw(state: State, seat: number, legal: Action[]): Action {
  let deck = legal[0];
  let discard: Action | undefined = undefined;
  for (const a of legal) {
    if (a.type === "draw" && a.from === "deck") deck = a;
    if (a.type === "draw" && a.from === "discard") discard = a;
  }
  if (discard === undefined) return deck;
  const top = state.discard[state.discard.length - 1];
  const taken = apply(state, seat, discard);
  if (!taken.ok) return deck;
  for (const a of meldLegal(taken.state, seat)) {
    if (a.type !== "meld" || !contains(a.cards, top)) continue;
    const v = meldValue(taken.state, seat, a);
    if (!v.burned && v.value > 0) return discard;
  }
  return deck;
}

function pickPlay(state: State, seat: number, legal: Action[]): Action {
  for (const a of legal) if (a.type === "goOut") return a;
  const hand = state.hands[seat];
  // melds that score: the highest provisional value, then the most cards
  let bestMeld: Action | undefined = undefined;
  let bestValue = 0;
  let bestSize = 0;
  let burnMeld: Action | undefined = undefined;
  let burnRelief = 0;
  for (const a of legal) {
    if (a.type !== "meld") continue;
    const v = meldValue(state, seat, a);
    if (!v.burned && v.value > 0 && (v.value > bestValue || (v.value === bestValue && a.cards.length > bestSize))) {
      bestMeld = a;
      bestValue = v.value;
      bestSize = a.cards.length;
    }
    if (v.burned) {
      const relief = deadwoodOfCards(a.cards);
      if (relief >= 2 && relief > burnRelief) {
        burnMeld = a;
        burnRelief = relief;
      }
    }
  }
  if (bestMeld !== undefined) return bestMeld;
  if (burnMeld !== undefined) return burnMeld;

  // go out when ahead this round (or when the pile runs low)
  let mine = declared(state, seat) + 5;
  let theirs = 0;
  for (let s = 0; s < state.players; s++) if (s !== seat && declared(state, s) > theirs) theirs = declared(state, s);
  mine += deadwoodOfCards(hand);
  const hurry = state.deck.length < 2 * state.players;
  // discard the least useful card
  let pick: Action | undefined = undefined;
  let pickScore = 0;
  for (const a of legal) {
    if (a.type !== "discard" || a.goOut === true) continue;
    const score = keepScore(hand, state.heldBack[seat], a.card);
    if (pick === undefined || score < pickScore) {
      pick = a;
      pickScore = score;
    }
  }
  if (mine >= theirs || hurry) {
    const card = pick !== undefined && pick.type === "discard" ? pick.card : "";
    let anyOut: Action | undefined = undefined;
    for (const a of legal) {
      if (a.type !== "discard" || a.goOut !== true) continue;
      if (a.card === card) return a;
      if (anyOut === undefined) anyOut = a;
    }
    if (anyOut !== undefined) return anyOut;
  }
  return pick !== undefined ? pick : legal[0];
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function greedy(state: State, seat: number, legal: Action[], rng: Rng): Action {
  switch (state.phase) {
    case Phase.Contribute:
      return pickEdict(state, seat, legal);
    case Phase.Draw:
      return pickDraw(state, seat, legal);
    case Phase.Play:
      return pickPlay(state, seat, legal);
    default:
      return legal[0];
  }
}
