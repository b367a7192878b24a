/** Building blocks shared by every data schema; each carries the message a designer should read. */
import { z } from "zod";
import { show } from "../diagnostics";
import { MAX_BOARD_MM, MIN_SIZE_MM } from "../limits";

/** Stable ASCII id: lowercase letters, digits and single hyphens (also used in file names and by the Lua engine). */
export const id = z
  .string({ error: (iss) => `expected an id (a string), got ${show(iss.input)}` })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: (iss) => `expected a lowercase ASCII id like "moon-cards" (a-z, 0-9, single hyphens), got ${show(iss.input)}`,
  })
  .meta({ description: "Stable ASCII id: lowercase letters, digits and single hyphens." });

export const nonEmptyText = z.string().min(1);

/** An integer in [min, max], with one message for every way it can be wrong. */
export function intIn(min: number, max: number) {
  const error = (iss: { input?: unknown }) => `expected an integer ${min}..${max}, got ${show(iss.input)}`;
  return z.int({ error }).min(min, { error }).max(max, { error });
}

/** A whole number ≥ min. */
export function intAtLeast(min: number) {
  const error = (iss: { input?: unknown }) => `expected a whole number ≥ ${min}, got ${show(iss.input)}`;
  return z.int({ error }).min(min, { error });
}

/** Millimetres, within what a build can print (cards and tokens are held to a smaller maximum by their component). */
export const mm = z
  .number({ error: (iss) => `expected a size in millimetres (a number), got ${show(iss.input)}` })
  .min(MIN_SIZE_MM, {
    error: (iss) => `expected a size of at least ${MIN_SIZE_MM} mm (the smallest piece that can be cut out), got ${show(iss.input)}`,
  })
  .max(MAX_BOARD_MM, {
    error: (iss) =>
      `expected a size of at most ${MAX_BOARD_MM} mm (the limit for boards and sheets, which are tiled over several pages), got ${show(iss.input)}; split the board into parts`,
  });

export const hexColour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: (iss) => `expected a colour like "#1d2b53", got ${show(iss.input)}` })
  .meta({ description: "A colour as #rrggbb." });

/** A palette name defined in game.yaml `colours`, or a literal #rrggbb. Checked against the palette after parsing. */
export const colourRef = z
  .string()
  .regex(/^(#[0-9a-fA-F]{6}|[a-z0-9]+(?:-[a-z0-9]+)*)$/, {
    error: (iss) => `expected a palette colour name or "#rrggbb", got ${show(iss.input)}`,
  })
  .meta({ description: "A palette name from game.yaml `colours`, or #rrggbb." });

/** A key templates read directly (`fields.twoPlayer`, `colours.backDetail`): a JavaScript-style identifier. */
export const identifier = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, {
    error: (iss) => `expected a name like "accent" or "backDetail" (letters and digits, no hyphens, so templates can read it), got ${show(iss.input)}`,
  });

/** Colour roles → colours, e.g. { background: paper, accent: "#3c6e9f" }. */
export const colourRoles = z.record(identifier, colourRef).meta({ description: "Colour roles (background, text, accent…) → palette name or #rrggbb." });

/** A path to a file inside the data folder, relative to the game's folder. */
export const assetPath = z
  .string()
  .min(1)
  .meta({ description: "A PNG, JPEG or SVG file, relative to this game's data folder (it must stay inside data/): card art drawn by the template's image helper." });

/**
 * Printed, presentation-only text of one item (card, token, sheet). Text may contain icon
 * tokens such as `:sun:` that templates draw inline.
 */
export const printedFields = {
  index: z.string().optional().meta({ description: "Corner index, e.g. \"7\" or \"T\"." }),
  title: z.string().optional().meta({ description: "Large display title when it differs from the name." }),
  subtitle: z.string().optional().meta({ description: "Line under the title." }),
  text: z.string().optional().meta({ description: "Body text printed on the item; may contain :icon: tokens." }),
  flavor: z.string().optional().meta({ description: "Italic flavour line." }),
  style: id.optional().meta({ description: "A style id from game.yaml `styles` (overrides the component's styleBy)." }),
  image: assetPath.optional(),
};

/** JSON pointer into the `rules:` mapping of this game's rules.yaml, e.g. "/bidCards/0/twoPlayer". */
export const rulesPointer = z
  .string()
  .regex(/^(\/[^/]*)*$/, { error: (iss) => `expected a JSON pointer like "/scoring/0", got ${show(iss.input)}` });

/** A field value taken from rules.yaml instead of written here, so printed values never drift from the engine's. */
export const rulesRef = z
  .strictObject({ rules: rulesPointer.meta({ description: "JSON pointer into the `rules:` mapping of rules.yaml." }) })
  .meta({ description: "A value read from this game's rules.yaml." });
