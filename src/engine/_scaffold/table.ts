/**
 * __NAME__ on the Tabletop Simulator table: the shared trick pieces (src/table/tricks.ts), one
 * slot per seat; the turned-up card lies face up beside the deck (TPL-2); a bid is chosen on the
 * HUD's shared number picker (TPL-3); the table announces bids, tricks, rounds and the winners.
 */
import type { BaseAction, BaseEvent } from "../core/types";
import { bidLine, bidRoundLine, gameOverLine } from "../kit/announce";
import { DISCARD_POINT } from "../../table/layout";
import { cardDrop, defaultTableRules, type Gesture, type Spot, type TableRules } from "../../table/adapter";
import { OVER, OWN, SIT, WAIT, type RefusalHint } from "../../table/hints";
import { trickHold, viewTrick, viewWon } from "../../table/tricks";
import { RULES } from "./data.gen";
import { Phase, type State } from "./types";

/** What a player is told instead of a refused move, by rule id (first match wins). */
const HINTS: RefusalHint[] = [
  { rule: "TPL-seat", starts: "", problem: "You are not seated in this game", fix: SIT },
  { rule: "TPL-over", starts: "", problem: "The game is over", fix: OVER },
  { rule: "TPL-phase", starts: "the players are bidding", problem: "The players are bidding", fix: "choose your bid on the HUD's number picker when it is your turn" },
  { rule: "TPL-phase", starts: "", problem: "Every bid is made", fix: "play one card into the play area" },
  { rule: "TPL-turn", starts: "", problem: "", fix: WAIT },
  { rule: "TPL-hand", starts: "", problem: "That card is not in your hand", fix: OWN },
  { rule: "TPL-3", starts: "", problem: "", fix: "bid no more tricks than the cards in your hand" },
  { rule: "TPL-4", starts: "", problem: "", fix: "follow the led suit" },
];

/**
 * A bid is a number chosen on the HUD's shared number picker (TPL-3): the picker's value is told
 * to the bidder alone until Choose makes it public; a card is played by dropping it.
 */
function gestures(action: BaseAction): Gesture[] {
  if (action.type === "bid") return [{ kind: "number", value: (action as unknown as { tricks: number }).tricks }];
  return cardDrop(action);
}

function bidOf(state: State, value: number): BaseAction | undefined {
  if (state.phase !== Phase.Bid) return undefined;
  const action: BaseAction & { tricks: number } = { type: "bid", tricks: value };
  return action;
}

/** TPL-2: the turned-up card, face up beside the deck. */
function spots(state: State): Spot[] {
  if (state.turnUp === "") return [];
  return [{ card: state.turnUp, x: DISCARD_POINT.x, z: DISCARD_POINT.z, yaw: 180, level: 0, down: false, locked: true }];
}

function announce(e: BaseEvent, colors: string[]): string {
  const ev = e as unknown as { [k: string]: unknown };
  if (e.type === "deal") return "Round " + (ev.round as number) + ": " + (ev.turnUp as string) + " is turned up; " + (ev.trump as string) + " are trump.";
  if (e.type === "bid") return bidLine(ev.seat as number, ev.tricks as number, colors);
  if (e.type === "trick") return colors[ev.winner as number] + " takes the trick.";
  if (e.type === "round") return bidRoundLine(ev.round as number, "TPL-6", ev.bids as number[], ev.tricks as number[], ev.points as number[], colors);
  if (e.type === "gameOver") return gameOverLine(ev.winners as number[], colors);
  return "";
}

/** The defaults (src/table/adapter.ts), with what this game adds to the table. */
export const table: TableRules = {
  ...defaultTableRules,
  hints: HINTS,
  played: viewTrick,
  won: viewWon,
  hold: (events, colors) => trickHold(events, colors),
  spots: (_game, state) => spots(state as State),
  announce: (e, colors) => announce(e, colors),
  gestures: (_game, _state, _seat, _colors, action) => gestures(action),
  numberLabel: "Bid (tricks)",
  numberAction: (_game, state, _seat, value) => bidOf(state as State, value),
};
