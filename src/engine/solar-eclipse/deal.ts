/** Solar Eclipse set-up and dealing (SE-3, SE-4): the first dealer, each round's deal, config checks. */
import { commitOpen } from "../core/commits";
import { openSecretBids } from "../kit/bidding";
import { rngFromSeed, rngNext, shuffle } from "../core/rng";
import type { Rng } from "../core/rng";
import type { GameConfig, Rejection } from "../core/types";
import { shown } from "../core/serialize";
import { contains, copyOf, emptyLists, filled, mod, notIn, stableSort } from "../core/util";
import { bonusCardCount, deckIds, deckOrder, isCardId, maxPlayers, minPlayers, setupFor } from "./cards";
import { Phase } from "./types";
import type { DealEvent, Event, Options, State, TrickRecord } from "./types";
import { firstDealer } from "../kit/rounds";

/** No options: every rule parameter is data. */
export function defaultOptions(): Options {
  return {};
}

export function sortHand(hand: readonly string[]): string[] {
  return stableSort(hand, (a, b) => deckOrder(a) - deckOrder(b));
}

export interface Deal {
  hands: string[][];
  setAside: string[];
}

/** Deck order, once (shuffle copies it). */
const DECK_IDS = deckIds();

/** SE-4: shuffle all 42 cards and deal them one at a time clockwise from the dealer's left. */
export function dealRound(rng: Rng, players: number, dealer: number): Deal {
  const deck = shuffle(rng, DECK_IDS);
  const handSize = setupFor(players).handSize;
  const hands: string[][] = [];
  for (let s = 0; s < players; s++) hands.push([]);
  const dealt = handSize * players;
  for (let i = 0; i < dealt; i++) hands[mod(dealer + 1 + i, players)].push(deck[i]);
  const setAside: string[] = [];
  for (let i = dealt; i < deck.length; i++) setAside.push(deck[i]);
  // Each hand in deck order (as sortHand would sort it; cards are unique): walk the deck once.
  const seatOf: { [id: string]: number } = {};
  for (let s = 0; s < players; s++) for (const id of hands[s]) seatOf[id] = s;
  const sorted: string[][] = [];
  for (let s = 0; s < players; s++) sorted.push([]);
  for (const id of DECK_IDS) {
    const s = seatOf[id];
    if (s !== undefined) sorted[s].push(id);
  }
  return { hands: sorted, setAside };
}

export function emptyTrick(players: number): TrickRecord {
  return {
    trick: 0,
    leader: -1,
    leadSuit: "",
    cards: [],
    strengths: filled(players, 0),
    eclipses: filled(players, false),
    winner: -1,
    eclipse: false,
    bonus: false,
  };
}

/** Puts a freshly dealt round into `s` (mutates the caller's own copy). */
export function startRound(s: State, round: number, dealer: number, deal: Deal): void {
  s.round = round;
  s.dealer = dealer;
  s.hands = deal.hands;
  s.setAside = deal.setAside;
  s.phase = Phase.Bid;
  s.bids = openSecretBids(s.players);
  s.leader = dealer;
  s.turn = -1;
  s.tricksDone = 0;
  s.leadSuit = "";
  s.firstCards = filled(s.players, "");
  s.secondCards = commitOpen(s.players, "");
  s.faceDown = false;
  s.tricksWon = filled(s.players, 0);
  s.bonus = filled(s.players, 0);
  s.bonusPile = bonusCardCount();
  s.piles = emptyLists(s.players);
  // The last trick's cards are back in the deck (some now in other hands): forget them.
  s.lastTrick = emptyTrick(s.players);
}

/**
 * Why a configuration cannot start a game, or undefined. `setup` trusts its config; callers
 * (replay, simulate, TTS) check it first. With an explicit `deal`, `setAside` may be left empty:
 * the cards not dealt are set aside.
 */
