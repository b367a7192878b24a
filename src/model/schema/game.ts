/** Schema of data/<game>/game.yaml: the game's meta data and every physical component. */
import { z } from "zod";
import { show } from "../diagnostics";
import { assetPath, colourRef, colourRoles, hexColour, id, identifier, intAtLeast, mm, printedFields, rulesRef } from "./common";
import { MAX_COPIES, MAX_COUNT, MAX_PIECE_MM, MIN_SECTOR_DEGREES } from "../limits";
import { DECK_REF } from "../deck-sheet";

/** A whole number 1..max whose message names the limit and what to do instead. */
function pieces(max: number, what: string, fix: string) {
  const error = (iss: { input?: unknown }) => `expected a whole number 1..${max} (${what}), got ${show(iss.input)}${typeof iss.input === "number" && iss.input > max ? `; ${fix}` : ""}`;
  return z.int({ error }).min(1, { error }).max(max, { error });
}

export const COMPONENT_KINDS = ["card", "board", "token", "sheet"] as const;

const scalar = z.union([z.string(), z.number(), z.boolean()]);
export const fieldValue = z
  .union([scalar, rulesRef, z.array(z.union([scalar, rulesRef]))])
  .meta({ description: "A printed value: text, number, true/false, a list of those, or { rules: /pointer } into rules.yaml." });

export const sizeSchema = z.strictObject({ width: mm, height: mm }).meta({ description: "Trimmed size in millimetres." });

export const shapeSchema = z
  .discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("rect"), cornerRadius: z.number().min(0).optional().meta({ description: "mm" }) }),
    z.strictObject({ kind: z.literal("circle") }),
    z
      .strictObject({
        kind: z.literal("sector"),
        degrees: z
          .number()
          .min(MIN_SECTOR_DEGREES, {
            error: (iss) => `expected at least ${MIN_SECTOR_DEGREES} degrees (at most ${360 / MIN_SECTOR_DEGREES} slices a disc), got ${show(iss.input)}`,
          })
          .max(360)
          .meta({ description: "Angle of the pie slice (72 = 1/5 of a disc)." }),
      })
      .meta({ description: "A pie slice of the disc that fits the size box, point at the box centre's bottom." }),
  ])
  .meta({ description: "Cut shape; default a rectangle." });

export const templatesSchema = z
  .strictObject({
    face: id.meta({ description: "templates/<game>/<face>.svg.hbs (or templates/shared/)" }),
    back: id.optional().meta({ description: "templates/<game>/<back>.svg.hbs (or templates/shared/); none for one-sided pieces" }),
  })
  .meta({ description: "Template names; N resolves to templates/<game>/N.svg.hbs, else to the shared templates/shared/N.svg.hbs." });

export const itemSchema = z
  .strictObject({
    id,
    name: z.string().min(1),
    copies: pieces(MAX_COPIES, `at most ${MAX_COPIES} copies of one item`, "print the PDF pages more than once instead")
      .optional()
      .meta({ description: "Identical physical pieces printed from this item (default 1)." }),
    ...printedFields,
    fields: z.record(identifier, fieldValue).optional().meta({ description: "Extra values for the templates." }),
    templates: templatesSchema.partial().optional().meta({ description: "Per-item template override." }),
  })
  .meta({ description: "One distinct face (card, token, sheet page)." });

export const setSchema = z
  .strictObject({ id, name: z.string().min(1), colour: colourRef, symbol: z.string().optional() })
  .meta({ description: "A player set: every item is made once per set, with id <item>-<set>." });

export const styleSchema = z
  .strictObject({
    name: z.string().min(1),
    symbol: id.optional().meta({ description: "Icon id drawn by the templates (vector, not a font glyph)." }),
    glyph: z.string().optional().meta({ description: "Unicode symbol for running text, e.g. ☀." }),
    label: z.string().optional().meta({ description: "Short descriptive line, e.g. \"Fire · Light · Amplify\"." }),
    colours: colourRoles.optional(),
  })
  .meta({ description: "Look shared by a group of items (a suit, a side)." });

/** Words of letters, digits, "-" and "_", each starting with a letter (so an SVG names it unquoted). */
export const FONT_FAMILY = /^[A-Za-z][A-Za-z0-9_-]*( [A-Za-z][A-Za-z0-9_-]*)*$/;

export const fontSchema = z
  .strictObject({
    family: z
      .string()
      .max(64)
      .regex(FONT_FAMILY, { error: (iss) => `expected a family name of words made of letters, digits, "-" and "_", each starting with a letter, got ${show(iss.input)}` })
      .meta({ description: "The family name written in the font file (templates select it with font=\"<family>\")." }),
    file: z.string().min(1).meta({ description: "The font file in data/<game>/fonts/: TrueType (.ttf) or OpenType (.otf); WOFF/WOFF2 cannot be drawn into PDFs." }),
    weight: z
      .int()
      .min(100)
      .max(900)
      .optional()
      .meta({ description: "The weight written in the file (400 regular, 700 bold, 800 extra bold); default 400." }),
    style: z.enum(["normal", "italic"]).optional().meta({ description: "normal (default) or italic, as written in the file." }),
  })
  .meta({ description: "One face of a game's own font family." });

