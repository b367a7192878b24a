/**
 * What the renderer needs, independent of any game: components with a kind, a trimmed size in mm,
 * a cut shape, template names and items whose values are ready to print. `source.ts` builds this
 * from the data model; tests build it by hand.
 */
import type { GameFont } from "../model/fonts";

import type { IconSet } from "../model/icons";
import type { SheetRow } from "../model/types";
export type ComponentKind = "card" | "token" | "board" | "sheet";

/** Cut shape of one piece inside its w×h box (mm). */
export type CutShape =
  | { type: "rect"; radius?: number }
  | { type: "circle" }
  /** One slice of a disc divided into `slices`; the disc fills the box, the slice points up from its centre. */
  | { type: "pie"; slices: number };

export interface RenderItem {
  id: string;
  /** Physical copies printed. */
  copies: number;
  /** Values handed to the face template as `item`. */
  values: Record<string, unknown>;
  /** Per-item back (e.g. a two-sided status card); otherwise the component's shared back. */
  backTemplate?: string;
  backValues?: Record<string, unknown>;
  /** For multi-page sheets: the face template for this item (defaults to the component's). */
  faceTemplate?: string;
  /** A spreadsheet deck's card: its row and columns, so a warning names the cell. */
  at?: SheetRow;
}

export interface RenderComponent {
  id: string;
  kind: ComponentKind;
  title: string;
  /** Trimmed size in mm. */
  width: number;
  height: number;
  shape: CutShape;
  faceTemplate: string;
  backTemplate?: string;
  /** Values handed to every template of this component as `component` (colours, labels…). */
  values: Record<string, unknown>;
  items: RenderItem[];
}

export interface RenderGame {
  id: string;
  title: string;
  /** Values handed to every template as `game` (palette, icon colours, fonts…). */
  values: Record<string, unknown>;
  /** Colours for inline icons in text, by icon name. */
  iconColors: Record<string, string>;
  /** The game's icons (data/<game>/icons); without them, those in data/ beside the templates folder. */
  icons?: IconSet;
  /** The game's own fonts (templates select them with the text helper's font="<family>"). */
  fonts?: GameFont[];
  components: RenderComponent[];
  /** Folders besides the templates folder that templates may draw images from (the data folder). */
  assetRoots?: string[];
}

/** One printable side of one item: the unit that becomes an SVG, a PNG and PDF placements. */
export interface FaceRef {
  component: RenderComponent;
  item: RenderItem;
  side: "face" | "back";
}

export interface Warning {
  where: string;
  message: string;
  /** overflow: text that does not fit its box (an error for pod and with --strict). */
  kind?: "overflow";
}

/** 1/8 inch. */
export const BLEED_MM = 3.175;
export const DPI = 300;
export const MM_PER_INCH = 25.4;
export const PT_PER_MM = 72 / MM_PER_INCH;
