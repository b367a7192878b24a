/**
 * Table geometry shared by the save builder (Node, src/tts) and the host glue (Lua, mods/tts):
 * both import this file, so the hand zones, play areas, play slots and piles the builder writes
 * into the save are exactly where the script moves cards and where it looks for drops. Plain
 * arithmetic only (it compiles to Lua). test/tts/layout.test.ts checks that no two things the
 * script places can overlap, for every game and player count.
 *
 * Coordinates are TTS world units: x to the right and z away from the White seat (bottom of the
 * top-down view), y up. Each seat has a frame: local x = the seated player's right, local z =
 * towards the table centre; `toWorld` rotates a local point by the seat's yaw.
 *
 * Around each seat, from the middle outwards: its play slots inside the play area; row A (won
 * pile on the right, score pieces on the left, a bid in front; in meld games the declared melds);
 * row B (a bid set aside; in meld games where a meld is laid out before it is declared); the hand.
 * Everything of a seat stays within |x| <= SEAT_HALF_WIDTH of its frame, so neighbouring seats'
 * rows never meet; the corners between seats hold the draw deck, the discard and bonus piles.
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
/**
 * World units of a Custom_Tile and a Custom_Board at scale 1 (TTS defaults; see docs/tts.md): the
 * save's builder scales them by these, and the table self-check measures them against these.
 */
export const TILE_UNITS_AT_SCALE_1 = 2;
export const BOARD_UNITS_AT_SCALE_1 = 10;
export const CARD_H = 3.1;
/** Height cards are placed at (they settle onto the table). */
export const TABLE_Y = 1.2;

/** Half the width of the strip in front of a seat that its rows use (see the header). */
export const SEAT_HALF_WIDTH = 7;

/** Hand zones (HandTrigger): centred HAND_DISTANCE from the middle; x along the seat, z depth. */
export const HAND_DISTANCE = 17.5;
export const HAND_SIZE = { x: 16, y: 5, z: 4 };

/** The play area: a square in the middle of the table (ScriptingTrigger, outline and label). */
export const PLAY_ZONE = { x: 0, z: 0, size: 14, height: 4 };

/** Play slots: CARD_W + SLOT_GAP apart, SLOT_Z in front of the centre (inside the play area). */
export const SLOT_Z = -4.5;
export const SLOT_GAP = 0.3;

/** Where `seat`'s k-th card in the play area lies (k = 0 first card, 1 second...). */
export function slotLocal(k: number, cardsPerSeat: number): Point {
  return { x: round3((k - (cardsPerSeat - 1) / 2) * (CARD_W + SLOT_GAP)), z: SLOT_Z };
}

/** Depth (local z) of the two rows between the play area and the hand. */
export const ROW_A_Z = -9;
export const ROW_B_Z = -13.25;

/** Centre of the pile of cards a seat has won this round (row A, on the player's right). */
export const PILE_LOCAL: Point = { x: 4.5, z: ROW_A_Z };
/**
 * Anchor of a seat's scoring pieces (row A, on the player's left): point tokens fill a grid from
 * here (`scoreTokenLocal`), bonus cards fan out leftwards from here (`bonusCardLocal`).
 */
export const SCORE_LOCAL: Point = { x: -2.5, z: ROW_A_Z };
/** Point tokens per row of the score grid, and the grid's pitch. */
export const SCORE_TOKENS_PER_ROW = 5;
export const SCORE_TOKEN_PITCH = { x: 0.9, z: 1.05 };

/** The k-th point token of a seat (k from 0): rows of five from SCORE_LOCAL to the left, then outwards. */
export function scoreTokenLocal(k: number): Point {
  const col = k % SCORE_TOKENS_PER_ROW;
  const row = Math.floor(k / SCORE_TOKENS_PER_ROW);
  return { x: round3(SCORE_LOCAL.x - 0.4 - col * SCORE_TOKEN_PITCH.x), z: round3(ROW_A_Z + 1.5 - row * SCORE_TOKEN_PITCH.z) };
}

/** Bonus cards a seat holds fan out leftwards from SCORE_LOCAL, BONUS_FAN apart. */
export const BONUS_FAN = 0.55;

export function bonusCardLocal(k: number): Point {
  return { x: round3(SCORE_LOCAL.x - k * BONUS_FAN), z: ROW_A_Z };
}

/** A chosen bid card lies face down in front of its seat (row A); the others are set aside behind it (row B). */
export const BID_LOCAL: Point = { x: 0, z: ROW_A_Z };
export const ASIDE_LOCAL: Point = { x: 0, z: ROW_B_Z };

/** The draw deck / set-aside cards, and the discard pile beside it (the corner between the top and left places). */
export const DECK_POINT: Point = { x: -12.4, z: 10.4 };
export const DISCARD_POINT: Point = { x: -9.6, z: 10.4 };
/** The supply of bonus cards (the corner between the top and right places). */
export const BONUS_PILE: Point = { x: 10.4, z: 10.4 };
/** A card face up in the very middle of the table. */
export const FATE_POINT: Point = { x: 0, z: 0 };