export const componentSchema = z
  .strictObject({
    id,
    kind: z.enum(COMPONENT_KINDS),
    name: z.string().min(1),
    description: z.string().optional(),
    count: pieces(MAX_COUNT, `at most ${MAX_COUNT} pieces in one component`, "split the component into several")
      .optional()
      .meta({
        description: "Physical pieces: sum of item copies × sets. Optional: left out, it is counted from the items (or the spreadsheet's rows and copies); given, it is checked.",
      }),
    size: sizeSchema,
    shape: shapeSchema.optional(),
    templates: templatesSchema,
    backs: z
      .enum(["shared", "per-item"])
      .optional()
      .meta({ description: "shared: one back image for all items (default); per-item: each item has its own back (two-sided pieces)." }),
    colours: colourRoles.optional(),
    styleBy: z.string().optional().meta({ description: "Item field whose value names the item's style (e.g. suit)." }),
    sets: z.array(setSchema).min(1).optional(),
    from: z.enum(["deck", "reference"]).optional().meta({ description: "Items come from deck.yaml cards or reference.yaml pages." }),
    deck: z
      .string()
      .regex(DECK_REF, { error: (iss) => `expected a spreadsheet file like "cards.csv" or "cards.xlsx#Sheet1", got ${show(iss.input)}` })
      .optional()
      .meta({
        description:
          "Items come from a spreadsheet instead of deck.yaml: a .csv file, or an .xlsx file with an optional #sheet name (first sheet by default), relative to this game's folder. Row 1 names the card fields, one row per card, optional copies column. deck.yaml must then not exist. A game without a rules engine may give each card component a sheet of its own (several decks: a workbook's tabs, several CSV files); a game with one plays one deck, so its components all name the same sheet.",
      }),
    columns: z
      .record(z.string().min(1), z.string().min(1))
      .optional()
      .meta({
        description:
          "Spreadsheet decks: column heading → card field, for headings that do not match a field by themselves (headings match fields whatever their case, spaces and punctuation).",
      }),
    items: z.array(itemSchema).min(1).optional(),
    image: assetPath.optional(),
  })
  .superRefine((c, ctx) => {
    const sources = [c.from, c.items, c.deck].filter((x) => x !== undefined).length;
    if (sources !== 1) {
      ctx.addIssue({
        code: "custom",
        path: [],
        input: c,
        message: `give exactly one of "from" (deck or reference), "items" (a list) or "deck" (a spreadsheet file), got ${sources === 0 ? "none" : "more than one"}`,
      });
    }
    if (c.kind === "card" || c.kind === "token") {
      for (const side of ["width", "height"] as const) {
        const got = c.size[side];
        if (got > MAX_PIECE_MM) {
          ctx.addIssue({
            code: "custom",
            path: ["size", side],
            input: got,
            message: `expected at most ${MAX_PIECE_MM} mm for a ${c.kind} (it is printed whole, on A4 or Letter), got ${got}; make it a board to tile it over pages`,
          });
        }
      }
    }
    const radius = c.shape?.kind === "rect" ? c.shape.cornerRadius : undefined;
    const half = Math.min(c.size.width, c.size.height) / 2;
    if (radius !== undefined && radius > half) {
      ctx.addIssue({
        code: "custom",
        path: ["shape", "cornerRadius"],
        input: radius,
        message: `expected a corner radius of at most ${+half.toFixed(3)} mm (half the shorter side), got ${radius}`,
      });
    }
    if (c.backs === "per-item" && c.templates.back === undefined) {
      ctx.addIssue({ code: "custom", path: ["backs"], input: c.backs, message: "backs: per-item needs templates.back" });
    }
  });

/** How a card field of a game without code is typed: text, number, integer, boolean, or one of a list of words. */
const cardFieldType = z
  .union([
    z.enum(["text", "number", "integer", "boolean"], {
      error: (iss) => `expected text, number, integer, boolean or a list of allowed values, got ${show(iss.input)}`,
    }),
    z.array(z.string().min(1)).min(1),
  ])
  .meta({ description: "text, number, integer, boolean, or a list of the values allowed (e.g. [spades, hearts, diamonds, clubs])." });

export const cardFieldsSchema = z
  .record(identifier, cardFieldType)
  .meta({
    description:
      "Games without an engine: the extra fields a deck card may have (deck.yaml keys or spreadsheet columns), each typed. Templates read them as item.fields.<name>. A game with an engine has its card fields declared in its code.",
  });

export const gameSchema = z
  .strictObject({
    id,
    name: z.string().min(1),
    description: z.string().optional(),
    version: z
      .union([z.string().min(1), z.number()])
      .transform(String)
      .optional()
      .meta({ description: "The game's version, e.g. \"0.3\": templates print it as game.version (a playtest card shows which round it is from); `git` stands for the git description of the game folder (e.g. v0.3-2-gabc1234)." }),
    players: z
      .strictObject({ min: intAtLeast(1), max: intAtLeast(1) })
      .refine((p) => p.min <= p.max, { error: (iss) => `players.min must not exceed players.max, got ${show(iss.input)}` }),
    colours: z.record(id, hexColour).meta({ description: "The palette: colour name → #rrggbb." }),
    styles: z.record(id, styleSchema).optional(),
    fonts: z
      .array(fontSchema)
      .optional()
      .meta({ description: "The game's own fonts (TTF/OTF files in data/<game>/fonts/), one entry per face; the bundled Inter stays the default." }),
    cardFields: cardFieldsSchema.optional(),
    components: z.array(componentSchema).min(1),
  })
  .meta({ title: "syzygy game.yaml", description: "A game's meta data and every physical component." });

export type GameFile = z.output<typeof gameSchema>;
export type ComponentFile = z.output<typeof componentSchema>;
export type ItemFile = z.output<typeof itemSchema>;
export type StyleFile = z.output<typeof styleSchema>;
export type FontFileEntry = z.output<typeof fontSchema>;
export type CardFieldsFile = z.output<typeof cardFieldsSchema>;
export type FieldValue = z.output<typeof fieldValue>;
export type Shape = z.output<typeof shapeSchema>;
