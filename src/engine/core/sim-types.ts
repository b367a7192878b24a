/**
 * The simulation contract: what replay, simulate and the shared engine test suite
 * (test/engine-contract.test.ts) need from a game beyond the core `Game` interface.
 *
 * Every engine implements all of them, on its one game object (src/engine/<game>/index.ts):
 *   export type Engine = Game<Options, State, Action, Event, View> & SimHooks<State, Action, Event>;
 *   export const lunarTrick: Engine = { ..., greedy, cards, hiddenFrom, startEvents, checkConfig };
 *
 * Conventions every engine follows (tested by the contract suite):
 * - `view(state, -1)` is the spectator's view: public information only.
 * - Events are public information (safe to broadcast to every seat); hidden cards never
 *   appear in events before they are revealed.
 * - Every action and event is a plain object of strings, integers, booleans and arrays
 *   (no null/undefined inside arrays), so `canonical` prints the same bytes in Node and Lua.
 */
import type { BaseAction, BaseEvent, GameConfig, Rejection } from "./types";
import type { Rng } from "./rng";

export interface SimHooks<State, Action extends BaseAction, Event extends BaseEvent> {
  /**
   * Greedy policy for `simulate --policy greedy`: picks one of `legal` (non-empty) for `seat`.
   * Draw any randomness from `rng` (the policy's own generator; mutate it freely).
   */
  greedy: (state: State, seat: number, legal: Action[], rng: Rng) => Action;
  /**
   * Every card id the state holds, wherever it lies (hands, deck, set aside, commits, the trick
   * on the table, won piles, ...). The multiset must be the same for every state of a game:
   * the contract suite checks that no action creates or destroys a card.
   */
  cards: (state: State) => string[];
  /** Card ids `seat` must not see in its view now (other hands, face-down commits, deck...). */
  hiddenFrom: (state: State, seat: number) => string[];
  /** Events describing the state right after `setup` (e.g. the first deal), before any action. */
  startEvents: (state: State) => Event[];
  /** Checks a replay config (explicit deal, options) before `setup`; a rejection names the problem. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  checkConfig: (config: GameConfig<any>) => Rejection | undefined;
}
