/**
 * The game-agnostic heart of the mod: one running game (engine state + the action log), the
 * bookkeeping of where every card lies, and the reactions to table events. Every rule decision
 * is the engine's (`legal`/`apply`); this module only moves cards to match the engine's state.
 *
 * Persistence: `saveText()` writes the action log, seed and object bookkeeping with the engine's
 * canonical serializer; `restore()` replays the log through the engine (so a loaded game is the
 * very same state, not a decoded copy) and checks it against the saved state hash.
 */
import { findDefinition } from "../../src/games/index";
import type { AnyEngine as AnyGame } from "../../src/engine/kit/definition";
import type { BaseAction, BaseEvent } from "../../src/engine/core/types";
import { canonical, hashText } from "../../src/engine/core/serialize";
import { saveConfig } from "./config";
import { NUMBER_MAX, NUMBER_MIN, defaultTableRules, type Hold, type TableContext, type TableRules } from "../../src/table/adapter";
import {
  DECK_POINT,
  PILE_LOCAL,
  PLAY_ZONE,
  placesFor,
  seatColors,
  slotLocal,
  toWorld,
  cardYaw,
} from "../../src/table/layout";
import {
  HOST,
  cardNotesOf,
  handNotes,
  indexObjects,
  isContainer,
  pendingMoves,
  putBack,
  putCard,
  putInHand,
  objectByGuid,
  setHighlight,
  shield,
  shielded,
  shieldPiles,
  turnFaceDown,
  zoneObjects,
  type TableObject,
} from "./table";
import { withChoice } from "../../src/table/options";
import { rngFromSeed } from "../../src/engine/core/rng";
import type { Rng } from "../../src/engine/core/rng";
import { refusalText, tableText, type Names } from "./wording";
import { seedCommitment } from "../../src/table/commitment";
import { pieceActionRefusal } from "./guard";
import { keepSpare, respawn, strangers, vanished } from "./repair";
import { UI_SCORES, UI_SEED, UI_START_PANEL, UI_STATUS } from "../../src/table/ui-ids";
import { knownStateHash, saveTextOf, warmSave, type SaveSource } from "./save-text";

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
  /** Engine options (v2; v1 saves used the defaults). */
  options?: { [name: string]: unknown };
  /** Seats played by the script (v2). */
  bots?: boolean[];
  actions: LoggedAction[];
  /** GUID → location, for every card the script placed. */
  where: { [guid: string]: Loc };
  /** The table holds (e.g. a finished trick waits to be collected): cleared on load. */
  busy: boolean;
  /** hashText(canonical(state)) after the last action: checked after the replay on load. */
  stateHash: string;
  /** Each seat's value on the shared number picker, not chosen yet (v2; absent: all at the minimum). */
  picks?: number[];
}

