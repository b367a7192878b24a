/** The card-play rules of Solar Eclipse as pure functions: following (SE-5/SE-6), resolution (SE-8). */
import type { Rejection } from "../core/types";
import { hasSuit as kitHasSuit } from "../kit/trick";
import { CARDS, rankOf, suitOf } from "./cards";

/** The shared kit's check (src/engine/kit/trick.ts) with this deck. */
export function hasSuit(hand: readonly string[], suit: string): boolean {
  return kitHasSuit(hand, suit, CARDS);
}

/**
 * SE-5: why `card` (in `hand`) may not be played as a first card, or undefined if it may.
 * `leadSuit` is "" for the leader, who may play anything.
 */
export function firstCardProblem(hand: readonly string[], leadSuit: string, card: string): Rejection | undefined {
  if (leadSuit === "" || suitOf(card) === leadSuit || !hasSuit(hand, leadSuit)) return undefined;
  return {
    rule: "SE-5",
    message: `${card} does not follow the lead suit (${leadSuit}); a first card must follow it when able`,
  };
}

/**
 * SE-6: why `card` may not be played as a second card after `firstCard`, or undefined if it may.
 * Follow the lead suit when able — or play the card whose rank equals one's own first card
 * (an eclipse), even when able to follow. Applies to face-down cards too (SE-7).
 */
export function secondCardProblem(
  hand: readonly string[],
  leadSuit: string,
  firstCard: string,
  card: string,
): Rejection | undefined {
  if (suitOf(card) === leadSuit || rankOf(card) === rankOf(firstCard) || !hasSuit(hand, leadSuit)) return undefined;
  return {
    rule: "SE-6",
    message: `${card} neither follows the lead suit (${leadSuit}) nor matches the rank of your first card ${firstCard} (an eclipse)`,
  };
}

/** An eclipse: the two cards share a rank (each rank exists once per suit, so suits differ). */
export function isEclipse(first: string, second: string): boolean {
  return rankOf(first) === rankOf(second);
}

/** SE-8: a non-eclipse's strength — sum of ranks, cards not of the lead suit count 0. */
export function comboStrength(leadSuit: string, first: string, second: string): number {
  let total = 0;
  if (suitOf(first) === leadSuit) total += rankOf(first);
  if (suitOf(second) === leadSuit) total += rankOf(second);
  return total;
}

/** The highest rank among the two cards that are of the lead suit (0 if none). */
export function highestLeadCard(leadSuit: string, first: string, second: string): number {
  let best = 0;
  if (suitOf(first) === leadSuit && rankOf(first) > best) best = rankOf(first);
  if (suitOf(second) === leadSuit && rankOf(second) > best) best = rankOf(second);
  return best;
}

export interface TrickOutcome {
  winner: number;
  strengths: number[];
  eclipses: boolean[];
}

/**
 * SE-8: the highest eclipse (by rank) wins; without eclipses the highest strength wins, a tie
 * going to the highest lead-suit card. Eclipse ranks and lead-suit ranks are unique, so the
 * winner is always unique; the final "earlier in play order" step only makes the order total.
 */
export function resolveTrick(leadSuit: string, leader: number, firsts: string[], seconds: string[]): TrickOutcome {
  const players = firsts.length;
  const strengths: number[] = [];
  const eclipses: boolean[] = [];
  for (let s = 0; s < players; s++) {
    const eclipse = isEclipse(firsts[s], seconds[s]);
    eclipses.push(eclipse);
    strengths.push(eclipse ? rankOf(firsts[s]) : comboStrength(leadSuit, firsts[s], seconds[s]));
  }
  let winner = leader;
  for (let k = 1; k < players; k++) {
    const s = (leader + k) % players;
    if (beats(leadSuit, s, winner, firsts, seconds, strengths, eclipses)) winner = s;
  }
  return { winner, strengths, eclipses };
}

function beats(
  leadSuit: string,
  a: number,
  b: number,
  firsts: string[],
  seconds: string[],
  strengths: number[],
  eclipses: boolean[],
): boolean {
  if (eclipses[a] !== eclipses[b]) return eclipses[a];
  if (strengths[a] !== strengths[b]) return strengths[a] > strengths[b];
  return highestLeadCard(leadSuit, firsts[a], seconds[a]) > highestLeadCard(leadSuit, firsts[b], seconds[b]);
}
