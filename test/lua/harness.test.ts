/** The parity harness itself: it covers every registered engine and the template engine, and names the first difference. */
import { describe, expect, it } from "vitest";
import { allGames, playthrough, templateEngines } from "../../src/engine/lua-api";
import { firstDifference, parityConfigs, parityPart, partOf } from "./harness";

describe("parity harness", () => {
  it("covers every registered engine, and the template `syzygy new --engine` copies, at every player count it supports", () => {
    expect(templateEngines().length).toBeGreaterThan(0);
    const expected = [...allGames(), ...templateEngines()].flatMap((g) =>
      Array.from({ length: g.maxPlayers - g.minPlayers + 1 }, (_, i) => `${g.id}/${g.minPlayers + i}`),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(parityConfigs().map((c) => `${c.game}/${c.players}`)).toEqual(expected);
  });
  it("reports the first differing step with game, seed, step and both sides", () => {
    const { game, players } = parityConfigs()[0];
    const node = playthrough({ game, players, seed: "harness" });
    expect(firstDifference(node, structuredClone(node))).toBeUndefined();
    const lua = structuredClone(node);
    lua.steps[5].events = [{ type: "tampered" }];
    lua.steps[7].seat = 99; // a later difference is not the one reported
    const diff = firstDifference(node, lua) ?? "";
    expect(diff).toContain(`${game} ${players}p seed "harness" step 5:`);
    expect(diff).toMatch(/node: \{.*"events":\[.*\n  lua:  \{.*"tampered"/s);
  });
  it("reports a run that ends early and a different result", () => {
    const { game, players } = parityConfigs()[0];
    const node = playthrough({ game, players, seed: "harness" });
    const short = { ...structuredClone(node), steps: node.steps.slice(0, 3) };
    expect(firstDifference(node, short)).toContain("step 3: one side ended early");
    const other = { ...structuredClone(node), result: { over: true, winners: [], scores: [] } };
    expect(firstDifference(node, other)).toContain("result:");
  });
  it("splits the seeds into parts that together play each game once", () => {
    for (const total of [1, 2, 6, 20, 1000]) {
      for (const count of [1, 2, 3]) {
        const played = Array.from({ length: count }, (_, index) => partOf(total, { index, count })).flatMap((r) => Array.from({ length: r.to - r.from }, (_, i) => r.from + i));
        expect(played).toEqual(Array.from({ length: total }, (_, i) => i));
      }
    }
  });
  it("reads SYZYGY_PARITY_PART as k/n and refuses anything else by name", () => {
    const saved = process.env.SYZYGY_PARITY_PART;
    try {
      process.env.SYZYGY_PARITY_PART = "2/3";
      expect(parityPart()).toEqual({ index: 1, count: 3 });
      for (const bad of ["0/2", "3/2", "1/0", "x", ""]) {
        process.env.SYZYGY_PARITY_PART = bad;
        expect(() => parityPart(), bad).toThrow(`SYZYGY_PARITY_PART must be k/n with 1 ≤ k ≤ n, got "${bad}"`);
      }
    } finally {
      if (saved === undefined) delete process.env.SYZYGY_PARITY_PART;
      else process.env.SYZYGY_PARITY_PART = saved;
    }
  });
});
