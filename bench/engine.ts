/**
 * Engine speed: actions per second of random play in Node, per registered game and player count.
 * Each measurement warms the JIT up first, then plays complete games for a fixed wall time and
 * counts applied actions (legal + random pick + apply, as `simulate` does, without hashing).
 * Run: `npx tsx bench/engine.ts [seconds-per-case] [--json]`; `bench/run.ts` runs it in a process
 * of its own (V8's default tier-up, as `syzygy simulate` has: the build's settings would slow it).
 * Target (issue 3): ≥ 1 000 000 actions/s for Lunar Trick.
 */
import { allGames } from "../src/engine/registry";
import type { AnyGame } from "../src/engine/registry";
import { rngFromSeed, rngInt } from "../src/engine/core/rng";

export interface EngineBench {
  game: string;
  players: number;
  games: number;
  actions: number;
  seconds: number;
  /** Actions per wall-clock second. */
  actionsPerSecond: number;
  /** Actions per second of this process's CPU time: stable on a shared, busy machine. */
  actionsPerCpuSecond: number;
}

/** One random game (legal + pick + apply per action); returns the number of actions. Also used by bench/lua.ts. */
export function playOne(g: AnyGame, players: number, seed: string): number {
  const rng = rngFromSeed(seed + "/bench");
  let state = g.setup({ players, options: g.defaultOptions(), dealer: -1, deal: [], setAside: [] }, seed);
  let actions = 0;
  let seats = g.active(state);
  while (seats.length > 0) {
    const seat = seats.length === 1 ? seats[0] : seats[rngInt(rng, seats.length)];
    const legal = g.legal(state, seat);
    const res = g.apply(state, seat, legal[rngInt(rng, legal.length)]);
    if (!res.ok) throw new Error(`${g.id}: a legal action was refused: ${res.rule} ${res.message}`);
    state = res.state;
    actions++;
    seats = g.active(state);
  }
  return actions;
}

function run(g: AnyGame, players: number, seconds: number, prefix: string): EngineBench {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let games = 0;
  let actions = 0;
  while (performance.now() - start < seconds * 1000) {
    actions += playOne(g, players, `${prefix}${games}`);
    games++;
  }
  const elapsed = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    game: g.id,
    players,
    games,
    actions,
    seconds: elapsed,
    actionsPerSecond: Math.round(actions / elapsed),
    actionsPerCpuSecond: Math.round(actions / cpuSeconds),
  };
}

export function benchEngines(secondsPerCase = 2): EngineBench[] {
  const out: EngineBench[] = [];
  for (const g of allGames()) {
    for (let players = g.minPlayers; players <= g.maxPlayers; players++) {
      run(g, players, Math.min(1, secondsPerCase / 2), "warm-"); // JIT warm-up, not counted
      out.push(run(g, players, secondsPerCase, "bench-"));
    }
  }
  return out;
}

export function formatEngineBench(rows: EngineBench[]): string {
  const lines = [
    "engine random play (Node " + process.version + "); actions/s per wall second and per CPU second of this process",
    "game            players   games     actions   actions/s  actions/cpu-s",
  ];
  const n = (x: number) => x.toLocaleString("en-US");
  for (const r of rows)
    lines.push(
      `${r.game.padEnd(16)}${String(r.players).padStart(7)}${String(r.games).padStart(8)}${String(r.actions).padStart(12)}` +
        `${n(r.actionsPerSecond).padStart(12)}${n(r.actionsPerCpuSecond).padStart(15)}`,
    );
  return lines.join("\n") + "\n";
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = process.argv[2] !== undefined && process.argv[2] !== "--json" ? Number(process.argv[2]) : 2;
  const rows = benchEngines(seconds);
  process.stdout.write(process.argv.includes("--json") ? JSON.stringify(rows) : formatEngineBench(rows));
}
