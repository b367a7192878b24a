/**
 * Fault injection for the output-safety tests: `SYZYGY_FAULT=<action>:<point>[:<n>]` makes the
 * n-th (default first) pass through `point` either kill the process (`kill`, SIGKILL: nothing
 * runs after it, as when the machine loses power or the OOM killer strikes) or fail like a full
 * disk (`enospc`). Points: `write` (every atomic file write, before it lands), `staged` (the
 * build's folders are staged), `journal` (the commit journal is written, nothing moved yet),
 * `move` (after each file moved into place). Unset, every point is a no-op.
 */
import { isMainThread } from "node:worker_threads";

const counts = new Map<string, number>();
/** The spec the counts are for: a new one (a test in the same process) counts from zero. */
let countsFor: string | undefined;

interface Fault {
  action: "kill" | "enospc";
  point: string;
  nth: number;
}

function parse(spec: string | undefined): Fault | undefined {
  const m = /^(kill|enospc):([a-z-]+)(?::(\d+))?$/.exec(spec ?? "");
  return m === null ? undefined : { action: m[1] as Fault["action"], point: m[2], nth: m[3] === undefined ? 1 : Number(m[3]) };
}

/** A write that fails as Node's does when the disk is full (no file named, as `write(2)` has none). */
export function diskFullError(): NodeJS.ErrnoException {
  return Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28, syscall: "write" });
}

export function faultPoint(point: string): void {
  const spec = process.env.SYZYGY_FAULT;
  if (spec !== countsFor) {
    counts.clear();
    countsFor = spec;
  }
  const fault = parse(spec);
  // Main thread only: worker threads (PDF art) write in an order no test can count on.
  if (fault === undefined || fault.point !== point || !isMainThread) return;
  const n = (counts.get(point) ?? 0) + 1;
  counts.set(point, n);
  if (n !== fault.nth) return;
  if (fault.action === "kill") {
    process.kill(process.pid, "SIGKILL");
    // SIGKILL is delivered before the next instruction in practice; never go on writing.
    for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
  }
  throw diskFullError();
}
