/**
 * Solar Eclipse — a trick-taking game for 2–3 players in which everyone plays two cards into
 * every trick, and each round starts with a secret bid of how many tricks one will take.
 *
 * 42 cards: Sun 1–21 and Moon 1–21. Each round the dealer deals 14 cards to each player
 * (2 players: the other 14 are set aside unseen and shuffled back next round, SE-4). Everyone
 * picks one of their 6 bid cards face down at the same time (SE-1, SE-2). The dealer leads the
 * first trick (SE-3). A trick: the leader plays a first card, the others follow suit if able
 * (SE-5); then the leader and the others play a second card, following the lead suit if able —
 * or playing the card of the same rank as their own first card, an Eclipse, even when able to
 * follow (SE-6). After a Moon lead the second cards are played face down and flipped together
 * (SE-7). The highest eclipse wins; otherwise the highest sum of ranks, off-suit cards counting
 * 0, ties going to the highest lead-suit card (SE-8). Winning without an eclipse takes a bonus
 * card (SE-9). The winner leads next. After 7 tricks a met bid scores its card's points, and
 * every bonus card scores 1 (SE-10). The deal passes clockwise; after 4 rounds the most points
 * win, then the most bonus cards in the final round, else victory is shared.
 *
 * Every number above is data (data/solar-eclipse/rules.yaml).
 *
 * Modules: types (state, actions, events, view, phases), cards (card facts and rules tables),
 * deal (set-up, config checks, dealing), tricks (following and trick resolution), rules
 * (legal/apply per phase, the automatic steps, scoring), view, policy (greedy bot), table (the
 * TTS adapter), schema (data file schemas). Full prose with rule ids: docs/rules/solar-eclipse.md.
 */
import type { GameDefinition } from "../kit/definition";
import { engineOf } from "../kit/engine";
import type { Game } from "../core/types";
import type { SimHooks } from "../core/sim-types";
import { RULES } from "./data.gen";
import { checkConfig, defaultOptions, setup, startEvents } from "./deal";
import { greedyPolicy } from "./policy";
import { active, apply, legal, result } from "./rules";
import { NAME, playerRange, schemas } from "./schema";
import { table } from "./table";
import { GAME_ID } from "./types";
import type { Action, Event, Options, State, View } from "./types";
import { cardsOf, hiddenFrom, view } from "./view";

export * from "./types";
export { winnersOf } from "./rules";

export type Engine = Game<Options, State, Action, Event, View> & SimHooks<State, Action, Event>;

export const solarEclipse: Engine = engineOf(GAME_ID, playerRange(RULES), {
  defaultOptions,
  setup,
  active,
  legal,
  apply,
  view,
  result,
  greedy: (state, seat, actions) => greedyPolicy(view(state, seat), actions),
  cards: cardsOf,
  hiddenFrom,
  startEvents,
  checkConfig,
});

/** Solar Eclipse as one definition (src/engine/kit/definition.ts): engine, table adapter, data schemas. */
export const definition: GameDefinition = {
  id: "solar-eclipse",
  name: NAME,
  summary: "2-card trick taking with bids, for 2–3 players",
  engine: solarEclipse,
  table: table,
  schemas: (kit) => schemas(kit),
};
