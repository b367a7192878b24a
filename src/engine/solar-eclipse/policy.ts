/**
 * A greedy Solar Eclipse player for simulations (`syzygy simulate --policy greedy`). It sees
 * only its own view. Bid: the bid card with the best expected points, given the tricks its hand
 * suggests. Play: win each trick as cheaply as possible while short of the bid, lose once the
 * bid is reached, and grab every trick (for its bonus card) once the bid can no longer be met.
 * Deterministic (no randomness), Lua-safe.
 */
import { contains } from "../core/util";
import { cardOf, rankOf, suitOf } from "./cards";
import { comboStrength, highestLeadCard, isEclipse } from "./tricks";
import { HIDDEN_CARD, Phase } from "./types";
import type { Action, View } from "./types";

function otherSuit(suit: string): string {
  return suit === "sun" ? "moon" : "sun";
}

/** The same-rank card of the other suit: together with `card` it makes an eclipse. */
function partnerOf(card: string): string {
  return cardOf(otherSuit(suitOf(card)), rankOf(card));
}

/**
 * Expected tricks in tenths, from hand strength: a same-rank pair is an eclipse waiting to be
 * played (the higher, the surer), and unpaired high cards win plain tricks. The weights are a
 * least-squares fit of tricks taken on these features over simulated greedy games
 * (`npx tsx bench/solar-eclipse-balance.ts --fit`); hands explain only part of the result
 * (R² ≈ 0.2, residual ≈ 1.2 tricks), see docs/balance/solar-eclipse.md.
 */
export function estimateTricksTenths(hand: readonly string[], players: number): number {
  let tenths = players === 2 ? 7 : -5;
  const pairHigh = players === 2 ? 8 : 10;
  for (const c of hand) {
    const r = rankOf(c);
    if (contains(hand, partnerOf(c))) {
      // count each pair once, at its Sun card
      if (suitOf(c) === "sun") tenths += r >= 15 ? pairHigh : r >= 8 ? 6 : 4;
    } else if (r >= 16) {
      tenths += 4;
    } else if (r >= 12) {
      tenths += 2;
    }
  }
  return tenths;
}

/** Integer likelihood weight of taking `tricks` when `tenths`/10 are expected (no exp(): same in Lua). */
function likelihood(tricks: number, tenths: number): number {
  const d = Math.abs(tricks * 10 - tenths);
  return d >= 36 ? 0 : (36 - d) * (36 - d);
}

/** The bid card with the best expected points: its points × how likely its trick count is. */
function chooseBid(view: View, legal: Action[]): Action {
  const expected = estimateTricksTenths(view.hand, view.players);
  let best = legal[0];
  let bestValue = -1;
  for (const a of legal) {
    if (a.type !== "bid") continue;
    let points = 0;
    for (const b of view.bidCards) if (b.tricks === a.tricks) points = b.points;
    const value = points * likelihood(a.tricks, expected);
    if (value > bestValue) {
      best = a;
      bestValue = value;
    }
  }
  return best;
}

/** Orders combinations: any eclipse beats any plain pair; plain pairs by strength, then top lead card. */
function comboPower(leadSuit: string, first: string, second: string): number {
  if (isEclipse(first, second)) return 1000 + rankOf(first);
  return comboStrength(leadSuit, first, second) * 30 + highestLeadCard(leadSuit, first, second);
}

/** The strongest combination some other seat has or is likely to make (known cards, else a guess). */
function rivalPower(view: View): number {
  let best = 0;
  for (let p = 0; p < view.players; p++) {
    if (p === view.seat) continue;
    const first = view.firstCards[p];
    const second = view.secondCards[p];
    let power = 0;
    if (second !== "" && second !== HIDDEN_CARD) {
      power = comboPower(view.leadSuit, first, second);
    } else if (suitOf(first) === view.leadSuit) {
      // Unknown second card: assume an average lead-suit card.
      power = (rankOf(first) + 10) * 30 + rankOf(first);
    }
    if (power > best) best = power;
  }
  return best;
}

/**
 * Win this trick? Yes while short of the bid; no once it is reached — unless the bid can no
 * longer be met (overshot, or too few tricks left), when every trick is worth its bonus card.
 */
function wantsTricks(view: View): boolean {
  const won = view.tricksWon[view.seat];
  const bid = view.bids[view.seat];
  const left = view.tricksPerRound - view.tricksDone;
  if (won > bid || bid - won > left) return true;
  return won < bid;
}

function playCards(legal: Action[]): string[] {
  const out: string[] = [];
  for (const a of legal) if (a.type === "play") out.push(a.card);
  return out;
}

/** The card maximising (or minimising) `score`; ties keep the earliest card. */
function pick(cards: string[], score: (card: string) => number, highest: boolean): string {
  let best = cards[0];
  let bestScore = score(best);
  for (const c of cards) {
    const s = score(c);
    if (highest ? s > bestScore : s < bestScore) {
      best = c;
      bestScore = s;
    }
  }
  return best;
}

function chooseFirstCard(view: View, cards: string[], win: boolean): string {
  const leading = view.leadSuit === "";
  const hand = view.hand;
  if (win) {
    // Prefer a card whose partner is in hand (an eclipse next), then simply the highest.
    return pick(cards, (c) => (contains(hand, partnerOf(c)) ? 100 : 0) + rankOf(c), true);
  }
  if (!leading && suitOf(cards[0]) !== view.leadSuit) {
    // Cannot follow: this card counts 0 anyway, so shed the highest.
    return pick(cards, (c) => rankOf(c), true);
  }
  return pick(cards, (c) => rankOf(c), false);
}

function chooseSecondCard(view: View, cards: string[], win: boolean): string {
  const first = view.firstCards[view.seat];
  const power = (c: string) => comboPower(view.leadSuit, first, c);
  if (win) {
    const rival = rivalPower(view);
    const winners: string[] = [];
    for (const c of cards) if (power(c) > rival) winners.push(c);
    // Win as cheaply as possible; if nothing wins, keep the strong cards for later.
    if (winners.length > 0) return pick(winners, (c) => power(c), false);
    return pick(cards, (c) => rankOf(c), false);
  }
  // Lose: the weakest combination, shedding the highest card among equally weak ones.
  return pick(cards, (c) => power(c) * 100 - rankOf(c), false);
}

/** The greedy policy's action for the seat whose view this is; `legal` must be non-empty. */
export function greedyPolicy(view: View, legal: Action[]): Action {
  if (legal.length === 0) return { type: "play", card: "" };
  if (view.phase === Phase.Bid) return chooseBid(view, legal);
  const cards = playCards(legal);
  if (cards.length === 0) return legal[0];
  const win = wantsTricks(view);
  const card = view.phase === Phase.FirstCards ? chooseFirstCard(view, cards, win) : chooseSecondCard(view, cards, win);
  return { type: "play", card };
}
