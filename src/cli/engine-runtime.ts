/**
 * Runs an engine-level function (src/engine/sim.ts) in Node or, for `--runtime lua`, inside
 * Lua 5.2 through src/lua-host (imported only when asked for). Output helpers print a report
 * as `canonical` text re-read by JSON, so both runtimes print identical bytes.
 */
import { canonical } from "../engine/core/serialize";
import { replayGame, simulateGames } from "../engine/sim";
import type { ReplayReport, ReplayRequest, SimReport, SimRequest } from "../engine/sim";
import { CliError, UsageError } from "./errors";

export type Runtime = "node" | "lua";

export function parseRuntime(value: string): Runtime {
  if (value === "node" || value === "lua") return value;
  throw new UsageError(`--runtime must be node or lua, got "${value}"`);
}

type LuaRunner = (fn: "replayGame" | "simulateGames", req: unknown) => unknown;

async function luaRunner(): Promise<LuaRunner> {
  let mod: { runEngineInLua?: LuaRunner };
  try {
    mod = (await import("../lua-host/index")) as { runEngineInLua?: LuaRunner };
  } catch (err) {
    const why = err instanceof Error ? err.message.split("\n")[0] : "";
    throw new CliError(`--runtime lua is not available: the Lua host (src/lua-host) could not be loaded (${why}). Use --runtime node.`);
  }
  if (typeof mod.runEngineInLua !== "function")
    throw new CliError("--runtime lua is not available: src/lua-host does not export runEngineInLua yet. Use --runtime node.");
  return mod.runEngineInLua;
}

async function inLua<R>(fn: "replayGame" | "simulateGames", req: unknown): Promise<R> {
  const run = await luaRunner();
  try {
    return run(fn, req) as R;
  } catch (err) {
    throw new CliError(`Lua runtime failed in ${fn}: ${err instanceof Error ? err.message : "unknown error"}`);
  }
}

export async function runReplay(req: ReplayRequest, runtime: Runtime): Promise<ReplayReport> {
  return runtime === "lua" ? inLua<ReplayReport>("replayGame", req) : replayGame(req);
}

export async function runSimulate(req: SimRequest, runtime: Runtime): Promise<SimReport> {
  return runtime === "lua" ? inLua<SimReport>("simulateGames", req) : simulateGames(req);
}

/** One line of JSON with sorted keys — the same bytes from Node and Lua reports. */
export function reportLine(report: unknown): string {
  return JSON.stringify(JSON.parse(canonical(report))) + "\n";
}
