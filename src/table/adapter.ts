/**
 * How a game's engine state maps onto the Tabletop Simulator table. The host glue
 * (mods/tts/session.ts) knows no game: it asks a game's adapter (src/engine/<game>/table.ts,
 * part of the game's definition) where cards belong, which drops are hidden, which buttons and
 * match options the game has, and whether the table pauses after a move. `defaultTableRules`
 * covers a game whose view has a `hand` and nothing else on the table; adapters override what
 * their game adds (played cards, won piles, markers, tokens, melds). Plain code: compiles to Lua.
 */
import type { BaseAction, BaseEvent, Game, GameView } from "../engine/core/types";
import type { TableHost, TableObject } from "./host";
import type { RefusalHint } from "./hints";
import { STANDARD_RULES, type MatchChoice } from "./options";
import { PLAY_ZONE_NOTE } from "./zones";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEngine = Game<any, any, BaseAction, BaseEvent, GameView>;

/** A card lying in a seat's slot of the play area. */
export interface PlayedCard {
  seat: number;
  card: string;
}

/** A card-bearing action (every engine names the card field `card`). */
export interface CardAction extends BaseAction {
  card: string;
}

/** What an adapter may do on the table after the cards are in place. */
export interface TableContext {
  game: AnyEngine;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  state: any;
  players: number;
  colors: string[];
  /** Memo → GUID of every object of the save. */
  objects: { [note: string]: string };
  /** Re-place every piece even where the adapter believes it already is (after a refused drop). */
  force: boolean;
  host: TableHost;
}

/** A card the adapter places at a fixed spot (draw and discard piles, edicts, melds). */
export interface Spot {
  card: string;
  x: number;
  z: number;
  yaw: number;
  /** Height in cards (stacking order). */
  level: number;
  down: boolean;
  locked: boolean;
}

/**
 * One thing a person does at the table: drop a piece (by its data id) into a scripting zone (by the
 * zone's data id, e.g. `zone/play`), press a HUD button of the game (`syzygy_<id>`), or choose a
 * number on the HUD's shared number picker (− and + set it, Choose makes the move).
 */
export type Gesture = { kind: "drop"; note: string; zone: string } | { kind: "button"; id: string } | { kind: "number"; value: number };

/** The shared number picker's range (HUD: − value + Choose). */
export const NUMBER_MIN = 0;
export const NUMBER_MAX = 20;

/** What a UI button press means: an action for the engine, or a reason to refuse at once. */
export type ButtonResult = { action: BaseAction } | { rule: string; message: string } | { info: string };

/** A game's extra HUD button: `syzygy_<id>` is the global function it calls. */
export interface GameButton {
  id: string;
  label: string;
}

/**
 * A pause after a move: the played cards stay face up on the table for `seconds`, `seat`'s
 * highlighted, before the table is brought in line with the state (e.g. a finished trick).
 */
export interface Hold {
  seat: number;
  seconds: number;
  /** The HUD status meanwhile. */
  status: string;
  /** What a player who tries to move meanwhile is told: the problem and the fix. */
  problem: string;
  fix: string;
}

