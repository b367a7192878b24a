/** Eclipsed state, actions, events and views (plain data: serializable, Lua-safe). */
import type { Rng } from "../core/rng";
import type { CommitBox } from "../core/commits";
import type { MeldType } from "./data-types";
import type { EdictCard } from "./edicts";
import type { DeclaredMeld, DeadwoodLine, RoundBonus, ScoredMeld } from "./scoring";

export type FormatId = "standard" | "quick" | "long";

export interface Options {
  /** Match format: standard 50, quick 35, long 75 (EC-28). */
  format: FormatId;
  /** EC-35 series mode: best of this many matches (3 = first to win 2 matches); 1 or absent = one match. */
  series?: number;
}

export enum Phase {
  /** Players commit their contributed Edicts face down (EC-2). */
  Contribute = "contribute",
  /** The turn seat draws from the deck or the discard pile. */
  Draw = "draw",
  /** The turn seat declares melds, then discards (optionally going out). */
  Play = "play",
  Over = "over",
}

export interface State {
  players: number;
  options: Options;
  target: number;
  phase: Phase;
  rng: Rng;
  round: number;
  dealer: number;
  turnSeat: number;
  /** Draw pile, top = index 0. */
  deck: string[];
  /** Discard pile, top = last. */
  discard: string[];
  hands: string[][];
  /** EC-20: cards each seat holds back (still in hand, cannot be melded). */
  heldBack: string[][];
  fate: string;
  /** Contributed Edicts until the reveal ("" = nothing committed). */
  contributions: CommitBox<string>;
  /** Edicts in force after the reveal (fate first, seat −1). Empty while contributing. */
  edicts: EdictCard[];
  meter: number;
  melds: DeclaredMeld[][];
  /** Melds declared this round, all players (declaration order). */
  meldCount: number;
  /** Own turns begun this round, per seat (EC-24). */
  turns: number[];
  /** Card drawn from the discard pile this turn ("" = none; EC-25). */
  takenFromDiscard: string;
  /** First seat to declare a non-burned meld this round (−1 none; EC-22). */
  firstDeclarant: number;
  totals: number[];
  /** Per seat best meld of the previous round (empty in round 1; EC-21). */
  lastRoundBest: number[];
  /** Round points per round (history). */
  history: number[][];
  winners: number[];
  /** EC-35 series mode only: matches won per seat (absent for a single match). */
  matchWins?: number[];
}

export type Action =
  | { type: "edict"; card: string; seat?: number }
  | { type: "draw"; from: "deck" | "discard"; seat?: number }
  | { type: "meld"; cards: string[]; travelerHigh?: boolean; seat?: number }
  | { type: "discard"; card: string; goOut?: boolean; seat?: number }
  | { type: "goOut"; seat?: number };

export interface RoundEvent {
  type: "round";
  round: number;
  points: number[];
  totals: number[];
  melds: ScoredMeld[];
  bonuses: RoundBonus[];
  deadwood: DeadwoodLine[];
  /** Seat that went out; −1 when the draw pile ran out (EC-26). */
  wentOut: number;
  meter: number;
}

export type Event =
  | { type: "roundStart"; round: number; dealer: number; fate: string }
  | { type: "edictCommitted"; seat: number }
  | {
      type: "edictsRevealed";
      edicts: EdictCard[];
      meter: number;
      /** Cards each seat holds back (the cards themselves stay hidden in hand). */
      holdBack: number;
      discard: string;
      firstSeat: number;
    }
  | { type: "draw"; seat: number; from: "deck" | "discard"; card?: string }
  | {
      type: "meld";
      seat: number;
      cards: string[];
      meld: MeldType;
      travelerHigh: boolean;
      base: number;
      /** EC-9: provisional value at declaration. */
      value: number;
      burned: boolean;
      meter: number;
    }
  | { type: "discard"; seat: number; card: string }
  | { type: "goOut"; seat: number }
  | { type: "deckEmpty"; seat: number }
  | RoundEvent
  /** EC-35: a match of a series is won; totals start again from 0 for the next one. */
  | { type: "matchWon"; seat: number; wins: number[]; totals: number[] }
  | { type: "gameOver"; winners: number[]; totals: number[] };

export interface PublicMeld {
  cards: string[];
  type: MeldType;
  travelerHigh: boolean;
  burned: boolean;
  provisional: number;
}

export interface View {
  seat: number;
  players: number;
  phase: Phase;
  round: number;
  dealer: number;
  turnSeat: number;
  target: number;
  hand: string[];
  heldBack: string[];
  handSizes: number[];
  deckSize: number;
  discard: string[];
  fate: string;
  /** Own committed contribution before the reveal ("" = none yet). */
  myContribution: string;
  /** Per seat: committed yet? */
  committed: boolean[];
  edicts: EdictCard[];
  meter: number;
  melds: PublicMeld[][];
  turns: number[];
  takenFromDiscard: string;
  firstDeclarant: number;
  totals: number[];
  history: number[][];
  winners: number[];
}
