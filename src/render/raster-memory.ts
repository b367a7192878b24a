/**
 * resvg allocates its pixmaps through its own mimalloc, which hands freed pages back to the OS
 * 10 ms after they are freed, so the next face faults them in again: at 300 dpi ~2 000 page
 * faults and ~35 ms of system time a card face on this project's 2-core machine, a third of
 * rasterising it. Kept for 300 ms (MIMALLOC_PURGE_DELAY), freed pages serve each raster thread's
 * next face: the 52-card deck's cold build takes ~30 % less CPU (docs/benchmarks.md).
 *
 * The price is memory: pages a raster thread kept are never handed back once the thread ends
 * (~+80 MB for the three games). A build that makes TTS saves after its PNGs needs that memory
 * for the sheets (and stays within 400 MB without the delay), so it keeps mimalloc's default.
 * mimalloc reads the variable once, at its first allocation in the process: this must run on the
 * main thread before anything loads resvg (test/architecture.test.ts keeps resvg off the build
 * command's start-up). A value the user set is left alone.
 */
export const PURGE_DELAY_MS = 300;

/** Whether a build keeps resvg's freed pages: not when TTS saves follow its PNGs in this process. */
export function keepsRasterMemory(build: { png: boolean; tts: boolean }): boolean {
  return !(build.png && build.tts);
}

/** Sets the delay for this process (and its raster threads), if `keepsRasterMemory(build)`. */
export function tuneRasterMemory(build: { png: boolean; tts: boolean }, env: NodeJS.ProcessEnv = process.env): void {
  if (keepsRasterMemory(build)) keepRasterMemory(env);
}

/** The setting itself (a standby makes it before it loads resvg: src/cli/standby/server.ts). */
export function keepRasterMemory(env: NodeJS.ProcessEnv = process.env): void {
  env.MIMALLOC_PURGE_DELAY ??= String(PURGE_DELAY_MS);
}

/**
 * `keepsRasterMemory` for a `syzygy build` command line, read from its words alone (a standby is
 * chosen before commander runs: src/cli/standby/). `--no-png` and `--no-tts` are the flags that
 * turn the PNGs and the saves off.
 */
export function keepsRasterMemoryFor(argv: readonly string[]): boolean {
  return keepsRasterMemory({ png: !argv.includes("--no-png"), tts: !argv.includes("--no-tts") });
}
