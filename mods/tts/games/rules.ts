/**
 * How a game's engine state maps onto the table. The session (../session.ts) is game-agnostic:
 * it asks these functions where cards belong and which drops are hidden. `defaultTableRules`
 * reads the conventional view fields (`hand`, `trick` + `trickSeats`, `won`); a game whose view
 * differs, or that has extra pieces (markers, tokens), adds a small adapter in this folder.
 */
import type { AnyGame } from "../../../src/engine/registry";
import type { BaseAction, BaseEvent } from "../../../src/engine/core/types";
import type { TableObject } from "../table";

export interface TrickCard {
  seat: number;
  card: string;
}

/** A card-bearing action (every engine names the card field `card`). */
export interface CardAction extends BaseAction {
  card: string;
}

/** What an adapter may do on the table after the cards are in place. */
export interface TableContext {
  game: AnyGame;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  state: any;
  players: number;
  colors: string[];
  /** GMNotes → GUID of every object of the save. */
  objects: { [note: string]: string };
  /** Re-place every piece even where the adapter believes it already is (after a refused drop). */
  force: boolean;
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

/** What a UI button press means: an action for the engine, or a reason to refuse at once. */
export type ButtonResult = { action: BaseAction } | { rule: string; message: string } | { info: string };

/** A game's extra HUD buttons: `syzygy_<id>` is the global function each one calls. */
export interface GameButton {
  id: string;
  label: string;
}

export interface TableRules {
  /** Most cards one seat lays in a single trick (trick slots per seat). */
  slotsPerSeat: number;
  hand(game: AnyGame, state: unknown, seat: number): string[];
  trick(game: AnyGame, state: unknown): TrickCard[];
  won(game: AnyGame, state: unknown, players: number): string[][];
  /** True when the accepted `action` lays its card face down (hidden until revealed). */
  hidden(game: AnyGame, before: unknown, seat: number, action: BaseAction): boolean;
  /** The action meant by dropping `card` into the play zone (legal or not: apply explains). */
  dropAction(game: AnyGame, state: unknown, seat: number, card: string): CardAction;
  /**
   * A non-deck piece (e.g. a bid card) dropped into the play zone: the action it means and the
   * seat it belongs to, or undefined when dropping it there means nothing.
   */
  pieceDrop(game: AnyGame, state: unknown, players: number, note: string): { seat: number; action: BaseAction } | undefined;
  /** Cards that lie at fixed spots rather than in hands, trick slots or won piles. */
  spots(game: AnyGame, state: unknown, players: number): Spot[];
  /** A HUD button pressed by `seat` (see ./buttons.ts). */
  button(ctx: TableContext, seat: number, id: string): ButtonResult;
  /** Objects `seat` laid out for a button (a meld's cards, loose or stacked into a deck). */
  laidOut(ctx: TableContext, seat: number): TableObject[];
  /** Moves the game's other pieces (markers, tokens, status cards) to match the state. */
  arrange(ctx: TableContext): void;
  /** A line to announce for an event, "" for none. */
  announce(event: BaseEvent, colors: string[]): string;
}

interface ConventionalView {
  hand?: string[];
  trick?: string[];
  trickSeats?: number[];
  won?: string[][];
}

function view(game: AnyGame, state: unknown, seat: number): ConventionalView {
  return game.view(state, seat) as ConventionalView;
}

export const defaultTableRules: TableRules = {
  slotsPerSeat: 1,
  hand: (game, state, seat) => {
    const h = view(game, state, seat).hand;
    return h !== undefined ? h : [];
  },
  trick: (game, state) => {
    const v = view(game, state, -1);
    const out: TrickCard[] = [];
    if (v.trick === undefined || v.trickSeats === undefined) return out;
    for (let i = 0; i < v.trick.length; i++) out.push({ seat: v.trickSeats[i], card: v.trick[i] });
    return out;
  },
  won: (game, state, players) => {
    const w = view(game, state, -1).won;
    if (w !== undefined) return w;
    const out: string[][] = [];
    for (let s = 0; s < players; s++) out.push([]);
    return out;
  },
  // A drop during a simultaneous step is a hidden commit.
  hidden: (game, before) => game.active(before).length > 1,
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
};
