/**
 * The hand zones of a TTS save. A table with a rules script seats 2–4 players at the four places
 * of ./layout.ts, where the script deals and lays out each seat's rows. A plain table (a game
 * without an engine) has only the hand zones to place, so it seats up to MAX_PLAIN_SEATS: up to 4
 * at those same places, more on a ring of as many zones around the middle, inside the shelf of
 * boards and tokens at SHELF_X, with the deck in the middle (the four places leave it a corner
 * that a ring's zone takes). test/tts/seats.test.ts measures that nothing meets. Node only (the
 * save builder, and validate's warning): the table script keeps to layout.ts's four places.
 */
import { DECK_POINT, FATE_POINT, HAND_DISTANCE, PLACES, handPoint, placesFor, round3, type Point } from "./layout";

export interface HandSeat {
  color: string;
  x: number;
  z: number;
  /** Degrees about y, as the places' yaw: the zone's local -z points away from the middle. */
  yaw: number;
}

/** The most seats a table with a rules script has (layout.ts PLACES). */
export const MAX_SCRIPTED_SEATS = PLACES.length;

/** The most seats a plain table has: six zones fit on a ring within the shelf's reach. */
export const MAX_PLAIN_SEATS = 6;

/**
 * TTS's seated player colours in the order its own tables seat them around (White, Brown, Red,
 * Orange, Yellow, Green, Teal, Blue, Purple, Pink): the four places' colours are every 2.5th.
 */
const TTS_COLORS = ["White", "Brown", "Red", "Orange", "Yellow", "Green", "Teal", "Blue", "Purple", "Pink"];

/**
 * Why a save cannot seat `max` players, or undefined when it can. `said` is the clause saying
 * where `max` comes from (game.yaml's players.max at its line).
 */
export function seatsProblem(max: number, scripted: boolean, said: (max: number) => string): string | undefined {
  const limit = scripted ? MAX_SCRIPTED_SEATS : MAX_PLAIN_SEATS;
  if (max <= limit) return undefined;
  const table = scripted ? "a table with a rules script" : "a plain table";
  return `${said(max)}, but the Tabletop Simulator save of ${table} has hand zones for at most ${limit} players: lower players.max, or build without the save (--no-tts)`;
}

/** One hand zone per seat some player count from `min` to `max` uses (`seatsProblem` first). */
export function handSeats(min: number, max: number): HandSeat[] {
  if (max > MAX_PLAIN_SEATS) throw new RangeError(`no table layout for ${max} seats`);
  if (max <= PLACES.length) return usedPlaces(min, max).map((i) => ({ color: PLACES[i].color, ...handPoint(i), yaw: PLACES[i].yaw }));
  return ring(max);
}

/** Every one of layout.ts's places some player count from `min` to `max` seats a player at, in order. */
export function usedPlaces(min: number, max: number): number[] {
  const used = new Set<number>();
  for (let n = min; n <= max; n++) for (const p of placesFor(n)) used.add(p);
  const out: number[] = [];
  for (const p of used) out.push(p);
  return out.sort((a, b) => a - b);
}

/**
 * `n` zones evenly around the middle, White at the bottom as on every table, at the hands'
 * distance: the gap between neighbours' inner corners is what the overlap test measures.
 */
function ring(n: number): HandSeat[] {
  const seats: HandSeat[] = [];
  for (let k = 0; k < n; k++) {
    const yaw = (360 * k) / n;
    const a = (yaw * Math.PI) / 180;
    seats.push({
      color: TTS_COLORS[Math.round((TTS_COLORS.length * k) / n)],
      x: round3(-HAND_DISTANCE * Math.sin(a)),
      z: round3(-HAND_DISTANCE * Math.cos(a)),
      yaw: round3(yaw),
    });
  }
  return seats;
}

/** Where the table's deck lies: the draw pile's corner (layout.ts), or the middle inside a ring. */
export function deckPointFor(seats: HandSeat[]): Point {
  return seats.length > PLACES.length ? FATE_POINT : DECK_POINT;
}
