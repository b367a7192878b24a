/**
 * Hidden simultaneous commits — one mechanism for every game: an initial face-down card, secret
 * bids, face-down second cards, contributed rule cards.
 * A box holds one slot per seat; `view` callers use `commitVisible` so no seat sees another's
 * value before the reveal.
 */
import { replaced } from "./util";

export interface CommitBox<T> {
  /** Per seat: has this seat committed? */
  done: boolean[];
  /** Per seat: the committed value (the box's `empty` value until committed; never a hole). */
  values: T[];
  /** Seats expected to commit (others are skipped, e.g. a player with nothing to contribute). */
  expected: boolean[];
}

export function commitOpen<T>(players: number, empty: T, expected?: boolean[]): CommitBox<T> {
  const done: boolean[] = [];
  const values: T[] = [];
  const exp: boolean[] = [];
  for (let s = 0; s < players; s++) {
    done.push(false);
    values.push(empty);
    exp.push(expected === undefined ? true : expected[s]);
  }
  return { done, values, expected: exp };
}

/** A new box with `seat`'s value recorded. */
export function commitSet<T>(box: CommitBox<T>, seat: number, value: T): CommitBox<T> {
  // `values` is as long as `done` (commitOpen makes both, one slot per seat)
  return { done: replaced(box.done, seat, true), values: replaced(box.values, seat, value), expected: box.expected };
}

/** Seats that still have to commit. */
export function commitWaiting<T>(box: CommitBox<T>): number[] {
  const out: number[] = [];
  for (let s = 0; s < box.done.length; s++) if (box.expected[s] && !box.done[s]) out.push(s);
  return out;
}

export function commitComplete<T>(box: CommitBox<T>): boolean {
  return commitWaiting(box).length === 0;
}

/** What `viewer` may see of `seat`'s slot before the reveal: its own value, else `hidden`. */
export function commitVisible<T>(box: CommitBox<T>, viewer: number, seat: number, hidden: T): T {
  return seat === viewer && box.done[seat] ? box.values[seat] : hidden;
}
