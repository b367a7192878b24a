/**
 * The one interface every game engine implements.
 *
 * Engines are pure functions over plain, JSON-serializable state. This code is compiled to
 * Lua by TypeScriptToLua and runs inside Tabletop Simulator (MoonSharp, ~Lua 5.2), so it stays
 * in the Lua-safe subset described in docs/lua-safe.md.
 */

/** A seat index: 0-based, clockwise. */
export type Seat = number;

/** Everything `setup` needs. `deal`/`setAside`/`dealer` replace the first round's random choices. */
export interface GameConfig<Options> {
  players: number;
  options: Options;
  /** Seat of the first dealer; -1 = choose with the seeded generator. */
  dealer: number;
  /** Explicit first-round hands (card ids per seat); empty array = shuffle from the seed. */
  deal: string[][];
  /** Explicit first-round set-aside cards (used only with `deal`). */
  setAside: string[];
}

/** An action names its type; games extend it with their fields (card, tricks, cards, ...). */
export interface BaseAction {
  type: string;
}

/** A reason an action was refused: the rule or ruling id (e.g. "LT-6") and a sentence. */
export interface Rejection {
  rule: string;
  message: string;
}

export interface BaseEvent {
  type: string;
}

/**
 * The event kinds generic code reads, each with the fields it reads (simulate's statistics, the
 * TTS table's pause after a trick). Events are a discriminated union per game: a kind generic code
 * does not read is the game's own, whatever its fields (a `bid` may carry `tricks: number`), and a
 * game that has one of these kinds gives it these fields with these types (`EventsFit`, checked
 * where an engine is made: src/engine/kit/engine.ts `engineOf`). Generic code reads them through
 * ./events.ts (`roundScored`, `trickTaken`).
 */
export interface RoundScoredEvent {
  type: "round";
  /** Tricks taken and points scored this round, per seat. */
  tricks?: number[];
  points?: number[];
}

export interface TrickTakenEvent {
  type: "trick";
  /** The seat that takes the trick. */
  winner: Seat;
}

/** The members of a game's Event union that use a kind generic code reads without its fields. */
export type EventMisfits<E> = E extends { type: "round" }
  ? E extends RoundScoredEvent
    ? never
    : E
  : E extends { type: "trick" }
    ? E extends TrickTakenEvent
      ? never
      : E
    : never;

/** `unknown` when every kind of `E` that generic code reads has its fields; else names the misfits (a type error where it is required). */
export type EventsFit<E> = [EventMisfits<E>] extends [never] ? unknown : { eventKindsThatMisfit: EventMisfits<E> };

/**
 * The view fields generic code reads (the TTS table's hands, trick and won piles), each
 * optional; card ids throughout.
 */
export interface GameView {
  /** The viewing seat's hand. */
  hand?: string[];
  /** The current trick's cards, in play order, with the seat of each. */
  trick?: string[];
  trickSeats?: Seat[];
  /** Each seat's cards won this round. */
  won?: string[][];
}

export type ApplyResult<State, Event> =
  | { ok: true; state: State; events: Event[] }
  | { ok: false; rule: string; message: string };

export interface GameResult {
  /** True once the game has ended. */
  over: boolean;
  /** Winning seats (several = shared victory); empty while the game runs. */
  winners: Seat[];
  /** Current score per seat. */
  scores: number[];
}

export interface Game<Options, State, Action extends BaseAction, Event extends BaseEvent, View> {
  id: string;
  minPlayers: number;
  maxPlayers: number;
  defaultOptions(): Options;
  setup(config: GameConfig<Options>, seed: string): State;
  /** Seats that must act now; several = a simultaneous (hidden) step; empty = game over. */
  active(state: State): Seat[];
  /** Every action `seat` may take now (empty when the seat need not act). */
  legal(state: State, seat: Seat): Action[];
  /** Never throws, never mutates `state`: a new state + events, or a rejection naming the rule. */
  apply(state: State, seat: Seat, action: Action): ApplyResult<State, Event>;
  /** What `seat` may see. Built fresh from visible parts only; secrets are never copied in. */
  view(state: State, seat: Seat): View;
  result(state: State): GameResult;
}
