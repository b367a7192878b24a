/** `syzygy list <game> [--json] [--data DIR]`: a game's physical components. */
import { describe, expect, it } from "vitest";
import { GAMES, REPO_DATA, runCli, tempData } from "./helpers";

describe("syzygy list", () => {
  it("--json prints {game, components:[{id, kind, count, ...}]} with physical piece counts", async () => {
    const r = await runCli(["list", "lunar-trick", "--json", "--data", REPO_DATA]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { game: string; components: { id: string; kind: string; count: number; items: { copies: number }[] }[] };
    expect(Object.keys(out)).toEqual(["game", "components"]);
    expect(out.game).toBe("lunar-trick");
    expect(out.components.map((c) => [c.id, c.kind, c.count])).toEqual([
      ["moon-cards", "card", 32],
      ["dividers", "card", 8],
      ["trump-status", "card", 1],
      ["moon-phase-sheet", "board", 1],
      ["moon-markers", "token", 3],
      ["point-tokens", "token", 20],
      ["reference", "sheet", 1],
    ]);
    for (const c of out.components) expect(c.items.reduce((n, i) => n + i.copies, 0)).toBe(c.count);
  });

  it("--json for Solar Eclipse and Eclipsed", async () => {
    const se = JSON.parse((await runCli(["list", "solar-eclipse", "--json", "--data", REPO_DATA])).stdout);
    expect(se.components.map((c: { id: string; count: number }) => `${c.id}:${c.count}`)).toEqual(["playing-cards:42", "bid-cards:18", "bonus-cards:7", "reference:1"]);
    const ec = JSON.parse((await runCli(["list", "eclipsed", "--json", "--data", REPO_DATA])).stdout);
    expect(ec.components.map((c: { id: string; kind: string; count: number }) => `${c.id}:${c.kind}:${c.count}`)).toEqual([
      "cards:card:52",
      "meter-track:board:1",
      "meter-marker:token:1",
      "reference:sheet:2",
    ]);
  });

  it("prints a readable table without --json", async () => {
    const r = await runCli(["list", "eclipsed", "--data", REPO_DATA]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Eclipsed \(eclipsed\), 2–4 players\n/);
    expect(r.stdout).toMatch(/\ncards\s+card\s+52\s+63\.5×88\.9 mm\s+card \/ back\s+Cards\n/);
    expect(r.stdout).toMatch(/\n56 pieces\n$/);
  });

  it("an unknown game is a usage error listing the valid ids (exit 2)", async () => {
    const r = await runCli(["list", "lunar-trik", "--data", REPO_DATA]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`syzygy: unknown game "lunar-trik"; valid games: ${GAMES.join(", ")}\n`);
    expect(r.stdout).toBe("");
  });

  it("a missing game argument is a usage error (exit 2)", async () => {
    const r = await runCli(["list"]);
    expect(r.code).toBe(2);
  });

  it("invalid data exits 1 with the located problems", async () => {
    const t = tempData();
    t.replace("eclipsed/deck.yaml", "rank: 13\n", "rank: 14\n");
    const r = await runCli(["list", "eclipsed", "--json", "--data", t.data]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`${t.loc("eclipsed/deck.yaml", "rank: 14", 6)}: cards[12].rank: expected an integer 1..13, got 14`);
  });
});
