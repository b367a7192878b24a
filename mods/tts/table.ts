/**
 * Physical table operations: find objects by their Memo (the data id the save builder wrote),
 * take cards out of decks, move/flip/lock them. The only module that calls the TTS object API,
 * so the fake host in test/tts emulates exactly what is used here.
 *
 * Moves are targets, not one-shot calls: a card taken out of a deck "will take one or more
 * frames to spawn", and the last card of a deck spawns in the deck's place only after the
 * second-last is taken (`remainder`). So every move records where the object must end up and is
 * retried frame by frame until the object exists and has been put there (`pendingMoves()` = 0).
 */
import { TABLE_Y, type Point } from "../../src/table/layout";
import type { TableHost, TableObject, Vec, ZoneObject } from "../../src/table/host";

export type { TableObject, Vec } from "../../src/table/host";

function allObjects(): TableObject[] {
  return getObjects() as unknown as TableObject[];
}

export function objectByGuid(guid: string): TableObject | undefined {
  return getObjectFromGUID(guid) as unknown as TableObject | undefined;
}

/**
 * Memo → GUID for every tagged object, loose or inside a deck/bag. The ids live in Memo, which
 * players cannot read: TTS shows GM Notes to the Black seat (docs/tts.md, Secrets).
 */
export function indexObjects(): { [note: string]: string } {
  const out: { [note: string]: string } = {};
  for (const obj of allObjects()) {
    const note = obj.memo;
    if (note !== "") out[note] = obj.getGUID();
    if (isContainer(obj)) {
      for (const inner of obj.getObjects()) {
        if (inner.memo !== "") out[inner.memo] = inner.guid;
      }
    }
  }
  return out;
}

export function isContainer(obj: TableObject): boolean {
  const t = obj.type;
  return t === "Deck" || t === "Bag";
}

function containerOf(guid: string): TableObject | undefined {
  for (const obj of allObjects()) {
    if (!isContainer(obj)) continue;
    for (const inner of obj.getObjects()) if (inner.guid === guid) return obj;
  }
  return undefined;
}

interface Target {
  pos: Vec;
  rot: Vec;
  locked: boolean;
  /** Interactable whatever its face (bound for a hand; a two-sided token). */
  open: boolean;
}

/** Where each object must end up, by GUID; `order` keeps them in the order they were asked for. */
const targets: { [guid: string]: Target | undefined } = {};
let order: string[] = [];
/**
 * The last target each object was brought to, kept after its move is done: what a callback that
 * runs later (a deck's remainder finishing its spawn) re-applies, whichever ran first.
 */
const settled: { [guid: string]: Target | undefined } = {};
let retrying = false;
/** Frames a move waits for its object to appear before it is given up (reported by the caller). */
const MAX_FRAMES = 120;
let framesWaited = 0;

function put(obj: TableObject, t: Target): void {
  settled[obj.getGUID()] = t;
  obj.setLock(false);
  obj.setPosition(t.pos);
  obj.setRotation(t.rot);
  if (t.locked) obj.setLock(true);
  shield(obj, faceDownAt(t.rot) && !t.open);
}

/** A rotation that shows an object's back (its face is the +Y side). */
function faceDownAt(r: Vec): boolean {
  const z = r.z % 360;
  return z > 90 && z < 270;
}

/**
 * Face-down cards and piles the script lays on the table (the draw pile, undealt and set-aside
 * cards, face-down commits, set-aside bid cards) are not interactable: TTS's `interactable` is
 * "If the object can be interacted with by Players", so nobody can pick them up, flip, search
 * or peek at them; face-up ones and hand cards are interactable again.
 */
export function shield(obj: TableObject, hidden: boolean): void {
  obj.interactable = !hidden;
}

/** True for what `shield` protects: a face-down card or pile not held in a hand. */
export function shielded(obj: TableObject): boolean {
  return obj.interactable === false;
}

