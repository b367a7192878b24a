/**
 * __NAME__ play: who acts, what is legal and applying an action — `legal` and `apply` switch on
 * `state.phase`. The shared pieces come from src/engine/kit: public bids in turn (bidding.ts),
 * follow suit and the trick's winner (trick.ts), the deal passing on and the winners (rounds.ts).
 */
import type { ApplyResult, GameResult, Seat } from "../core/types";
import { shown } from "../core/serialize";
import { contains, copyOf, isSeat, mod, reject, replaced, without } from "../core/util";
import { allBid, bidChoices, bidProblem, exactBidBonus, placePublicBid } from "../kit/bidding";
import { leaders } from "../kit/rounds";
import { addTrick, followable, followProblem, trickPoints, trickWinner } from "../kit/trick";
import { CARDS } from "./cards";
import { RULES } from "./data.gen";
import { dealEvent, HANDS, nextRound } from "./deal";
import { Phase } from "./types";
import type { Action, Event, State } from "./types";

type Result = ApplyResult<State, Event>;

export function active(state: State): Seat[] {
  return state.phase === Phase.Over ? [] : [state.turn];
}

function leadSuit(state: State): string {
  return state.trick.length > 0 ? CARDS.suitOf(state.trick[0]) : "";
}

export function legal(state: State, seat: Seat): Action[] {
  if (state.phase === Phase.Over || seat !== state.turn) return [];
  const out: Action[] = [];
  if (state.phase === Phase.Bid) {
    for (const n of bidChoices(state.handSize)) out.push({ type: "bid", tricks: n });
    return out;
  }
  for (const card of followable(state.hands[seat], leadSuit(state), CARDS)) out.push({ type: "play", card: card });
  return out;
}

export function apply(state: State, seat: Seat, action: Action): Result {
  if (!isSeat(state.players, seat)) return reject("TPL-seat", "no seat " + seat + " in a " + state.players + "-player game");
  switch (state.phase) {
    case Phase.Bid:
      return applyBid(state, seat, action);
    case Phase.Play:
      return applyPlay(state, seat, action);
    case Phase.Over:
      return reject("TPL-over", "the game is over");
  }
}

/** A copy of `state` to change (states are never changed in place; arrays are replaced, not edited). */
function copyState(s: State): State {
  return {
    players: s.players,
    options: s.options,
    rng: s.rng,
    phase: s.phase,
    round: s.round,
    dealer: s.dealer,
    handSize: s.handSize,
    hands: s.hands,
    stock: s.stock,
    turnUp: s.turnUp,
    trump: s.trump,
    bids: s.bids,
    leader: s.leader,
    turn: s.turn,
    trick: s.trick,
    trickSeats: s.trickSeats,
    won: s.won,
    tricks: s.tricks,
    totals: s.totals,
    winners: s.winners,
  };
}

/** TPL-3: bids in turn, aloud; after the last one the player after the dealer leads (TPL-4). */
function applyBid(state: State, seat: Seat, action: Action): Result {
  // A card dropped while the players bid comes as a bid without a number (the table's dropAction).
  if (action.type !== "bid" || typeof action.tricks !== "number") return reject("TPL-phase", "the players are bidding: bid a number of tricks first");
  if (seat !== state.turn) return reject("TPL-turn", "it is seat " + state.turn + "'s turn to bid");
  const problem = bidProblem(action.tricks, state.handSize, "TPL-3");
  if (problem !== undefined) return reject(problem.rule, shown(action.tricks) + " is no bid: " + problem.message);
  const bidding = placePublicBid({ bids: state.bids, turn: state.turn }, seat, action.tricks);
  const next = copyState(state);
  next.bids = bidding.bids;
  next.turn = bidding.turn;
  if (allBid(bidding.bids)) {
    next.phase = Phase.Play;
    next.turn = state.leader;
  }
  return { ok: true, state: next, events: [{ type: "bid", seat: seat, tricks: action.tricks }] };
}

/** TPL-4 to TPL-6: play a card; a full trick goes to its winner; the last trick scores the round. */
function applyPlay(state: State, seat: Seat, action: Action): Result {
  if (action.type !== "play") return reject("TPL-phase", "every bid is made: play one card");
  if (seat !== state.turn) return reject("TPL-turn", "it is seat " + state.turn + "'s turn");
  const hand = state.hands[seat];
  // The card comes from outside (a replay file, a TTS drop): a value of any type, shown safely.
  if (typeof action.card !== "string" || !contains(hand, action.card)) return reject("TPL-hand", shown(action.card) + " is not in your hand");
  const problem = followProblem(hand, leadSuit(state), action.card, CARDS, "TPL-4");
  if (problem !== undefined) return reject(problem.rule, problem.message);
  const events: Event[] = [{ type: "play", seat: seat, card: action.card }];
  const trick = copyOf(state.trick);
  trick.push(action.card);
  const trickSeats = copyOf(state.trickSeats);
  trickSeats.push(seat);
  const next = copyState(state);
  next.hands = replaced(state.hands, seat, without(hand, action.card));
  next.trick = trick;
  next.trickSeats = trickSeats;
  next.turn = mod(seat + 1, state.players);
  if (trick.length < state.players) return { ok: true, state: next, events: events };
  // TPL-5: the highest trump, else the highest card of the led suit, takes the trick; its winner leads.
  const winner = trickSeats[trickWinner(trick, CARDS, state.trump)];
  events.push({ type: "trick", winner: winner, cards: trick, seats: trickSeats });
  const won = copyOf(state.won[winner]);
  for (const c of trick) won.push(c);
  next.won = replaced(state.won, winner, won);
  next.tricks = addTrick(state.tricks, winner);
  next.trick = [];
  next.trickSeats = [];
  next.leader = winner;
  next.turn = winner;
  if (next.hands[0].length > 0) return { ok: true, state: next, events: events };
  return scoreRound(next, events);
}

/** TPL-6: each trick scores, an exact bid adds its bonus; then the next round, or the winners. */
function scoreRound(state: State, events: Event[]): Result {
  const perTrick = trickPoints(state.tricks, RULES.pointsPerTrick);
  const bonus = exactBidBonus(state.bids, state.tricks, RULES.exactBonus);
  const points: number[] = [];
  const totals: number[] = [];
  for (let s = 0; s < state.players; s++) {
    points.push(perTrick[s] + bonus[s]);
    totals.push(state.totals[s] + points[s]);
  }
  events.push({ type: "round", round: state.round, bids: copyOf(state.bids), tricks: copyOf(state.tricks), points: points, totals: totals });
  if (state.round < HANDS.length) {
    const round = nextRound(state, totals);
    events.push(dealEvent(round));
    return { ok: true, state: round, events: events };
  }
  const winners = leaders(totals);
  events.push({ type: "gameOver", winners: winners, totals: totals });
  const over = copyState(state);
  over.phase = Phase.Over;
  over.turn = -1;
  over.totals = totals;
  over.winners = winners;
  return { ok: true, state: over, events: events };
}

export function result(state: State): GameResult {
  return { over: state.phase === Phase.Over, winners: copyOf(state.winners), scores: copyOf(state.totals) };
}
