/**
 * Solar Eclipse play: who acts, what is legal, and applying actions — one small function per
 * phase (bids SE-1/SE-2, first cards SE-5, second cards SE-6/SE-7), then the automatic steps
 * (reveal SE-7, trick resolution SE-8/SE-9, scoring and the next deal SE-10/SE-3/SE-4).
 */
import { commitComplete, commitOpen, commitSet, commitWaiting } from "../core/commits";
import type { CommitBox } from "../core/commits";
import { rngCopy } from "../core/rng";
import type { ApplyResult, Rejection } from "../core/types";
import { contains, filled, mod, replaced, without } from "../core/util";
import { RANK_OF, SUIT_OF, bidCards, deckIds, faceDownLeadSuit, pointsPerBonusCard, rounds, suitOf, tricksPerRound } from "./cards";
import { copyList, dealEvent, dealRound, shown, startRound } from "./deal";
import { firstCardProblem, resolveTrick, secondCardProblem } from "./rules";
import { Phase } from "./types";
import type { RoundRecord, SolarEclipseAction, SolarEclipseEvent, SolarEclipseState, TrickRecord } from "./types";

type State = SolarEclipseState;
type Result = ApplyResult<State, SolarEclipseEvent>;

/**
 * A shallow copy: every nested array and record is shared with `s`. The step functions below
 * never write into a shared array — they replace it with a changed copy (`without`, `withAt`,
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

/** A copy of `items` with index `i` set to `value` (copy-on-write for the shared arrays above). */
function withAt<T>(items: readonly T[], i: number, value: T): T[] {
  return replaced(items, i, value);
}

// Shared, never-mutated play actions: `legal` allocates no action per card.
const PLAY_ACTIONS: { [card: string]: SolarEclipseAction } = {};
for (const card of deckIds()) PLAY_ACTIONS[card] = { type: "play", card };

// ---------------------------------------------------------------------------------------------
// Legality: one function per phase says why an action is refused; `legal` lists what passes.

export function isSeat(state: State, seat: number): boolean {
  return typeof seat === "number" && Math.floor(seat) === seat && seat >= 0 && seat < state.players;
}

function bidProblem(state: State, seat: number, action: SolarEclipseAction): Rejection | undefined {
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

function cardProblem(state: State, seat: number, action: SolarEclipseAction): Rejection | undefined {
  if (action.type !== "play") return { rule: "SE-2", message: "bids are chosen once, before the first trick of the round" };
  if (seat !== state.turn) return { rule: "SE-turn", message: `it is seat ${state.turn}'s turn to play, not seat ${seat}'s` };
  const card = action.card;
  const hand = state.hands[seat];
  if (typeof card !== "string" || !contains(hand, card)) {
    return { rule: "SE-hand", message: `seat ${seat} does not hold ${shown(card)}` };
  }
  if (state.phase === Phase.FirstCards) return firstCardProblem(hand, state.leadSuit, card);
  const problem = secondCardProblem(hand, state.leadSuit, state.firstCards[seat], card);
  if (problem !== undefined && state.faceDown) {
    return { rule: problem.rule, message: problem.message + "; a face-down card is checked when committed (SE-7)" };
  }
  return problem;
}

function actionProblem(state: State, seat: number, action: SolarEclipseAction): Rejection | undefined {
  if (state.phase === Phase.GameOver) return { rule: "SE-over", message: "the game is over" };
  if (!isSeat(state, seat)) return { rule: "SE-turn", message: `there is no seat ${shown(seat)} in a ${state.players}-player game` };
  if (action === undefined || action === null || typeof action !== "object" || (action.type !== "bid" && action.type !== "play")) {
    return { rule: "SE-action", message: 'an action is {"type":"bid","tricks":N} or {"type":"play","card":"sun-7"}' };
  }
  switch (state.phase) {
    case Phase.Bid:
      return bidProblem(state, seat, action);
    case Phase.FirstCards:
    case Phase.SecondCards:
      return cardProblem(state, seat, action);
    default:
      return { rule: "SE-turn", message: `no seat acts during ${state.phase}` };
  }
}

export function active(state: State): number[] {
  switch (state.phase) {
    case Phase.Bid:
      return commitWaiting(state.bids);
    case Phase.FirstCards:
    case Phase.SecondCards:
      return [state.turn];
    default:
      return [];
  }
}

/**
 * The cards `seat` (whose turn it is) may play: exactly the cards `cardProblem` accepts (SE-5,
 * SE-6), with "holds the lead suit" worked out once per hand instead of once per card.
 */
function playable(state: State, seat: number): SolarEclipseAction[] {
  const out: SolarEclipseAction[] = [];
  const hand = state.hands[seat];
  const lead = state.leadSuit;
  let holdsLead = false;
  for (let i = 0; i < hand.length; i++) if (SUIT_OF[hand[i]] === lead) holdsLead = true;
  if (state.phase === Phase.FirstCards) {
    for (let i = 0; i < hand.length; i++) {
      const card = hand[i];
      if (lead === "" || !holdsLead || SUIT_OF[card] === lead) out.push(PLAY_ACTIONS[card]);
    }
    return out;
  }
  const firstRank = RANK_OF[state.firstCards[seat]];
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i];
    if (!holdsLead || SUIT_OF[card] === lead || RANK_OF[card] === firstRank) out.push(PLAY_ACTIONS[card]);
  }
  return out;
}

