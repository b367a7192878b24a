/**
 * Start-up as a user meets it, one process per run: `syzygy --help`, `--version`, `validate
 * <game>` (the clone's bin/syzygy.js, which first checks that dist/ is up to date, and the
 * installed package's: the same bin without sources beside it), a no-op `npm run build`, and a
 * cold `npm run build` into an empty output folder. Wall time is the median of several runs (the
 * fastest in brackets), CPU the median user + system time, RSS the largest peak of the process
 * and its children together (bench/tree-usage.mjs). CPU comes from /usr/bin/time (Debian's `time`
 * package) where it exists; without it only wall times and memory are reported.
 *
 * Run: `npm run bench:startup` (`--json` for JSON); `npm run bench` runs it too. Dist/, the
 * generated data and the Lua bundles are brought up to date first and not timed.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";

const REPO = join(import.meta.dirname, "..");
const TIME = "/usr/bin/time";
const TREE_USAGE = join(import.meta.dirname, "tree-usage.mjs");
const GAME = "lunar-trick";

export interface StartupFigure {
  what: string;
  runs: number;
  wallMs: number;
  fastestMs: number;
  cpuMs?: number;
  peakRssMb?: number;
  /** The target this figure is held to, if any. */
  target?: { wallMs: number; rssMb?: number };
}

export interface StartupBench {
  loadBefore: number[];
  loadAfter: number[];
  cores: number;
  figures: StartupFigure[];
  /** The no-op `syzygy build` process over the cold build, measured side by side (target ≤ 5 %). */
  noopToCold?: { wall: number; cpu?: number };
}

export interface Run {
  wallMs: number;
  cpuMs?: number;
  rssMb?: number;
}

/**
 * One run of `cmd`: wall time and the peak RSS of its whole process tree (bench/tree-usage.mjs:
 * a build rasterises in a child process), with CPU and the largest single process's peak from
 * /usr/bin/time where it exists (its CPU counts the children the command waited for).
 */
