/**
 * Lunar Trick on the table: the initial cards are committed face down (LT-2) and revealed
 * together; after the reveal the three moon markers stand on the moon phase sheet at the
 * revealed numbers (LT-3) and the trump status card shows the trump side (LT-4); each seat's
 * match points are shown with point tokens in front of it (LT-8).
 */
import { stableSort } from "../../../src/engine/core/util";
import type { BaseEvent } from "../../../src/engine/core/types";
import { SHELF_X, markerRestPoint, placesFor, round3, scoreTokenLocal, toWorld, tokenSupplyPoint, trumpCardPoint, type Sheet } from "../layout";
import { objectByGuid, putPiece } from "../table";
import { defaultTableRules, type TableContext, type TableRules } from "./rules";

interface LtPublic {
  markers: number[];
  trumpSide: string;
  totals: number[];
}

/** Numbers on the moon phase sheet: 30 positions on a circle, 1 at the top, clockwise. */
const POSITIONS = 30;
/**
 * Radius of the ring of marker spots as a fraction of the sheet's half width: the sheet's
 * `markerRing` over half its `size.width` in data/lunar-trick/game.yaml (80.5 of 95 mm; a test
 * checks the two agree).
 */
export const MARKER_RING = 80.5 / 95;


function findSheet(objects: { [note: string]: string }): Sheet | undefined {
  const notes = notesWithPrefix(objects, "moon-phase-sheet/");
  if (notes.length === 0) return undefined;
  const obj = objectByGuid(objects[notes[0]]);
  if (obj === undefined) return undefined;
  const p = obj.getPosition();
  return { x: p.x, z: p.z, half: obj.getBounds().size.x / 2 };
}

function notesWithPrefix(objects: { [note: string]: string }, prefix: string): string[] {
  const out: string[] = [];
  for (const note in objects) if (note.substring(0, prefix.length) === prefix) out.push(note);
  return stableSort(out, (a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function markerPoint(sheet: Sheet, n: number): { x: number; z: number } {
  const a = ((n - 0.5) / POSITIONS) * 2 * Math.PI;
  return { x: round3(sheet.x + Math.sin(a) * sheet.half * MARKER_RING), z: round3(sheet.z + Math.cos(a) * sheet.half * MARKER_RING) };
}

function arrange(ctx: TableContext): void {
  const v = ctx.game.view(ctx.state, -1) as LtPublic;
  const found = findSheet(ctx.objects);
  const sheet: Sheet = found !== undefined ? found : { x: SHELF_X, z: 0, half: 5 };
  const markers = notesWithPrefix(ctx.objects, "moon-markers/");
  for (let i = 0; i < markers.length; i++) {
    const guid = ctx.objects[markers[i]];
    if (i < v.markers.length) {
      const p = markerPoint(sheet, v.markers[i]);
      putPiece(guid, { x: p.x, y: 1.3, z: p.z }, false);
    } else {
      const rest = markerRestPoint(sheet, i);
      putPiece(guid, { x: rest.x, y: 1.3, z: rest.z }, false);
    }
  }
  const trump = notesWithPrefix(ctx.objects, "trump-status/");
  if (trump.length > 0 && v.trumpSide !== "") {
    const at = trumpCardPoint(sheet);
    putPiece(ctx.objects[trump[0]], { x: at.x, y: 1.3, z: at.z }, v.trumpSide === "falling");
  }
  // Point tokens: each seat's match points in front of it, the rest in the supply.
  const tokens = notesWithPrefix(ctx.objects, "point-tokens/");
  const places = placesFor(ctx.players);
  let next = 0;
  for (let s = 0; s < ctx.players; s++) {
    for (let k = 0; k < v.totals[s] && next < tokens.length; k++) {
      const p = toWorld(places[s], scoreTokenLocal(k));
      putPiece(ctx.objects[tokens[next]], { x: p.x, y: 1.3, z: p.z }, false);
      next++;
    }
  }
  for (let k = next; k < tokens.length; k++) {
    const supply = tokenSupplyPoint(sheet);
    putPiece(ctx.objects[tokens[k]], { x: supply.x, y: 1.3 + (k - next) * 0.2, z: supply.z }, false);
  }
}

function seatList(seats: number[], colors: string[]): string {
  const names: string[] = [];
  for (const s of seats) names.push(colors[s]);
  return names.join(", ");
}

function announce(e: BaseEvent, colors: string[]): string {
  const ev = e as unknown as { [k: string]: unknown };
  if (e.type === "reveal") {
    const markers = ev.markers as number[];
    return "Markers on " + markers.join(", ") + ": " + (ev.trumpSide as string) + " moon is trump.";
  }
  if (e.type === "trick") {
    const winner = ev.winner as number;
    const next = ev.next as number;
    const index = ev.index as number;
    let line = colors[winner] + (index === 0 ? " wins the initial trick" : " wins trick " + index);
    if (next !== winner) line = line + "; " + colors[next] + " leads (Solar Eclipse, LT-5)";
    return line + ".";
  }
  if (e.type === "round") {
    const points = ev.points as number[];
    const tricks = ev.tricks as number[];
    const parts: string[] = [];
    for (let s = 0; s < points.length; s++) parts.push(colors[s] + " " + tricks[s] + " tricks → " + points[s] + " pts");
    return "Round " + (ev.round as number) + " scored (LT-8): " + parts.join(", ") + ".";
  }
  if (e.type === "gameOver") return "Game over — winner: " + seatList(ev.winners as number[], colors) + ".";
  return "";
}

export const lunarTrickTable: TableRules = {
  slotsPerSeat: 1,
  hand: defaultTableRules.hand,
  trick: defaultTableRules.trick,
  won: defaultTableRules.won,
  hidden: (_game, _before, _seat, action) => action.type === "commit",
  dropAction: defaultTableRules.dropAction,
  pieceDrop: defaultTableRules.pieceDrop,
  spots: defaultTableRules.spots,
  button: defaultTableRules.button,
  laidOut: defaultTableRules.laidOut,
  arrange: (ctx) => arrange(ctx),
  announce: (e, colors) => announce(e, colors),
};

