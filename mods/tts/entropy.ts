/**
 * The table's secret seed. A seed a player can guess gives every hand away (the engines are
 * public), so it is drawn from every source of unpredictability a TTS script has, mixed through
 * SHA-256 (src/table/commitment.ts):
 * - the host's clocks: os.time() (seconds) and os.clock() (processor time, sub-millisecond);
 * - math.random() as the interpreter seeded it (TTS's MoonSharp seeds its generator itself; the
 *   script never reseeds it) and tostring({}) (a fresh table's address or reference number);
 * - the moment and place of every table event: each pick-up, drop and button press stirs in
 *   os.clock() and the object's physics position (floats that depend on the player's hand);
 * - when a draw begins: every object's GUID and position and the seated players' colours and
 *   Steam ids, and the previous draw's digest.
 * The seed is 32 hex digits (128 bits) of SHA-256 over that pool. The next seed is drawn in the
 * background (a draw hashes ~15 blocks: far more than a frame in MoonSharp), begun when the table
 * loads and again at each Start, so Start only takes it; a new pool gathers the events meanwhile,
 * and two games at one table get unrelated seeds.
 *
 * A stir only queues its text; the pool's SHA-256 works through the queue a quarter block (16 of
 * a block's 64 rounds) a frame, never inside the event handler that stirred. Plain-arithmetic
 * SHA-256 is slow: a 64-byte block takes ~0.7 ms in PUC Lua and ~12 ms in MoonSharp, so a
 * kilobyte hashed inside a drop or pick-up would stall it (~11 ms in PUC Lua, ~200 ms in
 * MoonSharp); a frame carries ~0.2 ms (PUC) or ~4 ms (MoonSharp) of it.
 */
import { COMMITMENT_DIGITS, committedText, sha256Backlog, sha256Digest, sha256Feed, sha256Pad, sha256Start, sha256Step, type Sha256Stream } from "../../src/table/commitment";
import type { TableObject } from "./table";

/** Everything stirred since the last draw (and the last draw's digest), hashed as it goes. */
let pool = sha256Start();
/** A frame callback is scheduled to hash the next slice. */
let absorbing = false;
/** Rounds of SHA-256 hashed a frame (a block has 64). */
const ROUNDS_PER_FRAME = 16;
let stirs = 0;

/** What the interpreter offers at this instant. */
function instant(): string {
  let out = tostring(os.time()) + "|" + tostring(os.clock()) + "|" + tostring({});
  const m = math as unknown as { random?: (this: void) => number };
  if (m.random !== undefined) out = out + "|" + tostring(m.random()) + "|" + tostring(m.random());
  return out;
}

/** Adds the instant and `extra` (what just happened) to the pool. */
export function stir(extra: string): void {
  stirs++;
  sha256Feed(pool, instant() + "|" + extra + ";");
  absorbLater();
}

/** Hashes the queued stirrings a slice a frame until less than a block waits. */
function absorbLater(): void {
  if (absorbing || sha256Backlog(pool) < 64) return;
  absorbing = true;
  Wait.frames(() => {
    absorbing = false;
    sha256Step(pool, ROUNDS_PER_FRAME);
    absorbLater();
  }, 1);
}

/** Bytes stirred in and not hashed yet, a block under way included (for the Lua console and tests: a length, no secret). */
export function entropyBacklog(): number {
  return sha256Backlog(pool);
}

/** A table event: who did it, to what, where it lies now. */
export function stirObject(color: string, obj: TableObject): void {
  const p = obj.getPosition();
  stir(color + "|" + obj.getGUID() + "|" + tostring(p.x) + "," + tostring(p.y) + "," + tostring(p.z));
}

/** Every object's GUID and position, and the seated players. */
function tableNow(): string {
  const parts: string[] = [];
  for (const obj of getObjects() as unknown as TableObject[]) {
    const p = obj.getPosition();
    parts.push(obj.getGUID() + tostring(p.x) + tostring(p.z));
  }
  const players = (Player as unknown as { getPlayers?: (this: void) => { color: string; steam_id: string }[] }).getPlayers;
  if (players !== undefined) for (const pl of players()) parts.push(pl.color + pl.steam_id);
  return parts.join(",");
}

/**
 * A seed being drawn, a slice a frame (SHA-256 costs ~12 ms a block in MoonSharp, and a draw
 * hashes the pool, the table's snapshot, the seed and its commitment: ~15 blocks, far more than
 * a frame): stage 0 hashes the pool, 1 the seed from its digest, 2 the commitment to the seed.
 */
interface Draw {
  stage: number;
  stream: Sha256Stream;
  digest: string;
  seed: string;
  commitment: string;
}

/** Rounds of SHA-256 a frame while a seed is drawn (half a block: ~6 ms in MoonSharp). */
const DRAW_ROUNDS = 32;
let draw: Draw | undefined;
/** The last draw's pool digest, chained into the next draw. */
let lastDigest = "";

function padded(text: string): Sha256Stream {
  const s = sha256Start();
  sha256Feed(s, text);
  sha256Pad(s);
  return s;
}

/** Works `rounds` rounds (a block at most) on the draw; true once the seed and its commitment are known. */
function work(d: Draw, rounds: number): boolean {
  if (d.stage > 2) return true;
  if (sha256Step(d.stream, rounds)) return false;
  const digest = sha256Digest(d.stream);
  if (d.stage === 0) {
    d.digest = digest;
    d.stream = padded("seed|" + digest);
  } else if (d.stage === 1) {
    d.seed = digest.substring(0, 32);
    d.stream = padded(committedText(d.seed));
  } else d.commitment = digest.substring(0, COMMITMENT_DIGITS);
  d.stage++;
  return d.stage > 2;
}

/**
 * Starts drawing the next seed in the background: the pool so far (the events stirred into it),
 * the instant, every object's GUID and position and the seated players, and the last draw's
 * digest. Events from now on go into a new pool, for the draw after this one.
 */
export function prepareSeed(): void {
  if (draw !== undefined) return;
  const s = pool;
  pool = sha256Start();
  sha256Feed(s, "draw " + stirs + "|" + tableNow() + instant() + "|next|" + lastDigest);
  sha256Pad(s);
  const d: Draw = { stage: 0, stream: s, digest: "", seed: "", commitment: "" };
  draw = d;
  const slice = (): void => {
    if (draw === d && !work(d, DRAW_ROUNDS)) Wait.frames(slice, 1);
  };
  Wait.frames(slice, 1);
}

/**
 * A fresh unguessable seed (32 lowercase hex digits) and the commitment to it: the seed drawn in
 * the background since the last draw (finished here if Start comes before its frames did); the
 * next draw starts at once.
 */
export function takeSeed(): { seed: string; commitment: string } {
  prepareSeed();
  const d = draw as Draw;
  // Start pressed before the frames finished the draw: finish it now.
  let done = work(d, 64);
  while (!done) done = work(d, 64);
  draw = undefined;
  lastDigest = d.digest;
  prepareSeed();
  return { seed: d.seed, commitment: d.commitment };
}
