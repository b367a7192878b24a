/**
 * The table geometry shared by the save builder and the script: seats, and a layout in which
 * nothing overlaps. Every object's footprint (size × scale, turned by its yaw) is computed from
 * the built save and from the same layout.ts functions the script places things with, for every
 * game and player count (issue 15: melds on the draw pile, the fate card on a trick slot).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import {
  MELD_ROW,
  PLACES,
  PLAY_ZONE,
  STAGE_LOCAL,
  TABLE_Y,
  handPoint,
  meldCardLocal,
  placesFor,
  seatColors,
  tableAreas,
  toWorld,
} from "../../src/table/layout";
import { findGame } from "../../src/engine/registry";
import { engineDeckComponent } from "../../src/tts/build";
import { buildFakeSave, type Built } from "./driver";
import { repoModel } from "./fixtures";
import { PLAY_ZONE_NOTE, meldZoneNote } from "../../src/table/zones";
import { findDefinition } from "../../src/games/index";
import { inPlay, inside, intersects, objectFootprint, overlaps, type Footprint } from "./footprints";
import { expectNoOverlapAsSaved } from "./save-checks";
import { ENGINE_GAMES } from "../games";

// Every engine game (a plain save of a game without one: test/tts/save.test.ts).
const GAMES = ENGINE_GAMES;
const built = new Map<string, Built>();

beforeAll(async () => {
  for (const g of GAMES) built.set(g, await buildFakeSave(g));
}, 120_000);

afterAll(() => {
  for (const b of built.values()) fs.rmSync(b.outDir, { recursive: true, force: true });
});

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

describe("footprint geometry (the overlap test's own check)", () => {
  const box = (x: number, z: number, w: number, d: number, yaw = 0): Footprint => ({ name: "b", layer: "piece", x, z, w, d, yaw, group: `${x},${z},${yaw}` });
  it("finds overlaps of turned rectangles and ignores touching edges", () => {
    expect(intersects(box(0, 0, 2, 2), box(1.9, 0, 2, 2))).toBe(true);
    expect(intersects(box(0, 0, 2, 2), box(2, 0, 2, 2))).toBe(false);
    // A 4 × 1 bar turned 90° reaches 2 units along z, not 0.5.
    expect(intersects(box(0, 0, 4, 1, 90), box(0, 1.9, 1, 1))).toBe(true);
    expect(intersects(box(0, 0, 4, 1, 0), box(0, 1.9, 1, 1))).toBe(false);
    // Turned 45°: the corner reaches √2 out.
    expect(intersects(box(0, 0, 2, 2, 45), box(2.3, 0, 2, 2))).toBe(true);
    expect(inside(box(0, 0, 1, 3, 90), box(0, 0, 4, 2))).toBe(true);
    expect(inside(box(0, 0, 1, 3, 0), box(0, 0, 4, 2))).toBe(false);
    expect(overlaps([box(0, 0, 2, 2), { ...box(1, 0, 2, 2), group: box(0, 0, 2, 2).group }])).toEqual([]);
  });
});

describe.each(GAMES)("%s table", (game) => {
  const engine = findGame(game)!;
  const counts = Array.from({ length: engine.maxPlayers - engine.minPlayers + 1 }, (_, i) => engine.minPlayers + i);

  it("as saved: no two objects, areas or hand zones overlap", () => {
    expectNoOverlapAsSaved(repoModel(game), built.get(game)!.save);
  });

  it.each(counts)("in play with %i players: every spot the script uses is clear of every other", (players) => {
    const model = repoModel(game);
    const { save } = built.get(game)!;
    const deck = engineDeckComponent(model).id;
    // Eclipsed: six melds of a seat (more than a round has room for) plus a long run.
    const melds = game === "eclipsed" ? [2, 2, 3, 2, 2, 4] : [];
    const fps = inPlay(model, save, deck, players, { melds });
    expect(overlaps(fps)).toEqual([]);
    // The trick slots lie in the play area, clear of the middle.
    const play = fps.find((f) => f.name === "area/play")!;
    expect(play.w).toBe(PLAY_ZONE.size);
  });

  it.each(counts)("with %i players: each area the script reads is outlined exactly on its ScriptingTrigger's footprint", (players) => {
    const { save } = built.get(game)!;
    const areas = tableAreas(findDefinition(game)?.table.meldAreas ?? false, placesFor(players));
    expect(areas.map((a) => a.id)).toContain("play");
    expect(areas.some((a) => a.id.startsWith("meld-row/"))).toBe(game === "eclipsed");
    const lines = save.VectorLines as SavedLine[];
    for (const area of areas) {
      const zone = save.ObjectStates.find((o: { Memo?: string }) => o.Memo === `zone/${area.id}`);
      expect(zone.Name).toBe("ScriptingTrigger");
      expect([zone.Transform.scaleX, zone.Transform.scaleZ]).toEqual([area.width, area.depth]);
      const corners = zoneCorners(zone.Transform);
      const drawn = lines.filter((l) => sameRectangle(lineWorldPoints(l), corners));
      expect(drawn.length, `${area.id}: one outline on its zone's edges`).toBe(1);
      expect(drawn[0].loop).toBe(true);
      // Lines lie on the table (the API's example draws at y = 1), under the cards (TABLE_Y).
      for (const p of drawn[0].points3) expect(p.y).toBeLessThan(TABLE_Y);
      // Its labels: locked 3D text with the area's words, lying inside the area.
      const labels = save.ObjectStates.filter((o: { Memo?: string }) => o.Memo?.startsWith(`label/${area.id}/`));
      expect(labels.length).toBeGreaterThan(0);
      for (const l of labels) {
        expect([l.Name, l.Locked, l.Text.Text]).toEqual(["3DText", true, area.label]);
        expect(insideRectangle({ x: l.Transform.posX, z: l.Transform.posZ }, zone.Transform)).toBe(true);
      }
    }
    // Nothing else draws an area: every line outlines a zone, and no tile stands for one.
    const zones = save.ObjectStates.filter((o: { Name: string; Memo?: string }) => o.Name === "ScriptingTrigger" && o.Memo?.startsWith("zone/"));
    expect(lines.length).toBe(zones.length);
    for (const l of lines) expect(zones.some((z: { Transform: ZoneTransform }) => sameRectangle(lineWorldPoints(l), zoneCorners(z.Transform)))).toBe(true);
    expect(save.ObjectStates.filter((o: { Memo?: string }) => o.Memo?.startsWith("area/"))).toEqual([]);
  });

  it("area labels face their readers: a seat's areas its seat, the middle every seat", () => {
    const { save } = built.get(game)!;
    const places = [...new Set(counts.flatMap((n) => placesFor(n)))].sort();
    for (const area of tableAreas(findDefinition(game)?.table.meldAreas ?? false, places)) {
      const yaws = save.ObjectStates.filter((o: { Memo?: string }) => o.Memo?.startsWith(`label/${area.id}/`)).map((l: { Transform: { rotX: number; rotY: number } }) => {
        expect(l.Transform.rotX).toBe(90);
        return l.Transform.rotY;
      });
      expect(yaws.sort()).toEqual((area.place < 0 ? places : [area.place]).map((p) => PLACES[p].yaw).sort());
    }
  });

  it("the zones the script looks up by note are the labelled areas", () => {
    const { save } = built.get(game)!;
    const places = [...new Set(counts.flatMap((n) => placesFor(n)))].sort();
    const notes = save.ObjectStates.map((o: { Memo?: string }) => o.Memo);
    expect(notes).toContain(PLAY_ZONE_NOTE);
    for (const p of places) expect(notes.includes(meldZoneNote(PLACES[p].color))).toBe(game === "eclipsed");
    // The play zone the script is configured with is the labelled middle.
    const play = save.ObjectStates.find((o: { Memo?: string }) => o.Memo === PLAY_ZONE_NOTE);
    expect(save.LuaScript).toContain(`playZone = "${play.GUID}"`);
  });
});

/** Every list of meld sizes (2..9 cards each) of up to `maxMelds` melds and `maxCards` cards. */
function meldRows(maxMelds: number, maxCards: number): number[][] {
  const out: number[][] = [];
  const grow = (row: number[], cards: number): void => {
    if (row.length > 0) out.push(row);
    if (row.length === maxMelds) return;
    for (let n = 2; n <= 9 && cards + n <= maxCards; n++) grow([...row, n], cards + n);
  };
  grow([], 0);
  return out;
}

