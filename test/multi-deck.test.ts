/**
 * One workbook, several decks (issue 37, item 4): each tab of an XLSX given to `new --from-csv`
 * (or each CSV given) is a deck of its own — its component, face, back, colour and count — and
 * the print PDF, the gallery and the TTS save follow. Measured on the built files: pdftotext per
 * page (piece counts), the save's deck objects and their backs, the gallery's sections.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import writeExcelFile from "write-excel-file/node";
import { harbourWorkbook, pdfPages, v } from "./multi-deck-support";
import { run } from "./cli-support";
import { checkGame, loadGame } from "../src/model/load";
import { formatDiagnostic } from "../src/model/diagnostics";
import { MAX_DECK_SHEETS } from "../src/model/limits";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = any;

function project(): { root: string; data: string; out: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-decks-"));
  return { root, data: path.join(root, "data"), out: path.join(root, "out") };
}

const count = (text: string, re: RegExp) => [...text.matchAll(re)].length;

describe("a two-tab workbook through new --from-csv and build", () => {
  const p = project();
  let made: { code: number; out: string; err: string };
  let save: Obj;
  let pages: string[];

  beforeAll(async () => {
    const book = path.join(p.root, "harbour.xlsx");
    fs.writeFileSync(book, await harbourWorkbook());
    made = await run("new", "harbour", "--from-csv", book, "--data", p.data);
    expect(made.code, made.err).toBe(0);
    const built = await run("build", "harbour", "--data", p.data, "--out", p.out, "--paper", "a4");
    expect(built.code, built.err).toBe(0);
    save = JSON.parse(fs.readFileSync(path.join(p.out, "harbour", "tts", "harbour.json"), "utf8"));
    pages = pdfPages(path.join(p.out, "harbour", "print", "harbour-a4.pdf"));
  }, 120_000);

  it("new makes one deck per tab holding cards: its own component, face and back; the notes tab is left out, said so", () => {
    expect(made.out).toContain("deck ships: harbour.xlsx#Ships, 8 cards");
    expect(made.out).toContain("deck lighthouses: harbour.xlsx#Lighthouses, 3 cards");
    expect(made.out).toMatch(/harbour\.xlsx#Notes is left out, not a deck: .*name/);
    const model = loadGame(p.data, "harbour");
    expect(model.components.map((c) => [c.id, c.name, c.count, c.templates.face.name, c.templates.back?.name])).toEqual([
      ["ships", "Ships", 8, "ships", "ships-back"],
      ["lighthouses", "Lighthouses", 3, "lighthouses", "lighthouses-back"],
    ]);
    // Each deck keeps its own columns: a ship has a value, a lighthouse a range.
    expect(model.components[0].items[0].fields).toMatchObject({ value: 1 });
    expect(model.components[1].items[0].fields).toMatchObject({ range: 2 });
    expect(model.components[0].colours.accent).not.toBe(model.components[1].colours.accent);
  });

  it("the PDF prints every piece of both decks, and its contents page names each deck's pages", () => {
    const fronts = pages.filter((t) => /Ship \d|Lighthouse \d/.test(t));
    const all = fronts.join("\n");
    expect(count(all, /Ship \d/g)).toBe(8);
    expect(count(all, /Lighthouse \d/g)).toBe(3);
    expect(pages[0]).toMatch(/Ships: pages \d/);
    expect(pages[0]).toMatch(/Lighthouses: pages \d/);
    // Backs: each deck's back names its deck, once per piece (the footer line, naming the sheet, aside).
    const backs = pages
      .filter((t) => /\(backs\) — page \d/.test(t))
      .map((t) => t.split("\n").filter((l) => !l.includes("print at 100 %")).join("\n"))
      .join("\n");
    expect(count(backs, /\bShips\b/g)).toBe(8);
    expect(count(backs, /\bLighthouses\b/g)).toBe(3);
  });

  it("the TTS save has one deck object per sheet, each with its own back image", () => {
    const decks = save.ObjectStates.filter((o: Obj) => o.Name === "Deck" || o.Name === "DeckCustom");
    expect(decks.map((d: Obj) => [d.Nickname, d.ContainedObjects.length])).toEqual([
      ["Ships", 8],
      ["Lighthouses", 3],
    ]);
    const backsOf = (d: Obj) => new Set(Object.values(d.CustomDeck).map((c: Obj) => c.BackURL));
    const [ships, lights] = decks.map(backsOf);
    expect(ships.size).toBe(1);
    expect(lights.size).toBe(1);
    expect([...ships][0]).toMatch(/ships-back/);
    expect([...lights][0]).toMatch(/lighthouses-back/);
    expect(decks[1].ContainedObjects.map((c: Obj) => c.Nickname)).toEqual(["Lighthouse 1", "Lighthouse 2", "Lighthouse 3"]);
  });

  it("the gallery lists both decks", () => {
    const html = fs.readFileSync(path.join(p.out, "harbour", "index.html"), "utf8");
    expect(html).toMatch(/<h2[^>]*>Ships/);
    expect(html).toMatch(/<h2[^>]*>Lighthouses/);
  });
});

describe("several CSVs, and the model's rules for several decks", () => {
  it("each CSV given to --from-csv (repeated) is a deck; validate counts both", async () => {
    const p = project();
    const a = path.join(p.root, "heroes.csv");
    const b = path.join(p.root, "monsters.csv");
    fs.writeFileSync(a, "Name,Text\nKnight,Guards.\nArcher,Shoots.\n");
    fs.writeFileSync(b, "Name,Count,Text\nGoblin,3,Sneaks.\n");
    const made = await run("new", "quest", "--from-csv", a, "--from-csv", b, "--data", p.data);
    expect(made.code, made.err).toBe(0);
    const m = loadGame(p.data, "quest");
    expect(m.components.map((c) => [c.id, c.count, c.items.map((i) => i.id)])).toEqual([
      ["heroes", 2, ["knight", "archer"]],
      ["monsters", 3, ["goblin"]],
    ]);
    const r = await run("validate", "quest", "--data", p.data);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("ok quest: 2 components, 5 pieces");
  }, 60_000);

  it("a problem in the second tab of a workbook names the tab, row and column", async () => {
    const p = project();
    const book = path.join(p.root, "harbour.xlsx");
    fs.writeFileSync(book, await harbourWorkbook());
    expect((await run("new", "harbour", "--from-csv", book, "--data", p.data)).code).toBe(0);
    const lights = [["Name", "Range", "Text"].map(v), [v("Lighthouse 1"), v("far"), v("x")]];
    const ships = [["Name", "Value"].map(v), [v("Ship 1"), v(1)]];
    fs.writeFileSync(path.join(p.data, "harbour", "harbour.xlsx"), await writeExcelFile([{ data: ships, sheet: "Ships" }, { data: lights, sheet: "Lighthouses" }]).toBuffer());
    const d = checkGame(p.data, "harbour").diagnostics.map(formatDiagnostic);
    expect(d).toEqual([expect.stringMatching(/harbour\.xlsx#Lighthouses:2:2: range: expected a whole number, got "far"/)]);
  }, 60_000);

  it("a game with a rules engine still plays one deck: a second sheet is refused where game.yaml names it", () => {
    const p = project();
    fs.cpSync(path.join(__dirname, "..", "data", "lunar-trick"), path.join(p.data, "lunar-trick"), { recursive: true });
    fs.rmSync(path.join(p.data, "lunar-trick", "deck.yaml"));
    const game = path.join(p.data, "lunar-trick", "game.yaml");
    const text = fs.readFileSync(game, "utf8").replace("    from: deck\n", "    deck: a.csv\n");
    const second = "  - id: more-cards\n    kind: card\n    name: More\n    size: { width: 63.5, height: 88.9 }\n    templates: { face: moon-card }\n    deck: b.csv\n";
    fs.writeFileSync(game, text.trimEnd() + "\n\n" + second);
    fs.writeFileSync(path.join(p.data, "lunar-trick", "a.csv"), "id,name\n");
    fs.writeFileSync(path.join(p.data, "lunar-trick", "b.csv"), "id,name\n");
    const d = checkGame(p.data, "lunar-trick", { checkTemplates: false }).diagnostics.map(formatDiagnostic);
    expect(d.some((x) => /game\.yaml:\d+:\d+: .*a game with a rules engine plays one deck.*"b\.csv"/.test(x))).toBe(true);
  });

  it(`at most ${MAX_DECK_SHEETS} sheets: more is one error in game.yaml`, async () => {
    const p = project();
    const files = Array.from({ length: MAX_DECK_SHEETS }, (_, i) => {
      const f = path.join(p.root, `d${i}.csv`);
      fs.writeFileSync(f, `Name\nCard ${i}\n`);
      return f;
    });
    expect((await run("new", "many", "--from-csv", ...files, "--data", p.data)).code).toBe(0);
    const game = path.join(p.data, "many", "game.yaml");
    const extra = fs.readFileSync(game, "utf8").split("components:\n")[1].split("  - id: ")[1].replace(/^d0\n/, "extra\n").replace(/deck: "d0\.csv"/, 'deck: "extra.csv"');
    fs.appendFileSync(game, `  - id: ${extra}`);
    fs.writeFileSync(path.join(p.data, "many", "extra.csv"), "Name\nExtra\n");
    const d = checkGame(p.data, "many").diagnostics.map(formatDiagnostic);
    expect(d).toEqual([expect.stringMatching(new RegExp(`game\\.yaml:\\d+:\\d+: .*spreadsheet decks of one game.*${MAX_DECK_SHEETS}`))]);
  }, 60_000);
});
