/**
 * Melds, as a pure module (used by the engine, the bots, `syzygy meld`, the TTS mod and the
 * reference sheets):
 * - `classifyMeld`: a set of cards → its single best classification (EC-18) or a reason;
 * - `valueMeld`: the per-meld steps of EC-29 (Void zeroing / Arc threshold → additive Edict
 *   bonuses → Sage ×2 → meter +2 → ◉Sage −2 per court → Warden floor), each step recorded;
 * - `candidateMelds`: every valid meld inside a hand (sets by rank, runs by consecutive values).
 * Meld types and points come from the `melds` table of rules.yaml.
 */
import type { DeckCard, MeldRow, MeldType, SuitId } from "./data-types";
import { ECLIPSED_RULES as RULES, SAGE, SCOUT, TRAVELER, WARDEN, alignmentOf, cardOf, isCourt, orderKey } from "./cards";
import type { ActiveEdict } from "./edicts";
import { inForce, meldThreshold } from "./edicts";
import { stableSort } from "../core/util";

export type Classification =
  | { ok: true; type: MeldType; kind: "set" | "run"; base: number }
  | { ok: false; reason: string };

export interface MeldStep {
  step: string;
  /** The meld's value after this step. */
  value: number;
  note: string;
}

export interface MeldValue {
  type: MeldType;
  base: number;
  value: number;
  /** Scored 0 by an Edict (EC-12). */
  burned: boolean;
  voidImmune: boolean;
  steps: MeldStep[];
}

/** What a meld's value depends on besides its cards. */
export interface MeldContext {
  edicts: ActiveEdict[];
  /** Meter position (−3 Dark … +3 Light). */
  meter: number;
  /** This is the player's first declared meld of the round (❄Sage, EC-14). */
  firstMeld: boolean;
}

/** Meld type → its first row and that row's index in the table, built once. */
const ROW_OF: { [type: string]: MeldRow } = {};
const INDEX_OF: { [type: string]: number } = {};
for (let i = 0; i < RULES.melds.length; i++) {
  const row = RULES.melds[i];
  if (ROW_OF[row.type] === undefined) {
    ROW_OF[row.type] = row;
    INDEX_OF[row.type] = i;
  }
}

export function meldRow(type: MeldType): MeldRow {
  const row = ROW_OF[type];
  return row !== undefined ? row : RULES.melds[0];
}

function tableIndex(type: MeldType): number {
  const i = INDEX_OF[type];
  return i !== undefined ? i : RULES.melds.length;
}

function basePoints(type: MeldType, size: number, hasScout: boolean): number {
  const row = meldRow(type);
  let points = row.perCard ? row.points * size : row.points;
  // EC-17: a Scout in a cross-align run cancels its −1.
  if (row.penalty > 0 && !hasScout) points = points - row.penalty;
  if (points < row.minimum) points = row.minimum;
  return points;
}

/** Rank value in a run: the Traveler is 1 low or 14 high (EC-19). */
export function runValue(rank: number, travelerHigh: boolean): number {
  if (rank === TRAVELER) return travelerHigh ? RULES.traveler.high : RULES.traveler.low;
  return rank;
}

function suitsOf(cards: readonly DeckCard[]): SuitId[] {
  const out: SuitId[] = [];
  for (const c of cards) {
    let seen = false;
    for (const s of out) if (s === c.suit) seen = true;
    if (!seen) out.push(c.suit);
  }
  return out;
}

function hasRank(cards: readonly DeckCard[], rank: number): boolean {
  for (const c of cards) if (c.rank === rank) return true;
  return false;
}

