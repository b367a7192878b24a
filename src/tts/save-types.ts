/**
 * Save-file types from @typed-tabletop-simulator/declaration (ambient declarations: this one
 * reference brings them in), plus the few fields that package does not model.
 */
/// <reference types="@typed-tabletop-simulator/declaration" />

export type Save = TTSSave;
export type AnyObject = ObjectData;
export type CardObject = CardCustomData;
export type DeckObject = DeckCustomData;
export type CustomDeck = CustomDeckData;
export type BoardObject = BoardCustomData;
export type TileObject = TileData;
export type TokenObject = TokenData;
export type Transform = TransformData;

/** HandTrigger: the declaration's HandZoneData lacks the seat colour field. */
export interface HandObject extends ObjectData {
  FogColor: string;
}

/** TTS object type names (the declaration's ObjectName is a const enum, unusable from tsx/esbuild). */
export const NAMES = {
  card: "Card",
  deck: "Deck",
  board: "Custom_Board",
  tile: "Custom_Tile",
  token: "Custom_Token",
  hand: "HandTrigger",
  scripting: "ScriptingTrigger",
} as const;

export function objectName(name: (typeof NAMES)[keyof typeof NAMES]): ObjectName {
  return name as unknown as ObjectName;
}
