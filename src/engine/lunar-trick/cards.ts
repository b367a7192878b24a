/** Card facts and the moon phase sheet (LT-3, LT-4), looked up from the generated data. */
import { DECK, RULES } from "./data.gen";
import type { SetupRow } from "./data-types";
import type { TrumpSide } from "./types";
import { contains, mod } from "../core/util";

export interface CardInfo {
  id: string;
  /** 1..positions; 0 for the eclipse cards. */
  number: number;
  /** "" for the eclipse cards. */
  side: TrumpSide;
  lunar: boolean;
  solar: boolean;
}

function buildCards(): { [id: string]: CardInfo } {
  const out: { [id: string]: CardInfo } = {};
  for (const c of DECK) {
    out[c.id] = {
      id: c.id,
      number: c.number !== undefined ? c.number : 0,
      side: c.side !== undefined ? c.side : "",
      lunar: c.eclipse === "lunar",
      solar: c.eclipse === "solar",
    };
  }
  return out;
}

/** Lookup only (never iterated: key order differs in Lua). */
const CARDS = buildCards();

/** The card table itself, for hot paths that keep a module-local reference. */
export function cardTable(): { [id: string]: CardInfo } {
  return CARDS;
}

export const LUNAR_ECLIPSE = "lunar-eclipse";
export const SOLAR_ECLIPSE = "solar-eclipse";

export function cardInfo(id: string): CardInfo | undefined {
  return CARDS[id];
}

export function isCard(id: unknown): boolean {
  return typeof id === "string" && CARDS[id] !== undefined;
}

export function setupFor(players: number): SetupRow | undefined {
  for (const row of RULES.setup) if (row.players === players) return row;
  return undefined;
}

/** The cards used at this player count, in deck order (LT-1). */
export function deckFor(players: number): string[] {
  const row = setupFor(players);
  const out: string[] = [];
  for (const c of DECK) if (row === undefined || !contains(row.excluded, c.id)) out.push(c.id);
  return out;
}

/** The side of the sheet a number lies on. */
export function sideOf(n: number): TrumpSide {
  for (const s of RULES.sides) if (n >= s.from && n <= s.to) return s.id;
  return "";
}

/** LT-4: the side holding 2 or more markers (3 markers on 2 sides: always one). */
export function trumpSideOf(markers: number[]): TrumpSide {
  let best: TrumpSide = "";
  let bestCount = 0;
  for (const s of RULES.sides) {
    let n = 0;
    for (const m of markers) if (m >= s.from && m <= s.to) n++;
    if (n > bestCount) {
      best = s.id;
      bestCount = n;
    }
  }
  return best;
}

/**
 * LT-3: suit section per number (index n - 1). Sections are the runs strictly between
 * neighbouring markers going clockwise (1 → 30 → 1); they are numbered 0, 1, 2 from the
 * section after the lowest marker. Marker positions get -1. Empty sections simply get no numbers.
 */
export function suitsFromMarkers(markers: number[]): number[] {
  const positions = RULES.positions;
  const out: number[] = [];
  for (let n = 1; n <= positions; n++) out.push(-1);
  // `markers` are distinct and ascending, so each walk stops at the next marker.
  for (let k = 0; k < markers.length; k++) {
    const from = markers[k];
    const to = markers[mod(k + 1, markers.length)];
    let n = mod(from, positions) + 1;
    while (n !== to) {
      out[n - 1] = k;
      n = mod(n, positions) + 1;
    }
  }
  return out;
}

/** The numbers of each non-empty suit section, in section order (for events and docs). */
export function suitLists(suitOf: number[], sections: number): number[][] {
  const out: number[][] = [];
  // per section, the last number whose clockwise predecessor is outside it (one pass for all)
  const starts: number[] = [];
  for (let k = 0; k < sections; k++) starts[k] = -1;
  for (let n = 1; n <= suitOf.length; n++) {
    const k = suitOf[n - 1];
    const prev = n === 1 ? suitOf.length : n - 1;
    if (k >= 0 && k < sections && Math.floor(k) === k && suitOf[prev - 1] !== k) starts[k] = n;
  }
  for (let k = 0; k < sections; k++) {
    const nums: number[] = [];
    // walk clockwise from the lowest number of the section so wrapped runs read 21..30, 1..3
    const start = starts[k];
    if (start === -1) {
      for (let n = 1; n <= suitOf.length; n++) if (suitOf[n - 1] === k) nums.push(n);
    } else {
      let n = start;
      while (suitOf[n - 1] === k && nums.length < suitOf.length) {
        nums.push(n);
        n = mod(n, suitOf.length) + 1;
      }
    }
    if (nums.length > 0) out.push(nums);
  }
  return out;
}

/** "5-11" or "21-30, 1-3": the numbers of suit section `k`, for messages. */
export function sectionLabel(suitOf: number[], sections: number, k: number): string {
  let nums: number[] = [];
  for (const list of suitLists(suitOf, sections)) if (suitOf[list[0] - 1] === k) nums = list;
  const runs: string[] = [];
  let i = 0;
  while (i < nums.length) {
    let j = i;
    while (j + 1 < nums.length && nums[j + 1] === nums[j] + 1) j++;
    runs.push(i === j ? "" + nums[i] : nums[i] + "-" + nums[j]);
    i = j + 1;
  }
  return runs.join(", ");
}
