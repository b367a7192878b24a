/** State, actions, events and view of the Solar Eclipse engine (plain JSON-serializable data). */
import type { CommitBox } from "../core/commits";
import type { Rng } from "../core/rng";
import type { BidValue } from "./data-types";

/**
 * Where the round stands. `Reveal` and `RoundEnd` are automatic steps: `apply` passes through
 * them (revealing face-down second cards, scoring a round) and never leaves a state resting there.
 */
export enum Phase {
  /** SE-2: every seat picks a bid card face down, simultaneously. */
  Bid = "bid",
  /** SE-5: leader, then clockwise, plays a first card face up. */
  FirstCards = "firstCards",
  /** SE-6/SE-7: leader, then clockwise, plays a second card (face down after a Moon lead). */
  SecondCards = "secondCards",
  /** SE-7: all face-down second cards are flipped together. */
  Reveal = "reveal",
  /** SE-10: bids are revealed and the round is scored. */
  RoundEnd = "roundEnd",
  GameOver = "gameOver",
}

export type Options = Record<string, never>;

/** A resolved trick (SE-8, SE-9): also the payload of the `trick` event. */
export interface TrickRecord {
  /** 1-based trick number within the round; 0 = no trick played yet. */
  trick: number;
  leader: number;
  leadSuit: string;
  /** Per seat: [first card, second card]. */
  cards: string[][];
  /** Per seat: the eclipse's rank if the seat played an eclipse, else its total strength. */
  strengths: number[];
  /** Per seat: did the seat play an eclipse? */
  eclipses: boolean[];
  /** -1 = no trick played yet. */
  winner: number;
  /** Did the winner win with an eclipse? */
  eclipse: boolean;
  /** Did the winner take a bonus card (won without an eclipse while the pile had one)? */
  bonus: boolean;
}

/** A scored round (SE-10): also the payload of the `round` event. */
export interface RoundRecord {
  round: number;
  dealer: number;
  bids: number[];
  tricks: number[];
  /** Bonus cards taken this round. */
  bonus: number[];
  /** Did the seat take exactly its bid? */
  made: boolean[];
  points: number[];
  totals: number[];
}

export interface State {
  players: number;
  rng: Rng;
  phase: Phase;
  /** 1-based. */
  round: number;
  dealer: number;
  /** Leader of the current trick. */
  leader: number;
  /** Seat to play a card; -1 outside the card phases. */
  turn: number;
  /** Per seat, sorted in deck order. */
  hands: string[][];
  /** SE-4: 2 players only; unseen, shuffled back next round. */
  setAside: string[];
  /** SE-2: hidden bids (tricks; -1 = none yet). */
  bids: CommitBox<number>;
  /** Tricks completed this round. */
  tricksDone: number;
  /** Suit of the leader's first card; "" before the lead. */
  leadSuit: string;
  /** Per seat; "" = not played yet. */
  firstCards: string[];
  /** Per seat; "" = not played yet. Face down (hidden in views) while `faceDown`. */
  secondCards: CommitBox<string>;
  /** SE-7: this trick's second cards are face down. */
  faceDown: boolean;
  tricksWon: number[];
  /** Bonus cards taken this round (SE-9). */
  bonus: number[];
  /** Bonus cards left in the pile this round. */
  bonusPile: number;
  /** Cards of the tricks each seat won this round (face down). */
  piles: string[][];
  totals: number[];
  lastTrick: TrickRecord;
  history: RoundRecord[];
  /** Set when the game is over. */
  winners: number[];
}

export interface BidAction {
  type: "bid";
  /** Tricks shown on the chosen bid card (SE-1). */
  tricks: number;
}

export interface PlayAction {
  type: "play";
  /** Card id, e.g. "sun-7". First and second cards alike: the engine knows which is due. */
  card: string;
}

export type Action = BidAction | PlayAction;

/** A seat committed a bid (its value stays hidden until the `round` event). */
export interface BidEvent {
  type: "bid";
  seat: number;
}

/** A card played face up. */
export interface PlayEvent {
  type: "play";
  seat: number;
  card: string;
  /** True for a second card. */
  second: boolean;
}

/** A second card committed face down after a Moon lead (SE-7); the card stays hidden. */
export interface CommitEvent {
  type: "commit";
  seat: number;
}

/** SE-7: face-down second cards flipped together; per seat. */
export interface RevealEvent {
  type: "reveal";
  cards: string[];
}

export interface TrickEvent extends TrickRecord {
  type: "trick";
}

export interface RoundEvent extends RoundRecord {
  type: "round";
}

/** A round was dealt (round 1: the game's start event; later rounds: after scoring). Hands stay secret. */
export interface DealEvent {
  type: "deal";
  round: number;
  dealer: number;
  handSizes: number[];
  /** Number of cards set aside unseen (SE-4). */
  setAside: number;
}

export interface GameOverEvent {
  type: "gameOver";
  winners: number[];
  totals: number[];
}

export type Event =
  | BidEvent
  | PlayEvent
  | CommitEvent
  | RevealEvent
  | TrickEvent
  | RoundEvent
  | DealEvent
  | GameOverEvent;

export const GAME_ID = "solar-eclipse";

/** Marks another seat's face-down second card in a view. */
export const HIDDEN_CARD = "hidden";

/** What one seat may see. */
export interface View {
  game: string;
  seat: number;
  players: number;
  phase: Phase;
  round: number;
  rounds: number;
  dealer: number;
  leader: number;
  turn: number;
  /** Seats that must act now. */
  active: number[];
  /** This seat's hand (deck order). */
  hand: string[];
  handSizes: number[];
  setAsideCount: number;
  /** The bid cards everyone chooses from (SE-1). */
  bidCards: BidValue[];
  /** This seat's bid; -1 for every other seat (hidden until scoring) and for no bid yet. */
  bids: number[];
  bidChosen: boolean[];
  tricksPerRound: number;
  tricksDone: number;
  leadSuit: string;
  faceDown: boolean;
  firstCards: string[];
  /** "" = not played; HIDDEN_CARD = another seat's face-down card before the reveal. */
  secondCards: string[];
  tricksWon: number[];
  bonus: number[];
  bonusPile: number;
  totals: number[];
  lastTrick: TrickRecord;
  history: RoundRecord[];
  winners: number[];
}