/** @noSelf */
export interface TableRules {
  /** What players are told to do instead when the engine refuses a move, by rule id. */
  hints: RefusalHint[];
  /** Extra HUD buttons (the save builder writes them into the XmlUI; the script defines their functions). */
  buttons: GameButton[];
  /** Match options offered at Start, the default first. */
  choices: MatchChoice[];
  /** Players lay out and declare melds on the table: a staging area and a meld row per seat. */
  meldAreas: boolean;
  /** Most cards one seat lays in the play area at once (slots per seat). */
  slotsPerSeat: number;
  hand(game: AnyEngine, state: unknown, seat: number): string[];
  /** Cards lying in the seats' slots of the play area. */
  played(game: AnyEngine, state: unknown): PlayedCard[];
  won(game: AnyEngine, state: unknown, players: number): string[][];
  /** True when the accepted `action` lays its card face down (hidden until revealed). */
  hidden(game: AnyEngine, before: unknown, seat: number, action: BaseAction): boolean;
  /** True when `event` turns the face-down cards in the play area face up. */
  reveals(event: BaseEvent): boolean;
  /** A pause the table makes after these events, or undefined to go straight on. */
  hold(events: BaseEvent[], colors: string[]): Hold | undefined;
  /** The action meant by dropping `card` into the play zone (legal or not: apply explains). */
  dropAction(game: AnyEngine, state: unknown, seat: number, card: string): CardAction;
  /**
   * A non-deck piece (e.g. a bid card) dropped into the play zone: the action it means and the
   * seat it belongs to, or undefined when dropping it there means nothing.
   */
  pieceDrop(game: AnyEngine, state: unknown, players: number, note: string): { seat: number; action: BaseAction } | undefined;
  /** Cards that lie at fixed spots rather than in hands, slots or won piles. */
  spots(game: AnyEngine, state: unknown, players: number): Spot[];
  /** A HUD button pressed by `seat`. */
  button(ctx: TableContext, seat: number, id: string): ButtonResult;
  /** Objects `seat` laid out for a button (a meld's cards, loose or stacked into a deck). */
  laidOut(ctx: TableContext, seat: number): TableObject[];
  /** Moves the game's other pieces (markers, tokens, status cards) to match the state. */
  arrange(ctx: TableContext): void;
  /** A line to announce for an event, "" for none. */
  announce(event: BaseEvent, colors: string[]): string;
  /**
   * How a person makes `seat`'s legal `action` at the table, gesture by gesture: what the shared
   * table tests (test/tts) do, so they drive any game without knowing it. Empty: no way to make it.
   */
  gestures(game: AnyEngine, state: unknown, seat: number, colors: string[], action: BaseAction): Gesture[];
  /** The shared number picker's label on the HUD ("" when the game has no use for it). */
  numberLabel: string;
  /** The move `seat` makes by choosing `value` on the number picker, or undefined when a number means nothing now. */
  numberAction(game: AnyEngine, state: unknown, seat: number, value: number): BaseAction | undefined;
}

export const defaultTableRules: TableRules = {
  hints: [],
  buttons: [],
  choices: STANDARD_RULES,
  meldAreas: false,
  slotsPerSeat: 1,
  hand: (game, state, seat) => {
    const h = game.view(state, seat).hand;
    return h !== undefined ? h : [];
  },
  played: () => [],
  won: (_game, _state, players) => {
    const out: string[][] = [];
    for (let s = 0; s < players; s++) out.push([]);
    return out;
  },
  // A drop during a simultaneous step is a hidden commit.
  hidden: (game, before) => game.active(before).length > 1,
  reveals: () => false,
  hold: () => undefined,
  dropAction: (game, state, seat, card) => {
    const legal = game.legal(state, seat) as CardAction[];
    for (const a of legal) if (a.card === card) return a;
    // Not a legal card: ask the engine about the kind of move the game expects now (the seat's
    // own, else the acting seats'), so its refusal names the rule that applies.
    let type = legal.length > 0 ? legal[0].type : "";
    for (const s of game.active(state)) {
      if (type !== "") break;
      const theirs = game.legal(state, s);
      if (theirs.length > 0) type = theirs[0].type;
    }
    return { type: type !== "" ? type : "play", card: card };
  },
  pieceDrop: () => undefined,
  spots: () => [],
  button: () => ({ rule: "table", message: "This game has no such button" }),
  laidOut: () => [],
  arrange: () => {},
  announce: () => "",
  gestures: (_game, _state, _seat, _colors, action) => cardDrop(action),
  numberLabel: "",
  numberAction: () => undefined,
};

/** The default gesture: an action that names a card is that card dropped into the play zone. */
export function cardDrop(action: BaseAction): Gesture[] {
  const card = (action as unknown as { card?: unknown }).card;
  if (typeof card !== "string") return [];
  return [{ kind: "drop", note: card, zone: PLAY_ZONE_NOTE }];
}

/** `move(ctx, guid, key, put)`: runs `put` unless `guid` was last put at `key` (and `ctx.force` is off). */
export type PieceMover = (ctx: TableContext, guid: string, key: string, put: () => void) => void;

/**
 * An adapter's memory of where it last put each piece, so `arrange` (run after every move) moves
 * only the pieces whose place changed: re-placing every marker and token on every move took a
 * drop handler milliseconds in Lua. `key` names the place (a spot, a seat, coordinates); a forced
 * arrange (start, load, a refused drop) puts every piece again. One per adapter: piece GUIDs are
 * only unique within a save.
 */
export function pieceMover(): PieceMover {
  const placed: { [guid: string]: string } = {};
  return (ctx, guid, key, put) => {
    if (!ctx.force && placed[guid] === key) return;
    placed[guid] = key;
    put();
  };
}
