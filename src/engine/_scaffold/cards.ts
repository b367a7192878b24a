/** The deck as the engine reads it: each card's suit and rank (from data.gen.ts). */
import type { CardReader } from "../kit/trick";
import { DECK } from "./data.gen";

const SUIT: { [id: string]: string } = {};
const RANK: { [id: string]: number } = {};
for (const c of DECK) {
  SUIT[c.id] = c.suit;
  RANK[c.id] = c.rank;
}

/** Every card id, in deck.yaml order. */
export const CARD_IDS: string[] = [];
for (const c of DECK) CARD_IDS.push(c.id);

export function isCard(id: string): boolean {
  return SUIT[id] !== undefined;
}

/** How the shared trick kit reads this deck. */
export const CARDS: CardReader = {
  suitOf: (card) => (SUIT[card] !== undefined ? SUIT[card] : ""),
  rankOf: (card) => (RANK[card] !== undefined ? RANK[card] : 0),
};
