/**
 * Schema of data/<game>/deck.yaml: `cards`, each card as its game's `schemas` declares it (engine
 * fields, kept exactly as src/engine/<game>/data-types.ts declares DeckCard, plus the shared
 * printed fields: index, title, subtitle, text, flavor, style, image).
 */
import { z } from "zod";

export function deckSchemaOf<C extends z.ZodType>(card: C, gameName: string) {
  return z
    .strictObject({ cards: z.array(card).min(1) })
    .meta({ title: `syzygy ${gameName} deck.yaml`, description: `Every card of the ${gameName} deck: engine fields and printed text.` });
}
