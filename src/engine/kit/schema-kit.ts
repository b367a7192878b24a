/**
 * What a game's `schemas` function is handed to describe its data files. The game's folder is
 * compiled to Lua with its engine, so it must not import zod (a Node module) itself: the model
 * (src/model/schema/kit.ts) passes zod and the shared building blocks in, and only the model ever
 * calls `schemas`. Types only.
 */
import type { z } from "zod";

/** The fields every deck card has whatever the game: `id` and `name`. */
export interface CardBase {
  id: z.ZodString;
  name: z.ZodString;
}

/** @noSelf */
export interface SchemaKit {
  z: typeof z;
  /** A deck card: `id`, `name` and the shared printed fields (title, text, image…) plus `fields`. */
  card<F extends z.ZodRawShape>(fields: F): z.ZodObject<CardBase & F, z.core.$strict>;
  /** A stable ASCII id (lowercase letters, digits, single hyphens), e.g. a card id. */
  id: z.ZodString;
  /** An integer in [min, max], with one message for every way it can be wrong. */
  intIn(min: number, max: number): z.ZodNumber;
  /** A value as a message shows it (strings quoted). */
  show(value: unknown): string;
}

/** What a game declares about its data: the deck card's schema and the rules.yaml schema. */
export interface GameSchemas {
  card: z.ZodType;
  rules: z.ZodType;
  /** Deck fields copied into DECK of the game's generated data.gen.ts, in this order. */
  engineFields: readonly string[];
}

/** The players a game's engine seats: `min` to `max`. */
export interface PlayerRange {
  min: number;
  max: number;
}

/**
 * What a game's src/engine/<game>/schema.ts exports. The model and codegen import that file by
 * its path (never the engine, which imports the generated data codegen writes), so it imports
 * nothing of the engine but types and data-free helpers.
 */
export interface GameSchemaModule {
  /** Display name, e.g. in `syzygy list`, JSON Schema titles and the TTS save. */
  NAME: string;
  schemas(kit: SchemaKit): GameSchemas;
  /** The players the engine seats, from the validated `rules:` of rules.yaml (the engine derives its own range with it). */
  playerRange(rules: never): PlayerRange;
}

/** Compile-time guard a game's schema.ts uses: `A` (a validated deck card) fits `B` (the engine's DeckCard). */
export type Assignable<A extends B, B> = A;
