/**
 * Lunar Trick's pieces on the TTS table (src/engine/lunar-trick/table.ts `arrange`): after every
 * move the point tokens show each seat's match points (LT-8), and a piece is moved only when the
 * place the state gives it changed (the reveal's markers and trump side, LT-3/LT-4; a round's
 * points), not all 24 pieces on every move.
 */
import { describe, expect, it } from "vitest";
import { canonical } from "../../src/engine/core/serialize";
import { placesFor, scoreTokenLocal, toWorld } from "../../src/table/layout";
import { Mirror, perform, slow, useFakeTables } from "./driver";

const fixture = useFakeTables("lunar-trick");
const table = fixture.table;

describe("lunar-trick: the pieces (moon markers, trump status card, point tokens)", () => {
  const PIECE = /^(moon-markers|trump-status|point-tokens)\//;

  it("LT-3/LT-4/LT-8: every move leaves the tokens at the totals, and moves a piece only when its place changed", () => {
    const t = table();
    const players = 4;
    const seed = "pieces-1";
    t.startSeeded(players, seed);
    const m = new Mirror("lunar-trick", players, seed);
    // Counts the script's setPosition calls on the pieces (the handles getObjectFromGUID returns).
    t.call(`PIECE_MOVES = 0
      for _, o in pairs(FAKE.objects) do
        local n = o.gm_notes
        if n:sub(1, 13) == "moon-markers/" or n:sub(1, 13) == "trump-status/" or n:sub(1, 13) == "point-tokens/" then
          local set = o.handle.setPosition
          o.handle.setPosition = function(p) PIECE_MOVES = PIECE_MOVES + 1 return set(p) end
        end
      end`);
    const publicPart = (): string => {
      const v = m.game.view(m.state, -1) as { markers: number[]; trumpSide: string; totals: number[] };
      return canonical({ markers: v.markers, trumpSide: v.trumpSide, totals: v.totals });
    };
    let still = 0;
    let changed = 0;
    while (!m.over()) {
      const before = publicPart();
      const moved = Number(t.call("return PIECE_MOVES"));
      const { seat, action } = m.next();
      perform(t, m, seat, action);
      if (m.apply(seat, action).some((e) => e.type === "trick")) t.advance(2);
      t.settle();
      const moves = Number(t.call("return PIECE_MOVES")) - moved;
      if (publicPart() === before) {
        // Nothing the pieces show changed: none of them is touched.
        expect(moves).toBe(0);
        still++;
      } else {
        expect(moves).toBeGreaterThan(0);
        changed++;
      }
      // LT-8: each seat's match points lie in front of it as point tokens.
      const totals = (m.game.view(m.state, -1) as { totals: number[] }).totals;
      const tokens = t.snapshot().objects.filter((o) => o.note.startsWith("point-tokens/"));
      for (let s = 0; s < players; s++) {
        for (let k = 0; k < totals[s]; k++) {
          const at = toWorld(placesFor(players)[s], scoreTokenLocal(k));
          expect(tokens.some((o) => Math.abs(o.x - at.x) < 1e-3 && Math.abs(o.z - at.z) < 1e-3), `seat ${s} token ${k}`).toBe(true);
        }
      }
    }
    expect(still).toBeGreaterThan(50);
    expect(changed).toBeGreaterThan(3);
    const pieces = t.snapshot().objects.filter((o) => PIECE.test(o.note));
    expect(pieces.length).toBe(3 + 1 + 20);
    expect(t.errors()).toEqual([]);
  }, slow(60_000));
});