/**
 * True for what players may not act on: a shielded object, or one the script locked in place. TTS
 * documents `locked` only as "frozen in place (preventing physics interactions)", not as keeping
 * players from picking it up or flipping it, so onPlayerAction refuses their actions on it.
 */
export function guarded(obj: TableObject): boolean {
  return shielded(obj) || obj.getLock();
}

/** A pile formed on the table (cards merge into a Deck) is shielded like the cards it formed from. */
export function shieldPile(obj: TableObject): void {
  if (isContainer(obj) && obj.is_face_down) shield(obj, true);
}

/** Shields every face-down pile on the table (after a load: TTS saves no `interactable`). */
export function shieldPiles(): void {
  for (const obj of allObjects()) shieldPile(obj);
}

function done(guid: string): void {
  // Not `delete`: TSTL's delete helper brings in its Error class, which needs `debug` (TTS has none).
  targets[guid] = undefined;
  const kept: string[] = [];
  for (const g of order) if (g !== guid) kept.push(g);
  order = kept;
}

/** One attempt to bring `guid` to its target: true when it is there. */
function attempt(guid: string): boolean {
  const t = targets[guid];
  if (t === undefined) return true;
  const obj = objectByGuid(guid);
  if (obj !== undefined) {
    put(obj, t);
    done(guid);
    return true;
  }
  const box = containerOf(guid);
  if (box !== undefined && lies(box, t.pos)) {
    // Already in a pile at its target (the draw pile is the save's deck): leave it there. Taking
    // it out would only spawn it onto the pile, which it would enter again.
    shieldPile(box);
    settled[guid] = t;
    done(guid);
    return true;
  }
  if (box !== undefined) {
    // The card spawns at its target; once it has spawned, put it there properly (lock, face).
    box.takeObject({
      guid: guid,
      position: t.pos,
      rotation: t.rot,
      smooth: false,
      callback_function: (spawned) => {
        const now = targets[guid];
        if (now !== undefined && !spawned.isDestroyed()) {
          put(spawned, now);
          done(guid);
        }
      },
    });
    // Taking the second-last card destroys the deck; the last one spawns in its place, a new
    // object (interactable by default): it keeps the pile's shield unless it has a target.
    const rest = box.remainder;
    if (rest !== undefined) {
      const restGuid = rest.getGUID();
      const hidden = shielded(box);
      Wait.condition(
        () => settleRemainder(restGuid, hidden),
        () => rest.isDestroyed() || !rest.spawning,
      );
    }
  }
  // Spawning (taken a moment ago, or a remainder): the retry pass finds it next frame.
  retryNextFrame();
  return false;
}

/**
 * A deck's remainder has spawned. Idempotent, and decided by what is true when it runs, not by
 * which callback ran first: a move still due is made; a card the script has already put somewhere
 * (a hand, possibly by the retry pass this very frame) keeps that place's shield; only a card the
 * script never placed keeps the shield of the pile it was left from.
 */
function settleRemainder(guid: string, pileHidden: boolean): void {
  if (targets[guid] !== undefined) {
    attempt(guid);
    return;
  }
  const obj = objectByGuid(guid);
  if (obj === undefined || obj.spawning) return;
  const last = settled[guid];
  if (last !== undefined) shield(obj, faceDownAt(last.rot) && !last.open);
  else if (pileHidden) shield(obj, true);
}

/** A pile at `obj` covers the point `p` (within half a card). */
function lies(obj: TableObject, p: Vec): boolean {
  const at = obj.getPosition();
  return Math.abs(at.x - p.x) < 1 && Math.abs(at.z - p.z) < 1;
}

function retryNextFrame(): void {
  if (retrying) return;
  retrying = true;
  Wait.frames(() => {
    retrying = false;
    framesWaited++;
    const waiting = order.slice();
    for (const g of waiting) if (objectByGuid(g) !== undefined) attempt(g);
    if (order.length > 0 && framesWaited < MAX_FRAMES) retryNextFrame();
    if (order.length === 0) framesWaited = 0;
  }, 1);
}

