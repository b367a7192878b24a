/** Card lookups and the small tables every Eclipsed module reads (all from data.gen.ts). */
import type { AlignmentId, DeckCard, Rules, SuitId } from "./data-types";
import { DECK, RULES } from "./data.gen";

export const ECLIPSED_RULES: Rules = RULES;

export const TRAVELER = 1;
export const SCOUT = 11;
export const SAGE = 12;
export const WARDEN = 13;

/** Every card id of the deck, in deck.yaml order. */
export function allCardIds(): string[] {
  const out: string[] = [];
  for (const c of DECK) out.push(c.id);
  return out;
}

/** Cards by id: looked up by key only, never iterated (key order differs in Lua). */
const BY_ID: { [id: string]: DeckCard } = {};
for (const c of DECK) BY_ID[c.id] = c;

export function findCard(id: string): DeckCard | undefined {
  return BY_ID[id];
}

/** The card with id `id`; callers only pass ids that came from the deck. */
export function cardOf(id: string): DeckCard {
  const c = BY_ID[id];
  if (c === undefined) return { id, name: id, suit: "solar", rank: 0 };
  return c;
}

export function isCourt(rank: number): boolean {
  return rank >= SCOUT;
}

/** Suit → alignment, suit → hold-back order, built once (hot paths of `legal`). */
const ALIGNMENT_OF: { [suit: string]: AlignmentId } = {};
for (const s of RULES.suits) if (ALIGNMENT_OF[s.id] === undefined) ALIGNMENT_OF[s.id] = s.alignment;
const SUIT_ORDER: { [suit: string]: number } = {};
for (let i = 0; i < RULES.holdBackOrder.length; i++)
  if (SUIT_ORDER[RULES.holdBackOrder[i]] === undefined) SUIT_ORDER[RULES.holdBackOrder[i]] = i;

export function alignmentOf(suit: SuitId): AlignmentId {
  const a = ALIGNMENT_OF[suit];
  return a !== undefined ? a : "light";
}

/** Light +1, Dark −1: the meter direction of an alignment. */
export function alignmentSign(alignment: AlignmentId): number {
  for (const a of RULES.alignments) if (a.id === alignment) return a.sign;
  return 0;
}

/** Index of the suit in the hold-back tie order ☀<⚡<◉<❄ (EC-20). */
export function suitOrder(suit: SuitId): number {
  const i = SUIT_ORDER[suit];
  return i !== undefined ? i : RULES.holdBackOrder.length;
}

/** Deadwood points lost for one unmelded card (EC-19: Traveler −1). */
export function deadwoodOf(rank: number): number {
  for (const row of RULES.deadwood) if (rank >= row.from && rank <= row.to) return row.points;
  return 0;
}

export function deadwoodOfCards(ids: readonly string[]): number {
  let sum = 0;
  for (const id of ids) sum += deadwoodOf(cardOf(id).rank);
  return sum;
}

/**
 * Card id → a number ordered like `compareCards` (rank, then suit order): sorting by it with
 * `stableSort` gives the same order as sorting with `compareCards`, without per-compare lookups.
 */
const ORDER_KEY: { [id: string]: number } = {};
for (const c of DECK) ORDER_KEY[c.id] = c.rank * 100 + suitOrder(c.suit);

export function orderKey(id: string): number {
  const k = ORDER_KEY[id];
  if (k !== undefined) return k;
  const c = cardOf(id);
  return c.rank * 100 + suitOrder(c.suit);
}

/** Total order for displaying and holding back cards: rank (Traveler = 1), then suit order. */
export function compareCards(a: string, b: string): number {
  const ca = cardOf(a);
  const cb = cardOf(b);
  if (ca.rank !== cb.rank) return ca.rank - cb.rank;
  return suitOrder(ca.suit) - suitOrder(cb.suit);
}

export function rankName(rank: number): string {
  for (const r of RULES.ranks) if (r.rank === rank) return r.name;
  return "?";
}
