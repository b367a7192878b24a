/**
 * Handler budgets of the TTS script in MoonSharp 2.0.0.0, the interpreter TTS embeds (the fake
 * host of test/tts in a Mono process): one person (seat 0) against bots for a whole game, TTS's
 * rewind save (onSave) every 10 s of table time, and loads of saves taken along the game (the
 * script run + onLoad, in a fresh interpreter, as TTS loads a save). Times are the interpreter
 * thread's CPU time (Linux schedstat), so other processes on the machine do not inflate them.
 * The fake host's own emulation of the TTS API runs in the same thread and is counted too.
 *
 * Schedstat advances at the kernel's tick (4 ms here) unless the thread is switched out, so one
 * call's figure is that coarse; means over many calls are not.
 * Budgets (docs/tts.md, Handler budgets): a frame at 60 fps is ~16 ms.
 * The bench: `npm run bench:handlers` (bench/tts-handlers.ts); the test:
 * test/moonsharp/handler-budgets.test.ts fails when a handler takes 3× its budget.
 */
import fs from "node:fs";
import { findGame } from "../../src/engine/registry";
import { FakeTts, type SaveJson } from "./fake-tts";
import type { LuaKind } from "./lua-backend";
import { Mirror, buildFakeSave, playWithBots } from "./table-driver";

/** Budget in ms per kind of handler. */
export const BUDGETS = { start: 100, onSave: 5, load: 100, callback: 16 } as const;
export type BudgetKind = keyof typeof BUDGETS;

export interface HandlerRow {
  /** What TTS calls: "Start", "onSave", "load", "onObjectDrop", a Wait kind, … */
  kind: string;
  budget: BudgetKind;
  calls: number;
  meanMs: number;
  maxMs: number;
}

export interface HandlerBench {
  game: string;
  players: number;
  lua: LuaKind;
  actions: number;
  rows: HandlerRow[];
}

/** Seconds of table time between two rewind saves (TTS keeps a rewind point every 10 s). */
export const REWIND_SECONDS = 10;

/**
 * Lua defining BENCH (calls, total and max ms by kind), `record(kind, ms)` and `timed(kind, fn)`
 * (fn wrapped to record each call), timed by `clockMs` (a Lua function returning milliseconds).
 */
export function luaTimers(clockMs: string): string {
  return `
BENCH = {}
local clockMs = ${clockMs}
local function record(kind, ms)
  local r = BENCH[kind] or { calls = 0, total = 0, max = 0 }
  r.calls, r.total = r.calls + 1, r.total + ms
  if ms > r.max then r.max = ms end
  BENCH[kind] = r
end
local function timed(kind, fn)
  return function(...)
    local t0 = clockMs()
    local a, b = fn(...)
    record(kind, clockMs() - t0)
    return a, b
  end
end
`;
}

/**
 * Wraps every handler and timer callback so each call's CPU time is recorded by kind, and
 * schedules the rewind save (with the host's own Wait, so it is not counted as a callback).
 */
const INSTRUMENT = `
${luaTimers("FAKE.cpuMs")}
local cpu = clockMs
for _, name in ipairs({ "syzygyStart2", "syzygyStart3", "syzygyStart4" }) do _G[name] = timed("Start", _G[name]) end
for _, name in ipairs({ "onObjectDrop", "onObjectPickUp", "onPlayerAction", "onObjectEnterContainer" }) do
  if _G[name] ~= nil then _G[name] = timed(name, _G[name]) end
end
for name, fn in pairs(_G) do
  if type(fn) == "function" and name:sub(1, 7) == "syzygy_" then _G[name] = timed("HUD button", fn) end
end
local time, frames, condition = Wait.time, Wait.frames, Wait.condition
Wait.time = function(fn, s, r) return time(timed("Wait.time callback", fn), s, r) end
Wait.frames = function(fn, n) return frames(timed("Wait.frames callback", fn), n) end
Wait.condition = function(fn, c, t, f)
  return condition(timed("Wait.condition callback", fn), c, t, f ~= nil and timed("Wait.condition timeout", f) or nil)
end
local save = onSave
local function rewind()
  local t0 = cpu()
  save()
  record("onSave", cpu() - t0)
  time(rewind, ${REWIND_SECONDS})
end
time(rewind, ${REWIND_SECONDS})
`;