/** Runs: consecutive values (Traveler low or high), every candidate type that fits. */
function runCandidates(cards: readonly DeckCard[], travelerHigh: boolean): Classification[] {
  const n = cards.length;
  const unsorted: number[] = [];
  for (let i = 0; i < n; i++) unsorted.push(runValue(cards[i].rank, travelerHigh));
  let ascending = true;
  for (let i = 1; i < n; i++) if (unsorted[i] < unsorted[i - 1]) ascending = false;
  // candidate runs arrive in ascending order: sorting them again would change nothing
  const values = ascending ? unsorted : stableSort(unsorted, (a, b) => a - b);
  for (let i = 1; i < n; i++) {
    if (values[i] === values[i - 1]) return [{ ok: false, reason: "a run cannot repeat a rank (EC-18)" }];
    if (values[i] !== values[i - 1] + 1) {
      let reason = "ranks are not consecutive (a run needs 3+ consecutive ranks, no wrap; EC-18)";
      if (hasRank(cards, TRAVELER)) {
        reason = travelerHigh
          ? "ranks are not consecutive with the Traveler high (14, above the Warden; never Warden-T-2; EC-19)"
          : "ranks are not consecutive with the Traveler low (1); declare it high to play it above the Warden (EC-19)";
      }
      return [{ ok: false, reason }];
    }
  }
  if (n < RULES.runMinimum) return [{ ok: false, reason: `a run needs ${RULES.runMinimum}+ cards (EC-18)` }];
  const suits = suitsOf(cards);
  let light = 0;
  let dark = 0;
  for (const s of suits) {
    if (alignmentOf(s) === "light") light++;
    else dark++;
  }
  const hasScout = hasRank(cards, SCOUT);
  const out: Classification[] = [];
  const add = (type: MeldType) => out.push({ ok: true, type, kind: "run", base: basePoints(type, n, hasScout) });
  if (suits.length === 1) add("pure-run");
  else if (dark === 0) add("radiant-run");
  else if (light === 0) add("resonant-run");
  else add("cross-align-run");
  let allCourts = true;
  for (const v of values) if (v < SCOUT || v > WARDEN) allCourts = false;
  if (allCourts) add("court-run");
  if (suits.length === 4 && n >= RULES.transcendentMinimum) add("transcendent-run");
  return out;
}

/** Sets: matching ranks. */
function setCandidates(cards: readonly DeckCard[]): Classification[] {
  const n = cards.length;
  const rank = cards[0].rank;
  const out: Classification[] = [];
  const add = (type: MeldType) => out.push({ ok: true, type, kind: "set", base: basePoints(type, n, false) });
  if (n === 2) {
    if (alignmentOf(cards[0].suit) !== alignmentOf(cards[1].suit))
      return [{ ok: false, reason: "a pair needs two cards of the same alignment (EC-18)" }];
    add("pair");
  }
  if (n === 3) add("triad");
  if (n === 4) {
    if (suitsOf(cards).length !== 4) return [{ ok: false, reason: "a Full Element needs all 4 suits" }];
    add("full-element");
  }
  if (n >= 3 && isCourt(rank)) add("court-set");
  return out;
}

/**
 * The single best classification of `cards` (EC-18): the highest base score, ties by table order.
 * `travelerHigh` places Travelers at 14 in runs (EC-19); it does not matter for sets.
 */
export function classifyMeld(cards: readonly DeckCard[], travelerHigh: boolean): Classification {
  if (cards.length < 2) return { ok: false, reason: "a meld needs at least 2 cards" };
  for (let i = 0; i < cards.length; i++)
    for (let j = i + 1; j < cards.length; j++)
      if (cards[i].id === cards[j].id) return { ok: false, reason: `card ${cards[i].id} is listed twice` };
  let sameRank = true;
  for (const c of cards) if (c.rank !== cards[0].rank) sameRank = false;
  const candidates = sameRank ? setCandidates(cards) : runCandidates(cards, travelerHigh);
  let best: Classification = candidates.length > 0 ? candidates[0] : { ok: false, reason: "not a meld" };
  for (const c of candidates) {
    if (!c.ok) return c;
    if (!best.ok) continue;
    if (c.base > best.base || (c.base === best.base && tableIndex(c.type) < tableIndex(best.type))) best = c;
  }
  return best;
}

export function classifyIds(ids: readonly string[], travelerHigh: boolean): Classification {
  const cards: DeckCard[] = [];
  for (let i = 0; i < ids.length; i++) cards.push(cardOf(ids[i]));
  return classifyMeld(cards, travelerHigh);
}

function countRank(cards: readonly DeckCard[], rank: number): number {
  let n = 0;
  for (const c of cards) if (c.rank === rank) n++;
  return n;
}

function countCourts(cards: readonly DeckCard[]): number {
  let n = 0;
  for (const c of cards) if (isCourt(c.rank)) n++;
  return n;
}

function isSolarMeld(cards: readonly DeckCard[]): boolean {
  for (const c of cards) if (c.suit === "solar") return true;
  return false;
}

/** EC-13/EC-14: a Warden in the meld, or the first meld under ❄Sage. */
export function isVoidImmune(cards: readonly DeckCard[], ctx: MeldContext): boolean {
  if (hasRank(cards, WARDEN)) return true;
  return ctx.firstMeld && inForce(ctx.edicts, "first-meld-void-immune").length > 0;
}

