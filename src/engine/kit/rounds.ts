/**
 * What trick games share between rounds: the first dealer, the deal passing clockwise, the seat after the dealer
 * (who bids and leads first), hand sizes that climb and fall again (Oh Hell's 1…N…1), and the
 * winners by total. Plain engine code: compiles to Lua.
 */
import { rngInt, type Rng } from "../core/rng";
import { mod } from "../core/util";

/** The first dealer: the config's seat (replay), or a seat drawn from the game's generator (`dealer` -1). */
export function firstDealer(dealer: number, players: number, rng: Rng): number {
  return dealer >= 0 ? dealer : rngInt(rng, players);
}

/** The next dealer: the deal passes clockwise. */
export function nextDealer(dealer: number, players: number): number {
  return mod(dealer + 1, players);
}

/** The seat after the dealer, clockwise: the first to bid and to lead in most trick games. */
export function afterDealer(dealer: number, players: number): number {
  return mod(dealer + 1, players);
}

/** Hand sizes, one per round, from 1 up to `most` and down to 1 again (1, 2, …, most, …, 2, 1). */
export function upAndDown(most: number): number[] {
  const out: number[] = [];
  for (let n = 1; n <= most; n++) out.push(n);
  for (let n = most - 1; n >= 1; n--) out.push(n);
  return out;
}

/** The highest of `totals` (one per seat; at least one). */
export function topTotal(totals: readonly number[]): number {
  let top = totals[0];
  for (const t of totals) if (t > top) top = t;
  return top;
}

/** The seats whose total is the highest, in seat order: several share a victory. */
export function leaders(totals: readonly number[]): number[] {
  const top = topTotal(totals);
  const out: number[] = [];
  for (let s = 0; s < totals.length; s++) if (totals[s] === top) out.push(s);
  return out;
}
