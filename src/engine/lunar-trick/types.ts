/** Lunar Trick state, actions, events and views — plain JSON-serializable data. */
import type { CommitBox } from "../core/commits";
import type { Rng } from "../core/rng";

export interface Options {
  /** LT-7: the literal reading (highest number of any card wins a trick without trumps). */
  highestAnySuit: boolean;
}

export enum Phase {
  /** LT-2: everyone picks the initial card face down, simultaneously. */
  Commit = "commit",
  /** LT-6: tricks, the leader first, then clockwise. */
  Play = "play",
  /** LT-9: someone reached the target. */
  Over = "over",
}

/** Trump side of the round; "" before the markers are placed. */
export type TrumpSide = "rising" | "falling" | "";

export interface State {
  players: number;
  options: Options;
  /** The game's own generator: later rounds shuffle from it (never Math.random). */
  rng: Rng;
  phase: Phase;
  /** 1-based round number. */
  round: number;
  /** Dealer of this round (cosmetic in Lunar Trick; passes clockwise). */
  dealer: number;
  hands: string[][];
  /** Cards set aside face down for this round (3 players: 1; LT-1). */
  setAside: string[];
  /** Initial face-down cards (LT-2); "" = not committed. */
  commits: CommitBox<string>;
  /** The three marker numbers, ascending (empty before the reveal). */
  markers: number[];
  trumpSide: TrumpSide;
  /** Suit section per number: suitOf[n - 1] = 0..2, -1 for a marker position (LT-3). */
  suitOf: number[];
  /** Seat that leads the current trick. */
  leader: number;
  /** Seat to play next (phase Play). */
  turn: number;
  /** Cards of the current trick in play order, starting with the leader. */
  trick: string[];
  /** 1-based index of the current trick within the round (the initial trick is 0). */
  trickIndex: number;
  /** Cards each seat has collected this round (won tricks, the Solar Eclipse). */
  won: string[][];
  /** Tricks won this round per seat, not counting eclipse cards (the initial trick counts). */
  tricksWon: number[];
  /** Match points per seat. */
  totals: number[];
  /** Winning seats once the game is over. */
  winners: number[];
}

export interface Action {
  type: "commit" | "play";
  card: string;
}

/** The events a Lunar Trick game emits, in order. All public: safe to show every seat. */
export type Event =
  | { type: "deal"; round: number; dealer: number; handSizes: number[]; setAside: number }
  | { type: "commit"; round: number; seat: number }
  | {
      type: "reveal";
      round: number;
      /** Committed card per seat. */
      cards: string[];
      /** Marker numbers, ascending. */
      markers: number[];
      trumpSide: "rising" | "falling";
      /** The numbers of each suit section in clockwise order (empty sections omitted). */
      suits: number[][];
    }
  | { type: "play"; round: number; seat: number; card: string }
  | {
      type: "trick";
      round: number;
      /** 0 = the initial trick; 1.. = the tricks of the round. */
      index: number;
      /** Leading seat; -1 for the initial trick (played simultaneously). */
      leader: number;
      /** Card per seat (index = seat). */
      cards: string[];
      /** Seat that takes the trick (initial trick: the highest trump, LT-5). */
      winner: number;
      /** Seat that leads next (4 players' initial trick: the Solar Eclipse player, LT-5). */
      next: number;
    }
  | {
      type: "round";
      round: number;
      /** Tricks per seat, eclipse cards included (LT-8). */
      tricks: number[];
      points: number[];
      totals: number[];
    }
  | { type: "gameOver"; winners: number[]; totals: number[] };

/** What one seat (or a spectator, seat -1) may see. */
export interface View {
  seat: number;
  players: number;
  options: Options;
  phase: Phase;
  round: number;
  dealer: number;
  /** The viewer's own hand (empty for a spectator). */
  hand: string[];
  handSizes: number[];
  setAsideCount: number;
  /** Per seat: has it committed its initial card? */
  committed: boolean[];
  /** Per seat: the committed card if visible to the viewer ("" = hidden or none). */
  commits: string[];
  markers: number[];
  trumpSide: TrumpSide;
  suitOf: number[];
  leader: number;
  turn: number;
  /** The current trick: seats and cards in play order. */
  trickSeats: number[];
  trick: string[];
  trickIndex: number;
  won: string[][];
  /** Tricks per seat so far, eclipse cards included. */
  tricks: number[];
  totals: number[];
  winners: number[];
  /** The viewer's legal actions now. */
  legal: Action[];
}
