/**
 * Lua vs Node speed of the rules engines: actions per second of random play (legal + random pick
 * + apply, as `simulate` does, without hashing) for every registered game and player count, in
 * Node and in the Lua 5.2 build (PUC Lua 5.2.4 compiled to WASM, sandboxed like TTS). The same
 * seeds and the same loop run in both; the Lua loop is plain Lua calling the bundle's API and
 * times itself with os.clock, so the WASM boundary is crossed once per measurement.
 *
 * Each side's best of 3 rounds is kept (the CI machine's 2 cores are shared).
 * Run: `npm run bench:lua [-- games-per-case]` (default 40). Goals (issue 4): Lua within 10× of
 * Node; one legal+apply step in Lua well under 1 ms. MoonSharp in TTS is slower than PUC Lua,
 * so treat the Lua figures as an upper bound of what TTS reaches.
 */
import { fileURLToPath } from "node:url";
import { allGames, type AnyGame } from "../src/engine/registry";
import { LuaEngine, toLuaLiteral } from "../src/lua-host/index";
import { playOne } from "./engine";

export interface LuaBenchRow {
  game: string;
  players: number;
  games: number;
  actions: number;
  nodeActionsPerSecond: number;
  luaActionsPerSecond: number;
  /** Node actions/s ÷ Lua actions/s (how many times slower Lua is). */
  ratio: number;
  /** Mean Lua time of one legal() call and one apply() call, in microseconds. */
  luaLegalMicros: number;
  luaApplyMicros: number;
}

function nodeRun(g: AnyGame, players: number, seeds: string[]): { actions: number; seconds: number } {
  const start = performance.now();
  let actions = 0;
  for (const seed of seeds) actions += playOne(g, players, seed);
  return { actions, seconds: (performance.now() - start) / 1000 };
}

/** The same loop in plain Lua; returns "actions seconds legalSeconds applySeconds". */
function luaSource(game: string, players: number, seeds: string[]): string {
  return `
    local g, c = syzygy.game(${toLuaLiteral(game)}), syzygy.core
    local clock = os.clock
    local actions, tLegal, tApply = 0, 0, 0
    local start = clock()
    for _, seed in ipairs(${toLuaLiteral(seeds)}) do
      local rng = c.rngFromSeed(seed .. "/bench")
      local state = g.setup({ players = ${players} }, seed)
      local seats = g.active(state)
      while #seats > 0 do
        local seat = #seats == 1 and seats[1] or seats[c.rngInt(rng, #seats) + 1]
        local t0 = clock()
        local legal = g.legal(state, seat)
        local t1 = clock()
        local res = g.apply(state, seat, legal[c.rngInt(rng, #legal) + 1])
        tLegal, tApply = tLegal + (t1 - t0), tApply + (clock() - t1)
        if not res.ok then error("a legal action was refused: " .. res.rule .. " " .. res.message) end
        state = res.state
        actions = actions + 1
        seats = g.active(state)
      end
    end
    return table.concat({ tostring(actions), tostring(clock() - start), tostring(tLegal), tostring(tApply) }, " ")`;
}

const ROUNDS = 3;

export function benchLua(gamesPerCase = 40): LuaBenchRow[] {
  const lua = new LuaEngine();
  const rows: LuaBenchRow[] = [];
  try {
    for (const g of allGames()) {
      for (let players = g.minPlayers; players <= g.maxPlayers; players++) {
        const seeds = Array.from({ length: gamesPerCase }, (_, i) => `bench-${players}-${i}`);
        // Node: warm the JIT up for a second. Then ROUNDS rounds of (Node ≥ 0.5 s, Lua once),
        // keeping each side's best rate, so load from other processes skews the ratio less.
        const warm = performance.now();
        while (performance.now() - warm < 1000) nodeRun(g, players, seeds);
        lua.eval(luaSource(g.id, players, seeds.slice(0, 2)));
        let nodeRate = 0;
        let best = { rate: 0, legal: 0, apply: 0 };
        let actions = 0;
        for (let round = 0; round < ROUNDS; round++) {
          const node = { actions: 0, seconds: 0 };
          while (node.seconds < 0.5) {
            const pass = nodeRun(g, players, seeds);
            node.actions += pass.actions;
            node.seconds += pass.seconds;
            actions = pass.actions;
          }
          nodeRate = Math.max(nodeRate, node.actions / node.seconds);
          const [luaActions, seconds, legal, apply] = lua.eval(luaSource(g.id, players, seeds)).split(" ").map(Number);
          if (luaActions !== actions) throw new Error(`${g.id} ${players}p: Lua played ${luaActions} actions, Node ${actions}`);
          if (luaActions / seconds > best.rate) best = { rate: luaActions / seconds, legal: legal / luaActions, apply: apply / luaActions };
        }
        rows.push({
          game: g.id,
          players,
          games: gamesPerCase,
          actions,
          nodeActionsPerSecond: nodeRate,
          luaActionsPerSecond: best.rate,
          ratio: nodeRate / best.rate,
          luaLegalMicros: best.legal * 1e6,
          luaApplyMicros: best.apply * 1e6,
        });
      }
    }
  } finally {
    lua.close();
  }
  return rows;
}

export function formatLuaBench(rows: LuaBenchRow[]): string {
  const lines = [
    "| game | players | actions | Node actions/s | Lua 5.2 actions/s | Node ÷ Lua (× slower) | Lua legal µs | Lua apply µs |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.game} | ${r.players} | ${r.actions} | ${Math.round(r.nodeActionsPerSecond).toLocaleString("en")} | ` +
        `${Math.round(r.luaActionsPerSecond).toLocaleString("en")} | ${r.ratio.toFixed(1)}× | ` +
        `${r.luaLegalMicros.toFixed(0)} | ${r.luaApplyMicros.toFixed(0)} |`,
    );
  }
  return lines.join("\n") + "\n";
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const games = Number(process.argv[2] ?? 40);
  process.stdout.write(formatLuaBench(benchLua(Number.isInteger(games) && games > 0 ? games : 40)));
}
