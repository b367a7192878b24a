/** Small Lua-safe helpers shared by the engines. */

/** Mathematical modulo (non-negative for positive m); JS `%` and Lua `%` disagree on negatives. */
export function mod(a: number, m: number): number {
  const r = a - Math.floor(a / m) * m;
  return r;
}

/** Integer division rounding down, the same in JS and Lua. */
export function idiv(a: number, b: number): number {
  return Math.floor(a / b);
}

/** Up to this many items `stableSort` uses insertion sort (hands, tricks, melds are short). */
const SMALL_SORT = 12;

/**
 * Stable merge sort into a new array. Lua's table.sort is unstable and errors on inconsistent
 * comparators, so engines never use Array.prototype.sort.
 */
export function stableSort<T>(items: readonly T[], compare: (x: T, y: T) => number): T[] {
  let src: T[] = [];
  const n = items.length;
  for (let i = 0; i < n; i++) src[i] = items[i];
  if (n <= SMALL_SORT) {
    // Insertion sort, also stable: the same order as the merge below (for a consistent
    // comparator the stable order is unique), with fewer compares and no new arrays.
    for (let i = 1; i < n; i++) {
      const x = src[i];
      let j = i - 1;
      while (j >= 0 && compare(x, src[j]) < 0) {
        src[j + 1] = src[j];
        j--;
      }
      src[j + 1] = x;
    }
    return src;
  }
  // dst is written by index, not pushed: MoonSharp 2.0 recounts a table's length after every
  // write, so push (`t[#t + 1] = x`) is quadratic there.
  for (let width = 1; width < n; width *= 2) {
    const dst: T[] = [];
    let k = 0;
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      while (i < mid && j < hi) {
        if (compare(src[j], src[i]) < 0) {
          dst[k] = src[j];
          j++;
        } else {
          dst[k] = src[i];
          i++;
        }
        k++;
      }
      while (i < mid) {
        dst[k] = src[i];
        i++;
        k++;
      }
      while (j < hi) {
        dst[k] = src[j];
        j++;
        k++;
      }
    }
    src = dst;
  }
  return src;
}

/** A copy of `items` without the first occurrence of `item`. */
export function without<T>(items: readonly T[], item: T): T[] {
  // Filled by index, in order (no holes): cheaper than push once compiled to Lua.
  const out: T[] = [];
  const n = items.length;
  let i = 0;
  while (i < n && items[i] !== item) {
    out[i] = items[i];
    i++;
  }
  for (i = i + 1; i < n; i++) out[i - 1] = items[i];
  return out;
}

/** An array of `n` copies of `value` (never holes: Lua arrays stop at the first nil). */
export function filled<T>(n: number, value: T): T[] {
  // per-seat arrays as one literal (see `replaced`)
  if (n === 4) return [value, value, value, value];
  if (n === 3) return [value, value, value];
  if (n === 2) return [value, value];
  const out: T[] = [];
  for (let i = 0; i < n; i++) out[i] = value;
  return out;
}

/** A copy of `items` with index `i` replaced. */
export function replaced<T>(items: readonly T[], i: number, value: T): T[] {
  const n0 = items.length;
  // Per-seat arrays (2–4 long) as one array literal: Lua sizes it once instead of growing it.
  if (n0 === 4) return [i === 0 ? value : items[0], i === 1 ? value : items[1], i === 2 ? value : items[2], i === 3 ? value : items[3]];
  if (n0 === 3) return [i === 0 ? value : items[0], i === 1 ? value : items[1], i === 2 ? value : items[2]];
  if (n0 === 2) return [i === 0 ? value : items[0], i === 1 ? value : items[1]];
  const out: T[] = [];
  const n = items.length;
  for (let k = 0; k < n; k++) out[k] = items[k];
  if (i >= 0 && i < n && Math.floor(i) === i) out[i] = value;
  return out;
}

export function contains<T>(items: readonly T[], item: T): boolean {
  const n = items.length;
  for (let i = 0; i < n; i++) if (items[i] === item) return true;
  return false;
}

/** Seats in clockwise order starting at `first`. */
export function seatsFrom(first: number, players: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < players; k++) out.push(mod(first + k, players));
  return out;
}

/** A copy of `items`, filled by index in order (no holes; cheaper than `slice` once compiled to Lua). */
export function copyOf<T>(items: readonly T[]): T[] {
  const out: T[] = [];
  const n = items.length;
  for (let i = 0; i < n; i++) out[i] = items[i];
  return out;
}

/** `n` distinct empty lists (per-seat piles; `filled(n, [])` would share one). */
export function emptyLists<T>(n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < n; i++) out.push([]);
  return out;
}

/** The items of `all` that occur in none of `used`, in `all`'s order (e.g. the cards not dealt). */
export function notIn<T>(all: readonly T[], used: readonly (readonly T[])[]): T[] {
  const out: T[] = [];
  for (const item of all) {
    let found = false;
    for (const list of used) if (contains(list, item)) found = true;
    if (!found) out.push(item);
  }
  return out;
}

/** True when `seat` is a seat of a `players`-player game (an integer 0..players-1). */
export function isSeat(players: number, seat: unknown): boolean {
  return typeof seat === "number" && Math.floor(seat) === seat && seat >= 0 && seat < players;
}

/**
 * Order of two strings by character code, for `stableSort`: the same order in Node, Lua 5.2 and
 * MoonSharp (TTS). Never `<` on strings in code that runs in Lua: MoonSharp compares strings by
 * the host's culture ("y" < "j" on a Lithuanian host, "a" < "B" everywhere). Codes are bytes in
 * Lua 5.2 and UTF-16 units in Node and MoonSharp; both give code-point order (outside the BMP's
 * surrogates), bytewise for the ASCII ids the engines sort.
 */
export function byteOrder(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  let x = a.charCodeAt(0);
  let y = b.charCodeAt(0);
  if (n > 0 && x !== y) return x < y ? -1 : 1;
  // The common prefix's length by halving, with whole-prefix compares: a character at a time is
  // two calls a character in Lua, and sorted ids share long prefixes ("bid-cards/bid-3-b").
  let lo = n > 0 ? 1 : 0;
  let hi = n;
  while (lo < hi) {
    const mid = Math.floor((lo + hi + 1) / 2);
    if (a.substring(0, mid) === b.substring(0, mid)) lo = mid;
    else hi = mid - 1;
  }
  if (lo === n) return a.length < b.length ? -1 : 1;
  x = a.charCodeAt(lo);
  y = b.charCodeAt(lo);
  return x < y ? -1 : 1;
}

/** A refused action: the rule or ruling broken and a sentence (see `ApplyResult`). */
export function reject(rule: string, message: string): { ok: false; rule: string; message: string } {
  return { ok: false, rule, message };
}
