/**
 * The hand zones of a save (src/table/seats.ts): a table with the rules script seats 2–4 at the four
 * places the script lays out; a plain table (no engine) up to six, more than four on a ring. Measured
 * as TTS lays them (footprints.ts: turned rectangles): no two zones meet, none reaches the middle
 * deck or the shelf of boards and tokens.
 */
import { describe, expect, it } from "vitest";
import { DECK_POINT, FATE_POINT, HAND_SIZE, PLACES, SHELF_TOP_Z, SHELF_X, CARD_H, CARD_W, handPoint, seatColors } from "../../src/table/layout";
import { MAX_PLAIN_SEATS, deckPointFor, handSeats, seatsProblem } from "../../src/table/seats";
import { GAME_IDS, findGame } from "../../src/engine/registry";
import { intersects, overlaps, type Footprint } from "./footprints";

/** TTS's seated player colours (its Player colours without Grey and Black). */
const TTS_COLORS = ["White", "Brown", "Red", "Orange", "Yellow", "Green", "Teal", "Blue", "Purple", "Pink"];

function zone(seat: { color: string; x: number; z: number; yaw: number }): Footprint {
  return { name: `hand zone ${seat.color}`, layer: "hand", x: seat.x, z: seat.z, w: HAND_SIZE.x, d: HAND_SIZE.z, yaw: seat.yaw, group: seat.color };
}

describe("hand zones", () => {
  it("of every shipped game are its places' (src/table/layout.ts), as the script deals to them", () => {
    for (const id of GAME_IDS) {
      const g = findGame(id)!;
      const colors = new Set<string>();
      for (let n = g.minPlayers; n <= g.maxPlayers; n++) for (const c of seatColors(n)) colors.add(c);
      const expected = PLACES.flatMap((p, i) => (colors.has(p.color) ? [{ color: p.color, ...handPoint(i), yaw: p.yaw }] : []));
      expect(handSeats(g.minPlayers, g.maxPlayers), id).toEqual(expected);
    }
  });

  it("for up to four: the deck in the draw pile's corner, three at White, Red and Blue; a ring's deck lies in the middle", () => {
    expect(deckPointFor(handSeats(2, 4))).toEqual(DECK_POINT);
    expect(deckPointFor(handSeats(2, 5))).toEqual(FATE_POINT);
    expect(handSeats(3, 3).map((s) => s.color)).toEqual(["White", "Red", "Blue"]);
  });

  for (let n = 5; n <= MAX_PLAIN_SEATS; n++) {
    it(`of a plain table for ${n}: ${n} TTS colours around the middle, White at the bottom, no zone meeting another, the deck or the shelf`, () => {
      const seats = handSeats(2, n);
      expect(seats).toHaveLength(n);
      expect(new Set(seats.map((s) => s.color)).size).toBe(n);
      for (const s of seats) expect(TTS_COLORS).toContain(s.color);
      expect(seats[0]).toMatchObject({ color: "White", x: 0, yaw: 0 });
      expect(seats[0].z).toBeLessThan(0);
      // Each zone faces the middle: its own -z points away from it (as the four places' do).
      for (const s of seats) {
        const a = (s.yaw * Math.PI) / 180;
        const outward = { x: -Math.sin(a), z: -Math.cos(a) };
        expect(outward.x * s.x + outward.z * s.z).toBeCloseTo(Math.hypot(s.x, s.z), 6);
      }
      const zones = seats.map(zone);
      expect(overlaps(zones)).toEqual([]);
      // The middle deck, and the shelf's column: pieces up to a board's 10 units wide, centred on
      // SHELF_X, from SHELF_TOP_Z down as far as a game's pieces take it.
      const at = deckPointFor(seats);
      const deck: Footprint = { name: "deck", layer: "piece", x: at.x, z: at.z, w: CARD_W, d: CARD_H, yaw: 0, group: "deck" };
      const shelf: Footprint = { name: "shelf", layer: "floor", x: SHELF_X, z: SHELF_TOP_Z - 100, w: 10, d: 200, yaw: 0, group: "shelf" };
      for (const z of zones) expect(intersects(z, deck) || intersects(z, shelf), z.name).toBe(false);
    });
  }

  it("past what a table seats: a problem naming where the count comes from and the way out", () => {
    const plain = (max: number): string => `data/x/game.yaml:7:23: players.max is ${max}`;
    expect(seatsProblem(MAX_PLAIN_SEATS, false, plain)).toBeUndefined();
    expect(seatsProblem(7, false, plain)).toBe(
      "data/x/game.yaml:7:23: players.max is 7, but the Tabletop Simulator save of a plain table has hand zones for at most 6 players: lower players.max, or build without the save (--no-tts)",
    );
    expect(seatsProblem(4, true, plain)).toBeUndefined();
    expect(seatsProblem(5, true, (max) => `the x engine seats up to ${max} players`)).toBe(
      "the x engine seats up to 5 players, but the Tabletop Simulator save of a table with a rules script has hand zones for at most 4 players: lower players.max, or build without the save (--no-tts)",
    );
    expect(() => handSeats(2, 7)).toThrow(RangeError);
  });
});
