/**
 * The game-agnostic heart of the mod: one running game (engine state + the action log), the
 * bookkeeping of where every card lies, and the reactions to table events. Every rule decision
 * is the engine's (`legal`/`apply`); this module only moves cards to match the engine's state.
 *
 * Persistence: `saveText()` writes the action log, seed and object bookkeeping with the engine's
 * canonical serializer; `restore()` replays the log through the engine (so a loaded game is the
 * very same state, not a decoded copy) and checks it against the saved state hash.
 */
import { findGame, type AnyGame } from "../../src/engine/registry";
import type { BaseAction, BaseEvent } from "../../src/engine/core/types";
import { canonical, hashText } from "../../src/engine/core/serialize";
import { saveConfig } from "./config";
import { rulesFor } from "./games/index";
import type { TableRules } from "./games/rules";
import {
  DECK_POINT,
  PILE_LOCAL,
  PLAY_ZONE,
  placesFor,
  seatColors,
  slotLocal,
  toWorld,
} from "./layout";
import { cardYaw, indexObjects, looseObject, putCard, putInHand, setHighlight, type TableObject } from "./table";
import { UI_SCORES, UI_SEED, UI_START_PANEL, UI_STATUS } from "./ui-ids";

/** Where the script last put a card. area: hand | slot | pile | deck | spot (x/z/yaw/locked: spots only). */
export interface Loc {
  area: string;
  seat: number;
  index: number;
  down: boolean;
  x?: number;
  z?: number;
  yaw?: number;
  locked?: boolean;
}

/** An engine action plus the acting seat: exactly one entry of a `syzygy replay` file. */
export interface LoggedAction extends BaseAction {
  seat: number;
}

export interface SavedGame {
  v: number;
  game: string;
  players: number;
  seed: string;
  actions: LoggedAction[];
  /** GUID → location, for every card the script placed. */
  where: { [guid: string]: Loc };
  /** A finished trick still waits on the table to be collected. */
  busy: boolean;
  /** hashText(canonical(state)) after the last action: checked after the replay on load. */
  stateHash: string;
}

