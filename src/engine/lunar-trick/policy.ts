/**
 * A simple greedy Lunar Trick player for `simulate --policy greedy`: it aims for the next
 * scoring count (1, 3 or 5 tricks, LT-8) — winning cheaply while below it, ducking once there.
 * Deterministic: it uses no randomness, so the `rng` argument is ignored.
 */
import type { Rng } from "../core/rng";
import { cardInfo } from "./cards";
import { pointsFor, roundTricks, trickWinnerIndex } from "./rules";
import { Phase } from "./types";
import type { Action, State } from "./types";

/** Rough card strength under this round's trump: trumps above the Lunar Eclipse above the rest. */
function strength(state: State, id: string): number {
  const info = cardInfo(id);
  if (info === undefined) return 0;
  if (info.lunar) return 50;
  if (info.side === state.trumpSide) return 100 + info.number;
  return info.number;
}

function pick(state: State, actions: Action[], highest: boolean): Action {
  let best = actions[0];
  for (const a of actions) {
    const d = strength(state, a.card) - strength(state, best.card);
    if (highest ? d > 0 : d < 0) best = a;
  }
  return best;
}

/** Commit the highest card of the side we hold most of, to pull trump towards our long side. */
function greedyCommit(state: State, seat: number, actions: Action[]): Action {
  let rising = 0;
  let falling = 0;
  for (const id of state.hands[seat]) {
    const info = cardInfo(id);
    if (info !== undefined && info.side === "rising") rising++;
    if (info !== undefined && info.side === "falling") falling++;
  }
  const side = rising >= falling ? "rising" : "falling";
  let best: Action | undefined = undefined;
  let bestNumber = -1;
  for (const a of actions) {
    const info = cardInfo(a.card);
    if (info !== undefined && info.side === side && info.number > bestNumber) {
      best = a;
      bestNumber = info.number;
    }
  }
  return best !== undefined ? best : actions[0];
}

export function greedy(state: State, seat: number, actions: Action[], _rng: Rng): Action {
  if (actions.length === 1) return actions[0];
  if (state.phase === Phase.Commit) return greedyCommit(state, seat, actions);
  const tricks = roundTricks(state)[seat];
  // one more trick would reach a scoring count that beats the current one
  const wantWin = pointsFor(tricks + 1) > pointsFor(tricks) || (tricks + 1 < 5 && pointsFor(tricks) === 0);
  if (state.trick.length === 0) return pick(state, actions, wantWin);
  const winning: Action[] = [];
  const losing: Action[] = [];
  for (const a of actions) {
    const trick: string[] = state.trick.slice();
    trick.push(a.card);
    if (trickWinnerIndex(state, trick) === trick.length - 1) winning.push(a);
    else losing.push(a);
  }
  if (wantWin) return winning.length > 0 ? pick(state, winning, false) : pick(state, losing, false);
  return losing.length > 0 ? pick(state, losing, true) : pick(state, winning, false);
}
