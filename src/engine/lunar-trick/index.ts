/**
 * Lunar Trick — trick taking for 3–4 players; each round's suits are set by markers placed on
 * a moon phase sheet (rulebook + RULINGS LT-1…LT-9). In prose:
 *
 * 3 players use 31 cards (no Solar Eclipse), 10 each, 1 set aside unseen; 4 players use all 32,
 * 8 each (LT-1). Each round opens with an initial trick played face down and simultaneously:
 * everyone commits one card, never the Lunar Eclipse; in 4 players the Solar Eclipse's holder
 * must commit it (LT-2). The three numbered cards place the markers on the circle 1…30; each
 * suit is the run strictly between two neighbouring markers, wrapping 30→1, so a round has 3, 2
 * or 1 suits (LT-3). The side (Rising 1–15 / Falling 16–30) with 2+ markers is trump; the Lunar
 * Eclipse is the weakest trump and has no suit (LT-4). The highest trump of the initial trick wins
 * it and leads; in 4 players the Solar Eclipse player keeps that card and leads instead, and the
 * initial winner takes the other three cards (LT-5). Then tricks: follow the led suit section or
 * play the Lunar Eclipse, only if unable anything; a Lunar Eclipse lead asks for a trump (LT-6).
 * Highest trump wins, else the Lunar Eclipse, else the highest card of the led suit (option
 * `highestAnySuit`: of any suit) (LT-7). At round end, eclipse cards held count as extra tricks;
 * exactly 1/3/5 tricks score 2/1/2 points (LT-8). First to 5 points wins, most points breaks a
 * tie, else shared victory; every round re-deals all cards (LT-9).
 *
 * Modules: types (state, actions, events, view, phases), cards (card facts, the moon phase
 * sheet), deal (set-up, config checks, dealing), rules (legal/apply per phase, scoring), view,
 * policy (greedy bot), table (the TTS adapter), schema (data file schemas).
 * Full prose with rule ids: docs/rules/lunar-trick.md.
 */
import type { GameDefinition } from "../kit/definition";
import { engineOf } from "../kit/engine";
import type { Game } from "../core/types";
import { RULES } from "./data.gen";
import type { SimHooks } from "../core/sim-types";
import { checkConfig, defaultOptions, setup, startEvents } from "./deal";
import { greedy } from "./policy";
import { active, apply, legal, result } from "./rules";
import { NAME, playerRange, schemas } from "./schema";
import { table } from "./table";
import type { Action, Event, Options, State, View } from "./types";
import { cardsOf, hiddenFrom, view } from "./view";

export * from "./types";

export type Engine = Game<Options, State, Action, Event, View> & SimHooks<State, Action, Event>;

export const lunarTrick: Engine = engineOf("lunar-trick", playerRange(RULES), {
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

/** Lunar Trick as one definition (src/engine/kit/definition.ts): engine, table adapter, data schemas. */
export const definition: GameDefinition = {
  id: "lunar-trick",
  name: NAME,
  summary: "trick taking for 3–4 players, suits set by markers on a moon phase sheet",
  engine: lunarTrick,
  table: table,
  schemas: (kit) => schemas(kit),
};
