/** Schema of data/<game>/reference.yaml: the prose and table layout of the reference sheet(s). */
import { z } from "zod";
import { id, rulesPointer } from "./common";

export const columnSchema = z
  .strictObject({
    header: z.string(),
    key: z
      .string()
      .optional()
      .meta({ description: "Dotted path inside each row (\"effect.text\"); $key / $value for the entries of a mapping." }),
    format: z.string().optional().meta({ description: "Text with {path} placeholders, e.g. \"{tricks} → {points} pts\"." }),
  })
  .superRefine((c, ctx) => {
    if ((c.key === undefined) === (c.format === undefined)) {
      ctx.addIssue({ code: "custom", path: [], input: c, message: "a column needs exactly one of key or format" });
    }
  });

export const tableSchema = z
  .strictObject({
    caption: z.string().optional(),
    headers: z.array(z.string()).optional().meta({ description: "Column headers of an inline table." }),
    rows: z.array(z.array(z.union([z.string(), z.number()]))).optional().meta({ description: "Inline rows." }),
    rules: rulesPointer.optional().meta({ description: "JSON pointer to a list or mapping in rules.yaml's `rules:`." }),
    columns: z.array(columnSchema).min(1).optional(),
  })
  .superRefine((t, ctx) => {
    const inline = t.rows !== undefined;
    const fromRules = t.rules !== undefined;
    if (inline === fromRules) {
      ctx.addIssue({ code: "custom", path: [], input: t, message: "a table has either rows (inline) or rules + columns (from rules.yaml)" });
    } else if (fromRules && t.columns === undefined) {
      ctx.addIssue({ code: "custom", path: [], input: t, message: "a table from rules.yaml needs columns" });
    } else if (inline && t.columns !== undefined) {
      ctx.addIssue({ code: "custom", path: ["columns"], input: t.columns, message: "columns apply only to tables from rules.yaml; use headers" });
    }
  });

/** A ruling id of ../shared/RULINGS.md and docs/rules/<game>.md, e.g. "EC-21". */
export const rulingId = z
  .string()
  .regex(/^[A-Z]{2}-[0-9]+$/, { error: (iss) => `expected a ruling id like "EC-21", got ${JSON.stringify(iss.input)}` });

export const sectionSchema = z.strictObject({
  heading: z.string().min(1),
  rulings: z
    .array(rulingId)
    .optional()
    .meta({ description: "The ruling ids this section states, in players' words (never printed; checked by test/print-rulings.test.ts)." }),
  text: z.string().optional().meta({ description: "Paragraph(s); may contain :icon: tokens." }),
  bullets: z.array(z.string()).optional(),
  table: tableSchema.optional(),
  note: z.string().optional().meta({ description: "Small print under the section, for players (ruling ids belong in `rulings:`, never in the printed text)." }),
});

export const pageSchema = z.strictObject({
  id,
  title: z.string().min(1),
  subtitle: z.string().optional(),
  sections: z.array(sectionSchema).min(1),
});

export const referenceSchema = z
  .strictObject({
    pages: z.array(pageSchema).min(1),
    unprinted: z
      .record(rulingId, z.string().min(1))
      .optional()
      .meta({ description: "Rulings no sheet states, each with why players need not read it (e.g. the table does it for them)." }),
  })
  .meta({ title: "syzygy reference.yaml", description: "Reference sheet pages: prose and tables (tables may come from rules.yaml)." });

export type ReferenceFile = z.output<typeof referenceSchema>;
export type TableFile = z.output<typeof tableSchema>;
