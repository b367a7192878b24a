/**
 * `syzygy simulate` hardening (issue 18): a closed output pipe ends the run quietly, special
 * option names are usage errors, and long Lua runs report progress between batches of games.
 */
import { afterEach, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { canonical } from "../src/engine/core/serialize";
import { simulateGames } from "../src/engine/sim";
import type { SimRequest } from "../src/engine/sim";
import { runSimulate } from "../src/cli/engine-runtime";
import { progressPrinter } from "../src/cli/commands/simulate";
import { CLI, ROOT, run } from "./cli-support";

afterEach(() => {
  process.exitCode = undefined;
});

describe("simulate output into a closed pipe", () => {
  it("`simulate --json | head -c 10`: exits 0 with nothing on stderr (EPIPE, no stack trace)", async () => {
    const child = spawn(process.execPath, [CLI, "simulate", "lunar-trick", "--games", "5", "--json"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.destroy(); // the reader is gone before the report is written
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((done) => child.on("close", (c) => done(c)));
    expect(err).toBe("");
    expect(code).toBe(0);
  }, 30_000);
});

describe("simulate options", () => {
  it.each(["__proto__", "constructor", "toString"])("--option %s=1 is a usage error naming the known options", async (name) => {
    const r = await run("simulate", "lunar-trick", "--games", "1", "--option", `${name}=1`);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`simulate: unknown option "${name}" for lunar-trick (known: highestAnySuit)\n`);
  });

  it("an option given twice or with a non-ASCII name is a usage error", async () => {
    expect((await run("simulate", "lunar-trick", "--option", "highestAnySuit=true", "--option", "highestAnySuit=false")).err).toMatch(/given twice/);
    expect((await run("simulate", "lunar-trick", "--option", "hïgh=1")).code).toBe(2);
  });

  it("option values get the game's own checks, as in replay (EC-35: a series is an odd number of matches)", async () => {
    const even = await run("simulate", "eclipsed", "--players", "2", "--games", "1", "--option", "series=2");
    expect(even.code).toBe(2);
    expect(even.err).toMatch(/series must be an odd number of matches/);
    const req: SimRequest = { game: "eclipsed", players: 2, games: 1, seed: "s", policy: "random", options: { series: 2 } };
    expect(simulateGames(req)).toMatchObject({ ok: false, rule: "EC-35" });
    expect((await run("simulate", "eclipsed", "--players", "2", "--games", "1", "--option", "series=3")).code).toBe(0);
  });
});

describe("simulate counts", () => {
  it.each([["--games", "1e20"], ["--games", "0x10"], ["--games", "20000000"], ["--games", ""], ["--players", "3.0"]])("%s %j is a usage error", async (flag, value) => {
    const r = await run("simulate", "lunar-trick", flag, value);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`^${flag} must be a whole number from 1 to \\d+, got "${value.replace(".", "\\.")}"`));
  });
});

describe("simulate progress", () => {
  it("Lua runs report progress between batches and end with the same report as Node", async () => {
    const req: SimRequest = { game: "lunar-trick", players: 3, games: 12, seed: "p", policy: "random" };
    const seen: number[] = [];
    const lua = await runSimulate(req, "lua", (done, total) => {
      expect(total).toBe(12);
      seen.push(done);
    });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen[seen.length - 1]).toBe(12);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(canonical(lua)).toBe(canonical(simulateGames(req)));
  }, 60_000);

  it("a failing request in Lua is reported like Node's", async () => {
    const req: SimRequest = { game: "lunar-trick", players: 9, games: 3, seed: "p", policy: "random" };
    expect(canonical(await runSimulate(req, "lua"))).toBe(canonical(simulateGames(req)));
  }, 60_000);

  it("the printer stays silent for a second, then writes lines (in place on a terminal)", () => {
    let t = 0;
    const file: string[] = [];
    const p = progressPrinter({ isTTY: false, write: (s) => file.push(s) }, () => t);
    p.update(1, 100);
    t = 900;
    p.update(2, 100);
    expect(file).toEqual([]);
    t = 2500;
    p.update(40, 100);
    t = 3000;
    p.update(50, 100); // within 2 s of the last line: skipped
    p.end();
    expect(file).toEqual(["simulate: 40/100 games (40%)\n"]);
    const tty: string[] = [];
    t = 0;
    const q = progressPrinter({ isTTY: true, write: (s) => tty.push(s) }, () => t);
    t = 1300;
    q.update(7, 10);
    q.end();
    expect(tty).toEqual(["\rsimulate: 7/10 games (70%)", "\n"]);
  });
});
