/**
 * Several decks in the model (issue 37, item 4): each CSV given to `new --from-csv` is a deck of
 * its own; a problem in one tab of a workbook names the tab; a game with a rules engine still
 * plays one deck; the number of sheets is bounded. (The workbook through `build`, measured in the
 * PDF, the TTS save and the gallery: test/multi-deck.test.ts.)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import writeExcelFile from "write-excel-file/node";
import { harbourWorkbook, v } from "../multi-deck-support";
import { run } from "../cli-support";
import { checkGame, loadGame } from "../../src/model/load";
import { formatDiagnostic } from "../../src/model/diagnostics";
import { MAX_DECK_SHEETS } from "../../src/model/limits";

function project(): { root: string; data: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-decks-"));
  return { root, data: path.join(root, "data") };
}

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
    fs.cpSync(path.join(__dirname, "..", "..", "data", "lunar-trick"), path.join(p.data, "lunar-trick"), { recursive: true });
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
