/** __NAME__ state, actions, events and views — plain JSON-serializable data. */
import type { Rng } from "../core/rng";

/** The steps of a round: `legal` and `apply` switch on it. */
export enum Phase {
  Bid = "bid",
  Play = "play",
  Over = "over",
}

/** Match options (none yet: add fields here, their defaults in deal.ts `defaultOptions`). */
export interface Options {
  [name: string]: unknown;
}

export interface State {
  players: number;
  options: Options;
  rng: Rng;
  phase: Phase;
  round: number;
  dealer: number;
  /** Cards dealt to each player this round (TPL-1). */
  handSize: number;
  hands: string[][];
  /** The cards not dealt this round, face down (no one sees them). */
  stock: string[];
  /** The turned-up card, face up for all (TPL-2), and its suit: trump this round. */
  turnUp: string;
  trump: string;
  /** Each seat's bid this round (kit/bidding.ts NO_BID until made). */
  bids: number[];
  /** Seat that led the current trick, and the seat to bid or play now (-1 when the game is over). */
  leader: number;
  turn: number;
  /** The current trick: its cards in play order and the seat of each. */
  trick: string[];
  trickSeats: number[];
  /** Cards each seat has won this round, and its tricks. */
  won: string[][];
  tricks: number[];
  totals: number[];
  winners: number[];
}

export interface BidAction {
  type: "bid";
  tricks: number;
}

export interface PlayAction {
  type: "play";
  card: string;
}

export type Action = BidAction | PlayAction;

export type Event =
  | { type: "deal"; round: number; dealer: number; handSizes: number[]; turnUp: string; trump: string }
  | { type: "bid"; seat: number; tricks: number }
  | { type: "play"; seat: number; card: string }
  | { type: "trick"; winner: number; cards: string[]; seats: number[] }
  | { type: "round"; round: number; bids: number[]; tricks: number[]; points: number[]; totals: number[] }
  | { type: "gameOver"; winners: number[]; totals: number[] };

/** What one seat sees (seat -1: a spectator): its own hand, the table, the bids, the scores. */
export interface View {
  seat: number;
  phase: Phase;
  round: number;
  dealer: number;
  handSize: number;
  hand: string[];
  handSizes: number[];
  stockSize: number;
  turnUp: string;
  trump: string;
  bids: number[];
  leader: number;
  turn: number;
  trick: string[];
  trickSeats: number[];
  won: string[][];
  tricks: number[];
  totals: number[];
}
