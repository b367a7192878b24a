/**
 * Adding a game is one folder and one line (docs/engines.md "Adding a game", step by step): in a copy of
 * the project (the files git knows, node_modules shared entry by entry), `syzygy new <id>
 * --engine` and `syzygy new <id>` scaffold a game with a rules engine and one without, the engine
 * game gets its one line in src/games/list.ts, `npm run gen`, `make-playthroughs <id>` and
 * `make-examples <id>` write its generated files, and the copy's whole `npm test` passes — every
 * contract, parity, playthrough, print, TTS and data test picks the new games up by itself (the
 * print tests are seen to run cases naming them; where Mono is installed, its game is played in
 * MoonSharp 2.0 too). Then the only file changed outside the new
 * games' own folders is src/games/list.ts, by one added line.
 * Run by `npm run test:add-game` (vitest.add-game.config.ts).
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LONG_FILES } from "../vitest.config";

const REPO = path.resolve(import.meta.dirname, "..");
const ENGINE_GAME = "proof-tricks";
const PLAIN_GAME = "proof-deck";
const copy = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-add-game-"));
/** Where the copy's vitest runs write their JSON reports: outside the copy, whose changes are checked. */
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-add-game-reports-"));
/**
 * The print tests with a case per game (test/games.ts): each must run cases naming the new games.
 * Those of LONG_FILES (not in npm test) run in the copy after its npm test.
 */
const PRINT_FILES = ["print-content", "print-contents", "print-geometry", "print-ink", "print-packing", "print-pieces"].map((f) => `test/${f}.test.ts`);

afterAll(() => {
  fs.rmSync(copy, { recursive: true, force: true });
  fs.rmSync(reports, { recursive: true, force: true });
});

interface JsonReport {
  testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
}

/** The passed tests of a vitest JSON report, by test file (relative to the copy). */
function passed(report: string): Map<string, string[]> {
  const json = JSON.parse(fs.readFileSync(report, "utf8")) as JsonReport;
  const out = new Map<string, string[]>();
  for (const f of json.testResults) {
    out.set(path.relative(copy, f.name), f.assertionResults.filter((a) => a.status === "passed").map((a) => a.fullName));
  }
  return out;
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=proof", "-c", "user.email=proof@localhost", ...args], { cwd, encoding: "utf8", maxBuffer: 64 << 20 });
}

/** Runs a command in the copy; fails the test with its output when it fails. */
function sh(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { cwd: copy, encoding: "utf8", maxBuffer: 256 << 20, env: { ...process.env, FORCE_COLOR: "0" } });
  const out = `${r.stdout}\n${r.stderr}`;
  if (r.status !== 0) expect.fail(`${cmd} ${args.join(" ")} exited ${r.status}:\n${out.slice(-6000)}`);
  return out;
}

/** The project as git has it (committed or new, not ignored), and node_modules' entries linked (its .cache stays the copy's own). */
function copyProject(): void {
  const files = git(REPO, "ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0").filter((f) => f !== "");
  for (const f of files) {
    const from = path.join(REPO, f);
    if (!fs.existsSync(from)) continue; // deleted in the work tree
    fs.mkdirSync(path.dirname(path.join(copy, f)), { recursive: true });
    fs.copyFileSync(from, path.join(copy, f));
    fs.chmodSync(path.join(copy, f), fs.statSync(from).mode);
  }
  fs.mkdirSync(path.join(copy, "node_modules"));
  for (const e of fs.readdirSync(path.join(REPO, "node_modules"))) {
    if (e !== ".cache") fs.symlinkSync(path.join(REPO, "node_modules", e), path.join(copy, "node_modules", e));
  }
}

/** "proof-tricks" → "proofTricks". */
const camel = (id: string): string => id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