function budgetOf(kind: string): BudgetKind {
  if (kind === "Start") return "start";
  if (kind === "onSave") return "onSave";
  if (kind === "load") return "load";
  return "callback";
}

function readRows(t: FakeTts): HandlerRow[] {
  const raw = JSON.parse(t.call("return FAKE.json.encode(BENCH)")) as Record<string, { calls: number; total: number; max: number }> | [];
  return Object.entries(Array.isArray(raw) ? {} : raw).map(([kind, r]) => ({
    kind,
    budget: budgetOf(kind),
    calls: r.calls,
    meanMs: Number((r.total / r.calls).toFixed(2)),
    maxMs: Number(r.max.toFixed(2)),
  }));
}

/** Saves spread over the game: after a quarter, half and three quarters of the moves, and the last one. */
function spread<T>(saves: T[]): T[] {
  if (saves.length <= 4) return saves;
  const n = saves.length;
  const picks = [Math.floor(n / 4), Math.floor(n / 2), Math.floor((3 * n) / 4), n - 1];
  return picks.map((i) => saves[i]);
}

/**
 * One whole game on a fake table booted from `save` in `lua`: seat 0 a person, bots for the rest;
 * then each of a few saves taken along the game loaded into a fresh interpreter.
 */
export function benchHandlers(save: SaveJson, game: string, players: number, lua: LuaKind = "moonsharp"): HandlerBench {
  const t = new FakeTts(save, { lua });
  const saves: SaveJson[] = [];
  let rows: HandlerRow[];
  let moves = 0;
  try {
    t.call(INSTRUMENT);
    // A person seats the bots and presses Start a moment after the table loaded.
    for (let b = 0; b < players - 1; b++) t.click("syzygyBots");
    t.advance(1);
    t.click(`syzygyStart${players}`);
    const dealt = JSON.parse(t.call("return syzygySaveText()")) as { seed: string };
    const m = new Mirror(game, players, dealt.seed);
    playWithBots(t, m, [0], Infinity, () => {
      if (!m.over()) saves.push(t.saveGame());
    });
    moves = m.actions.length;
    rows = readRows(t);
  } finally {
    t.close();
  }
  const loads: number[] = [];
  for (const s of spread(saves)) {
    const loaded = new FakeTts(s, { lua });
    try {
      loads.push(loaded.loadCpuMs);
    } finally {
      loaded.close();
    }
  }
  if (loads.length > 0) {
    const total = loads.reduce((a, b) => a + b, 0);
    rows.push({ kind: "load", budget: "load", calls: loads.length, meanMs: Number((total / loads.length).toFixed(2)), maxMs: Number(Math.max(...loads).toFixed(2)) });
  }
  const order: BudgetKind[] = ["start", "onSave", "load", "callback"];
  rows.sort((a, b) => order.indexOf(a.budget) - order.indexOf(b.budget) || b.maxMs - a.maxMs);
  return { game, players, lua, actions: moves, rows };
}

export const BENCH_GAMES = ["lunar-trick", "solar-eclipse", "eclipsed"];

export async function handlerBench(games = BENCH_GAMES, lua: LuaKind = "moonsharp"): Promise<HandlerBench[]> {
  const out: HandlerBench[] = [];
  for (const game of games) {
    const built = await buildFakeSave(game);
    try {
      out.push(benchHandlers(built.save, game, findGame(game)!.maxPlayers, lua));
    } finally {
      fs.rmSync(built.outDir, { recursive: true, force: true });
    }
  }
  return out;
}
