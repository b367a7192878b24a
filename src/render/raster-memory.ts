/**
 * resvg allocates its pixmaps through its own mimalloc, which hands freed pages back to the OS
 * 10 ms after they are freed, so the next face faults them in again: at 300 dpi ~2 000 page
 * faults and ~35 ms of system time a card face on this project's 2-core machine, a third of
 * rasterising it. Kept for 300 ms (MIMALLOC_PURGE_DELAY), freed pages serve the next face.
 *
 * The price is memory: kept pages are never handed back while the process lives (~+100 MB for
 * the three games). So only the raster process (raster-process.mjs) keeps them: the build ends
 * it after the last PNG, and the TTS sheets that follow get that memory back. The build's own
 * process keeps mimalloc's default (its page thumbnails and one-face edits are small), and so
 * does `watch`'s raster process, which lives as long as the watch and rasterises a face or two
 * an edit (its cold first build would otherwise leave it ~130 MB larger while it waits).
 * mimalloc reads the variable once, at its first allocation in a process, so it is set in the
 * raster process's environment before it starts. A value the user set is left alone.
 */
import { availableParallelism } from "node:os";

export const PURGE_DELAY_MS = 300;

/**
 * Threads of the raster process's libuv pool, where resvg renders and sharp encodes: one a core
 * (at least 2, so an encode need not wait for a render). Each thread's mimalloc heap keeps its own
 * pages, so libuv's default of 4 on this project's 2-core machine kept ~35 MB more for no speed
 * (bench: raster process peak 193–196 MB with 2, 223–236 MB with 3 or 4, the same wall time).
 */
export function rasterThreads(): number {
  return Math.max(2, availableParallelism());
}

/**
 * The raster process's environment: this one's, with the thread count and (if it keeps its
 * pages) the delay, unless the user set them.
 */
export function rasterProcessEnv(env: NodeJS.ProcessEnv, keepPages: boolean): NodeJS.ProcessEnv {
  return {
    ...env,
    ...(keepPages ? { MIMALLOC_PURGE_DELAY: env.MIMALLOC_PURGE_DELAY ?? String(PURGE_DELAY_MS) } : {}),
    UV_THREADPOOL_SIZE: env.UV_THREADPOOL_SIZE ?? String(rasterThreads()),
  };
}
