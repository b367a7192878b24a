/**
 * Issue 39.5: `npm test` (scripts/npm-test.mjs) times the pretest compile and vitest as one run
 * and fails past its 90 s budget for an idle 2-core machine. On a busy machine it checks the
 * run's idle-equivalent time: the wall time less the CPU time other processes took, spread over
 * the cores, never below the run's own CPU time spread over them.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./cli-support";

interface Report {
  wallMs: number;
  phaseMs: Record<string, number>;
  ownCpuMs?: number;
  othersCpuMs?: number;
  cores: number;
  idleEquivalentMs: number;
  budgetMs: number;
}
interface Runner {
  BUDGET_MS: number;
  idleEquivalentMs(t: { wallMs: number; ownMs?: number; othersMs?: number; cores: number }): number;
  overBudget(r: { idleEquivalentMs: number; wallMs: number; budgetMs: number }): string | undefined;
  timedRun(phases: { name: string; run: () => Promise<number> }[], budgetMs?: number): Promise<{ code: number; report: Report }>;
}
// @ts-expect-error a plain .mjs script without declarations
const runner = (await import("../scripts/npm-test.mjs")) as Runner;

/** A node process that spins on the CPU for `ms` of its own CPU time. */
function busyChild(ms: number): Promise<number> {
  return new Promise((resolve) => {
    const code = `const t = process.cpuUsage(); let x = 0; while ((process.cpuUsage(t).user + process.cpuUsage(t).system) / 1000 < ${ms}) x++; process.exit(x > 0 ? 0 : 1);`;
    const child = spawn(process.execPath, ["-e", code], { stdio: "ignore" });
    child.on("close", (c) => resolve(c ?? 1));
  });
}

describe("npm test's budget", () => {
  it("npm test is the timed runner: pretest, then vitest without LONG_FILES, against 90 s", () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts.test).toBe("node scripts/npm-test.mjs");
    const text = fs.readFileSync(path.join(ROOT, "scripts/npm-test.mjs"), "utf8");
    expect(text).toContain('{ name: "pretest", run: pretest }');
    expect(text).toContain('SYZYGY_NPM_TEST: "1"');
    expect(runner.BUDGET_MS).toBe(90_000);
  });

  it("idle machine: the wall time; busy machine: less what the others took, never below the run's own CPU time per core", () => {
    expect(runner.idleEquivalentMs({ wallMs: 80_000, ownMs: 150_000, othersMs: 0, cores: 2 })).toBe(80_000);
    // Others took 220 core-seconds of a 200 s run: 110 s per core were theirs.
    expect(runner.idleEquivalentMs({ wallMs: 200_000, ownMs: 120_000, othersMs: 220_000, cores: 2 })).toBe(90_000);
    // Never below the run's own CPU per core, never above the wall time.
    expect(runner.idleEquivalentMs({ wallMs: 200_000, ownMs: 170_000, othersMs: 400_000, cores: 2 })).toBe(85_000);
    expect(runner.idleEquivalentMs({ wallMs: 50_000, ownMs: 200_000, othersMs: -5, cores: 2 })).toBe(50_000);
    // Without /proc: the wall time.
    expect(runner.idleEquivalentMs({ wallMs: 95_000, cores: 2 })).toBe(95_000);
  });

  it("past the budget the verdict names both times and the way out; within it, none", () => {
    expect(runner.overBudget({ idleEquivalentMs: 90_000, wallMs: 140_000, budgetMs: 90_000 })).toBeUndefined();
    const over = runner.overBudget({ idleEquivalentMs: 91_500, wallMs: 140_000, budgetMs: 90_000 });
    expect(over).toMatch(/91\.5 s idle-equivalent \(140\.0 s wall\), over its budget of 90 s/);
    expect(over).toContain("LONG_FILES");
  });

  it("a real timed run counts its processes' CPU time and its phases, and stops at the first failure", async () => {
    const { code, report } = await runner.timedRun(
      [
        { name: "spin", run: () => busyChild(400) },
        { name: "fail", run: async () => 3 },
        { name: "never", run: async () => 0 },
      ],
      100,
    );
    expect(code).toBe(3);
    expect(Object.keys(report.phaseMs)).toEqual(["spin", "fail"]);
    expect(report.phaseMs.spin).toBeGreaterThanOrEqual(400);
    expect(report.wallMs).toBeGreaterThanOrEqual(report.phaseMs.spin);
    if (fs.existsSync("/proc/self/stat")) {
      // The child's 400 ms, counted once it has ended (10 ms clock ticks).
      expect(report.ownCpuMs).toBeGreaterThanOrEqual(380);
      expect(report.idleEquivalentMs).toBeGreaterThanOrEqual((report.ownCpuMs as number) / report.cores - 1);
    }
    expect(report.idleEquivalentMs).toBeLessThanOrEqual(report.wallMs);
    expect(runner.overBudget(report)).toMatch(/over its budget/);
    expect(runner.overBudget({ ...report, budgetMs: 600_000 })).toBeUndefined();
  }, 60_000);
});
