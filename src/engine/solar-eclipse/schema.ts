/**
 * Schemas of this game's data files: the deck card (engine fields; the printed fields are shared) and data/solar-eclipse/rules.yaml, owned by the Solar Eclipse engine.
 * Mirrors `Rules` in src/engine/solar-eclipse/data-types.ts (the generated data.gen.ts is
 * type-checked against that interface, so the two cannot drift apart silently).
 */
import type { z } from "zod";
import type { Assignable, PlayerRange, SchemaKit } from "../kit/schema-kit";
import type { DeckCard, Rules } from "./data-types";

/** Display name (the definition, the model and the JSON Schema titles read it here). */
export const NAME = "Solar Eclipse";

/** SE-4: rules.yaml `minPlayers`..`maxPlayers`. */
export function playerRange(rules: Rules): PlayerRange {
  return { min: rules.minPlayers, max: rules.maxPlayers };
}

/** Called by the model with zod and the shared building blocks (this folder compiles to Lua: no zod import). */
export function schemas(k: SchemaKit) {
  const z = k.z;
  const card = k.card({
    suit: z.enum(["sun", "moon"]),
    rank: k.intIn(1, 21),
  });

  const count = z.number().int().min(0);
  const suit = z.enum(["sun", "moon"]);

  const bidValue = z
    .object({
      tricks: count.describe("tricks the player must take exactly"),
      points: count.describe("points scored when the bid is met"),
    })
    .strict();

  const bidTable = z
    .object({
      players: z.number().int().min(2).max(3),
      placeholder: z.boolean().describe("true while the values are the SE-1 placeholders"),
      cards: z.array(bidValue).length(6).describe("the 6 bid cards' values for this player count, in bid-card order"),
    })
    .strict()
    .superRefine((table, ctx) => {
      const seen: number[] = [];
      table.cards.forEach((card, i) => {
        if (seen.includes(card.tricks)) {
          ctx.addIssue({
            code: "custom",
            path: ["cards", i, "tricks"],
            message: `two bid cards for ${table.players} players both bid ${card.tricks} tricks; every bid card needs its own trick count`,
          });
        }
        seen.push(card.tricks);
      });
    });

  const setupTable = z
    .object({
      players: z.number().int().min(2).max(3),
      handSize: z.number().int().min(2),
      setAside: count,
    })
    .strict();

  function onePerPlayerCount(tables: { players: number }[], ctx: z.RefinementCtx, what: string, min: number, max: number): void {
    for (let n = min; n <= max; n++) {
      const found = tables.filter((t) => t.players === n).length;
      if (found !== 1) {
        ctx.addIssue({
          code: "custom",
          path: [what],
          message: `${what} needs exactly one entry with players: ${n} (found ${found})`,
        });
      }
    }
  }

  const rulesSchema = z
    .object({
      rules: z
        .object({
          minPlayers: z.number().int().min(2),
          maxPlayers: z.number().int().max(3),
          rounds: z.number().int().min(1),
          tricksPerRound: z.number().int().min(1),
          setup: z.array(setupTable),
          faceDownLeadSuit: suit,
          bonusCards: count,
          pointsPerBonusCard: count,
          bids: z.array(bidTable),
        })
        .strict()
        .superRefine((rules, ctx) => {
          if (rules.minPlayers > rules.maxPlayers) {
            ctx.addIssue({ code: "custom", path: ["minPlayers"], message: "minPlayers must not exceed maxPlayers" });
            return;
          }
          onePerPlayerCount(rules.setup, ctx, "setup", rules.minPlayers, rules.maxPlayers);
          onePerPlayerCount(rules.bids, ctx, "bids", rules.minPlayers, rules.maxPlayers);
          rules.setup.forEach((s, i) => {
            if (s.handSize !== 2 * rules.tricksPerRound) {
              ctx.addIssue({
                code: "custom",
                path: ["setup", i, "handSize"],
                message: `handSize ${s.handSize} must be twice tricksPerRound (${rules.tricksPerRound}): every player plays two cards into each trick`,
              });
            }
          });
        }),
    })
    .strict();

  return { card, rules: rulesSchema, engineFields: ["id", "name", "suit", "rank"] };
}

/** Compile-time guard: every deck card the schema accepts is a valid engine DeckCard. */
export type DeckCardCheck = Assignable<z.output<ReturnType<typeof schemas>["card"]>, DeckCard>;
