/**
 * The raster threads keep resvg's freed pages between faces (src/render/raster-memory.ts) unless
 * TTS saves follow the PNGs in the same process. Checked on what the OS sees: the page faults of
 * rasterising the same face again, in a fresh process set up as each kind of build sets it up.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { join } from "node:path";
import { keepsRasterMemory, PURGE_DELAY_MS, tuneRasterMemory } from "../src/render/raster-memory";

const ROOT = join(__dirname, "..");

async function faultsOf(build: "--tts" | "--no-tts"): Promise<{ faults: number; delay: string | null }> {
  const env = { ...process.env };
  delete env.MIMALLOC_PURGE_DELAY;
  const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, "test/raster-memory-child.mjs"), build], { cwd: ROOT, env, encoding: "utf8" });
  return JSON.parse(stdout.trim().split("\n").pop()!) as { faults: number; delay: string | null };
}

describe("raster memory between faces", () => {
  // The child runs the compiled module: bin/syzygy.js compiles dist/ first if a source is newer.
  beforeAll(async () => {
    await promisify(execFile)(process.execPath, [join(ROOT, "bin/syzygy.js"), "--version"], { cwd: ROOT });
  }, 120_000);

  it("is kept by builds without TTS saves after their PNGs, and by no other", () => {
    expect(keepsRasterMemory({ png: true, tts: false })).toBe(true);
    expect(keepsRasterMemory({ png: false, tts: true })).toBe(true);
    expect(keepsRasterMemory({ png: true, tts: true })).toBe(false);
  });

  it("leaves a delay the user chose alone", () => {
    const env: NodeJS.ProcessEnv = { MIMALLOC_PURGE_DELAY: "0" };
    tuneRasterMemory({ png: true, tts: false }, env);
    expect(env.MIMALLOC_PURGE_DELAY).toBe("0");
    const unset: NodeJS.ProcessEnv = {};
    tuneRasterMemory({ png: true, tts: false }, unset);
    expect(unset.MIMALLOC_PURGE_DELAY).toBe(String(PURGE_DELAY_MS));
    tuneRasterMemory({ png: true, tts: true }, (unset.MIMALLOC_PURGE_DELAY = undefined, unset));
    expect(unset.MIMALLOC_PURGE_DELAY).toBeUndefined();
  });

  it("set in the process before resvg loads, it spares the page faults of each face's pixmap", async () => {
    const [kept, returned] = await Promise.all([faultsOf("--no-tts"), faultsOf("--tts")]);
    expect(kept.delay).toBe(String(PURGE_DELAY_MS));
    expect(returned.delay).toBeNull();
    // A 825 × 1123 px RGBA pixmap is ~900 pages, its opacity layer as many: handed back after each
    // face, they are faulted in again (measured: ~3 600 faults a render handed back, ~2 100 kept).
    expect(returned.faults).toBeGreaterThan(6 * 1500);
    expect(kept.faults).toBeLessThan(0.75 * returned.faults);
  });
});