export function legal(state: State, seat: number): SolarEclipseAction[] {
  const out: SolarEclipseAction[] = [];
  if (!isSeat(state, seat)) return out;
  switch (state.phase) {
    case Phase.Bid:
      if (!state.bids.done[seat]) for (const b of bidCards(state.players)) out.push({ type: "bid", tricks: b.tricks });
      return out;
    case Phase.FirstCards:
    case Phase.SecondCards:
      if (seat !== state.turn) return out;
      return playable(state, seat);
    default:
      return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Applying (each step mutates the copy made by `apply`).

function applyBid(s: State, seat: number, tricks: number, events: SolarEclipseEvent[]): void {
  s.bids = commitSet(s.bids, seat, tricks);
  events.push({ type: "bid", seat });
  if (commitComplete(s.bids)) {
    // SE-3: the dealer leads the first trick.
    s.phase = Phase.FirstCards;
    s.leader = s.dealer;
    s.turn = s.dealer;
  }
}

function applyFirstCard(s: State, seat: number, card: string, events: SolarEclipseEvent[]): void {
  s.hands = withAt(s.hands, seat, without(s.hands[seat], card));
  s.firstCards = withAt(s.firstCards, seat, card);
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

function applySecondCard(s: State, seat: number, card: string, events: SolarEclipseEvent[]): void {
  s.hands = withAt(s.hands, seat, without(s.hands[seat], card));
  s.secondCards = commitSet(s.secondCards, seat, card);
  if (s.faceDown) events.push({ type: "commit", seat });
  else events.push({ type: "play", seat, card, second: true });
  s.turn = mod(seat + 1, s.players);
  if (s.turn !== s.leader) return;
  s.turn = -1;
  if (s.faceDown) s.phase = Phase.Reveal;
  else finishTrick(s, events);
}

/** SE-7: flip every face-down second card at once. */
function revealSecondCards(s: State, events: SolarEclipseEvent[]): void {
  events.push({ type: "reveal", cards: copyList(s.secondCards.values) });
  s.faceDown = false;
}

/** SE-8 resolution, SE-9 bonus card; the winner leads next, or the round ends. */
function finishTrick(s: State, events: SolarEclipseEvent[]): void {
  const seconds = s.secondCards.values;
  const outcome = resolveTrick(s.leadSuit, s.leader, s.firstCards, seconds);
  const winner = outcome.winner;
  const eclipse = outcome.eclipses[winner];
  const bonus = !eclipse && s.bonusPile > 0;
  const cards: string[][] = [];
  const pile = copyList(s.piles[winner]);
  for (let p = 0; p < s.players; p++) {
    cards.push([s.firstCards[p], seconds[p]]);
    pile.push(s.firstCards[p]);
    pile.push(seconds[p]);
  }
  s.piles = withAt(s.piles, winner, pile);
  s.tricksWon = withAt(s.tricksWon, winner, s.tricksWon[winner] + 1);
  if (bonus) {
    s.bonus = withAt(s.bonus, winner, s.bonus[winner] + 1);
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
function scoreRound(s: State, events: SolarEclipseEvent[]): void {
  const bids = copyList(s.bids.values);
  const table = bidCards(s.players);
  const points: number[] = [];
  const made: boolean[] = [];
  s.totals = copyList(s.totals);
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
    tricks: copyList(s.tricksWon),
    bonus: copyList(s.bonus),
    made,
    points,
    totals: copyList(s.totals),
  };
  s.history = copyList(s.history);
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
    events.push({ type: "gameOver", winners: copyList(s.winners), totals: copyList(s.totals) });
    return;
  }
  // SE-3: the deal passes clockwise. SE-4/SE-9: every card and bonus card comes back.
  const dealer = mod(s.dealer + 1, s.players);
  s.rng = rngCopy(s.rng);
  startRound(s, s.round + 1, dealer, dealRound(s.rng, s.players, dealer));
  events.push(dealEvent(s));
}

/** Runs the automatic steps (reveal, round end) until someone must act or the game is over. */
function settle(s: State, events: SolarEclipseEvent[]): void {
  while (s.phase === Phase.Reveal || s.phase === Phase.RoundEnd) {
    if (s.phase === Phase.Reveal) {
      revealSecondCards(s, events);
      finishTrick(s, events);
    } else {
      scoreRound(s, events);
    }
  }
}

export function apply(state: State, seat: number, action: SolarEclipseAction): Result {
  const problem = actionProblem(state, seat, action);
  if (problem !== undefined) return { ok: false, rule: problem.rule, message: problem.message };
  const next = copyState(state);
  const events: SolarEclipseEvent[] = [];
  if (action.type === "bid") applyBid(next, seat, action.tricks, events);
  else if (next.phase === Phase.FirstCards) applyFirstCard(next, seat, action.card, events);
  else applySecondCard(next, seat, action.card, events);
  settle(next, events);
  return { ok: true, state: next, events };
}

