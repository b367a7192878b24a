/**
 * The table's seed commitment: SHA-256 (FIPS 180-4) in plain double arithmetic, so the TTS
 * script (MoonSharp or Lua 5.2: no bit operators, no bit32 needed) and Node compute the same
 * digest, and Node can check it against node:crypto. At Start the table shows
 * `seedCommitment(seed)`; at game end it reveals the seed, and `syzygy replay` checks that the
 * revealed seed hashes to the commitment (a preimage-resistant hash: the commitment neither
 * gives the seed away nor lets the table swap it later).
 *
 * Input bytes: Lua strings are bytes; in Node the text must be ASCII (seeds are hex digits).
 */

const TWO32 = 4294967296;

/** a op b for 4-bit values, op chosen by `bitOf` (1 when the result bit is set). */
function nibbleTable(bitOf: (x: number, y: number) => number): number[] {
  const out: number[] = [];
  let n = 0;
  for (let a = 0; a < 16; a++) {
    for (let b = 0; b < 16; b++) {
      let r = 0;
      let p = 1;
      let x = a;
      let y = b;
      for (let i = 0; i < 4; i++) {
        const xb = x % 2;
        const yb = y % 2;
        r = r + bitOf(xb, yb) * p;
        x = (x - xb) / 2;
        y = (y - yb) / 2;
        p = p * 2;
      }
      out[n] = r;
      n++;
    }
  }
  return out;
}

const XOR = nibbleTable((x, y) => (x !== y ? 1 : 0));
const AND = nibbleTable((x, y) => x * y);

function add(a: number, b: number): number {
  return (a + b) % TWO32;
}

/** 2^n for n = 0..32 (rotations divide and multiply by these). */
const POW: number[] = [];
for (let n = 0; n <= 32; n++) POW.push(Math.pow(2, n));

function rotr(x: number, n: number): number {
  const lo = x % POW[n];
  return (x - lo) / POW[n] + lo * POW[32 - n];
}

function shr(x: number, n: number): number {
  return Math.floor(x / POW[n]);
}

/**
 * Three-input nibble tables (index a*256 + b*16 + c), built once from the two-input ones on first
 * use: a round's Σ, Ch and Maj then cost one nibble pass each instead of two to five, which makes
 * SHA-256 about three times faster (MoonSharp runs this arithmetic ~20× slower than PUC Lua).
 */
const XOR3: number[] = [];
const CH: number[] = [];
const MAJ: number[] = [];
let built = false;

function threeInputTables(): void {
  if (built) return;
  built = true;
  // Written by index, not push: MoonSharp 2.0 recounts a table's length after every write, so
  // `t[#t + 1] = x` (what push compiles to) is quadratic there: 12 288 pushes took ~700 ms.
  let n = 0;
  for (let a = 0; a < 16; a++) {
    for (let b = 0; b < 16; b++) {
      const ab = XOR[a * 16 + b];
      const aAndB = AND[a * 16 + b];
      for (let c = 0; c < 16; c++) {
        XOR3[n] = XOR[ab * 16 + c];
        // Ch(e, f, g) = (e AND f) XOR (NOT e AND g)
        CH[n] = XOR[aAndB * 16 + AND[(15 - a) * 16 + c]];
        // Maj(a, b, c) = (a AND b) XOR (a AND c) XOR (b AND c) = (a AND b) XOR (c AND (a XOR b))
        MAJ[n] = XOR[aAndB * 16 + AND[c * 16 + ab]];
        n++;
      }
    }
  }
}

/** table[x, y, z] of three unsigned 32-bit numbers, a nibble at a time. */
function bitwise3(table: number[], a: number, b: number, c: number): number {
  let r = 0;
  let p = 1;
  let x = a;
  let y = b;
  let z = c;
  for (let i = 0; i < 8; i++) {
    const xn = x % 16;
    const yn = y % 16;
    const zn = z % 16;
    r = r + table[xn * 256 + yn * 16 + zn] * p;
    x = (x - xn) / 16;
    y = (y - yn) / 16;
    z = (z - zn) / 16;
    p = p * 16;
  }
  return r;
}

/** The first 32 bits of the fractional parts of cube roots of the first 64 primes (FIPS 180-4 §4.2.2). */
const K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
  0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
  0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
  0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/** Appends `text`'s bytes to `out` (a JS code unit above 255 as two bytes; Lua strings are bytes). */
function pushBytes(out: number[], text: string): void {
  // By index (the queue holds up to a kilobyte and more): push is quadratic in MoonSharp.
  let n = out.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 255) {
      out[n] = Math.floor(c / 256) % 256;
      out[n + 1] = c % 256;
      n = n + 2;
    } else {
      out[n] = c;
      n++;
    }
  }
}

