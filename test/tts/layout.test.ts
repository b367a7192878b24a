/** The table geometry shared by the save builder and the script. */
import { describe, expect, it } from "vitest";
import { handPoint, placesFor, seatColors, toWorld } from "../../mods/tts/layout";

describe("TTS table layout", () => {
  it("seats players clockwise from White (bottom, left, top, right as seen from above)", () => {
    expect(seatColors(2)).toEqual(["White", "Yellow"]);
    expect(seatColors(3)).toEqual(["White", "Red", "Blue"]);
    expect(seatColors(4)).toEqual(["White", "Red", "Yellow", "Blue"]);
    // Clockwise seen from above (x right, z up the screen): bottom (z<0) → left (x<0) → top → right.
    const angles = placesFor(4).map((p) => {
      const h = handPoint(p);
      return Math.atan2(h.z, h.x);
    });
    for (let i = 1; i < angles.length; i++) {
      const step = (angles[i - 1] - angles[i] + 2 * Math.PI) % (2 * Math.PI);
      expect(step).toBeCloseTo(Math.PI / 2, 6);
    }
  });

  it("maps a seat's forward (towards the centre) and right to world axes", () => {
    // White sits at the bottom: forward is +z, right is +x.
    expect(toWorld(0, { x: 1, z: 0 })).toEqual({ x: 1, z: 0 });
    expect(toWorld(0, { x: 0, z: 1 })).toEqual({ x: 0, z: 1 });
    // Red sits on the left (x < 0): forward is +x, its right hand points to -z.
    expect(toWorld(1, { x: 0, z: 1 })).toEqual({ x: 1, z: 0 });
    expect(toWorld(1, { x: 1, z: 0 })).toEqual({ x: 0, z: -1 });
    // Every hand lies opposite its seat's forward direction.
    for (const p of [0, 1, 2, 3]) {
      const h = handPoint(p);
      const f = toWorld(p, { x: 0, z: 1 });
      expect(h.x * f.x + h.z * f.z).toBeLessThan(0);
    }
  });
});
