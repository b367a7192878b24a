/**
 * `npm run bench:handlers`: CPU time of every TTS handler in MoonSharp 2.0.0.0 (or `--lua lua5.2`)
 * against its budget, one person + bots per game (test/tts/handler-timing.ts says how).
 * Run: `npx tsx bench/tts-handlers.ts [--json] [--lua lua5.2] [game ...]`.
 */
import { fileURLToPath } from "node:url";
import type { LuaKind } from "../test/tts/lua-backend";
import { BENCH_GAMES, BUDGETS, handlerBench, type HandlerBench } from "../test/tts/handler-timing";

export function formatHandlerBench(results: HandlerBench[]): string {
  const lines = [
    "TTS handlers, interpreter-thread CPU ms (one person + bots, whole game, rewind save every 10 s)",
    "| game | players | Lua | handler | calls | mean ms | max ms | budget ms | within |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of results) {
    for (const h of r.rows) {
      const budget = BUDGETS[h.budget];
      lines.push(`| ${r.game} | ${r.players} | ${r.lua} | ${h.kind} | ${h.calls} | ${h.meanMs.toFixed(2)} | ${h.maxMs.toFixed(2)} | ${budget} | ${h.maxMs <= budget ? "yes" : "NO"} |`);
    }
  }
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const luaAt = args.indexOf("--lua");
  const lua = (luaAt >= 0 ? args[luaAt + 1] : "moonsharp") as LuaKind;
  const games = args.filter((a, i) => !a.startsWith("--") && (luaAt < 0 || i !== luaAt + 1));
  handlerBench(games.length > 0 ? games : BENCH_GAMES, lua).then(
    (rows) => process.stdout.write(args.includes("--json") ? JSON.stringify(rows, null, 2) + "\n" : formatHandlerBench(rows) + "\n"),
    (err: unknown) => {
      process.stderr.write(`handler bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
