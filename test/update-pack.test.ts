/**
 * Issue 25, item 7: playtest prints. `syzygy build --changed-since <git ref>` writes an update
 * pack holding exactly the cards whose printed side changed since that version (and the new
 * ones), checked here against real builds of both versions: the cards whose PNGs differ between
 * the build at v1 and the build now. A `version:` stamp on every face does not count as a change.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { run } from "./cli-support";
import { loadGame } from "../src/model/load";
import { gameAtRef, writeUpdatePack, type UpdatePack } from "../src/pipeline/update-pack";

const V1 = "Name,Cost,Type,Text\nFire Bolt,3,Attack,Deal 3 damage :fire:.\nStone Wall,2,Structure,Block one attack.\nQuick Step,0,Action,Draw a card.\nFar Sight,1,Action,Look at 2 cards.\n";
// Fire Bolt's text changes, Quick Step's cost, Stone Wall goes, Ice Lance (2 copies) comes; Far Sight stays.
const V2 = "Name,Cost,Type,Text,Copies\nFire Bolt,3,Attack,Deal 4 damage :fire:.,1\nQuick Step,1,Action,Draw a card.,1\nFar Sight,1,Action,Look at 2 cards.,1\nIce Lance,1,Attack,Freeze.,2\n";

const git = (cwd: string, ...args: string[]) => execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], { cwd, encoding: "utf8" });

/** The card PNGs of a build, by file name → bytes. */
function pngs(out: string): Map<string, Buffer> {
  const dir = path.join(out, "spells", "cards", "cards");
  return new Map(fs.readdirSync(dir).filter((f) => f.endsWith(".png")).map((f) => [f, fs.readFileSync(path.join(dir, f))]));
}

describe("syzygy build --changed-since <git ref>: the update pack (issue 25, item 7)", () => {
  let repo: string;
  let built: { code: number; out: string; err: string };
  let expected: string[];
  beforeAll(async () => {
    repo = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-pack-"));
    fs.writeFileSync(path.join(repo, "cards.csv"), V1);
    const made = await run("new", "spells", "--from-csv", path.join(repo, "cards.csv"), "--data", path.join(repo, "data"));
    expect(made.code, made.err).toBe(0);
    git(repo, "init", "-q");
    git(repo, "add", "-A");
    git(repo, "commit", "-qm", "v1");
    git(repo, "tag", "v1");
    // A repository whose config names commands (issue 36.1): git must run none of them.
    git(repo, "config", "core.fsmonitor", `touch ${path.join(repo, "PWNED-fsmonitor")}; false`);
    git(repo, "config", "filter.evil.smudge", `touch ${path.join(repo, "PWNED-smudge")}; cat`);
    git(repo, "config", "filter.evil.clean", `touch ${path.join(repo, "PWNED-clean")}; cat`);
    fs.writeFileSync(path.join(repo, ".git", "info", "attributes"), "* filter=evil\n");
    const v1 = await run("build", "spells", "--data", path.join(repo, "data"), "--out", path.join(repo, "out-v1"), "--no-tts", "--paper", "a4");
    expect(v1.code, v1.err).toBe(0);
    fs.writeFileSync(path.join(repo, "data", "spells", "cards.csv"), V2);
    const v2 = await run("build", "spells", "--data", path.join(repo, "data"), "--out", path.join(repo, "out-v2"), "--no-tts", "--paper", "a4");
    expect(v2.code, v2.err).toBe(0);
    // The cards a playtester must reprint: every face whose pixels differ, and every new one.
    const before = pngs(path.join(repo, "out-v1"));
    const after = pngs(path.join(repo, "out-v2"));
    expected = [...after].filter(([f, png]) => f !== "back.png" && !before.get(f)?.equals(png)).map(([f]) => `cards/${f.replace(/\.png$/, "")}`).sort();
    // Then a new round: the version stamp on every face changes too.
    const yaml = path.join(repo, "data", "spells", "game.yaml");
    fs.writeFileSync(yaml, fs.readFileSync(yaml, "utf8").replace('version: "0.1"', 'version: "0.2"'));
    built = await run("build", "spells", "--data", path.join(repo, "data"), "--out", path.join(repo, "out"), "--no-tts", "--paper", "a4", "--changed-since", "v1");
  }, 120_000);

  it("holds exactly the cards whose printed face differs from the earlier build (and their copies), plus a changelog", async () => {
    expect(expected).toEqual(["cards/fire-bolt", "cards/ice-lance", "cards/quick-step"]);
    expect(built.code, built.err).toBe(0);
    expect(built.out).toContain("spells: since v1: 2 changed, 1 added, 1 removed");
    const file = path.join(repo, "out", "spells", "update", "spells-since-v1-a4.pdf");
    expect(fs.existsSync(file)).toBe(true);
    const model = loadGame(path.join(repo, "data"), "spells");
    const earlier = gameAtRef(model, "v1");
    let pack: UpdatePack;
    try {
      pack = await writeUpdatePack(model, earlier.model, "v1", { outDir: path.join(repo, "out-check"), papers: ["a4"] });
    } finally {
      earlier.cleanup();
    }
    const cards = pack.printed.filter((k) => !k.startsWith("changelog/"));
    expect([...new Set(cards)].sort()).toEqual(expected);
    expect(cards.filter((k) => k === "cards/ice-lance")).toHaveLength(2); // its copies
    expect(pack.printed[0]).toBe("changelog/page-1");
    expect(pack.changes.map((c) => [c.kind, c.key, c.details])).toEqual([
      ["changed", "cards/fire-bolt", ["text: Deal 3 damage :fire:. → Deal 4 damage :fire:."]],
      ["changed", "cards/quick-step", ["cost: 0 → 1"]],
      ["added", "cards/ice-lance", ["text: Freeze.", "cost: 1", "type: Attack"]],
      ["removed", "cards/stone-wall", []],
    ]);
    // The PDF: changelog (and its blank back), then the cards' front and back pages.
    const pages = Number(/\/Type \/Pages[^>]*\/Count (\d+)/.exec(fs.readFileSync(file, "latin1"))?.[1]);
    expect(pages).toBe(4);
    expect(fs.readdirSync(repo).filter((f) => f.startsWith("PWNED"))).toEqual([]);
  });

  it("a ref that names nothing is a usage error before anything is written", async () => {
    const r = await run("build", "spells", "--data", path.join(repo, "data"), "--out", path.join(repo, "out-bad"), "--no-tts", "--paper", "a4", "--changed-since", "v9");
    expect(r.code).toBe(2);
    expect(r.err).toContain('--changed-since: "v9" is no commit, tag or branch');
    expect(fs.existsSync(path.join(repo, "out-bad", "spells"))).toBe(false);
  });

  it("version: git stamps the git description", async () => {
    const yaml = path.join(repo, "data", "spells", "game.yaml");
    const text = fs.readFileSync(yaml, "utf8");
    fs.writeFileSync(yaml, text.replace(/version: "0\.\d"/, "version: git"));
    try {
      expect(loadGame(path.join(repo, "data"), "spells").version).toMatch(/^v1-dirty$/);
    } finally {
      fs.writeFileSync(yaml, text);
    }
  });
});
