/**
 * Option names that are special in JavaScript objects (`constructor`, `__proto__`, `toString`)
 * or in Lua tables (`__index`) are plain unknown names in both runtimes: the engine answers the
 * same bytes in Node and in Lua 5.2, and `--option __proto__=1` is refused, not dropped.
 */
import { afterAll, describe, expect, it } from "vitest";
import { canonical } from "../src/engine/core/serialize";
import { replayGame, simulateGames } from "../src/engine/sim";
import type { ReplayRequest, SimRequest } from "../src/engine/sim";
import { LuaEngine } from "../src/lua-host/index";
import { parseOptions } from "../src/cli/commands/simulate";

const SPECIAL = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "__index", "__newindex"];

describe("option names in Node and Lua", () => {
  const lua = new LuaEngine();
  afterAll(() => lua.close());

  it.each(SPECIAL)("replay with option %s: the same refusal in both runtimes", (name) => {
    // JSON.parse makes "__proto__" an own key, as in a user's replay file
    const req = JSON.parse(`{"game":"lunar-trick","players":3,"seed":"s","options":{"${name}":1},"actions":[]}`) as ReplayRequest;
    const node = replayGame(req);
    expect(node).toMatchObject({ ok: false, index: -1, rule: "SIM-options" });
    expect(node.ok === false && node.message).toBe(`unknown option "${name}" for lunar-trick (known: highestAnySuit)`);
    expect(lua.callText("replayGame", req)).toBe(canonical(node));
  });

  it.each(SPECIAL)("simulate with option %s: the same refusal in both runtimes", (name) => {
    const req: SimRequest = { game: "eclipsed", players: 2, games: 1, seed: "s", policy: "random", options: parseOptions([`${name}=true`]) };
    const node = simulateGames(req);
    expect(node).toMatchObject({ ok: false, game: -1, rule: "SIM-options" });
    expect(lua.callText("simulateGames", req)).toBe(canonical(node));
  });

  it("a known option still works next to the special names' absence", () => {
    const req = JSON.parse('{"game":"lunar-trick","players":3,"seed":"s","options":{"highestAnySuit":true},"actions":[]}') as ReplayRequest;
    const node = replayGame(req);
    expect(node.ok).toBe(true);
    expect(lua.callText("replayGame", req)).toBe(canonical(node));
  });

  it("--option __proto__=1 becomes an option named __proto__ (not the object's prototype)", () => {
    const options = parseOptions(["__proto__=1", "constructor=x"]);
    expect(Object.keys(options)).toEqual(["__proto__", "constructor"]);
    expect(options.__proto__).toBe(1);
  });
});
