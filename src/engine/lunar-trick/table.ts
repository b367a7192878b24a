/**
 * Lunar Trick on the table: the initial cards are committed face down (LT-2) and revealed
 * together; after the reveal the three moon markers stand on the moon phase sheet at the
 * revealed numbers (LT-3) and the trump status card shows the trump side (LT-4); each seat's
 * match points are shown with point tokens in front of it (LT-8).
 */
import { byteOrder, stableSort } from "../core/util";
import { gameOverLine } from "../kit/announce";
import type { BaseEvent } from "../core/types";
import { SHELF_X, markerRestPoint, placesFor, round3, scoreTokenLocal, toWorld, tokenSupplyPoint, trumpCardPoint, type Sheet } from "../../table/layout";
import type { TableHost, Vec } from "../../table/host";
import { defaultTableRules, pieceMover, type TableContext, type TableRules } from "../../table/adapter";
import { OVER, OWN, SIT, WAIT, type RefusalHint } from "../../table/hints";
import { revealEvent, trickHold, viewTrick, viewWon } from "../../table/tricks";

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


function findSheet(host: TableHost, objects: { [note: string]: string }): Sheet | undefined {
  const notes = piecesOf(objects).sheet;
  if (notes.length === 0) return undefined;
  const obj = host.objectByGuid(objects[notes[0]]);
  if (obj === undefined) return undefined;
  const p = obj.getPosition();
  return { x: p.x, z: p.z, half: obj.getBounds().size.x / 2 };
}

function notesWithPrefix(objects: { [note: string]: string }, prefix: string): string[] {
  const out: string[] = [];
  for (const note in objects) if (note.substring(0, prefix.length) === prefix) out.push(note);
  return stableSort(out, byteOrder);
}

/** The pieces' notes, sorted, for one save's objects (the glue's Memo index, made once a game). */
interface Pieces {
  objects: { [note: string]: string };
  sheet: string[];
  markers: string[];
  trump: string[];
  tokens: string[];
}
let pieces: Pieces | undefined;

function piecesOf(objects: { [note: string]: string }): Pieces {
  if (pieces === undefined || pieces.objects !== objects) {
    pieces = {
      objects: objects,
      sheet: notesWithPrefix(objects, "moon-phase-sheet/"),
      markers: notesWithPrefix(objects, "moon-markers/"),
      trump: notesWithPrefix(objects, "trump-status/"),
      tokens: notesWithPrefix(objects, "point-tokens/"),
    };
  }
  return pieces;
}

/** An unchanged piece is not moved again (unless forced). */
const move = pieceMover();

function putPiece(ctx: TableContext, guid: string, p: Vec, flipped: boolean): void {
  move(ctx, guid, p.x + "," + p.y + "," + p.z + (flipped ? ",down" : ",up"), () => ctx.host.putPiece(guid, p, flipped));
}

function markerPoint(sheet: Sheet, n: number): { x: number; z: number } {
  const a = ((n - 0.5) / POSITIONS) * 2 * Math.PI;
  return { x: round3(sheet.x + Math.sin(a) * sheet.half * MARKER_RING), z: round3(sheet.z + Math.cos(a) * sheet.half * MARKER_RING) };
}

function arrange(ctx: TableContext): void {
  const v = ctx.game.view(ctx.state, -1) as LtPublic;
  const found = findSheet(ctx.host, ctx.objects);
  const sheet: Sheet = found !== undefined ? found : { x: SHELF_X, z: 0, half: 5 };
  const own = piecesOf(ctx.objects);
  const markers = own.markers;
  for (let i = 0; i < markers.length; i++) {
    const guid = ctx.objects[markers[i]];
    if (i < v.markers.length) {
      const p = markerPoint(sheet, v.markers[i]);
      putPiece(ctx, guid, { x: p.x, y: 1.3, z: p.z }, false);
    } else {
      const rest = markerRestPoint(sheet, i);
      putPiece(ctx, guid, { x: rest.x, y: 1.3, z: rest.z }, false);
    }
  }
  const trump = own.trump;
  if (trump.length > 0 && v.trumpSide !== "") {
    const at = trumpCardPoint(sheet);
    putPiece(ctx, ctx.objects[trump[0]], { x: at.x, y: 1.3, z: at.z }, v.trumpSide === "falling");
  }
  // Point tokens: each seat's match points in front of it, the rest in the supply.
  const tokens = own.tokens;
  const places = placesFor(ctx.players);
  let next = 0;
  for (let s = 0; s < ctx.players; s++) {
    for (let k = 0; k < v.totals[s] && next < tokens.length; k++) {
      const p = toWorld(places[s], scoreTokenLocal(k));
      putPiece(ctx, ctx.objects[tokens[next]], { x: p.x, y: 1.3, z: p.z }, false);
      next++;
    }
  }
  for (let k = next; k < tokens.length; k++) {
    const supply = tokenSupplyPoint(sheet);
    putPiece(ctx, ctx.objects[tokens[k]], { x: supply.x, y: 1.3 + (k - next) * 0.2, z: supply.z }, false);
  }
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
  if (e.type === "gameOver") return gameOverLine(ev.winners as number[], colors);
  return "";
}

/** What a player is told to do instead when the engine refuses a table move, by rule (first match wins). */
const HINTS: RefusalHint[] = [
  { rule: "LT-seat", starts: "", problem: "You are not seated in this game", fix: SIT },
  { rule: "LT-over", starts: "", problem: "The game is over", fix: OVER },
  { rule: "LT-phase", starts: "each round opens", problem: "The round opens with the face-down initial trick", fix: "drop one card into the play area to commit it" },
  { rule: "LT-phase", starts: "", problem: "Tricks are under way", fix: "play one card into the play area" },
  { rule: "LT-turn", starts: "seat ", problem: "You have already committed your initial card", fix: "wait for the others to commit" },
  { rule: "LT-turn", starts: "", problem: "", fix: WAIT },
  { rule: "LT-hand", starts: "", problem: "That card is not in your hand", fix: OWN },
  { rule: "LT-2", starts: "the holder", problem: "You hold the Solar Eclipse", fix: "commit it to the initial trick" },
  { rule: "LT-2", starts: "", problem: "The Lunar Eclipse may not open the round", fix: "commit another card" },
  { rule: "LT-6", starts: "the Lunar Eclipse was led", problem: "The Lunar Eclipse was led", fix: "play a trump card" },
  { rule: "LT-6", starts: "", problem: "", fix: "follow the led suit or play the Lunar Eclipse" },
];

/** The defaults (src/table/adapter.ts), with what this game adds to the table. */
export const table: TableRules = {
  ...defaultTableRules,
  hints: HINTS,
  choices: [
    { label: "No trumps: highest of the led suit wins", options: { highestAnySuit: false } },
    { label: "No trumps: highest number of any suit wins (LT-7)", options: { highestAnySuit: true } },
  ],
  played: viewTrick,
  won: viewWon,
  hidden: (_game, _before, _seat, action) => action.type === "commit",
  reveals: (e) => revealEvent(e),
  hold: (events, colors) => trickHold(events, colors),
  arrange: (ctx) => arrange(ctx),
  announce: (e, colors) => announce(e, colors),
};

