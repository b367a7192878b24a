/**
 * The Lua test host (src/lua-host): a TTS-like sandbox around real Lua 5.2, the bundle loaded as
 * plain Lua would load it, the API callable with dots, errors reported by message, large
 * requests split safely across the WASM boundary, and the CLI entry `runEngineInLua`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonical } from "../../src/engine/core/serialize";
import { gameIds } from "../../src/engine/lua-api";
import { replayGame } from "../../src/engine/sim";
import { LuaEngine, LuaError, runEngineInLua, toLuaLiteral, LuaLiteralError } from "../../src/lua-host/index";

let lua: LuaEngine;
beforeAll(() => {
  lua = new LuaEngine();
});
afterAll(() => lua.close());

describe("TTS-like sandbox", () => {
  it("removes debug, io, require, load, loadstring, dofile, package, os.exit and string.dump", () => {
    const probe = lua.eval(`
      local gone = {}
      for _, name in ipairs({ "debug", "io", "require", "load", "loadstring", "loadfile", "dofile", "package" }) do
        gone[#gone + 1] = tostring(_G[name] == nil)
      end
      gone[#gone + 1] = tostring(os.exit == nil)
      gone[#gone + 1] = tostring(string.dump == nil)
      return table.concat(gone, ",")`);
    expect(probe).toBe(Array(10).fill("true").join(","));
  });
  it("reports MoonSharp's _VERSION and keeps what TTS provides (bit32, os.time, string, table, math)", () => {
    expect(lua.eval(`return _VERSION`)).toBe("MoonSharp 2.0.0.0");
    expect(lua.eval(`return tostring(bit32.band(6, 3)) .. type(os.time()) .. string.rep("a", 2) .. table.concat({1, 2}) .. math.floor(2.5)`)).toBe(
      "2numberaa122",
    );
  });
  it("turns a call of a removed global into a clear error", () => {
    expect(() => lua.eval(`return io.write("x")`)).toThrow(/attempt to index global 'io'/);
  });
  it("keeps print out of stdout (TTS prints to chat): the host collects it", () => {
    lua.eval(`print("from lua", 42) return ""`);
    expect(lua.vm.takePrinted()).toBe("from lua\t42");
  });
});

describe("the bundle's API from plain Lua", () => {
  it("lists the registered engines and plays a game with dot calls on plain tables", () => {
    expect(lua.call("gameIds")).toEqual(gameIds());
    for (const id of gameIds()) {
      const out = lua.eval(`
        local g = syzygy.game(${toLuaLiteral(id)})
        local state = g.setup({ players = g.minPlayers }, "host-test")
        local seats = g.active(state)
        local moves = g.legal(state, seats[1])
        local res = g.apply(state, seats[1], moves[1])
        local bad = g.apply(state, seats[1], { type = "no-such-action" })
        return syzygy.canonical({ ok = res.ok, events = #res.events >= 0, bad = bad.ok, rule = type(bad.rule),
          view = type(g.view(res.state, 0)), over = g.result(res.state).over })`);
      expect(JSON.parse(out)).toEqual({ ok: true, events: true, bad: false, rule: "string", view: "table", over: false });
    }
  });
  it("reports an unknown game by message, naming the registered engines", () => {
    expect(() => lua.call("game", "no-such-game")).toThrow(LuaError);
    expect(() => lua.call("game", "no-such-game")).toThrow(/unknown game "no-such-game".*registered engines are/);
  });
  it("sends large requests in pieces (emscripten copies string arguments onto a 5 MB stack)", () => {
    const big = Array.from({ length: 60000 }, (_, i) => `card-${i}-ééé`);
    expect(lua.call("canonical", big)).toBe(canonical(big));
  });
  it("refuses values Lua cannot hold (holes in arrays, functions) naming where they are", () => {
    expect(() => toLuaLiteral({ deal: [["a"], null] })).toThrow(LuaLiteralError);
    expect(() => toLuaLiteral({ deal: [["a"], null] })).toThrow(/request\.deal\[1\] is null/);
    expect(() => toLuaLiteral({ f: () => 1 })).toThrow(/request\.f is a function/);
    expect(toLuaLiteral({ "end": 1, "a-b": "x\"\\\n", n: -2.5, e: [] })).toBe(`{["end"]=1,["a-b"]="x\\"\\\\\\010",n=(-2.5),e={}}`);
  });
});

describe("runEngineInLua (the CLI's --runtime lua)", () => {
  it("leaves the process's error handlers alone (the WASM glue installs its own; the host removes them)", () => {
    expect(process.listeners("unhandledRejection").some((l) => String(l).includes("abort"))).toBe(false);
    expect(process.listeners("uncaughtException").some((l) => String(l).includes("ExitStatus"))).toBe(false);
  });
  it("returns the same report as Node for replayGame, parsed from canonical text", () => {
    const id = gameIds()[0];
    const req = { game: id, players: 3, seed: "cli", actions: [] };
    const report = runEngineInLua("replayGame", req);
    expect(canonical(report)).toBe(canonical(replayGame(req)));
  });
  it("refuses functions outside the contract", () => {
    expect(() => runEngineInLua("os.exit" as "replayGame", {} as never)).toThrow(/unknown function/);
  });
});
