/**
 * The raster process keeps resvg's freed pages between faces (src/render/raster-memory.ts), and
 * they all go when the pool closes, before a build's TTS phase. Checked on what the OS sees: the
 * raster process's page faults (/proc/<pid>/stat) while it rasterises the same face again, and
 * its pid gone after the pool closes, when a build starts its TTS saves, or after its parent is
 * killed.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RasterPool } from "../src/render/raster-pool";
import { PURGE_DELAY_MS, rasterProcessEnv } from "../src/render/raster-memory";

const ROOT = join(__dirname, "..");
const FACE = `<svg xmlns="http://www.w3.org/2000/svg" width="69.85" height="95.25" viewBox="0 0 69.85 95.25"><rect width="69.85" height="95.25" fill="#fbf8f1"/><g opacity="0.8"><circle cx="35" cy="47" r="30" fill="#1d3557"/></g></svg>`;

/** Minor page faults of a process so far (proc(5): field 10 of /proc/<pid>/stat). */
function minorFaults(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[7]);
}

/** The raster process's faults over six renders of one card face, after two to warm it up. */
async function faultsOfRenders(pool: RasterPool): Promise<number> {
  let faults = 0;
  for (let i = 0; i < 8; i++) {
    const before = i >= 2 ? minorFaults(pool.pids[0] ?? -1) : 0;
    await pool.png(FACE, 69.85);
    // Time for mimalloc's default 10 ms purge to pass, as between faces of a build.
    await new Promise((resolve) => setTimeout(resolve, 40));
    if (i >= 2) faults += minorFaults(pool.pids[0]) - before;
  }
  return faults;
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** Whether a process has ended: no longer in /proc, or a zombie its new parent has not reaped yet. */
function ended(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return true;
  }
}

async function endsWithin(pid: number, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (ended(pid)) return true;
  return ended(pid);
}

