/**
 * Each save's LuaScript carries only its own game's engine (src/tts/script.ts compiles the glue
 * once per game, with src/games/list.ts replaced by a one-game list), and no `goto` (MoonSharp 2.0
 * mishandles TSTL's 5.2 `continue`; src/lua-host/no-goto-plugin.cjs).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GAMES } from "../../src/games/index";
import { checkLuaForTts } from "../../src/lua-host/static-check";
import { oneGameList, saveScript } from "../../src/tts/script";

/** The bundle's module names (TSTL writes `["src.engine.<game>.rules"] = function(...)`). */
function modules(script: string): string[] {
  return [...script.matchAll(/^\["([^"]+)"\] = function/gm)].map((m) => m[1]);
}

describe.each(GAMES.map((g) => g.id))("%s save's script", (game) => {
  const script = saveScript({ game, deck: ["a-card"], playZone: "abc123" });
  const names = modules(script);

  it("bundles its own engine and the table glue", () => {
    expect(names).toContain(`src.engine.${game}.index`);
    expect(names).toContain(`src.engine.${game}.rules`);
    expect(names).toContain("mods.tts.main");
    expect(names).toContain("src.games.list");
  });

  it("holds no other game's engine code", () => {
    for (const other of GAMES.filter((g) => g.id !== game)) {
      expect(names.filter((n) => n.startsWith(`src.engine.${other.id}.`))).toEqual([]);
      expect(script).not.toContain(`src/engine/${other.id}/`);
      expect(script).not.toContain(`"src.engine.${other.id}.`);
    }
  });

  it("has no goto and unpacks no array (constructs MoonSharp 2.0 reads otherwise than Lua 5.2)", () => {
    expect(checkLuaForTts(script).problems.filter((p) => p.includes("goto") || p.includes("unpack") || p.includes("Spread"))).toEqual([]);
  });
});

it("the one-game list has the shape of src/games/list.ts: one export line per game", () => {
  const line = /^export \{ definition as [A-Za-z0-9]+ \} from "\.\.\/engine\/([a-z0-9-]+)\/index";$/;
  const code = (text: string): string[] => text.split("\n").filter((l) => l.trim() !== "" && !/^\s*(\/\*\*|\*)/.test(l));
  const list = code(fs.readFileSync(path.join(import.meta.dirname, "../../src/games/list.ts"), "utf8"));
  expect(list.map((l) => line.exec(l)?.[1]).sort()).toEqual(GAMES.map((g) => g.id).sort());
  expect(code(oneGameList("lunar-trick")).map((l) => line.exec(l)?.[1])).toEqual(["lunar-trick"]);
});

it("refuses a game without code", () => {
  expect(() => saveScript({ game: "moon-poker", deck: [], playZone: "x" })).toThrow(/not one of the games with code/);
});
