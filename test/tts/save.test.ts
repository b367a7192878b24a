/**
 * Structural checks of every game's save: images exist and respect TTS's sheet limits, card
 * counts and CardIDs, GUID uniqueness, zones, the script's Lua (MoonSharp grammar, no globals
 * TTS lacks), image URLs local and hosted, reproducible output, and clear errors.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import sharp from "sharp";
import { main } from "../../src/cli";
import { PLAY_ZONE } from "../../src/table/layout";
import { chooseGrid, splitIntoSheets } from "../../src/tts/sheets";
import { buildTtsForModel, TtsInputError } from "../../src/tts/index";
import { imageCacheStats } from "../../src/tts/image-cache";
import { saveEpoch, ttsDate } from "../../src/tts/save-date";
import { findGame } from "../../src/engine/registry";
import { buildFakeSave, type Built } from "./driver";
import { allObjects, expectEveryCardOnce, expectHandZones, expectImagesOnDisk, expectNoOverlapAsSaved, expectSheetsWithinLimits, expectUniqueGuids, urls } from "./save-checks";
import { repoModel, tempOut, writeFakeImages } from "./fixtures";
import { ENGINE_GAMES, PLAIN_GAMES } from "../games";

const require = createRequire(import.meta.url);
const luaparse = require("moonsharp-luaparse") as { parse(code: string, opts: object): unknown };

const GAMES = ENGINE_GAMES;
const built = new Map<string, Built>();
const temps: string[] = [];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = any;

beforeAll(async () => {
  for (const g of [...GAMES, ...PLAIN_GAMES]) {
    const b = await buildFakeSave(g);
    built.set(g, b);
    temps.push(b.outDir);
  }
}, 180_000);

afterAll(() => {
  for (const d of temps) fs.rmSync(d, { recursive: true, force: true });
});

describe.each(GAMES)("%s save", (game) => {
  it("references only images that exist in out/<game>/tts/images", () => {
    const { save, outDir } = built.get(game)!;
    expectImagesOnDisk(save, outDir, game);
  });

  it("has every physical card once, named, with its data id in Memo and consistent CardIDs", () => {
    const model = repoModel(game);
    const { save } = built.get(game)!;
    expectEveryCardOnce(model, save);
    // The engine's deck: one Deck holding exactly the deck.yaml cards, Memo = id, Nickname = name.
    const ids = model.deck.map((c) => String(c.id)).sort();
    const decks = allObjects(save.ObjectStates).filter((o) => o.Name === "Deck");
    const engineDeck = decks.find((d) => d.ContainedObjects.some((c: Obj) => c.Memo === ids[0]))!;
    expect(engineDeck.ContainedObjects.map((c: Obj) => c.Memo).sort()).toEqual(ids);
    for (const c of engineDeck.ContainedObjects) {
      const card = model.deck.find((d) => d.id === c.Memo)!;
      expect(c.Nickname).toBe(card.name);
    }
  });

  it("has unique six-hex-digit GUIDs", () => {
    expectUniqueGuids(built.get(game)!.save);
  });

  it("keeps deck sheets within 10×7 cells and 4096 px, RGB", async () => {
    await expectSheetsWithinLimits(built.get(game)!.save);
  });

  it("has a hand zone per seat colour, a play zone and the Start buttons the engine allows", () => {
    const { save } = built.get(game)!;
    const engine = findGame(game)!;
    expectHandZones(save, engine.minPlayers, engine.maxPlayers);
    const zone = save.ObjectStates.find((o: Obj) => o.Name === "ScriptingTrigger");
    expect(zone.Transform.scaleX).toBe(PLAY_ZONE.size);
    expect(save.LuaScript).toContain(`playZone = "${zone.GUID}"`);
    for (let n = engine.minPlayers; n <= engine.maxPlayers; n++) expect(save.XmlUI as string).toContain(`onClick="syzygyStart${n}"`);
    expect(save.XmlUI as string).not.toContain(`onClick="syzygyStart${engine.maxPlayers + 1}"`);
    // Static pieces (boards and reference sheets) are locked.
    const boards = save.ObjectStates.filter((x: Obj) => x.Name === "Custom_Board");
    expect(boards.length > 0).toBe(repoModel(game).components.some((c) => c.kind === "board" || c.kind === "sheet"));
    for (const o of boards) expect(o.Locked).toBe(true);
  });

  it("has a LuaScript in MoonSharp's Lua 5.2 grammar that uses no global TTS lacks", () => {
    const { save } = built.get(game)!;
    // TSTL's bundle prelude keeps the host's `require` only as a fallback it checks for nil
    // (TTS has none); every other `require` in the bundle is the bundle's own local function.
    const prelude = "local ____originalRequire = require\n";
    expect(save.LuaScript.split(prelude).length).toBe(2);
    const ast = luaparse.parse(save.LuaScript.replace(prelude, "local ____originalRequire = nil\n"), { luaVersion: "5.2", scope: true });
    const forbidden = new Set(["debug", "io", "require", "package", "load", "loadstring", "loadfile", "dofile", "module"]);
    const used = new Set<string>();
    const osFields = new Set<string>();
    const walk = (n: Obj): void => {
      if (n === null || typeof n !== "object") return;
      if (Array.isArray(n)) return n.forEach(walk);
      if (n.type === "Identifier" && n.isLocal === false) used.add(n.name);
      if (n.type === "MemberExpression" && n.base?.type === "Identifier" && n.base.name === "os") osFields.add(n.identifier.name);
      if (n.type === "MemberExpression" && n.base?.type === "Identifier" && n.base.name === "string" && n.identifier.name === "dump") used.add("string.dump");
      for (const v of Object.values(n)) walk(v);
    };
    walk(ast);
    expect([...used].filter((g) => forbidden.has(g) || g === "string.dump")).toEqual([]);
    expect([...osFields].filter((f) => !["time", "clock", "date", "difftime"].includes(f))).toEqual([]);
    for (const handler of ["onLoad", "onSave", "onObjectDrop"]) expect(used.has(handler)).toBe(true);
  });
});

// The games of data/ without an engine: a plain save (every card in one deck, hand zones, no script).
for (const game of PLAIN_GAMES) {
  describe(`${game} save (no engine)`, () => {
    it("has every card once, unique GUIDs, sheets within limits, hand zones, nothing overlapping and no script", async () => {
      const model = repoModel(game);
      const { save, outDir } = built.get(game)!;
      expectImagesOnDisk(save, outDir, game);
      expectEveryCardOnce(model, save);
      expectUniqueGuids(save);
      await expectSheetsWithinLimits(save);
      expectHandZones(save, model.players.min, model.players.max);
      expectNoOverlapAsSaved(model, save);
      expect(save.LuaScript).toBe("");
      expect(save.Note).toContain("No rules are enforced");
    });
  });
}

/** Runs `fn` as if SOURCE_DATE_EPOCH were not set (a CI may set it). */
async function withoutSourceDateEpoch<T>(fn: () => Promise<T>): Promise<T> {
  const fixed = process.env.SOURCE_DATE_EPOCH;
  delete process.env.SOURCE_DATE_EPOCH;
  try {
    return await fn();
  } finally {
    if (fixed !== undefined) process.env.SOURCE_DATE_EPOCH = fixed;
  }
}

function pngsUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".png")).map((f) => path.join(dir, f));
}

describe("save date (Date and EpochTime, shown in TTS's load menu)", () => {
  it("writes TTS's US 12-hour format in UTC", () => {
    expect(ttsDate(1424616258)).toBe("2/22/2015 2:44:18 PM");
    expect(ttsDate(0)).toBe("1/1/1970 12:00:00 AM");
    expect(ttsDate(Date.UTC(2026, 11, 1, 12, 5, 9) / 1000)).toBe("12/1/2026 12:05:09 PM");
  });

  it("is the newest card image's time, or SOURCE_DATE_EPOCH; a malformed one is refused by name", async () => {
    const model = repoModel("lunar-trick");
    const out = tempOut();
    temps.push(out);
    await writeFakeImages(model, out);
    const files = pngsUnder(out);
    for (const f of files) fs.utimesSync(f, new Date("2025-01-01T00:00:00Z"), new Date("2025-01-01T00:00:00Z"));
    fs.utimesSync(files[3], new Date("2025-06-30T18:30:00Z"), new Date("2025-06-30T18:30:00Z"));
    const newest = Date.UTC(2025, 5, 30, 18, 30) / 1000;
    expect(saveEpoch(files, {})).toBe(newest);
    expect(saveEpoch(files, { SOURCE_DATE_EPOCH: "1700000000" })).toBe(1700000000);
    expect(saveEpoch(files, { SOURCE_DATE_EPOCH: "yesterday" })).toEqual({ error: expect.stringMatching(/^SOURCE_DATE_EPOCH must be a whole number of seconds.*"yesterday"/) });
    const r = await withoutSourceDateEpoch(() => buildTtsForModel(model, { outDir: out }));
    const save = JSON.parse(fs.readFileSync(r.savePath, "utf8"));
    expect(save.EpochTime).toBe(newest);
    expect(save.Date).toBe("6/30/2025 6:30:00 PM");
    // A PNG touched (or copied) without a change keeps the save and its date.
    fs.utimesSync(files[5], new Date("2025-09-01T00:00:00Z"), new Date("2025-09-01T00:00:00Z"));
    const touched = await withoutSourceDateEpoch(() => buildTtsForModel(model, { outDir: out }));
    expect(touched.reused).toBe(true);
    expect(JSON.parse(fs.readFileSync(r.savePath, "utf8")).EpochTime).toBe(newest);
    // SOURCE_DATE_EPOCH is part of what the save is made of.
    const before = process.env.SOURCE_DATE_EPOCH;
    process.env.SOURCE_DATE_EPOCH = "1700000000";
    try {
      expect((await buildTtsForModel(model, { outDir: out })).reused).toBeUndefined();
    } finally {
      if (before === undefined) delete process.env.SOURCE_DATE_EPOCH;
      else process.env.SOURCE_DATE_EPOCH = before;
    }
    expect(JSON.parse(fs.readFileSync(r.savePath, "utf8"))).toMatchObject({ EpochTime: 1700000000, Date: "11/14/2023 10:13:20 PM" });
  });
});