/** Sends `guid` to a position and rotation (now if it exists, else once it has spawned). */
export function moveTo(guid: string, pos: Vec, rot: Vec, locked: boolean, open = false): void {
  if (targets[guid] === undefined) order.push(guid);
  targets[guid] = { pos: pos, rot: rot, locked: locked, open: open };
  attempt(guid);
}

/** Moves still waiting for their object to spawn. */
export function pendingMoves(): number {
  return order.length;
}

/**
 * Moves a card flat onto the table at `p` (height `level` cards up), face down or up, locked or
 * free. Face down it is shielded (not interactable) unless `open` (a won pile: cards all saw).
 */
export function putCard(guid: string, p: Point, level: number, yaw: number, faceDown: boolean, locked: boolean, open = false): void {
  moveTo(guid, { x: p.x, y: TABLE_Y + level * 0.05, z: p.z }, { x: 0, y: yaw, z: faceDown ? 180 : 0 }, locked, open);
}

/** Puts a card into a player's hand (TTS adds objects that land in a hand zone to that hand). */
export function putInHand(guid: string, color: string): void {
  const hand = Player[color as PlayerColor].getHandTransform(1);
  moveTo(guid, hand.position, { x: 0, y: hand.rotation.y + 180, z: 0 }, false, true);
}

/** Puts a card back where it was picked up (its old place in the hand row), face up for its owner. */
export function putBack(guid: string, at: Vec, color: string): void {
  const hand = Player[color as PlayerColor].getHandTransform(1);
  moveTo(guid, at, { x: 0, y: hand.rotation.y + 180, z: 0 }, false, true);
}

/** Ids (Memo) of the cards in `color`'s hand, as TTS holds them. */
export function handNotes(color: string): string[] {
  const out: string[] = [];
  for (const obj of Player[color as PlayerColor].getHandObjects(1) as unknown as TableObject[]) out.push(obj.memo);
  return out;
}

export function setHighlight(guid: string, color: string | undefined): void {
  const obj = objectByGuid(guid);
  if (obj === undefined) return;
  if (color === undefined) obj.highlightOff();
  else obj.highlightOn(color);
}

/** Turns a card face down where it is (e.g. one lifted from the hand for a hidden commit). */
export function turnFaceDown(obj: TableObject): void {
  const r = obj.getRotation();
  obj.setRotation({ x: r.x, y: r.y, z: 180 });
}

/** Moves any object (token, marker) to `p`, optionally rotated so its back is up. */
export function putPiece(guid: string, p: Vec, flipped: boolean): void {
  moveTo(guid, { x: p.x, y: p.y, z: p.z }, { x: 0, y: 180, z: flipped ? 180 : 0 }, false, true);
}

/**
 * The card ids an object stands for: itself, or every card inside a deck (a player who drops
 * cards onto each other makes a deck).
 */
export function cardNotesOf(obj: TableObject): string[] {
  if (isContainer(obj)) {
    const out: string[] = [];
    for (const inner of obj.getObjects()) out.push(inner.memo);
    return out;
  }
  return [obj.memo];
}

/** Objects lying in a scripting zone (by GUID); undefined when the save has no such zone. */
export function zoneObjects(zoneGuid: string | undefined): TableObject[] | undefined {
  if (zoneGuid === undefined) return undefined;
  const zone = getObjectFromGUID(zoneGuid) as unknown as ZoneObject | undefined;
  if (zone === undefined) return undefined;
  return zone.getObjects();
}

/** The operations game adapters may use (src/table/host.ts). */
export const HOST: TableHost = {
  allObjects: allObjects,
  objectByGuid: objectByGuid,
  putPiece: putPiece,
  putCard: putCard,
  putInHand: putInHand,
  cardNotesOf: cardNotesOf,
  zoneObjects: zoneObjects,
};