/** Why an Edict burns this meld ("" = it does not): Void zeroing, ◉Warden pairs, Arc threshold. */
export function burnReason(cards: readonly DeckCard[], type: MeldType, ctx: MeldContext): string {
  const n = cards.length;
  if (!isVoidImmune(cards, ctx)) {
    for (const e of inForce(ctx.edicts, "meld-size-zero"))
      if (e.amount === n) return `${e.card}: melds of exactly ${n} cards score 0`;
    if (type === "pair") for (const e of inForce(ctx.edicts, "pairs-zero")) return `${e.card}: pairs score 0`;
  }
  const threshold = meldThreshold(ctx.edicts);
  if (threshold > 0 && n < threshold) return `Arc threshold ${threshold}: melds under ${threshold} cards score 0`;
  return "";
}

interface Bonus {
  card: string;
  amount: number;
  light: boolean;
}

function additiveBonuses(cards: readonly DeckCard[], ctx: MeldContext): Bonus[] {
  const out: Bonus[] = [];
  const push = (e: ActiveEdict) => out.push({ card: e.card, amount: e.amount, light: e.alignment === "light" });
  // EC-8: a Solar meld has at least one ☀ card; the bonus is per meld. EC-4: each capped, they add.
  if (isSolarMeld(cards)) for (const e of inForce(ctx.edicts, "solar-meld-bonus")) push(e);
  for (const e of inForce(ctx.edicts, "all-melds-bonus")) push(e);
  if (hasRank(cards, WARDEN)) for (const e of inForce(ctx.edicts, "warden-meld-bonus")) push(e);
  return out;
}

function sumBonuses(bonuses: readonly Bonus[]): number {
  let s = 0;
  for (const b of bonuses) s += b.amount;
  return s;
}

/**
 * Per-meld value through the EC-29 steps. Burned melds score 0 (EC-12) and skip later steps.
 * The steps are always all listed, so displays line up: classify, void-arc, edict-bonus,
 * sage-double, meter, court-penalty, warden-floor.
 */
export function valueMeld(cards: readonly DeckCard[], cls: { type: MeldType; base: number }, ctx: MeldContext): MeldValue {
  const steps: MeldStep[] = [];
  const voidImmune = isVoidImmune(cards, ctx);
  let value = cls.base;
  steps.push({ step: "classify", value, note: `${meldRow(cls.type).name}, base ${cls.base}` });
  const burn = burnReason(cards, cls.type, ctx);
  if (burn !== "") {
    steps.push({ step: "void-arc", value: 0, note: `burned: ${burn} (EC-12)` });
    for (const name of ["edict-bonus", "sage-double", "meter", "court-penalty", "warden-floor"])
      steps.push({ step: name, value: 0, note: "burned melds score 0" });
    return { type: cls.type, base: cls.base, value: 0, burned: true, voidImmune, steps };
  }
  steps.push({ step: "void-arc", value, note: voidImmune ? "Void-immune (EC-13)" : "not burned" });

  const bonuses = additiveBonuses(cards, ctx);
  value += sumBonuses(bonuses);
  const bonusNote: string[] = [];
  for (const b of bonuses) bonusNote.push(`${b.card} +${b.amount}`);
  steps.push({ step: "edict-bonus", value, note: bonusNote.length > 0 ? bonusNote.join(", ") : "none" });

  // EC-15: a Sage doubles the meld's positive additive Edict bonuses once.
  const sage = hasRank(cards, SAGE) && sumBonuses(bonuses) > 0;
  if (sage) value += sumBonuses(bonuses);
  steps.push({ step: "sage-double", value, note: sage ? `Sage doubles +${sumBonuses(bonuses)}` : "no Sage bonus" });

  // EC-7: at ±3 each additive bonus of that alignment's Edicts gains +2.
  let meterPlus = 0;
  for (const b of bonuses) {
    if (ctx.meter >= RULES.meter.max && b.light) meterPlus += RULES.meter.extremeBonus;
    if (ctx.meter <= RULES.meter.min && !b.light) meterPlus += RULES.meter.extremeBonus;
  }
  value += meterPlus;
  steps.push({ step: "meter", value, note: meterPlus > 0 ? `meter ${ctx.meter}: +${meterPlus}` : `meter ${ctx.meter}: no change` });

  // ◉Sage: −2 per court card, unless Void-immune (EC-13).
  let penalty = 0;
  if (!voidImmune) for (const e of inForce(ctx.edicts, "court-card-penalty")) penalty += e.amount * countCourts(cards);
  value -= penalty;
  steps.push({ step: "court-penalty", value, note: penalty > 0 ? `-${penalty} for ${countCourts(cards)} court card(s)` : "none" });

  // EC-16: Warden floor 3; every meld at least 0.
  const hasWarden = countRank(cards, WARDEN) > 0;
  if (hasWarden && value < RULES.wardenFloor) value = RULES.wardenFloor;
  if (value < 0) value = 0;
  steps.push({ step: "warden-floor", value, note: hasWarden ? `Warden: at least ${RULES.wardenFloor}` : "at least 0" });
  return { type: cls.type, base: cls.base, value, burned: false, voidImmune, steps };
}

