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

/**
 * Stable merge sort into a new array. Lua's table.sort is unstable and errors on inconsistent
 * comparators, so engines never use Array.prototype.sort.
 */
export function stableSort<T>(items: readonly T[], compare: (x: T, y: T) => number): T[] {
  let src: T[] = [];
  for (const item of items) src.push(item);
  const n = src.length;
  for (let width = 1; width < n; width *= 2) {
    const dst: T[] = [];
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      while (i < mid && j < hi) {
        if (compare(src[j], src[i]) < 0) {
          dst.push(src[j]);
          j++;
        } else {
          dst.push(src[i]);
          i++;
        }
      }
      while (i < mid) {
        dst.push(src[i]);
        i++;
      }
      while (j < hi) {
        dst.push(src[j]);
        j++;
      }
    }
    src = dst;
  }
  return src;
}

/** A copy of `items` without the first occurrence of `item`. */
export function without<T>(items: readonly T[], item: T): T[] {
  const out: T[] = [];
  let removed = false;
  for (const x of items) {
    if (!removed && x === item) removed = true;
    else out.push(x);
  }
  return out;
}

/** An array of `n` copies of `value` (never holes: Lua arrays stop at the first nil). */
export function filled<T>(n: number, value: T): T[] {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(value);
  return out;
}

/** A copy of `items` with index `i` replaced. */
export function replaced<T>(items: readonly T[], i: number, value: T): T[] {
  const out: T[] = [];
  for (let k = 0; k < items.length; k++) out.push(k === i ? value : items[k]);
  return out;
}

export function contains<T>(items: readonly T[], item: T): boolean {
  for (const x of items) if (x === item) return true;
  return false;
}

/** Seats in clockwise order starting at `first`. */
export function seatsFrom(first: number, players: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < players; k++) out.push(mod(first + k, players));
  return out;
}
