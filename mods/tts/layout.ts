/**
 * Table geometry shared by the save builder (Node, src/tts) and the host glue (Lua, mods/tts):
 * both import this file, so the hand zones, trick slots and piles the builder writes into the
 * save are exactly where the script moves cards. Plain arithmetic only (it compiles to Lua).
 *
 * Coordinates are TTS world units: x to the right and z away from the White seat (bottom of the
 * top-down view), y up. Each seat has a frame: local x = the seated player's right, local z =
 * towards the table centre; `toWorld` rotates a local point by the seat's yaw.
 */

export interface Point {
  x: number;
  z: number;
}

/** One of the four places around the table, clockwise from the bottom as seen from above. */
export interface Place {
  color: string;
  /** Degrees about the y axis: 0 bottom (faces +z), 90 left, 180 top, 270 right. */
  yaw: number;
}

export const PLACES: Place[] = [
  { color: "White", yaw: 0 },
  { color: "Red", yaw: 90 },
  { color: "Yellow", yaw: 180 },
  { color: "Blue", yaw: 270 },
];

/** Places used for each player count (engine seats are clockwise, seat 0 first). */
export function placesFor(players: number): number[] {
  if (players === 2) return [0, 2];
  if (players === 3) return [0, 1, 3];
  return [0, 1, 2, 3];
}

/** Seat colours for `players` players, seat 0 first. */
export function seatColors(players: number): string[] {
  const out: string[] = [];
  for (const p of placesFor(players)) out.push(PLACES[p].color);
  return out;
}

export function toWorld(place: number, local: Point): Point {
  const a = (PLACES[place].yaw * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  // Rounded so Node and Lua agree to the digit and saves stay byte-stable.
  return { x: round3(local.x * c + local.z * s), z: round3(-local.x * s + local.z * c) };
}

export function round3(v: number): number {
  return Math.floor(v * 1000 + 0.5) / 1000;
}

/** Card footprint at scale 1 (TTS standard card), used for spacing. */
export const CARD_W = 2.2;
export const CARD_H = 3.1;
/** Height cards are placed at (they settle onto the table). */
export const TABLE_Y = 1.2;

export const HAND_DISTANCE = 17;
export const HAND_SIZE = { x: 16, y: 5, z: 4 };
/** The play zone: a square in the middle of the table (ScriptingTrigger). */
export const PLAY_ZONE = { x: 0, z: 0, size: 12, height: 4 };

/** Where `seat`'s k-th card of the current trick lies (k = 0 first card, 1 second...). */
export function slotLocal(k: number, cardsPerSeat: number): Point {
  return { x: (k - (cardsPerSeat - 1) / 2) * (CARD_W + 0.3), z: -3.6 };
}

/** Centre of the pile of cards a seat has won this round (to the player's right). */
export const PILE_LOCAL: Point = { x: 5.5, z: -8 };
/** Where a seat's scoring pieces (point tokens, bonus cards) gather (to the player's left). */
export const SCORE_LOCAL: Point = { x: -5.5, z: -8 };
/** The draw deck / set-aside cards (the corner between the top and left places). */
export const DECK_POINT: Point = { x: -9, z: 9 };
/** Boards, extra decks and token supplies stand in a column right of the play area. */
export const SHELF_X = 27;
export const SHELF_TOP_Z = 14;

export function handPoint(place: number): Point {
  return toWorld(place, { x: 0, z: -HAND_DISTANCE });
}
