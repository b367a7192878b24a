/**
 * Whole games on the strict fake host (decks spawn cards frames later, remainders, merges): every
 * game at every legal player count deals full hands and plays to the end with one human (table
 * events) and bots (the script's greedy policies); bots-only games whose logs replay identically;
 * match options at Start; the start guard; a resumed game never shows the start panel.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { replayGame } from "../../src/engine/sim";
import { canonical } from "../../src/engine/core/serialize";
import { UI_BOTS, UI_OPTION, UI_SCORES, UI_START_PANEL, UI_STATUS } from "../../src/table/ui-ids";
import { findDefinition } from "../../src/games/index";
import { ENGINE_GAMES, playerCounts } from "../games";

const choicesFor = (game: string) => findDefinition(game)!.table.choices;
import type { FakeTts } from "./fake-tts";
import { run, tempFile } from "../cli-support";
import { Mirror, play, playWithBots, syncFromTable, tableLog, useFakeTables, slow } from "./driver";

const games: Record<string, ReturnType<typeof useFakeTables>> = {};
for (const id of ENGINE_GAMES) games[id] = useFakeTables(id);

/** Engine deck cards only (pieces such as bid cards are "component/item"). */
const deckCards = (notes: string[] | undefined): string[] => (notes ?? []).filter((n) => !n.includes("/"));

function expectHandsMatch(t: FakeTts, m: Mirror): void {
  const hands = t.hands();
  for (let s = 0; s < m.players; s++) expect(deckCards(hands[m.colors[s]])).toEqual(m.hand(s));
}

/** The script's replay log, replayed by `syzygy replay` (the CLI, in process): the same result the table shows. */
async function expectLogReplays(t: FakeTts, m: Mirror): Promise<void> {
  t.messages();
  t.call("syzygyReplayLog(nil)");
  const text = t.messages().find((x) => x.to === "log")!.text;
  const file = tempFile("table-log.json", text);
  const cli = await run("replay", file);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  expect(cli.err).toBe("");
  expect(cli.code).toBe(0);
  const log = JSON.parse(text);
  expect(canonical(log.actions)).toBe(canonical(m.actions));
  expect(log.options ?? {}).toEqual(m.options);
  const report = replayGame(log);
  expect(JSON.parse(cli.out).result).toEqual(report.ok ? report.result : undefined);
  expect(report.ok).toBe(true);
  if (!report.ok) return;
  expect(report.result.over).toBe(true);
  expect(t.ui(UI_SCORES)).toBe(report.result.scores.map((v, s) => `${m.colors[s]} ${v}`).join("   "));
  expect(t.ui(UI_STATUS)).toMatch(/^Game over: /);
}

/** Every engine game at every player count it seats. */
const COUNTS: [string, number[]][] = ENGINE_GAMES.map((g) => [g, playerCounts(g)]);

describe("whole games in the strict fake host", () => {
  for (const [game, counts] of COUNTS) {
    for (const players of counts) {
      it(`${game}, ${players} players: full hands dealt, one human and ${players - 1} bots play to the end`, async () => {
        const t = games[game].table();
        const seed = `bots-${game}-${players}`;
        expect(t.startSeeded(players, seed, players - 1)).toBe("");
        const m = new Mirror(game, players, seed);
        expectHandsMatch(t, m);
        expect(t.snapshot().spawning).toBe(0);
        playWithBots(t, m, [0], Infinity, () => expectHandsMatch(t, m));
        expect(m.over()).toBe(true);
        expect(m.actions.some((a) => a.seat === 0)).toBe(true);
        expect(m.actions.some((a) => a.seat !== 0)).toBe(true);
        if (game === "eclipsed") {
          const rounds = m.events.filter((e) => e.type === "round") as unknown as { wentOut: number }[];
          expect(rounds.length).toBeGreaterThanOrEqual(3);
          expect(m.actions.some((a) => a.type === "meld")).toBe(true);
          expect(rounds.some((r) => r.wentOut >= 0)).toBe(true);
        }
        await expectLogReplays(t, m);
        expect(t.snapshot().smoothTakes).toBe(0);
        expect(t.errors()).toEqual([]);
      }, slow(120_000));
    }
    it(`${game}: a bots-only game plays itself, paced by the script's timers, and its log replays identically`, async () => {
      const t = games[game].table();
      const players = counts[0];
      const seed = `bots-only-${game}`;
      t.startSeeded(players, seed, players);
      const m = new Mirror(game, players, seed);
      // Nothing moves before the first pause; then one move at a time.
      syncFromTable(t, m);
      expect(m.actions.length).toBe(0);
      t.advance(1.3);
      syncFromTable(t, m);
      expect(m.actions.length).toBe(1);
      playWithBots(t, m, [], Infinity, () => expectHandsMatch(t, m));
      await expectLogReplays(t, m);
      expect(t.errors()).toEqual([]);
    }, slow(120_000));
  }

  it("match options chosen at Start reach the engine and the replay log (Eclipsed quick match to 35, EC-28)", async () => {
    const t = games.eclipsed.table();
    const quick = choicesFor("eclipsed").findIndex((c) => c.options.format === "quick");
    t.startSeeded(2, "quick-1", 2, quick);
    expect(t.messages().map((x) => x.text).join("\n")).toContain("Quick match to 35");
    const m = new Mirror("eclipsed", 2, "quick-1", "random", { format: "quick" });
    expect(m.state.target).toBe(35);
    playWithBots(t, m, []);
    expect(Math.max(...(m.state.totals as number[]))).toBeGreaterThanOrEqual(35);
    await expectLogReplays(t, m);
  }, slow(120_000));

  it("EC-35 series at Start: best of 3 matches to 50; totals restart after a match; the first to win 2 wins; the log replays", async () => {
    const t = games.eclipsed.table();
    const series = choicesFor("eclipsed").findIndex((c) => c.options.series === 3);
    t.startSeeded(2, "series-1", 2, series);
    const m = new Mirror("eclipsed", 2, "series-1", "random", { format: "standard", series: 3 });
    playWithBots(t, m, []);
    const matches = m.events.filter((e) => e.type === "matchWon") as unknown as { seat: number; totals: number[] }[];
    expect(matches.length).toBeGreaterThanOrEqual(1);
    for (const w of matches) expect(w.totals[w.seat]).toBeGreaterThanOrEqual(50);
    const wins = m.state.matchWins as number[];
    expect(Math.max(...wins)).toBe(2);
    expect(m.game.result(m.state).winners).toEqual([wins.indexOf(2)]);
    expect(t.messages().map((x) => x.text).join("\n")).toContain("wins the match; matches won:");
    await expectLogReplays(t, m);
    // A series of an even number of matches is refused before the game starts.
    const r = replayGame({ game: "eclipsed", players: 2, seed: "s", options: { format: "standard", series: 2 }, actions: [] });
    expect(r.ok ? "" : r.rule).toBe("EC-35");
  }, slow(120_000));

  it("Lunar Trick's LT-7 option (highest of any suit) is offered at Start and logged", async () => {
    const t = games["lunar-trick"].table();
    const any = choicesFor("lunar-trick").findIndex((c) => c.options.highestAnySuit === true);
    t.startSeeded(3, "lt7-1", 3, any);
    const m = new Mirror("lunar-trick", 3, "lt7-1", "random", { highestAnySuit: true });
    playWithBots(t, m, []);
    await expectLogReplays(t, m);
  }, slow(120_000));
});

