/**
 * Physical table operations: find objects by their GMNotes (the data id the save builder wrote),
 * take cards out of decks, move/flip/lock them. The only module that calls the TTS object API,
 * so the fake host in test/tts emulates exactly what is used here.
 */
import { PLACES, TABLE_Y, type Point } from "./layout";

export interface Vec {
  x: number;
  y: number;
  z: number;
}

/**
 * The object methods this mod calls, declared `@noSelf` so they compile to dot calls
 * (`obj.getGUID()`), the form the TTS API documents. (The declaration package's TTSObject
 * compiles to colon calls.)
 * @noSelf
 */
export interface TableObject {
  readonly type: string;
  getGUID(): string;
  getGMNotes(): string;
  getName(): string;
  getPosition(): Vec;
  getBounds(): { center: Vec; size: Vec; offset: Vec };
  setPosition(p: Vec): boolean;
  setRotation(r: Vec): boolean;
  setLock(locked: boolean): boolean;
  highlightOn(color: string): boolean;
  highlightOff(): boolean;
  getObjects(): { guid: string; gm_notes: string }[];
  takeObject(params: { guid: string; position: Vec; smooth: boolean }): TableObject;
}

function allObjects(): TableObject[] {
  return getObjects() as unknown as TableObject[];
}

export function objectByGuid(guid: string): TableObject | undefined {
  return getObjectFromGUID(guid) as unknown as TableObject | undefined;
}

/** GMNotes → GUID for every tagged object, loose or inside a deck/bag. */
export function indexObjects(): { [note: string]: string } {
  const out: { [note: string]: string } = {};
  for (const obj of allObjects()) {
    const note = obj.getGMNotes();
    if (note !== "") out[note] = obj.getGUID();
    if (isContainer(obj)) {
      for (const inner of obj.getObjects()) {
        if (inner.gm_notes !== "") out[inner.gm_notes] = inner.guid;
      }
    }
  }
  return out;
}

function isContainer(obj: TableObject): boolean {
  const t = obj.type;
  return t === "Deck" || t === "Bag";
}

/** The object with `guid`, taken out of whichever deck holds it; undefined if it is nowhere. */
export function looseObject(guid: string): TableObject | undefined {
  const direct = objectByGuid(guid);
  if (direct !== undefined) return direct;
  for (const obj of allObjects()) {
    if (!isContainer(obj)) continue;
    for (const inner of obj.getObjects()) {
      if (inner.guid === guid) {
        const p = obj.getPosition();
        return obj.takeObject({ guid: guid, position: { x: p.x, y: p.y + 2, z: p.z }, smooth: false });
      }
    }
  }
  return undefined;
}

/** Card yaw so that it reads upright for the player at `place`. */
export function cardYaw(place: number): number {
  return PLACES[place].yaw + 180;
}

/** Moves a card flat onto the table at `p` (height `level` cards up), face down or up, locked or free. */
export function putCard(guid: string, p: Point, level: number, yaw: number, faceDown: boolean, locked: boolean): void {
  const obj = looseObject(guid);
  if (obj === undefined) return;
  obj.setLock(false);
  obj.setPosition({ x: p.x, y: TABLE_Y + level * 0.05, z: p.z });
  obj.setRotation({ x: 0, y: yaw, z: faceDown ? 180 : 0 });
  if (locked) obj.setLock(true);
}

/** Puts a card into a player's hand (TTS adds objects that land in a hand zone to that hand). */
export function putInHand(guid: string, color: string): void {
  const obj = looseObject(guid);
  if (obj === undefined) return;
  const hand = Player[color as PlayerColor].getHandTransform(1);
  obj.setLock(false);
  obj.setPosition(hand.position);
  obj.setRotation({ x: 0, y: hand.rotation.y + 180, z: 0 });
}

export function setHighlight(guid: string, color: string | undefined): void {
  const obj = objectByGuid(guid);
  if (obj === undefined) return;
  if (color === undefined) obj.highlightOff();
  else obj.highlightOn(color);
}


/** Moves any object (token, marker) to `p`, optionally rotated so its back is up. */
export function putPiece(guid: string, p: Vec, flipped: boolean): void {
  const obj = looseObject(guid);
  if (obj === undefined) return;
  obj.setLock(false);
  obj.setPosition({ x: p.x, y: p.y, z: p.z });
  obj.setRotation({ x: 0, y: 180, z: flipped ? 180 : 0 });
}
