/**
 * Solar Eclipse on the table: two slots per seat (first and second card); after a Moon lead
 * second cards lie face down until all are in and are revealed together (SE-7). Bids are made by
 * dropping one of your six bid cards into the play zone: it lies face down in front of you and
 * the other five are set aside face down (SE-2); all return to your hand for the next round.
 * Bonus cards move from the pile to the winner of a trick won without an eclipse (SE-9).
 */
import { byteOrder, stableSort } from "../core/util";
import { bidRoundLine, gameOverLine } from "../kit/announce";
import type { BaseEvent } from "../core/types";
import type { State, View } from "./types";
import { ASIDE_LOCAL, BID_LOCAL, BONUS_PILE, bonusCardLocal, cardYaw, placesFor, toWorld } from "../../table/layout";
import { cardDrop, defaultTableRules, pieceMover, type Gesture, type PlayedCard, type TableContext, type TableRules } from "../../table/adapter";
import { PLAY_ZONE_NOTE } from "../../table/zones";
import type { BaseAction } from "../core/types";
import { OVER, OWN, WAIT, type RefusalHint } from "../../table/hints";
import { revealEvent, trickHold } from "../../table/tricks";

const BID_PREFIX = "bid-cards/bid-";
const BONUS_PREFIX = "bonus-cards/";
const HIDDEN = "hidden";

/** Unchanged pieces are not moved again. */
const move = pieceMover();

function sortedNotes(objects: { [note: string]: string }, prefix: string): string[] {
  const out: string[] = [];
  for (const note in objects) if (note.substring(0, prefix.length) === prefix) out.push(note);
  return stableSort(out, byteOrder);
}

interface BidCard {
  note: string;
  /** 1-based position in the player's set (entry n of the bid table). */
  n: number;
  set: string;
}

/** "bid-cards/bid-3-b" → { n: 3, set: "b" }. */
function parseBid(note: string): BidCard | undefined {
  if (note.substring(0, BID_PREFIX.length) !== BID_PREFIX) return undefined;
  const rest = note.substring(BID_PREFIX.length);
  const dash = rest.indexOf("-");
  if (dash < 0) return undefined;
  const n = Number(rest.substring(0, dash));
  if (!(n >= 1)) return undefined; // also NaN

  return { note: note, n: n, set: rest.substring(dash + 1) };
}

/** Player set "a" belongs to seat 0, "b" to seat 1, "c" to seat 2 (the data's set ids). */
function seatOfSet(set: string): number {
  return set.charCodeAt(0) - "a".charCodeAt(0);
}

function arrange(ctx: TableContext): void {
  const state = ctx.state as State;
  const view = ctx.game.view(state, -1) as View;
  const places = placesFor(ctx.players);
  // Bid cards: in hand until chosen; then the chosen one face down in front, the rest aside.
  for (const note of sortedNotes(ctx.objects, BID_PREFIX)) {
    const bid = parseBid(note);
    if (bid === undefined) continue;
    const seat = seatOfSet(bid.set);
    if (seat < 0 || seat >= ctx.players) continue;
    const guid = ctx.objects[note];
    const p = places[seat];
    if (!state.bids.done[seat]) {
      move(ctx, guid, "hand", () => ctx.host.putInHand(guid, ctx.colors[seat]));
      continue;
    }
    const chosen = view.bidCards[bid.n - 1] !== undefined && view.bidCards[bid.n - 1].tricks === state.bids.values[seat];
    if (chosen) move(ctx, guid, "bid", () => ctx.host.putCard(guid, toWorld(p, BID_LOCAL), 0, cardYaw(p), true, true));
    else move(ctx, guid, "aside", () => ctx.host.putCard(guid, toWorld(p, ASIDE_LOCAL), bid.n, cardYaw(p), true, false));
  }
  // Bonus cards: this round's takers hold theirs face up; the rest wait in the pile.
  const bonus = sortedNotes(ctx.objects, BONUS_PREFIX);
  let next = 0;
  for (let s = 0; s < ctx.players; s++) {
    const p = places[s];
    for (let k = 0; k < state.bonus[s] && next < bonus.length; k++) {
      const guid = ctx.objects[bonus[next]];
      const level = k;
      const spot = toWorld(p, bonusCardLocal(k));
      move(ctx, guid, "seat" + s + "/" + k, () => ctx.host.putCard(guid, spot, level, cardYaw(p), false, true));
      next++;
    }
  }
  for (let k = next; k < bonus.length; k++) {
    const guid = ctx.objects[bonus[k]];
    move(ctx, guid, "pile", () => ctx.host.putCard(guid, BONUS_PILE, k, 180, false, false));
  }
}