describe("the start panel", () => {
  it("Bots and Match options buttons cycle their labels and Start uses them", async () => {
    const t = games.eclipsed.table();
    expect(t.ui(UI_BOTS, "text")).toBe("Bots: none");
    expect(t.ui(UI_OPTION, "text")).toBe(choicesFor("eclipsed")[0].label);
    t.click("syzygyBots");
    t.click("syzygyBots");
    expect(t.ui(UI_BOTS, "text")).toBe("Bots: 2 seats");
    t.click("syzygyOption");
    expect(t.ui(UI_OPTION, "text")).toBe(choicesFor("eclipsed")[1].label);
    t.click("syzygyStart3");
    expect(t.messages().map((x) => x.text).join("\n")).toContain("bots play Red, Blue");
    expect(t.ui(UI_STATUS)).toBe("Waiting for White, Red (bot), Blue (bot)");
    t.advance(3);
    const log = tableLog(t);
    expect(log.length).toBeGreaterThan(0);
    expect(log.every((a) => a.seat !== 0)).toBe(true);
    t.messages();
    t.call("syzygyReplayLog(nil)");
    expect(JSON.parse(t.messages().find((x) => x.to === "log")!.text).options).toEqual({ ...choicesFor("eclipsed")[1].options, series: 1 });
    // Cycling wraps: four bots are at most the game's maximum, then none again.
    for (let k = 0; k < 3; k++) t.click("syzygyBots");
    expect(t.ui(UI_BOTS, "text")).toBe("Bots: none");
  });
});

describe("start guard and resuming", () => {
  it("Start during a game asks for a second press before it abandons the game", async () => {
    const t = games["lunar-trick"].table();
    t.startSeeded(3, "guard-1");
    const m = new Mirror("lunar-trick", 3, "guard-1");
    play(t, m, 2);
    const hands = t.hands();
    t.messages();
    t.click("syzygyStart4");
    expect(t.messages().map((x) => x.text)).toEqual([
      "A game is in progress; press Start: 4 players again within 10 seconds to abandon it and deal a new one.",
    ]);
    expect(tableLog(t).length).toBe(2);
    expect(t.hands()).toEqual(hands);
    // Pressing again after the confirmation ran out asks again; pressing within it starts anew.
    t.advance(11);
    t.click("syzygyStart4");
    expect(tableLog(t).length).toBe(2);
    t.click("syzygyStart4");
    expect(tableLog(t).length).toBe(0);
    expect(Object.keys(t.hands()).sort()).toEqual(["Blue", "Red", "White", "Yellow"]);
  });

  it("a fresh table shows the start panel; a resumed game never does, though the XmlUI loads after onLoad", async () => {
    const fresh = games["solar-eclipse"].table();
    expect(fresh.ui(UI_START_PANEL, "active")).toBe("true");
    fresh.startSeeded(2, "resume-ui");
    const m = new Mirror("solar-eclipse", 2, "resume-ui");
    play(fresh, m, 4);
    const resumed = games["solar-eclipse"].table(fresh.saveGame());
    expect(resumed.ui(UI_START_PANEL, "active")).toBe("false");
    expect(resumed.ui(UI_STATUS)).toBe(fresh.ui(UI_STATUS));
    expect(resumed.ui(UI_SCORES)).toBe(fresh.ui(UI_SCORES));
  });

  it("bot seats survive a save and load and the bots play on", async () => {
    const a = games["lunar-trick"].table();
    a.startSeeded(3, "bot-resume", 2);
    const m = new Mirror("lunar-trick", 3, "bot-resume");
    playWithBots(a, m, [0], 12);
    const b = games["lunar-trick"].table(a.saveGame());
    const mb = new Mirror("lunar-trick", 3, "bot-resume");
    syncFromTable(b, mb);
    playWithBots(b, mb, [0], Infinity, () => expectHandsMatch(b, mb));
    await expectLogReplays(b, mb);
  }, slow(120_000));
});
