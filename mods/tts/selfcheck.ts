/**
 * The table self-check (`syzygyCheckTable()` in the Lua console, or the HUD's "Check this table"
 * button): does the interpreter and the table of the TTS this save was loaded in behave as the
 * tests assumed? It names the interpreter (_VERSION), runs the constructs that differ between
 * interpreters against the values MoonSharp 2.0.0.0 gives (the tests run the script in it), and
 * measures getBoundsNormalized() of a card, a tile, a board and every area's zone against the
 * sizes the layout assumes, and finds each area's outline (the save's vector lines, as TTS loaded
 * them) on its zone. One short message, one label per check (docs/tts.md "Table self-check" lists
 * what each label shows).
 */
import { byteOrder, mod, stableSort } from "../../src/engine/core/util";
import { canonical, formatNumber, hashText } from "../../src/engine/core/serialize";
import { BOARD_UNITS_AT_SCALE_1, CARD_H, CARD_W, TILE_UNITS_AT_SCALE_1 } from "../../src/table/layout";

export interface CheckLine {
  label: string;
  ok: boolean;
  /** What was measured, and what was expected when it differs. */
  text: string;
}

function line(label: string, got: string, want: string): CheckLine {
  return { label, ok: got === want, text: got === want ? got : `${got} (expected ${want})` };
}

/** A `while` whose body ends in a `continue` target, run over several passes (MoonSharp 2.0 crashed on TSTL's 5.2 form of it). */
function continuePasses(): string {
  let i = 0;
  let sum = 0;
  while (i < 6) {
    i++;
    if (mod(i, 2) === 0) continue;
    sum += i;
  }
  for (const k of [10, 20, 30]) {
    if (k === 20) continue;
    sum += k;
  }
  return "" + sum;
}

/** Constructs whose results differ between Lua interpreters, against MoonSharp 2.0.0.0's results. */
export function interpreterChecks(): CheckLine[] {
  const words = ["y", "j", "ch", "h", "B", "a"];
  const nonAscii = "é";
  return [
    line("continue", continuePasses(), "49"),
    line("order", stableSort(words, byteOrder).join(" "), "B a ch h j y"),
    line("format", formatNumber(1 / 3) + " " + formatNumber(-2.5) + " " + formatNumber(123456789012345) + " " + canonical({ b: -1, a: [0.5] }), '0.333333 -2.500000 123456789012345 {"a":[0.500000],"b":-1}'),
    line("native", tostring(1e16) + " " + tostring(1 / 4), "1E+16 0.25"),
    line("utf8", "" + nonAscii.length, "1"),
    line("mod", [mod(-7, 3), mod(7, -3), -7 % 3, Math.floor(-3.5)].join(" "), "2 -2 2 -4"),
    line("hash", hashText("syzygy self-check"), EXPECTED_HASH),
  ];
}

/** hashText("syzygy self-check") in Node (test/moonsharp/selfcheck.test.ts checks it). */
export const EXPECTED_HASH = "5de73fc079e72300";

interface Xyz {
  x: number;
  y: number;
  z: number;
}

interface Measured {
  tag: string;
  getScale(this: void): Xyz;
  getPosition(this: void): Xyz;
  getRotation(this: void): Xyz;
  readonly memo: string;
  getBoundsNormalized(this: void): { size: { x: number; z: number } };
}

/** Global's vector lines as the TTS API returns them (setVectorLines' table format). */
interface LineData {
  points: Xyz[];
}

function size(x: number, z: number): string {
  return x.toFixed(2) + "x" + z.toFixed(2);
}

/** Sizes differ when their difference is above this (world units): rounding, not a layout error. */
const TOLERANCE = 0.05;

function sizeLine(label: string, obj: Measured | undefined, wantX: number, wantZ: number): CheckLine {
  if (obj === undefined) return { label, ok: true, text: "none on this table" };
  const b = obj.getBoundsNormalized().size;
  const ok = Math.abs(b.x - wantX) <= TOLERANCE && Math.abs(b.z - wantZ) <= TOLERANCE;
  return { label, ok, text: ok ? size(b.x, b.z) : `${size(b.x, b.z)} (layout ${size(wantX, wantZ)})` };
}

