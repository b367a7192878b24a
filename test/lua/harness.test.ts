/** The parity harness itself: it covers every registered engine and names the first difference. */
import { describe, expect, it } from "vitest";
import { allGames, playthrough } from "../../src/engine/lua-api";
import { firstDifference, parityConfigs } from "./harness";

describe("parity harness", () => {
  it("covers every registered engine at every player count it supports", () => {
    const expected = allGames().flatMap((g) =>
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
});
