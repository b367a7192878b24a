/**
 * A simple greedy player for `simulate --policy greedy`: it bids one trick for each trump and
 * each card ranked 11 or more, and plays its highest legal card.
 */
import type { Rng } from "../core/rng";
import type { Seat } from "../core/types";
import { CARDS } from "./cards";
import type { Action, State } from "./types";

function strongCards(state: State, seat: Seat): number {
  let n = 0;
  for (const c of state.hands[seat]) if (CARDS.suitOf(c) === state.trump || CARDS.rankOf(c) >= 11) n++;
  return n;
}

function rankOf(action: Action): number {
  return action.type === "play" ? CARDS.rankOf(action.card) : 0;
}

export function greedy(state: State, seat: Seat, legal: Action[], _rng: Rng): Action {
  if (legal[0].type === "bid") {
    const want = strongCards(state, seat);
    for (const a of legal) if (a.type === "bid" && a.tricks === want) return a;
    return legal[legal.length - 1];
  }
  let best: Action = legal[0];
  for (const a of legal) if (rankOf(a) > rankOf(best)) best = a;
  return best;
}
