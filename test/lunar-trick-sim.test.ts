/** replayGame / simulateGames (src/engine/sim.ts) with Lunar Trick: request checks, partial replays, stats. */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { replayGame, simulateGames, mergeOptions } from "../src/engine/sim";
import type { ReplayRequest } from "../src/engine/sim";
import { lunarTrick } from "../src/engine/lunar-trick/index";
import { EXAMPLE_DEAL } from "./lunar-trick-helpers";

const base: ReplayRequest = { game: "lunar-trick", players: 3, seed: "s", dealer: 0, deal: EXAMPLE_DEAL, actions: [] };

describe("replayGame", () => {
  it("refuses bad requests before any action (index -1) with a rule id", () => {
    expect(replayGame({ ...base, game: "moon" })).toMatchObject({ ok: false, index: -1, rule: "SIM-game" });
    expect(replayGame({ ...base, players: 5, deal: undefined })).toMatchObject({ ok: false, index: -1, rule: "SIM-players" });
    expect(replayGame({ ...base, options: { highestAnySuit: "yes" } })).toMatchObject({ rule: "SIM-options" });
    expect(replayGame({ ...base, deal: [EXAMPLE_DEAL[0]] })).toMatchObject({ index: -1, rule: "LT-1" });
    const junk = replayGame({ ...base, actions: [null as never] });
    expect(junk).toMatchObject({ ok: false, index: 0, rule: "SIM-action" });
  });

  it("a partial replay stops where the actions stop: events so far, who acts next, the chosen view", () => {
    const report = replayGame({
      ...base,
      viewAs: 1,
      actions: [
        { seat: 2, type: "commit", card: "falling-20" },
        { seat: 0, type: "commit", card: "rising-4" },
      ],
    });
    expect(report.ok).toBe(true);
    if (!report.ok) return;
    expect(report.active).toEqual([1]);
    expect(report.events.map((e) => e.type)).toEqual(["deal", "commit", "commit"]);
    const view = report.view as { seat: number; hand: string[]; commits: string[] };
    expect(view.seat).toBe(1);
    expect(view.hand).toEqual(EXAMPLE_DEAL[1]);
    expect(view.commits).toEqual(["", "", ""]); // others' face-down cards stay hidden
    expect(report.result.over).toBe(false);
  });

  it("a refused action reports its index, rule and the events before it", () => {
    const report = replayGame({
      ...base,
      actions: [
        { seat: 0, type: "commit", card: "rising-4" },
        { seat: 0, type: "commit", card: "rising-5" },
      ],
    });
    expect(report).toMatchObject({ ok: false, index: 1, rule: "LT-turn" });
    if (!report.ok) expect(report.events.map((e) => e.type)).toEqual(["deal", "commit"]);
  });

  it("the example files replay as documented", () => {
    const read = (f: string) => JSON.parse(readFileSync(join(__dirname, "../src/engine/lunar-trick/examples", f), "utf8")) as ReplayRequest;
    for (const f of ["3p.json", "4p.json"]) {
      const report = replayGame(read(f));
      expect(report.ok, f).toBe(true);
      if (report.ok) expect(report.result.over, f).toBe(true);
    }
    expect(replayGame(read("illegal.json"))).toMatchObject({ ok: false, index: 5, rule: "LT-6" });
  });

  it("options merge over the game's defaults", () => {
    expect(mergeOptions(lunarTrick, undefined)).toEqual({ options: { highestAnySuit: false } });
    expect(mergeOptions(lunarTrick, { highestAnySuit: true })).toEqual({ options: { highestAnySuit: true } });
    expect(mergeOptions(lunarTrick, { x: 1 })).toMatchObject({ rule: "SIM-options" });
  });
});

describe("simulateGames", () => {
  it("stats are consistent: every round's tricks add up to the tricks played plus eclipse cards held", () => {
    for (const players of [3, 4]) {
      const r = simulateGames({ game: "lunar-trick", players, games: 50, seed: "stats", policy: "random" });
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      const samples = r.tricks.reduce((n, h) => n + h.count, 0);
      const rounds = Math.round(r.rounds.mean * 50);
      expect(samples).toBe(rounds * players);
      const totalTricks = r.tricks.reduce((n, h) => n + h.value * h.count, 0);
      // 3p: 10 tricks a round + the Lunar Eclipse unless set aside; 4p: 8 + both eclipses
      if (players === 4) expect(totalTricks).toBe(rounds * 10);
      else {
        expect(totalTricks).toBeGreaterThanOrEqual(rounds * 10);
        expect(totalTricks).toBeLessThanOrEqual(rounds * 11);
      }
      expect(r.winRate.every((w) => w >= 0 && w <= 1)).toBe(true);
      expect(r.meanScores.every((m) => m >= 0)).toBe(true);
    }
  });

  it("refuses bad requests with a rule id", () => {
    expect(simulateGames({ game: "lunar-trick", players: 3, games: 0, seed: "s", policy: "random" })).toMatchObject({ ok: false, rule: "SIM-games" });
    expect(simulateGames({ game: "lunar-trick", players: 3, games: 1, seed: "s", policy: "smart" as never })).toMatchObject({ rule: "SIM-policy" });
  });

  it("a game that does not end is reported, not looped forever", () => {
    const r = simulateGames({ game: "lunar-trick", players: 3, games: 1, seed: "s", policy: "random", maxActions: 10 });
    expect(r).toMatchObject({ ok: false, game: 0, rule: "SIM-length" });
  });
});
