/**
 * The watch loop (issue 9), in process and without PNGs or PDFs to stay light: an edit rebuilds
 * only the game it belongs to and names the changed card; a shared partial rebuilds every game;
 * files outside the games (data/schema) rebuild nothing; a bad edit reports the located error,
 * keeps the last good gallery and keeps watching. While waiting for the first edit, watch reads
 * the PDF art of every face from the build cache.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Watcher } from "../src/pipeline/watch";
import { buildGames, lastRenderedSvgs, type IncrementalResult } from "../src/pipeline/incremental";
import { loadGame } from "../src/model/load";
import { TemplateSet } from "../src/render/face";
import { forgetArt } from "../src/render/pdf";
import { hasRecording } from "../src/render/pdf-art-cache";
import { renderGameFrom } from "../src/render/source";
import { DATA, TEMPLATES, tempDir } from "./render-support";

type Event = { kind: "rebuilt"; games: string[]; results: IncrementalResult[] } | { kind: "failed"; games: string[]; message: string };

/** A watch without PNGs or PDFs whose rebuilds and failures land in `events`, its log in `lines`. */
function recordingWatcher(dirs: { dataDir: string; templatesDir: string; outDir: string }, games: string[], events: Event[], lines: string[]): Watcher {
  return new Watcher({
    ...dirs,
    games,
    papers: [],
    png: false,
    debounceMs: 50,
    log: (l) => lines.push(l),
    onRebuilt: (g, results) => events.push({ kind: "rebuilt", games: g, results }),
    onFailed: (g, message) => events.push({ kind: "failed", games: g, message }),
  });
}

