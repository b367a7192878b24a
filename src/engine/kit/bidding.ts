/**
 * Bidding in trick games, both ways games do it: public, one seat at a time clockwise from the
 * seat after the dealer, each bid seen by all at once (Oh Hell); or secret, every seat at once,
 * revealed together (core/commits.ts: a commit box per round). A bid is a number of tricks;
 * -1 marks a seat that has not bid yet (never a hole in the array). Plain engine code: compiles
 * to Lua.
 */
import { commitComplete, commitOpen, commitWaiting, type CommitBox } from "../core/commits";
import { filled, mod, replaced } from "../core/util";

/** No bid yet. */
export const NO_BID = -1;

/** A round's public bids: one per seat (NO_BID until made) and the seat to bid now. */
export interface PublicBids {
  bids: number[];
  /** The seat to bid next; -1 once every seat has bid. */
  turn: number;
}

/** Bidding opens at `first` (usually the seat after the dealer: rounds.ts `afterDealer`). */
export function openPublicBids(players: number, first: number): PublicBids {
  return { bids: filled(players, NO_BID), turn: first };
}

/** `seat` bids `tricks`; the turn passes clockwise to the next seat that has not bid. */
export function placePublicBid(state: PublicBids, seat: number, tricks: number): PublicBids {
  const bids = replaced(state.bids, seat, tricks);
  const players = bids.length;
  let turn = -1;
  for (let k = 1; k < players && turn < 0; k++) {
    const s = mod(seat + k, players);
    if (bids[s] === NO_BID) turn = s;
  }
  return { bids, turn };
}

/** True once every seat has bid. */
export function allBid(bids: readonly number[]): boolean {
  for (const b of bids) if (b === NO_BID) return false;
  return true;
}

/** The bids a hand of `handSize` cards may make: 0 to `handSize` tricks. */
export function bidChoices(handSize: number): number[] {
  const out: number[] = [];
  for (let n = 0; n <= handSize; n++) out.push(n);
  return out;
}

/** Why `tricks` is no bid for a hand of `handSize` cards (`rule` names the game's rule), or undefined. */
export function bidProblem(tricks: unknown, handSize: number, rule: string): { rule: string; message: string } | undefined {
  if (typeof tricks === "number" && Math.floor(tricks) === tricks && tricks >= 0 && tricks <= handSize) return undefined;
  return { rule: rule, message: "bid a whole number of tricks from 0 to " + handSize };
}

/** Secret bids, every seat at once: a commit box of NO_BID (core/commits.ts). */
export function openSecretBids(players: number): CommitBox<number> {
  return commitOpen(players, NO_BID);
}

/** Seats that have still to choose their secret bid. */
export function secretBidders(box: CommitBox<number>): number[] {
  return commitWaiting(box);
}

/** True once every seat has chosen: the bids are revealed together. */
export function secretBidsDone(box: CommitBox<number>): boolean {
  return commitComplete(box);
}

/** Points per seat for bids made exactly: `bonus` to each seat whose tricks equal its bid, 0 to the others. */
export function exactBidBonus(bids: readonly number[], tricks: readonly number[], bonus: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < bids.length; s++) out.push(bids[s] === tricks[s] ? bonus : 0);
  return out;
}
