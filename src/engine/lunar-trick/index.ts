/**
 * Lunar Trick: the game object every host uses (registry, replay/simulate, TTS glue, Lua API).
 * Rules in prose: ./rules.ts header and docs/rules/lunar-trick.md.
 */
import type { Game } from "../core/types";
import type { SimHooks } from "../sim-types";
import { greedy } from "./policy";
import { active, apply, cardsOf, checkConfig, dealEvent, defaultOptions, hiddenFrom, legal, result, setup } from "./rules";
import type { LtAction, LtEvent, LtOptions, LtState, LtView } from "./types";
import { view } from "./view";

export type { LtAction, LtEvent, LtOptions, LtState, LtView } from "./types";

export type LunarTrickGame = Game<LtOptions, LtState, LtAction, LtEvent, LtView> & SimHooks<LtState, LtAction, LtEvent>;

export const lunarTrick: LunarTrickGame = {
  id: "lunar-trick",
  minPlayers: 3,
  maxPlayers: 4,
  defaultOptions: () => defaultOptions(),
  setup: (config, seed) => setup(config, seed),
  active: (state) => active(state),
  legal: (state, seat) => legal(state, seat),
  apply: (state, seat, action) => apply(state, seat, action),
  view: (state, seat) => view(state, seat),
  result: (state) => result(state),
  greedy: (state, seat, actions, rng) => greedy(state, seat, actions, rng),
  cards: (state) => cardsOf(state),
  hiddenFrom: (state, seat) => hiddenFrom(state, seat),
  startEvents: (state) => [dealEvent(state)],
  checkConfig: (config) => checkConfig(config),
};
