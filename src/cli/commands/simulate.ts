/**
 * `syzygy simulate <game>` — plays N complete games with a random or greedy policy and prints
 * stats; `--json` prints the engine's report (stats + eventsHash, nothing run-specific), so the
 * same seed prints the same bytes every time, in Node and in Lua (`--runtime lua`).
 */
import type { Command } from "commander";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { GAME_IDS, findGame } from "../../engine/registry";
import type { Histogram, Policy, SimRequest, SimStats } from "../../engine/sim";
import { parseRuntime, reportLine, runSimulate } from "../engine-runtime";
import type { Runtime } from "../engine-runtime";
import { closest } from "../json-locate";
import { ensureFreshEngineData } from "../../model/engine-data-fresh";
import { PACKAGE_ROOT } from "../../package-root";
import { CliError, UsageError } from "../errors";

interface SimulateOptions {
  games: string;
  seed: string;
  players?: string;
  policy: string;
  option: string[];
  json?: boolean;
  runtime: string;
}

/** Far more games than any study needs (10 M games of a short trick-taking game take about an hour). */
const MAX_GAMES = 10_000_000;

/** A positive whole number written in digits ("1e3" and "0x10" are refused: they surprise). */
function positiveInt(value: string, flag: string, max: number): number {
  const n = /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) throw new UsageError(`${flag} must be a whole number from 1 to ${max}, got "${value}"`);
  return n;
}

/**
 * `--option name=value`: true/false and integers become booleans and numbers. A null-prototype
 * object, so `__proto__=1` is an option name like any other (and refused as unknown by the engine).
 */
export function parseOptions(pairs: string[]): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new UsageError(`--option expects name=value (e.g. highestAnySuit=true), got "${pair}"`);
    const name = pair.slice(0, eq);
    const raw = pair.slice(eq + 1);
    if (!/^[\x20-\x7e]+$/.test(name)) throw new UsageError(`--option: option names are printable ASCII, got "${name}"`);
    if (Object.hasOwn(out, name)) throw new UsageError(`--option ${name} is given twice`);
    out[name] = raw === "true" ? true : raw === "false" ? false : /^-?\d+$/.test(raw) ? Number(raw) : raw;
  }
  return out;
}

/**
 * Progress on stderr for long runs: nothing during the first second, then a line every 250 ms
 * on a terminal (rewritten in place) or every 2 s into a file or pipe.
 */
export function progressPrinter(
  stream: { isTTY?: boolean; write(text: string): unknown },
  now: () => number = () => Date.now(),
): { update: (done: number, total: number) => void; end: () => void } {
  const started = now();
  const tty = stream.isTTY === true;
  let lastShown = started;
  let shown = false;
  return {
    update: (done, total) => {
      const t = now();
      if (t - started < 1000 || t - lastShown < (tty ? 250 : 2000)) return;
      lastShown = t;
      shown = true;
      const line = `simulate: ${done}/${total} games (${Math.floor((done * 100) / total)}%)`;
      stream.write(tty ? `\r${line}` : `${line}\n`);
    },
    end: () => {
      if (shown && tty) stream.write("\n");
    },
  };
}

function percent(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function histogramLines(title: string, h: Histogram[]): string[] {
  if (h.length === 0) return [];
  const total = h.reduce((a, b) => a + b.count, 0);
  const width = Math.max(...h.map((x) => String(x.value).length));
  const lines = [`${title} (per seat per round, ${total} samples):`];
  for (const { value, count } of h) {
    const share = count / total;
    lines.push(`  ${String(value).padStart(width)}  ${percent(share).padStart(6)}  ${"#".repeat(Math.round(share * 40))}`);
  }
  return lines;
}

export function formatStats(s: SimStats): string {
  const lines = [
    `${s.game}: ${s.games} games, ${s.players} players, ${s.policy} policy, seed "${s.seed}"`,
    `options: ${JSON.stringify(s.options)}`,
    `rounds per game:  mean ${s.rounds.mean}  (min ${s.rounds.min}, max ${s.rounds.max})`,
    `actions per game: mean ${s.actions.mean}  (min ${s.actions.min}, max ${s.actions.max})`,
    ...histogramLines("tricks", s.tricks),
    ...histogramLines("points", s.points),
    "wins by seat (shared victories count for each winner):",
    ...s.wins.map((w, seat) => `  seat ${seat}: ${String(w).padStart(6)}  ${percent(s.winRate[seat]).padStart(6)}  mean score ${s.meanScores[seat]}`),
    `shared victories: ${s.sharedWins}`,
    `events hash: ${s.eventsHash}`,
  ];
  return lines.join("\n") + "\n";
}

export async function simulateCommand(gameId: string, opts: SimulateOptions): Promise<number> {
  const game = findGame(gameId);
  if (game === undefined) {
    const guess = closest(gameId, GAME_IDS);
    const known = GAME_IDS.filter((id) => findGame(id) !== undefined);
    // A game of the data folder without code prints and gets a plain TTS save, but has nothing to simulate.
    const what = existsSync(join("data", gameId, "game.yaml")) ? `"${gameId}" has no rules engine to simulate` : `unknown game "${gameId}"`;
    throw new UsageError(`${what}${guess !== undefined ? ` (did you mean "${guess}"?)` : ""}; engines available: ${known.join(", ")}`);
  }
  const runtime: Runtime = parseRuntime(opts.runtime);
  ensureFreshEngineData(PACKAGE_ROOT, gameId, "simulate");
  if (opts.policy !== "random" && opts.policy !== "greedy") throw new UsageError(`--policy must be random or greedy, got "${opts.policy}"`);
  const req: SimRequest = {
    game: gameId,
    players: opts.players !== undefined ? positiveInt(opts.players, "--players", 1000) : game.minPlayers,
    games: positiveInt(opts.games, "--games", MAX_GAMES),
    seed: opts.seed,
    policy: opts.policy as Policy,
    options: parseOptions(opts.option),
  };
  if (!/^[\x20-\x7e]*$/.test(req.seed)) throw new UsageError("--seed must be printable ASCII (Lua hashes bytes, Node UTF-16 units)");
  const progress = progressPrinter(process.stderr);
  const report = await runSimulate(req, runtime, progress.update);
  progress.end();
  if (!report.ok) {
    // request problems are usage errors; a failure inside a game is an engine bug
    if (report.game < 0) throw new UsageError(`simulate: ${report.message}`);
    throw new CliError(`simulate: ${report.rule}: ${report.message}`);
  }
  process.stdout.write(opts.json === true ? reportLine(report) : formatStats(report));
  return 0;
}

export function declare(command: Command): void {
  command
    .argument("<game>", `game id (${GAME_IDS.join(", ")})`)
    .option("--games <n>", "number of games", "1000")
    .option("--seed <seed>", "seed (ASCII); game i uses <seed>#i", "syzygy")
    .option("--players <n>", "players (default: the game's minimum)")
    .option("--policy <policy>", "random | greedy", "random")
    .option("--option <name=value>", "game option, repeatable (e.g. highestAnySuit=true)", (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option("--json", "print the report as one line of JSON (same seed → same bytes)")
    .option("--runtime <runtime>", "run the engine in node or lua", "node")
    .action(async (gameId: string, opts: SimulateOptions) => {
      process.exitCode = await simulateCommand(gameId, opts);
    });
}
