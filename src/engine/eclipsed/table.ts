/**
 * Eclipsed on the table. Contributed Edicts are dropped into the play zone (face down until all
 * are in, EC-2), then each Edict lies face up where it was committed and the fate card in the
 * very middle (src/table/layout.ts: `commitPoint`). Turns use
 * the HUD buttons: Draw from deck / Take discard; lay a meld's cards on the table in front of you
 * and press Declare meld (or Meld (Traveler high), EC-19); drop a card into the play zone to
 * discard it. Go out: press Go out, then drop your discard (or press it with an empty hand,
 * EC-24). The draw pile, the discard pile and every declared meld follow the engine's state, and
 * the meter marker stands on the meter track at the engine's meter (EC-6) after every action.
 */
import type { BaseEvent } from "../core/types";
import type { State } from "./types";
import { RULES } from "./data.gen";
import { byteOrder, contains, stableSort } from "../core/util";
import { gameOverLine } from "../kit/announce";
import { DECK_POINT, DISCARD_POINT, STAGE_LOCAL, cardYaw, commitPoint, meldCardLocal, placesFor, round3, toWorld, type Point } from "../../table/layout";
import type { TableObject } from "../../table/host";
import { meldZoneNote } from "../../table/zones";
import { cardDrop, defaultTableRules, type ButtonResult, type CardAction, type Gesture, type Spot, type TableContext, type TableRules } from "../../table/adapter";
import type { BaseAction } from "../core/types";
import { OVER, OWN, WAIT, type RefusalHint } from "../../table/hints";

/** Where a player lays out a meld before declaring it: between the hand and the melds (layout.ts). */
export { STAGE_LOCAL };

/** Seats that pressed Go out and will go out with their next discard (not saved: press again after a load). */
const goingOut: boolean[] = [];

function spots(state: State, players: number): Spot[] {
  const out: Spot[] = [];
  const n = state.deck.length;
  for (let i = 0; i < n; i++) {
    out.push({ card: state.deck[i], x: DECK_POINT.x, z: DECK_POINT.z, yaw: 180, level: n - 1 - i, down: true, locked: false });
  }
  for (let i = 0; i < state.discard.length; i++) {
    out.push({ card: state.discard[i], x: DISCARD_POINT.x, z: DISCARD_POINT.z, yaw: 180, level: i, down: false, locked: false });
  }
  const places = placesFor(players);
  const edicts = state.edicts.length > 0 ? state.edicts : state.fate !== "" ? [{ card: state.fate, seat: -1 }] : [];
  for (const e of edicts) {
    const at = commitPoint(players, e.seat);
    out.push({ card: e.card, x: at.x, z: at.z, yaw: e.seat < 0 ? 180 : cardYaw(places[e.seat]), level: 0, down: false, locked: true });
  }
  for (let s = 0; s < players; s++) {
    const p = places[s];
    const sizes: number[] = [];
    for (const m of state.melds[s]) sizes.push(m.cards.length);
    for (let k = 0; k < state.melds[s].length; k++) {
      const cards = state.melds[s][k].cards;
      for (let j = 0; j < cards.length; j++) {
        const w = toWorld(p, meldCardLocal(sizes, k, j));
        out.push({ card: cards[j], x: w.x, z: w.z, yaw: cardYaw(p), level: j, down: false, locked: true });
      }
    }
  }
  return out;
}

/**
 * What `seat` laid out for a meld: the objects in its meld zone (the save's ScriptingTrigger
 * "zone/meld-stage/<colour>"), or, in a save without one, in the staging box in front of the seat.
 * Cards dropped onto each other become a deck; a deck counts with its contents.
 */
