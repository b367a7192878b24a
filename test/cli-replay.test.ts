/** `syzygy replay` and `syzygy simulate`: output contract, exit codes, located errors, determinism. */
import { afterEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "./cli-support";

const ROOT = join(__dirname, "..");
const EXAMPLE = join(ROOT, "src/engine/lunar-trick/examples/3p.json");
const ILLEGAL = join(ROOT, "src/engine/lunar-trick/examples/illegal.json");

function spawnCli(args: string[], input?: string) {
  return spawnSync(process.execPath, [join(ROOT, "bin/syzygy.js"), ...args], { cwd: ROOT, input, encoding: "utf8" });
}

function tempFile(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "syzygy-replay-"));
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

afterEach(() => {
  process.exitCode = undefined;
});

describe("syzygy replay", () => {
  it("replays the example game: one JSON line with every trick, round and the game end", async () => {
    const { code, out, err } = await run("replay", EXAMPLE);
    expect(err).toBe("");
    expect(code).toBe(0);
    expect(out.endsWith("\n")).toBe(true);
    expect(out.trim().split("\n")).toHaveLength(1);
    const report = JSON.parse(out);
    expect(report.ok).toBe(true);
    const tricks = report.events.filter((e: { type: string }) => e.type === "trick");
    const rounds = report.events.filter((e: { type: string }) => e.type === "round");
    expect(tricks.length).toBe(rounds.length * 10); // 3 players: initial trick + 9
    expect(tricks[0]).toEqual({ type: "trick", round: 1, index: 0, leader: -1, cards: ["rising-4", "rising-12", "falling-20"], winner: 1, next: 1 });
    expect(tricks[1]).toMatchObject({ index: 1, leader: 1, cards: ["lunar-eclipse", "rising-6", "falling-29"], winner: 1 });
    const over = report.events[report.events.length - 1];
    expect(over.type).toBe("gameOver");
    expect(report.result).toEqual({ over: true, winners: over.winners, scores: rounds[rounds.length - 1].totals });
    expect(report.view.seat).toBe(-1);
    expect(report.view.hand).toEqual([]);
  });

  it("prints the same bytes every time, with keys sorted", async () => {
    const a = await run("replay", EXAMPLE);
    const b = await run("replay", EXAMPLE);
    expect(a.out).toBe(b.out);
    expect(a.out.startsWith('{"active":[],"events":[')).toBe(true);
  });

  it("--view SEAT reports that seat's view", async () => {
    const { out } = await run("replay", ILLEGAL.replace("illegal", "3p"), "--view", "2");
    expect(JSON.parse(out).view.seat).toBe(2);
  });

  it("an illegal action: exit 1, the ruling on stdout, one line on stderr with file:line:col", async () => {
    const { code, out, err } = await run("replay", ILLEGAL);
    expect(code).toBe(1);
    const report = JSON.parse(out);
    expect(Object.keys(report).sort()).toEqual(["index", "message", "ok", "rule"]);
    expect(report).toMatchObject({ ok: false, index: 5, rule: "LT-6" });
    expect(report.message).toMatch(/5-11/);
    expect(err.trim().split("\n")).toHaveLength(1);
    expect(err).toMatch(/lunar-trick\/examples\/illegal\.json:17:5: action 5 \(seat 0 play falling-16\) refused by LT-6/);
  });

  it("malformed JSON: an input error (exit 1) with line and column", async () => {
    const file = tempFile("bad.json", '{\n  "game": "lunar-trick",\n  "players": 3\n  "seed": "s"\n}\n');
    const { code, out, err } = await run("replay", file);
    expect(code).toBe(1);
    expect(out).toBe("");
    expect(err).toMatch(/bad\.json:4:3: invalid JSON/);
    expect(err).not.toMatch(/at .*\.ts/); // no stack trace
  });

  it("a wrong shape: exit 1, every problem located with its JSON path and a did-you-mean", async () => {
    const file = tempFile(
      "shape.json",
      '{"game":"lunar-trick","players":3,"sede":"s",\n"actions":[{"seat":0,"type":"commit","card":"rising-4"},\n {"seat":"1","type":"commit"}]}',
    );
    const { code, err } = await run("replay", file);
    expect(code).toBe(1);
    expect(err).toMatch(/shape\.json:1:42: sede: unknown key "sede" \(did you mean "seed"\?\)/);
    expect(err).toMatch(/seed: expected a seed string/);
    expect(err).toMatch(/shape\.json:3:10: actions\[1\]\.seat: expected a seat number/);
  });

  it("a bad deal or game: exit 1 located at the offending value", async () => {
    const example = JSON.parse(readFileSync(ILLEGAL, "utf8"));
    example.deal[1][2] = "rising-4";
    const file = tempFile("deal.json", JSON.stringify(example, null, 2));
    const { code, out, err } = await run("replay", file);
    expect(code).toBe(1);
    expect(JSON.parse(out)).toMatchObject({ ok: false, index: -1, rule: "LT-1" });
    expect(err).toMatch(/deal\.json:\d+:\d+: LT-1: deal\[1\]\[2\]: rising-4 is dealt twice/);
    const unknown = tempFile("game.json", '{"game":"lunar","players":3,"seed":"s","actions":[]}');
    const r = await run("replay", unknown);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/game\.json:1:9: SIM-game: unknown or unregistered game "lunar"/);
    const opt = tempFile("opt.json", '{"game":"lunar-trick","players":3,"seed":"s","options":{"highestAnySuite":true},"actions":[]}');
    expect((await run("replay", opt)).err).toMatch(/unknown option "highestAnySuite" for lunar-trick \(known: highestAnySuit\)/);
  });

  it("a missing file is a usage error without a stack trace", async () => {
    const { code, err } = await run("replay", join(tmpdir(), "no-such-replay.json"));
    expect(code).toBe(2);
    expect(err).toMatch(/no such file/);
  });

  it("--runtime lua prints the same bytes as Node (the engine compiled to Lua 5.2)", async () => {
    const node = await run("replay", EXAMPLE);
    const lua = await run("replay", EXAMPLE, "--runtime", "lua");
    expect(lua.err).toBe("");
    expect(lua.code).toBe(0);
    expect(lua.out).toBe(node.out);
    const refusedNode = await run("replay", ILLEGAL);
    const refusedLua = await run("replay", ILLEGAL, "--runtime", "lua");
    expect(refusedLua.code).toBe(1);
    expect(refusedLua.out).toBe(refusedNode.out);
  });

  it("reads stdin with - and sets the process exit code (one real process: startup is slow)", () => {
    const bad = spawnCli(["replay", "-"], readFileSync(ILLEGAL, "utf8"));
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({ ok: false, index: 5, rule: "LT-6" });
    expect(bad.stderr).toMatch(/^<stdin>:17:5: action 5 \(seat 0 play falling-16\) refused by LT-6/);
  });

  it("truncated JSON is located at its end", async () => {
    const file = tempFile("cut.json", '{"game":"lunar-trick",\n "actions":[');
    const { code, err } = await run("replay", file);
    expect(code).toBe(1);
    expect(err).toMatch(/cut\.json:2:13: invalid JSON/);
  });
});

