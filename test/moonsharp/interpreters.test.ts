/**
 * Node, PUC Lua 5.2 and MoonSharp 2.0.0.0 (the interpreter TTS embeds) produce the same bytes:
 * seeded games of every engine (and the template `syzygy new --engine` copies) at every player count (states, views and refusals hashed at
 * every step, the canonical playthrough text compared whole), and the constructs where the two
 * Luas can differ — number formatting, `#` and `%` with negatives, string order — through the
 * engine core. MoonSharp runs under two cultures, since it orders strings by the host's culture.
 * Run by `npm run test:moonsharp` (needs Mono).
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureLuaBundle } from "../../src/lua-host/build";
import { wrapBundle } from "../../src/lua-host/vm";
import { toLuaLiteral } from "../../src/lua-host/literal";
import { allGames, canonical, core, hashText, playthrough, templateEngines, type PlaythroughRequest } from "../../src/engine/lua-api";
import { openLua, type LuaBackend } from "../tts/lua-backend";

const SEEDS = ["ms-1"];

function requests(): PlaythroughRequest[] {
  const out: PlaythroughRequest[] = [];
  for (const g of [...allGames(), ...templateEngines()]) {
    for (let p = g.minPlayers; p <= g.maxPlayers; p++) {
      for (const seed of SEEDS) out.push({ game: g.id, players: p, seed, states: true, views: true, probes: true });
    }
  }
  return out;
}

/**
 * ASCII strings whose order differs between cultures and from byte order (Lithuanian y/j, Czech
 * ch/h, case, punctuation). Engine strings are ASCII: a decimal escape such as "\195\169" is two
 * bytes in Lua 5.2 but two characters in MoonSharp, and `#` of a UTF-8 literal differs (the table
 * self-check reports which interpreter counts what).
 */
const WORDS = ["j", "y", "ch", "h", "i", "I", "a", "B", "b", "A", "_x", "x-1", "x_1", "Z", "z", "e", "f", "yard", "jar"];

/** Values whose text differs between the Luas when formatted naively (tostring, %.14g, exponents). */
const NUMBERS = [0, -0, 1, -1, 1 / 3, -2.5, 1e15, 123456789012345, -98765432109876, 0.1 + 0.2, 2 ** 53];

function constructs(): string {
  return `
    local c = syzygy.core
    local words, numbers = ${toLuaLiteral(WORDS)}, ${toLuaLiteral(NUMBERS)}
    local mods = {}
    for a = -7, 7 do for _, b in ipairs({ 3, -3, 5 }) do mods[#mods + 1] = { c.mod(a, b), c.idiv(a, b) } end end
    local formatted = {}
    for _, n in ipairs(numbers) do formatted[#formatted + 1] = c.formatNumber(n) end
    local keyed = {}
    for i, w in ipairs(words) do keyed[w] = i end
    return syzygy.canonical({
      sorted = c.stableSort(words, c.byteOrder),
      keyed = syzygy.canonical(keyed),
      mods = mods,
      formatted = formatted,
      numbers = numbers,
      hash = c.hashText("the quick brown fox " .. table.concat(formatted, ",")),
    })`;
}

function constructsInNode(): string {
  const mods: number[][] = [];
  for (let a = -7; a <= 7; a++) for (const b of [3, -3, 5]) mods.push([core.mod(a, b), core.idiv(a, b)]);
  const formatted = NUMBERS.map((n) => core.formatNumber(n));
  const keyed: Record<string, number> = {};
  WORDS.forEach((w, i) => (keyed[w] = i + 1));
  return canonical({
    sorted: core.stableSort(WORDS, (a, b) => (a === b ? 0 : a < b ? -1 : 1)),
    keyed: canonical(keyed),
    mods,
    formatted,
    numbers: NUMBERS,
    hash: core.hashText("the quick brown fox " + formatted.join(",")),
  });
}

/** `games`: also play every engine (the Lithuanian host's games are test/moonsharp/culture.test.ts). */
const RUNTIMES: { name: string; games: boolean; open: () => LuaBackend }[] = [
  { name: "Lua 5.2", games: true, open: () => openLua("lua5.2") },
  { name: "MoonSharp, en_US", games: true, open: () => openLua("moonsharp", { culture: "en_US.UTF-8" }) },
  { name: "MoonSharp, lt_LT", games: false, open: () => openLua("moonsharp", { culture: "lt_LT.UTF-8" }) },
];

describe.each(RUNTIMES)("$name = Node", ({ name, games, open }) => {
  let lua: LuaBackend;
  beforeAll(() => {
    lua = open();
    expect(lua.run(wrapBundle(fs.readFileSync(ensureLuaBundle(), "utf8")), "syzygy-engine.lua")).toBe("loaded");
  }, 120_000);
  afterAll(() => lua.close());

  it("runs in the interpreter it names", () => {
    const version = lua.run("return _VERSION", "version");
    expect(version).toBe(name.startsWith("MoonSharp") ? "MoonSharp 2.0.0.0" : "Lua 5.2");
  });

  it("orders strings, formats numbers, takes % and integer division of negatives and hashes as Node does", () => {
    const node = constructsInNode();
    // Node's < on these strings is by UTF-16 code: the same as byteOrder
    expect(JSON.parse(node).sorted).toEqual([...WORDS].sort());
    expect(lua.run(constructs(), "constructs")).toBe(node);
  });

  // (a plain `if`, not it.runIf: no test is listed as skipped)
  if (games) it("plays every engine at every player count to the same canonical text and hashes (states, views, refusals)", () => {
    for (const req of requests()) {
      const node = canonical(playthrough(req));
      const inLua = lua.run(`return syzygy.canonical(syzygy.playthrough(${toLuaLiteral(req)}))`, "playthrough");
      expect(JSON.parse(inLua).error, `${req.game} ${req.players}p ${req.seed}`).toBe("");
      expect(hashText(inLua), `${req.game} ${req.players}p ${req.seed}`).toBe(hashText(node));
    }
  }, 1_800_000);
});

describe("the culture reaches MoonSharp (so the runs above could differ)", () => {
  it('"y" < "j" with < on a Lithuanian host, not on a US one; byteOrder says no on both', () => {
    for (const [culture, expected] of [["lt_LT.UTF-8", "true"], ["en_US.UTF-8", "false"]] as const) {
      const lua = openLua("moonsharp", { culture });
      try {
        expect(lua.run('return tostring("y" < "j")', "lt"), culture).toBe(expected);
      } finally {
        lua.close();
      }
    }
  });
});
