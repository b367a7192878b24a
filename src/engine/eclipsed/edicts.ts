/**
 * Edicts: from the active cards to the effects in force this round. Each card's row is looked up
 * in the rules.yaml Edict tables by suit and rank; the row's effect key is what the engine acts on.
 * EC-3 (unlisted ranks) lives in the data as `printed: false` rows, EC-5 (conflicts) in `conflicts`.
 */
import type { AlignmentId, EdictEffectKey, EdictRow, SuitId } from "./data-types";
import { ECLIPSED_RULES as RULES, alignmentOf, cardOf } from "./cards";

/** One Edict in force this round. */
export interface ActiveEdict {
  card: string;
  /** Contributing seat; −1 for the fate Edict (it has no owner, EC-11). */
  seat: number;
  suit: SuitId;
  rank: number;
  key: EdictEffectKey;
  /** The row's amount for this rank: min(rank, cap) for rank-scaled rows, else the fixed value. */
  amount: number;
  alignment: AlignmentId;
  /** Suspended by a conflict (EC-5). */
  suspended: boolean;
  /** Printed effect text (for steps and views). */
  effect: string;
}

export interface EdictCard {
  card: string;
  seat: number;
}

export function edictRow(suit: SuitId, rank: number): EdictRow | undefined {
  for (const table of RULES.edicts) {
    if (table.suit !== suit) continue;
    for (const row of table.rows) if (rank >= row.from && rank <= row.to) return row;
  }
  return undefined;
}

/** The effects of the given Edict cards, conflicts applied (EC-5). */
export function resolveEdicts(cards: readonly EdictCard[]): ActiveEdict[] {
  const suitsPresent: SuitId[] = [];
  for (const e of cards) suitsPresent.push(cardOf(e.card).suit);
  const suspendedSuits: SuitId[] = [];
  for (const conflict of RULES.conflicts) {
    let winner = false;
    let loser = false;
    for (const s of suitsPresent) {
      if (s === conflict.winner) winner = true;
      if (s === conflict.suspended) loser = true;
    }
    if (winner && loser) suspendedSuits.push(conflict.suspended);
  }
  const out: ActiveEdict[] = [];
  for (const e of cards) {
    const c = cardOf(e.card);
    const row = edictRow(c.suit, c.rank);
    let suspended = false;
    for (const s of suspendedSuits) if (s === c.suit) suspended = true;
    out.push({
      card: e.card,
      seat: e.seat,
      suit: c.suit,
      rank: c.rank,
      key: row === undefined ? "no-effect" : row.key,
      amount: row === undefined ? 0 : row.byRank ? Math.min(c.rank, row.value) : row.value,
      alignment: alignmentOf(c.suit),
      suspended,
      effect: row === undefined ? "No effect" : row.effect,
    });
  }
  return out;
}

const NONE_IN_FORCE: ActiveEdict[] = [];

/** Edicts in force with effect `key` (suspended ones excluded). */
export function inForce(edicts: readonly ActiveEdict[], key: EdictEffectKey): ActiveEdict[] {
  // Most effects are not in force: answer those with one shared empty list (callers only read).
  const n = edicts.length;
  let i = 0;
  while (i < n && (edicts[i].key !== key || edicts[i].suspended)) i++;
  if (i === n) return NONE_IN_FORCE;
  const out: ActiveEdict[] = [];
  for (; i < n; i++) if (edicts[i].key === key && !edicts[i].suspended) out.push(edicts[i]);
  return out;
}

export function hasEffect(edicts: readonly ActiveEdict[], key: EdictEffectKey): boolean {
  return inForce(edicts, key).length > 0;
}

function combineCap(suit: SuitId): number {
  for (const c of RULES.combine) if (c.suit === suit) return c.cap;
  return 0;
}

/** EC-4, EC-20: cards each player holds back (Stasis amounts add, capped at 2). */
export function holdBackCount(edicts: readonly ActiveEdict[]): number {
  let n = 0;
  for (const e of inForce(edicts, "hold-back")) n += e.amount;
  const cap = combineCap("stasis");
  return cap > 0 ? Math.min(n, cap) : n;
}

/** EC-4: the highest Arc threshold in force (0 = none; suspended by Void/Stasis, EC-5). */
export function meldThreshold(edicts: readonly ActiveEdict[]): number {
  let t = 0;
  for (const e of inForce(edicts, "meld-threshold")) if (e.amount > t) t = e.amount;
  return t;
}

/** EC-6: meter start from the Edicts' alignments: strict majority → ±start, else 0. */
export function meterStart(edicts: readonly EdictCard[]): number {
  let light = 0;
  let dark = 0;
  for (const e of edicts) {
    if (alignmentOf(cardOf(e.card).suit) === "light") light++;
    else dark++;
  }
  if (light > dark) return RULES.meter.start;
  if (dark > light) return -RULES.meter.start;
  return 0;
}

/** EC-6: one step toward the meld's majority alignment (even split: no move), clamped. */
export function meterAfterMeld(meter: number, cards: readonly string[]): number {
  let light = 0;
  let dark = 0;
  for (const id of cards) {
    if (alignmentOf(cardOf(id).suit) === "light") light++;
    else dark++;
  }
  let next = meter;
  if (light > dark) next = meter + 1;
  if (dark > light) next = meter - 1;
  if (next > RULES.meter.max) next = RULES.meter.max;
  if (next < RULES.meter.min) next = RULES.meter.min;
  return next;
}
