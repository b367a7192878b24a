/**
 * JSON Schema files for editors, generated from the zod schemas (the one source): one per data
 * kind, written to data/schema/ by `npm run gen`. A test checks the committed files are current.
 */
import { z } from "zod";
import { gameSchema } from "./schema/game";
import { referenceSchema } from "./schema/reference";
import { CODE_GAME_SCHEMAS, plainCardSchema, plainRulesSchema } from "./registry";

export const SCHEMA_DIR_NAME = "schema";

function toJson(schema: z.ZodType, title: string): string {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;
  // Editors show the title; keep the generator's choice when the schema sets one.
  const out = { ...json, title: (json.title as string | undefined) ?? title };
  return JSON.stringify(out, null, 2) + "\n";
}

/** File name → contents, in a fixed order. */
export function jsonSchemaFiles(): Map<string, string> {
  const files = new Map<string, string>();
  files.set("game.schema.json", toJson(gameSchema, "syzygy game.yaml"));
  files.set("reference.schema.json", toJson(referenceSchema, "syzygy reference.yaml"));
  // Games without an engine: cards with the shared fields (the cardFields a game declares are not known here).
  const plainDeck = z
    .strictObject({ cards: z.array(plainCardSchema().catchall(z.union([z.string(), z.number(), z.boolean()]))).min(1) })
    .meta({ title: "syzygy deck.yaml", description: "The cards of a game without an engine: the shared printed fields and the cardFields game.yaml declares." });
  files.set("deck.schema.json", toJson(plainDeck, "syzygy deck.yaml"));
  files.set("rules.schema.json", toJson(plainRulesSchema, "syzygy rules.yaml"));
  for (const g of CODE_GAME_SCHEMAS) {
    files.set(`${g.id}-deck.schema.json`, toJson(g.deck, `syzygy ${g.name} deck.yaml`));
    files.set(`${g.id}-rules.schema.json`, toJson(g.rules, `syzygy ${g.name} rules.yaml`));
  }
  return files;
}
