/**
 * Lunar Trick rules (rulebook + RULINGS LT-1…LT-9). In prose:
 *
 * 3 players use 31 cards (no Solar Eclipse), 10 each, 1 set aside unseen; 4 players use all 32,
 * 8 each (LT-1). Each round opens with an initial trick played face down and simultaneously:
 * everyone commits one card, never the Lunar Eclipse; in 4 players the Solar Eclipse's holder
 * must commit it (LT-2). The three numbered cards place the markers on the circle 1…30; each
 * suit is the run strictly between two neighbouring markers, wrapping 30→1, so a round has 3, 2
 * or 1 suits (LT-3). The side (Rising 1–15 / Falling 16–30) with 2+ markers is trump; the Lunar
 * Eclipse is the weakest trump and has no suit (LT-4). The highest trump of the initial trick wins
 * it and leads; in 4 players the Solar Eclipse player keeps that card and leads instead, and the
 * initial winner takes the other three cards (LT-5). Then tricks: follow the led suit section or
 * play the Lunar Eclipse, only if unable anything; a Lunar Eclipse lead asks for a trump (LT-6).
 * Highest trump wins, else the Lunar Eclipse, else the highest card of the led suit (option
 * `highestAnySuit`: of any suit) (LT-7). At round end, eclipse cards held count as extra tricks;
 * exactly 1/3/5 tricks score 2/1/2 points (LT-8). First to 5 points wins, most points breaks a
 * tie, else shared victory; every round re-deals all cards (LT-9).
 *
 * Rejection rule ids besides the rulings: LT-seat (no such seat), LT-over (game over), LT-phase
 * (wrong action type now), LT-turn (not this seat's turn / already committed), LT-hand (card not
 * in hand). See docs/rules/lunar-trick.md.
 */
import { shown } from "../core/serialize";
import { commitComplete, commitOpen, commitSet, commitWaiting } from "../core/commits";
import { rngCopy, rngFromSeed, rngInt, shuffle } from "../core/rng";
import type { Rng } from "../core/rng";
import type { ApplyResult, GameConfig, GameResult, Rejection } from "../core/types";
import { contains, filled, mod, replaced, stableSort, without } from "../core/util";
import { DECK, RULES } from "./data.gen";
import {
  LUNAR_ECLIPSE,
  SOLAR_ECLIPSE,
  cardTable,
  deckFor,
  sectionLabel,
  setupFor,
  suitLists,
  suitsFromMarkers,
  trumpSideOf,
} from "./cards";
import type { LtAction, LtEvent, LtOptions, LtState, TrumpSide } from "./types";

export type LtResult = ApplyResult<LtState, LtEvent>;

// Module-local references for the hot paths of legal/apply (simulate runs millions of them).
const INFO = cardTable();
const LUNAR = LUNAR_ECLIPSE;
const SOLAR = SOLAR_ECLIPSE;

function has(list: readonly string[], id: string): boolean {
  const n = list.length;
  for (let i = 0; i < n; i++) if (list[i] === id) return true;
  return false;
}

export function defaultOptions(): LtOptions {
  return { highestAnySuit: RULES.options.highestAnySuit };
}

// Shared, never-mutated action objects: `legal` allocates no action per card (hot path of simulate).
function actionTable(type: "commit" | "play"): { [id: string]: LtAction } {
  const out: { [id: string]: LtAction } = {};
  for (const c of DECK) out[c.id] = { type, card: c.id };
  return out;
}
const COMMIT_ACTIONS = actionTable("commit");
const PLAY_ACTIONS = actionTable("play");

function reject(rule: string, message: string): { ok: false; rule: string; message: string } {
  return { ok: false, rule, message };
}


