// @ts-check
/**
 * `npm test`: the pretest steps (scripts/pretest.mjs: type check, Lua bundle, dist/, TTS
 * scripts — the first compile after `npm ci` included), then vitest, timed as one run against
 * npm test's budget of 90 s on an idle 2-core machine.
 *
 * The machine running the tests is often not idle (CI neighbours, other builds), so the budget is
 * checked on the run's idle-equivalent time rather than its wall time: the wall time minus the
 * CPU time other processes took from the machine during the run, spread over its cores (from
 * /proc/stat, which counts every process's CPU time, and /proc/self/stat, which counts this
 * run's own processes once they have ended). On an idle machine the two are the same; on a busy
 * one the estimate is never below the run's own CPU time spread over the cores. Where /proc is
 * not there, the wall time is checked.
 *
 * The report goes to node_modules/.cache/syzygy/npm-test-timing.json; a run past the budget fails
 * with the figures (test/test-budget.test.ts checks the arithmetic and a real timed run).
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pretest } from "./pretest.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const BUDGET_MS = 90_000;
export const REPORT = path.join(ROOT, "node_modules", ".cache", "syzygy", "npm-test-timing.json");
/** Clock ticks a second in /proc (USER_HZ, 100 on every Linux port node runs on). */
const TICKS = 100;

/** @returns {{ busyMs: number, cores: number } | undefined} the machine's CPU time so far (all cores, idle and iowait left out) */
export function machineCpu() {
  try {
    const lines = readFileSync("/proc/stat", "utf8").split("\n");
    const total = lines[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal …
    const busy = total[0] + total[1] + total[2] + total[5] + total[6] + total[7];
    const cores = lines.filter((l) => /^cpu\d+ /.test(l)).length;
    return { busyMs: (busy * 1000) / TICKS, cores };
  } catch {
    return undefined;
  }
}

/** @returns {number | undefined} this process's CPU time and that of its ended (waited-for) descendants, ms */
export function ownCpu() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // Fields after the command name (which may hold spaces, so split after its closing parenthesis).
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ").map(Number);
    // utime stime cutime cstime are fields 14–17, i.e. 11–14 after the name and state.
    return ((f[11] + f[12] + f[13] + f[14]) * 1000) / TICKS;
  } catch {
    return undefined;
  }
}

/**
 * The run's time as it would be on an idle machine: `wallMs` less the CPU time others took
 * (`othersMs`) spread over `cores`, and never below this run's own CPU time spread over them.
 * @param {{ wallMs: number, ownMs?: number, othersMs?: number, cores: number }} t
 */
export function idleEquivalentMs(t) {
  if (t.ownMs === undefined || t.othersMs === undefined) return t.wallMs;
  return Math.min(t.wallMs, Math.max(t.wallMs - Math.max(0, t.othersMs) / t.cores, t.ownMs / t.cores));
}

/**
 * The verdict on a report: undefined within the budget, else why not.
 * @param {{ idleEquivalentMs: number, wallMs: number, budgetMs: number }} r
 */
export function overBudget(r) {
  if (r.idleEquivalentMs <= r.budgetMs) return undefined;
  return `npm test took ${(r.idleEquivalentMs / 1000).toFixed(1)} s idle-equivalent (${(r.wallMs / 1000).toFixed(1)} s wall), over its budget of ${(r.budgetMs / 1000).toFixed(0)} s: move slow files to LONG_FILES (vitest.config.ts) and keep a quick check in npm test`;
}

/** @param {string} cmd @param {string[]} args @param {NodeJS.ProcessEnv} env @returns {Promise<number>} */
function runInherit(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: "inherit", env });
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/**
 * Runs `phases` one after another (each resolves to an exit code; the first failure stops), timed.
 * @param {{ name: string, run: () => Promise<number> }[]} phases
 * @param {number} budgetMs
 */
export async function timedRun(phases, budgetMs = BUDGET_MS) {
  const machine0 = machineCpu();
  const own0 = ownCpu();
  const started = performance.now();
  /** @type {Record<string, number>} */
  const phaseMs = {};
  let code = 0;
  for (const p of phases) {
    const t = performance.now();
    code = await p.run();
    phaseMs[p.name] = Math.round(performance.now() - t);
    if (code !== 0) break;
  }
  const wallMs = Math.round(performance.now() - started);
  const machine1 = machineCpu();
  const own1 = ownCpu();
  const cores = machine1?.cores || availableParallelism();
  const ownMs = own0 !== undefined && own1 !== undefined ? own1 - own0 : undefined;
  const othersMs = machine0 !== undefined && machine1 !== undefined && ownMs !== undefined ? machine1.busyMs - machine0.busyMs - ownMs : undefined;
  const report = { date: new Date().toISOString(), wallMs, phaseMs, ownCpuMs: ownMs, othersCpuMs: othersMs, cores, idleEquivalentMs: Math.round(idleEquivalentMs({ wallMs, ownMs, othersMs, cores })), budgetMs };
  return { code, report };
}

async function main() {
  // `npm test -- <vitest options>` passes them on; such a run (a filter, other reporters) is not
  // the suite the budget is for, so it is timed and reported but not held to it.
  const extra = process.argv.slice(2);
  const { code, report } = await timedRun([
    { name: "pretest", run: pretest },
    { name: "vitest", run: () => runInherit(path.join(ROOT, "node_modules", ".bin", "vitest"), ["run", ...extra], { ...process.env, SYZYGY_NPM_TEST: "1" }) },
  ]);
  mkdirSync(path.dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, JSON.stringify(report, null, 2) + "\n");
  const s = (/** @type {number | undefined} */ ms) => (ms === undefined ? "?" : `${(ms / 1000).toFixed(1)} s`);
  process.stdout.write(
    `npm test: ${s(report.wallMs)} wall (${Object.entries(report.phaseMs).map(([k, v]) => `${k} ${s(v)}`).join(", ")}); CPU ${s(report.ownCpuMs)} own, ${s(report.othersCpuMs)} others' on ${report.cores} cores; ${s(report.idleEquivalentMs)} idle-equivalent, budget ${s(report.budgetMs)}\n`,
  );
  if (code !== 0 || extra.length > 0) return code;
  const over = overBudget(report);
  if (over !== undefined) {
    process.stderr.write(`${over}\n`);
    return 1;
  }
  return 0;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(await main());
