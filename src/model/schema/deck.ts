/**
 * Schemas of data/<game>/deck.yaml. Engine fields (kept exactly as src/engine/<game>/data-types.ts
 * declares DeckCard) plus the shared printed fields (index, title, subtitle, text, flavor, style, image).
 */
import { z } from "zod";
import { show } from "../diagnostics";
import { id, intIn, printedFields } from "./common";

const base = { id, name: z.string().min(1), ...printedFields };

export const lunarTrickCard = z
  .strictObject({
    ...base,
    number: intIn(1, 30).optional().meta({ description: "1..30 on the moon phase sheet; absent for the eclipse cards." }),
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
        message: `number ${c.number} is on the ${expected} side (rising 1..15, falling 16..30), got ${show(c.side)}`,
      });
    }
  });

export const solarEclipseCard = z.strictObject({
  ...base,
  suit: z.enum(["sun", "moon"]),
  rank: intIn(1, 21),
});

export const eclipsedCard = z.strictObject({
  ...base,
  suit: z.enum(["solar", "arc", "void", "stasis"]),
  rank: intIn(1, 13).meta({ description: "1 Traveler, 2..10, 11 Scout, 12 Sage, 13 Warden." }),
});

export function deckSchemaOf<C extends z.ZodType>(card: C, gameName: string) {
  return z
    .strictObject({ cards: z.array(card).min(1) })
    .meta({ title: `syzygy ${gameName} deck.yaml`, description: `Every card of the ${gameName} deck: engine fields and printed text.` });
}
