/**
 * Schemas of this game's data files: the deck card's engine fields (the printed fields are
 * shared) and data/__ID__/rules.yaml. Mirrors data-types.ts (the engine reads the generated
 * constants, not this file).
 */
import type { z } from "zod";
import type { Assignable, PlayerRange, SchemaKit } from "../kit/schema-kit";
import type { DeckCard, Rules } from "./data-types";

/** Display name (the definition, the model and the JSON Schema titles read it here). */
export const NAME = "__NAME__";

/** TPL-1: the players rules.yaml names. */
export function playerRange(rules: Rules): PlayerRange {
  return { min: rules.players.min, max: rules.players.max };
}

/** Called by the model with zod and the shared building blocks (this folder compiles to Lua: no zod import). */
export function schemas(k: SchemaKit) {
  const z = k.z;
  const card = k.card({
    suit: z.enum(["spades", "hearts", "diamonds", "clubs"]),
    rank: k.intIn(1, 13).meta({ description: "1 (ace, low) to 13 (king); higher takes the trick." }),
  });
  const rules = z
    .object({
      rules: z
        .object({
          players: z.object({ min: k.intIn(2, 8), max: k.intIn(2, 8) }).strict(),
          maxHand: k.intIn(1, 25),
          pointsPerTrick: k.intIn(0, 100),
          exactBonus: k.intIn(0, 100),
        })
        .strict()
        .superRefine((r, ctx) => {
          if (r.players.min > r.players.max) ctx.addIssue({ code: "custom", path: ["players", "max"], message: "max must not be below min" });
          // every hand and the turned-up card come from the 52-card deck
          if (r.players.max * r.maxHand + 1 > 52)
            ctx.addIssue({ code: "custom", path: ["maxHand"], message: `${r.players.max} players × ${r.maxHand} cards and the turned-up card are more than the 52-card deck` });
        }),
    })
    .strict();
  return { card, rules, engineFields: ["id", "name", "suit", "rank"] };
}

/** Compile-time guard: every deck card the schema accepts is a valid engine DeckCard. */
export type DeckCardCheck = Assignable<z.output<ReturnType<typeof schemas>["card"]>, DeckCard>;
