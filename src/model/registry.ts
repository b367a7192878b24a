/**
 * The data schemas of a game. A game with code (one of src/games/list.ts) declares its deck card
 * and rules.yaml schemas in its folder (the game's `schemas`, called with the model's kit), with
 * the deck fields its engine reads (emitted by codegen). Any other data folder is a game without
 * an engine: its cards have the shared printed fields plus the `cardFields` its game.yaml
 * declares, and its rules.yaml, if any, is a free mapping templates read through `{ rules: }`.
 */
import { z } from "zod";
import { GAMES } from "../games/index";
import { SCHEMA_KIT } from "./schema/kit";
import { deckSchemaOf } from "./schema/deck";
import type { CardFieldsFile } from "./schema/game";

export interface GameSchemas {
  id: string;
  name: string;
  deck: z.ZodType;
  rules: z.ZodType;
  /** Deck fields copied into DECK of src/engine/<game>/data.gen.ts, in this order. */
  engineFields: readonly string[];
  /** True for a game with code (an engine): its rules.yaml and reference.yaml are required. */
  hasCode: boolean;
}

/** The games with code, in the order of the one list. */
export const CODE_GAME_SCHEMAS: readonly GameSchemas[] = GAMES.map((g) => {
  const s = g.schemas(SCHEMA_KIT);
  return { id: g.id, name: g.name, deck: deckSchemaOf(s.card, g.name), rules: s.rules, engineFields: s.engineFields, hasCode: true };
});

export const CODE_GAME_IDS: readonly string[] = CODE_GAME_SCHEMAS.map((g) => g.id);

export function codeGameSchemas(id: string): GameSchemas | undefined {
  return CODE_GAME_SCHEMAS.find((g) => g.id === id);
}

/** A `cardFields` type → the schema of that card field. */
function cardFieldSchema(type: CardFieldsFile[string]): z.ZodType {
  if (Array.isArray(type)) return z.enum(type as [string, ...string[]]);
  if (type === "integer") return z.int({ error: (iss) => `expected a whole number, got ${SCHEMA_KIT.show(iss.input)}` });
  if (type === "number") return z.number({ error: (iss) => `expected a number, got ${SCHEMA_KIT.show(iss.input)}` });
  if (type === "boolean") return z.boolean({ error: (iss) => `expected true or false, got ${SCHEMA_KIT.show(iss.input)}` });
  return z.string({ error: (iss) => `expected text, got ${SCHEMA_KIT.show(iss.input)}` });
}

/** The card of a game without code: the shared fields plus its declared `cardFields` (each optional). */
export function plainCardSchema(cardFields: CardFieldsFile = {}) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, type] of Object.entries(cardFields)) shape[name] = cardFieldSchema(type).optional();
  return SCHEMA_KIT.card(shape);
}

/** rules.yaml of a game without code: any mapping under `rules:`, read by templates through `{ rules: /pointer }`. */
export const plainRulesSchema = z
  .strictObject({ rules: z.record(z.string(), z.unknown()).meta({ description: "Any values the game's printed pieces read through { rules: /pointer }." }) })
  .meta({ title: "syzygy rules.yaml", description: "Tables and values a game's printed pieces read." });

/** Schemas of a game without code, named `name`. */
export function plainGameSchemas(id: string, name: string, cardFields?: CardFieldsFile): GameSchemas {
  return { id, name, deck: deckSchemaOf(plainCardSchema(cardFields), name), rules: plainRulesSchema, engineFields: ["id", "name"], hasCode: false };
}
