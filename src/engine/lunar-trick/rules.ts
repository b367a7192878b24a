/**
 * Lunar Trick play: who acts, what is legal and applying an action — `legal` and `apply` switch
 * on the phase to one small function per phase (the initial face-down trick LT-2…LT-5, tricks
 * LT-6/LT-7), then scoring and the next deal (LT-8, LT-9). The rules in prose: ./index.ts.
 *
 * Rejection rule ids besides the rulings: LT-seat (no such seat), LT-over (game over), LT-phase
 * (wrong action type now), LT-turn (not this seat's turn / already committed), LT-hand (card not
 * in hand). See docs/rules/lunar-trick.md.
 */
import { addTrick } from "../kit/trick";
import { leaders, nextDealer } from "../kit/rounds";
import { shown } from "../core/serialize";
import { commitComplete, commitSet, commitWaiting } from "../core/commits";
import { rngCopy } from "../core/rng";
import type { ApplyResult, GameResult, Rejection } from "../core/types";
import { contains, emptyLists, filled, isSeat, reject, replaced, stableSort, without } from "../core/util";
import { DECK, RULES } from "./data.gen";
import { LUNAR_ECLIPSE, SOLAR_ECLIPSE, cardTable, sectionLabel, suitLists, suitsFromMarkers, trumpSideOf } from "./cards";
import { dealEvent, dealFrom, startRound } from "./deal";
import { Phase } from "./types";
import type { Action, Event, State, TrumpSide } from "./types";

export type Result = ApplyResult<State, Event>;

// Module-local references for the hot paths of legal/apply (simulate runs millions of them).
const INFO = cardTable();
const LUNAR = LUNAR_ECLIPSE;
const SOLAR = SOLAR_ECLIPSE;

// Shared, never-mutated action objects: `legal` allocates no action per card (hot path of simulate).
function actionTable(type: "commit" | "play"): { [id: string]: Action } {
  const out: { [id: string]: Action } = {};
  for (const c of DECK) out[c.id] = { type, card: c.id };
  return out;
}
const COMMIT_ACTIONS = actionTable("commit");
const PLAY_ACTIONS = actionTable("play");

/**
 * A shallow copy with every field listed: callers replace the fields that change and share the
 * rest (never mutated). Faster than object spread in V8 and plain table construction in Lua.
 */