describe("the raster process's memory", () => {
  it("gets one libuv thread a core, and the delay when it keeps its pages, unless the user set them", () => {
    const threads = String(Math.max(2, availableParallelism()));
    expect(rasterProcessEnv({ PATH: "/bin" }, true)).toEqual({ PATH: "/bin", MIMALLOC_PURGE_DELAY: String(PURGE_DELAY_MS), UV_THREADPOOL_SIZE: threads });
    expect(rasterProcessEnv({ PATH: "/bin" }, false)).toEqual({ PATH: "/bin", UV_THREADPOOL_SIZE: threads });
    expect(rasterProcessEnv({ MIMALLOC_PURGE_DELAY: "0", UV_THREADPOOL_SIZE: "8" }, true)).toEqual({ MIMALLOC_PURGE_DELAY: "0", UV_THREADPOOL_SIZE: "8" });
  });

  it("keeps the pages of each face's pixmap for the next face (unless told not to), and hands them all back when the pool closes", async () => {
    const saved = process.env.MIMALLOC_PURGE_DELAY;
    const savedThreads = process.env.UV_THREADPOOL_SIZE;
    delete process.env.MIMALLOC_PURGE_DELAY;
    // One thread renders every face (which thread frees a pixmap would otherwise vary the count).
    process.env.UV_THREADPOOL_SIZE = "1";
    // A build's pool, and one like `watch`'s (src/pipeline/watch.ts); each process reads this
    // process's environment as `warm` starts it.
    const kept = new RasterPool();
    const keptReady = kept.warm();
    const returned = new RasterPool(1, false);
    const returnedReady = returned.warm();
    if (saved === undefined) delete process.env.MIMALLOC_PURGE_DELAY;
    else process.env.MIMALLOC_PURGE_DELAY = saved;
    if (savedThreads === undefined) delete process.env.UV_THREADPOOL_SIZE;
    else process.env.UV_THREADPOOL_SIZE = savedThreads;
    try {
      await Promise.all([keptReady, returnedReady]);
      const keptFaults = await faultsOfRenders(kept);
      const returnedFaults = await faultsOfRenders(returned);
      // A 825 × 1123 px RGBA pixmap is ~900 pages: handed back after each face, it is faulted in
      // again (measured in the raster process, one thread: ~1 000 faults a face handed back, ~450 kept).
      expect(returnedFaults).toBeGreaterThan(6 * 800);
      expect(keptFaults).toBeLessThan(0.6 * returnedFaults);
      const pid = kept.pids[0];
      await kept.close();
      expect(existsSync(`/proc/${pid}`)).toBe(false);
    } finally {
      await Promise.all([kept.close(), returned.close()]);
    }
  }, 60_000);

  it("has ended, with its memory, when a build starts its TTS saves", async () => {
    const out = mkdtempSync(join(tmpdir(), "syzygy-raster-memory-"));
    const build = spawn(process.execPath, [join(ROOT, "bin/syzygy.js"), "build", "lunar-trick", "--out", out], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
    const seen = new Set<number>();
    const watch = setInterval(() => {
      for (const pid of readFileSafe(`/proc/${build.pid}/task/${build.pid}/children`).split(" ").filter((p) => p.trim() !== "")) {
        if (readFileSafe(`/proc/${pid}/cmdline`).includes("raster-process")) seen.add(Number(pid));
      }
    }, 10);
    const aliveAtSaves = await new Promise<number[]>((resolve, reject) => {
      let err = "";
      build.stderr.on("data", (d: Buffer) => {
        err += String(d);
        if (err.includes("lunar-trick: tts save")) resolve([...seen].filter((pid) => !ended(pid)));
      });
      build.once("exit", (code) => reject(new Error(`build exited ${code} before its saves:\n${err}`)));
    });
    clearInterval(watch);
    await new Promise((resolve) => build.once("exit", resolve));
    rmSync(out, { recursive: true, force: true });
    expect(seen.size).toBe(1);
    expect(aliveAtSaves).toEqual([]);
  }, 120_000);

  it("killed in the middle of a build, fails that build with its own words, leaving nothing half-written", async () => {
    const out = mkdtempSync(join(tmpdir(), "syzygy-raster-killed-"));
    const build = spawn(process.execPath, [join(ROOT, "bin/syzygy.js"), "build", "lunar-trick", "--out", out], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    let killed = false;
    build.stderr.on("data", (d: Buffer) => {
      err += String(d);
      // At its first PNG, the raster process is working through the rest.
      if (killed || !/PNG 1\//.test(err)) return;
      killed = true;
      for (const pid of readFileSafe(`/proc/${build.pid}/task/${build.pid}/children`).split(" ").filter((p) => p.trim() !== "")) {
        if (readFileSafe(`/proc/${pid}/cmdline`).includes("raster-process")) process.kill(Number(pid), "SIGKILL");
      }
    });
    const code = await new Promise<number | null>((resolve) => build.once("exit", resolve));
    try {
      expect(killed).toBe(true);
      expect(code).toBe(1);
      expect(err).toMatch(/the raster process ended \(SIGKILL\) while rasterising this face: build again/);
      expect(err).not.toMatch(/fix the template|\n\s+at /);
      // Nothing published: the output folder has only the build's own cache, no game folder.
      expect(readdirSync(out).filter((f) => !f.startsWith("."))).toEqual([]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);

  it("goes when the build that started it is killed", async () => {
    const script = `import { RasterPool } from "./src/render/raster-pool.ts";
const pool = new RasterPool();
await pool.png(${JSON.stringify(FACE)}, 20);
process.stdout.write(pool.pids[0] + "\\n");
setInterval(() => {}, 1000);`;
    const build = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    const pid = await new Promise<number>((resolve, reject) => {
      build.stdout.once("data", (d: Buffer) => resolve(Number(String(d).trim())));
      build.once("exit", (code) => reject(new Error(`exited ${code}`)));
    });
    expect(ended(pid)).toBe(false);
    build.kill("SIGKILL");
    expect(await endsWithin(pid, 5000)).toBe(true);
  }, 60_000);
});