/**
 * Meld games: a seat's declared melds lie in row A, left to right from the player's left, each
 * fanned MELD_FAN per card and MELD_GAP apart; when a long row would not fit, fan and gap shrink
 * together so the row always stays inside MELD_ROW (up to 6 melds never overlap one another).
 */
export const MELD_ROW = { x: 0, z: ROW_A_Z, halfX: SEAT_HALF_WIDTH, halfZ: 2 };
export const MELD_FAN = 0.45;
export const MELD_GAP = 0.3;
const MELD_MARGIN = 0.2;

/** Fan and gap for melds of these sizes (cards per meld, in declaration order). */
export function meldSpacing(sizes: number[]): { fan: number; gap: number } {
  let cards = 0;
  for (const n of sizes) cards += n;
  const m = sizes.length;
  const room = 2 * (MELD_ROW.halfX - MELD_MARGIN) - m * CARD_W;
  const natural = (cards - m) * MELD_FAN + (m - 1) * MELD_GAP;
  if (natural <= room) return { fan: MELD_FAN, gap: MELD_GAP };
  const f = room > 0 ? room / natural : 0;
  return { fan: MELD_FAN * f, gap: MELD_GAP * f };
}

/** Local point of card j of meld k of a seat whose melds have these sizes. */
export function meldCardLocal(sizes: number[], k: number, j: number): Point {
  const s = meldSpacing(sizes);
  let x = MELD_ROW.x - MELD_ROW.halfX + MELD_MARGIN + CARD_W / 2;
  for (let i = 0; i < k; i++) x += CARD_W + (sizes[i] - 1) * s.fan + s.gap;
  return { x: round3(x + j * s.fan), z: MELD_ROW.z };
}

/** Meld games: where a player lays a meld's cards out before declaring it (row B). */
export const STAGE_LOCAL = { x: 0, z: ROW_B_Z, halfX: SEAT_HALF_WIDTH, halfZ: 2 };

/**
 * A face-down commit once revealed: the table's own card (seat -1) in the middle, each seat's
 * in its first slot, where it was committed face down.
 */
export function commitPoint(players: number, seat: number): Point {
  if (seat < 0) return FATE_POINT;
  return toWorld(placesFor(players)[seat], slotLocal(0, 1));
}

/** Boards, extra decks and token supplies stand in a column right of the table's seats. */
export const SHELF_X = 27;
export const SHELF_TOP_Z = 14;

/** A board lying on the table, as the script finds it: centre and half its width. */
export interface Sheet {
  x: number;
  z: number;
  half: number;
}

/** Where a board's marker i waits, left of the board, until it is placed. */
export function markerRestPoint(sheet: Sheet, i: number): Point {
  return { x: round3(sheet.x - sheet.half - 1.5), z: round3(sheet.z - 2 + i * 2) };
}

/** The supply of point tokens (a stack right of a board). */
export function tokenSupplyPoint(sheet: Sheet): Point {
  return { x: round3(sheet.x + sheet.half + 1.5), z: sheet.z };
}

/** A status card below a board. */
export function trumpCardPoint(sheet: Sheet): Point {
  return { x: sheet.x, z: round3(sheet.z - sheet.half - 2.5) };
}

export function handPoint(place: number): Point {
  return toWorld(place, { x: 0, z: -HAND_DISTANCE });
}

/**
 * A labelled play area: outlined on the table by a vector line with 3D-text labels (src/tts/areas.ts)
 * over a ScriptingTrigger of the same footprint (GMNotes `zone/<id>`), so what players see is
 * where the script looks.
 */
export interface Area {
  /** "play", "meld-stage/<Color>" (where a meld is laid out: src/table/zones.ts `meldZoneNote`) or "meld-row/<Color>". */
  id: string;
  label: string;
  /** The place whose frame the area is in, -1 for the middle of the table. */
  place: number;
  centre: Point;
  yaw: number;
  /** Size along the area's own x (the seat's left-right) and z. */
  width: number;
  depth: number;
}

function seatArea(id: string, label: string, place: number, box: { x: number; z: number; halfX: number; halfZ: number }): Area {
  return { id: id, label: label, place: place, centre: toWorld(place, { x: box.x, z: box.z }), yaw: PLACES[place].yaw, width: 2 * box.halfX, depth: 2 * box.halfZ };
}

/**
 * The labelled areas of a table, for the places `places` (every place some player count uses):
 * the play area, and with `melds` a staging area and a meld row per seat.
 */
export function tableAreas(melds: boolean, places: number[]): Area[] {
  const out: Area[] = [
    { id: "play", label: "Play cards here", place: -1, centre: { x: PLAY_ZONE.x, z: PLAY_ZONE.z }, yaw: 0, width: PLAY_ZONE.size, depth: PLAY_ZONE.size },
  ];
  if (!melds) return out;
  for (const p of places) {
    const color = PLACES[p].color;
    out.push(seatArea("meld-row/" + color, color + "'s melds", p, MELD_ROW));
    out.push(seatArea("meld-stage/" + color, "Meld here: lay the cards out, then press Declare meld", p, STAGE_LOCAL));
  }
  return out;
}

/** Card yaw so that it reads upright for the player at `place`. */
export function cardYaw(place: number): number {
  return PLACES[place].yaw + 180;
}