function emptyPiles(players: number): string[][] {
  const out: string[][] = [];
  for (let s = 0; s < players; s++) out.push([]);
  return out;
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

function dealFrom(players: number, rng: Rng): { hands: string[][]; setAside: string[] } {
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

interface RoundStart {
  players: number;
  options: LtOptions;
  rng: Rng;
  round: number;
  dealer: number;
  hands: string[][];
  setAside: string[];
  totals: number[];
}

function startRound(r: RoundStart): LtState {
  return {
    players: r.players,
    options: r.options,
    rng: r.rng,
    phase: "commit",
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
    won: emptyPiles(r.players),
    tricksWon: filled(r.players, 0),
    totals: r.totals,
    winners: [],
  };
}

/**
 * A shallow copy with every field listed: callers replace the fields that change and share the
 * rest (never mutated). Faster than object spread in V8 and plain table construction in Lua.
 */
function copyState(s: LtState): LtState {
  return {
    players: s.players,
    options: s.options,
    rng: s.rng,
    phase: s.phase,
    round: s.round,
    dealer: s.dealer,
    hands: s.hands,
    setAside: s.setAside,
    commits: s.commits,
    markers: s.markers,
    trumpSide: s.trumpSide,
    suitOf: s.suitOf,
    leader: s.leader,
    turn: s.turn,
    trick: s.trick,
    trickIndex: s.trickIndex,
    won: s.won,
    tricksWon: s.tricksWon,
    totals: s.totals,
    winners: s.winners,
  };
}

export function dealEvent(state: LtState): LtEvent {
  const handSizes: number[] = [];
  for (const h of state.hands) handSizes.push(h.length);
  return { type: "deal", round: state.round, dealer: state.dealer, handSizes, setAside: state.setAside.length };
}

/** The cards of the deck not in `used` (deck order). */
function remaining(players: number, used: string[][]): string[] {
  const out: string[] = [];
  for (const id of deckFor(players)) {
    let found = false;
    for (const hand of used) if (contains(hand, id)) found = true;
    if (!found) out.push(id);
  }
  return out;
}

/** LT-1 setup. `config` must pass `checkConfig` (replay checks it first). */
export function setup(config: GameConfig<LtOptions>, seed: string): LtState {
  const rng = rngFromSeed(seed);
  const players = config.players;
  const dealer = config.dealer >= 0 ? config.dealer : rngInt(rng, players);
  let hands: string[][];
  let setAside: string[];
  if (config.deal.length > 0) {
    hands = [];
    for (const h of config.deal) hands.push(h.slice());
    setAside = config.setAside.length > 0 ? config.setAside.slice() : remaining(players, hands);
  } else {
    const dealt = dealFrom(players, rng);
    hands = dealt.hands;
    setAside = dealt.setAside;
  }
  const options: LtOptions = {
    highestAnySuit: config.options !== undefined && config.options.highestAnySuit === true,
  };
  return startRound({ players, options, rng, round: 1, dealer, hands, setAside, totals: filled(players, 0) });
}

/** Validates a replay config before `setup` (rule LT-1 for bad deals, LT-options for options). */
export function checkConfig(config: GameConfig<LtOptions>): Rejection | undefined {
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

export function active(state: LtState): number[] {
  if (state.phase === "commit") return commitWaiting(state.commits);
  if (state.phase === "play") return [state.turn];
  return [];
}

/**
 * Per-round card facts for the hot paths (`legal`, `apply`): card id → suit section and → trump.
 * They depend only on the round's `suitOf` array and trump side, which every state of a round
 * shares (never changed in place), so they are rebuilt only when another round's state comes in.
 */
let factsSuitOf: number[] | undefined = undefined;
let factsTrumpSide = "";
let cardSuit: { [id: string]: number } = {};
let cardTrump: { [id: string]: boolean } = {};

function loadFacts(state: LtState): void {
  if (state.suitOf === factsSuitOf && state.trumpSide === factsTrumpSide) return;
  const suits: { [id: string]: number } = {};
  const trumps: { [id: string]: boolean } = {};
  for (const c of DECK) {
    const info = INFO[c.id];
    suits[c.id] = info.number === 0 ? -1 : state.suitOf[info.number - 1];
    trumps[c.id] = info.number > 0 && info.side === state.trumpSide;
  }
  cardSuit = suits;
  cardTrump = trumps;
  factsSuitOf = state.suitOf;
  factsTrumpSide = state.trumpSide;
}

function isTrump(state: LtState, id: string): boolean {
  loadFacts(state);
  return cardTrump[id] === true;
}

function suitOfCard(state: LtState, id: string): number {
  loadFacts(state);
  const suit = cardSuit[id];
  return suit !== undefined ? suit : -1;
}

/** LT-2: why `card` may not be committed by a seat holding `hand` (undefined = allowed). */
function commitProblem(hand: string[], card: string): Rejection | undefined {
  if (has(hand, SOLAR) && card !== SOLAR)
    return { rule: "LT-2", message: "the holder of the Solar Eclipse must commit it to the initial trick" };
  if (card === LUNAR) return { rule: "LT-2", message: "the Lunar Eclipse may not be committed to the initial trick" };
  return undefined;
}

/** What following requires now (LT-6), computed once per hand. */
const ANYTHING = -2;
const A_TRUMP = -1;

/** ANYTHING, A_TRUMP (Lunar Eclipse led, trump in hand) or the led suit section (or the Lunar Eclipse). */
function followNeed(state: LtState, hand: string[]): number {
  if (state.trick.length === 0) return ANYTHING;
  const led = state.trick[0];
  loadFacts(state);
  const n = hand.length;
  if (led === LUNAR) {
    for (let i = 0; i < n; i++) if (cardTrump[hand[i]] === true) return A_TRUMP;
    return ANYTHING;
  }
  const ledSuit = suitOfCard(state, led);
  for (let i = 0; i < n; i++) {
    const id = hand[i];
    if (id === LUNAR) return ledSuit;
    const suit = cardSuit[id];
    if ((suit !== undefined ? suit : -1) === ledSuit) return ledSuit;
  }
  return ANYTHING;
}

function follows(state: LtState, need: number, card: string): boolean {
  if (need === ANYTHING) return true;
  if (need === A_TRUMP) return isTrump(state, card);
  return card === LUNAR || suitOfCard(state, card) === need;
}

export function legal(state: LtState, seat: number): LtAction[] {
  const out: LtAction[] = [];
  if (state.phase === "commit") {
    if (seat < 0 || seat >= state.players || state.commits.done[seat] || !state.commits.expected[seat]) return out;
    const hand = state.hands[seat];
    for (const id of hand) if (commitProblem(hand, id) === undefined) out.push(COMMIT_ACTIONS[id]);
    return out;
  }
  if (state.phase !== "play" || seat !== state.turn) return out;
  const hand = state.hands[seat];
  const n = hand.length;
  const need = followNeed(state, hand);
  // `follows`, unrolled per kind of need (facts loaded by followNeed when a trick is led)
  if (need === ANYTHING) {
    for (let i = 0; i < n; i++) out.push(PLAY_ACTIONS[hand[i]]);
  } else if (need === A_TRUMP) {
    for (let i = 0; i < n; i++) if (cardTrump[hand[i]] === true) out.push(PLAY_ACTIONS[hand[i]]);
  } else {
    for (let i = 0; i < n; i++) {
      const id = hand[i];
      if (id === LUNAR || cardSuit[id] === need) out.push(PLAY_ACTIONS[id]);
    }
  }
  return out;
}

export function apply(state: LtState, seat: number, action: LtAction): LtResult {
  if (typeof seat !== "number" || Math.floor(seat) !== seat || seat < 0 || seat >= state.players)
    return reject("LT-seat", "no seat " + shown(seat) + " in a " + state.players + "-player game (seats are 0-based)");
  if (state.phase === "over") return reject("LT-over", "the game is over");
  // Not `cond ? action.card : undefined`: TSTL compiles that to `cond and action.card or nil`,
  // which turns a `false` card into nil in Lua (and a different message than Node's).
  let type: unknown = undefined;
  let card: unknown = undefined;
  if (action !== undefined && action !== null) {
    type = action.type;
    card = action.card;
  }
  if (state.phase === "commit") {
    if (type !== "commit")
      return reject("LT-phase", "each round opens with the face-down initial trick: expected a commit, got " + shown(type));
    if (state.commits.done[seat]) return reject("LT-turn", "seat " + seat + " has already committed its initial card");
    if (typeof card !== "string" || !has(state.hands[seat], card))
      return reject("LT-hand", "seat " + seat + " does not hold " + shown(card));
    const problem = commitProblem(state.hands[seat], card);
    if (problem !== undefined) return reject(problem.rule, problem.message);
    return applyCommit(state, seat, card);
  }
  if (type !== "play") return reject("LT-phase", "tricks are under way: expected a play, got " + shown(type));
  if (seat !== state.turn) return reject("LT-turn", "it is seat " + state.turn + "'s turn, not seat " + seat + "'s");
  const hand = state.hands[seat];
  if (typeof card !== "string" || !has(hand, card)) return reject("LT-hand", "seat " + seat + " does not hold " + shown(card));
  const need = followNeed(state, hand);
  if (!follows(state, need, card)) {
    if (need === A_TRUMP) return reject("LT-6", "the Lunar Eclipse was led: play a trump (" + state.trumpSide + ") card");
    const section = sectionLabel(state.suitOf, state.markers.length, need);
    return reject(
      "LT-6",
      state.trick[0] + " led the suit " + section + ": follow it or play the Lunar Eclipse while you can (" + card + " is off-suit)",
    );
  }
  return applyPlay(state, seat, card);
}

function applyCommit(state: LtState, seat: number, card: string): LtResult {
  const commits = commitSet(state.commits, seat, card);
  const hands = replaced(state.hands, seat, without(state.hands[seat], card));
  const events: LtEvent[] = [{ type: "commit", round: state.round, seat }];
  const next = copyState(state);
  next.commits = commits;
  next.hands = hands;
  if (!commitComplete(commits)) return { ok: true, state: next, events };
  return reveal(next, events);
}

/** All initial cards are in: place markers, set suits and trump, settle the initial trick (LT-3…LT-5). */
function reveal(state: LtState, events: LtEvent[]): LtResult {
  const cards = state.commits.values;
  const numbers: number[] = [];
  let solarSeat = -1;
  for (let s = 0; s < cards.length; s++) {
    const info = INFO[cards[s]];
    if (info !== undefined && info.number > 0) numbers.push(info.number);
    if (cards[s] === SOLAR) solarSeat = s;
  }
  const markers = stableSort(numbers, (a, b) => a - b);
  const trumpSide: TrumpSide = trumpSideOf(markers);
  const suitOf = suitsFromMarkers(markers);
  let winner = -1;
  let best = 0;
  for (let s = 0; s < cards.length; s++) {
    const info = INFO[cards[s]];
    if (info !== undefined && info.number > best && info.side === trumpSide) {
      winner = s;
      best = info.number;
    }
  }
  const won = emptyPiles(state.players);
  for (let s = 0; s < cards.length; s++) {
    if (s === solarSeat) won[s].push(cards[s]);
    else won[winner].push(cards[s]);
  }
  const leader = solarSeat >= 0 ? solarSeat : winner;
  const side: "rising" | "falling" = trumpSide === "falling" ? "falling" : "rising";
  events.push({
    type: "reveal",
    round: state.round,
    cards: cards.slice(),
    markers,
    trumpSide: side,
    suits: suitLists(suitOf, markers.length),
  });
  events.push({ type: "trick", round: state.round, index: 0, leader: -1, cards: cards.slice(), winner, next: leader });
  const next = copyState(state);
  next.phase = "play";
  next.markers = markers;
  next.trumpSide = trumpSide;
  next.suitOf = suitOf;
  next.leader = leader;
  next.turn = leader;
  next.trick = [];
  next.trickIndex = 1;
  next.won = won;
  next.tricksWon = replaced(state.tricksWon, winner, state.tricksWon[winner] + 1);
  return { ok: true, state: next, events };
}

/** LT-7: position (in play order) of the card that wins `trick`. */
export function trickWinnerIndex(state: LtState, trick: string[]): number {
  let bestTrump = -1;
  let bestTrumpNumber = 0;
  let lunar = -1;
  for (let i = 0; i < trick.length; i++) {
    const info = INFO[trick[i]];
    if (info === undefined) continue;
    if (info.lunar) lunar = i;
    else if (info.number > bestTrumpNumber && info.side === state.trumpSide) {
      bestTrump = i;
      bestTrumpNumber = info.number;
    }
  }
  if (bestTrump >= 0) return bestTrump;
  if (lunar >= 0) return lunar;
  const ledSuit = suitOfCard(state, trick[0]);
  let best = 0;
  let bestNumber = 0;
  for (let i = 0; i < trick.length; i++) {
    const info = INFO[trick[i]];
    if (info === undefined || info.number === 0) continue;
    const counts = state.options.highestAnySuit || suitOfCard(state, trick[i]) === ledSuit;
    if (counts && info.number > bestNumber) {
      best = i;
      bestNumber = info.number;
    }
  }
  return best;
}

function applyPlay(state: LtState, seat: number, card: string): LtResult {
  const hands = replaced(state.hands, seat, without(state.hands[seat], card));
  const trick: string[] = [];
  for (const c of state.trick) trick.push(c);
  trick.push(card);
  const events: LtEvent[] = [{ type: "play", round: state.round, seat, card }];
  if (trick.length < state.players) {
    const next = copyState(state);
    next.hands = hands;
    next.trick = trick;
    next.turn = seat + 1 === state.players ? 0 : seat + 1;
    return { ok: true, state: next, events };
  }
  const winner = (state.leader + trickWinnerIndex(state, trick)) % state.players; // both non-negative
  const bySeat: string[] = filled(state.players, "");
  for (let i = 0; i < trick.length; i++) bySeat[(state.leader + i) % state.players] = trick[i]; // both non-negative
  events.push({
    type: "trick",
    round: state.round,
    index: state.trickIndex,
    leader: state.leader,
    cards: bySeat,
    winner,
    next: winner,
  });
  const pile: string[] = [];
  for (const c of state.won[winner]) pile.push(c);
  for (const c of trick) pile.push(c);
  const next = copyState(state);
  next.hands = hands;
  next.trick = [];
  next.leader = winner;
  next.turn = winner;
  next.trickIndex = state.trickIndex + 1;
  next.won = replaced(state.won, winner, pile);
  next.tricksWon = replaced(state.tricksWon, winner, state.tricksWon[winner] + 1);
  if (hands[seat].length > 0) return { ok: true, state: next, events };
  return scoreRound(next, events);
}

/** LT-8: tricks won plus eclipse cards held. */
export function roundTricks(state: LtState): number[] {
  const out: number[] = [];
  for (let s = 0; s < state.players; s++) {
    let n = state.tricksWon[s];
    for (const c of state.won[s]) if (c === LUNAR || c === SOLAR) n++;
    out.push(n);
  }
  return out;
}

export function pointsFor(tricks: number): number {
  for (const row of RULES.scoring) if (row.tricks === tricks) return row.points;
  return 0;
}

/** LT-8 scoring, then LT-9: game over, or a fresh deal of every card. */
function scoreRound(state: LtState, events: LtEvent[]): LtResult {
  const tricks = roundTricks(state);
  const points: number[] = [];
  const totals: number[] = [];
  let top = 0;
  for (let s = 0; s < state.players; s++) {
    points.push(pointsFor(tricks[s]));
    totals.push(state.totals[s] + points[s]);
    if (totals[s] > top) top = totals[s];
  }
  events.push({ type: "round", round: state.round, tricks, points, totals });
  if (top >= RULES.targetPoints) {
    const winners: number[] = [];
    for (let s = 0; s < state.players; s++) if (totals[s] === top) winners.push(s);
    events.push({ type: "gameOver", winners, totals });
    const over = copyState(state);
    over.phase = "over";
    over.totals = totals;
    over.winners = winners;
    over.turn = -1;
    return { ok: true, state: over, events };
  }
  const rng = rngCopy(state.rng);
  const dealt = dealFrom(state.players, rng);
  const next = startRound({
    players: state.players,
    options: state.options,
    rng,
    round: state.round + 1,
    dealer: mod(state.dealer + 1, state.players),
    hands: dealt.hands,
    setAside: dealt.setAside,
    totals,
  });
  events.push(dealEvent(next));
  return { ok: true, state: next, events };
}

export function result(state: LtState): GameResult {
  return { over: state.phase === "over", winners: state.winners.slice(), scores: state.totals.slice() };
}

/** Every card the state holds (hands, set aside, face-down commits, the trick, won piles). */
export function cardsOf(state: LtState): string[] {
  const out: string[] = [];
  for (const h of state.hands) for (const c of h) out.push(c);
  for (const c of state.setAside) out.push(c);
  if (state.phase === "commit") for (let s = 0; s < state.players; s++) if (state.commits.done[s]) out.push(state.commits.values[s]);
  for (const c of state.trick) out.push(c);
  for (const pile of state.won) for (const c of pile) out.push(c);
  return out;
}

/** Cards `seat` may not see: other hands, the set-aside card, others' face-down commits. */
export function hiddenFrom(state: LtState, seat: number): string[] {
  const out: string[] = [];
  for (let s = 0; s < state.players; s++) if (s !== seat) for (const c of state.hands[s]) out.push(c);
  for (const c of state.setAside) out.push(c);
  if (state.phase === "commit")
    for (let s = 0; s < state.players; s++) if (s !== seat && state.commits.done[s]) out.push(state.commits.values[s]);
  return out;
}