describe("watch loop", () => {
  const dir = tempDir("watch-loop");
  const data = join(dir, "data");
  const templates = join(dir, "templates");
  const out = join(dir, "out");
  const events: Event[] = [];
  const lines: string[] = [];
  let watcher: Watcher;

  const next = async (timeoutMs = 60_000): Promise<Event> => {
    const start = events.length;
    const t0 = Date.now();
    while (events.length === start) {
      if (Date.now() - t0 > timeoutMs) throw new Error(`no rebuild within ${timeoutMs} ms; log:\n${lines.join("\n")}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return events[start];
  };

  beforeAll(async () => {
    cpSync(DATA, data, { recursive: true });
    cpSync(TEMPLATES, templates, { recursive: true });
    watcher = recordingWatcher({ dataDir: data, templatesDir: templates, outDir: out }, ["lunar-trick", "eclipsed"], events, lines);
    await watcher.start();
    events.length = 0;
  }, 120_000);

  afterAll(() => watcher.close());

  it("a deck edit rebuilds only its game and names the changed card", async () => {
    const deck = join(data, "eclipsed", "deck.yaml");
    const before = readFileSync(deck, "utf8");
    const after = before.replace(":solar: card +2 pts.", ":solar: card +2 points.");
    expect(after).not.toBe(before); // the edit must find its text in the shipped deck
    writeFileSync(deck, after);
    const e = await next();
    expect(e.kind).toBe("rebuilt");
    if (e.kind !== "rebuilt") return;
    expect(e.games).toEqual(["eclipsed"]);
    expect(e.results[0].changedFaces).toHaveLength(1);
    expect(lines.join("\n")).toMatch(/eclipsed: 1 face changed: cards\//);
    expect(readFileSync(join(out, "eclipsed/index.html"), "utf8")).toContain("card +2 points.");
  }, 90_000);

  it("a shared partial rebuilds every watched game; data/schema rebuilds none", async () => {
    events.length = 0;
    writeFileSync(join(data, "schema", "note.txt"), "not a game file");
    await new Promise((r) => setTimeout(r, 600));
    expect(events).toEqual([]);
    const partial = join(templates, "partials", readdirSync(join(templates, "partials"))[0]);
    writeFileSync(partial, readFileSync(partial, "utf8") + "\n");
    const e = await next();
    expect(e.games).toEqual(["lunar-trick", "eclipsed"]);
  }, 90_000);

  it("a bad edit reports file:line:col, keeps the last good gallery, and the fix rebuilds", async () => {
    const deck = join(data, "lunar-trick", "deck.yaml");
    const good = readFileSync(deck, "utf8");
    const gallery = readFileSync(join(out, "lunar-trick/index.html"), "utf8");
    writeFileSync(deck, good.replace('side: "rising"', 'side: "sideways"'));
    const bad = await next();
    expect(bad.kind).toBe("failed");
    if (bad.kind !== "failed") return;
    expect(bad.games).toEqual(["lunar-trick"]);
    expect(bad.message).toMatch(/deck\.yaml:\d+:\d+: cards\[0\]\.side/);
    expect(readFileSync(join(out, "lunar-trick/index.html"), "utf8")).toBe(gallery);
    writeFileSync(deck, good.replace('name: "Rising Moon 2"', 'name: "Rising Moon Two"'));
    const fixed = await next();
    expect(fixed.kind).toBe("rebuilt");
    expect(readFileSync(join(out, "lunar-trick/index.html"), "utf8")).toContain("Rising Moon Two");
  }, 90_000);

  // Issue 24: the data and templates folders deleted and made again (a fresh checkout) under watch.
  it("survives its folders being deleted and recreated: the new ones are watched, and idle costs no CPU", async () => {
    events.length = 0;
    const keep = tempDir("watch-keep");
    cpSync(data, join(keep, "data"), { recursive: true });
    cpSync(templates, join(keep, "templates"), { recursive: true });
    rmSync(data, { recursive: true });
    rmSync(templates, { recursive: true });
    await new Promise((r) => setTimeout(r, 1500));
    cpSync(join(keep, "data"), data, { recursive: true });
    cpSync(join(keep, "templates"), templates, { recursive: true });
    // Whatever the deletion reported, the recreated folders end in a rebuild of both games.
    for (let i = 0; i < 6 && !events.some((e) => e.kind === "rebuilt" && e.games.length === 2); i++) await next();
    const cpu = process.cpuUsage();
    await new Promise((r) => setTimeout(r, 2000));
    const used = process.cpuUsage(cpu);
    // Idle: a stat of two folders a second, not a spinning loop (which would use ~2 s of 2 s).
    expect((used.user + used.system) / 1000).toBeLessThan(500);
    // An edit in the new folder is seen.
    events.length = 0;
    const deck = join(data, "lunar-trick", "deck.yaml");
    writeFileSync(deck, readFileSync(deck, "utf8").replace('name: "Rising Moon Two"', 'name: "Rising Moon 2b"'));
    const e = await next();
    expect(e.kind).toBe("rebuilt");
    expect(readFileSync(join(out, "lunar-trick/index.html"), "utf8")).toContain("Rising Moon 2b");
  }, 120_000);
});

describe("watch in a workspace deleted and made again whole (issue 36)", () => {
  it("keeps rebuilding into the new workspace, given relative paths, and idles without spinning", async () => {
    const keep = tempDir("watch-whole-keep");
    const ws = join(tempDir("watch-whole"), "ws");
    cpSync(join(DATA, "lunar-trick"), join(keep, "data", "lunar-trick"), { recursive: true });
    cpSync(TEMPLATES, join(keep, "templates"), { recursive: true });
    cpSync(keep, ws, { recursive: true });
    const events: Event[] = [];
    const lines: string[] = [];
    const cwd = process.cwd();
    process.chdir(ws);
    const watcher = recordingWatcher({ dataDir: "data", templatesDir: "templates", outDir: "out" }, ["lunar-trick"], events, lines);
    try {
      await watcher.start();
      rmSync(ws, { recursive: true });
      await new Promise((r) => setTimeout(r, 1500));
      cpSync(keep, ws, { recursive: true });
      const deck = join(ws, "data", "lunar-trick", "deck.yaml");
      const t0 = Date.now();
      // Edited until an edit is built (the new folders are watched within a second or two).
      while (!existsSync(join(ws, "out", "lunar-trick", "index.html")) || !readFileSync(join(ws, "out", "lunar-trick", "index.html"), "utf8").includes("Rising Moon 2b")) {
        if (Date.now() - t0 > 30_000) throw new Error(`no rebuild in the new workspace; log:\n${lines.join("\n")}`);
        writeFileSync(deck, readFileSync(join(keep, "data", "lunar-trick", "deck.yaml"), "utf8").replace('name: "Rising Moon 2"', 'name: "Rising Moon 2b"'));
        await new Promise((r) => setTimeout(r, 1000));
      }
      await new Promise((r) => setTimeout(r, 500));
      const cpu = process.cpuUsage();
      await new Promise((r) => setTimeout(r, 2000));
      const used = process.cpuUsage(cpu);
      expect((used.user + used.system) / 1000).toBeLessThan(500);
    } finally {
      await watcher.close();
      process.chdir(cwd);
    }
  }, 120_000);
});

describe("watch warm-up", () => {
  it("reads every face's PDF art from the build cache while waiting for the first edit", async () => {
    const dir = tempDir("watch-warm");
    const data = join(dir, "data");
    const out = join(dir, "out");
    cpSync(DATA, data, { recursive: true });
    const model = loadGame(data, "lunar-trick", { templatesDir: TEMPLATES });
    await buildGames([{ game: renderGameFrom(model), templates: new TemplateSet(TEMPLATES) }], { outDir: out, papers: ["a4"], png: false });
    // As a new `watch` process: nothing in memory, the recordings on disk.
    forgetArt();
    const svgs = lastRenderedSvgs("lunar-trick");
    expect(svgs.length).toBeGreaterThan(20);
    expect(svgs.some(hasRecording)).toBe(false);
    const watcher = new Watcher({ dataDir: data, templatesDir: TEMPLATES, outDir: out, games: ["lunar-trick"], papers: ["a4"], png: false, log: () => {} });
    try {
      await watcher.start();
      await watcher.warmedUp();
      expect(svgs.every(hasRecording)).toBe(true);
    } finally {
      await watcher.close();
    }
  }, 120_000);
});
