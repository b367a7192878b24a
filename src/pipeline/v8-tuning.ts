/**
 * V8 settings for build processes (the CLI, `watch`, the bench), set once per process.
 *
 * - Old-space growth capped at 30 %: a cold build makes a lot of short-lived garbage (SVG trees,
 *   PDF operators) while its live data stays ~60 MB, so the heap would sit at ~150 MB; with a
 *   30 % growth factor it stays under ~80 MB, for no measurable change in build time (bench: peak
 *   RSS ~480 → ~400 MB).
 * - Functions tier up to optimised code later (interrupt budget ×15). A build runs most of its
 *   JavaScript (YAML, templates, text shaping, PDF writing) only a few hundred times per face, so
 *   V8's background threads spent about as much CPU compiling optimised code as the main thread
 *   spent running it (scratch measurement: main 1.2 CPU-s, background 1.0). With the later tier-up
 *   the same work costs ~10 % less CPU in all, and on two cores the raster threads get it.
 *   `SYZYGY_DEFAULT_TIERING=1` keeps V8's default (to compare: `npm run bench`).
 */
import { setFlagsFromString } from "node:v8";

let applied = false;

export function tuneV8ForBuilds(): void {
  if (applied) return;
  applied = true;
  setFlagsFromString("--heap-growing-percent=30");
  if (process.env.SYZYGY_DEFAULT_TIERING !== "1") setFlagsFromString("--interrupt-budget=1000000");
}