interface Live {
  game: AnyGame;
  rules: TableRules;
  players: number;
  /** Secret until the game ends (the HUD shows `commitment`). */
  seed: string;
  commitment: string;
  /** The end of the game has been announced with the seed. */
  revealed: boolean;
  /** Per logged action: made during a simultaneous (hidden) step. */
  simultaneous: boolean[];
  options: { [name: string]: unknown };
  bots: boolean[];
  /** A bot move is scheduled (paced so people can follow). */
  botPending: boolean;
  /** Card names by id, for messages. */
  names: { [id: string]: string };
  colors: string[];
  actions: LoggedAction[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  state: any;
  where: { [guid: string]: Loc };
  busy: boolean;
  /** The pause the table is in while `busy` (undefined after a load: the pause ends at once). */
  hold: Hold | undefined;
  objects: { [note: string]: string };
  /** Each seat's value on the shared number picker (saved: a reload shows the same). */
  picks: number[];
  /** GUIDs of the game's pieces (every tagged object), for ./guard.ts. */
  tracked: { [guid: string]: boolean };
}

const RED = { r: 1, g: 0.35, b: 0.3 };
const WHITE = { r: 1, g: 1, b: 1 };
const GOLD = { r: 1, g: 0.85, b: 0.3 };

let live: Live | undefined;

export function currentGame(): Live | undefined {
  return live;
}

function engine(): AnyGame | undefined {
  const def = findDefinition(saveConfig().game);
  return def !== undefined ? def.engine : undefined;
}

/** The game's table adapter (every game with an engine has one). */
function tableRules(): TableRules {
  const def = findDefinition(saveConfig().game);
  return def !== undefined ? def.table : defaultTableRules;
}

/** Seconds between two bot moves, and before a bot answers a human. */
export const BOT_PAUSE = 1.2;

function newState(game: AnyGame, players: number, seed: string, options: { [name: string]: unknown }): unknown {
  return game.setup({ players: players, options: options, dealer: -1, deal: [], setAside: [] }, seed);
}

function wordingNames(g: Live): Names {
  return { colors: g.colors, cardName: (id) => (g.names[id] !== undefined ? g.names[id] : "") };
}

function say(color: string, text: string): void {
  broadcastToColor(text, color as PlayerColor, RED);
}

/** Card names by id from every object of the save (loose or in a deck). */
function indexNames(): { [id: string]: string } {
  const out: { [id: string]: string } = {};
  for (const obj of getObjects() as unknown as TableObject[]) {
    const note = obj.memo;
    if (note !== "") out[note] = obj.getName();
    if (isContainer(obj)) {
      for (const inner of obj.getObjects() as unknown as { memo: string; name: string }[]) if (inner.memo !== "") out[inner.memo] = inner.name;
    }
  }
  return out;
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
  g.simultaneous.push(g.game.active(g.state).length > 1);
  g.actions.push(withSeat(seat, action));
  g.state = result.state;
  warmSave(liveSave);
  return { events: result.events };
}


/** The whole log of the last abandoned game (printed by Print replay log until the next Start). */
let abandonedLog = "";

/**
 * Abandons the game in progress (HUD button, confirmed): its seed is revealed as at a game's end,
 * its log stays printable, and the start panel comes back for a new deal.
 */
export function abandonGame(color: string): void {
  const g = live;
  if (g === undefined) return;
  clearHighlights();
  abandonedLog = replayText();
  broadcastToAll(
    color + " abandoned the game. The deal's seed was " + g.seed + " (commitment " + g.commitment + "): Print replay log to check it with syzygy replay.",
    GOLD,
  );
  UI.setValue(UI_SEED, "seed " + g.seed + " (commitment " + g.commitment + ")");
  UI.setValue(UI_STATUS, "Game abandoned: press Start to deal a new one.");
  UI.setAttribute(UI_START_PANEL, "active", "true");
  showTurn(undefined);
  live = undefined;
}

/** True while a game is being played (started or resumed, not over). */
export function gameInProgress(): boolean {
  return live !== undefined && !live.game.result(live.state).over;
}

/**
 * Starts a new game with `players` players and the engine seed `seed`; the last `bots` seats are
 * played by the script; `choice` indexes the game's match options (./games/options.ts).
 */
export function startGame(players: number, seed: string, bots = 0, choice = 0, commitment = seedCommitment(seed)): string {
  const game = engine();
  if (game === undefined) return "No engine for " + saveConfig().game + " in this build.";
  if (players < game.minPlayers || players > game.maxPlayers) {
    return game.id + " is for " + game.minPlayers + "–" + game.maxPlayers + " players.";
  }
  const rules = tableRules();
  const choices = rules.choices;
  const picked = choices[choice >= 0 && choice < choices.length ? choice : 0];
  const options = withChoice(game.defaultOptions() as { [name: string]: unknown }, picked);
  if (live !== undefined) clearHighlights();
  abandonedLog = "";
  const botSeats: boolean[] = [];
  for (let s = 0; s < players; s++) botSeats.push(s >= players - bots);
  live = {
    game: game,
    rules: rules,
    players: players,
    seed: seed,
    commitment: commitment,
    revealed: false,
    simultaneous: [],
    options: options,
    bots: botSeats,
    botPending: false,
    names: indexNames(),
    colors: seatColors(players),
    actions: [],
    state: newState(game, players, seed, options),
    where: {},
    busy: false,
    hold: undefined,
    objects: indexObjects(),
    tracked: {},
    picks: startPicks(players, undefined),
  };
  trackAll(live);
  UI.setAttribute(UI_START_PANEL, "active", "false");
  showSeed(live);
  const botNames: string[] = [];
  for (let s = 0; s < players; s++) if (botSeats[s]) botNames.push(live.colors[s]);
  const botLine = botNames.length > 0 ? "; bots play " + botNames.join(", ") : "";
  broadcastToAll(game.id + ": new game for " + players + " players (" + live.colors.join(", ") + "), " + picked.label + botLine + "; deal commitment " + live.commitment + " (the seed is revealed at the end).", GOLD);
  reconcile(live, true);
  updateUi(live);
  scheduleBot(live);
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

/** The object lies in the play zone: the save's ScriptingTrigger says so (its box as a fallback). */
function inPlayZone(obj: TableObject): boolean {
  const inside = zoneObjects(saveConfig().playZone);
  if (inside !== undefined) {
    const guid = obj.getGUID();
    for (const o of inside) if (o.getGUID() === guid) return true;
    return false;
  }
  const p = obj.getPosition();
  const half = PLAY_ZONE.size / 2;
  return p.x >= PLAY_ZONE.x - half && p.x <= PLAY_ZONE.x + half && p.z >= PLAY_ZONE.z - half && p.z <= PLAY_ZONE.z + half;
}

/** Puts a refused card back: into the hand at the place it was picked up from, else where it lay. */
function putBackRefused(g: Live, obj: TableObject): void {
  const guid = obj.getGUID();
  const loc = g.where[guid];
  if (loc === undefined) return;
  const from = obj.pick_up_position;
  if (loc.area === "hand" && from !== undefined) putBack(guid, from, g.colors[loc.seat]);
  else place(g, guid, loc);
}

function refuseDrop(g: Live, color: string, obj: TableObject, text: string): void {
  putBackRefused(g, obj);
  say(color, text);
}

/** A card was dropped somewhere. Only drops into the play zone are moves. */
export function handleDrop(color: string, obj: TableObject): void {
  const g = live;
  if (g === undefined) return;
  if (isContainer(obj)) {
    if (inPlayZone(obj)) refuseStack(g, color, obj);
    return;
  }
  const card = obj.memo;
  if (card === "" || !inPlayZone(obj)) return;
  if (!isDeckCard(card)) {
    handlePieceDrop(g, color, card);
    return;
  }
  const guid = obj.getGUID();
  const loc = g.where[guid];
  if (loc !== undefined && loc.area === "slot") return; // already played (locked in place)
  if (g.busy) {
    refuseDrop(g, color, obj, holdText(g));
    return;
  }
  const owner = ownerOf(g, card);
  if (owner < 0) {
    refuseDrop(g, color, obj, tableText(obj.getName() + " is not in anyone's hand", "play a card from your hand"));
    return;
  }
  const seat = seatOf(g, color);
  if (seat !== owner) {
    refuseDrop(g, color, obj, tableText("Only " + g.colors[owner] + " may play " + obj.getName(), "play a card from your own hand"));
    return;
  }
  if (g.bots[seat]) {
    refuseDrop(g, color, obj, tableText(color + " is played by a bot this game", "let the bot play"));
    return;
  }
  const action = g.rules.dropAction(g.game, g.state, seat, card);
  const problem = act(g, seat, action);
  if (problem !== undefined) refuseDrop(g, color, obj, refusalText(problem.rule, problem.message, wordingNames(g), g.rules.hints));
}

/** Several cards dropped together (cards dropped onto each other make a deck): back to the hand. */
function refuseStack(g: Live, color: string, obj: TableObject): void {
  for (const note of cardNotesOf(obj)) {
    const guid = g.objects[note];
    const loc = guid !== undefined ? g.where[guid] : undefined;
    if (guid !== undefined && loc !== undefined) place(g, guid, loc);
  }
  say(color, tableText("Those cards were dropped as a stack", "drop one card at a time"));
}

/**
 * Applies `action` for `seat` (a human's drop or button, or a bot's choice) and moves the table
 * to match. A card the action lays on the table goes to the seat's slot (face down when
 * the step is hidden); undefined when applied, else the engine's refusal.
 */
function act(g: Live, seat: number, action: BaseAction): { rule: string; message: string } | undefined {
  const before = g.state;
  const applied = applyLogged(g, seat, action);
  if ("rule" in applied) return applied;
  const card = (action as unknown as { card?: unknown }).card;
  if (typeof card === "string" && isDeckCard(card)) {
    const guid = g.objects[card];
    if (guid !== undefined) {
      const slot: Loc = { area: "slot", seat: seat, index: slotsUsed(g, seat), down: g.rules.hidden(g.game, before, seat, action) };
      g.where[guid] = slot;
      place(g, guid, slot);
    }
  }
  handleEvents(g, applied.events);
  return undefined;
}

/**
 * Whatever its owner lifts from the hand during a secret step is turned face down at once, so
 * nobody sees it while it is carried: a card whose move the adapter lays face down, any card of
 * a simultaneous step (its last seat too: the earlier commits are still hidden), and a piece
 * that stands for a move (a bid card: a game's pieces are played face down).
 */
export function handlePickUp(color: string, obj: TableObject): void {
  const g = live;
  if (g === undefined || isContainer(obj)) return;
  const note = obj.memo;
  if (note === "") return;
  const seat = seatOf(g, color);
  if (seat < 0) return;
  let active = false;
  for (const s of g.game.active(g.state)) if (s === seat) active = true;
  if (!active) return;
  if (!isDeckCard(note)) {
    const piece = g.rules.pieceDrop(g.game, g.state, g.players, note);
    if (piece !== undefined && piece.seat === seat) turnFaceDown(obj);
    return;
  }
  if (ownerOf(g, note) !== seat) return;
  // The step's kind of move (a card's own legal move, else any): hidden steps commit face down.
  const legal = g.game.legal(g.state, seat) as { type: string; card?: string }[];
  if (legal.length === 0) return;
  let probe = legal[0];
  for (const a of legal) if (a.card === note) probe = a;
  if (secretStep(g, seat, probe as BaseAction)) turnFaceDown(obj);
}

/**
 * True when `seat`'s move `probe` is a secret: the adapter lays it face down, or it belongs to a
 * simultaneous step (several seats to act, or the step's earlier moves were made side by side).
 */
function secretStep(g: Live, seat: number, probe: BaseAction): boolean {
  if (g.rules.hidden(g.game, g.state, seat, probe)) return true;
  if (g.game.active(g.state).length > 1) return true;
  const last = g.actions.length - 1;
  return last >= 0 && g.simultaneous[last] && g.actions[last].seat !== seat && g.actions[last].type === probe.type;
}

/** A game piece other than a deck card (a bid card) dropped into the play zone. */
function handlePieceDrop(g: Live, color: string, note: string): void {
  const piece = g.rules.pieceDrop(g.game, g.state, g.players, note);
  if (piece === undefined) return;
  const seat = seatOf(g, color);
  let text = "";
  if (g.busy) text = holdText(g);
  else if (seat !== piece.seat) text = tableText("Only " + g.colors[piece.seat] + " may play that piece", "use your own pieces");
  else if (g.bots[seat]) text = tableText(color + " is played by a bot this game", "let the bot play");
  else {
    const problem = act(g, seat, piece.action);
    if (problem === undefined) return;
    text = refusalText(problem.rule, problem.message, wordingNames(g), g.rules.hints);
  }
  say(color, text);
  g.rules.arrange(context(g, true));
}

function startPicks(players: number, saved: number[] | undefined): number[] {
  const out: number[] = [];
  for (let s = 0; s < players; s++) out.push(saved !== undefined && typeof saved[s] === "number" ? clampPick(saved[s]) : NUMBER_MIN);
  return out;
}

function clampPick(v: number): number {
  return v < NUMBER_MIN ? NUMBER_MIN : v > NUMBER_MAX ? NUMBER_MAX : Math.floor(v);
}

/** Told to the seat alone: a number may be a secret move (a bid) until it is chosen and revealed. */
function showPick(g: Live, seat: number): void {
  broadcastToColor(pickText(g.picks[seat]), g.colors[seat] as PlayerColor, GOLD);
}

export function pickText(value: number): string {
  return "Your number: " + value + " (press Choose to play it).";
}

/** The number picker's − or + pressed by `color`: their own value moves by `delta`. */
export function stepNumber(color: string, delta: number): void {
  const g = live;
  if (g === undefined) return;
  const seat = seatOf(g, color);
  if (seat < 0) return;
  g.picks[seat] = clampPick(g.picks[seat] + delta);
  showPick(g, seat);
}

/** Why `color` (at `seat`, -1 when not seated) may not make a HUD move now; "" when they may. */
function notNow(g: Live, seat: number, color: string): string {
  if (g.busy) return holdText(g);
  if (seat < 0) return tableText(color + " is not seated in this game (" + g.colors.join(", ") + ")", "sit at one of those colours to play");
  if (g.bots[seat]) return tableText(color + " is played by a bot this game", "let the bot play");
  return "";
}

/** The number picker's Choose pressed by `color`: the move their value means, if the engine takes it. */
export function chooseNumber(color: string): void {
  const g = live;
  if (g === undefined) return;
  const seat = seatOf(g, color);
  let text = notNow(g, seat, color);
  if (text === "") {
    const action = g.rules.numberAction(g.game, g.state, seat, g.picks[seat]);
    if (action === undefined) text = tableText("A number means nothing now", "make your move on the table");
    else {
      const problem = act(g, seat, action);
      if (problem === undefined) return;
      text = refusalText(problem.rule, problem.message, wordingNames(g), g.rules.hints);
    }
  }
  say(color, text);
  g.rules.arrange(context(g, true));
}

/** A HUD button of the game (e.g. Draw / Declare meld) pressed by `color`. */
export function pressButton(color: string, id: string): void {
  const g = live;
  if (g === undefined) return;
  const seat = seatOf(g, color);
  let text = notNow(g, seat, color);
  if (text === "") {
    const pressed = g.rules.button(context(g, false), seat, id);
    if ("action" in pressed) {
      const problem = act(g, seat, pressed.action);
      if (problem === undefined) return;
      text = refusalText(problem.rule, problem.message, wordingNames(g), g.rules.hints);
    } else if ("info" in pressed) {
      broadcastToColor(pressed.info, color as PlayerColor, GOLD);
      return;
    } else {
      text = pressed.rule === "table" ? tableText(pressed.message, "then press the button again") : refusalText(pressed.rule, pressed.message, wordingNames(g), g.rules.hints);
    }
  }
  say(color, text);
  // Only the cards the player laid out for it (a refused meld) go back to the hand, where they were.
  if (seat >= 0) {
    for (const obj of g.rules.laidOut(context(g, false), seat)) {
      if (isContainer(obj)) {
        for (const note of cardNotesOf(obj)) {
          const guid = g.objects[note];
          if (guid !== undefined) putInHand(guid, color);
        }
      } else putBackRefused(g, obj);
    }
  }
}

function context(g: Live, force: boolean): TableContext {
  return { game: g.game, state: g.state, players: g.players, colors: g.colors, objects: g.objects, force: force, host: HOST };
}

/** What a player who moves during a hold is told. */
function holdText(g: Live): string {
  if (g.hold !== undefined) return tableText(g.hold.problem, g.hold.fix);
  return tableText("The table is being tidied up", "wait a moment");
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
  for (const e of events) {
    const line = g.rules.announce(e, g.colors);
    if (line !== "") broadcastToAll(line, WHITE);
    if (g.rules.reveals(e)) revealSlots(g);
  }
  const hold = g.rules.hold(events, g.colors);
  if (hold !== undefined) {
    // Show the played cards face up with the seat highlighted, then bring the table in line.
    revealSlots(g);
    g.busy = true;
    g.hold = hold;
    highlightSeat(g, hold.seat);
    Wait.time(() => endHold(), hold.seconds);
  } else {
    reconcile(g);
  }
  updateUi(g);
  scheduleBot(g);
}

/** The script plays an active bot seat after a pause, one move at a time. */
function scheduleBot(g: Live): void {
  if (g.botPending || g.busy || live !== g) return;
  if (nextBot(g) < 0) return;
  g.botPending = true;
  Wait.time(() => botMove(g), BOT_PAUSE);
}

function nextBot(g: Live): number {
  if (g.game.result(g.state).over) return -1;
  for (const s of g.game.active(g.state)) if (g.bots[s] && g.game.legal(g.state, s).length > 0) return s;
  return -1;
}

/** The engines' optional greedy policy, a method of the game object (sim-types.ts). */
interface WithGreedy {
  greedy?(state: unknown, seat: number, legal: BaseAction[], rng: Rng): BaseAction;
}

/**
 * One bot move: the engine's greedy policy (the code `syzygy simulate --policy greedy` runs),
 * with a generator seeded by the game seed and the move number, so a reloaded game plays on alike.
 */
function botMove(g: Live): void {
  g.botPending = false;
  if (live !== g || g.busy) return;
  const seat = nextBot(g);
  if (seat < 0) return;
  const legal = g.game.legal(g.state, seat) as BaseAction[];
  const game = g.game as unknown as WithGreedy;
  const rng = rngFromSeed(g.seed + "/bot/" + g.actions.length);
  // Called on the engine object, as `syzygy simulate` calls it (the engine's functions take self).
  const action = game.greedy !== undefined ? game.greedy(g.state, seat, legal, rng) : legal[0];
  const problem = act(g, seat, action);
  if (problem !== undefined) broadcastToAll(g.colors[seat] + "'s bot was refused: " + refusalText(problem.rule, problem.message, wordingNames(g), g.rules.hints), RED);
  scheduleBot(g);
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

function highlightSeat(g: Live, seat: number): void {
  for (const card of saveConfig().deck) {
    const guid = g.objects[card];
    const loc = guid !== undefined ? g.where[guid] : undefined;
    if (guid !== undefined && loc !== undefined && loc.area === "slot" && loc.seat === seat) {
      setHighlight(guid, g.colors[seat]);
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

/** Ends a hold: the table follows the state again (scheduled by handleEvents, or run on load). */
export function endHold(): void {
  const g = live;
  if (g === undefined || !g.busy) return;
  clearHighlights();
  g.busy = false;
  g.hold = undefined;
  reconcile(g);
  updateUi(g);
  scheduleBot(g);
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
  for (const t of g.rules.played(g.game, g.state)) {
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
  let dealt = 0;
  for (const card of saveConfig().deck) {
    const guid = g.objects[card];
    if (guid === undefined) continue;
    let want = desired[card];
    const had = g.where[guid];
    // A face-down commit stays where it was laid until the engine reveals it, even where the
    // engine keeps the committed card in the hand meanwhile (contributed rule cards).
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
      if (want.area === "hand") dealt++;
    }
  }
  g.rules.arrange(context(g, forcePieces));
  shieldFromBookkeeping(g);
  shieldPiles();
  if (dealt > 0) verifyHands(g, 2);
}

/**
 * Who may lift each loose card follows from the bookkeeping, at every reconcile and after a load
 * (TTS saves no `interactable`, and a deck's last card spawns as a new, interactable object): a
 * card in a hand or a won pile is open (TTS keeps other players out of a hand), one the bookkeeping
 * holds face down anywhere else is shielded. Whatever callback ran before, this puts it right.
 */
function shieldFromBookkeeping(g: Live): void {
  for (const card of saveConfig().deck) {
    const guid = g.objects[card];
    const loc = guid !== undefined ? g.where[guid] : undefined;
    if (guid === undefined || loc === undefined) continue;
    const obj = objectByGuid(guid);
    if (obj === undefined || obj.spawning) continue;
    const hidden = loc.down && loc.area !== "hand" && loc.area !== "pile";
    if (shielded(obj) !== hidden) shield(obj, hidden);
  }
}

/** The cards the bookkeeping puts in `seat`'s hand. */
function expectedHand(g: Live, seat: number): string[] {
  const out: string[] = [];
  for (const card of saveConfig().deck) {
    const guid = g.objects[card];
    const loc = guid !== undefined ? g.where[guid] : undefined;
    if (loc !== undefined && loc.area === "hand" && loc.seat === seat) out.push(card);
  }
  return out;
}

let verifying = false;

/**
 * Once every move has landed (cards taken from a deck spawn frames later), checks each hand
 * against the engine: a missing card is sent again (`retries` times), then reported.
 */
function verifyHands(g: Live, retries: number): void {
  if (verifying) return;
  verifying = true;
  const check = (): void => {
    verifying = false;
    if (live !== g) return;
    const short: string[] = [];
    for (let s = 0; s < g.players; s++) {
      const held: { [note: string]: boolean } = {};
      for (const note of handNotes(g.colors[s])) held[note] = true;
      const want = expectedHand(g, s);
      let have = 0;
      for (const card of want) {
        if (held[card] === true) have++;
        else if (retries > 0) putInHand(g.objects[card], g.colors[s]);
      }
      if (have < want.length) short.push(g.colors[s] + " holds " + have + " of " + want.length);
    }
    if (short.length === 0) return;
    if (retries > 0) verifyHands(g, retries - 1);
    else broadcastToAll(tableText("Some cards did not reach their hands (" + short.join(", ") + ")", "press Start to deal again"), RED);
  };
  Wait.condition(check, () => pendingMoves() === 0, 5, check);
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
  // A won pile holds only cards everyone saw played: it stays open to its players.
  else putCard(guid, toWorld(p, PILE_LOCAL), loc.index, cardYaw(p), true, false, true);
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
    g.botPending = false;
    if (!g.revealed) {
      g.revealed = true;
      broadcastToAll(
        "The deal's seed was " + g.seed + " (commitment " + g.commitment + "): Print replay log, then check the deal with syzygy replay.",
        GOLD,
      );
    }
    showSeed(g);
  } else if (g.busy && g.hold !== undefined) {
    status = g.hold.status;
  } else {
    const names: string[] = [];
    for (const s of g.game.active(g.state)) names.push(g.colors[s] + (g.bots[s] ? " (bot)" : ""));
    status = "Waiting for " + names.join(", ");
  }
  UI.setValue(UI_STATUS, status);
  const active = g.game.active(g.state);
  showTurn(!result.over && !g.busy && active.length === 1 ? g.colors[active[0]] : undefined);
}

/**
 * Whose turn it is, at a glance: TTS's own turn system ("turn_color: The color of the Player
 * whose turn it is") marks the one seat to act; during a simultaneous step (several seats) or
 * after the game it is switched off and the HUD's status line names the seats.
 */
function showTurn(color: string | undefined): void {
  if (color === undefined) {
    Turns.enable = false;
    return;
  }
  const g = live;
  if (g !== undefined) {
    Turns.type = 2;
    Turns.order = g.colors as PlayerColor[];
  }
  Turns.pass_turns = false;
  Turns.enable = true;
  Turns.turn_color = color as PlayerColor;
}

/**
 * The HUD's seed line: the commitment while the game runs (the seed would give every hand
 * away), the seed itself once the game is over.
 */
function showSeed(g: Live): void {
  if (g.game.result(g.state).over) UI.setValue(UI_SEED, "seed " + g.seed + " (commitment " + g.commitment + ")");
  else UI.setValue(UI_SEED, "deal commitment " + g.commitment);
}

/** What the save is written from, for ./save-text.ts to write it in the frames after a move. */
function liveSave(): SaveSource | undefined {
  return live !== undefined ? { state: live.state, actions: live.actions, where: live.where } : undefined;
}

/** The text `onSave` returns: canonical(SavedGame), kept and rebuilt only where it changed (./save-text.ts). */
export function saveText(): string {
  const g = live;
  if (g === undefined) return "";
  const saved: Omit<SavedGame, "stateHash"> = {
    v: 2,
    game: g.game.id,
    players: g.players,
    seed: g.seed,
    options: g.options,
    bots: g.bots,
    actions: g.actions,
    where: g.where,
    busy: g.busy,
    picks: g.picks,
  };
  return saveTextOf(saved, g.state);
}

function hasOptions(g: Live): boolean {
  let any = false;
  for (const _k in g.options) any = true;
  return any;
}

/**
 * The whole game as a `syzygy replay` input file, with the seed and the commitment shown at
 * Start (`syzygy replay` checks they match). Options only when the game has any: Lua cannot
 * tell {} from []. Only for a finished game (or the host's console): the seed gives every hand away.
 */
export function replayText(): string {
  const g = live;
  if (g === undefined) return "";
  if (!hasOptions(g)) return canonical({ game: g.game.id, players: g.players, seed: g.seed, commitment: g.commitment, actions: g.actions });
  return canonical({ game: g.game.id, players: g.players, seed: g.seed, commitment: g.commitment, options: g.options, actions: g.actions });
}

/**
 * The log `color` may print. After the game: the whole replay file. During it: what that player
 * may see and nothing more — the commitment (no seed), the engine's view for their seat (built
 * from public parts and their own hand: the engines' contract), their own moves in full, and of
 * everyone else's moves only who made which kind of move (what the table showed; the public
 * details, such as cards played face up, are in the view).
 */
export function playerLogText(color: string): string {
  const g = live;
  if (g === undefined) return abandonedLog;
  if (g.game.result(g.state).over) return replayText();
  const seat = seatOf(g, color);
  const moves: { [k: string]: unknown }[] = [];
  for (const a of g.actions) {
    if (a.seat === seat) moves.push(a as unknown as { [k: string]: unknown });
    else moves.push({ seat: a.seat, type: a.type });
  }
  const out: { [k: string]: unknown } = {
    game: g.game.id,
    players: g.players,
    commitment: g.commitment,
    seat: seat,
    color: color,
    moves: moves,
    view: g.game.view(g.state, seat),
    note: "game in progress: the seed and the full log are printed when the game is over",
  };
  if (hasOptions(g)) out.options = g.options;
  return canonical(out);
}

export function movesMade(): number {
  return live !== undefined ? live.actions.length : 0;
}

/** The logged moves from index `from` on, as canonical JSON. */
export function movesFrom(from: number): string {
  const out: LoggedAction[] = [];
  if (live !== undefined) for (let i = from; i < live.actions.length; i++) out.push(live.actions[i]);
  return canonical(out);
}

/** Rebuilds a saved game by replaying its actions through the engine; "" or a reason it failed. */
export function restore(saved: SavedGame): string {
  const game = engine();
  if (game === undefined || saved.game !== game.id) return "saved game is for " + saved.game;
  const options = saved.options !== undefined ? saved.options : (game.defaultOptions() as { [name: string]: unknown });
  const bots: boolean[] = [];
  for (let s = 0; s < saved.players; s++) bots.push(saved.bots !== undefined && saved.bots[s] === true);
  let state = newState(game, saved.players, saved.seed, options);
  const actions: LoggedAction[] = [];
  const simultaneous: boolean[] = [];
  for (const a of saved.actions) {
    const r = game.apply(state, a.seat, withoutSeat(a));
    if (!r.ok) return "saved move " + (actions.length + 1) + " is refused [" + r.rule + "]";
    simultaneous.push(game.active(state).length > 1);
    state = r.state;
    actions.push(a);
  }
  if (hashText(canonical(state)) !== saved.stateHash) return "the replayed state differs from the saved one";
  knownStateHash(state, saved.stateHash);
  warmSave(liveSave);
  const where: { [guid: string]: Loc } = {};
  for (const k in saved.where) where[k] = saved.where[k];
  live = {
    game: game,
    rules: tableRules(),
    players: saved.players,
    seed: saved.seed,
    commitment: seedCommitment(saved.seed),
    // A game saved after its end was announced is not announced again.
    revealed: game.result(state).over,
    simultaneous: simultaneous,
    options: options,
    bots: bots,
    botPending: false,
    names: indexNames(),
    colors: seatColors(saved.players),
    actions: actions,
    state: state,
    where: where,
    busy: saved.busy,
    hold: undefined,
    objects: indexObjects(),
    tracked: {},
    picks: startPicks(saved.players, saved.picks),
  };
  const g = live;
  trackAll(g);
  // Saved cards lie where they were; re-place them so locks and faces match the bookkeeping.
  for (const card of saveConfig().deck) {
    const guid = g.objects[card];
    const loc = guid !== undefined ? where[guid] : undefined;
    if (guid !== undefined && loc !== undefined && loc.area === "slot") place(g, guid, loc);
  }
  shieldFromBookkeeping(g);
  UI.setAttribute(UI_START_PANEL, "active", "false");
  showSeed(g);
  if (g.busy) {
    endHold();
  } else {
    reconcile(g, true);
    updateUi(g);
    scheduleBot(g);
  }
  // A save taken while cards were still spawning may hold them nowhere: say so (counts only: a
  // card's name could be another player's secret). Hands are checked and topped up once all lands.
  const missing = missingCards(g);
  if (missing !== "") broadcastToAll(tableText("This save lacks " + missing, "press Start to deal a new game"), RED);
  verifyHands(g, 2);
  return "";
}

/** Where the engine's cards that the table does not hold at all belong ("" when none is missing). */
function missingCards(g: Live): string {
  const perSeat: number[] = [];
  for (let s = 0; s < g.players; s++) perSeat.push(0);
  let elsewhere = 0;
  for (const card of saveConfig().deck) {
    if (g.objects[card] === undefined) {
      const owner = ownerOf(g, card);
      if (owner >= 0) perSeat[owner] = perSeat[owner] + 1;
      else elsewhere++;
    }
  }
  const parts: string[] = [];
  for (let s = 0; s < g.players; s++) if (perSeat[s] > 0) parts.push(perSeat[s] + " of " + g.colors[s] + "'s cards");
  if (elsewhere > 0) parts.push(elsewhere + (elsewhere === 1 ? " other card" : " other cards"));
  return parts.join(", ");
}

/** Re-applies the HUD (the XmlUI resets attributes set before it finished loading). */
export function refreshUi(): void {
  const g = live;
  UI.setAttribute(UI_START_PANEL, "active", gameInProgress() ? "false" : "true");
  if (g !== undefined) {
    showSeed(g);
    updateUi(g);
  }
}

function trackAll(g: Live): void {
  g.tracked = {};
  for (const obj of getObjects() as unknown as TableObject[]) {
    const note = obj.memo;
    if (note !== "" && g.objects[note] === obj.getGUID()) g.tracked[obj.getGUID()] = true;
    if (isContainer(obj)) for (const inner of obj.getObjects()) if (g.objects[inner.memo] === inner.guid) g.tracked[inner.guid] = true;
  }
}

/** onPlayerAction: true (after telling the player why) when the action would destroy or copy a game piece. */
export function refusePieceAction(color: string, action: number, targets: TableObject[]): boolean {
  const g = live;
  if (g === undefined) return false;
  const text = pieceActionRefusal(action, targets, g.tracked);
  if (text === "") return false;
  say(color, text);
  return true;
}

/** onObjectDestroy: a game piece about to go is kept as a spare, and the table is checked once quiet. */
export function pieceDestroyed(obj: TableObject): void {
  const g = live;
  if (g === undefined || g.tracked[obj.getGUID()] !== true) return;
  keepSpare(obj);
  checkPiecesSoon(g);
}

/** onObjectSpawn: an object carrying a game piece's id under another GUID is a stranger. */
export function objectSpawned(obj: TableObject): void {
  const g = live;
  if (g === undefined || isContainer(obj)) return;
  const note = obj.memo;
  if (note !== "" && g.objects[note] !== undefined && g.objects[note] !== obj.getGUID()) checkPiecesSoon(g);
}

let checkingPieces = false;

function checkPiecesSoon(g: Live): void {
  if (checkingPieces) return;
  checkingPieces = true;
  const check = (): void => {
    checkingPieces = false;
    if (live === g) announceTrouble(g);
  };
  Wait.condition(check, () => pendingMoves() === 0, 5, check);
}

/** What everyone may be told about `note`: its name when everyone saw it, else where it lay. */
function publicName(g: Live, note: string): string {
  const guid = g.objects[note];
  const loc = guid !== undefined ? g.where[guid] : undefined;
  const name = g.names[note] !== undefined && g.names[note] !== "" ? g.names[note] : "a game piece";
  if (loc === undefined) return isDeckCard(note) ? "a card of the draw pile" : name;
  if (loc.area === "hand") return "a card of " + g.colors[loc.seat] + "'s hand";
  if (loc.down && loc.area !== "pile") return "a face-down card";
  return name;
}

/** Names every vanished piece and every stranger; "" when the table holds the game's pieces. */
function troubleText(g: Live): string {
  const parts: string[] = [];
  for (const note of vanished(g.objects, saveConfig().deck)) parts.push(publicName(g, note) + " is gone from the table");
  for (const obj of strangers(g.objects)) parts.push("a copy of " + obj.getName() + " that is not this game's card lies on the table");
  return parts.join("; ");
}

function announceTrouble(g: Live): void {
  const text = troubleText(g);
  if (text !== "") broadcastToAll(tableText(text, "press Repair table to put the game's cards back"), RED);
}

/**
 * HUD "Repair table": strangers are removed, vanished cards spawned again from their spares, and
 * every card put back where the bookkeeping has it. Says what it could not restore.
 */
export function repairTable(color: string): void {
  const g = live;
  if (g === undefined) return;
  for (const obj of strangers(g.objects)) (obj as unknown as { destruct(): boolean }).destruct();
  const lost: string[] = [];
  for (const note of vanished(g.objects, saveConfig().deck)) {
    const guid = g.objects[note];
    const spawned = respawn(guid, { x: DECK_POINT.x, y: 3, z: DECK_POINT.z });
    if (spawned === undefined) {
      lost.push(publicName(g, note));
      continue;
    }
    const fresh = spawned.getGUID();
    if (fresh !== guid) {
      g.objects[note] = fresh;
      g.tracked[fresh] = true;
      const loc = g.where[guid];
      if (loc !== undefined) g.where[fresh] = loc;
      g.where[guid] = undefined as unknown as Loc;
    }
  }
  // Everything again, as after a load: pieces forced into place, hands checked once all lands.
  for (const card of saveConfig().deck) {
    const guid = g.objects[card];
    const loc = guid !== undefined ? g.where[guid] : undefined;
    if (guid !== undefined && loc !== undefined) place(g, guid, loc);
  }
  reconcile(g, true);
  verifyHands(g, 2);
  if (lost.length > 0) broadcastToAll(tableText(color + " pressed Repair table, but " + lost.join(", ") + " could not be restored", "press Start to deal a new game"), RED);
  else broadcastToAll(color + " repaired the table: the game's cards are back where the game has them.", GOLD);
}
