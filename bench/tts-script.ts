/**
 * The TTS script in PUC Lua 5.2 (the fake host of test/tts, real Lua compiled to WASM): its size,
 * the time to load it (run the chunk + onLoad), and how long its handlers take during a whole game
 * per game (the most players, one human dropping cards and pressing buttons, bots for the rest):
 * drops (those completing a trick apart), pick-ups, HUD buttons, Start, and timer callbacks (bot
 * moves, trick collection, deal checks). Handlers are timed inside Lua with os.clock. Goal (issue 15): a drop under 20 ms in PUC
 * Lua; MoonSharp in TTS is slower, so these are lower bounds of what TTS takes.
 * Run alone: `npx tsx bench/tts-script.ts [--json]`; `npm run bench` includes it.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { findGame } from "../src/engine/registry";
import { FakeTts, type SaveJson } from "../test/tts/fake-tts";
import { UI_STATUS } from "../src/table/ui-ids";
import { Mirror, buildFakeSave, playWithBots } from "../test/tts/table-driver";
import { luaTimers } from "../test/tts/handler-timing";

export interface HandlerTiming {
  kind: string;
  calls: number;
  meanMs: number;
  maxMs: number;
}

export interface TtsScriptBench {
  game: string;
  players: number;
  scriptKb: number;
  loadMs: number;
  actions: number;
  handlers: HandlerTiming[];
}

export const TRICK_DROP = "onObjectDrop completing a trick";
/** Wraps the script's handlers and timer callbacks so each call's os.clock time is recorded by kind. */
const INSTRUMENT = `
${luaTimers("function() return os.clock() * 1000 end")}
local STATUS_ID, TRICK_DROP = ${JSON.stringify(UI_STATUS)}, ${JSON.stringify(TRICK_DROP)}
for _, name in ipairs({ "onObjectPickUp", "syzygyStartSeeded" }) do
  if _G[name] ~= nil then _G[name] = timed(name, _G[name]) end
end
-- A drop that completes a trick (the table then holds the trick, src/table/tricks.ts) is counted apart.
local drop = onObjectDrop
local function holding() return (UI.getValue(STATUS_ID) or ""):sub(-16) == " takes the trick" end
onObjectDrop = function(...)
  local before = holding()
  local t0 = os.clock()
  local a, b = drop(...)
  local ms = (os.clock() - t0) * 1000
  record((not before and holding()) and TRICK_DROP or "onObjectDrop", ms)
  return a, b
end
for name, fn in pairs(_G) do
  if type(fn) == "function" and name:sub(1, 7) == "syzygy_" then _G[name] = timed("button", fn) end
end
local time, frames, condition = Wait.time, Wait.frames, Wait.condition
Wait.time = function(fn, s, r) return time(timed("Wait.time (bot moves, trick collection)", fn), s, r) end
Wait.frames = function(fn, n) return frames(timed("Wait.frames (spawn retries, seed-pool hashing)", fn), n) end
Wait.condition = function(fn, c, t, f) return condition(timed("Wait.condition (hand checks)", fn), c, t, f) end
`;

function readTimings(t: FakeTts): HandlerTiming[] {
  const raw = JSON.parse(t.call("return FAKE.json.encode(BENCH)")) as Record<string, { calls: number; total: number; max: number }>;
  return Object.entries(raw)
    .map(([kind, r]) => ({ kind, calls: r.calls, meanMs: Number((r.total / r.calls).toFixed(2)), maxMs: Number(r.max.toFixed(2)) }))
    .sort((a, b) => b.maxMs - a.maxMs);
}

/** Plays one whole game on a fake table booted from `save`: the most players, seat 0 human, bots for the rest. */
export function timeTable(save: SaveJson, game: string, seed: string): { players: number; loadMs: number; actions: number; handlers: HandlerTiming[] } {
  const players = findGame(game)!.maxPlayers;
  const t = new FakeTts(save);
  try {
    t.call(INSTRUMENT);
    t.startSeeded(players, seed, players - 1);
    const m = new Mirror(game, players, seed);
    playWithBots(t, m, [0]);
    return { players, loadMs: Number(t.loadMs.toFixed(1)), actions: m.actions.length, handlers: readTimings(t) };
  } finally {
    t.close();
  }
}

export async function ttsScriptBench(): Promise<TtsScriptBench[]> {
  const out: TtsScriptBench[] = [];
  for (const game of ["lunar-trick", "solar-eclipse", "eclipsed"]) {
    const built = await buildFakeSave(game);
    try {
      const r = timeTable(built.save, game, `bench-${game}`);
      out.push({ game, scriptKb: Math.round(Buffer.byteLength(built.save.LuaScript, "utf8") / 1024), ...r });
    } finally {
      fs.rmSync(built.outDir, { recursive: true, force: true });
    }
  }
  return out;
}

export function formatTtsScriptBench(rows: TtsScriptBench[]): string {
  const lines = ["TTS script in PUC Lua 5.2 (fake host; MoonSharp in TTS is slower; os.clock ticks in whole ms here): one human + bots, whole game"];
  for (const r of rows) {
    const drops = r.handlers.filter((h) => h.kind === "onObjectDrop" || h.kind === TRICK_DROP);
    const drop = drops.length > 0 ? { maxMs: Math.max(...drops.map((h) => h.maxMs)) } : undefined;
    lines.push(`  ${r.game}, ${r.players} players: script ${r.scriptKb} KB, load + onLoad ${r.loadMs} ms, ${r.actions} moves`);
    for (const h of r.handlers) lines.push(`    ${h.kind.padEnd(44)} ${String(h.calls).padStart(5)} calls  mean ${h.meanMs.toFixed(2)} ms  max ${h.maxMs.toFixed(2)} ms`);
    if (drop !== undefined) lines.push(`    slowest drop ${drop.maxMs.toFixed(2)} ms   target < 20 ms: ${drop.maxMs < 20 ? "ok" : "MISSED"}`);
  }
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ttsScriptBench().then(
    (rows) => process.stdout.write(process.argv.includes("--json") ? JSON.stringify(rows, null, 2) + "\n" : formatTtsScriptBench(rows) + "\n"),
    (err: unknown) => {
      process.stderr.write(`tts-script bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