function trick(state: unknown, view: View): PlayedCard[] {
  const out: PlayedCard[] = [];
  for (let s = 0; s < view.players; s++) if (view.firstCards[s] !== "") out.push({ seat: s, card: view.firstCards[s] });
  for (let s = 0; s < view.players; s++) {
    const c = view.secondCards[s];
    if (c !== "" && c !== HIDDEN) out.push({ seat: s, card: c });
  }
  return out;
}

function announce(e: BaseEvent, colors: string[]): string {
  const ev = e as unknown as { [k: string]: unknown };
  if (e.type === "reveal") return "Second cards revealed (SE-7).";
  if (e.type === "trick") {
    const winner = ev.winner as number;
    let line = colors[winner] + " wins trick " + (ev.trick as number);
    if (ev.eclipse === true) line = line + " with an eclipse (SE-8)";
    if (ev.bonus === true) line = line + " and takes a bonus card (SE-9)";
    return line + ".";
  }
  if (e.type === "round") return bidRoundLine(ev.round as number, "SE-10", ev.bids as number[], ev.tricks as number[], ev.points as number[], colors);
  if (e.type === "gameOver") return gameOverLine(ev.winners as number[], colors);
  return "";
}

/** What a player is told to do instead when the engine refuses a table move, by rule (first match wins). */
const HINTS: RefusalHint[] = [
  { rule: "SE-2", starts: "every player chooses a bid card", problem: "Bids come first", fix: "drop one of your bid cards into the play area" },
  { rule: "SE-2", starts: "seat ", problem: "You have already bid this round", fix: "wait until everyone has bid" },
  { rule: "SE-2", starts: "bids are chosen once", problem: "Bids are made once, before the first trick", fix: "play a card from your hand" },
  { rule: "SE-1", starts: "", problem: "That bid card is not used with this many players", fix: "drop one of your own bid cards" },
  { rule: "SE-turn", starts: "it is seat", problem: "", fix: WAIT },
  { rule: "SE-turn", starts: "", problem: "Nobody plays now", fix: "wait for the table to be ready" },
  { rule: "SE-hand", starts: "", problem: "That card is not in your hand", fix: OWN },
  { rule: "SE-over", starts: "", problem: "The game is over", fix: OVER },
  { rule: "SE-action", starts: "", problem: "That is not a move in this game", fix: "drop a card or a bid card into the play area" },
  { rule: "SE-5", starts: "", problem: "", fix: "play a card of the lead suit" },
  // The engine's SE-6 sentence names both cards and the suit: too long for a broadcast (issue 23).
  { rule: "SE-6", starts: "", problem: "That card neither follows the lead suit nor matches your first card's rank", fix: "play one that does" },
];

/** The defaults (src/table/adapter.ts), with what this game adds to the table. */
export const table: TableRules = {
  ...defaultTableRules,
  hints: HINTS,
  slotsPerSeat: 2,
  played: (game, state) => trick(state, game.view(state, -1) as View),
  reveals: (e) => revealEvent(e),
  hold: (events, colors) => trickHold(events, colors),
  won: (_game, state) => (state as State).piles,
  hidden: (_game, before) => {
    const s = before as State;
    return s.faceDown && s.phase === "secondCards";
  },
  pieceDrop: (game, state, players, note) => {
    const bid = parseBid(note);
    if (bid === undefined) return undefined;
    const view = game.view(state, -1) as View;
    const seat = seatOfSet(bid.set);
    if (seat < 0 || seat >= players || view.bidCards[bid.n - 1] === undefined) return undefined;
    return { seat: seat, action: { type: "bid", tricks: view.bidCards[bid.n - 1].tricks } as unknown as { type: string } };
  },
  arrange: (ctx) => arrange(ctx),
  announce: (e, colors) => announce(e, colors),
  gestures: (game, state, seat, _colors, action) => gestures(game.view(state, seat) as View, seat, action),
  // A bid may also be chosen on the HUD's number picker: the bid card of that many tricks follows.
  numberLabel: "Bid (tricks)",
  numberAction: (_game, state, _seat, value) => ((state as State).phase === "bid" ? ({ type: "bid", tricks: value } as unknown as BaseAction) : undefined),
};

/** A bid is made by dropping the bid card of that many tricks from one's own set (SE-2); a card by dropping it. */
function gestures(view: View, seat: number, action: BaseAction): Gesture[] {
  if (action.type !== "bid") return cardDrop(action);
  const tricks = (action as unknown as { tricks: number }).tricks;
  for (let i = 0; i < view.bidCards.length; i++) {
    if (view.bidCards[i].tricks === tricks) return [{ kind: "drop", note: BID_PREFIX + (i + 1) + "-" + String.fromCharCode(97 + seat), zone: PLAY_ZONE_NOTE }];
  }
  return [];
}