export function runOnce(cmd: string[], cwd: string): Run {
  const timed = existsSync(TIME);
  const argv = [process.execPath, TREE_USAGE, ...(timed ? [TIME, "-f", "syzygy-bench %e %U %S %M"] : []), ...cmd];
  const p = spawnSync(argv[0], argv.slice(1), { cwd, encoding: "utf8", maxBuffer: 1 << 26 });
  if (p.status !== 0) throw new Error(`${cmd.join(" ")} exited ${p.status}:\n${p.stderr}`);
  const t = /syzygy-tree ([\d.]+) ([\d.]+)\s*$/.exec(p.stderr);
  if (t === null) throw new Error(`no tree figures in:\n${p.stderr}`);
  const wallMs = Number(t[1]);
  const treeMb = Number(t[2]);
  if (!timed) return { wallMs, rssMb: treeMb };
  const m = /syzygy-bench ([\d.]+) ([\d.]+) ([\d.]+) (\d+)\s*(?:syzygy-tree|$)/.exec(p.stderr);
  if (m === null) throw new Error(`no /usr/bin/time figures in:\n${p.stderr}`);
  return { wallMs, cpuMs: (Number(m[2]) + Number(m[3])) * 1000, rssMb: Math.max(treeMb, Number(m[4]) / 1024) };
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function measure(what: string, cmd: string[], cwd: string, runs: number, target?: StartupFigure["target"]): StartupFigure {
  const rs = Array.from({ length: runs }, () => runOnce(cmd, cwd));
  const cpu = rs.flatMap((r) => (r.cpuMs === undefined ? [] : [r.cpuMs]));
  const rss = rs.flatMap((r) => (r.rssMb === undefined ? [] : [r.rssMb]));
  return {
    what,
    runs,
    wallMs: Math.round(median(rs.map((r) => r.wallMs))),
    fastestMs: Math.round(Math.min(...rs.map((r) => r.wallMs))),
    ...(cpu.length > 0 ? { cpuMs: Math.round(median(cpu)) } : {}),
    ...(rss.length > 0 ? { peakRssMb: Math.round(Math.max(...rss)) } : {}),
    ...(target !== undefined ? { target } : {}),
  };
}

/**
 * The installed package's layout: bin/syzygy.js with dist/ beside it and no scripts/ (so no
 * freshness check), resolving its packages from the clone's node_modules.
 */
function packageLayout(): string {
  const dir = mkdtempSync(join(tmpdir(), "syzygy-startup-"));
  mkdirSync(join(dir, "bin"));
  copyFileSync(join(REPO, "bin/syzygy.js"), join(dir, "bin/syzygy.js"));
  copyFileSync(join(REPO, "package.json"), join(dir, "package.json"));
  for (const d of ["dist", "node_modules", "templates"]) symlinkSync(join(REPO, d), join(dir, d));
  return dir;
}

export function startupBench(opts: { quick?: boolean } = {}): StartupBench {
  const loadBefore = loadavg();
  // Everything `npm run build` would compile first, so that no run below compiles.
  execFileSync(process.execPath, [join(REPO, "scripts/build.mjs"), "--package"], { cwd: REPO, stdio: ["ignore", "ignore", "inherit"] });
  const runs = opts.quick ? 3 : 10;
  const pkg = packageLayout();
  const out = mkdtempSync(join(tmpdir(), "syzygy-startup-out-"));
  const clone = ["node", join(REPO, "bin/syzygy.js")];
  const installed = ["node", join(pkg, "bin/syzygy.js")];
  const quick = { wallMs: 300, rssMb: 80 };
  const figures: StartupFigure[] = [];
  try {
    figures.push(measure("syzygy --help (installed package)", [...installed, "--help"], REPO, runs, quick));
    figures.push(measure("syzygy --help (clone)", [...clone, "--help"], REPO, runs, quick));
    figures.push(measure("syzygy --version (installed package)", [...installed, "--version"], REPO, runs));
    figures.push(measure(`syzygy validate ${GAME} (installed package)`, [...installed, "validate", GAME], REPO, runs, quick));
    figures.push(measure(`syzygy validate ${GAME} (clone)`, [...clone, "validate", GAME], REPO, runs, quick));
    figures.push(measure("npm run build, cold (3 games into an empty --out)", ["npm", "run", "--silent", "build", "--", "--out", out], REPO, 1));
    figures.push(measure("npm run build, no-op (everything up to date)", ["npm", "run", "--silent", "build", "--", "--out", out], REPO, opts.quick ? 3 : 5, { wallMs: 1500 }));
    figures.push(measure("syzygy build, no-op (3 games, as a process)", [...clone, "build", "--out", out], REPO, runs, { wallMs: 300 }));
  } finally {
    rmSync(pkg, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
  const cold = figures.find((f) => f.what.startsWith("npm run build, cold"));
  const noop = figures[figures.length - 1];
  const noopToCold =
    cold !== undefined && figures.length > 1
      ? { wall: noop.wallMs / cold.wallMs, ...(noop.cpuMs !== undefined && cold.cpuMs !== undefined ? { cpu: noop.cpuMs / cold.cpuMs } : {}) }
      : undefined;
  return { loadBefore, loadAfter: loadavg(), cores: availableParallelism(), figures, ...(noopToCold ? { noopToCold } : {}) };
}

export function formatStartupBench(b: StartupBench): string {
  const load = (l: number[]): string => l.map((n) => n.toFixed(1)).join(" ");
  const lines = [`start-up, one process per run (${b.cores} cores; load average ${load(b.loadBefore)} before, ${load(b.loadAfter)} after)`];
  for (const f of b.figures) {
    const wall = f.wallMs >= 1000 ? `${(f.wallMs / 1000).toFixed(2)} s` : `${f.wallMs} ms`;
    const fastest = f.runs > 1 ? ` (fastest ${f.fastestMs} ms)` : "";
    const cpu = f.cpuMs !== undefined ? `, CPU ${f.cpuMs} ms` : "";
    const rss = f.peakRssMb !== undefined ? `, peak RSS ${f.peakRssMb} MB` : "";
    let verdict = "";
    if (f.target !== undefined) {
      const ok = f.wallMs <= f.target.wallMs && (f.target.rssMb === undefined || f.peakRssMb === undefined || f.peakRssMb <= f.target.rssMb);
      verdict = `   target ≤ ${f.target.wallMs} ms${f.target.rssMb !== undefined ? ` and ≤ ${f.target.rssMb} MB` : ""}: ${ok ? "ok" : "MISSED"}`;
    }
    lines.push(`  ${f.what.padEnd(52)} ${wall}${fastest}${cpu}${rss}  [${f.runs} run${f.runs === 1 ? "" : "s"}]${verdict}`);
  }
  const r = b.noopToCold;
  if (r !== undefined) {
    const pc = (x: number): string => `${(x * 100).toFixed(1)} %`;
    const ok = (r.cpu ?? r.wall) <= 0.05 ? "ok" : "MISSED";
    lines.push(`  no-op syzygy build / cold build: wall ${pc(r.wall)}${r.cpu !== undefined ? `, CPU ${pc(r.cpu)}` : ""}   target ≤ 5 %: ${ok}`);
  }
  return lines.join("\n");
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  const b = startupBench({ quick: process.argv.includes("--quick") });
  process.stdout.write(process.argv.includes("--json") ? JSON.stringify(b, null, 2) + "\n" : formatStartupBench(b) + "\n");
}
