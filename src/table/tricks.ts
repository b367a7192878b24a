/**
 * Shared pieces for the adapters of trick-taking games: the conventional view fields of a trick
 * (`trick` + `trickSeats`, `won`) and the pause after a finished trick, during which the trick
 * stays face up with its winner highlighted before it is collected.
 */
import type { BaseEvent } from "../engine/core/types";
import { trickTaken } from "../engine/core/events";
import type { Hold, PlayedCard, TableRules } from "./adapter";

/** Seconds a finished trick stays on the table before it is collected. */
export const TRICK_PAUSE = 1.5;

/** The current trick as the public view holds it (`trick` with `trickSeats`). */
export const viewTrick: TableRules["played"] = (game, state) => {
  const v = game.view(state, -1);
  const out: PlayedCard[] = [];
  if (v.trick === undefined || v.trickSeats === undefined) return out;
  for (let i = 0; i < v.trick.length; i++) out.push({ seat: v.trickSeats[i], card: v.trick[i] });
  return out;
};

/** Each seat's won cards as the public view holds them (`won`). */
export const viewWon: TableRules["won"] = (game, state, players) => {
  const w = game.view(state, -1).won;
  if (w !== undefined) return w;
  const out: string[][] = [];
  for (let s = 0; s < players; s++) out.push([]);
  return out;
};

/** The pause after a `trick` event (its `winner` takes the trick). */
export function trickHold(events: BaseEvent[], colors: string[]): Hold | undefined {
  let winner = -1;
  for (const e of events) {
    const trick = trickTaken(e);
    if (trick !== undefined) winner = trick.winner;
  }
  if (winner < 0) return undefined;
  return {
    seat: winner,
    seconds: TRICK_PAUSE,
    status: colors[winner] + " takes the trick",
    problem: "The finished trick is still on the table",
    fix: "wait until it is collected",
  };
}

/** A `reveal` event turns the face-down cards of the trick up. */
export function revealEvent(event: BaseEvent): boolean {
  return event.type === "reveal";
}
