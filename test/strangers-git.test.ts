/**
 * Issue 36, item 1: nothing runs that a shared game folder brings. A repository's config can name
 * commands git runs by itself (core.fsmonitor on every index refresh, a smudge or clean filter on
 * checkout and `describe --dirty`); `version: git` and `build --changed-since` must run git only in
 * the project's own repository and with those commands off. Each trap `touch`es a file: it must
 * never appear. (The whole `build --changed-since` through the CLI: test/update-pack.test.ts.)
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "./cli-support";
import { tempDir } from "./render-support";
import { loadGame } from "../src/model/load";
import { gameAtRef } from "../src/pipeline/update-pack";

const CSV = "Name,Cost,Text\nFire Bolt,3,Deal 3 damage.\nStone Wall,2,Block one attack.\n";

const git = (cwd: string, ...args: string[]): string =>
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "core.hooksPath=/dev/null", ...args], { cwd, encoding: "utf8" });

/** Sets the traps in `repo`'s config: each runs `touch <trap>` if git ever runs it. */
function arm(repo: string, trap: string): void {
  git(repo, "config", "core.fsmonitor", `touch ${trap}-fsmonitor; false`);
  git(repo, "config", "filter.evil.clean", `touch ${trap}-clean; cat`);
  git(repo, "config", "filter.evil.smudge", `touch ${trap}-smudge; cat`);
  git(repo, "config", "filter.evil.process", `touch ${trap}-process`);
  git(repo, "config", "diff.external", `touch ${trap}-diff`);
  mkdirSync(join(repo, ".git", "hooks"), { recursive: true });
  writeFileSync(join(repo, ".git", "hooks", "post-index-change"), `#!/bin/sh\ntouch ${trap}-hook\n`, { mode: 0o755 });
}

/**
 * A scaffolded game `id` in `dataDir` with `version: git`, committed and tagged v1 in a repository
 * at `repoDir` whose every file goes through the trapped filter; then a card edit (so
 * `describe --dirty` refreshes the index: fsmonitor, the clean filter). Returns the game's folder.
 */
async function trappedRepo(dataDir: string, id: string, repoDir: (game: string) => string, trap: string): Promise<string> {
  writeFileSync(join(work, `${id}.csv`), CSV);
  const made = await run("new", id, "--from-csv", join(work, `${id}.csv`), "--data", dataDir);
  expect(made.code, made.err).toBe(0);
  const game = join(dataDir, id);
  const yaml = join(game, "game.yaml");
  writeFileSync(yaml, readFileSync(yaml, "utf8").replace(/version: "[^"]*"/, "version: git"));
  expect(readFileSync(yaml, "utf8")).toContain("version: git");
  const repo = repoDir(game);
  writeFileSync(join(repo, ".gitattributes"), "* filter=evil\n");
  git(repo, "init", "-q");
  git(repo, "add", "-A");
  git(repo, "commit", "-qm", "v1");
  git(repo, "tag", "v1");
  arm(repo, trap);
  writeFileSync(join(game, `${id}.csv`), CSV.replace("Deal 3", "Deal 4"));
  return game;
}

function sprung(dir: string): string[] {
  return ["fsmonitor", "clean", "smudge", "process", "diff", "hook"].filter((t) => existsSync(join(dir, `PWNED-${t}`)));
}

let work: string;
let project: string;

beforeAll(async () => {
  work = tempDir("strangers-git");
  project = join(work, "project");
  mkdirSync(project);
  await trappedRepo(join(project, "data"), "spells", () => project, join(work, "PWNED"));
}, 60_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("git runs nothing a repository's config names (issue 36.1)", () => {
  it("version: git describes the project's commit, with fsmonitor, filters and hooks off", async () => {
    expect(loadGame(join(project, "data"), "spells").version).toBe("v1-dirty");
    const r = await run("validate", "spells", "--data", join(project, "data"));
    expect(r.code, r.err).toBe(0);
    expect(sprung(work)).toEqual([]);
  });

  it("--changed-since reads the stored files without the smudge filter, and runs nothing", () => {
    const model = loadGame(join(project, "data"), "spells");
    const earlier = gameAtRef(model, "v1");
    try {
      expect(earlier.model?.deck.map((c) => c.text)).toEqual(["Deal 3 damage.", "Block one attack."]);
    } finally {
      earlier.cleanup();
    }
    expect(sprung(work)).toEqual([]);
  });

  it("a game folder with its own .git is not asked: version stays 'git', --changed-since is refused, nothing runs", async () => {
    const inner = join(work, "inner");
    mkdirSync(inner);
    // The repository is the game folder's own.
    await trappedRepo(join(inner, "data"), "theirs", (game) => game, join(inner, "PWNED"));
    const model = loadGame(join(inner, "data"), "theirs");
    expect(model.version).toBe("git");
    expect(() => gameAtRef(model, "v1")).toThrow(/runs git only in the project's own repository/);
    expect(sprung(inner)).toEqual([]);
  });

  it("a ref that looks like an option is a ref, not an option", () => {
    const model = loadGame(join(project, "data"), "spells");
    expect(() => gameAtRef(model, `--output=${join(work, "PWNED-option")}`)).toThrow(/is no commit, tag or branch/);
    expect(existsSync(join(work, "PWNED-option"))).toBe(false);
  });
});
