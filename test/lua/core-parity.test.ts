/**
 * The engine core behaves identically in Node and in Lua 5.2 (the sandboxed bundle): seeded
 * generator sequences and shuffles over many seeds, stableSort with ties, the canonical
 * serializer on arbitrary JSON-like values, and the hash (also over non-ASCII text).
 * The Lua side is plain Lua calling the bundle's API (`syzygy.core`), as TTS glue would.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rngFromSeed, rngInt, rngNext, shuffle } from "../../src/engine/core/rng";
import { canonical, hashText } from "../../src/engine/core/serialize";
import { stableSort } from "../../src/engine/core/util";
import { LuaEngine, toLuaLiteral } from "../../src/lua-host/index";

let lua: LuaEngine;
beforeAll(() => {
  lua = new LuaEngine();
});
afterAll(() => lua.close());

const BOUNDS = [1, 2, 3, 7, 52, 100, 1000, 65536, 1000000007, 2147483562];
const DECK = Array.from({ length: 52 }, (_, i) => `card-${i}`);

describe("seeded generator and shuffle: Node = Lua", () => {
  it("draws the same sequences and shuffles for 500 seeds", () => {
    const seeds = ["", "a", "seed", "x".repeat(300), "~!@#$%^&*()_+{}|:<>?", ...Array.from({ length: 495 }, (_, i) => `game#${i}`)];
    const node = seeds.map((seed) => {
      const r = rngFromSeed(seed);
      const raw = [rngNext(r), rngNext(r), rngNext(r)];
      const draws = Array.from({ length: 40 }, (_, k) => rngInt(r, BOUNDS[k % BOUNDS.length]));
      const deck = shuffle(r, DECK);
      return { seed, raw, draws, deck, state: r };
    });
    const inLua = lua.eval(`
      local c = syzygy.core
      local seeds, bounds, deck = ${toLuaLiteral(seeds)}, ${toLuaLiteral(BOUNDS)}, ${toLuaLiteral(DECK)}
      local out = {}
      for _, seed in ipairs(seeds) do
        local r = c.rngFromSeed(seed)
        local raw = { c.rngNext(r), c.rngNext(r), c.rngNext(r) }
        local draws = {}
        for k = 0, 39 do draws[#draws + 1] = c.rngInt(r, bounds[(k % #bounds) + 1]) end
        out[#out + 1] = { seed = seed, raw = raw, draws = draws, deck = c.shuffle(r, deck), state = r }
      end
      return syzygy.canonical(out)`);
    expect(inLua).toBe(canonical(node));
  });
});

describe("stableSort: Node = Lua", () => {
  it("sorts with ties in input order, for random arrays (Lua's table.sort is unstable)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 60 }), (keys) => {
        const items = keys.map((k, i) => ({ k, i }));
        const node = canonical(stableSort(items, (a, b) => a.k - b.k));
        const inLua = lua.eval(
          `return syzygy.canonical(syzygy.core.stableSort(${toLuaLiteral(items)}, function(a, b) return a.k - b.k end))`,
        );
        return inLua === node;
      }),
      { numRuns: 150 },
    );
  });
});

/** JSON-like values the engine produces: ASCII keys, integers up to 2^53, short decimals, any text. */
const engineValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.boolean(),
    fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
    fc.maxSafeInteger(),
    fc.integer({ min: -100000, max: 100000 }).map((n) => n / 8),
    fc.string(),
    fc.string({ unit: "grapheme" }),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 8 }), tie("value"), { maxKeys: 5 }),
  ),
})).value;

describe("canonical serializer: Node = Lua", () => {
  it("prints identical text for arbitrary values (sent to Lua as table literals)", () => {
    fc.assert(
      fc.property(engineValue, (value) => {
        const node = canonical(value);
        // Lua builds the text byte by byte; the host decodes it as UTF-8
        return lua.call<string>("canonical", value) === node;
      }),
      { numRuns: 400 },
    );
  });
  it("prints large integers without exponent and non-integers with 6 decimals, as in Node", () => {
    const values = [0, -0, 1, -1, 2 ** 31, 2 ** 32 + 1, 1e14, 1e15 + 3, 2 ** 53, -(2 ** 53), 0.5, -2.25, 1 / 3, 123.000001];
    expect(lua.call<string>("canonical", values)).toBe(canonical(values));
  });
});

describe("hash: Node = Lua", () => {
  it("hashes ASCII and non-ASCII text (em dash, minus sign, emoji) to the same 16 hex digits", () => {
    const texts = ["", "abc", "x".repeat(5000), "burned — void-2", "−3 points", "☀ sun ☾ moon", "emoji 🌒 phase", "tab\tnew\nline"];
    const node = texts.map((t) => hashText(t));
    const inLua = lua.eval(`
      local out = {}
      for _, t in ipairs(${toLuaLiteral(texts)}) do out[#out + 1] = syzygy.hashText(t) end
      return syzygy.canonical(out)`);
    expect(JSON.parse(inLua)).toEqual(node);
  });
  it("hashes random text identically", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 80 }), (text) => {
        return lua.callText("hashText", text) === JSON.stringify(hashText(text));
      }),
      { numRuns: 300 },
    );
  });
});