/** A valid meld found inside a hand. */
export interface CandidateMeld {
  cards: string[];
  travelerHigh: boolean;
  type: MeldType;
  kind: "set" | "run";
  base: number;
}

function subsetsOfSize2Plus(ids: readonly string[], out: string[][]): void {
  const n = ids.length;
  let total = 1;
  for (let i = 0; i < n; i++) total = total * 2;
  for (let mask = 1; mask < total; mask++) {
    const pick: string[] = [];
    let m = mask;
    for (let i = 0; i < n; i++) {
      if (m - Math.floor(m / 2) * 2 === 1) pick.push(ids[i]);
      m = Math.floor(m / 2);
    }
    if (pick.length >= 2) out.push(pick);
  }
}

/** Every choice of one card per value run [from..to] (values from the Traveler placement). */
function runChoices(byValue: string[][], from: number, to: number): string[][] {
  let acc: string[][] = [[]];
  for (let v = from; v <= to; v++) {
    const next: string[][] = [];
    for (const partial of acc)
      for (const id of byValue[v]) {
        const ext: string[] = [];
        for (const x of partial) ext.push(x);
        ext.push(id);
        next.push(ext);
      }
    acc = next;
  }
  return acc;
}

/** Shared empty list of `groupByValue` (never written: a group gets its own list on its first card). */
const NO_CARDS: string[] = [];

/** Cards (in `sorted` order) grouped by `valueOf(rank)` into lists 0…`size`; other values are dropped. */
function groupByValue(sorted: readonly string[], size: number, valueOf: (rank: number) => number): string[][] {
  const groups: string[][] = [];
  for (let v = 0; v <= size; v++) groups[v] = NO_CARDS;
  for (const id of sorted) {
    const v = valueOf(cardOf(id).rank);
    if (v < 0 || v > size) continue;
    if (groups[v] === NO_CARDS) groups[v] = [id];
    else groups[v].push(id);
  }
  return groups;
}

/**
 * Every valid meld from `ids` (sets of equal rank, runs of consecutive values with the Traveler
 * low and, separately, high). Cards in each meld are in hand order; the list order is deterministic.
 */
export function candidateMelds(ids: readonly string[]): CandidateMeld[] {
  // orderKey sorts exactly like compareCards (rank, then suit order); stableSort keeps ties in order
  const sorted = stableSort(ids, (a, b) => orderKey(a) - orderKey(b));
  const out: CandidateMeld[] = [];
  const push = (cards: string[], travelerHigh: boolean) => {
    const cls = classifyIds(cards, travelerHigh);
    if (cls.ok) out.push({ cards, travelerHigh, type: cls.type, kind: cls.kind, base: cls.base });
  };
  // sets: the cards of each rank 1…Warden, in sorted order — `sorted` is by rank, so each
  // rank's cards are one stretch of it, and the stretches come by ascending rank
  const n = sorted.length;
  const ranks: number[] = [];
  for (let i = 0; i < n; i++) ranks[i] = cardOf(sorted[i]).rank;
  let hasTraveler = false;
  for (let i = 0; i < n; ) {
    const rank = ranks[i];
    let j = i + 1;
    while (j < n && ranks[j] === rank) j++;
    if (rank === TRAVELER) hasTraveler = true;
    if (j - i >= 2 && rank >= 1 && rank <= WARDEN && Math.floor(rank) === rank) {
      const group: string[] = [];
      for (let k = i; k < j; k++) group.push(sorted[k]);
      const subsets: string[][] = [];
      subsetsOfSize2Plus(group, subsets);
      for (const s of subsets) push(s, false);
    }
    i = j;
  }
  // runs, Traveler low then high. For each start value, the runs are every end value from
  // start + runMinimum − 1 up to the last value of the unbroken stretch of held values.
  const top = RULES.traveler.high;
  const minimum = RULES.runMinimum;
  for (let pass = 0; pass < 2; pass++) {
    const high = pass === 1;
    if (high && !hasTraveler) continue;
    const byValue = groupByValue(sorted, top + 1, (rank) => runValue(rank, high));
    let last = 0;
    for (let from = 1; from <= top; from++) {
      if (last < from) {
        last = from - 1;
        while (last + 1 <= top && byValue[last + 1].length > 0) last++;
      }
      // with the Traveler high, only runs that use it (ending at `top`) differ from the low placement
      const firstEnd = high && top > from + minimum - 1 ? top : from + minimum - 1;
      for (let to = firstEnd; to <= last; to++) for (const cards of runChoices(byValue, from, to)) push(cards, high);
    }
  }
  return out;
}
