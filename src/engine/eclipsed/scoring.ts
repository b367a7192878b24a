/**
 * Round scoring, the full EC-29 order: per-meld value (meld.ts) → pick each player's top meld
 * (EC-10: highest after per-meld steps, ties earliest) → ×1.5 per ☀Scout/☀Warden (floor each) →
 * ◉Scout −6 on every player's top meld (EC-11, not Void-immune ones, EC-13) → ⚡Warden: only the
 * best meld scores (EC-23) → ⚡Scout +8 (EC-22), ❄Scout +6 (EC-21), going out +5 → deadwood.
 * Totals are clamped at 0 after the round (EC-28).
 */
import type { MeldType } from "./data-types";
import { ECLIPSED_RULES as RULES, cardOf, deadwoodOf } from "./cards";
import type { ActiveEdict } from "./edicts";
import { inForce } from "./edicts";
import type { MeldStep } from "./meld";
import { valueMeld } from "./meld";

/** A meld as declared (EC-9: the provisional value is recorded, the final one comes at round end). */
export interface DeclaredMeld {
  cards: string[];
  type: MeldType;
  base: number;
  travelerHigh: boolean;
  burned: boolean;
  /** The player's first meld of the round (❄Sage, EC-14). */
  firstMeld: boolean;
  provisional: number;
  /** Declaration order within the round, over all players. */
  order: number;
}

export interface ScoredMeld {
  seat: number;
  /** Index in the player's melds. */
  index: number;
  cards: string[];
  type: MeldType;
  base: number;
  burned: boolean;
  top: boolean;
  value: number;
  steps: MeldStep[];
}

export interface RoundBonus {
  seat: number;
  kind: "first-declarant" | "repeat-best-meld" | "going-out";
  card: string;
  value: number;
}

export interface DeadwoodLine {
  seat: number;
  cards: string[];
  points: number;
}

export interface RoundScore {
  points: number[];
  melds: ScoredMeld[];
  bonuses: RoundBonus[];
  deadwood: DeadwoodLine[];
  /** Per seat: the highest final meld value this round, −1 without melds (for ❄Scout next round). */
  bestMeld: number[];
}

export interface RoundInput {
  players: number;
  edicts: ActiveEdict[];
  meter: number;
  melds: DeclaredMeld[][];
  hands: string[][];
  /** Seat that went out; −1 when the round ended on an empty draw pile (EC-26). */
  wentOut: number;
  /** First seat to declare a non-burned meld this round; −1 none (EC-22). */
  firstDeclarant: number;
  /** Per seat best meld of the previous round; empty in round 1 (EC-21). */
  lastRoundBest: number[];
}

function timesOneAndAHalf(value: number, factor: number): number {
  return Math.floor(value * factor);
}

export function scoreRound(input: RoundInput): RoundScore {
  const points: number[] = [];
  const melds: ScoredMeld[] = [];
  const bonuses: RoundBonus[] = [];
  const deadwood: DeadwoodLine[] = [];
  const bestMeld: number[] = [];
  const multipliers = inForce(input.edicts, "top-meld-multiplier");
  const topPenalties = inForce(input.edicts, "top-meld-penalty");
  const bestOnly = inForce(input.edicts, "best-meld-only");

  for (let seat = 0; seat < input.players; seat++) {
    const own: ScoredMeld[] = [];
    const immune: boolean[] = [];
    let top = -1;
    for (let i = 0; i < input.melds[seat].length; i++) {
      const m = input.melds[seat][i];
      const cards = m.cards.map((id) => cardOf(id));
      const v = valueMeld(cards, { type: m.type, base: m.base }, { edicts: input.edicts, meter: input.meter, firstMeld: m.firstMeld });
      own.push({ seat, index: i, cards: m.cards, type: m.type, base: m.base, burned: v.burned, top: false, value: v.value, steps: v.steps });
      immune.push(v.voidImmune);
      // EC-10: strictly higher replaces, so ties keep the earliest declared
      if (top < 0 || v.value > own[top].value) top = i;
    }
    if (top >= 0) {
      const t = own[top];
      t.top = true;
      for (const e of multipliers) {
        t.value = timesOneAndAHalf(t.value, e.amount);
        t.steps.push({ step: "top-multiplier", value: t.value, note: `${e.card}: top meld x${e.amount}, rounded down (EC-10)` });
      }
      for (const e of topPenalties) {
        if (immune[top]) {
          t.steps.push({ step: "top-penalty", value: t.value, note: `${e.card}: Void-immune (EC-13)` });
          continue;
        }
        t.value = Math.max(0, t.value - e.amount);
        t.steps.push({ step: "top-penalty", value: t.value, note: `${e.card}: top meld -${e.amount}, not below 0 (EC-11)` });
      }
      if (bestOnly.length > 0)
        for (const m of own)
          if (!m.top) {
            m.value = 0;
            m.steps.push({ step: "best-only", value: 0, note: `${bestOnly[0].card}: only the best meld scores (EC-23)` });
          }
    }
    let sum = 0;
    let best = -1;
    for (const m of own) {
      sum += m.value;
      if (m.value > best) best = m.value;
      melds.push(m);
    }
    bestMeld.push(best);

    for (const e of inForce(input.edicts, "first-declarant-bonus"))
      if (input.firstDeclarant === seat) bonuses.push({ seat, kind: "first-declarant", card: e.card, value: e.amount });
    if (input.lastRoundBest.length === input.players) {
      let highest = -1;
      for (const b of input.lastRoundBest) if (b > highest) highest = b;
      for (const e of inForce(input.edicts, "repeat-best-meld"))
        if (highest >= 0 && input.lastRoundBest[seat] === highest) bonuses.push({ seat, kind: "repeat-best-meld", card: e.card, value: e.amount });
    }
    if (input.wentOut === seat) bonuses.push({ seat, kind: "going-out", card: "", value: RULES.goingOut.bonus });
    for (const b of bonuses) if (b.seat === seat) sum += b.value;

    // EC-24: the player who went out takes no deadwood; EC-26: on an empty pile everyone does.
    let dw = 0;
    const dwCards: string[] = [];
    if (input.wentOut !== seat)
      for (const id of input.hands[seat]) {
        dw += deadwoodOf(cardOf(id).rank);
        dwCards.push(id);
      }
    deadwood.push({ seat, cards: dwCards, points: dw });
    points.push(sum - dw);
  }
  return { points, melds, bonuses, deadwood, bestMeld };
}
