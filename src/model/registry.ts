/**
 * The games the model knows: for each, the schema of its deck cards, the engine owner's rules
 * schema (src/model/games/<game>.ts) and the deck fields the engine reads (emitted by codegen).
 * Adding a game = one entry here + its data folder + its engine.
 */
import type { z } from "zod";
import { rulesSchema as eclipsedRules } from "./games/eclipsed";
import { rulesSchema as lunarTrickRules } from "./games/lunar-trick";
import { rulesSchema as solarEclipseRules } from "./games/solar-eclipse";
import { deckSchemaOf, eclipsedCard, lunarTrickCard, solarEclipseCard } from "./schema/deck";
import type * as LT from "../engine/lunar-trick/data-types";
import type * as SE from "../engine/solar-eclipse/data-types";
import type * as EC from "../engine/eclipsed/data-types";

export interface GameSchemas {
  id: string;
  name: string;
  deck: z.ZodType;
  rules: z.ZodType;
  /** Deck fields copied into DECK of src/engine/<game>/data.gen.ts, in this order. */
  engineFields: readonly string[];
}

export const GAME_SCHEMAS: readonly GameSchemas[] = [
  {
    id: "solar-eclipse",
    name: "Solar Eclipse",
    deck: deckSchemaOf(solarEclipseCard, "Solar Eclipse"),
    rules: solarEclipseRules,
    engineFields: ["id", "name", "suit", "rank"],
  },
  {
    id: "eclipsed",
    name: "Eclipsed",
    deck: deckSchemaOf(eclipsedCard, "Eclipsed"),
    rules: eclipsedRules,
    engineFields: ["id", "name", "suit", "rank"],
  },
  {
    id: "lunar-trick",
    name: "Lunar Trick",
    deck: deckSchemaOf(lunarTrickCard, "Lunar Trick"),
    rules: lunarTrickRules,
    engineFields: ["id", "name", "number", "side", "eclipse"],
  },
];

export const MODEL_GAME_IDS: readonly string[] = GAME_SCHEMAS.map((g) => g.id);

export function gameSchemas(id: string): GameSchemas | undefined {
  return GAME_SCHEMAS.find((g) => g.id === id);
}

// Compile-time guard: every validated deck card is a valid engine DeckCard.
type Assignable<A extends B, B> = A;
export type DeckTypeChecks = [
  Assignable<z.output<typeof lunarTrickCard>, LT.DeckCard>,
  Assignable<z.output<typeof solarEclipseCard>, SE.DeckCard>,
  Assignable<z.output<typeof eclipsedCard>, EC.DeckCard>,
];