/** The 16 big-endian words of the block at `bytes[at]`. */
function blockWords(bytes: number[], at: number): number[] {
  const w: number[] = [];
  for (let i = 0; i < 16; i++) {
    const j = at + i * 4;
    w.push(((bytes[j] * 256 + bytes[j + 1]) * 256 + bytes[j + 2]) * 256 + bytes[j + 3]);
  }
  return w;
}

/** Word i (16 ≤ i < 64) of the message schedule, from the words before it (FIPS 180-4 §6.2.2, step 1). */
function scheduleWord(w: number[], i: number): number {
  const a = w[i - 15];
  const b = w[i - 2];
  const s0 = bitwise3(XOR3, rotr(a, 7), rotr(a, 18), shr(a, 3));
  const s1 = bitwise3(XOR3, rotr(b, 17), rotr(b, 19), shr(b, 10));
  return (w[i - 16] + s0 + w[i - 7] + s1) % TWO32;
}

/** Round i on the working variables v = [a, b, c, d, e, f, g, h] (step 3); w must hold word i. */
function round(v: number[], w: number[], i: number): void {
  const a = v[0];
  const e = v[4];
  const S1 = bitwise3(XOR3, rotr(e, 6), rotr(e, 11), rotr(e, 25));
  const ch = bitwise3(CH, e, v[5], v[6]);
  // Sums of up to five 32-bit words stay far below 2^53: one modulo at the end.
  const t1 = (v[7] + S1 + ch + K[i] + w[i]) % TWO32;
  const S0 = bitwise3(XOR3, rotr(a, 2), rotr(a, 13), rotr(a, 22));
  const maj = bitwise3(MAJ, a, v[1], v[2]);
  v[7] = v[6];
  v[6] = v[5];
  v[5] = e;
  v[4] = add(v[3], t1);
  v[3] = v[2];
  v[2] = v[1];
  v[1] = a;
  v[0] = add(t1, add(S0, maj));
}

/** Rounds `from` to `end` - 1 of a block, computing schedule words as they are needed. */
function rounds(v: number[], w: number[], from: number, end: number): void {
  threeInputTables();
  for (let i = from; i < end; i++) {
    if (w[i] === undefined) w[i] = scheduleWord(w, i);
    round(v, w, i);
  }
}

/** Rounds `from` to 63 of a block, then adds v into h (step 4). */
function finishBlock(h: number[], v: number[], w: number[], from: number): void {
  rounds(v, w, from, 64);
  for (let k = 0; k < 8; k++) h[k] = add(h[k], v[k]);
}

function copy(xs: number[]): number[] {
  const out: number[] = [];
  for (const x of xs) out.push(x);
  return out;
}

function compress(h: number[], bytes: number[], at: number): void {
  finishBlock(h, copy(h), blockWords(bytes, at), 0);
}

function hex8(n: number): string {
  let out = "";
  let x = n;
  for (let i = 0; i < 8; i++) {
    const d = x % 16;
    out = "0123456789abcdef".substring(d, d + 1) + out;
    x = (x - d) / 16;
  }
  return out;
}

/**
 * A SHA-256 computation fed piece by piece (FIPS 180-4 processes the message in 64-byte blocks, in
 * order): `sha256Feed` only queues bytes, `sha256Step` hashes one queued block, so a caller can
 * spread the work (the TTS table: one block a frame, never inside an event handler).
 */
export interface Sha256Stream {
  h: number[];
  /** Fed text not turned into bytes yet (from index `next` on), and its length in characters. */
  texts: string[];
  next: number;
  chars: number;
  /** Bytes; the first `at` of them are hashed already. */
  queue: number[];
  at: number;
  /** Bytes turned out of the fed text in all. */
  length: number;
  /** The block at `at` under way (`round` < 64): its schedule so far and working variables. */
  round: number;
  w: number[];
  v: number[];
}

export function sha256Start(): Sha256Stream {
  return { h: copy(H0), texts: [], next: 0, chars: 0, queue: [], at: 0, length: 0, round: 64, w: [], v: [] };
}

/** Queues `text` (only remembered here: its bytes are read when they are hashed). */
export function sha256Feed(s: Sha256Stream, text: string): void {
  s.texts.push(text);
  s.chars = s.chars + text.length;
}

/** Turns fed text into bytes until `need` bytes wait or all text is turned. */
function fill(s: Sha256Stream, need: number): void {
  while (s.queue.length - s.at < need && s.next < s.texts.length) {
    const text = s.texts[s.next];
    const before = s.queue.length;
    pushBytes(s.queue, text);
    s.length = s.length + s.queue.length - before;
    s.chars = s.chars - text.length;
    s.next = s.next + 1;
  }
  if (s.next === s.texts.length) {
    s.texts = [];
    s.next = 0;
  }
}