describe("save builder", () => {
  it("writes hosted URLs with --base-url and is byte-for-byte reproducible", async () => {
    const model = repoModel("lunar-trick");
    const outA = tempOut();
    const outB = tempOut();
    temps.push(outA, outB);
    await writeFakeImages(model, outA);
    await writeFakeImages(model, outB);
    // Written a moment apart: the save's date comes from the images' times, so give both the same.
    const when = new Date("2026-03-04T05:06:07Z");
    for (const out of [outA, outB]) for (const f of pngsUnder(out)) fs.utimesSync(f, when, when);
    const a = await buildTtsForModel(model, { outDir: outA, baseUrl: "https://example.org/syzygy" });
    const b = await buildTtsForModel(model, { outDir: outB, baseUrl: "https://example.org/syzygy" });
    const textA = fs.readFileSync(a.savePath, "utf8");
    expect(fs.readFileSync(b.savePath, "utf8")).toBe(textA);
    const save = JSON.parse(textA);
    for (const u of allObjects(save.ObjectStates).flatMap(urls)) {
      expect(u).toMatch(/^https:\/\/example\.org\/syzygy\/lunar-trick\/tts\/images\/[a-z0-9.-]+\.(jpg|png)$/);
      expect(fs.existsSync(path.join(outA, "lunar-trick", "tts", "images", u.split("/").pop()!))).toBe(true);
    }
  }, 60_000);

  it("is left as it is when nothing it is made of changed, and rebuilt when a card image or an option did (issue 9)", async () => {
    const model = repoModel("lunar-trick");
    const out = tempOut();
    temps.push(out);
    await writeFakeImages(model, out);
    const first = await buildTtsForModel(model, { outDir: out });
    expect(first.reused).toBeUndefined();
    const mtime = fs.statSync(first.savePath).mtimeMs;
    const again = await buildTtsForModel(model, { outDir: out });
    expect(again.reused).toBe(true);
    expect(again.savePath).toBe(first.savePath);
    expect(again.imageFiles).toEqual(first.imageFiles);
    expect(fs.statSync(first.savePath).mtimeMs).toBe(mtime);
    // A changed card image: only the sheet holding it is made again (its content-hashed name
    // changes); every other image comes from the cache.
    const card = path.join(out, "lunar-trick", "cards", "moon-cards", "rising-7.png");
    const size = await sharp(card).metadata();
    await sharp({ create: { width: size.width!, height: size.height!, channels: 3, background: "#123456" } }).png().toFile(card + ".new");
    fs.renameSync(card + ".new", card);
    const stats = { ...imageCacheStats };
    const edited = await buildTtsForModel(model, { outDir: out });
    expect(edited.reused).toBeUndefined();
    expect(imageCacheStats.made - stats.made).toBe(1);
    expect(imageCacheStats.reused - stats.reused).toBe(first.imageFiles.length - 1);
    const changed = edited.imageFiles.filter((f) => !first.imageFiles.includes(f)).map((f) => path.basename(f));
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatch(/^moon-cards-\d+\./);
    // Another option (hosted URLs) is another save; a deleted sheet image is rebuilt too.
    expect((await buildTtsForModel(model, { outDir: out, baseUrl: "https://example.org/x" })).reused).toBeUndefined();
    const hosted = await buildTtsForModel(model, { outDir: out, baseUrl: "https://example.org/x" });
    expect(hosted.reused).toBe(true);
    fs.rmSync(hosted.imageFiles[0]);
    expect((await buildTtsForModel(model, { outDir: out, baseUrl: "https://example.org/x" })).reused).toBeUndefined();
  }, 60_000);

  it("names every missing PNG's first path and says to run syzygy build; writes nothing", async () => {
    const model = repoModel("lunar-trick");
    const out = tempOut();
    temps.push(out);
    await writeFakeImages(model, out);
    fs.rmSync(path.join(out, "lunar-trick", "cards", "moon-cards", "rising-7.png"));
    await expect(buildTtsForModel(model, { outDir: out })).rejects.toThrow(TtsInputError);
    await expect(buildTtsForModel(model, { outDir: out })).rejects.toThrow(/rising-7\.png: run `syzygy build lunar-trick` first/);
    expect(fs.existsSync(path.join(out, "lunar-trick", "tts"))).toBe(false);
  });

  it("chooses the largest cells within 10×7 and 4096 px, splitting big decks evenly", () => {
    for (const n of [1, 7, 32, 42, 52, 69, 70]) {
      const g = chooseGrid(n, 750, 1050);
      expect(g.cols * g.rows).toBeGreaterThanOrEqual(n);
      expect(g.cols).toBeLessThanOrEqual(10);
      expect(g.rows).toBeLessThanOrEqual(7);
      expect(g.cols * g.cellWidth).toBeLessThanOrEqual(4096);
      expect(g.rows * g.cellHeight).toBeLessThanOrEqual(4096);
    }
    expect(chooseGrid(32, 750, 1050)).toEqual({ cols: 7, rows: 5, cellWidth: 585, cellHeight: 819 });
    expect(() => chooseGrid(71, 750, 1050)).toThrow(/1\.\.70/);
    expect(splitIntoSheets(71)).toEqual([36, 35]);
    expect(splitIntoSheets(140)).toEqual([70, 70]);
  });
});