describe("Eclipsed meld rows", () => {
  const row: Footprint = { name: "row", layer: "floor", x: MELD_ROW.x, z: MELD_ROW.z, w: 2 * MELD_ROW.halfX, d: 2 * MELD_ROW.halfZ, yaw: 0, group: "row" };
  const cardAt = (x: number, z: number, group: string): Footprint => ({ name: group, layer: "piece", x, z, w: 2.2, d: 3.1, yaw: 180, group, on: "row" });

  it("keeps every meld inside its row and clear of the others, up to 6 melds and 14 cards", () => {
    const rows = meldRows(6, 14);
    expect(rows.length).toBeGreaterThan(500);
    for (const sizes of rows) {
      const fps: Footprint[] = [row];
      sizes.forEach((n, k) => {
        for (let j = 0; j < n; j++) {
          const p = meldCardLocal(sizes, k, j);
          fps.push(cardAt(p.x, p.z, `meld ${k + 1} of [${sizes.join(",")}]`));
        }
      });
      expect(overlaps(fps)).toEqual([]);
    }
  });

  it("fans a round's melds (up to 9 cards) at full spacing, every card's corner showing", () => {
    for (const sizes of meldRows(4, 9)) {
      for (let k = 0; k < sizes.length; k++) {
        if (sizes[k] > 1) expect(meldCardLocal(sizes, k, 1).x - meldCardLocal(sizes, k, 0).x).toBeCloseTo(0.45, 6);
      }
    }
  });

  it("lays the staging area between the meld row and the hand", () => {
    expect(STAGE_LOCAL.z + STAGE_LOCAL.halfZ).toBeLessThanOrEqual(MELD_ROW.z - MELD_ROW.halfZ);
  });
});

