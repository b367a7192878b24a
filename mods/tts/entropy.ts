/**
 * The table's secret seed. A seed a player can guess gives every hand away (the engines are
 * public), so it is drawn from every source of unpredictability a TTS script has, mixed through
 * SHA-256 (src/table/commitment.ts):
 * - the host's clocks: os.time() (seconds) and os.clock() (processor time, sub-millisecond);
 * - math.random() as the interpreter seeded it (TTS's MoonSharp seeds its generator itself; the
 *   script never reseeds it) and tostring({}) (a fresh table's address or reference number);
 * - the moment and place of every table event before Start: each pick-up, drop and button press
 *   stirs in os.clock() and the object's physics position (floats that depend on the player's hand);
 * - at Start: every object's GUID and position and the seated players' colours and Steam ids.
 * The seed is 32 hex digits (128 bits) of SHA-256 over that pool; the pool moves on after each
 * draw, so two games at one table get unrelated seeds.
 *
 * A stir only queues its text; the pool's SHA-256 works through the queue a quarter block (16 of
 * a block's 64 rounds) a frame, never inside the event handler that stirred. Plain-arithmetic
 * SHA-256 is slow: a 64-byte block takes ~0.7 ms in PUC Lua and ~18 ms in MoonSharp, so a
 * kilobyte hashed inside a drop or pick-up would stall it (~14 ms in PUC Lua, ~320 ms in
 * MoonSharp); a frame carries ~0.2 ms (PUC) or ~4 ms (MoonSharp) of it.
 */
import { sha256Backlog, sha256Feed, sha256Finish, sha256Hex, sha256Start, sha256Step } from "../../src/table/commitment";
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

/** A fresh unguessable seed (32 lowercase hex digits). */
export function freshSeed(): string {
  stir("draw " + stirs);
  sha256Feed(pool, tableNow() + instant());
  const digest = sha256Finish(pool);
  const seed = sha256Hex("seed|" + digest).substring(0, 32);
  pool = sha256Start();
  sha256Feed(pool, "next|" + digest);
  return seed;
}
