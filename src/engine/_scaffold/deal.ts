/** __NAME__ set-up and dealing (TPL-1, TPL-2): options, config checks, each round's deal, start events. */
import { rngCopy, rngFromSeed, shuffle } from "../core/rng";
import type { Rng } from "../core/rng";
import { shown } from "../core/serialize";
import type { GameConfig, Rejection } from "../core/types";
import { copyOf, emptyLists, filled, notIn } from "../core/util";
import { openPublicBids } from "../kit/bidding";
import { afterDealer, firstDealer, nextDealer, upAndDown } from "../kit/rounds";
import { CARD_IDS, CARDS, isCard } from "./cards";
import { RULES } from "./data.gen";
import { Phase } from "./types";
import type { Event, Options, State } from "./types";

/** TPL-1: the hand size of each round, 1 up to `maxHand` and down to 1; one round per entry. */
export const HANDS: number[] = upAndDown(RULES.maxHand);

export function defaultOptions(): Options {
  return {};
}

/** What a round's deal leaves: the hands, the turned-up card (TPL-2) and the face-down rest. */
interface Dealt {
  hands: string[][];
  turnUp: string;
  stock: string[];
}

/** The cards the hands leave, in `order`: the first is turned up, the rest stay face down. */
function rest(order: string[], hands: string[][]): { turnUp: string; stock: string[] } {
  const left = notIn(order, hands);
  const stock: string[] = [];
  for (let i = 1; i < left.length; i++) stock.push(left[i]);
  return { turnUp: left.length > 0 ? left[0] : "", stock: stock };
}

/** TPL-1: `handSize` cards to each player from the shuffled deck. */
function dealFrom(players: number, handSize: number, rng: Rng): Dealt {
  const deck = shuffle(rng, CARD_IDS);
  const hands: string[][] = [];
  for (let s = 0; s < players; s++) {
    const hand: string[] = [];
    for (let i = s * handSize; i < (s + 1) * handSize; i++) hand.push(deck[i]);
    hands.push(hand);
  }
  const r = rest(deck, hands);
  return { hands: hands, turnUp: r.turnUp, stock: r.stock };
}

/** A freshly dealt round: bidding opens with the player after the dealer (TPL-3). */
function startRound(s: { players: number; options: Options; rng: Rng; round: number; dealer: number; dealt: Dealt; totals: number[] }): State {
  const first = afterDealer(s.dealer, s.players);
  const bidding = openPublicBids(s.players, first);
  return {
    players: s.players,
    options: s.options,
    rng: s.rng,
    phase: Phase.Bid,
    round: s.round,
    dealer: s.dealer,
    handSize: s.dealt.hands[0].length,
    hands: s.dealt.hands,
    stock: s.dealt.stock,
    turnUp: s.dealt.turnUp,
    trump: s.dealt.turnUp !== "" ? CARDS.suitOf(s.dealt.turnUp) : "",
    bids: bidding.bids,
    leader: first,
    turn: bidding.turn,
    trick: [],
    trickSeats: [],
    won: emptyLists(s.players),
    tricks: filled(s.players, 0),
    totals: s.totals,
    winners: [],
  };
}

/** The next round: the deal passes clockwise (a copy of the generator: states are never changed). */
export function nextRound(state: State, totals: number[]): State {
  const rng = rngCopy(state.rng);
  const dealt = dealFrom(state.players, HANDS[state.round], rng);
  return startRound({ players: state.players, options: state.options, rng: rng, round: state.round + 1, dealer: nextDealer(state.dealer, state.players), dealt: dealt, totals: totals });
}

export function dealEvent(state: State): Event {
  const handSizes: number[] = [];
  for (const h of state.hands) handSizes.push(h.length);
  return { type: "deal", round: state.round, dealer: state.dealer, handSizes: handSizes, turnUp: state.turnUp, trump: state.trump };
}

/** The first deal, as an event (the game's `startEvents`). */
export function startEvents(state: State): Event[] {
  return [dealEvent(state)];
}

/** TPL-1 setup. `config` must pass `checkConfig` (replay checks it first). */
export function setup(config: GameConfig<Options>, seed: string): State {
  const rng = rngFromSeed(seed);
  const players = config.players;
  const dealer = firstDealer(config.dealer, players, rng);
  let dealt: Dealt;
  if (config.deal.length > 0) {
    // An explicit deal: the cards it leaves, in deck order, give the turned-up card.
    const hands: string[][] = [];
    for (const h of config.deal) hands.push(copyOf(h));
    const r = rest(CARD_IDS, hands);
    dealt = { hands: hands, turnUp: r.turnUp, stock: r.stock };
  } else {
    dealt = dealFrom(players, HANDS[0], rng);
  }
  return startRound({ players: players, options: {}, rng: rng, round: 1, dealer: dealer, dealt: dealt, totals: filled(players, 0) });
}

/** Validates a replay config before `setup` (TPL-1). */
export function checkConfig(config: GameConfig<Options>): Rejection | undefined {
  const p = config.players;
  if (!(p >= RULES.players.min && p <= RULES.players.max && Math.floor(p) === p))
    return { rule: "TPL-1", message: "__NAME__ is played by " + RULES.players.min + " to " + RULES.players.max + " players, not " + shown(p) };
  if (config.dealer !== -1 && (Math.floor(config.dealer) !== config.dealer || config.dealer < 0 || config.dealer >= p))
    return { rule: "TPL-1", message: "dealer must be a seat 0.." + (p - 1) + ", got " + shown(config.dealer) };
  if (config.setAside.length > 0) return { rule: "TPL-1", message: "this game sets no cards aside (with a deal, the turned-up card is the first card it leaves, in deck order)" };
  if (config.deal.length === 0) return undefined;
  if (config.deal.length !== p) return { rule: "TPL-1", message: "deal must list " + p + " hands, got " + config.deal.length };
  const seen: { [id: string]: boolean } = {};
  for (let s = 0; s < p; s++) {
    const hand = config.deal[s];
    if (hand.length !== HANDS[0]) return { rule: "TPL-1", message: "deal[" + s + "] must hold " + HANDS[0] + " cards (the first round's hand), got " + hand.length };
    for (let i = 0; i < hand.length; i++) {
      const id = hand[i];
      if (!isCard(id)) return { rule: "TPL-1", message: "deal[" + s + "][" + i + "]: unknown card " + shown(id) };
      if (seen[id] === true) return { rule: "TPL-1", message: "deal[" + s + "][" + i + "]: " + id + " is dealt twice" };
      seen[id] = true;
    }
  }
  return undefined;
}
