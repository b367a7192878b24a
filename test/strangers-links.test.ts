/**
 * Issue 36, item 2: a build touches nothing outside the project through links in out/ (git and
 * unzip restore them). Each link points at a "victim" folder holding files of every kind a prune
 * deletes (PNGs, PDFs, zips, a subfolder): after the build the victim is byte for byte what it
 * was, the link is gone (a real folder in its place) and the build succeeded. The quick checks of
 * the file primitives are in test/out-links.test.ts (npm test).
 */
import { lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "./cli-support";
import { tempDir } from "./render-support";
import { Watcher } from "../src/pipeline/watch";

const CSV = "Name,Cost,Text\nFire Bolt,3,Deal 3 damage.\nStone Wall,2,Block one attack.\n";

let work: string;
let project: string;

/** A folder outside the project with one file of each kind a build would prune or overwrite. */
function victim(name: string): string {
  const dir = join(work, "victims", name);
  mkdirSync(join(dir, "sub"), { recursive: true });
  for (const f of ["a.png", "b.pdf", "c.zip", "d.txt", "sub/e.png", "page-1.png", "mini-cards.pdf"]) writeFileSync(join(dir, f), `victim ${name} ${f}`);
  return dir;
}

function contents(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out[relative(dir, join(e.parentPath, e.name))] = readFileSync(join(e.parentPath, e.name), "utf8");
  }
  return out;
}

const build = () => run("build", "mini", "--data", join(project, "data"), "--out", join(project, "out"), "--paper", "a4", "--pod", "dtc");

beforeAll(async () => {
  work = tempDir("strangers-links");
  project = join(work, "project");
  writeFileSync(join(work, "cards.csv"), CSV);
  const made = await run("new", "mini", "--from-csv", join(work, "cards.csv"), "--data", join(project, "data"));
  expect(made.code, made.err).toBe(0);
  const first = await build();
  expect(first.code, first.err).toBe(0);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("links in out/ are removed and replaced, never followed (issue 36.2)", () => {
  it("pages, the PNG cache, the TTS images, the print-on-demand folder and the lock's temp file", async () => {
    const out = join(project, "out");
    const links = ["mini/pages", ".cache/png", "mini/tts/images", "mini/pod/dtc"];
    const before = new Map<string, Record<string, string>>();
    for (const link of links) {
      const target = victim(link.replace(/\W+/g, "-"));
      before.set(link, contents(target));
      rmSync(join(out, link), { recursive: true, force: true });
      symlinkSync(target, join(out, link));
    }
    // A link to a file where a temp file goes: the lock's JSON must not be written through it.
    const file = join(work, "victims", "lock-target.txt");
    writeFileSync(file, "keep me");
    symlinkSync(file, join(out, `.syzygy.lock.${process.pid}.tmp`));
    // Something changed, so every kind of output is written again.
    const deck = join(project, "data", "mini", "cards.csv");
    writeFileSync(deck, readFileSync(deck, "utf8").replace("Deal 3", "Deal 4"));
    const r = await build();
    expect(r.code, r.err).toBe(0);
    for (const [link, files] of before) expect(contents(join(work, "victims", link.replace(/\W+/g, "-"))), link).toEqual(files);
    expect(readFileSync(file, "utf8")).toBe("keep me");
    for (const link of links) {
      expect(lstatSync(join(out, link)).isDirectory(), link).toBe(true);
      expect(readdirSync(join(out, link)).length, link).toBeGreaterThan(0);
    }
  }, 120_000);

  it("a game's whole output folder that is a link", async () => {
    const out = join(project, "out");
    const target = victim("game");
    const files = contents(target);
    rmSync(join(out, "mini"), { recursive: true, force: true });
    symlinkSync(target, join(out, "mini"));
    const r = await build();
    expect(r.code, r.err).toBe(0);
    expect(contents(target)).toEqual(files);
    expect(lstatSync(join(out, "mini")).isDirectory()).toBe(true);
  }, 120_000);
});

describe("watch refuses a partial that links out of the templates folder (issue 36.2)", () => {
  it("the rebuild fails naming the partial, and the secret is in no output", async () => {
    const secret = join(work, "secret.txt");
    writeFileSync(secret, "SECRET-OUTSIDE");
    const failed: string[] = [];
    let rebuilt = 0;
    const out = join(project, "out-watch");
    const watcher = new Watcher({
      dataDir: join(project, "data"),
      outDir: out,
      games: ["mini"],
      papers: [],
      png: false,
      debounceMs: 50,
      log: () => undefined,
      onRebuilt: () => (rebuilt += 1),
      onFailed: (_games, message) => failed.push(message),
    });
    try {
      await watcher.start();
      const card = join(project, "templates", "mini", "card.svg.hbs");
      mkdirSync(join(project, "templates", "partials"), { recursive: true });
      symlinkSync(secret, join(project, "templates", "partials", "leak.hbs"));
      writeFileSync(card, readFileSync(card, "utf8") + "<text>{{> leak}}</text>\n");
      const t0 = Date.now();
      while (failed.length === 0 && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 50));
      expect(failed[0]).toMatch(/partials\/leak\.hbs: this path is a link that leads outside the templates folder/);
      const everything = readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
      for (const e of everything) expect(readFileSync(join(e.parentPath, e.name)).includes("SECRET-OUTSIDE"), e.name).toBe(false);
    } finally {
      await watcher.close();
    }
  }, 120_000);
});
