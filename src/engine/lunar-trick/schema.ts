/**
 * Schemas of this game's data files: the deck card (engine fields; the printed fields are shared) and data/lunar-trick/rules.yaml, the Lunar Trick engine tables. Mirrors `Rules` in
 * src/engine/lunar-trick/data-types.ts (the engine reads the generated constants, not this file).
 */
import type { z } from "zod";
import type { Assignable, PlayerRange, SchemaKit } from "../kit/schema-kit";
import type { DeckCard, Rules } from "./data-types";

/** Display name (the definition, the model and the JSON Schema titles read it here). */
export const NAME = "Lunar Trick";

/** LT-1: the player counts with a setup row (3 and 4). */
export function playerRange(rules: Rules): PlayerRange {
  let min = rules.setup[0].players;
  let max = min;
  for (const row of rules.setup) {
    if (row.players < min) min = row.players;
    if (row.players > max) max = row.players;
  }
  return { min, max };
}

/** Called by the model with zod and the shared building blocks (this folder compiles to Lua: no zod import). */
export function schemas(k: SchemaKit) {
  const z = k.z;
  const card = k
    .card({
      number: k.intIn(1, 30).optional().meta({ description: "1..30 on the moon phase sheet; absent for the eclipse cards." }),
      side: z.enum(["rising", "falling"]).optional().meta({ description: "rising = 1..15, falling = 16..30." }),
      eclipse: z.enum(["lunar", "solar"]).optional(),
      phase: z
        .number()
        .min(0)
        .max(1)
        .optional()
        .meta({ description: "Moon pictogram: fraction of the lunar cycle (0 new, 0.5 full, 1 new again)." }),
    })
    .superRefine((c, ctx) => {
      if (c.eclipse !== undefined) {
        if (c.number !== undefined || c.side !== undefined) {
          ctx.addIssue({ code: "custom", path: ["eclipse"], input: c.eclipse, message: "an eclipse card has no number or side" });
        }
        return;
      }
      if (c.number === undefined || c.side === undefined) {
        ctx.addIssue({ code: "custom", path: [], input: c, message: "a moon card needs both number and side (or eclipse: lunar|solar)" });
        return;
      }
      const expected = c.number <= 15 ? "rising" : "falling";
      if (c.side !== expected) {
        ctx.addIssue({
          code: "custom",
          path: ["side"],
          input: c.side,
          message: `number ${c.number} is on the ${expected} side (rising 1..15, falling 16..30), got ${k.show(c.side)}`,
        });
      }
    });

  const count = z.number().int().min(0);
  const position = z.number().int().min(1);

  const side = z
    .object({
      id: z.enum(["rising", "falling"]),
      from: position,
      to: position,
    })
    .strict()
    .refine((s) => s.from <= s.to, { message: "from must not exceed to" });

  const setupRow = z
    .object({
      players: z.number().int().min(3).max(4),
      handSize: z.number().int().min(1),
      setAside: count,
      excluded: z.array(k.id),
    })
    .strict();

  const scoreRow = z.object({ tricks: count, points: z.number().int() }).strict();

  const rulesSchema = z
    .object({
      rules: z
        .object({
          positions: z.number().int().min(3),
          sides: z.array(side).length(2),
          setup: z.array(setupRow).min(1),
          scoring: z.array(scoreRow).min(1),
          targetPoints: z.number().int().min(1),
          options: z.object({ highestAnySuit: z.boolean() }).strict(),
        })
        .strict()
        .superRefine((r, ctx) => {
          const seen = new Set<number>();
          r.setup.forEach((row, i) => {
            if (seen.has(row.players))
              ctx.addIssue({ code: "custom", path: ["setup", i, "players"], message: `duplicate setup for ${row.players} players` });
            seen.add(row.players);
          });
          const ids = r.sides.map((s) => s.id);
          if (ids[0] === ids[1]) ctx.addIssue({ code: "custom", path: ["sides", 1, "id"], message: "the two sides must differ (rising, falling)" });
          for (let i = 0; i < r.sides.length; i++) {
            if (r.sides[i].to > r.positions)
              ctx.addIssue({ code: "custom", path: ["sides", i, "to"], message: `must be at most positions (${r.positions})` });
          }
        }),
    })
    .strict();

  return { card, rules: rulesSchema, engineFields: ["id", "name", "number", "side", "eclipse"] };
}

/** Compile-time guard: every deck card the schema accepts is a valid engine DeckCard. */
export type DeckCardCheck = Assignable<z.output<ReturnType<typeof schemas>["card"]>, DeckCard>;
