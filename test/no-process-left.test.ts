/**
 * A `syzygy build` ends with its process: nothing it starts (its raster process, anything else)
 * outlives it, so no command leaves an implicit background process behind (`syzygy watch` is the
 * warm path, started and stopped by the user). The build runs through the real bin/syzygy.js with a
 * mark in its environment that every process it starts inherits, as the leader of its own process
 * group; while it runs the check must see its children, after it exits it must see none.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, ROOT } from "./cli-support";

interface Proc {
  pid: number;
  pgid: number;
  cmdline: string;
  marked: boolean;
}

/** Every process of this user that /proc shows, with its process group and whether its environment carries `mark`. */
function processes(mark: string): Proc[] {
  const found: Proc[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so read after the last ")".
      const pgid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      const environ = readFileSync(`/proc/${name}/environ`, "utf8");
      const cmdline = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").join(" ");
      found.push({ pid: Number(name), pgid, cmdline, marked: environ.split("\0").includes(`SYZYGY_TEST_PROCESS_MARK=${mark}`) });
    } catch {
      // gone meanwhile, or another user's
    }
  }
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("no process outlives a syzygy command", () => {
  it("a real `syzygy build` (PNGs through its raster process, PDF, TTS save) leaves nothing running after it exits", async () => {
    const dir = mkdtempSync(join(tmpdir(), "syzygy-no-process-left-"));
    const data = join(dir, "data");
    const out = join(dir, "out");
    const made = spawnSync(process.execPath, [CLI, "new", "leftover-deck", "--data", data], { cwd: dir, encoding: "utf8" });
    expect(made.status, made.stderr).toBe(0);

    const mark = randomUUID();
    const build = spawn(process.execPath, [CLI, "build", "leftover-deck", "--data", data, "--out", out, "--paper", "a4"], {
      cwd: ROOT,
      env: { ...process.env, SYZYGY_TEST_PROCESS_MARK: mark },
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    build.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const exited = new Promise<number | null>((resolve) => build.on("exit", (code) => resolve(code)));

    // While it runs: the build and the processes it started carry the mark (the check can see them).
    const seenRunning = new Set<number>();
    let done = false;
    void exited.then(() => (done = true));
    while (!done) {
      for (const p of processes(mark)) if (p.marked) seenRunning.add(p.pid);
      await sleep(25);
    }
    expect(await exited, stderr).toBe(0);
    expect(seenRunning.has(build.pid!), "the build's own process was seen").toBe(true);
    expect(seenRunning.size, "the build's raster process was seen beside it").toBeGreaterThanOrEqual(2);

    // After it exits (a second's grace for anything started on the way out): none of them.
    await sleep(1000);
    const left = processes(mark).filter((p) => p.marked || p.pgid === build.pid || p.cmdline.includes(dir));
    expect(left.map((p) => `${p.pid} ${p.cmdline}`)).toEqual([]);
  }, 120_000);
});
