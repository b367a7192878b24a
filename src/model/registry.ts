/**
 * The games the model knows the data schemas of: every game of the one list (src/games/index.ts)
 * with its deck-card and rules.yaml schemas (the game's `schemas`, called with the model's kit)
 * and the deck fields its engine reads (emitted by codegen). A data folder without code has no
 * entry here and is read with the generic schemas.
 */
import type { z } from "zod";
import { GAMES } from "../games/index";
import { SCHEMA_KIT } from "./schema/kit";
import { deckSchemaOf } from "./schema/deck";

export interface GameSchemas {
  id: string;
  name: string;
  deck: z.ZodType;
  rules: z.ZodType;
  /** Deck fields copied into DECK of src/engine/<game>/data.gen.ts, in this order. */
  engineFields: readonly string[];
}

export const GAME_SCHEMAS: readonly GameSchemas[] = GAMES.map((g) => {
  const s = g.schemas(SCHEMA_KIT);
  return { id: g.id, name: g.name, deck: deckSchemaOf(s.card, g.name), rules: s.rules, engineFields: s.engineFields };
});

export const MODEL_GAME_IDS: readonly string[] = GAME_SCHEMAS.map((g) => g.id);

export function gameSchemas(id: string): GameSchemas | undefined {
  return GAME_SCHEMAS.find((g) => g.id === id);
}
