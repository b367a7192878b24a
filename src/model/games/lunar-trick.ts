/**
 * zod schema of data/lunar-trick/rules.yaml — the Lunar Trick engine tables. Mirrors `Rules` in
 * src/engine/lunar-trick/data-types.ts (the engine reads the generated constants, not this file).
 */
import { z } from "zod";

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
    excluded: z.array(z.string().regex(/^[a-z0-9-]+$/, "card ids are lowercase ASCII with dashes")),
  })
  .strict();

const scoreRow = z.object({ tricks: count, points: z.number().int() }).strict();

export const rulesSchema = z
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

export type LunarTrickRulesFile = z.infer<typeof rulesSchema>;
