/**
 * Solar Eclipse play: who acts, what is legal and applying an action — `legal` and `apply` switch
 * on the phase to one small function per phase (bids SE-1/SE-2, first cards SE-5, second cards
 * SE-6/SE-7), then the automatic steps (reveal SE-7, trick resolution SE-8/SE-9, scoring and the
 * next deal SE-10/SE-3/SE-4). The rules in prose: ./index.ts.
 */
import { commitOpen, commitSet } from "../core/commits";
import { rngCopy } from "../core/rng";
import { shown } from "../core/serialize";
import type { ApplyResult, GameResult, Rejection } from "../core/types";
import { contains, copyOf, filled, isSeat, mod, reject, replaced, without } from "../core/util";
import { addTrick, hasSuit } from "../kit/trick";
import { secretBidders, secretBidsDone } from "../kit/bidding";
import { nextDealer } from "../kit/rounds";
import { CARDS, RANK_OF, SUIT_OF, bidCards, deckIds, faceDownLeadSuit, pointsPerBonusCard, rounds, suitOf, tricksPerRound } from "./cards";
import { dealEvent, dealRound, startRound } from "./deal";
import { firstCardProblem, resolveTrick, secondCardProblem } from "./tricks";
import { Phase } from "./types";
import type { Action, BidAction, Event, PlayAction, RoundRecord, State, TrickRecord } from "./types";

type Result = ApplyResult<State, Event>;

/**
 * A shallow copy: every nested array and record is shared with `s`. The step functions below
 * never write into a shared array — they replace it with a changed copy (`without`, `replaced`,
 * `commitSet`, …) — so `apply` leaves its input untouched while copying only what changes
 * (a deep copy per action was most of the engine's time, in Lua above all).
 */
function copyState(s: State): State {
  return {
    players: s.players,
    rng: s.rng,
    phase: s.phase,
    round: s.round,
    dealer: s.dealer,
    leader: s.leader,
    turn: s.turn,
    hands: s.hands,
    setAside: s.setAside,
    bids: s.bids,
    tricksDone: s.tricksDone,
    leadSuit: s.leadSuit,
    firstCards: s.firstCards,
    secondCards: s.secondCards,
    faceDown: s.faceDown,
    tricksWon: s.tricksWon,
    bonus: s.bonus,
    bonusPile: s.bonusPile,
    piles: s.piles,
    totals: s.totals,
    lastTrick: s.lastTrick,
    history: s.history,
    winners: s.winners,
  };
}

// Shared, never-mutated play actions: `legal` allocates no action per card.
const PLAY_ACTIONS: { [card: string]: Action } = {};
for (const card of deckIds()) PLAY_ACTIONS[card] = { type: "play", card };

export function active(state: State): number[] {
  switch (state.phase) {
    case Phase.Bid:
      return secretBidders(state.bids);
    case Phase.FirstCards:
    case Phase.SecondCards:
      return [state.turn];
    case Phase.Reveal:
    case Phase.RoundEnd:
    case Phase.GameOver:
      return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Legal actions: one function per phase (exactly what the `apply` of that phase accepts).

export function legal(state: State, seat: number): Action[] {
  if (!isSeat(state.players, seat)) return [];
  switch (state.phase) {
    case Phase.Bid:
      return bidLegal(state, seat);
    case Phase.FirstCards:
      return firstCardsLegal(state, seat);
    case Phase.SecondCards:
      return secondCardsLegal(state, seat);
    case Phase.Reveal:
    case Phase.RoundEnd:
    case Phase.GameOver:
      return [];
  }
}

/** SE-1/SE-2: any bid card, once per round. */
function bidLegal(state: State, seat: number): Action[] {
  const out: Action[] = [];
  if (!state.bids.done[seat]) for (const b of bidCards(state.players)) out.push({ type: "bid", tricks: b.tricks });
  return out;
}

/** SE-5: the leader plays anything; the others follow the lead suit when able. */
function firstCardsLegal(state: State, seat: number): Action[] {
  const out: Action[] = [];
  if (seat !== state.turn) return out;
  const hand = state.hands[seat];
  const lead = state.leadSuit;
  const holdsLead = hasSuit(hand, lead, CARDS);
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i];
    if (lead === "" || !holdsLead || SUIT_OF[card] === lead) out.push(PLAY_ACTIONS[card]);
  }
  return out;
}

