/**
 * The table self-check (`syzygyCheckTable()` in the Lua console, or the HUD's "Check this table"
 * button): does the interpreter and the table of the TTS this save was loaded in behave as the
 * tests assumed? It names the interpreter (_VERSION), runs the constructs that differ between
 * interpreters against the values MoonSharp 2.0.0.0 gives (the tests run the script in it), and
 * measures getBoundsNormalized() of a card, a tile, a board and the play zone against the sizes
 * the layout assumes. One short message, one label per check (README "Tabletop Simulator" lists
 * what each label shows).
 */
import { byteOrder, mod, stableSort } from "../../src/engine/core/util";
import { canonical, formatNumber, hashText } from "../../src/engine/core/serialize";
import { BOARD_UNITS_AT_SCALE_1, CARD_H, CARD_W, TILE_UNITS_AT_SCALE_1 } from "../../src/table/layout";
import { saveConfig } from "./config";

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

interface Measured {
  tag: string;
  getScale(): { x: number; y: number; z: number };
  getBoundsNormalized(): { size: { x: number; z: number } };
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

/** Bounds of the first card (or deck), tile and board, and of the play zone, against the layout's sizes. */
export function boundsChecks(): CheckLine[] {
  const objects = getObjects() as unknown as Measured[];
  const first = (tags: string[]): Measured | undefined => {
    for (const o of objects) for (const t of tags) if (o.tag === t) return o;
    return undefined;
  };
  const card = first(["Card", "Deck"]);
  const tile = first(["Tile"]);
  const board = first(["Board"]);
  const zone = getObjectFromGUID(saveConfig().playZone) as unknown as Measured | undefined;
  const s = (o: Measured | undefined) => (o === undefined ? { x: 0, y: 0, z: 0 } : o.getScale());
  return [
    sizeLine("card", card, CARD_W * s(card).x, CARD_H * s(card).z),
    sizeLine("tile", tile, TILE_UNITS_AT_SCALE_1 * s(tile).x, TILE_UNITS_AT_SCALE_1 * s(tile).z),
    sizeLine("board", board, BOARD_UNITS_AT_SCALE_1 * s(board).x, BOARD_UNITS_AT_SCALE_1 * s(board).z),
    sizeLine("zone", zone, s(zone).x, s(zone).z),
  ];
}

/** The one message: the interpreter, then mismatches (if any), then the labels that passed. */
export function selfCheckText(): string {
  const lines = [...interpreterChecks(), ...boundsChecks()];
  const bad = lines.filter((l) => !l.ok);
  const good = lines.filter((l) => l.ok).map((l) => l.label);
  const head = "syzygy self-check, " + _VERSION + ": ";
  if (bad.length === 0) return head + "all " + lines.length + " checks as expected (" + good.join(" ") + ")";
  return head + bad.length + " MISMATCH: " + bad.map((l) => l.label + " " + l.text).join("; ") + ". OK: " + good.join(" ");
}
