/**
 * The raster process's face budgets (issue 36, docs/limits.md "Face budgets"): a face past the
 * per-face time limit, the memory limit, or that crashes the renderer fails in words naming the
 * limit; the faces beside it, and the next ones, still rasterise. The SVGs here skip the SVG check
 * on purpose (test/hostile-svg.ts): these are the limits behind it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { FaceBudgetExceeded, faceLimits, RasterCancelled, RasterPool } from "../src/render/raster-pool";
import { HOSTILE_SVG } from "./hostile-svg";

const CARD = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 14"><rect width="10" height="14" fill="#c33"/></svg>`;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

let pool: RasterPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

/** The error a face ends with (or a failure of the test if it rasterises). */
async function failure(p: Promise<Buffer>): Promise<Error> {
  return p.then(
    () => new Error("rasterised"),
    (err: Error) => err,
  );
}

describe("the raster process's face budgets", () => {
  it("SYZYGY_FACE_SECONDS and SYZYGY_RASTER_MB set the limits; anything else leaves the defaults", () => {
    expect(faceLimits({})).toEqual({ ms: 60_000, mb: 3072 });
    expect(faceLimits({ SYZYGY_FACE_SECONDS: "0.5", SYZYGY_RASTER_MB: "512" })).toEqual({ ms: 500, mb: 512 });
    expect(faceLimits({ SYZYGY_FACE_SECONDS: "-1", SYZYGY_RASTER_MB: "lots" })).toEqual({ ms: 60_000, mb: 3072 });
  });

  it("a face that never finishes (feTurbulence of 100 000 000 octaves) fails at the time limit; the face beside it and the next one rasterise", async () => {
    pool = new RasterPool(1, false, { ms: 1500, mb: 3072 });
    const started = Date.now();
    const [hung, beside] = await Promise.all([failure(pool.png(HOSTILE_SVG.turbulence, 63.5)), pool.png(CARD, 20)]);
    expect(hung).toBeInstanceOf(FaceBudgetExceeded);
    expect(hung.message).toMatch(/^this face took longer than 1\.5 s to rasterise \(the per-face time limit\): simplify its drawing/);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(beside.subarray(0, 4)).toEqual(PNG);
    expect((await pool.png(CARD, 20)).subarray(0, 4)).toEqual(PNG);
  });

  it("20 000 chained masks crash the renderer (SIGSEGV): the face fails in words, the next one rasterises", async () => {
    pool = new RasterPool(1, false, { ms: 60_000, mb: 3072 });
    const crash = await failure(pool.png(HOSTILE_SVG.masks, 63.5));
    expect(crash).toBeInstanceOf(FaceBudgetExceeded);
    expect(crash.message).toMatch(/^this face crashed the renderer \(SIG[A-Z]+\): simplify its drawing/);
    expect((await pool.png(CARD, 20)).subarray(0, 4)).toEqual(PNG);
  });

  it("a face that makes the process pass its memory limit fails naming the limit", async () => {
    pool = new RasterPool(1, false, { ms: 60_000, mb: 150 });
    // An 800 mm board at 300 dpi: ~9 500 × 9 500 px, 360 MB of pixels.
    const board = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800"><rect width="800" height="800" fill="#3a6"/></svg>`;
    const over = await failure(pool.png(board, 800));
    expect(over).toBeInstanceOf(FaceBudgetExceeded);
    expect(over.message).toMatch(/^this face made the raster process pass its memory limit of 150 MB \(it held \d+ MB\)/);
    expect((await pool.png(CARD, 20)).subarray(0, 4)).toEqual(PNG);
  });

  it("watch gives up a face rasterising for seconds when its files change (cancelSlow); faces beside it still rasterise", async () => {
    pool = new RasterPool(1, false, { ms: 60_000, mb: 3072 });
    const hung = failure(pool.png(HOSTILE_SVG.turbulence, 63.5));
    const beside = pool.png(CARD, 20);
    expect(pool.cancelSlow(5000)).toBe(false);
    // Once the process has started and the face has been drawing for half a second (slow under load).
    const t0 = Date.now();
    while (!pool.cancelSlow(500)) {
      expect(Date.now() - t0).toBeLessThan(30_000);
      await new Promise((r) => setTimeout(r, 100));
    }
    const e = await hung;
    expect(e).toBeInstanceOf(RasterCancelled);
    expect(e.message).toMatch(/its files changed while it was rasterising/);
    expect((await beside).subarray(0, 4)).toEqual(PNG);
  });

  it("closing the pool while a face hangs ends its process at once (watch's ^C)", async () => {
    pool = new RasterPool(1, false, { ms: 60_000, mb: 3072 });
    const hung = failure(pool.png(HOSTILE_SVG.turbulence, 63.5));
    await new Promise((r) => setTimeout(r, 1500));
    const started = Date.now();
    await pool.close();
    expect((await hung).message).toMatch(/closed/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