/** Bytes fed and not hashed yet (a block under way counts as not hashed; text counts a byte a character). */
export function sha256Backlog(s: Sha256Stream): number {
  return s.queue.length - s.at + s.chars;
}

/**
 * Runs up to `count` of the 64 rounds of the next queued 64-byte block (a slice of a block
 * costs that share of its time); false when no block is under way and fewer than 64 bytes wait.
 */
export function sha256Step(s: Sha256Stream, count = 64): boolean {
  if (s.round >= 64) {
    fill(s, 64);
    if (s.queue.length - s.at < 64) return false;
    s.w = blockWords(s.queue, s.at);
    s.v = copy(s.h);
    s.round = 0;
  }
  const end = Math.min(64, s.round + Math.max(1, count));
  if (end < 64) {
    rounds(s.v, s.w, s.round, end);
    s.round = end;
    return true;
  }
  finishBlock(s.h, s.v, s.w, s.round);
  s.round = 64;
  s.at = s.at + 64;
  // Drop the hashed bytes now and then (not every block: that would copy the queue each time).
  if (s.at >= 1024) {
    const rest: number[] = [];
    const end = s.queue.length;
    for (let i = s.at; i < end; i++) rest[i - s.at] = s.queue[i];
    s.queue = rest;
    s.at = 0;
  }
  return true;
}

/** The digest of everything fed (64 lowercase hex digits); the stream itself is left as it was. */
export function sha256Finish(s: Sha256Stream): string {
  fill(s, TWO32);
  const h = copy(s.h);
  let from = s.at;
  if (s.round < 64) {
    finishBlock(h, copy(s.v), copy(s.w), s.round);
    from = from + 64;
  }
  const bytes: number[] = [];
  for (let i = from; i < s.queue.length; i++) bytes.push(s.queue[i]);
  const bits = s.length * 8;
  bytes.push(0x80);
  while (bytes.length % 64 !== 56) bytes.push(0);
  // The length in bits, 64-bit big-endian (messages here are far below 2^53 bits).
  const high = Math.floor(bits / TWO32);
  const low = bits % TWO32;
  for (const word of [high, low]) {
    bytes.push(Math.floor(word / 16777216) % 256);
    bytes.push(Math.floor(word / 65536) % 256);
    bytes.push(Math.floor(word / 256) % 256);
    bytes.push(word % 256);
  }
  for (let at = 0; at < bytes.length; at += 64) compress(h, bytes, at);
  let out = "";
  for (const v of h) out = out + hex8(v);
  return out;
}

/**
 * Ends the message: queues the FIPS 180-4 padding (§5.1.1) after everything fed, so that
 * `sha256Step` can hash the last blocks a slice at a time too; once it returns false,
 * `sha256Digest` is the digest. Nothing may be fed after this.
 */
export function sha256Pad(s: Sha256Stream): void {
  fill(s, TWO32);
  const bits = s.length * 8;
  let n = s.queue.length;
  s.queue[n] = 0x80;
  n++;
  let used = (s.length + 1) % 64;
  while (used !== 56) {
    s.queue[n] = 0;
    n++;
    used = (used + 1) % 64;
  }
  const high = Math.floor(bits / TWO32);
  const low = bits % TWO32;
  for (const word of [high, low]) {
    s.queue[n] = Math.floor(word / 16777216) % 256;
    s.queue[n + 1] = Math.floor(word / 65536) % 256;
    s.queue[n + 2] = Math.floor(word / 256) % 256;
    s.queue[n + 3] = word % 256;
    n = n + 4;
  }
}

/** The digest of a padded stream whose every block is hashed (64 lowercase hex digits). */
export function sha256Digest(s: Sha256Stream): string {
  let out = "";
  for (const v of s.h) out = out + hex8(v);
  return out;
}

/** SHA-256 of `text`'s bytes, as 64 lowercase hex digits. */
export function sha256Hex(text: string): string {
  const s = sha256Start();
  sha256Feed(s, text);
  return sha256Finish(s);
}

/** Hex digits of the commitment the table shows (128 bits). */
export const COMMITMENT_DIGITS = 32;

/** The text whose SHA-256 the commitment to `seed` is. */
export function committedText(seed: string): string {
  return "syzygy-seed:" + seed;
}

/** What the table shows at Start for `seed`: the first 128 bits of SHA-256("syzygy-seed:" + seed). */
export function seedCommitment(seed: string): string {
  return sha256Hex(committedText(seed)).substring(0, COMMITMENT_DIGITS);
}
