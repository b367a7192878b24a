import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { rngFromSeed, rngInt, shuffle, rngCopy } from "../src/engine/core/rng";
import { byteOrder, mod, stableSort } from "../src/engine/core/util";
import { canonical, hashText } from "../src/engine/core/serialize";
import { commitOpen, commitSet, commitWaiting, commitVisible } from "../src/engine/core/commits";

describe("seeded generator", () => {
  it("is deterministic per seed and differs between seeds", () => {
    const draw = (seed: string) => {
      const r = rngFromSeed(seed);
      return [1, 2, 3, 4, 5].map(() => rngInt(r, 1000));
    };
    expect(draw("s")).toEqual(draw("s"));
    expect(draw("s")).not.toEqual(draw("t"));
  });
  it("stays in range and keeps every product exact (< 2^53)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii" }), fc.integer({ min: 1, max: 100000 }), (seed, n) => {
        const r = rngFromSeed(seed);
        for (let i = 0; i < 20; i++) {
          const x = rngInt(r, n);
          if (!(Number.isInteger(x) && x >= 0 && x < n)) return false;
          if (r.a * 40014 >= 2 ** 53 || r.b * 40692 >= 2 ** 53) return false;
        }
        return true;
      }),
    );
  });
  it("shuffles into a permutation without touching the input", () => {
    const items = Array.from({ length: 32 }, (_, i) => `c${i}`);
    const r = rngFromSeed("x");
    const before = rngCopy(r);
    const out = shuffle(r, items);
    expect([...out].sort()).toEqual([...items].sort());
    expect(out).not.toEqual(items);
    expect(r).not.toEqual(before);
  });
});

describe("Lua-safe helpers", () => {
  it("mod is non-negative for negative operands (unlike JS %)", () => {
    expect(mod(-1, 30)).toBe(29);
    expect(mod(31, 30)).toBe(1);
  });
  it("byteOrder is code-unit order, however long the common prefix (it halves to find the first difference)", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "b", "-", "/", "0", "9", "Z", "é"), maxLength: 24 });
    fc.assert(
      fc.property(text, text, text, (prefix, x, y) => {
        const a = prefix + x;
        const b = prefix + y;
        const want = a === b ? 0 : a < b ? -1 : 1; // JS < on strings compares UTF-16 code units
        expect(byteOrder(a, b)).toBe(want);
        expect(byteOrder(b, a)).toBe(want === 0 ? 0 : -want);
      }),
      { numRuns: 500 },
    );
    expect(byteOrder("", "")).toBe(0);
    expect(byteOrder("", "a")).toBe(-1);
    expect(byteOrder("bid-cards/bid-3-b", "bid-cards/bid-3-a")).toBe(1);
  });

  it("stableSort keeps equal items in input order", () => {
    const xs = [3, 1, 2, 1, 3].map((v, i) => ({ v, i }));
    expect(stableSort(xs, (a, b) => a.v - b.v).map((x) => x.i)).toEqual([1, 3, 2, 0, 4]);
  });
});

describe("canonical serializer", () => {
  it("sorts keys, writes empty objects as [] and large integers without exponent", () => {
    expect(canonical({ b: 1, a: [true, "x\"y"], c: {}, d: undefined })).toBe('{"a":[true,"x\\"y"],"b":1,"c":[]}');
    expect(canonical(123456789012345)).toBe("123456789012345");
    expect(canonical(-2.5)).toBe("-2.500000");
  });
  it("hashes to 16 hex digits and changes with the text", () => {
    expect(hashText("abc")).toMatch(/^[0-9a-f]{16}$/);
    expect(hashText("abc")).not.toBe(hashText("abd"));
  });
});

describe("hidden commits", () => {
  it("waits for every expected seat and shows a seat only its own value", () => {
    let box = commitOpen(3, "", [true, true, false]);
    box = commitSet(box, 1, "rising-4");
    expect(commitWaiting(box)).toEqual([0]);
    expect(commitVisible(box, 1, 1, "?")).toBe("rising-4");
    expect(commitVisible(box, 0, 1, "?")).toBe("?");
  });
});

describe("seed mixing", () => {
  it("decorrelates seeds that differ only in their last character (first draws spread evenly)", () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < 300; i++) counts[rngInt(rngFromSeed(`seed#${i}`), 3)]++;
    for (const c of counts) expect(c).toBeGreaterThan(70);
  });
});
