/**
 * Seeded PRNG in plain double arithmetic (L'Ecuyer's combined multiplicative generator, 1988).
 * Every product stays below 2^53, so Node and Lua (doubles) produce identical sequences;
 * no bit operations and no Math.imul, which do not carry over to Lua 5.2.
 */

export interface Rng {
  a: number;
  b: number;
}

const M1 = 2147483563;
const M2 = 2147483399;
const A1 = 40014;
const A2 = 40692;

/** Hashes an ASCII seed string into a generator state. (Non-ASCII differs: JS code units vs Lua bytes.) */
export function rngFromSeed(seed: string): Rng {
  let a = 12345;
  let b = 67890;
  for (let i = 0; i < seed.length; i++) {
    const c = seed.charCodeAt(i);
    a = (a * 131 + c + 1) % (M1 - 1);
    b = (b * 137 + c + 7) % (M2 - 1);
  }
  const rng = { a: a + 1, b: b + 1 };
  // Seeds that differ only in their last characters ("seed#1", "seed#2") hash to nearby states
  // whose first draws nearly agree; each step multiplies the difference by ~40 000, so a few
  // discarded draws decorrelate them.
  for (let i = 0; i < 6; i++) rngNext(rng);
  return rng;
}

export function rngCopy(rng: Rng): Rng {
  return { a: rng.a, b: rng.b };
}

/** Advances `rng` (mutates it: callers pass a copy they own) and returns an integer in [1, M1-1]. */
export function rngNext(rng: Rng): number {
  rng.a = (A1 * rng.a) % M1;
  rng.b = (A2 * rng.b) % M2;
  let z = rng.a - rng.b;
  if (z < 1) z += M1 - 1;
  return z;
}

/** Uniform integer in [0, n). Mutates `rng`. */
export function rngInt(rng: Rng, n: number): number {
  return Math.floor(((rngNext(rng) - 1) * n) / (M1 - 1));
}

/** Fisher–Yates shuffle into a new array. Mutates `rng` only. */
export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const out: T[] = [];
  for (const item of items) out.push(item);
  for (let i = out.length - 1; i > 0; i--) {
    const j = rngInt(rng, i + 1);
    const tmp = out[i];
    out[i] = out[j];
    out[j] = tmp;
  }
  return out;
}
