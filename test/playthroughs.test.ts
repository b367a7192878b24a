/**
 * Golden playthroughs (src/engine/<game>/playthroughs/*.txt, written by scripts/make-playthroughs.ts): every
 * committed transcript is reproduced exactly in Node and in real Lua 5.2 (the engine bundle) —
 * every event, the mid-game and final views, the result — and `simulateGames` with the
 * transcript's request still plays that game (its eventsHash). Parity alone cannot catch a rule
 * change that alters both runtimes alike; a transcript does. See scripts/playthroughs.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonical } from "../src/engine/core/serialize";
import { replayGame, simulateGames, type ReplayReport, type ReplayRequest, type SimReport, type SimRequest } from "../src/engine/sim";
import { LuaEngine } from "../src/lua-host/index";
import {
  caseOfFile,
  defaultCases,
  eventsHash,
  firstLineDifference,
  formatGolden,
  goldenCases,
  goldenPath,
  parseGolden,
  recordGolden,
  ROOT,
  transcriptFiles,
  type ParsedGolden,
} from "../scripts/playthroughs";
import { GAME_IDS } from "../src/engine/registry";

const cases = goldenCases();

let lua: LuaEngine;
beforeAll(() => {
  lua = new LuaEngine();
});
afterAll(() => lua.close());

interface Runtime {
  replay(req: ReplayRequest): ReplayReport;
  simulate(req: SimRequest): SimReport;
}

const node: Runtime = { replay: (req) => replayGame(req), simulate: (req) => simulateGames(req) };
const inLua: Runtime = {
  replay: (req) => lua.call<ReplayReport>("replayGame", req),
  simulate: (req) => lua.call<SimReport>("simulateGames", req),
};

function replayed(rt: Runtime, req: ReplayRequest, where: string): Extract<ReplayReport, { ok: true }> {
  const report = rt.replay(req);
  if (!report.ok) expect.fail(`${where}: action ${report.index} refused: ${report.rule} ${report.message}`);
  return report;
}

/** Structurally first (vitest prints a field-by-field diff), then byte for byte. */
function sameView(actual: unknown, expected: string, what: string): void {
  expect(JSON.parse(canonical(actual)), what).toEqual(JSON.parse(expected));
  expect(canonical(actual), what).toBe(expected);
}

/** The transcript's events, views, result and eventsHash, reproduced by `rt`'s replayGame and simulateGames. */
function checkRuntime(rt: Runtime, golden: ParsedGolden, file: string): void {
  const full = golden.replay;
  for (const v of golden.views) {
    const report = replayed(rt, { ...full, viewAs: v.seat }, `${file} (view ${v.seat})`);
    const events = report.events.map((e) => canonical(e));
    const diff = firstLineDifference(golden.events.join("\n"), events.join("\n"), "event");
    if (diff !== undefined) expect.fail(`${file} (view ${v.seat}): events differ at ${diff}`);
    sameView(report.view, v.view, `${file} final view of seat ${v.seat}`);
    expect(canonical(report.result), `${file} result`).toBe(golden.result);
    expect(canonical(report.active), `${file} active seats`).toBe(golden.active);
  }
  for (const v of golden.midViews) {
    const report = replayed(rt, { ...full, actions: full.actions.slice(0, v.after), viewAs: v.seat }, `${file} (view after ${v.after})`);
    sameView(report.view, v.view, `${file} view of seat ${v.seat} after ${v.after} actions`);
  }
  const sim = rt.simulate(golden.request);
  if (!sim.ok) expect.fail(`${file}: simulate refused: ${sim.rule} ${sim.message}`);
  expect(sim.eventsHash, `${file}: simulateGames no longer plays this game`).toBe(eventsHash(golden.events));
}

function read(name: string): { text: string; golden: ParsedGolden } {
  const text = fs.readFileSync(path.join(ROOT, name), "utf8");
  return { text, golden: parseGolden(text, name) };
}

describe("golden playthroughs", () => {
  for (const game of GAME_IDS) {
    it(`${game}: a transcript per player count and policy in its folder, each file named by its own request`, () => {
      const missing = defaultCases([game]).map(goldenPath).filter((f) => !fs.existsSync(path.join(ROOT, f)));
      if (missing.length > 0) expect.fail(`no transcript ${missing.join(", ")}: write them with npx tsx scripts/make-playthroughs.ts ${game}`);
      for (const file of transcriptFiles(game)) {
        const c = caseOfFile(file);
        expect(c.game, file).toBe(game);
        expect(goldenPath(c), `${file} records another game than its name says`).toBe(file);
      }
    });
  }

  for (const c of cases) {
    const name = goldenPath(c);
    it(`${name}: Node plays and replays it exactly`, () => {
      const { text, golden } = read(name);
      // the transcript is a real, finished game
      expect(JSON.parse(golden.result)).toMatchObject({ over: true });
      expect(golden.replay.actions.length).toBeGreaterThan(c.players * 4);
      const diff = firstLineDifference(text, formatGolden(recordGolden(c)));
      if (diff !== undefined) expect.fail(`${name} differs from the engine's game at ${diff}`);
      checkRuntime(node, golden, name);
    });
    it(`${name}: Lua 5.2 replays it exactly`, () => {
      checkRuntime(inLua, read(name).golden, name);
    });
  }
});