/** The scripting zones over the labelled areas (Memo "zone/<area>"), in table order. */
function areaZones(objects: Measured[]): Measured[] {
  const out: Measured[] = [];
  for (const o of objects) if (o.tag === "Scripting" && o.memo.substring(0, 5) === "zone/") out.push(o);
  return out;
}

/** Every area zone measures its scale (its footprint: what the script reads). */
function zonesLine(zones: Measured[]): CheckLine {
  if (zones.length === 0) return { label: "zone", ok: true, text: "none on this table" };
  for (const z of zones) {
    const s = z.getScale();
    const l = sizeLine("zone", z, s.x, s.z);
    if (!l.ok) return { label: "zone", ok: false, text: z.memo + " " + l.text };
  }
  return { label: "zone", ok: true, text: zones.length + " zones" };
}

/** A zone's corners on the table (the same rotation as layout.ts toWorld). */
function zoneCorners(z: Measured): { x: number; z: number }[] {
  const p = z.getPosition();
  const s = z.getScale();
  const a = (z.getRotation().y * Math.PI) / 180;
  const out: { x: number; z: number }[] = [];
  for (const [u, v] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
    const lx = (u * s.x) / 2;
    const lz = (v * s.z) / 2;
    out.push({ x: p.x + lx * Math.cos(a) + lz * Math.sin(a), z: p.z - lx * Math.sin(a) + lz * Math.cos(a) });
  }
  return out;
}

function near(a: { x: number; z: number }, b: { x: number; z: number }): boolean {
  return Math.abs(a.x - b.x) <= TOLERANCE && Math.abs(a.z - b.z) <= TOLERANCE;
}

/** Each area zone has an outline (a vector line) through exactly its four corners. */
function outlinesLine(zones: Measured[]): CheckLine {
  const lines = (Global as unknown as { getVectorLines(this: void): LineData[] | undefined }).getVectorLines() ?? [];
  for (const z of zones) {
    const corners = zoneCorners(z);
    let found = false;
    for (const l of lines) {
      if (l.points.length !== corners.length) continue;
      let all = true;
      for (const c of corners) {
        let hit = false;
        for (const p of l.points) if (near(c, { x: p.x, z: p.z })) hit = true;
        if (!hit) all = false;
      }
      if (all) found = true;
    }
    if (!found) return { label: "outline", ok: false, text: z.memo + " has none of " + lines.length + " lines on its edges" };
  }
  return { label: "outline", ok: true, text: zones.length + " of " + lines.length + " lines" };
}

/** Bounds of the first card (or deck), tile and board and of every area zone; the areas' outlines. */
export function boundsChecks(): CheckLine[] {
  const objects = getObjects() as unknown as Measured[];
  const first = (tags: string[]): Measured | undefined => {
    for (const o of objects) for (const t of tags) if (o.tag === t) return o;
    return undefined;
  };
  const card = first(["Card", "Deck"]);
  const tile = first(["Tile"]);
  const board = first(["Board"]);
  const zones = areaZones(objects);
  const s = (o: Measured | undefined) => (o === undefined ? { x: 0, y: 0, z: 0 } : o.getScale());
  return [
    sizeLine("card", card, CARD_W * s(card).x, CARD_H * s(card).z),
    sizeLine("tile", tile, TILE_UNITS_AT_SCALE_1 * s(tile).x, TILE_UNITS_AT_SCALE_1 * s(tile).z),
    sizeLine("board", board, BOARD_UNITS_AT_SCALE_1 * s(board).x, BOARD_UNITS_AT_SCALE_1 * s(board).z),
    zonesLine(zones),
    outlinesLine(zones),
  ];
}

/** The one message: the interpreter, then mismatches (if any), then the labels that passed. */
export function selfCheckText(): string {
  const lines = interpreterChecks().concat(boundsChecks());
  const bad = lines.filter((l) => !l.ok);
  const good = lines.filter((l) => l.ok).map((l) => l.label);
  const head = "syzygy self-check, " + _VERSION + ": ";
  if (bad.length === 0) return head + "all " + lines.length + " checks as expected (" + good.join(" ") + ")";
  return head + bad.length + " MISMATCH: " + bad.map((l) => l.label + " " + l.text).join("; ") + ". OK: " + good.join(" ");
}
