/**
 * Static checks of the Lua bundle (out/lua/syzygy-engine.lua, rebuilt here when stale): it parses
 * with the MoonSharp grammar (Lua 5.2), reads only globals TTS provides, writes none, uses no
 * forbidden library function and requires only its own modules. Its size is reported.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildLuaBundle, ensureLuaBundle, LuaBuildError } from "../../src/lua-host/build";
import { checkLuaForTts } from "../../src/lua-host/static-check";

describe("Lua bundle static checks", () => {
  const source = fs.readFileSync(ensureLuaBundle(), "utf8");
  const report = checkLuaForTts(source);

  it("parses as MoonSharp Lua 5.2 and is TTS-safe (no debug, io, os.exit, load*, string.dump, foreign require, globals)", () => {
    console.info(
      `syzygy-engine.lua: ${(report.bytes / 1024).toFixed(1)} KB, ${report.lines} lines, ${report.modules.length} modules` +
        (report.notes.length > 0 ? `\n  note: ${report.notes.join("\n  note: ")}` : ""),
    );
    expect(report.problems).toEqual([]);
  });
  it("bundles every engine module and the API entry", () => {
    expect(report.modules).toContain("engine.lua-api");
    expect(report.modules).toContain("engine.sim");
    expect(report.modules).toContain("lualib_bundle");
    // the bundle ends by returning the API table (what `local syzygy = (function() ... end)()` gets)
    expect(source.trimEnd().endsWith("return ____entry")).toBe(true);
  });
  it("catches what TTS lacks (checked on a bad sample)", () => {
    const bad = checkLuaForTts(
      `local x = os.exit\nlocal d = debug.traceback\ncount = 1\nlocal f = loadstring("x")\nlocal g = string.dump\nlocal r = require("socket")\n`,
    );
    expect(bad.problems.join("\n")).toMatch(/line 1: uses os\.exit/);
    expect(bad.problems.join("\n")).toMatch(/line 2: reads global "debug"/);
    expect(bad.problems.join("\n")).toMatch(/line 3: assigns global "count"/);
    expect(bad.problems.join("\n")).toMatch(/line 4: reads global "loadstring"/);
    expect(bad.problems.join("\n")).toMatch(/line 5: uses string\.dump/);
    expect(bad.problems.join("\n")).toMatch(/line 6: require\("socket"\) is not a module of this bundle/);
  });
  it("refuses goto (MoonSharp 2.0 crashes on TSTL's 5.2 continue), and the bundle has none though the engines use continue", () => {
    const bad = checkLuaForTts(`local i = 0\nwhile i < 3 do\n  i = i + 1\n  if i == 2 then goto __continue1 end\n  ::__continue1::\nend\n`);
    expect(bad.problems.join("\n")).toMatch(/line 4: goto/);
    expect(source).not.toMatch(/\bgoto\b/);
    // continue compiles to `__continueN = true; break` inside `repeat … until true` (src/lua-host/no-goto-plugin.cjs)
    expect(source).toMatch(/__continue\d+ = true\s+break/);
  });
  it("refuses unpacking an array (array spread): MoonSharp 2.0 returns one nil for an empty table, so [...a, x] puts x at index 2", () => {
    const bad = checkLuaForTts(
      `local a = {}\nlocal b = {table.unpack(a)}\nlocal c = {unpack(a), 1}\nlocal function __TS__Spread(t) return t end\nlocal d = {__TS__Spread(a), 2}\nlocal e = math.max(1, 2)\n`,
    );
    expect(bad.problems.join("\n")).toMatch(/line 2: calls table\.unpack/);
    expect(bad.problems.join("\n")).toMatch(/line 3: calls unpack/);
    expect(bad.problems.join("\n")).toMatch(/line 5: calls __TS__Spread/);
    expect(bad.problems.filter((p) => p.startsWith("line 6"))).toEqual([]);
    expect(report.problems.filter((p) => /unpack|Spread/.test(p))).toEqual([]);
  });
  it("rejects Lua that MoonSharp cannot parse", () => {
    expect(() => checkLuaForTts("local x = 1 // 2")).toThrow();
  });
  it("fails the build on a TSTL warning (e.g. a condition that is never false in Lua), naming file and line", () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-lua-")), "bundle.lua");
    const tsconfig = path.resolve("test/lua/fixtures/truthy/tsconfig.json");
    expect(() => buildLuaBundle(out, tsconfig)).toThrow(LuaBuildError);
    expect(() => buildLuaBundle(out, tsconfig)).toThrow(/main\.ts\(4,10\): warning TS100037: Only false and nil/);
    expect(fs.existsSync(out)).toBe(false);
  });
});