function laidOut(ctx: TableContext, seat: number): TableObject[] {
  const color = ctx.colors[seat];
  const inZone = ctx.host.zoneObjects(ctx.objects[meldZoneNote(color)]);
  const candidates = inZone !== undefined ? inZone : inStagingBox(ctx, seat);
  const out: TableObject[] = [];
  const hand = (ctx.state as State).hands[seat];
  for (const obj of candidates) {
    let mine = false;
    for (const note of ctx.host.cardNotesOf(obj)) if (contains(hand, note)) mine = true;
    if (mine) out.push(obj);
  }
  return out;
}

function inStagingBox(ctx: TableContext, seat: number): TableObject[] {
  const p = placesFor(ctx.players)[seat];
  const centre = toWorld(p, { x: STAGE_LOCAL.x, z: STAGE_LOCAL.z });
  const a = ((p === 1 || p === 3 ? 90 : 0) * Math.PI) / 180;
  const out: TableObject[] = [];
  for (const obj of ctx.host.allObjects()) {
    if (obj.type !== "Card" && obj.type !== "Deck") continue;
    const pos = obj.getPosition();
    const dx = pos.x - centre.x;
    const dz = pos.z - centre.z;
    // The staging box is axis-aligned in the seat's frame; compare in that frame.
    const along = Math.abs(dx * Math.cos(a) - dz * Math.sin(a));
    const across = Math.abs(dx * Math.sin(a) + dz * Math.cos(a));
    if (along <= STAGE_LOCAL.halfX && across <= STAGE_LOCAL.halfZ) out.push(obj);
  }
  return out;
}

/** The seat's hand cards laid out for a meld, in hand order. */
function staged(ctx: TableContext, seat: number): string[] {
  const laid: { [note: string]: boolean } = {};
  for (const obj of laidOut(ctx, seat)) for (const note of ctx.host.cardNotesOf(obj)) laid[note] = true;
  const out: string[] = [];
  for (const card of (ctx.state as State).hands[seat]) if (laid[card] === true) out.push(card);
  return out;
}

/**
 * The meter track's geometry in mm (templates/eclipsed/meter-track.svg.hbs on the 180×60 board):
 * one cell per meter position, Dark on the left, across x = 6…174, cell centres at y = 22.
 */
export const TRACK_MM = { width: 180, height: 60, left: 6, span: 168, centreY: 22 };

function firstWithPrefix(objects: { [note: string]: string }, prefix: string): string | undefined {
  const notes: string[] = [];
  for (const note in objects) if (note.substring(0, prefix.length) === prefix) notes.push(note);
  if (notes.length === 0) return undefined;
  return objects[stableSort(notes, byteOrder)[0]];
}

/** World point of meter position `meter` on a track board centred at (x, z) that is `width` units wide. */
export function meterPoint(board: { x: number; z: number; width: number }, meter: number): Point {
  const cells = RULES.meter.max - RULES.meter.min + 1;
  const xMm = TRACK_MM.left + ((meter - RULES.meter.min + 0.5) * TRACK_MM.span) / cells;
  const perMm = board.width / TRACK_MM.width;
  // The board lies unrotated: the image's right is +x, its top +z.
  return { x: round3(board.x + (xMm - TRACK_MM.width / 2) * perMm), z: round3(board.z + (TRACK_MM.height / 2 - TRACK_MM.centreY) * perMm) };
}

/** EC-6: the meter marker follows the engine's meter (Neutral until the Edicts are revealed). */
function arrange(ctx: TableContext): void {
  const marker = firstWithPrefix(ctx.objects, "meter-marker/");
  const track = firstWithPrefix(ctx.objects, "meter-track/");
  if (marker === undefined || track === undefined) return;
  const board = ctx.host.objectByGuid(track);
  if (board === undefined) return;
  const p = board.getPosition();
  const meter = (ctx.state as State).meter;
  const at = meterPoint({ x: p.x, z: p.z, width: board.getBounds().size.x }, meter);
  ctx.host.putPiece(marker, { x: at.x, y: p.y + 0.3, z: at.z }, false);
}

