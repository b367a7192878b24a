/**
 * Schemas of this game's data files: the deck card (engine fields; the printed fields are shared) and data/eclipsed/rules.yaml, the Eclipsed engine tables. Mirrors `Rules` in
 * src/engine/eclipsed/data-types.ts (the engine reads the generated constants, not this file).
 */
import type { z } from "zod";
import type { Assignable, PlayerRange, SchemaKit } from "../kit/schema-kit";
import type { DeckCard, Rules } from "./data-types";

/** Display name (the definition, the model and the JSON Schema titles read it here). */
export const NAME = "Eclipsed";

/** rules.yaml `players`. */
export function playerRange(rules: Rules): PlayerRange {
  return { min: rules.players.min, max: rules.players.max };
}

/** Called by the model with zod and the shared building blocks (this folder compiles to Lua: no zod import). */
export function schemas(k: SchemaKit) {
  const z = k.z;
  const card = k.card({
    suit: z.enum(["solar", "arc", "void", "stasis"]),
    rank: k.intIn(1, 13).meta({ description: "1 Traveler, 2..10, 11 Scout, 12 Sage, 13 Warden." }),
  });

  const rank = z.number().int().min(1).max(13);
  const count = z.number().int().min(0);
  const text = z.string().min(1);
  const suitId = z.enum(["solar", "arc", "void", "stasis"]);
  const alignmentId = z.enum(["light", "dark"]);
  const formatId = z.enum(["standard", "quick", "long"]);
  const meldType = z.enum([
    "pair",
    "triad",
    "full-element",
    "court-set",
    "pure-run",
    "radiant-run",
    "resonant-run",
    "cross-align-run",
    "court-run",
    "transcendent-run",
  ]);
  const effectKey = z.enum([
    "solar-meld-bonus",
    "top-meld-multiplier",
    "all-melds-bonus",
    "meld-threshold",
    "first-declarant-bonus",
    "go-out-suits",
    "best-meld-only",
    "meld-size-zero",
    "top-meld-penalty",
    "court-card-penalty",
    "pairs-zero",
    "hold-back",
    "repeat-best-meld",
    "first-meld-void-immune",
    "warden-meld-bonus",
    "no-effect",
  ]);

  const fromNotAfterTo = { message: "from must not exceed to", path: ["to"] };

  const edictRow = z
    .object({
      label: text,
      from: rank,
      to: rank,
      effect: text,
      key: effectKey,
      byRank: z.boolean(),
      value: z.number().min(0),
      printed: z.boolean(),
      ruling: z.string().optional(),
    })
    .strict()
    .refine((r) => r.from <= r.to, fromNotAfterTo);

  const edictTable = z.object({ suit: suitId, title: text, rows: z.array(edictRow).min(1) }).strict();

  const meldRow = z
    .object({
      type: meldType,
      kind: z.enum(["set", "run"]),
      name: text,
      required: text,
      score: text,
      points: count,
      perCard: z.boolean(),
      penalty: count,
      minimum: count,
    })
    .strict();

  const deadwoodRow = z
    .object({ label: text, from: rank, to: rank, points: count, text: text })
    .strict()
    .refine((r) => r.from <= r.to, fromNotAfterTo);

  const rules = z
    .object({
      handSize: z.number().int().min(1),
      players: z.object({ min: z.number().int().min(2), max: z.number().int().max(4) }).strict(),
      alignments: z.array(z.object({ id: alignmentId, name: text, sign: z.union([z.literal(1), z.literal(-1)]) }).strict()).length(2),
      suits: z
        .array(
          z
            .object({ id: suitId, name: text, symbol: text, element: text, alignment: alignmentId, family: text, controls: text })
            .strict(),
        )
        .length(4),
      ranks: z
        .array(z.object({ rank, name: text, short: text, court: z.boolean(), notes: text, ability: z.string() }).strict())
        .length(13),
      traveler: z.object({ low: z.number().int(), high: z.number().int() }).strict(),
      edicts: z.array(edictTable).length(4),
      combine: z.array(z.object({ suit: suitId, how: text, cap: count }).strict()).length(4),
      conflicts: z.array(z.object({ winner: suitId, suspended: suitId, text: text }).strict()),
      meter: z
        .object({
          min: z.number().int().max(0),
          max: z.number().int().min(0),
          start: count,
          extremeBonus: count,
          track: z.array(z.object({ position: z.number().int(), label: text }).strict()).min(1),
          startText: z.array(text),
          text: text,
        })
        .strict(),
      holdBackOrder: z.array(suitId).length(4),
      melds: z.array(meldRow).length(10),
      runMinimum: z.number().int().min(2),
      transcendentMinimum: z.number().int().min(3),
      wardenFloor: count,
      deadwood: z.array(deadwoodRow).min(1),
      burnToClear: count,
      goingOut: z
        .object({
          minTurns: z.number().int().min(1),
          bonus: count,
          conditions: z
            .array(z.object({ key: z.enum(["hand-empty", "points-declared", "melds-declared"]), value: count, text: text }).strict())
            .min(1),
        })
        .strict(),
      formats: z.array(z.object({ id: formatId, name: text, target: z.number().int().min(1), text: text }).strict()).min(1),
      defaultFormat: formatId,
    })
    .strict()
    .superRefine((r, ctx) => {
      const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
      const suits = ["solar", "arc", "void", "stasis"];
      const covered = (name: string, list: string[], path: string) => {
        for (const s of suits) if (!list.includes(s)) issue([path], `${name} must list suit "${s}"`);
      };
      covered("suits", r.suits.map((s) => s.id), "suits");
      covered("edicts", r.edicts.map((t) => t.suit), "edicts");
      covered("combine", r.combine.map((c) => c.suit), "combine");
      covered("holdBackOrder", r.holdBackOrder, "holdBackOrder");
      r.ranks.forEach((row, i) => {
        if (row.rank !== i + 1) issue(["ranks", i, "rank"], `ranks must be listed 1..13 in order (expected ${i + 1})`);
      });
      // Every rank of every suit must have exactly one Edict row: the engine looks rows up by rank.
      r.edicts.forEach((t, ti) => {
        for (let k = 1; k <= 13; k++) {
          const n = t.rows.filter((row) => row.from <= k && k <= row.to).length;
          if (n !== 1) issue(["edicts", ti, "rows"], `${t.suit} rank ${k} is covered by ${n} rows (need exactly 1)`);
        }
      });
      for (let k = 1; k <= 13; k++) {
        const n = r.deadwood.filter((row) => row.from <= k && k <= row.to).length;
        if (n !== 1) issue(["deadwood"], `rank ${k} is covered by ${n} deadwood rows (need exactly 1)`);
      }
      const types = r.melds.map((m) => m.type);
      meldType.options.forEach((t) => {
        if (!types.includes(t)) issue(["melds"], `melds must list type "${t}"`);
      });
      const positions = r.meter.track.map((p) => p.position);
      for (let p = r.meter.min; p <= r.meter.max; p++)
        if (!positions.includes(p)) issue(["meter", "track"], `meter track needs position ${p}`);
      if (!r.formats.some((f) => f.id === r.defaultFormat)) issue(["defaultFormat"], `no format "${r.defaultFormat}" in formats`);
      // EC-19: the Traveler is 1 below the 2 or directly above the Warden; runs rely on adjacency.
      if (r.traveler.low !== 1) issue(["traveler", "low"], "the low Traveler must be 1 (T-2-3, EC-19)");
      if (r.traveler.high !== 14) issue(["traveler", "high"], "the high Traveler must be 14, directly above the Warden (EC-19)");
    });

  const rulesSchema = z.object({ rules }).strict();

  return { card, rules: rulesSchema, engineFields: ["id", "name", "suit", "rank"] };
}

/** Compile-time guard: every deck card the schema accepts is a valid engine DeckCard. */
export type DeckCardCheck = Assignable<z.output<ReturnType<typeof schemas>["card"]>, DeckCard>;
