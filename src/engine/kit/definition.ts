/**
 * One game's code, as one object: its rules engine, its Tabletop Simulator adapter (buttons,
 * match options, pacing, where pieces lie), the schemas of its data files and its display names.
 * Each game's folder (src/engine/<game>/) exports one; `GAMES` (src/games/list.ts) lists them, and every
 * registry — engines, the model's schemas, the TTS script and save, the CLI — reads that list.
 * Plain code: it compiles to Lua with the engine (the schemas are a function the model calls
 * with zod; see ./schema-kit.ts).
 */
import type { BaseAction, BaseEvent, Game, GameView } from "../core/types";
import type { SimHooks } from "../core/sim-types";
import type { TableRules } from "../../table/adapter";
import type { GameSchemas, SchemaKit } from "./schema-kit";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
/**
 * Any game's engine, seen by generic code: its views typed as far as generic code reads them; its
 * events by kind (core/events.ts; `engineOf` checks the kinds generic code reads).
 */
export type AnyEngine = Game<any, any, BaseAction, BaseEvent, GameView> & SimHooks<any, any, any>;

/** @noSelf */
export interface GameDefinition {
  /** The data folder's name (data/<id>/): lowercase ASCII and hyphens. */
  id: string;
  /** Display name, e.g. in `syzygy list` and the TTS save. */
  name: string;
  /** One line on what kind of game it is (CLI help, JSON Schema titles). */
  summary: string;
  engine: AnyEngine;
  table: TableRules;
  schemas(kit: SchemaKit): GameSchemas;
}