function copyState(s: State): State {
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

export function active(state: State): number[] {
  switch (state.phase) {
    case Phase.Commit:
      return commitWaiting(state.commits);
    case Phase.Play:
      return [state.turn];
    case Phase.Over:
      return [];
  }
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

function loadFacts(state: State): void {
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

function isTrump(state: State, id: string): boolean {
  loadFacts(state);
  return cardTrump[id] === true;
}

function suitOfCard(state: State, id: string): number {
  loadFacts(state);
  const suit = cardSuit[id];
  return suit !== undefined ? suit : -1;
}

/** LT-2: why `card` may not be committed by a seat holding `hand` (undefined = allowed). */
function commitProblem(hand: string[], card: string): Rejection | undefined {
  if (contains(hand, SOLAR) && card !== SOLAR)
    return { rule: "LT-2", message: "the holder of the Solar Eclipse must commit it to the initial trick" };
  if (card === LUNAR) return { rule: "LT-2", message: "the Lunar Eclipse may not be committed to the initial trick" };
  return undefined;
}

/** What following requires now (LT-6), computed once per hand. */
const ANYTHING = -2;
const A_TRUMP = -1;

/** ANYTHING, A_TRUMP (Lunar Eclipse led, trump in hand) or the led suit section (or the Lunar Eclipse). */
function followNeed(state: State, hand: string[]): number {
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

function follows(state: State, need: number, card: string): boolean {
  if (need === ANYTHING) return true;
  if (need === A_TRUMP) return isTrump(state, card);
  return card === LUNAR || suitOfCard(state, card) === need;
}

// ---------------------------------------------------------------------------------------------
// Legal actions: one function per phase.

export function legal(state: State, seat: number): Action[] {
  switch (state.phase) {
    case Phase.Commit:
      return commitLegal(state, seat);
    case Phase.Play:
      return playLegal(state, seat);
    case Phase.Over:
      return [];
  }
}

/** LT-2: any card of the hand but the Lunar Eclipse; the Solar Eclipse's holder commits it. */
function commitLegal(state: State, seat: number): Action[] {
  const out: Action[] = [];
  if (seat < 0 || seat >= state.players || state.commits.done[seat] || !state.commits.expected[seat]) return out;
  const hand = state.hands[seat];
  for (const id of hand) if (commitProblem(hand, id) === undefined) out.push(COMMIT_ACTIONS[id]);
  return out;
}

/** LT-6: the seat on turn follows the led suit section (or plays the Lunar Eclipse) when able. */
function playLegal(state: State, seat: number): Action[] {
  const out: Action[] = [];
  if (seat !== state.turn) return out;
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

// ---------------------------------------------------------------------------------------------
// Applying an action: one function per phase checks it against the rules, then plays it.

export function apply(state: State, seat: number, action: Action): Result {
  if (!isSeat(state.players, seat))
    return reject("LT-seat", "no seat " + shown(seat) + " in a " + state.players + "-player game (seats are 0-based)");
  switch (state.phase) {
    case Phase.Commit:
      return applyCommit(state, seat, action);
    case Phase.Play:
      return applyPlay(state, seat, action);
    case Phase.Over:
      return reject("LT-over", "the game is over");
  }
}

// Not `cond ? action.card : undefined`: TSTL compiles that to `cond and action.card or nil`,
// which turns a `false` card into nil in Lua (and a different message than Node's).
function typeField(action: Action): unknown {
  if (action === undefined || action === null) return undefined;
  return action.type;
}

function cardField(action: Action): unknown {
  if (action === undefined || action === null) return undefined;
  return action.card;
}

function applyCommit(state: State, seat: number, action: Action): Result {
  const type = typeField(action);
  const card = cardField(action);
  if (type !== "commit")
    return reject("LT-phase", "each round opens with the face-down initial trick: expected a commit, got " + shown(type));
  if (state.commits.done[seat]) return reject("LT-turn", "seat " + seat + " has already committed its initial card");
  if (typeof card !== "string" || !contains(state.hands[seat], card))
    return reject("LT-hand", "seat " + seat + " does not hold " + shown(card));
  const problem = commitProblem(state.hands[seat], card);
  if (problem !== undefined) return reject(problem.rule, problem.message);
  return commitCard(state, seat, card);
}

function applyPlay(state: State, seat: number, action: Action): Result {
  const type = typeField(action);
  const card = cardField(action);
  if (type !== "play") return reject("LT-phase", "tricks are under way: expected a play, got " + shown(type));
  if (seat !== state.turn) return reject("LT-turn", "it is seat " + state.turn + "'s turn, not seat " + seat + "'s");
  const hand = state.hands[seat];
  if (typeof card !== "string" || !contains(hand, card)) return reject("LT-hand", "seat " + seat + " does not hold " + shown(card));
  const need = followNeed(state, hand);
  if (!follows(state, need, card)) {
    if (need === A_TRUMP) return reject("LT-6", "the Lunar Eclipse was led: play a trump (" + state.trumpSide + ") card");
    const section = sectionLabel(state.suitOf, state.markers.length, need);
    return reject(
      "LT-6",
      state.trick[0] + " led the suit " + section + ": follow it or play the Lunar Eclipse while you can (" + card + " is off-suit)",
    );
  }
  return playCard(state, seat, card);
}

function commitCard(state: State, seat: number, card: string): Result {
  const commits = commitSet(state.commits, seat, card);
  const hands = replaced(state.hands, seat, without(state.hands[seat], card));
  const events: Event[] = [{ type: "commit", round: state.round, seat }];
  const next = copyState(state);
  next.commits = commits;
  next.hands = hands;
  if (!commitComplete(commits)) return { ok: true, state: next, events };
  return reveal(next, events);
}

/** All initial cards are in: place markers, set suits and trump, settle the initial trick (LT-3…LT-5). */
function reveal(state: State, events: Event[]): Result {
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
  const won = emptyLists<string>(state.players);
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
  next.phase = Phase.Play;
  next.markers = markers;
  next.trumpSide = trumpSide;
  next.suitOf = suitOf;
  next.leader = leader;
  next.turn = leader;
  next.trick = [];
  next.trickIndex = 1;
  next.won = won;
  next.tricksWon = addTrick(state.tricksWon, winner);
  return { ok: true, state: next, events };
}

/** LT-7: position (in play order) of the card that wins `trick`. */
export function trickWinnerIndex(state: State, trick: string[]): number {
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

function playCard(state: State, seat: number, card: string): Result {
  const hands = replaced(state.hands, seat, without(state.hands[seat], card));
  const trick: string[] = [];
  for (const c of state.trick) trick.push(c);
  trick.push(card);
  const events: Event[] = [{ type: "play", round: state.round, seat, card }];
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
  next.tricksWon = addTrick(state.tricksWon, winner);
  if (hands[seat].length > 0) return { ok: true, state: next, events };
  return scoreRound(next, events);
}

/** LT-8: tricks won plus eclipse cards held. */
export function roundTricks(state: State): number[] {
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
function scoreRound(state: State, events: Event[]): Result {
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
    const winners = leaders(totals);
    events.push({ type: "gameOver", winners, totals });
    const over = copyState(state);
    over.phase = Phase.Over;
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
    dealer: nextDealer(state.dealer, state.players),
    hands: dealt.hands,
    setAside: dealt.setAside,
    totals,
  });
  events.push(dealEvent(next));
  return { ok: true, state: next, events };
}

export function result(state: State): GameResult {
  return { over: state.phase === Phase.Over, winners: state.winners.slice(), scores: state.totals.slice() };
}
