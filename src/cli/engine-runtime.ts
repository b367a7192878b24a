/**
 * Runs an engine-level function (src/engine/sim.ts) in Node or, for `--runtime lua`, inside
 * Lua 5.2 through src/lua-host (imported only when asked for); simulations report progress
 * after each game (Node) or batch of games (Lua). Output helpers print a report
 * as `canonical` text re-read by JSON, so both runtimes print identical bytes.
 */
import { canonical } from "../engine/core/serialize";
import { replayGame, simFinish, simPlay, simStart } from "../engine/sim";
import type { ReplayReport, ReplayRequest, SimReport, SimRequest } from "../engine/sim";
import { CliError, UsageError } from "./errors";

export type Runtime = "node" | "lua";

/** Called after each game (Node) or batch of games (Lua) of a simulation. */
export type Progress = (done: number, total: number) => void;

export function parseRuntime(value: string): Runtime {
  if (value === "node" || value === "lua") return value;
  throw new UsageError(`--runtime must be node or lua, got "${value}"`);
}

type LuaHost = typeof import("../lua-host/index");

async function luaHost(): Promise<LuaHost> {
  try {
    return await import("../lua-host/index");
  } catch (err) {
    const why = err instanceof Error ? err.message.split("\n")[0] : "";
    throw new CliError(`--runtime lua is not available: the Lua host (src/lua-host) could not be loaded (${why}). Use --runtime node.`);
  }
}

async function inLua<R>(what: string, run: (host: LuaHost) => R | Promise<R>): Promise<R> {
  const host = await luaHost();
  try {
    return await run(host);
  } catch (err) {
    throw new CliError(`Lua runtime failed in ${what}: ${err instanceof Error ? err.message : "unknown error"}`);
  }
}

export async function runReplay(req: ReplayRequest, runtime: Runtime): Promise<ReplayReport> {
  return runtime === "lua" ? inLua("replayGame", (host) => host.runEngineInLua("replayGame", req)) : replayGame(req);
}

export async function runSimulate(req: SimRequest, runtime: Runtime, progress?: Progress): Promise<SimReport> {
  return runtime === "lua" ? inLua("simulateGames", (host) => simulateInLua(host, req, progress)) : simulateInNode(req, progress);
}

function simulateInNode(req: SimRequest, progress?: Progress): SimReport {
  const run = simStart(req);
  if ("rule" in run) return { ok: false, game: -1, rule: run.rule, message: run.message };
  for (let i = 0; i < req.games; i++) {
    const bad = simPlay(run, i);
    if (bad !== undefined) return { ok: false, game: i, rule: bad.rule, message: bad.message };
    progress?.(i + 1, req.games);
  }
  return simFinish(run);
}

/** A batch of Lua games takes about this long, so progress moves and calls stay few. */
const LUA_BATCH_MS = 250;

/**
 * The same steps as `simulateGames`, run in Lua a batch of games per call (the run stays in a
 * Lua global between calls), so Node can report progress in between.
 */
async function simulateInLua(host: LuaHost, req: SimRequest, progress?: Progress): Promise<SimReport> {
  const engine = new host.LuaEngine();
  try {
    const started = JSON.parse(
      engine.eval(`SYZYGY_SIM = syzygy.simStart(${host.toLuaLiteral(req)})
        if SYZYGY_SIM.rule ~= nil then return syzygy.canonical({ rule = SYZYGY_SIM.rule, message = SYZYGY_SIM.message }) end
        return "{}"`),
    ) as { rule?: string; message?: string };
    if (started.rule !== undefined) return { ok: false, game: -1, rule: started.rule, message: started.message ?? "" };
    let batch = 1;
    for (let first = 0; first < req.games; ) {
      const last = Math.min(req.games, first + batch) - 1;
      const t0 = performance.now();
      const bad = engine.eval(`for i = ${first}, ${last} do
          local bad = syzygy.simPlay(SYZYGY_SIM, i)
          if bad ~= nil then return syzygy.canonical({ game = i, rule = bad.rule, message = bad.message }) end
        end
        return ""`);
      if (bad !== "") return { ok: false, ...(JSON.parse(bad) as { game: number; rule: string; message: string }) };
      first = last + 1;
      progress?.(first, req.games);
      const took = performance.now() - t0;
      if (took < LUA_BATCH_MS / 2) batch *= 2;
      else if (took > LUA_BATCH_MS * 2 && batch > 1) batch = Math.floor(batch / 2);
      await new Promise<void>((done) => setImmediate(done)); // let stderr and signals through
    }
    return JSON.parse(engine.eval("return syzygy.canonical(syzygy.simFinish(SYZYGY_SIM))")) as SimReport;
  } finally {
    engine.close();
  }
}

/** One line of JSON with sorted keys — the same bytes from Node and Lua reports. */
export function reportLine(report: unknown): string {
  return JSON.stringify(JSON.parse(canonical(report))) + "\n";
}