/** SE-6: follow the lead suit when able, or play the card of one's first card's rank (an eclipse). */
function secondCardsLegal(state: State, seat: number): Action[] {
  const out: Action[] = [];
  if (seat !== state.turn) return out;
  const hand = state.hands[seat];
  const lead = state.leadSuit;
  const holdsLead = hasSuit(hand, lead, CARDS);
  const firstRank = RANK_OF[state.firstCards[seat]];
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i];
    if (!holdsLead || SUIT_OF[card] === lead || RANK_OF[card] === firstRank) out.push(PLAY_ACTIONS[card]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Applying an action: one function per phase checks it against the rules, then plays it on a
// shallow copy (each step below mutates that copy) and runs the automatic steps.

export function apply(state: State, seat: number, action: Action): Result {
  switch (state.phase) {
    case Phase.Bid:
      return applyBid(state, seat, action);
    case Phase.FirstCards:
      return applyFirstCards(state, seat, action);
    case Phase.SecondCards:
      return applySecondCards(state, seat, action);
    case Phase.Reveal:
    case Phase.RoundEnd:
      // automatic steps: `apply` never leaves a state resting there
      return refused(actorProblem(state, seat, action), { rule: "SE-turn", message: `no seat acts during ${state.phase}` });
    case Phase.GameOver:
      return reject("SE-over", "the game is over");
  }
}

/** The first rejection given, else the second. */
function refused(first: Rejection | undefined, second: Rejection): Result {
  const r = first !== undefined ? first : second;
  return reject(r.rule, r.message);
}

/** Checks every phase makes first: a real seat and an action of a known shape. */
function actorProblem(state: State, seat: number, action: Action): Rejection | undefined {
  if (!isSeat(state.players, seat)) return { rule: "SE-turn", message: `there is no seat ${shown(seat)} in a ${state.players}-player game` };
  if (action === undefined || action === null || typeof action !== "object" || (action.type !== "bid" && action.type !== "play")) {
    return { rule: "SE-action", message: 'an action is {"type":"bid","tricks":N} or {"type":"play","card":"sun-7"}' };
  }
  return undefined;
}

function bidProblem(state: State, seat: number, action: Action): Rejection | undefined {
  const bad = actorProblem(state, seat, action);
  if (bad !== undefined) return bad;
  if (action.type !== "bid") {
    return { rule: "SE-2", message: "every player chooses a bid card before the first trick; play a card after all have bid" };
  }
  if (state.bids.done[seat]) return { rule: "SE-2", message: `seat ${seat} has already chosen a bid card this round` };
  const tricks = action.tricks;
  for (const b of bidCards(state.players)) if (b.tricks === tricks) return undefined;
  const options: string[] = [];
  for (const b of bidCards(state.players)) options.push(`${b.tricks}`);
  return {
    rule: "SE-1",
    message: `no bid card for ${state.players} players bids ${shown(tricks)} tricks; choose one of ${options.join(", ")}`,
  };
}

/** The checks shared by first and second cards: a play, by the seat on turn, of a card it holds. */
function cardProblem(state: State, seat: number, action: Action): Rejection | undefined {
  const bad = actorProblem(state, seat, action);
  if (bad !== undefined) return bad;
  if (action.type !== "play") return { rule: "SE-2", message: "bids are chosen once, before the first trick of the round" };
  if (seat !== state.turn) return { rule: "SE-turn", message: `it is seat ${state.turn}'s turn to play, not seat ${seat}'s` };
  const card = action.card;
  if (typeof card !== "string" || !contains(state.hands[seat], card)) {
    return { rule: "SE-hand", message: `seat ${seat} does not hold ${shown(card)}` };
  }
  return undefined;
}

function applyBid(state: State, seat: number, action: Action): Result {
  const problem = bidProblem(state, seat, action);
  if (problem !== undefined) return reject(problem.rule, problem.message);
  const next = copyState(state);
  const events: Event[] = [];
  recordBid(next, seat, (action as BidAction).tricks, events);
  return settled(next, events);
}

function applyFirstCards(state: State, seat: number, action: Action): Result {
  const problem = cardProblem(state, seat, action);
  if (problem !== undefined) return reject(problem.rule, problem.message);
  const card = (action as PlayAction).card;
  const follow = firstCardProblem(state.hands[seat], state.leadSuit, card);
  if (follow !== undefined) return reject(follow.rule, follow.message);
  const next = copyState(state);
  const events: Event[] = [];
  playFirstCard(next, seat, card, events);
  return settled(next, events);
}

function applySecondCards(state: State, seat: number, action: Action): Result {
  const problem = cardProblem(state, seat, action);
  if (problem !== undefined) return reject(problem.rule, problem.message);
  const card = (action as PlayAction).card;
  const follow = secondCardProblem(state.hands[seat], state.leadSuit, state.firstCards[seat], card);
  if (follow !== undefined) {
    // SE-7: a face-down card is checked all the same
    if (state.faceDown) return reject(follow.rule, follow.message + "; a face-down card is checked when committed (SE-7)");
    return reject(follow.rule, follow.message);
  }
  const next = copyState(state);
  const events: Event[] = [];
  playSecondCard(next, seat, card, events);
  return settled(next, events);
}

function recordBid(s: State, seat: number, tricks: number, events: Event[]): void {
  s.bids = commitSet(s.bids, seat, tricks);
  events.push({ type: "bid", seat });
  if (secretBidsDone(s.bids)) {
    // SE-3: the dealer leads the first trick.
    s.phase = Phase.FirstCards;
    s.leader = s.dealer;
    s.turn = s.dealer;
  }
}

function playFirstCard(s: State, seat: number, card: string, events: Event[]): void {
  s.hands = replaced(s.hands, seat, without(s.hands[seat], card));
  s.firstCards = replaced(s.firstCards, seat, card);
  if (seat === s.leader) s.leadSuit = suitOf(card);
  events.push({ type: "play", seat, card, second: false });
  s.turn = mod(seat + 1, s.players);
  if (s.turn === s.leader) {
    // SE-6: second cards start again with the leader; SE-7: face down after a Moon lead.
    s.phase = Phase.SecondCards;
    s.faceDown = s.leadSuit === faceDownLeadSuit();
    s.secondCards = commitOpen(s.players, "");
  }
}

function playSecondCard(s: State, seat: number, card: string, events: Event[]): void {
  s.hands = replaced(s.hands, seat, without(s.hands[seat], card));
  s.secondCards = commitSet(s.secondCards, seat, card);
  if (s.faceDown) events.push({ type: "commit", seat });
  else events.push({ type: "play", seat, card, second: true });
  s.turn = mod(seat + 1, s.players);
  if (s.turn !== s.leader) return;
  s.turn = -1;
  if (s.faceDown) s.phase = Phase.Reveal;
  else finishTrick(s, events);
}

// ---------------------------------------------------------------------------------------------
// The automatic steps.

/** SE-7: flip every face-down second card at once. */
function revealSecondCards(s: State, events: Event[]): void {
  events.push({ type: "reveal", cards: copyOf(s.secondCards.values) });
  s.faceDown = false;
}

/** SE-8 resolution, SE-9 bonus card; the winner leads next, or the round ends. */
function finishTrick(s: State, events: Event[]): void {
  const seconds = s.secondCards.values;
  const outcome = resolveTrick(s.leadSuit, s.leader, s.firstCards, seconds);
  const winner = outcome.winner;
  const eclipse = outcome.eclipses[winner];
  const bonus = !eclipse && s.bonusPile > 0;
  const cards: string[][] = [];
  const pile = copyOf(s.piles[winner]);
  for (let p = 0; p < s.players; p++) {
    cards.push([s.firstCards[p], seconds[p]]);
    pile.push(s.firstCards[p]);
    pile.push(seconds[p]);
  }
  s.piles = replaced(s.piles, winner, pile);
  s.tricksWon = addTrick(s.tricksWon, winner);
  if (bonus) {
    s.bonus = replaced(s.bonus, winner, s.bonus[winner] + 1);
    s.bonusPile -= 1;
  }
  s.tricksDone += 1;
  const record: TrickRecord = {
    trick: s.tricksDone,
    leader: s.leader,
    leadSuit: s.leadSuit,
    cards,
    strengths: outcome.strengths,
    eclipses: outcome.eclipses,
    winner,
    eclipse,
    bonus,
  };
  s.lastTrick = record;
  events.push({
    type: "trick",
    trick: record.trick,
    leader: record.leader,
    leadSuit: record.leadSuit,
    cards: record.cards,
    strengths: record.strengths,
    eclipses: record.eclipses,
    winner,
    eclipse,
    bonus,
  });
  s.leadSuit = "";
  s.firstCards = filled(s.players, "");
  s.secondCards = commitOpen(s.players, "");
  s.faceDown = false;
  s.leader = winner;
  if (s.tricksDone >= tricksPerRound()) {
    s.phase = Phase.RoundEnd;
    s.turn = -1;
  } else {
    s.phase = Phase.FirstCards;
    s.turn = winner;
  }
}

/** SE-10: most points; tie → most bonus cards in the final round; still tied → shared. */
export function winnersOf(totals: number[], finalBonus: number[]): number[] {
  let best = -1;
  for (const t of totals) if (t > best) best = t;
  let mostBonus = -1;
  for (let p = 0; p < totals.length; p++) if (totals[p] === best && finalBonus[p] > mostBonus) mostBonus = finalBonus[p];
  const out: number[] = [];
  for (let p = 0; p < totals.length; p++) if (totals[p] === best && finalBonus[p] === mostBonus) out.push(p);
  return out;
}

/** SE-10 scoring, then the next deal (SE-3, SE-4) or the end of the game. */
function scoreRound(s: State, events: Event[]): void {
  const bids = copyOf(s.bids.values);
  const table = bidCards(s.players);
  const points: number[] = [];
  const made: boolean[] = [];
  s.totals = copyOf(s.totals);
  for (let p = 0; p < s.players; p++) {
    let bidPoints = 0;
    for (const b of table) if (b.tricks === bids[p]) bidPoints = b.points;
    const hit = s.tricksWon[p] === bids[p];
    made.push(hit);
    const gained = (hit ? bidPoints : 0) + s.bonus[p] * pointsPerBonusCard();
    points.push(gained);
    s.totals[p] += gained;
  }
  const record: RoundRecord = {
    round: s.round,
    dealer: s.dealer,
    bids,
    tricks: copyOf(s.tricksWon),
    bonus: copyOf(s.bonus),
    made,
    points,
    totals: copyOf(s.totals),
  };
  s.history = copyOf(s.history);
  s.history.push(record);
  events.push({
    type: "round",
    round: record.round,
    dealer: record.dealer,
    bids: record.bids,
    tricks: record.tricks,
    bonus: record.bonus,
    made: record.made,
    points: record.points,
    totals: record.totals,
  });
  if (s.round >= rounds()) {
    s.phase = Phase.GameOver;
    s.turn = -1;
    s.winners = winnersOf(s.totals, s.bonus);
    events.push({ type: "gameOver", winners: copyOf(s.winners), totals: copyOf(s.totals) });
    return;
  }
  // SE-3: the deal passes clockwise. SE-4/SE-9: every card and bonus card comes back.
  const dealer = nextDealer(s.dealer, s.players);
  s.rng = rngCopy(s.rng);
  startRound(s, s.round + 1, dealer, dealRound(s.rng, s.players, dealer));
  events.push(dealEvent(s));
}

/** Runs the automatic steps (reveal, round end) until someone must act or the game is over. */
function settle(s: State, events: Event[]): void {
  while (s.phase === Phase.Reveal || s.phase === Phase.RoundEnd) {
    if (s.phase === Phase.Reveal) {
      revealSecondCards(s, events);
      finishTrick(s, events);
    } else {
      scoreRound(s, events);
    }
  }
}

/** `s` after the automatic steps, as `apply`'s answer. */
function settled(s: State, events: Event[]): Result {
  settle(s, events);
  return { ok: true, state: s, events };
}

export function result(state: State): GameResult {
  const over = state.phase === Phase.GameOver;
  return { over, winners: over ? copyOf(state.winners) : [], scores: copyOf(state.totals) };
}