interface Live {
  game: AnyGame;
  rules: TableRules;
  players: number;
  seed: string;
  colors: string[];
  actions: LoggedAction[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  state: any;
  where: { [guid: string]: Loc };
  busy: boolean;
  /** The winner of the trick waiting to be collected (-1 = none). */
  trickWinner: number;
  objects: { [note: string]: string };
}

const RED = { r: 1, g: 0.35, b: 0.3 };
const WHITE = { r: 1, g: 1, b: 1 };
const GOLD = { r: 1, g: 0.85, b: 0.3 };

let live: Live | undefined;

export function currentGame(): Live | undefined {
  return live;
}

function engine(): AnyGame | undefined {
  return findGame(saveConfig().game);
}

function newState(game: AnyGame, players: number, seed: string): unknown {
  return game.setup({ players: players, options: game.defaultOptions(), dealer: -1, deal: [], setAside: [] }, seed);
}

function withoutSeat(a: LoggedAction): BaseAction {
  const out: { [k: string]: unknown } = {};
  for (const k in a) if (k !== "seat") out[k] = (a as unknown as { [k: string]: unknown })[k];
  return out as unknown as BaseAction;
}

function withSeat(seat: number, a: BaseAction): LoggedAction {
  const out: { [k: string]: unknown } = { seat: seat };
  for (const k in a) out[k] = (a as unknown as { [k: string]: unknown })[k];
  return out as unknown as LoggedAction;
}

/**
 * Asks the engine to apply `action` for `seat`; when it is legal, logs it (for save/load and the
 * replay export) and moves the game on. The caller handles the returned events.
 */
function applyLogged(g: Live, seat: number, action: BaseAction): { rule: string; message: string } | { events: BaseEvent[] } {
  const result = g.game.apply(g.state, seat, action);
  if (!result.ok) return { rule: result.rule, message: result.message };
  g.actions.push(withSeat(seat, action));
  g.state = result.state;
  return { events: result.events };
}


/** Starts a new game with `players` players and the engine seed `seed`. */
export function startGame(players: number, seed: string): string {
  const game = engine();
  if (game === undefined) return "No engine for " + saveConfig().game + " in this build.";
  if (players < game.minPlayers || players > game.maxPlayers) {
    return game.id + " is for " + game.minPlayers + "–" + game.maxPlayers + " players.";
  }
  if (live !== undefined) clearHighlights();
  live = {
    game: game,
    rules: rulesFor(game.id),
    players: players,
    seed: seed,
    colors: seatColors(players),
    actions: [],
    state: newState(game, players, seed),
    where: {},
    busy: false,
    trickWinner: -1,
    objects: indexObjects(),
  };
  UI.setAttribute(UI_START_PANEL, "active", "false");
  UI.setValue(UI_SEED, "seed " + seed);
  broadcastToAll(game.id + ": new game for " + players + " players (" + live.colors.join(", ") + "), seed " + seed + ".", GOLD);
  reconcile(live, true);
  updateUi(live);
  return "";
}

function seatOf(g: Live, color: string): number {
  for (let s = 0; s < g.colors.length; s++) if (g.colors[s] === color) return s;
  return -1;
}

function ownerOf(g: Live, card: string): number {
  for (let s = 0; s < g.players; s++) {
    for (const c of g.rules.hand(g.game, g.state, s)) if (c === card) return s;
  }
  return -1;
}

function isDeckCard(card: string): boolean {
  for (const c of saveConfig().deck) if (c === card) return true;
  return false;
}

function inPlayZone(obj: TableObject): boolean {
  const p = obj.getPosition();
  const half = PLAY_ZONE.size / 2;
  return p.x >= PLAY_ZONE.x - half && p.x <= PLAY_ZONE.x + half && p.z >= PLAY_ZONE.z - half && p.z <= PLAY_ZONE.z + half;
}

function refuse(g: Live, color: string, guid: string, rule: string, message: string): void {
  const loc = g.where[guid];
  if (loc !== undefined) place(g, guid, loc);
  broadcastToColor("Not allowed (" + rule + "): " + message, color as PlayerColor, RED);
}

/** A card was dropped somewhere. Only drops into the play zone are moves. */
export function handleDrop(color: string, obj: TableObject): void {
  const g = live;
  if (g === undefined) return;
  const card = obj.getGMNotes();
  if (card === "" || !inPlayZone(obj)) return;
  if (!isDeckCard(card)) {
    handlePieceDrop(g, color, card);
    return;
  }
  const guid = obj.getGUID();
  const loc = g.where[guid];
  if (loc !== undefined && loc.area === "slot") return; // already played (locked in place)
  if (g.busy) {
    refuse(g, color, guid, "table", "wait until the finished trick is collected.");
    return;
  }
  const owner = ownerOf(g, card);
  if (owner < 0) {
    refuse(g, color, guid, "table", obj.getName() + " is not in anyone's hand.");
    return;
  }
  const seat = seatOf(g, color);
  if (seat !== owner) {
    refuse(g, color, guid, "table", "only " + g.colors[owner] + " may play " + obj.getName() + ".");
    return;
  }
  const before = g.state;
  const action = g.rules.dropAction(g.game, before, seat, card);
  const applied = applyLogged(g, seat, action);
  if ("rule" in applied) {
    refuse(g, color, guid, applied.rule, applied.message);
    return;
  }
  const slot: Loc = { area: "slot", seat: seat, index: slotsUsed(g, seat), down: g.rules.hidden(g.game, before, seat, action) };
  g.where[guid] = slot;
  place(g, guid, slot);
  handleEvents(g, applied.events);
}

/** A game piece other than a deck card (a bid card) dropped into the play zone. */
function handlePieceDrop(g: Live, color: string, note: string): void {
  const piece = g.rules.pieceDrop(g.game, g.state, g.players, note);
  if (piece === undefined) return;
  const seat = seatOf(g, color);
  let rule = "";
  let message = "";
  if (g.busy) {
    rule = "table";
    message = "wait until the finished trick is collected.";
  } else if (seat !== piece.seat) {
    rule = "table";
    message = "only " + g.colors[piece.seat] + " may play that piece.";
  } else {
    const applied = applyLogged(g, seat, piece.action);
    if ("events" in applied) {
      handleEvents(g, applied.events);
      return;
    }
    rule = applied.rule;
    message = applied.message;
  }
  broadcastToColor("Not allowed (" + rule + "): " + message, color as PlayerColor, RED);
  g.rules.arrange({ game: g.game, state: g.state, players: g.players, colors: g.colors, objects: g.objects, force: true });
}

/** A HUD button of the game (e.g. Eclipsed's Draw / Declare meld) pressed by `color`. */
export function pressButton(color: string, id: string): void {
  const g = live;
  if (g === undefined) return;
  const seat = seatOf(g, color);
  let rule = "table";
  let message = "";
  if (g.busy) message = "wait until the finished trick is collected.";
  else if (seat < 0) message = color + " is not seated in this game (" + g.colors.join(", ") + ").";
  else {
    const pressed = g.rules.button({ game: g.game, state: g.state, players: g.players, colors: g.colors, objects: g.objects, force: false }, seat, id);
    if ("action" in pressed) {
      const applied = applyLogged(g, seat, pressed.action);
      if ("events" in applied) {
        handleEvents(g, applied.events);
        return;
      }
      rule = applied.rule;
      message = applied.message;
    } else if ("info" in pressed) {
      broadcastToColor(pressed.info, color as PlayerColor, GOLD);
      return;
    } else {
      rule = pressed.rule;
      message = pressed.message;
    }
  }
  broadcastToColor("Not allowed (" + rule + "): " + message, color as PlayerColor, RED);
  // Cards the player laid out (a refused meld) go back to the hand.
  if (seat >= 0) {
    for (const card of g.rules.hand(g.game, g.state, seat)) {
      const guid = g.objects[card];
      if (guid !== undefined) g.where[guid] = { area: "moved", seat: seat, index: 0, down: false };
    }
    reconcile(g);
  }
}

function slotsUsed(g: Live, seat: number): number {
  let n = 0;
  for (const card of saveConfig().deck) {
    const guid = g.objects[card];
    const loc = guid !== undefined ? g.where[guid] : undefined;
    if (loc !== undefined && loc.area === "slot" && loc.seat === seat) n++;
  }
  return n;
}

function handleEvents(g: Live, events: BaseEvent[]): void {
  let trickWinner = -1;
  for (const e of events) {
    const line = g.rules.announce(e, g.colors);
    if (line !== "") broadcastToAll(line, WHITE);
    if (e.type === "trick") trickWinner = (e as unknown as { winner: number }).winner;
    if (e.type === "reveal") revealSlots(g);
  }
  if (trickWinner >= 0) {
    // Show the finished trick face up with its winner highlighted, then collect it.
    revealSlots(g);
    g.busy = true;
    g.trickWinner = trickWinner;
    highlightWinner(g);
    const pause = saveConfig().trickPause;
    Wait.time(() => collectTrick(), pause);
  } else {
    reconcile(g);
  }
  updateUi(g);
}

function revealSlots(g: Live): void {
  for (const card of saveConfig().deck) {
    const guid = g.objects[card];
    const loc = guid !== undefined ? g.where[guid] : undefined;
    if (guid !== undefined && loc !== undefined && loc.area === "slot" && loc.down) {
      const up: Loc = { area: "slot", seat: loc.seat, index: loc.index, down: false };
      g.where[guid] = up;
      place(g, guid, up);
    }
  }
}

function highlightWinner(g: Live): void {
  for (const card of saveConfig().deck) {
    const guid = g.objects[card];
    const loc = guid !== undefined ? g.where[guid] : undefined;
    if (guid !== undefined && loc !== undefined && loc.area === "slot" && loc.seat === g.trickWinner) {
      setHighlight(guid, g.colors[g.trickWinner]);
    }
  }
}

function clearHighlights(): void {
  const g = live;
  if (g === undefined) return;
  for (const card of saveConfig().deck) {
    const guid = g.objects[card];
    if (guid !== undefined) setHighlight(guid, undefined);
  }
}

/** Moves the finished trick to its winner's pile (scheduled by handleEvents, or run on load). */
export function collectTrick(): void {
  const g = live;
  if (g === undefined || !g.busy) return;
  clearHighlights();
  g.busy = false;
  g.trickWinner = -1;
  reconcile(g);
  updateUi(g);
}

function sameLoc(a: Loc | undefined, b: Loc): boolean {
  return (
    a !== undefined && a.area === b.area && a.seat === b.seat && a.index === b.index && a.down === b.down &&
    a.x === b.x && a.z === b.z && a.yaw === b.yaw && a.locked === b.locked
  );
}

/** Moves every card whose engine location differs from where the script last put it. */
function reconcile(g: Live, forcePieces = false): void {
  const desired: { [card: string]: Loc } = {};
  for (let s = 0; s < g.players; s++) {
    for (const c of g.rules.hand(g.game, g.state, s)) desired[c] = { area: "hand", seat: s, index: 0, down: false };
  }
  const perSeat: number[] = [];
  for (let s = 0; s < g.players; s++) perSeat.push(0);
  for (const t of g.rules.trick(g.game, g.state)) {
    desired[t.card] = { area: "slot", seat: t.seat, index: perSeat[t.seat], down: false };
    perSeat[t.seat] = perSeat[t.seat] + 1;
  }
  const won = g.rules.won(g.game, g.state, g.players);
  for (let s = 0; s < won.length; s++) {
    for (let i = 0; i < won[s].length; i++) desired[won[s][i]] = { area: "pile", seat: s, index: i, down: true };
  }
  for (const spot of g.rules.spots(g.game, g.state, g.players)) {
    desired[spot.card] = { area: "spot", seat: -1, index: spot.level, down: spot.down, x: spot.x, z: spot.z, yaw: spot.yaw, locked: spot.locked };
  }
  let deckIndex = 0;
  for (const card of saveConfig().deck) {
    const guid = g.objects[card];
    if (guid === undefined) continue;
    let want = desired[card];
    const had = g.where[guid];
    // A face-down commit stays where it was laid until the engine reveals it, even where the
    // engine keeps the committed card in the hand meanwhile (Eclipsed's Edicts).
    if (want !== undefined && want.area === "hand" && had !== undefined && had.area === "slot" && had.down) want = had;
    if (want === undefined) {
      // Not visible anywhere: a hidden commit stays where it was laid; anything else is in the deck.
      if (had !== undefined && had.area === "slot" && had.down) want = had;
      else {
        want = { area: "deck", seat: -1, index: deckIndex, down: true };
        deckIndex++;
      }
    }
    if (!sameLoc(had, want)) {
      g.where[guid] = want;
      place(g, guid, want);
    }
  }
  g.rules.arrange({ game: g.game, state: g.state, players: g.players, colors: g.colors, objects: g.objects, force: forcePieces });
}

function place(g: Live, guid: string, loc: Loc): void {
  if (loc.area === "hand") {
    putInHand(guid, g.colors[loc.seat]);
    return;
  }
  if (loc.area === "deck") {
    putCard(guid, DECK_POINT, loc.index, 180, true, false);
    return;
  }
  if (loc.area === "spot") {
    putCard(guid, { x: loc.x as number, z: loc.z as number }, loc.index, loc.yaw as number, loc.down, loc.locked === true);
    return;
  }
  const p = placesFor(g.players)[loc.seat];
  if (loc.area === "slot") putCard(guid, toWorld(p, slotLocal(loc.index, g.rules.slotsPerSeat)), 0, cardYaw(p), loc.down, true);
  else putCard(guid, toWorld(p, PILE_LOCAL), loc.index, cardYaw(p), true, false);
}

function updateUi(g: Live): void {
  const result = g.game.result(g.state);
  const scores: string[] = [];
  for (let s = 0; s < g.players; s++) scores.push(g.colors[s] + " " + result.scores[s]);
  UI.setValue(UI_SCORES, scores.join("   "));
  let status = "";
  if (result.over) {
    const names: string[] = [];
    for (const w of result.winners) names.push(g.colors[w]);
    status = "Game over: " + names.join(" and ") + (names.length > 1 ? " share the victory." : " wins.");
    UI.setAttribute(UI_START_PANEL, "active", "true");
  } else if (g.busy) {
    status = g.colors[g.trickWinner] + " takes the trick";
  } else {
    const names: string[] = [];
    for (const s of g.game.active(g.state)) names.push(g.colors[s]);
    status = "Waiting for " + names.join(", ");
  }
  UI.setValue(UI_STATUS, status);
}

/** The text `onSave` returns. */
export function saveText(): string {
  const g = live;
  if (g === undefined) return "";
  const saved: SavedGame = {
    v: 1,
    game: g.game.id,
    players: g.players,
    seed: g.seed,
    actions: g.actions,
    where: g.where,
    busy: g.busy,
    stateHash: hashText(canonical(g.state)),
  };
  return canonical(saved);
}

/** The action log as a `syzygy replay` input file. */
export function replayText(): string {
  const g = live;
  if (g === undefined) return "";
  return canonical({ game: g.game.id, players: g.players, seed: g.seed, options: g.game.defaultOptions(), actions: g.actions });
}

/** Rebuilds a saved game by replaying its actions through the engine; "" or a reason it failed. */
export function restore(saved: SavedGame): string {
  const game = engine();
  if (game === undefined || saved.game !== game.id) return "saved game is for " + saved.game;
  let state = newState(game, saved.players, saved.seed);
  const actions: LoggedAction[] = [];
  for (const a of saved.actions) {
    const r = game.apply(state, a.seat, withoutSeat(a));
    if (!r.ok) return "saved action " + (actions.length + 1) + " is refused (" + r.rule + "): " + r.message;
    state = r.state;
    actions.push(a);
  }
  if (hashText(canonical(state)) !== saved.stateHash) return "the replayed state differs from the saved one";
  const where: { [guid: string]: Loc } = {};
  for (const k in saved.where) where[k] = saved.where[k];
  live = {
    game: game,
    rules: rulesFor(game.id),
    players: saved.players,
    seed: saved.seed,
    colors: seatColors(saved.players),
    actions: actions,
    state: state,
    where: where,
    busy: saved.busy,
    trickWinner: -1,
    objects: indexObjects(),
  };
  const g = live;
  // Saved cards lie where they were; re-place them so locks and faces match the bookkeeping.
  for (const card of saveConfig().deck) {
    const guid = g.objects[card];
    const loc = guid !== undefined ? where[guid] : undefined;
    if (guid !== undefined && loc !== undefined && loc.area === "slot") place(g, guid, loc);
  }
  UI.setAttribute(UI_START_PANEL, "active", "false");
  UI.setValue(UI_SEED, "seed " + g.seed);
  if (g.busy) {
    g.busy = true;
    collectTrick();
  } else {
    reconcile(g, true);
    updateUi(g);
  }
  return "";
}

export function looseCard(guid: string): TableObject | undefined {
  return looseObject(guid);
}
