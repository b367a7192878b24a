/**
 * __NAME__ — made with `syzygy new __ID__ --engine`: an Oh Hell-shaped trick game with a 52-card
 * deck. The rules (ids as the engine's refusals cite them; numbers from data/__ID__/rules.yaml):
 *   TPL-1 Setup: a dealer at random. Round 1 deals 1 card to each player, each round one more up
 *           to `maxHand`, then one fewer each round down to 1 (1, 2, …, maxHand, …, 2, 1).
 *   TPL-2 After the deal the next card is turned up for all to see: its suit is trump for the
 *           round.
 *   TPL-3 Bidding: from the player after the dealer, clockwise, each player says aloud how many
 *           tricks they will take (0 to the cards in hand).
 *   TPL-4 Play: after the last bid the player after the dealer leads; follow the led suit when
 *           able, otherwise play any card.
 *   TPL-5 The highest trump takes the trick, else the highest card of the led suit (rank 13 high,
 *           1 low); its winner leads the next.
 *   TPL-6 Scoring: each trick scores `pointsPerTrick`; taking exactly the tricks bid adds
 *           `exactBonus`. The deal passes clockwise; after the last round the highest total wins
 *           (equal totals share).
 * Change the rules in rules.ts (and here); the shared pieces are in src/engine/kit/ (trick.ts,
 * bidding.ts, rounds.ts, announce.ts).
 */
import type { GameDefinition } from "../kit/definition";
import { engineOf } from "../kit/engine";
import type { Game } from "../core/types";
import type { SimHooks } from "../core/sim-types";
import { RULES } from "./data.gen";
import { checkConfig, defaultOptions, setup, startEvents } from "./deal";
import { greedy } from "./policy";
import { active, apply, legal, result } from "./rules";
import { NAME, playerRange, schemas } from "./schema";
import { table } from "./table";
import type { Action, Event, Options, State, View } from "./types";
import { cardsOf, hiddenFrom, view } from "./view";

export * from "./types";

export type Engine = Game<Options, State, Action, Event, View> & SimHooks<State, Action, Event>;

export const engine: Engine = engineOf("__ID__", playerRange(RULES), {
  defaultOptions,
  setup,
  active,
  legal,
  apply,
  view,
  result,
  greedy,
  cards: cardsOf,
  hiddenFrom,
  startEvents,
  checkConfig,
});

/** The one object the rest of syzygy knows this game by (src/engine/kit/definition.ts). */
export const definition: GameDefinition = {
  id: "__ID__",
  name: NAME,
  summary: "an Oh Hell-shaped trick game with a 52-card deck: public bids, a turned-up trump, hands 1…N…1",
  engine: engine,
  table: table,
  schemas: (kit) => schemas(kit),
};
