/**
 * Card facts and rules tables for Solar Eclipse, looked up from the generated data.
 * Look up only ids already known to be cards (e.g. found in a hand): the tables are plain
 * objects, so arbitrary strings such as "constructor" must never reach them.
 */
import type { CardReader } from "../kit/trick";
import { DECK, RULES } from "./data.gen";
import type { BidValue, SetupTable } from "./data-types";

/** Card id → suit / rank, built once from the deck (hot paths index these instead of calling). */
export const SUIT_OF: { [id: string]: string } = {};
export const RANK_OF: { [id: string]: number } = {};
const ORDER_OF: { [id: string]: number } = {};
const ID_BY_SUIT_RANK: { [key: string]: string } = {};

for (let i = 0; i < DECK.length; i++) {
  const c = DECK[i];
  SUIT_OF[c.id] = c.suit;
  RANK_OF[c.id] = c.rank;
  ORDER_OF[c.id] = i;
  ID_BY_SUIT_RANK[c.suit + ":" + c.rank] = c.id;
}

/** Every card id in deck order. */
export function deckIds(): string[] {
  const out: string[] = [];
  for (const c of DECK) out.push(c.id);
  return out;
}

export function isCardId(id: string): boolean {
  for (const c of DECK) if (c.id === id) return true;
  return false;
}

export function suitOf(card: string): string {
  return SUIT_OF[card];
}

export function rankOf(card: string): number {
  return RANK_OF[card];
}

/** Deck order (sun 1…21, then moon 1…21): hands are kept sorted by it. */
export function deckOrder(card: string): number {
  return ORDER_OF[card];
}

/** The card of `suit` and `rank`, or "" if the deck has none. */
export function cardOf(suit: string, rank: number): string {
  const id = ID_BY_SUIT_RANK[suit + ":" + rank];
  return id === undefined ? "" : id;
}

/** The bid cards (SE-1) for a player count, in bid-card order. */
export function bidCards(players: number): BidValue[] {
  for (const t of RULES.bids) if (t.players === players) return t.cards;
  return [];
}

/** The deal (SE-4) for a player count. */
export function setupFor(players: number): SetupTable {
  for (const t of RULES.setup) if (t.players === players) return t;
  return { players, handSize: 0, setAside: 0 };
}

export function rounds(): number {
  return RULES.rounds;
}

export function tricksPerRound(): number {
  return RULES.tricksPerRound;
}

export function faceDownLeadSuit(): string {
  return RULES.faceDownLeadSuit;
}

export function bonusCardCount(): number {
  return RULES.bonusCards;
}

export function pointsPerBonusCard(): number {
  return RULES.pointsPerBonusCard;
}

export function minPlayers(): number {
  return RULES.minPlayers;
}

export function maxPlayers(): number {
  return RULES.maxPlayers;
}

/** How the shared trick kit (src/engine/kit/trick.ts) reads this deck. */
export const CARDS: CardReader = {
  suitOf: (card) => suitOf(card),
  rankOf: (card) => rankOf(card),
};
