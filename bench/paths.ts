/**
 * Special paths and what each buys, measured against the plain path it stands beside, in one run:
 *
 * - PDF art: the direct renderer (src/render/pdf-art-direct.ts) against svg-to-pdfkit, on every
 *   unique face of the shipped games — the time to record the art the PDFs embed;
 * - V8 tier-up tuning (src/pipeline/v8-tuning.ts): a cold build in a fresh process with and without it
 *   (`SYZYGY_DEFAULT_TIERING=1`), alternating, wall and CPU time;
 * - the raster process written as plain JavaScript (src/render/raster-process.mjs, raster-core.mjs):
 *   its start-up until it is ready, against the same process started through tsx's loader
 *   (what a TypeScript raster process would cost wherever the code runs from source: tests,
 *   `npm run bench`).
 *
 * A path is worth keeping when it saves at least 10 % of the measure it targets.
 * Run: `npx tsx bench/paths.ts [--json]` (also part of `npm run bench`).
 */
import { execFileSync, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { gameIds, loadGame } from "../src/model/load";
import { renderSides } from "../src/render/build";
import { TemplateSet } from "../src/render/face";
import { recordArt } from "../src/render/pdf-art";
import { renderGameFrom } from "../src/render/source";

const REPO = join(import.meta.dirname, "..");

export interface PathFigure {
  path: string;
  measure: string;
  specialMs: number;
  plainMs: number;
  /** Share of the measure the special path saves: 1 − special / plain. */
  saved: number;
  /** Whether it saves ≥ 10 % of this measure; undefined for a measure shown beside the one it targets. */
  keep?: boolean;
}

function uniqueSvgs(): string[] {
  const templates = new TemplateSet(join(REPO, "templates"));
  const data = join(REPO, "data");
  const svgs = new Set<string>();
  for (const id of gameIds(data)) {
    const game = renderGameFrom(loadGame(data, id, { templatesDir: join(REPO, "templates") }));
    for (const s of renderSides(game, templates).sides) svgs.add(s.svg);
  }
  return [...svgs];
}

function artMs(svgs: string[], converter: "auto" | "svg-to-pdfkit"): number {
  const start = performance.now();
  for (const svg of svgs) recordArt(svg, converter);
  return performance.now() - start;
}

/** Recording every face's PDF art, best of `rounds` alternating rounds after one warm-up each. */
export function pdfArtFigure(rounds = 3): PathFigure {
  const svgs = uniqueSvgs();
  artMs(svgs, "auto");
  artMs(svgs, "svg-to-pdfkit");
  let special = Infinity;
  let plain = Infinity;
  for (let i = 0; i < rounds; i++) {
    special = Math.min(special, artMs(svgs, "auto"));
    plain = Math.min(plain, artMs(svgs, "svg-to-pdfkit"));
  }
  return figure("direct PDF-art renderer", `recording the PDF art of ${svgs.length} unique faces (main thread)`, special, plain);
}

function coldBuild(defaultTiering: boolean): { ms: number; cpuMs: number } {
  const env = { ...process.env, SYZYGY_DEFAULT_TIERING: defaultTiering ? "1" : "0" };
  const out = execFileSync(process.execPath, [...process.execArgv, join(REPO, "bench", "cold-build.ts")], { encoding: "utf8", env, maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split("\n").pop()!) as { ms: number; cpuMs: number };
}

/** Cold builds in fresh processes, tuned and default alternating; the best of `rounds` each. */
export function tieringFigures(rounds = 2): PathFigure[] {
  let tuned = { ms: Infinity, cpuMs: Infinity };
  let plain = { ms: Infinity, cpuMs: Infinity };
  for (let i = 0; i < rounds; i++) {
    const a = coldBuild(false);
    const b = coldBuild(true);
    tuned = { ms: Math.min(tuned.ms, a.ms), cpuMs: Math.min(tuned.cpuMs, a.cpuMs) };
    plain = { ms: Math.min(plain.ms, b.ms), cpuMs: Math.min(plain.cpuMs, b.cpuMs) };
  }
  // It targets CPU: the optimising compiler's background threads compete with the raster threads.
  return [
    figure("V8 tier-up tuning", "cold build of every game, CPU time (fresh process)", tuned.cpuMs, plain.cpuMs),
    { ...figure("V8 tier-up tuning", "cold build of every game, wall time (fresh process)", tuned.ms, plain.ms), keep: undefined },
  ];
}

const RASTER_PROCESS = fileURLToPath(new URL("../src/render/raster-process.mjs", import.meta.url));

/** Milliseconds from `fork` to the raster process's ready message. */
function bootMs(viaTsx: boolean): Promise<number> {
  const start = performance.now();
  const child = fork(RASTER_PROCESS, [], { execArgv: viaTsx ? ["--import", "tsx"] : [], serialization: "advanced", stdio: ["ignore", "ignore", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("message", () => {
      const ms = performance.now() - start;
      child.once("exit", () => resolve(ms));
      child.disconnect();
    });
  });
}

/** Raster process start-up, plain and through tsx alternating; the median of `rounds` each. */
export async function rasterBootFigure(rounds = 7): Promise<PathFigure> {
  const plain: number[] = [];
  const tsx: number[] = [];
  for (let i = 0; i < rounds; i++) {
    plain.push(await bootMs(false));
    tsx.push(await bootMs(true));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return figure("raster process in plain JavaScript", "the raster process's start-up until ready (vs the same run through tsx)", median(plain), median(tsx));
}

function figure(path: string, measure: string, specialMs: number, plainMs: number): PathFigure {
  const saved = 1 - specialMs / plainMs;
  return { path, measure, specialMs: Math.round(specialMs), plainMs: Math.round(plainMs), saved: Number(saved.toFixed(3)), keep: saved >= 0.1 };
}

export function formatPathFigures(figures: PathFigure[]): string {
  const lines = ["special paths (kept when they save ≥ 10 % of what they target):"];
  for (const f of figures) {
    const verdict = f.keep === undefined ? "(beside the measure it targets)" : f.keep ? "→ keeps its place" : "→ does not earn its keep";
    lines.push(`  ${f.path}: ${f.measure}: ${f.specialMs} ms vs ${f.plainMs} ms without = ${(f.saved * 100).toFixed(1)} % saved ${verdict}`);
  }
  return lines.join("\n");
}

export async function pathFigures(): Promise<PathFigure[]> {
  return [pdfArtFigure(), ...tieringFigures(), await rasterBootFigure()];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await pathFigures();
  process.stdout.write(process.argv.includes("--json") ? JSON.stringify(figures, null, 2) + "\n" : formatPathFigures(figures) + "\n");
}
