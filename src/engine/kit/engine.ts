/**
 * A game's engine object from its parts: the wiring every engine shares (its id and player range,
 * then each hook of `Game` and `SimHooks` as the game's folder implements it), in one place for
 * the shipped engines and the one `syzygy new --engine` writes. Plain engine code: compiles to Lua.
 * In Lua the engine's hooks are called as methods (`game:legal(state, seat)`) while the parts are
 * plain functions (`@noSelf`): each hook here drops the self and calls its part.
 */
import type { BaseAction, BaseEvent, EventsFit, GameConfig, GameResult, Rejection, ApplyResult, Game, Seat } from "../core/types";
import type { Rng } from "../core/rng";
import type { SimHooks } from "../core/sim-types";

/**
 * Every hook of an engine but its id and player range, as the game's modules export them
 * (see `Game` and `SimHooks` for what each does).
 * @noSelf
 */
export interface EngineParts<Options, State, Action extends BaseAction, Event extends BaseEvent, View> {
  defaultOptions(): Options;
  setup(config: GameConfig<Options>, seed: string): State;
  active(state: State): Seat[];
  legal(state: State, seat: Seat): Action[];
  apply(state: State, seat: Seat, action: Action): ApplyResult<State, Event>;
  view(state: State, seat: Seat): View;
  result(state: State): GameResult;
  greedy(state: State, seat: number, legal: Action[], rng: Rng): Action;
  cards(state: State): string[];
  hiddenFrom(state: State, seat: number): string[];
  startEvents(state: State): Event[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  checkConfig(config: GameConfig<any>): Rejection | undefined;
}

/**
 * The engine `id` seating `players.min`–`players.max` (schema.ts `playerRange(rules)`), made of
 * `parts`. Its Event union must give the kinds generic code reads their fields (`EventsFit`).
 */
export function engineOf<Options, State, Action extends BaseAction, Event extends BaseEvent, View>(
  id: string,
  players: { min: number; max: number },
  parts: EngineParts<Options, State, Action, Event, View> & EventsFit<Event>,
): Game<Options, State, Action, Event, View> & SimHooks<State, Action, Event> {
  return {
    id,
    minPlayers: players.min,
    maxPlayers: players.max,
    defaultOptions: () => parts.defaultOptions(),
    setup: (config, seed) => parts.setup(config, seed),
    active: (state) => parts.active(state),
    legal: (state, seat) => parts.legal(state, seat),
    apply: (state, seat, action) => parts.apply(state, seat, action),
    view: (state, seat) => parts.view(state, seat),
    result: (state) => parts.result(state),
    greedy: (state, seat, legal, rng) => parts.greedy(state, seat, legal, rng),
    cards: (state) => parts.cards(state),
    hiddenFrom: (state, seat) => parts.hiddenFrom(state, seat),
    startEvents: (state) => parts.startEvents(state),
    checkConfig: (config) => parts.checkConfig(config),
  };
}
