import { LuaEngine } from "./src/lua-host/index";
import { playthroughs, canonical } from "./src/engine/lua-api";
import { firstDifference } from "./test/lua/harness";
const e = new LuaEngine();
for (const game of ["lunar-trick", "solar-eclipse", "eclipsed"]) {
  const req = { game, players: 3, seedPrefix: "d", from: 0, count: 3, states: true, views: true, probes: true };
  let t = performance.now(); const n = playthroughs(req); const tn = performance.now() - t;
  t = performance.now(); const l = e.call<any[]>("playthroughs", req); const tl = performance.now() - t;
  const diffs = n.map((x, i) => firstDifference(x, l[i])).filter(Boolean);
  console.log(game, tn.toFixed(0), tl.toFixed(0), diffs.length, diffs[0]?.slice(0, 1500));
  console.log(canonical(n[0].steps[3].probes).slice(0, 600));
}
