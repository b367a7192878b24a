/**
 * Memory and CPU of a process together with its children, as the OS counts them (proc(5)). A
 * build rasterises in a child process (src/render/raster-pool.ts), and /usr/bin/time's peak RSS
 * is the largest single process's, not the sum of those alive at once; so the benches sample
 * the whole tree's RSS every 25 ms and report the largest sum.
 *
 * Run directly (bench/startup.ts `runOnce`): `node bench/tree-usage.mjs <command…>` runs the
 * command with this process's stdio and prints `syzygy-tree <wall ms> <peak MB>` on stderr,
 * exiting with the command's code. Plain JavaScript, so that wrapper starts in Node's time alone.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const PAGE_KB = 4;
/** proc(5): times in /proc/<pid>/stat are in clock ticks, 100 a second on Linux. */
const TICK_MS = 10;

function read(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** Resident KB of one process (statm's second field, in pages). */
function rssKb(pid) {
  const statm = read(`/proc/${pid}/statm`);
  return statm === "" ? 0 : Number(statm.split(" ")[1]) * PAGE_KB;
}

/** The process and its descendants. Node and time start children from their main thread, whose tid is the pid. */
function tree(root) {
  const all = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop();
    all.push(pid);
    for (const child of read(`/proc/${pid}/task/${pid}/children`).split(" ")) if (child.trim() !== "") queue.push(Number(child));
  }
  return all;
}

/**
 * Samples the tree under `root` until `stop()`: `peak()` is the largest summed RSS so far in MB
 * (as maxRSS is for one process), `stop()` the same at the end. The timer does not hold the
 * process open.
 */
export function sampleTree(root, intervalMs = 25) {
  let peakKb = 0;
  const tick = () => {
    let sum = 0;
    for (const pid of tree(root)) sum += rssKb(pid);
    peakKb = Math.max(peakKb, sum);
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    peak() {
      tick();
      return peakKb / 1024;
    },
    stop() {
      clearInterval(timer);
      tick();
      return peakKb / 1024;
    },
  };
}

/** CPU ms a running process has used so far (stat's utime + stime). */
export function processCpuMs(pid) {
  const stat = read(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 14 and 15 of stat, counted from 1 with pid and comm first.
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** CPU ms of this process's children that have ended and been waited for (stat's cutime + cstime). */
export function endedChildrenCpuMs() {
  const stat = read("/proc/self/stat");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 16 and 17 of stat, counted from 1 with pid and comm first.
  return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [cmd, ...args] = process.argv.slice(2);
  const started = performance.now();
  const child = spawn(cmd, args, { stdio: "inherit" });
  const sampler = sampleTree(child.pid);
  child.on("exit", (code, signal) => {
    const peak = sampler.stop();
    process.stderr.write(`syzygy-tree ${(performance.now() - started).toFixed(1)} ${peak.toFixed(1)}\n`);
    process.exitCode = code ?? (signal ? 1 : 0);
  });
}
