/**
 * Games without an engine (issue 16): `syzygy new <id> [--from-csv FILE]` makes a game that
 * validates and builds as it is — PNGs, print PDFs (measured in test/print-geometry.test.ts with
 * the shipped games' checks) and a plain TTS save (decks, boards, hand zones; no script), checked
 * here with the shipped games' save checks (test/tts/save-checks.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { run } from "./cli-support";
import { loadGame } from "../src/model/load";
import { parse as parseCsv } from "csv-parse/sync";
import writeExcelFile from "write-excel-file/node";
import { expectEveryCardOnce, expectHandZones, expectImagesOnDisk, expectNoOverlapAsSaved, expectSheetsWithinLimits, expectUniqueGuids } from "./tts/save-checks";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = any;

function project(): { root: string; data: string; templates: string; out: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-scaffold-"));
  return { root, data: path.join(root, "data"), templates: path.join(root, "templates"), out: path.join(root, "out") };
}

describe("syzygy new <id>: a poker deck that builds as it is", () => {
  const p = project();
  let built: { code: number; out: string; err: string };
  let save: Obj;

  beforeAll(async () => {
    const made = await run("new", "moon-poker", "--data", p.data);
    expect(made.code, made.err).toBe(0);
    built = await run("build", "--data", p.data, "--out", p.out);
    save = JSON.parse(fs.readFileSync(path.join(p.out, "moon-poker", "tts", "moon-poker.json"), "utf8"));
  }, 120_000);

  it("writes the game's data, templates, README and the editor schemas", () => {
    for (const f of ["moon-poker/game.yaml", "moon-poker/deck.yaml", "moon-poker/README.md", "moon-poker/icons/hearts.svg", "schema/game.schema.json", "schema/deck.schema.json"]) {
      expect(fs.existsSync(path.join(p.data, f)), f).toBe(true);
    }
    expect(fs.readdirSync(path.join(p.templates, "moon-poker")).sort()).toEqual(["back-full.svg.hbs", "back.svg.hbs", "card.svg.hbs"]);
    // No temp folders are left beside the game's folders.
    expect(fs.readdirSync(p.data).sort()).toEqual(["moon-poker", "schema"]);
    expect(fs.readdirSync(p.templates)).toEqual(["moon-poker"]);
  });

  it("validates: 52 cards, one per suit and rank, styled by suit", async () => {
    const r = await run("validate", "--data", p.data);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("ok moon-poker: 1 components, 52 pieces, 52 deck cards");
    const model = loadGame(p.data, "moon-poker");
    expect(model.name).toBe("Moon Poker");
    const cards = model.components[0].items;
    expect(new Set(cards.map((c) => `${c.fields.suit}/${c.fields.rank}`)).size).toBe(52);
    expect(cards.find((c) => c.id === "queen-of-hearts")?.style?.id).toBe("hearts");
    // A lone 6 or 9 is marked, so it reads the same from either end (print-content's check on every game).
    expect(cards.filter((c) => /^[69]$/.test(String(c.fields.index)))).toEqual([]);
    expect(cards.find((c) => c.id === "six-of-hearts")?.fields.index).toBe("6.");
  });

  it("builds PNGs, A4 and Letter PDFs and the TTS save, without a warning", () => {
    expect(built.code, built.err).toBe(0);
    expect(built.err).not.toContain("warning");
    const cards = fs.readdirSync(path.join(p.out, "moon-poker", "cards", "cards"));
    expect(cards.length).toBe(53); // 52 faces and the shared back
    expect(fs.readdirSync(path.join(p.out, "moon-poker", "print")).sort()).toEqual([
      "moon-poker-a4.pdf",
      "moon-poker-alignment-test-a4.pdf",
      "moon-poker-alignment-test-letter.pdf",
      "moon-poker-letter.pdf",
    ]);
  });

  it("gets a plain TTS save: every card in one deck, hand zones, no script or Start buttons", async () => {
    const model = loadGame(p.data, "moon-poker");
    expectImagesOnDisk(save, p.out, "moon-poker");
    const cards = expectEveryCardOnce(model, save);
    expect(cards.length).toBe(52);
    expectUniqueGuids(save);
    await expectSheetsWithinLimits(save);
    expectHandZones(save, model.players.min, model.players.max);
    expectNoOverlapAsSaved(model, save);
    expect(save.LuaScript).toBe("");
    expect(save.XmlUI).toBe("");
    expect(save.Tags).not.toContain("Scripting: Automated");
    expect(save.Note).toContain("No rules are enforced");
    expect(save.ObjectStates.filter((o: Obj) => o.Name === "ScriptingTrigger")).toEqual([]);
  });

  it("seats six at a plain table, on a ring of hand zones around the deck; seven: validate warns, the save and build refuse with the way out (src/table/seats.ts)", async () => {
    const gameFile = path.join(p.data, "moon-poker", "game.yaml");
    const yaml = fs.readFileSync(gameFile, "utf8");
    const savePath = path.join(p.out, "moon-poker", "tts", "moon-poker.json");
    try {
      fs.writeFileSync(gameFile, yaml.replace("players: { min: 2, max: 4 }", "players: { min: 2, max: 6 }"));
      const six = await run("tts", "moon-poker", "--data", p.data, "--out", p.out);
      expect(six.code, six.err).toBe(0);
      const model = loadGame(p.data, "moon-poker");
      const ringSave = JSON.parse(fs.readFileSync(savePath, "utf8"));
      const hands = ringSave.ObjectStates.filter((o: Obj) => o.Name === "HandTrigger").map((o: Obj) => o.FogColor);
      expect(hands).toHaveLength(6);
      expect(new Set(hands).size).toBe(6);
      expectEveryCardOnce(model, ringSave);
      expectNoOverlapAsSaved(model, ringSave);
      const before = fs.readFileSync(savePath);
      fs.writeFileSync(gameFile, yaml.replace("players: { min: 2, max: 4 }", "players: { min: 2, max: 7 }"));
      const seven = await run("tts", "moon-poker", "--data", p.data, "--out", p.out);
      expect(seven.code).toBe(1);
      // At players.max's line and column: `players: { min: 2, max: 7 }` is line 7.
      expect(seven.err).toMatch(/moon-poker\/game\.yaml:7:\d+: players\.max is 7, but the Tabletop Simulator save of a plain table has hand zones for at most 6 players: lower players\.max, or build without the save \(--no-tts\)/);
      expect(seven.err).not.toMatch(/\n\s+at /);
      expect(fs.readFileSync(savePath).equals(before)).toBe(true);
      // validate warns with the same words (the data is valid: the prints build); build fails
      // before rendering anything, and builds the prints with --no-tts.
      const validated = await run("validate", "moon-poker", "--data", p.data, "--no-render");
      expect(validated.code, validated.err).toBe(0);
      expect(validated.err).toMatch(/^warning: .*moon-poker\/game\.yaml:7:\d+: players\.max is 7, but .* at most 6 players: .*--no-tts\)$/m);
      const outBefore = fs.readdirSync(path.join(p.out, "moon-poker"), { recursive: true }).length;
      const refused = await run("build", "moon-poker", "--data", p.data, "--out", p.out, "--paper", "a4");
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/^syzygy build: moon-poker: .*game\.yaml:7:\d+: players\.max is 7, but /m);
      expect(refused.err).not.toContain("PNG");
      expect(fs.readFileSync(savePath).equals(before)).toBe(true);
      expect(fs.readdirSync(path.join(p.out, "moon-poker"), { recursive: true }).length).toBe(outBefore);
      const prints = await run("build", "moon-poker", "--data", p.data, "--out", p.out, "--paper", "a4", "--no-tts");
      expect(prints.code, prints.err).toBe(0);
    } finally {
      fs.writeFileSync(gameFile, yaml);
    }
  });

  it("refuses an id in use, an id that is not one, an engine game's id and a shared folder's name (usage errors, exit 2)", async () => {
    const again = await run("new", "moon-poker", "--data", p.data);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/moon-poker already exists; choose another id/);
    const bad = await run("new", "Moon Poker", "--data", p.data);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/"Moon Poker" is not a game id/);
    const taken = await run("new", "lunar-trick", "--data", p.data);
    expect(taken.code).toBe(2);
    expect(taken.err).toMatch(/"lunar-trick" is a game with a rules engine/);
    for (const shared of ["shared", "partials", "schema"]) {
      const folder = await run("new", shared, "--data", p.data);
      expect(folder.code, shared).toBe(2);
      expect(folder.err).toContain(`"${shared}" names a folder every game shares`);
    }
  });

  it("leaves nothing behind when it cannot write the game whole", async () => {
    const q = project();
    fs.mkdirSync(q.root, { recursive: true });
    fs.writeFileSync(q.templates, "a file where the templates folder should be");
    const r = await run("new", "demo", "--data", q.data);
    expect(r.code).toBe(1);
    expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
    expect(fs.existsSync(path.join(q.data, "demo"))).toBe(false);
    expect(fs.existsSync(q.data) ? fs.readdirSync(q.data).filter((f) => f !== "schema") : []).toEqual([]);
  });
});

describe("syzygy new <id> --from-csv: a deck from a spreadsheet (issue 25, item 1 and 2)", () => {
  /** What Google Sheets downloads: a BOM, CRLF, Title Case headings, quoted commas and line breaks; no id column, a # notes column, icon tokens. */
  const SHEET =
    "\ufeffName,Cost,Card Type,Text,Flavour,Copies,# Notes\r\n" +
    'Fire Bolt,3,Attack,"Deal 3 damage, then :fire: again.","Hot, hot.",2,too strong?\r\n' +
    'Stone Wall,2,Structure,"Blocks one attack.\nGain 1 :shield:.",,1,\r\n' +
    "Quick Step,0,Action,Draw a card.,,1,\r\n";

  it("builds the first time: ids from names, headings as they are, notes ignored, placeholder icons, count from the rows", async () => {
    const p = project();
    const csv = path.join(p.root, "cards.csv");
    fs.writeFileSync(csv, SHEET);
    const made = await run("new", "spells", "--from-csv", csv, "--data", p.data);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toContain("2 placeholder icons for the sheet's tokens (:fire: :shield:)");
    expect(made.out).toContain('column "Flavour" is the field flavor');
    // The designer's file is copied byte for byte: it stays the source.
    expect(fs.readFileSync(path.join(p.data, "spells", "cards.csv"))).toEqual(fs.readFileSync(csv));
    const game = fs.readFileSync(path.join(p.data, "spells", "game.yaml"), "utf8");
    expect(game).toContain("cardFields:\n  cost: integer\n  cardType: text\n");
    expect(game).not.toMatch(/^\s*count:/m);
    expect(fs.readdirSync(path.join(p.data, "spells", "icons")).sort()).toEqual(["fire.svg", "shield.svg"]);
    const model = loadGame(p.data, "spells");
    expect(model.components[0].count).toBe(4);
    expect(model.components[0].items.map((i) => [i.id, i.copies, i.fields.cost, i.fields.cardType, i.flavor ?? null])).toEqual([
      ["fire-bolt", 2, 3, "Attack", "Hot, hot."],
      ["stone-wall", 1, 2, "Structure", null],
      ["quick-step", 1, 0, "Action", null],
    ]);
    expect(model.components[0].items[0].fields).not.toHaveProperty("notes");
    const built = await run("build", "spells", "--data", p.data, "--out", p.out, "--no-tts", "--paper", "a4", "--strict");
    expect(built.code, built.err).toBe(0);
    expect(built.err).not.toContain("warning");
  }, 90_000);

  it("the sheet downloaded again over the file (a new row, a new column, changed copies) builds without touching game.yaml", async () => {
    const p = project();
    const csv = path.join(p.root, "cards.csv");
    fs.writeFileSync(csv, SHEET);
    expect((await run("new", "spells", "--from-csv", csv, "--data", p.data)).code).toBe(0);
    const game = fs.readFileSync(path.join(p.data, "spells", "game.yaml"), "utf8");
    const again = SHEET.replace("# Notes\r\n", "# Notes,Rarity\r\n").replace(",2,too strong?\r\n", ",3,too strong?,Rare\r\n") + "Ice Lance,1,Attack,Freeze :fire:.,,2,,Common\r\n";
    fs.writeFileSync(path.join(p.data, "spells", "cards.csv"), again);
    const r = await run("validate", "spells", "--data", p.data);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("ok spells: 1 components, 7 pieces, 4 deck cards");
    expect(fs.readFileSync(path.join(p.data, "spells", "game.yaml"), "utf8")).toBe(game);
    const cards = loadGame(p.data, "spells").components[0].items;
    expect(cards.map((c) => c.id)).toEqual(["fire-bolt", "stone-wall", "quick-step", "ice-lance"]);
    // An extra column is a text field templates can read.
    expect(cards[0].fields.rarity).toBe("Rare");
    const built = await run("build", "spells", "--data", p.data, "--out", p.out, "--no-tts", "--no-png", "--paper", "a4");
    expect(built.code, built.err).toBe(0);
  }, 90_000);

  it("an XLSX stays the XLSX: the workbook is the deck, read by sheet name", async () => {
    const p = project();
    const xlsx = path.join(p.root, "cards.xlsx");
    const rows = SHEET.replace(/^\ufeff/, "").trim().split("\r\n").map((l) => parseCsv(l)[0] as string[]);
    const cell = (v: string) => (v === "" ? null : { value: /^\d+$/.test(v) ? Number(v) : v });
    const book = await writeExcelFile([
      { data: [[{ value: "not the deck" }]], sheet: "Notes" },
      { data: rows.map((r) => r.map(cell)), sheet: "Spells" },
    ]).toBuffer();
    fs.writeFileSync(xlsx, book);
    const made = await run("new", "spells", "--from-csv", `${xlsx}#Spells`, "--data", p.data);
    expect(made.code, made.err).toBe(0);
    expect(fs.readFileSync(path.join(p.data, "spells", "cards.xlsx"))).toEqual(fs.readFileSync(xlsx));
    expect(fs.readFileSync(path.join(p.data, "spells", "game.yaml"), "utf8")).toContain('deck: "cards.xlsx#Spells"');
    expect(loadGame(p.data, "spells").components[0].items.map((i) => i.id)).toEqual(["fire-bolt", "stone-wall", "quick-step"]);
  }, 60_000);

  it("two cards whose names give one id: a located error naming both rows, in new and in validate", async () => {
    const p = project();
    const csv = path.join(p.root, "dup.csv");
    fs.writeFileSync(csv, "Name,Text\nFire Bolt,a\nStone,b\nFire bolt!,c\n");
    const r = await run("new", "dup", "--from-csv", csv, "--data", p.data);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${csv}:4:1: this name gives the id "fire-bolt", as the name in row 2 does`);
    expect(fs.existsSync(path.join(p.data, "dup"))).toBe(false);
    fs.writeFileSync(csv, "Name,Text\nFire Bolt,a\n");
    expect((await run("new", "dup", "--from-csv", csv, "--data", p.data)).code).toBe(0);
    fs.writeFileSync(path.join(p.data, "dup", "dup.csv"), "Name,Text\nFire Bolt,a\nStone,b\nFire bolt!,c\n");
    const v = await run("validate", "--data", p.data);
    expect(v.code).toBe(1);
    expect(v.err).toMatch(/data\/dup\/dup\.csv:4:1: name: this name gives the id "fire-bolt", as the name in row 2 does/);
  });

  it("reports a sheet without a name column at its first cell, and writes nothing", async () => {
    const p = project();
    const csv = path.join(p.root, "bad.csv");
    fs.writeFileSync(csv, "cost,text\n1,x\n");
    const r = await run("new", "bad", "--from-csv", csv, "--data", p.data);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${csv}:1:1: the first row names no "name" column`);
    expect(fs.existsSync(path.join(p.data, "bad"))).toBe(false);
  });

  it("a cardFields type a cell does not fit is a located error at the cell", async () => {
    const p = project();
    const csv = path.join(p.root, "c.csv");
    fs.writeFileSync(csv, "name,cost\nA,1\nB,2\n");
    expect((await run("new", "c", "--from-csv", csv, "--data", p.data)).code).toBe(0);
    const deck = path.join(p.data, "c", "c.csv");
    fs.writeFileSync(deck, fs.readFileSync(deck, "utf8").replace("B,2", "B,two"));
    const r = await run("validate", "--data", p.data);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/data\/c\/c\.csv:3:2: .*cost.*expected a whole number, got "two"/);
  });
});