function button(ctx: TableContext, seat: number, id: string): ButtonResult {
  const state = ctx.state as State;
  if (id === "drawDeck") return { action: { type: "draw", from: "deck" } as unknown as CardAction };
  if (id === "drawDiscard") return { action: { type: "draw", from: "discard" } as unknown as CardAction };
  if (id === "meld" || id === "meldHigh") {
    const cards = staged(ctx, seat);
    if (cards.length === 0) {
      return { rule: "table", message: "Lay the meld's cards in your meld area first (in front of you, between your hand and the play area)" };
    }
    const action: { [k: string]: unknown } = { type: "meld", cards: cards };
    if (id === "meldHigh") action.travelerHigh = true;
    return { action: action as unknown as CardAction };
  }
  if (id === "goOut") {
    if (state.hands[seat].length === 0) return { action: { type: "goOut" } };
    goingOut[seat] = true;
    return { info: "Going out: drop the card you discard into the play area [EC-24]." };
  }
  return { rule: "table", message: "This game has no " + id + " button" };
}

function dropAction(game: TableContext["game"], state: unknown, seat: number, card: string): CardAction {
  const s = state as State;
  if (s.phase === "play") {
    const out = goingOut[seat] === true;
    goingOut[seat] = false;
    const a: { [k: string]: unknown } = { type: "discard", card: card };
    if (out) a.goOut = true;
    return a as unknown as CardAction;
  }
  if (s.phase === "draw") return { type: "discard", card: card };
  return defaultTableRules.dropAction(game, state, seat, card);
}

function announce(e: BaseEvent, colors: string[]): string {
  const ev = e as unknown as { [k: string]: unknown };
  if (e.type === "edictsRevealed") {
    const cards: string[] = [];
    for (const ed of ev.edicts as { card: string }[]) cards.push(ed.card);
    return "Edicts: " + cards.join(", ") + "; meter " + (ev.meter as number) + " (EC-6).";
  }
  if (e.type === "meld") {
    const burned = ev.burned === true ? " (burned, EC-12)" : "";
    return colors[ev.seat as number] + " declares a " + (ev.meld as string) + " worth " + (ev.value as number) + burned + ".";
  }
  if (e.type === "goOut") return colors[ev.seat as number] + " goes out (EC-24).";
  if (e.type === "deckEmpty") return "The draw pile is empty: the round ends (EC-26).";
  if (e.type === "round") {
    const points = ev.points as number[];
    const parts: string[] = [];
    for (let s = 0; s < points.length; s++) parts.push(colors[s] + " " + points[s]);
    return "Round " + (ev.round as number) + " scored: " + parts.join(", ") + ".";
  }
  if (e.type === "matchWon") {
    const wins = ev.wins as number[];
    const parts: string[] = [];
    for (let s = 0; s < wins.length; s++) parts.push(colors[s] + " " + wins[s]);
    return colors[ev.seat as number] + " wins the match; matches won: " + parts.join(", ") + ". A new match starts from 0 (EC-35).";
  }
  if (e.type === "gameOver") return gameOverLine(ev.winners as number[], colors);
  return "";
}