export function checkConfig(config: GameConfig<Options>): Rejection | undefined {
  const players = config.players;
  if (typeof players !== "number" || Math.floor(players) !== players || players < minPlayers() || players > maxPlayers()) {
    return { rule: "SE-4", message: `Solar Eclipse is for ${minPlayers()} to ${maxPlayers()} players, not ${shown(players)}` };
  }
  const dealer = config.dealer;
  if (typeof dealer !== "number" || Math.floor(dealer) !== dealer || dealer < -1 || dealer >= players) {
    return { rule: "SE-3", message: `dealer must be a seat 0..${players - 1} (or -1 to draw one from the seed), got ${shown(dealer)}` };
  }
  if (config.deal.length === 0) {
    if (config.setAside.length > 0) return { rule: "SE-4", message: "setAside is only used together with deal" };
    return undefined;
  }
  const setup = setupFor(players);
  if (config.deal.length !== players) {
    return { rule: "SE-4", message: `deal must list ${players} hands, got ${shown(config.deal.length)}` };
  }
  const seen: string[] = [];
  const check = (id: string, where: string): Rejection | undefined => {
    if (typeof id !== "string" || !isCardId(id)) return { rule: "SE-4", message: `${where}: unknown card ${shown(id)}` };
    if (contains(seen, id)) return { rule: "SE-4", message: `${where}: ${id} is dealt twice` };
    seen.push(id);
    return undefined;
  };
  for (let s = 0; s < players; s++) {
    const hand = config.deal[s];
    if (hand.length !== setup.handSize) {
      return { rule: "SE-4", message: `deal[${s}] must hold ${setup.handSize} cards with ${players} players, got ${shown(hand.length)}` };
    }
    for (let i = 0; i < hand.length; i++) {
      const bad = check(hand[i], `deal[${s}][${i}]`);
      if (bad !== undefined) return bad;
    }
  }
  if (config.setAside.length > 0) {
    if (config.setAside.length !== setup.setAside) {
      return { rule: "SE-4", message: `setAside must hold ${setup.setAside} cards with ${players} players, got ${config.setAside.length}` };
    }
    for (let i = 0; i < config.setAside.length; i++) {
      const bad = check(config.setAside[i], `setAside[${i}]`);
      if (bad !== undefined) return bad;
    }
  }
  return undefined;
}

export function setup(config: GameConfig<Options>, seed: string): State {
  const players = config.players;
  const rng = rngFromSeed(seed);
  // Warm-up: right after seeding, seeds that differ only in their last characters ("game#1",
  // "game#2", as simulate uses) give nearly equal first draws; a few draws decorrelate them.
  for (let i = 0; i < 4; i++) rngNext(rng);
  // SE-3: the first dealer comes from the seeded generator unless given.
  const dealer = firstDealer(config.dealer, players, rng);
  let deal: Deal;
  if (config.deal.length > 0) {
    const hands: string[][] = [];
    for (const h of config.deal) hands.push(sortHand(h));
    deal = { hands, setAside: config.setAside.length > 0 ? copyOf(config.setAside) : notIn(deckIds(), config.deal) };
  } else {
    deal = dealRound(rng, players, dealer);
  }
  const state: State = {
    players,
    rng,
    phase: Phase.Bid,
    round: 1,
    dealer,
    leader: dealer,
    turn: -1,
    hands: [],
    setAside: [],
    bids: openSecretBids(players),
    tricksDone: 0,
    leadSuit: "",
    firstCards: [],
    secondCards: commitOpen(players, ""),
    faceDown: false,
    tricksWon: [],
    bonus: [],
    bonusPile: 0,
    piles: [],
    totals: filled(players, 0),
    lastTrick: emptyTrick(players),
    history: [],
    winners: [],
  };
  startRound(state, 1, dealer, deal);
  return state;
}

export function dealEvent(state: State): DealEvent {
  const handSizes: number[] = [];
  for (const h of state.hands) handSizes.push(h.length);
  return { type: "deal", round: state.round, dealer: state.dealer, handSizes, setAside: state.setAside.length };
}


/** The first deal, as an event (the game's `startEvents`). */
export function startEvents(state: State): Event[] {
  return [dealEvent(state)];
}