describe("syzygy tts (CLI)", () => {
  it("builds from --out's PNGs and prints a summary; usage errors exit 2", async () => {
    const out = tempOut();
    temps.push(out);
    await writeFakeImages(repoModel("lunar-trick"), out);
    const data = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../data");
    const written: string[] = [];
    const orig = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    let code: number;
    try {
      code = await main(["tts", "lunar-trick", "--data", data, "--out", out]);
    } finally {
      process.stdout.write = orig;
    }
    expect(code).toBe(0);
    expect(written.join("")).toMatch(/lunar-trick\.json: \d+ objects, 41 cards, \d+ images/);
    expect(fs.existsSync(path.join(out, "lunar-trick", "tts", "lunar-trick.json"))).toBe(true);
    const errs: string[] = [];
    const origErr = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => {
      errs.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      expect(await main(["tts", "lunar-trick", "--data", data, "--out", out, "--base-url", "ftp://x"])).toBe(2);
      expect(await main(["tts", "no-such-game", "--data", data, "--out", out])).toBe(2);
      const empty = tempOut();
      temps.push(empty);
      expect(await main(["tts", "lunar-trick", "--data", data, "--out", empty])).toBe(1);
    } finally {
      process.stderr.write = origErr;
    }
    expect(errs.join("")).toMatch(/--base-url must start with https:\/\/ or http:\/\//);
    expect(errs.join("")).toMatch(/unknown game "no-such-game"/);
    expect(errs.join("")).toMatch(/lunar-trick\/cards\/faces\.json is missing or unreadable: run `syzygy build lunar-trick` first/);
  }, 60_000);
});

describe("pie-slice tokens (Lunar Trick point tokens, 1/5 of a Ø40 disc)", () => {
  it("are as large on the table as the slice they show, with an image cut to the slice", async () => {
    const { save } = built.get("lunar-trick")!;
    const tokens = allObjects(save.ObjectStates).filter((o) => typeof o.Memo === "string" && o.Memo.startsWith("point-tokens/"));
    expect(tokens.length).toBe(20);
    // The slice's box: 2·20·sin 36° wide, 20 deep (apex to arc), not the 40 mm box of the disc.
    const sliceW = 40 * Math.sin(Math.PI / 5);
    const units = (mm: number) => (mm * 2.2) / 63.5;
    for (const t of tokens) expect(t.Transform.scaleX).toBeCloseTo(units(sliceW) / 2, 2);
    const file = fileURLToPath(tokens[0].CustomImage.ImageURL);
    const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    // The image is the slice's bounding box: its aspect is the slice's, not the disc's square.
    expect(info.width / info.height).toBeCloseTo(sliceW / 20, 1);
    const alpha = (x: number, y: number) => data[(Math.round(y) * info.width + Math.round(x)) * 4 + 3];
    // Inside the slice (towards the apex, bottom middle) opaque; outside (bottom corners, beside the apex) clear.
    expect(alpha(info.width / 2, info.height * 0.8)).toBeGreaterThan(0);
    expect(alpha(info.width / 2, info.height * 0.1)).toBeGreaterThan(0);
    expect(alpha(1, info.height - 2)).toBe(0);
    expect(alpha(info.width - 2, info.height - 2)).toBe(0);
    // No empty half: every row has some opaque pixel.
    for (let y = 0; y < info.height - 1; y++) {
      let row = 0;
      for (let x = 0; x < info.width; x++) row = Math.max(row, alpha(x, y));
      expect(row).toBeGreaterThan(0);
    }
  });
});

describe("round tokens (moon markers, the Eclipsed meter marker)", () => {
  it.each([
    ["lunar-trick", "moon-markers/", 13],
    ["eclipsed", "meter-marker/", 18],
  ])("%s %s: a Custom_Tile disc the piece's size, its image without the print bleed", async (game, prefix, mm) => {
    const { save } = built.get(game)!;
    const pieces = allObjects(save.ObjectStates).filter((o) => typeof o.Memo === "string" && o.Memo.startsWith(prefix));
    expect(pieces.length).toBeGreaterThan(0);
    for (const p of pieces) {
      expect(p.Name).toBe("Custom_Tile");
      expect(p.CustomImage.CustomTile.Type).toBe(2);
      expect(p.Transform.scaleX).toBeCloseTo((mm * 2.2) / 63.5 / 2, 2);
    }
    // The fake PNGs have 2 px/mm plus 1/8 in bleed a side, as the real ones have at 300 dpi.
    const meta = await sharp(fileURLToPath(pieces[0].CustomImage.ImageURL)).metadata();
    expect(Math.abs((meta.width ?? 0) - 2 * mm)).toBeLessThanOrEqual(2);
    expect(meta.width).toBe(meta.height);
  });
});
