/**
 * Eclipsed — a meld game for 2–4 players on a 52-card deck of four elemental suits
 * (☀ Solar, ⚡ Arc: Light; ◉ Void, ❄ Stasis: Dark), ranks Traveler (1), 2–10, Scout, Sage, Warden.
 *
 * Each round: deal 8; flip a fate Edict; every player commits one non-face card face down as a
 * contributed Edict (EC-2); the Edicts set this round's rules (Solar amplifies, Arc sets a
 * minimum meld size, Void zeroes a meld size, Stasis holds back the lowest cards) and the
 * Light/Dark meter (EC-6). Turns: draw from the deck or the discard pile, declare any melds
 * (sets of equal rank or runs of 3+ consecutive ranks), discard. From one's second turn a player
 * may go out (empty hand, 10+ points or 2+ melds declared): +5, the round ends, the others take
 * deadwood for unmelded cards. Round scoring follows EC-29. First to the target (50) wins (EC-28).
 *
 * Modules: cards (lookups), edicts (Edict effects from the rules.yaml tables), meld (pure meld
 * classification and per-meld value), scoring (round scoring), rules (legal/apply), policy
 * (greedy bot), view. Full prose with rulings: docs/rules/eclipsed.md.
 */
import type { Game, GameConfig, GameResult, Rejection } from "../core/types";
import type { SimHooks } from "../sim-types";
import { ECLIPSED_RULES } from "./cards";
import { greedy } from "./policy";
import { activeSeats, applyAction, checkDeal, legalActions, setupState, startEvents } from "./rules";
import type { EclipsedAction, EclipsedEvent, EclipsedOptions, EclipsedState, EclipsedView } from "./state";
import { Phase } from "./state";
import { cardsOf, hiddenFrom, viewOf } from "./view";

export type { EclipsedAction, EclipsedEvent, EclipsedOptions, EclipsedState, EclipsedView } from "./state";

export type EclipsedGame = Game<EclipsedOptions, EclipsedState, EclipsedAction, EclipsedEvent, EclipsedView> &
  SimHooks<EclipsedState, EclipsedAction, EclipsedEvent>;

function result(state: EclipsedState): GameResult {
  return { over: state.phase === Phase.Over, winners: state.winners.slice(), scores: state.totals.slice() };
}

export const eclipsed: EclipsedGame = {
  id: "eclipsed",
  minPlayers: ECLIPSED_RULES.players.min,
  maxPlayers: ECLIPSED_RULES.players.max,
  defaultOptions: () => ({ format: ECLIPSED_RULES.defaultFormat, series: 1 }),
  setup: (config: GameConfig<EclipsedOptions>, seed: string) => setupState(config, seed),
  active: (state) => activeSeats(state),
  legal: (state, seat) => legalActions(state, seat),
  apply: (state, seat, action) => applyAction(state, seat, action),
  view: (state, seat) => viewOf(state, seat),
  result: (state) => result(state),
  greedy: (state, seat, legal, rng) => greedy(state, seat, legal, rng),
  cards: (state) => cardsOf(state),
  hiddenFrom: (state, seat) => hiddenFrom(state, seat),
  startEvents: (state) => startEvents(state),
  checkConfig: (config: GameConfig<EclipsedOptions>): Rejection | undefined => checkDeal(config),
};
