/**
 * The game model handed to the renderer, the TTS builder and codegen: every value resolved and
 * ready to print (hex colours, absolute template files, joined rules values, formatted tables),
 * so templates stay logic-free. Raw file shapes are the z.infer types in ./schema/*.
 * Sizes are millimetres. Described for users in docs/data-format.md.
 */
import type { GameFont } from "./fonts";

import type { IconSet } from "./icons";
export type ComponentKind = "card" | "board" | "token" | "sheet";

export interface Size {
  /** mm, trimmed (no bleed) */
  width: number;
  height: number;
}

export type Shape =
  | { kind: "rect"; cornerRadius: number }
  | { kind: "circle" }
  /** A pie slice of `degrees` of the disc inscribed in the size box. */
  | { kind: "sector"; degrees: number };

export interface TemplateRef {
  /** Template name as written in game.yaml, e.g. "moon-card". */
  name: string;
  /** Absolute path of templates/<game>/<name>.svg.hbs, else of the shared templates/shared/<name>.svg.hbs. */
  file: string;
}

/** Colour role → "#rrggbb" (palette names already resolved). */
export type Colours = Record<string, string>;

export interface Style {
  id: string;
  name: string;
  /** Icon id the templates draw as a vector shape. */
  symbol?: string;
  /** Unicode symbol for running text (☀), display only. */
  glyph?: string;
  label?: string;
  colours: Colours;
}

export interface PlayerSet {
  id: string;
  name: string;
  /** "#rrggbb" */
  colour: string;
  symbol?: string;
}

/** A table ready to draw: every cell is already text. */
export interface Table {
  caption?: string;
  headers: string[];
  rows: string[][];
}

export interface Section {
  heading: string;
  text?: string;
  bullets: string[];
  table?: Table;
  note?: string;
}

export interface Item {
  /** Unique inside its component; the PNG is out/<game>/cards/<component>/<id>.png. */
  id: string;
  name: string;
  /** Identical physical pieces printed from this item. */
  copies: number;
  index?: string;
  title?: string;
  subtitle?: string;
  /** Printed body text; may contain :icon: tokens. */
  text?: string;
  flavor?: string;
  style?: Style;
  /** Component colours, overlaid by the style's colours, plus `set` when the item belongs to a player set. */
  colours: Colours;
  /**
   * Every other value for the templates. Deck items: all fields of the card (engine fields such
   * as suit/rank/number and game-specific printed ones such as phase, edict). Inline items: their
   * `fields`, with `{ rules: /pointer }` replaced by the value from rules.yaml.
   */
  fields: Record<string, unknown>;
  set?: PlayerSet;
  /** Absolute path of an image asset inside the data folder. */
  image?: string;
  templates: { face: TemplateRef; back?: TemplateRef };
  /** Reference sheet pages only: the page's sections; [] for everything else. */
  sections: Section[];
}

export interface Component {
  id: string;
  kind: ComponentKind;
  name: string;
  description?: string;
  /** Physical pieces = sum of item copies (validated against game.yaml's count). */
  count: number;
  size: Size;
  shape: Shape;
  templates: { face: TemplateRef; back?: TemplateRef };
  /** none: one-sided; shared: one back for all items (back.png); per-item: <item-id>.back.png. */
  backs: "none" | "shared" | "per-item";
  colours: Colours;
  sets: PlayerSet[];
  items: Item[];
  image?: string;
}

export interface GameModel {
  id: string;
  name: string;
  description?: string;
  /** Card fields the game declares (its deck schema, a sheet's extra columns): templates may read them even where no card fills them. */
  deckFields?: string[];
  /** game.yaml's `version` (printed by templates as game.version, e.g. on playtest prints). */
  version?: string;
  players: { min: number; max: number };
  /** The palette: name → "#rrggbb". */
  palette: Colours;
  styles: Style[];
  /** The game's icons (data/<game>/icons/*.svg over the generic ones), checked. */
  icons?: IconSet;
  /** The game's own fonts (game.yaml `fonts:`), checked; empty when it uses the bundled ones only. */
  fonts: GameFont[];
  components: Component[];
  /** The validated deck.yaml cards (engine + printed fields), in file order. */
  deck: Record<string, unknown>[];
  /** The validated `rules:` mapping of rules.yaml (shape: src/engine/<game>/data-types.ts Rules). */
  rules: unknown;
  paths: {
    dataDir: string;
    gameDir: string;
    templatesDir: string;
    game: string;
    deck: string;
    rules: string;
    reference: string;
  };
}

export interface LoadOptions {
  /** Where templates/<game>/*.svg.hbs live. Default: <dataDir>/../templates if it exists, else the package's templates/. */
  templatesDir?: string;
  /** Check that every referenced template file exists (default true; codegen turns it off). */
  checkTemplates?: boolean;
}