describe("adding a game: one folder and one line", () => {
  it("an engine game and a data-only game scaffolded into a copy pass its whole npm test, and only GAMES changed", () => {
    copyProject();
    git(copy, "init", "-q");
    git(copy, "add", "-A");
    git(copy, "commit", "-qm", "the project as it was");

    // docs/engines.md "Adding a game", as written there.
    sh("node", ["bin/syzygy.js", "new", ENGINE_GAME, "--engine"]);
    sh("node", ["bin/syzygy.js", "new", PLAIN_GAME]);
    const list = path.join(copy, "src/games/list.ts");
    const gamesLine = `export { definition as ${camel(ENGINE_GAME)} } from "../engine/${ENGINE_GAME}/index";`;
    fs.appendFileSync(list, `${gamesLine}\n`);
    sh("npm", ["run", "gen"]);
    sh("npx", ["tsx", "scripts/make-playthroughs.ts", ENGINE_GAME]);
    sh("npx", ["tsx", "scripts/make-examples.ts", ENGINE_GAME]);
    const example = JSON.parse(fs.readFileSync(path.join(copy, "src/engine", ENGINE_GAME, "examples/2p.json"), "utf8")) as { actions: unknown[] };
    expect(example.actions.length, "the scaffolded example, played to its end").toBeGreaterThan(10);
    sh("node", ["bin/syzygy.js", "validate"]); // every game valid; compiles dist/ once, before tests time CLI runs

    // npm test exits 0 (sh checks); the verbose reporter lists every test, so the new games' are seen to run.
    const test = sh("npm", ["test", "--", "--reporter=verbose", "--reporter=json", `--outputFile.json=${path.join(reports, "npm-test.json")}`]).replace(/\x1b\[[0-9;]*m/g, "");
    expect(test).toMatch(/Test Files\s+\d+ passed/);
    expect(test).not.toMatch(/Test Files\s+\d+ failed/);
    const ran = (id: string): string[] => test.split("\n").filter((l) => l.includes(id) && l.includes("✓"));
    // the engine game: its contract, playthroughs in Node and Lua, parity, TTS save and secrets tests
    // …and in MoonSharp 2.0, TTS's interpreter (test/lua/moonsharp-games.test.ts), where Mono is installed
    const mono = spawnSync("mono", ["--version"]).status === 0;
    const parts = ["engine contract", "Lua 5.2 replays it exactly", "Node plays and replays it exactly", "save"];
    if (mono) parts.push("the same canonical playthrough");
    for (const part of parts) {
      expect(ran(ENGINE_GAME).some((l) => l.includes(part)), `${ENGINE_GAME}: ${part}`).toBe(true);
    }
    // the data-only game: its data and its plain TTS save
    expect(ran(PLAIN_GAME).length, PLAIN_GAME).toBeGreaterThan(0);

    // The print tests ran cases naming each new game (those npm test leaves out, run here).
    const longPrint = PRINT_FILES.filter((f) => LONG_FILES.includes(f));
    sh("npx", ["vitest", "run", ...longPrint, "--reporter=json", `--outputFile.json=${path.join(reports, "print.json")}`]);
    const printed = new Map([...passed(path.join(reports, "npm-test.json")), ...passed(path.join(reports, "print.json"))]);
    for (const file of PRINT_FILES) {
      for (const id of [ENGINE_GAME, PLAIN_GAME]) {
        expect((printed.get(file) ?? []).filter((name) => name.includes(id)).length, `${file} ran cases for ${id}`).toBeGreaterThan(0);
      }
    }

    // What changed: list.ts (its one line) and new files in the new games' own places.
    const changed = git(copy, "status", "--porcelain", "--untracked-files=all")
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => ({ status: l.slice(0, 2).trim(), file: l.slice(3) }));
    const own = (f: string): boolean =>
      [ENGINE_GAME, PLAIN_GAME].some(
        (id) => f.startsWith(`data/${id}/`) || f.startsWith(`templates/${id}/`) || f.startsWith(`src/engine/${id}/`) || f.startsWith(`data/schema/${id}-`),
      );
    expect(changed.filter((c) => !own(c.file))).toEqual([{ status: "M", file: "src/games/list.ts" }]);
    expect(changed.filter((c) => own(c.file)).every((c) => c.status === "??")).toBe(true);
    const diff = git(copy, "diff", "-U0", "--", "src/games/list.ts")
      .split("\n")
      .filter((l) => /^[+-](?![+-])/.test(l));
    // exactly one line: added, none removed or changed
    expect(diff).toEqual([`+${gamesLine}`]);
  });
});
