/** Lunar Trick set-up and dealing (LT-1): options, config checks, each round's deal, start events. */
import { commitOpen } from "../core/commits";
import { rngFromSeed, shuffle } from "../core/rng";
import type { Rng } from "../core/rng";
import { shown } from "../core/serialize";
import type { GameConfig, Rejection } from "../core/types";
import { contains, emptyLists, filled, notIn } from "../core/util";
import { cardTable, deckFor, setupFor } from "./cards";
import { RULES } from "./data.gen";
import { Phase } from "./types";
import type { Event, Options, State } from "./types";
import { firstDealer } from "../kit/rounds";

const INFO = cardTable();

export function defaultOptions(): Options {
  return { highestAnySuit: RULES.options.highestAnySuit };
}

/** `deckFor`, computed once per player count (shuffle copies it; never changed). */
const DECKS: { [players: string]: string[] } = {};
function deckOf(players: number): string[] {
  const key = "" + players;
  let deck = DECKS[key];
  if (deck === undefined) {
    deck = deckFor(players);
    DECKS[key] = deck;
  }
  return deck;
}

export function dealFrom(players: number, rng: Rng): { hands: string[][]; setAside: string[] } {
  const row = setupFor(players);
  const handSize = row !== undefined ? row.handSize : 0;
  const deck = shuffle(rng, deckOf(players));
  const hands: string[][] = [];
  for (let s = 0; s < players; s++) {
    const hand: string[] = [];
    for (let i = s * handSize; i < (s + 1) * handSize; i++) hand.push(deck[i]);
    hands.push(hand);
  }
  const setAside: string[] = [];
  for (let i = players * handSize; i < deck.length; i++) setAside.push(deck[i]);
  return { hands, setAside };
}

export interface RoundStart {
  players: number;
  options: Options;
  rng: Rng;
  round: number;
  dealer: number;
  hands: string[][];
  setAside: string[];
  totals: number[];
}

/** A freshly dealt round, waiting for the initial face-down cards (LT-2). */
export function startRound(r: RoundStart): State {
  return {
    players: r.players,
    options: r.options,
    rng: r.rng,
    phase: Phase.Commit,
    round: r.round,
    dealer: r.dealer,
    hands: r.hands,
    setAside: r.setAside,
    commits: commitOpen(r.players, ""),
    markers: [],
    trumpSide: "",
    suitOf: filled(RULES.positions, -1),
    leader: -1,
    turn: -1,
    trick: [],
    trickIndex: 0,
    won: emptyLists(r.players),
    tricksWon: filled(r.players, 0),
    totals: r.totals,
    winners: [],
  };
}

export function dealEvent(state: State): Event {
  const handSizes: number[] = [];
  for (const h of state.hands) handSizes.push(h.length);
  return { type: "deal", round: state.round, dealer: state.dealer, handSizes, setAside: state.setAside.length };
}

/** The first deal, as an event (the game's `startEvents`). */
export function startEvents(state: State): Event[] {
  return [dealEvent(state)];
}

/** LT-1 setup. `config` must pass `checkConfig` (replay checks it first). */
export function setup(config: GameConfig<Options>, seed: string): State {
  const rng = rngFromSeed(seed);
  const players = config.players;
  const dealer = firstDealer(config.dealer, players, rng);
  let hands: string[][];
  let setAside: string[];
  if (config.deal.length > 0) {
    hands = [];
    for (const h of config.deal) hands.push(h.slice());
    setAside = config.setAside.length > 0 ? config.setAside.slice() : notIn(deckFor(players), hands);
  } else {
    const dealt = dealFrom(players, rng);
    hands = dealt.hands;
    setAside = dealt.setAside;
  }
  const options: Options = {
    highestAnySuit: config.options !== undefined && config.options.highestAnySuit === true,
  };
  return startRound({ players, options, rng, round: 1, dealer, hands, setAside, totals: filled(players, 0) });
}

/** Validates a replay config before `setup` (rule LT-1 for bad deals, LT-options for options). */
export function checkConfig(config: GameConfig<Options>): Rejection | undefined {
  const row = setupFor(config.players);
  if (row === undefined) return { rule: "LT-1", message: "Lunar Trick is played by 3 or 4 players, not " + shown(config.players) };
  const p = config.players;
  if (config.dealer !== -1 && (Math.floor(config.dealer) !== config.dealer || config.dealer < 0 || config.dealer >= p))
    return { rule: "LT-1", message: "dealer must be a seat 0.." + (p - 1) + ", got " + shown(config.dealer) };
  if (config.deal.length === 0) {
    if (config.setAside.length > 0) return { rule: "LT-1", message: "setAside is only used together with deal" };
    return undefined;
  }
  if (config.deal.length !== p) return { rule: "LT-1", message: "deal must list " + p + " hands, got " + config.deal.length };
  const deck = deckFor(p);
  const seen: { [id: string]: boolean } = {};
  const check = (id: string, where: string): Rejection | undefined => {
    if (INFO[id] === undefined) return { rule: "LT-1", message: where + ": unknown card " + shown(id) };
    if (!contains(deck, id)) return { rule: "LT-1", message: where + ": " + id + " is not used with " + p + " players" };
    if (seen[id] === true) return { rule: "LT-1", message: where + ": " + id + " is dealt twice" };
    seen[id] = true;
    return undefined;
  };
  for (let s = 0; s < p; s++) {
    const hand = config.deal[s];
    if (hand.length !== row.handSize)
      return { rule: "LT-1", message: "deal[" + s + "] must hold " + row.handSize + " cards with " + p + " players, got " + hand.length };
    for (let i = 0; i < hand.length; i++) {
      const bad = check(hand[i], "deal[" + s + "][" + i + "]");
      if (bad !== undefined) return bad;
    }
  }
  if (config.setAside.length > 0) {
    if (config.setAside.length !== row.setAside)
      return { rule: "LT-1", message: "setAside must hold " + row.setAside + " card(s) with " + p + " players, got " + config.setAside.length };
    for (let i = 0; i < config.setAside.length; i++) {
      const bad = check(config.setAside[i], "setAside[" + i + "]");
      if (bad !== undefined) return bad;
    }
  }
  return undefined;
}