/** A saved vector line (TTS VectorLineState: points3, color, thickness, rotation, loop). */
interface SavedLine {
  points3: { x: number; y: number; z: number }[];
  rotation: { x: number; y: number; z: number };
  loop: boolean;
}
interface ZoneTransform {
  posX: number;
  posZ: number;
  rotY: number;
  scaleX: number;
  scaleZ: number;
}
/** Drawn and read extents agree to this (world units): float rounding, nothing a player could see. */
const TINY = 1e-6;

/**
 * A line's points on the table (x, z) after its rotation. Unity (TTS) turns by Euler angles z,
 * then x, then y; the docs name no pivot for a Global line, so the builder writes rotation 0 (and
 * this asserts it: with a rotation the drawn place would depend on that unknown pivot).
 */
function lineWorldPoints(l: SavedLine): { x: number; z: number }[] {
  expect(l.rotation).toEqual({ x: 0, y: 0, z: 0 });
  const r = (d: number) => (d * Math.PI) / 180;
  return l.points3.map((p) => {
    let { x, y, z } = p;
    [x, y] = [x * Math.cos(r(l.rotation.z)) - y * Math.sin(r(l.rotation.z)), x * Math.sin(r(l.rotation.z)) + y * Math.cos(r(l.rotation.z))];
    [y, z] = [y * Math.cos(r(l.rotation.x)) - z * Math.sin(r(l.rotation.x)), y * Math.sin(r(l.rotation.x)) + z * Math.cos(r(l.rotation.x))];
    [x, z] = [x * Math.cos(r(l.rotation.y)) + z * Math.sin(r(l.rotation.y)), -x * Math.sin(r(l.rotation.y)) + z * Math.cos(r(l.rotation.y))];
    return { x, z };
  });
}

/** The four corners of a ScriptingTrigger's footprint: its scale is its size, turned by its yaw. */
function zoneCorners(t: ZoneTransform): { x: number; z: number }[] {
  const a = (t.rotY * Math.PI) / 180;
  return [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([u, v]) => {
    const lx = (u * t.scaleX) / 2;
    const lz = (v * t.scaleZ) / 2;
    return { x: t.posX + lx * Math.cos(a) + lz * Math.sin(a), z: t.posZ - lx * Math.sin(a) + lz * Math.cos(a) };
  });
}

function insideRectangle(p: { x: number; z: number }, t: ZoneTransform): boolean {
  const a = (t.rotY * Math.PI) / 180;
  const dx = p.x - t.posX;
  const dz = p.z - t.posZ;
  return Math.abs(dx * Math.cos(a) - dz * Math.sin(a)) < t.scaleX / 2 && Math.abs(dx * Math.sin(a) + dz * Math.cos(a)) < t.scaleZ / 2;
}

/** The closed polyline `points` runs exactly around the rectangle `corners` (same corners, in order around it). */
function sameRectangle(points: { x: number; z: number }[], corners: { x: number; z: number }[]): boolean {
  if (points.length !== corners.length) return false;
  const at = (p: { x: number; z: number }) => corners.findIndex((c) => Math.abs(c.x - p.x) <= TINY && Math.abs(c.z - p.z) <= TINY);
  const idx = points.map(at);
  if (idx.some((i) => i < 0) || new Set(idx).size !== corners.length) return false;
  // Consecutive points are neighbouring corners (no diagonal crossing the area).
  for (let i = 0; i < idx.length; i++) {
    const step = (idx[(i + 1) % idx.length] - idx[i] + 4) % 4;
    if (step !== 1 && step !== 3) return false;
  }
  return true;
}

describe("outline matching (the area test's own check)", () => {
  const zone: ZoneTransform = { posX: 0, posZ: -9, rotY: 90, scaleX: 14, scaleZ: 4 };
  const line = (pts: { x: number; z: number }[]): SavedLine => ({ points3: pts.map((p) => ({ x: p.x, y: 1, z: p.z })), rotation: { x: 0, y: 0, z: 0 }, loop: true });
  it("accepts the zone's own corners and refuses a line off by 0.01, a crossed or a missing corner", () => {
    const c = zoneCorners(zone);
    // Turned a quarter: 14 along z, 4 along x.
    expect(Math.max(...c.map((p) => p.z)) - Math.min(...c.map((p) => p.z))).toBeCloseTo(14, 9);
    expect(sameRectangle(lineWorldPoints(line(c)), c)).toBe(true);
    expect(sameRectangle(lineWorldPoints(line([c[1], c[2], c[3], c[0]])), c)).toBe(true);
    expect(sameRectangle(lineWorldPoints(line([{ ...c[0], x: c[0].x + 0.01 }, c[1], c[2], c[3]])), c)).toBe(false);
    expect(sameRectangle(lineWorldPoints(line([c[0], c[2], c[1], c[3]])), c)).toBe(false);
    expect(sameRectangle(lineWorldPoints(line([c[0], c[1], c[2]])), c)).toBe(false);
    // The same rectangle unturned (a tile stretched square would differ like this) is not it.
    expect(sameRectangle(zoneCorners({ ...zone, rotY: 0 }), c)).toBe(false);
  });
});
