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
 * Modules: types (state, actions, events, view, phases), cards (lookups), deal (set-up, config
 * checks, each round's deal and the Edicts' reveal), edicts (Edict effects from the rules.yaml
 * tables), meld (pure meld classification and per-meld value), scoring (round scoring), rules
 * (legal/apply per phase, the round's end), view, policy (greedy bot), table (the TTS adapter),
 * schema (data file schemas). Full prose with rulings: docs/rules/eclipsed.md.
 */
import type { GameDefinition } from "../kit/definition";
import { engineOf } from "../kit/engine";
import type { Game } from "../core/types";
import type { SimHooks } from "../core/sim-types";
import { ECLIPSED_RULES } from "./cards";
import { checkConfig, defaultOptions, setup, startEvents } from "./deal";
import { greedy } from "./policy";
import { active, apply, legal, result } from "./rules";
import { NAME, playerRange, schemas } from "./schema";
import { table } from "./table";
import type { Action, Event, Options, State, View } from "./types";
import { cardsOf, hiddenFrom, view } from "./view";

export * from "./types";

export type Engine = Game<Options, State, Action, Event, View> & SimHooks<State, Action, Event>;

export const eclipsed: Engine = engineOf("eclipsed", playerRange(ECLIPSED_RULES), {
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

/** Eclipsed as one definition (src/engine/kit/definition.ts): engine, table adapter, data schemas. */
export const definition: GameDefinition = {
  id: "eclipsed",
  name: NAME,
  summary: "a meld game with Edicts, for 2–4 players",
  engine: eclipsed,
  table: table,
  schemas: (kit) => schemas(kit),
};
