/**
 * The data schemas of a game. A game with code declares its deck card and rules.yaml schemas in
 * src/engine/<game>/schema.ts (its `schemas`, called with the model's kit), with the deck fields
 * its engine reads (emitted by codegen) and its player range. The model finds those files by
 * path and imports only them — never the engine (src/games/index.ts), which imports the
 * data.gen.ts codegen writes: a new engine gets its first data.gen.ts from `npm run gen`.
 * test/model/codegen-imports.test.ts checks that these are the games of src/games/index.ts. Any other data folder is a game without
 * an engine: its cards have the shared printed fields plus the `cardFields` its game.yaml
 * declares, and its rules.yaml, if any, is a free mapping templates read through `{ rules: }`.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { z } from "zod";
import type { GameSchemaModule, PlayerRange } from "../engine/kit/schema-kit";
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
  /** Games with code: the players the engine seats, from the validated `rules:` of rules.yaml. */
  playerRange?: (rules: unknown) => PlayerRange;
}

/** src/engine/ beside this module (src/ under tsx and vitest, dist/ compiled). */
const ENGINE_DIR = fileURLToPath(new URL("../engine/", import.meta.url));
const EXT = import.meta.url.endsWith(".ts") ? ".ts" : ".js";

/**
 * The games with code under `engineDir`: each folder with a schema file, by name. A folder whose
 * name starts with "_" is no game: the template engine `syzygy new --engine` copies (_scaffold).
 */
export async function loadCodeGameSchemas(engineDir: string = ENGINE_DIR, ext: string = EXT): Promise<GameSchemas[]> {
  const ids = readdirSync(engineDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith("_") && existsSync(join(engineDir, e.name, `schema${ext}`)))
    .map((e) => e.name)
    .sort();
  const out: GameSchemas[] = [];
  for (const id of ids) {
    const file = join(engineDir, id, `schema${ext}`);
    const mod = (await import(pathToFileURL(file).href)) as Partial<GameSchemaModule>;
    if (typeof mod.NAME !== "string" || typeof mod.schemas !== "function" || typeof mod.playerRange !== "function")
      throw new Error(`${file} must export NAME (the display name), schemas(kit) and playerRange(rules) (see src/engine/kit/schema-kit.ts)`);
    const s = mod.schemas(SCHEMA_KIT);
    const range = mod.playerRange;
    out.push({ id, name: mod.NAME, deck: deckSchemaOf(s.card, mod.NAME), rules: s.rules, engineFields: s.engineFields, hasCode: true, playerRange: (r) => range(r as never) });
  }
  return out;
}

/** The games with code, by id. */
export const CODE_GAME_SCHEMAS: readonly GameSchemas[] = await loadCodeGameSchemas();

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