describe("syzygy simulate", () => {
  it("--json: same seed → same bytes, no timings; stats add up", async () => {
    const args = ["simulate", "lunar-trick", "--games", "60", "--seed", "s", "--players", "4", "--json"];
    const a = await run(...args);
    const b = await run(...args);
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
    const report = JSON.parse(a.out);
    expect(report).toMatchObject({ ok: true, game: "lunar-trick", players: 4, games: 60, policy: "random" });
    expect(report.eventsHash).toMatch(/^[0-9a-f]{16}$/);
    expect(a.out).not.toMatch(/time|runtime|node|lua|ms"/i);
    const samples = report.points.reduce((n: number, h: { count: number }) => n + h.count, 0);
    expect(samples).toBe(Math.round(report.rounds.mean * 60) * 4);
    // every game has a winner; a shared victory adds one win per extra winner
    expect(report.wins.reduce((x: number, y: number) => x + y, 0)).toBeGreaterThanOrEqual(60 + report.sharedWins);
    const other = await run("simulate", "lunar-trick", "--games", "60", "--seed", "t", "--players", "4", "--json");
    expect(JSON.parse(other.out).eventsHash).not.toBe(report.eventsHash);
  });

  it("greedy policy and options change the games", async () => {
    const random = JSON.parse((await run("simulate", "lunar-trick", "--games", "30", "--json")).out);
    const greedy = JSON.parse((await run("simulate", "lunar-trick", "--games", "30", "--policy", "greedy", "--json")).out);
    const anySuit = JSON.parse((await run("simulate", "lunar-trick", "--games", "30", "--option", "highestAnySuit=true", "--json")).out);
    expect(greedy.policy).toBe("greedy");
    expect(greedy.eventsHash).not.toBe(random.eventsHash);
    expect(anySuit.options).toEqual({ highestAnySuit: true });
    expect(anySuit.eventsHash).not.toBe(random.eventsHash);
  });

  it("human-readable stats by default", async () => {
    const { code, out } = await run("simulate", "lunar-trick", "--games", "20", "--players", "3");
    expect(code).toBe(0);
    expect(out).toMatch(/lunar-trick: 20 games, 3 players, random policy/);
    expect(out).toMatch(/rounds per game: +mean/);
    expect(out).toMatch(/seat 2:/);
    expect(out).toMatch(/events hash: [0-9a-f]{16}/);
  });

  it("usage errors exit 2 with a clear message", async () => {
    const unknown = await run("simulate", "lunar-trik");
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/did you mean "lunar-trick"/);
    expect((await run("simulate", "lunar-trick", "--players", "5")).err).toMatch(/3 to 4 players/);
    expect((await run("simulate", "lunar-trick", "--games", "0")).code).toBe(2);
    expect((await run("simulate", "lunar-trick", "--policy", "smart")).err).toMatch(/random or greedy/);
    expect((await run("simulate", "lunar-trick", "--option", "nope=1")).err).toMatch(/unknown option "nope"/);
    expect((await run("simulate", "lunar-trick", "--runtime", "python")).code).toBe(2);
  });
});
