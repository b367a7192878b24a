/**
 * Trick-taking pieces games share: must a card follow the led suit, who takes a trick, tricks
 * counted per seat. A game passes its own card reading (`suitOf`, `rankOf`) and rule id, so the
 * kit knows nothing of any deck. Plain engine code: compiles to Lua (Lua-safe subset).
 */
import type { Rejection } from "../core/types";
import { replaced } from "../core/util";

/**
 * How a game reads its cards: a card's suit ("" for none) and its rank (higher beats lower).
 * @noSelf
 */
export interface CardReader {
  suitOf(card: string): string;
  rankOf(card: string): number;
}

/** True when `hand` holds a card of `suit`. */
export function hasSuit(hand: readonly string[], suit: string, cards: CardReader): boolean {
  for (const c of hand) if (cards.suitOf(c) === suit) return true;
  return false;
}

/**
 * Follow suit: why `card` (in `hand`) may not be played to a trick led in `leadSuit`, or undefined
 * if it may. The leader (`leadSuit` "") plays anything; the others follow the led suit when able.
 */
export function followProblem(hand: readonly string[], leadSuit: string, card: string, cards: CardReader, rule: string): Rejection | undefined {
  if (leadSuit === "" || cards.suitOf(card) === leadSuit || !hasSuit(hand, leadSuit, cards)) return undefined;
  return { rule: rule, message: card + " does not follow the led suit (" + leadSuit + "); follow it when able" };
}

/** The cards of `hand` that may be played to a trick led in `leadSuit` (all of them for the leader). */
export function followable(hand: readonly string[], leadSuit: string, cards: CardReader): string[] {
  const out: string[] = [];
  const must = leadSuit !== "" && hasSuit(hand, leadSuit, cards);
  for (const c of hand) if (!must || cards.suitOf(c) === leadSuit) out.push(c);
  return out;
}

/**
 * The index in `trick` (cards in play order, the first led) of the card that takes it: the
 * highest `trump` card if any was played (`trump` "" for none), else the highest card of the led
 * suit. Equal ranks: the earlier card wins, so the answer is always one card.
 */
export function trickWinner(trick: readonly string[], cards: CardReader, trump: string): number {
  const led = cards.suitOf(trick[0]);
  let best = 0;
  for (let i = 1; i < trick.length; i++) {
    if (beats(trick[i], trick[best], led, trump, cards)) best = i;
  }
  return best;
}

function beats(card: string, best: string, led: string, trump: string, cards: CardReader): boolean {
  const suit = cards.suitOf(card);
  const bestSuit = cards.suitOf(best);
  if (trump !== "" && suit === trump && bestSuit !== trump) return true;
  if (suit !== bestSuit) return false;
  if (suit !== led && suit !== trump) return false;
  return cards.rankOf(card) > cards.rankOf(best);
}

/** `tricks` with one more trick for `seat` (a new array: engine state is never changed in place). */
export function addTrick(tricks: readonly number[], seat: number): number[] {
  return replaced(tricks, seat, tricks[seat] + 1);
}

/** Points per seat for tricks taken at `perTrick` points each. */
export function trickPoints(tricks: readonly number[], perTrick: number): number[] {
  const out: number[] = [];
  for (const t of tricks) out.push(t * perTrick);
  return out;
}