/** What a player is told to do instead when the engine refuses a table move, by rule (first match wins). */
const HINTS: RefusalHint[] = [
  { rule: "action", starts: "", problem: "That is not a move in this game", fix: "use the buttons or drop a card into the play area" },
  { rule: "hand", starts: "", problem: "", fix: OWN },
  { rule: "EC-2", starts: "every player first contributes", problem: "Every player first contributes an Edict", fix: "drop a number card into the play area" },
  { rule: "EC-2", starts: "seat ", problem: "You have already contributed your Edict", fix: "wait for the others" },
  { rule: "EC-2", starts: "", problem: "", fix: "contribute a number card instead" },
  { rule: "turn", starts: "it is seat", problem: "", fix: WAIT },
  { rule: "turn", starts: "a turn starts with a draw", problem: "A turn starts with a draw", fix: "press Draw from deck or Take discard first" },
  { rule: "turn", starts: "", problem: "You have drawn already", fix: "declare a meld, discard or go out" },
  { rule: "EC-28", starts: "", problem: "The match is over", fix: OVER },
  { rule: "EC-24", starts: "going out starts", problem: "", fix: "go out on a later turn" },
  { rule: "EC-24", starts: "your hand is empty", problem: "Your hand is empty", fix: "press Go out" },
  { rule: "EC-24", starts: "", problem: "Going out without a discard needs an empty hand", fix: "press Go out, then drop your discard" },
  { rule: "going-out", starts: "", problem: "", fix: "declare more melds before going out" },
  { rule: "EC-23", starts: "", problem: "", fix: "meld more suits before going out" },
  { rule: "EC-20", starts: "", problem: "", fix: "meld other cards" },
  { rule: "EC-18", starts: "", problem: "", fix: "lay out a set, a run or a pair and press Declare meld again" },
  { rule: "EC-19", starts: "", problem: "Traveler high applies only to a run with a Traveler", fix: "press Declare meld instead" },
  { rule: "EC-12", starts: "", problem: "", fix: "meld other cards instead" },
  { rule: "EC-25", starts: "your hand is empty", problem: "", fix: "press Draw from deck" },
  { rule: "EC-25", starts: "", problem: "", fix: "discard another card" },
  { rule: "draw", starts: "", problem: "The discard pile is empty", fix: "press Draw from deck" },
];

/** The defaults (src/table/adapter.ts), with what this game adds to the table. */
export const table: TableRules = {
  ...defaultTableRules,
  hints: HINTS,
  buttons: [
    { id: "drawDeck", label: "Draw from deck" },
    { id: "drawDiscard", label: "Take discard" },
    { id: "meld", label: "Declare meld" },
    { id: "meldHigh", label: "Meld (Traveler high)" },
    { id: "goOut", label: "Go out" },
  ],
  choices: [
    { label: "Standard match to 50", options: { format: "standard" } },
    { label: "Quick match to 35", options: { format: "quick" } },
    { label: "Long match to 75 (EC-35)", options: { format: "long" } },
    { label: "Series: best of 3 matches to 50 (EC-35)", options: { format: "standard", series: 3 } },
  ],
  meldAreas: true,
  slotsPerSeat: 1,
  dropAction: (game, state, seat, card) => dropAction(game, state, seat, card),
  spots: (_game, state, players) => spots(state as State, players),
  button: (ctx, seat, id) => button(ctx, seat, id),
  laidOut: (ctx, seat) => laidOut(ctx, seat),
  arrange: (ctx) => arrange(ctx),
  announce: (e, colors) => announce(e, colors),
  gestures: (_game, _state, seat, colors, action) => gestures(colors[seat], action),
};

/**
 * The HUD buttons draw and go out; a meld's cards are laid out in the seat's meld stage, then
 * declared; going out with a discard is Go out, then the discard; any other card is dropped.
 */
function gestures(color: string, action: BaseAction): Gesture[] {
  const a = action as unknown as { type: string; from?: string; cards?: string[]; travelerHigh?: boolean; goOut?: boolean };
  if (a.type === "draw") return [{ kind: "button", id: a.from === "discard" ? "drawDiscard" : "drawDeck" }];
  if (a.type === "goOut") return [{ kind: "button", id: "goOut" }];
  if (a.type === "meld") {
    const out: Gesture[] = [];
    for (const card of a.cards !== undefined ? a.cards : []) out.push({ kind: "drop", note: card, zone: meldZoneNote(color) });
    out.push({ kind: "button", id: a.travelerHigh === true ? "meldHigh" : "meld" });
    return out;
  }
  if (a.type !== "discard" || a.goOut !== true) return cardDrop(action);
  const out: Gesture[] = [{ kind: "button", id: "goOut" }];
  for (const g of cardDrop(action)) out.push(g);
  return out;
}

