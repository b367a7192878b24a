/**
 * What a game's table adapter may ask of the Tabletop Simulator host. The host glue (mods/tts)
 * implements it with the TTS object API and hands it to the adapter in every `TableContext`, so
 * adapters stay plain code in their game's folder and never call TTS globals themselves.
 */
import type { Point } from "./layout";

export interface Vec {
  x: number;
  y: number;
  z: number;
}

/**
 * The object methods the mod calls, declared `@noSelf` so they compile to dot calls
 * (`obj.getGUID()`), the form the TTS API documents. (The declaration package's TTSObject
 * compiles to colon calls.)
 * @noSelf
 */
export interface TableObject {
  readonly type: string;
  readonly spawning: boolean;
  readonly remainder: TableObject | undefined;
  readonly pick_up_position: Vec | undefined;
  readonly is_face_down: boolean;
  /** TTS: "If the object can be interacted with by Players." */
  interactable: boolean;
  getGUID(): string;
  /** The data id the save builder wrote (TTS: memo "A string where you may persist user-data associated with the object"). */
  readonly memo: string;
  getName(): string;
  getPosition(): Vec;
  getRotation(): Vec;
  getBounds(): { center: Vec; size: Vec; offset: Vec };
  /** TTS: locked "If the object is frozen in place (preventing physics interactions)." */
  getLock(): boolean;
  setPosition(p: Vec): boolean;
  setRotation(r: Vec): boolean;
  setLock(locked: boolean): boolean;
  highlightOn(color: string): boolean;
  highlightOff(): boolean;
  isDestroyed(): boolean;
  getObjects(): { guid: string; memo: string }[];
  takeObject(params: { guid: string; position: Vec; rotation: Vec; smooth: boolean; callback_function: (o: TableObject) => void }): TableObject;
}

/** A zone's getObjects() returns objects (a deck's returns descriptions). */
export interface ZoneObject {
  getObjects(): TableObject[];
}

/** Table operations an adapter may use (mods/tts/table.ts implements each). */
/** @noSelf */
export interface TableHost {
  objectByGuid: (guid: string) => TableObject | undefined;
  /** Moves any object (token, marker) to `p`, optionally rotated so its back is up. */
  putPiece: (guid: string, p: Vec, flipped: boolean) => void;
  /**
   * Moves a card flat onto the table at `p` (height `level` cards up), face down or up, locked or
   * free; face down, players cannot touch it (search, peek, flip) unless `open` (nothing secret).
   */
  putCard: (guid: string, p: Point, level: number, yaw: number, faceDown: boolean, locked: boolean, open?: boolean) => void;
  /** Puts a card into a player's hand. */
  putInHand: (guid: string, color: string) => void;
  /** The card ids (Memo) an object stands for: itself, or every card inside a deck. */
  cardNotesOf: (obj: TableObject) => string[];
  /** Every object on the table. */
  allObjects: () => TableObject[];
  /** Objects lying in a scripting zone (by GUID); undefined when the save has no such zone. */
  zoneObjects: (zoneGuid: string | undefined) => TableObject[] | undefined;
}
