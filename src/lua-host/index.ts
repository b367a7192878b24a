/**
 * Node-side host for the Lua build of the engine: runs engine functions inside real Lua 5.2
 * (lua-wasm-bindings, TTS-like sandbox) and returns their results as JS values.
 *
 * Requests go in as Lua table literals generated from JS; results come back as the engine's
 * canonical text (serialized on the Lua side — only strings cross the WASM boundary) and are
 * JSON.parse'd. `canonical(JSON.parse(text)) === text`, so callers that print
 * `canonical(report)` get the same bytes from both runtimes.
 */
import fs from "node:fs";
import { ensureLuaBundle, BUNDLE_PATH } from "./build";
import { toLuaLiteral } from "./literal";
import { LuaVm, LuaError } from "./vm";
import type { ReplayReport, ReplayRequest, SimReport, SimRequest } from "../engine/sim";

export { LuaVm, LuaError } from "./vm";
export { toLuaLiteral, LuaLiteralError } from "./literal";
export { buildLuaBundle, ensureLuaBundle, BUNDLE_PATH, LuaBuildError } from "./build";

/** Engine functions the CLI runs in Lua (both in src/engine/sim.ts, exported by lua-api.ts). */
export type EngineFunction = "replayGame" | "simulateGames";

const FUNCTION_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Lua source that calls `syzygy.<fnPath>(args...)` and returns the canonical text of the result. */
export function callSource(fnPath: string, args: readonly unknown[]): string {
  if (!FUNCTION_PATH.test(fnPath)) throw new LuaError(`not an API function name: ${JSON.stringify(fnPath)}`);
  const literals = args.map((a, i) => toLuaLiteral(a, `argument ${i + 1}`));
  return `return syzygy.canonical(syzygy.${fnPath}(${literals.join(", ")}))`;
}

/** A sandboxed Lua state with the bundle loaded, for many calls (tests, benchmarks). */
export class LuaEngine {
  readonly vm: LuaVm;

  constructor(bundlePath: string = ensureLuaBundle()) {
    this.vm = new LuaVm(fs.readFileSync(bundlePath, "utf8"));
  }

  /** Canonical text of `syzygy.<fnPath>(...args)` computed in Lua. */
  callText(fnPath: string, ...args: unknown[]): string {
    return this.vm.run(callSource(fnPath, args), `=${fnPath}`);
  }

  /** `syzygy.<fnPath>(...args)` computed in Lua, parsed back into JS. */
  call<T = unknown>(fnPath: string, ...args: unknown[]): T {
    return JSON.parse(this.callText(fnPath, ...args)) as T;
  }

  /** Runs Lua source returning a string, with `syzygy` in scope. */
  eval(source: string): string {
    return this.vm.run(source);
  }

  close(): void {
    this.vm.close();
  }
}

let shared: { engine: LuaEngine; mtime: number } | undefined;

function sharedEngine(): LuaEngine {
  const bundlePath = ensureLuaBundle();
  const mtime = fs.statSync(bundlePath).mtimeMs;
  if (shared === undefined || shared.mtime !== mtime) {
    if (shared !== undefined) shared.engine.close();
    shared = { engine: new LuaEngine(bundlePath), mtime };
  }
  return shared.engine;
}

/**
 * Runs `fn(req)` (src/engine/sim.ts) inside Lua 5.2 and returns the parsed report — the same
 * value, printed with `canonical`, as running `fn(req)` in Node. Builds the bundle first if it
 * is missing or older than src/engine. Throws LuaError with the engine's message if Lua fails.
 */
export function runEngineInLua(fn: "replayGame", req: ReplayRequest): ReplayReport;
export function runEngineInLua(fn: "simulateGames", req: SimRequest): SimReport;
export function runEngineInLua(fn: EngineFunction, req: unknown): unknown;
export function runEngineInLua(fn: EngineFunction, req: unknown): unknown {
  if (fn !== "replayGame" && fn !== "simulateGames") throw new LuaError(`runEngineInLua: unknown function "${String(fn)}"`);
  return sharedEngine().call(fn, req);
}

/** Text the engine printed in Lua since the last call (normally empty). */
export function takeLuaPrinted(): string {
  return shared === undefined ? "" : shared.engine.vm.takePrinted();
}

export { BUNDLE_PATH as LUA_BUNDLE_PATH };
