import { runEngineInLua } from "./src/lua-host/index";
import { simulateGames, replayGame } from "./src/engine/sim";
import { canonical } from "./src/engine/core/serialize";
for (const game of ["lunar-trick", "solar-eclipse", "eclipsed"]) for (const policy of ["random", "greedy"] as const) {
  const req = { game, players: 3, games: 20, seed: "s", policy };
  let t = performance.now(); const n = simulateGames(req); const tn = performance.now() - t;
  t = performance.now(); const l = runEngineInLua("simulateGames", req); const tl = performance.now() - t;
  console.log(game, policy, canonical(n) === canonical(l), tn.toFixed(0), tl.toFixed(0), (n as any).eventsHash, (l as any).eventsHash ?? canonical(l));
}
