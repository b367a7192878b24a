/**
 * Spreadsheet decks (issue 17, item 4): `deck: cards.csv` / `deck: cards.xlsx#Sheet` in game.yaml
 * load into the same model as deck.yaml, cells are typed by the card schema, problems are located
 * at file:row:column with the column's name, `export-csv` round-trips, and editing one CSV row
 * rebuilds only that card.
 */
import { afterAll, describe, expect, it } from "vitest";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import writeExcelFile from "write-excel-file/node";
import { parse as parseCsv } from "csv-parse/sync";
import { checkGame, loadGame } from "../../src/model/load";
import { formatDiagnostic, sortDiagnostics } from "../../src/model/diagnostics";
import { exportCsvText } from "../../src/cli/commands/export-csv";
import { renderGameFrom } from "../../src/render/source";
import { renderSides } from "../../src/render/build";
import { TemplateSet } from "../../src/render/face";
import { buildGames } from "../../src/pipeline/incremental";
import { WorkerPool } from "../../src/pipeline/pool";
import { Watcher } from "../../src/pipeline/watch";
import type { GameModel } from "../../src/model/types";
import { REPO, runCli, tempData, type TempData } from "./helpers";
import { DATA_GAMES } from "../games";

const TEMPLATES = join(REPO, "templates");

/** A temp data copy whose `game` takes its deck from `ref` (written by `write`), with deck.yaml gone. */
function sheetGame(game: string, ref: string, write: (t: TempData) => void, t = tempData()): TempData {
  write(t);
  rmSync(t.path(`${game}/deck.yaml`));
  t.replace(`${game}/game.yaml`, "    from: deck\n", `    deck: ${ref}\n`);
  return t;
}

/** The model minus where the deck came from (the only thing a sheet deck changes). */
function comparable(m: GameModel): unknown {
  return { ...m, paths: { ...m.paths, deck: undefined } };
}

const yamlModel = (game: string) => loadGame(join(REPO, "data"), game, { templatesDir: TEMPLATES });
const problems = (t: TempData, game: string) => sortDiagnostics(checkGame(t.data, game, { checkTemplates: false }).diagnostics).map(formatDiagnostic);

describe("a CSV deck", () => {
  it.each(DATA_GAMES)("%s: export-csv, then `deck: cards.csv`, gives the same model and the same SVGs", (game) => {
    const t = tempData();
    const yaml = loadGame(t.data, game, { templatesDir: TEMPLATES });
    sheetGame(game, "cards.csv", (d) => d.write(`${game}/cards.csv`, exportCsvText(yaml)), t);
    const csv = loadGame(t.data, game, { templatesDir: TEMPLATES });
    expect(csv.paths.deck).toBe(t.path(`${game}/cards.csv`));
    expect(comparable(csv)).toEqual(comparable(yaml));
    const svgs = (m: GameModel) => renderSides(renderGameFrom(m), new TemplateSet(TEMPLATES)).sides.map((s) => s.svg);
    expect(svgs(csv)).toEqual(svgs(yaml));
  });

  it("types cells by the card schema: an index of digits stays text, a number column becomes numbers", () => {
    const yaml = yamlModel("lunar-trick");
    const t = sheetGame("lunar-trick", "cards.csv", (d) => d.write("lunar-trick/cards.csv", exportCsvText(yaml)));
    const card = loadGame(t.data, "lunar-trick", { checkTemplates: false }).deck[6];
    expect(card).toMatchObject({ id: "rising-7", index: "7", number: 7, phase: 0.233 });
    expect(card).not.toHaveProperty("eclipse"); // an empty cell is a field not given
  });

  it("reads `;`-separated files and a copies column (the count follows the copies)", () => {
    const yaml = yamlModel("solar-eclipse");
    const rows = parseCsv(exportCsvText(yaml)) as string[][];
    rows[1][rows[0].indexOf("copies")] = "2";
    const text = rows.map((r) => r.join(";")).join("\n") + "\n";
    const t = sheetGame("solar-eclipse", "cards.csv", (d) => d.write("solar-eclipse/cards.csv", text));
    // One card printed twice: the component's count must follow.
    expect(problems(t, "solar-eclipse")).toEqual([
      expect.stringMatching(/game\.yaml:\d+:\d+: components\[0\]\.count: count is 42 but the component has 43 pieces \(the copies of each row of cards\.csv\)/),
    ]);
    t.replace("solar-eclipse/game.yaml", "count: 42", "count: 43");
    const m = loadGame(t.data, "solar-eclipse", { checkTemplates: false });
    expect(m.components[0].items[0].copies).toBe(2);
    expect(m.deck).toEqual(yaml.deck);
  });

  it("export-csv writes the file through the CLI, and refuses a component that does not print the deck", async () => {
    const t = tempData();
    const out = join(t.root, "moon.csv");
    const r = await runCli(["export-csv", "lunar-trick", "--data", t.data, "--out", out]);
    expect(r.code).toBe(0);
    expect(readFileSync(out, "utf8")).toBe(exportCsvText(yamlModel("lunar-trick")));
    const bad = await runCli(["export-csv", "lunar-trick", "--data", t.data, "--component", "dividers"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('component "dividers" does not print the deck of lunar-trick; deck components: moon-cards');
  });
});

describe("an XLSX deck", () => {
  async function xlsx(model: GameModel): Promise<Buffer> {
    const rows = parseCsv(exportCsvText(model)) as string[][];
    const numeric = new Set(["number", "phase", "rank", "copies", "index"]);
    // Spreadsheet cells carry types: numbers as numbers (an index of 7 too), text as text.
    const cells = rows.map((r, i) => r.map((v, c) => (v === "" ? null : { value: i > 0 && numeric.has(rows[0][c]) && /^[\d.]+$/.test(v) && !v.endsWith(".") ? Number(v) : v })));
    const notes = [[{ value: "this sheet is not the deck" }]];
    return writeExcelFile([
      { data: notes, sheet: "Notes" },
      { data: cells, sheet: "Moon cards" },
    ]).toBuffer();
  }

  it("`deck: cards.xlsx#Moon cards` gives the same model as deck.yaml", async () => {
    const t = tempData();
    const yaml = loadGame(t.data, "lunar-trick", { templatesDir: TEMPLATES });
    const bytes = await xlsx(yaml);
    sheetGame("lunar-trick", "cards.xlsx#Moon cards", (d) => writeFileSync(d.path("lunar-trick/cards.xlsx"), bytes), t);
    const m = loadGame(t.data, "lunar-trick", { templatesDir: TEMPLATES });
    expect(comparable(m)).toEqual(comparable(yaml));
  });

  it("a sheet name that does not exist is named, with did-you-mean", async () => {
    const bytes = await xlsx(yamlModel("lunar-trick"));
    const t = sheetGame("lunar-trick", "cards.xlsx#Moon card", (d) => writeFileSync(d.path("lunar-trick/cards.xlsx"), bytes));
    expect(problems(t, "lunar-trick")).toEqual([`${t.path("lunar-trick/cards.xlsx")}: the workbook has no sheet "Moon card" (did you mean "Moon cards"?)`]);
  });

  it("a file that is not a workbook is a located error, not a crash", () => {
    const t = sheetGame("lunar-trick", "cards.xlsx", (d) => d.write("lunar-trick/cards.xlsx", "id,name\n"));
    expect(problems(t, "lunar-trick")).toEqual([expect.stringMatching(/cards\.xlsx: cannot read the spreadsheet: it is not a readable \.xlsx file/)]);
  });
});

describe("problems in a CSV deck are located at file:row:column", () => {
  const yaml = yamlModel("lunar-trick");
  const csvWith = (edit: (text: string) => string) =>
    sheetGame("lunar-trick", "cards.csv", (d) => d.write("lunar-trick/cards.csv", edit(exportCsvText(yaml))));
  const at = (t: TempData, row: number, col: number) => `${t.path("lunar-trick/cards.csv")}:${row}:${col}`;

  it("a bad value in a cell: its row and column, the column's name", () => {
    // rising-3 is on row 4 (row 1 is the header); number is column 5.
    const t = csvWith((s) => s.replace("rising-3,Rising Moon 3,3,Rising Moon,3,", "rising-3,Rising Moon 3,3,Rising Moon,three,"));
    expect(problems(t, "lunar-trick")).toEqual([`${at(t, 4, 5)}: number: expected an integer 1..30, got "three"`]);
  });

  it("a required field left empty: its cell", () => {
    const t = csvWith((s) => s.replace("rising-3,Rising Moon 3,", "rising-3,,"));
    expect(problems(t, "lunar-trick")).toEqual([`${at(t, 4, 2)}: name: empty cell: every card needs a value in column "name"; fill it in`]);
  });

  it("a rule across cells (side must match number) points at the cell that breaks it", () => {
    const t = csvWith((s) => s.replace("rising-3,Rising Moon 3,3,Rising Moon,3,rising", "rising-3,Rising Moon 3,3,Rising Moon,3,falling"));
    expect(problems(t, "lunar-trick")).toEqual([expect.stringContaining(`${at(t, 4, 6)}: side: number 3 is on the rising side`)]);
  });

  it("an unknown column: did you mean", () => {
    const t = csvWith((s) => s.replace("id,name,index,subtitle,", "id,name,index,subtitel,"));
    expect(problems(t, "lunar-trick")).toEqual([expect.stringMatching(new RegExp(`^${at(t, 1, 4)}: subtitel: unknown column "subtitel" \\(did you mean "subtitle"\\?\\)`))]);
  });

  it("a missing required column, and a duplicate one", () => {
    const t = csvWith((s) => s.replace("id,name,index,subtitle,", "id,title,index,index,"));
    expect(problems(t, "lunar-trick")).toEqual([
      `${at(t, 1, 1)}: name: missing required column "name": add it to the header row (row 1) and fill it for every card`,
      `${at(t, 1, 4)}: index: column "index" appears twice (first in column 3); remove or rename one`,
    ]);
  });

  it("a bad copies cell, a duplicate id across rows, an unknown style", () => {
    const t = csvWith((s) =>
      s
        .replace("rising-2,Rising Moon 2,2,Rising Moon,2,rising,0.067,,,,1", "rising-2,Rising Moon 2,2,Rising Moon,2,rising,0.067,,,,none")
        .replace("rising-4,Rising Moon 4,4,Rising Moon,4,rising,0.133,,,,1", "rising-1,Rising Moon 4,4,Rising Moon,4,rising,0.133,,risen,,1"),
    );
    expect(problems(t, "lunar-trick")).toEqual([
      `${at(t, 3, 11)}: copies: expected a whole number 1..1000 (copies of this card), got "none"`,
      `${at(t, 5, 1)}: id: duplicate id "rising-1" (first used at ${at(t, 2, 1)}); ids must be unique`,
      `${at(t, 5, 9)}: style: unknown style "risen" (did you mean "rising"?)`,
    ]);
  });

  it("CSV syntax, a file that is not UTF-8, and deck.yaml left beside the sheet", () => {
    const quote = csvWith((s) => s.replace("Rising Moon 5,", '"Rising Moon 5,'));
    expect(problems(quote, "lunar-trick")).toEqual([expect.stringMatching(new RegExp(`^${quote.path("lunar-trick/cards.csv")}:\\d+:1: CSV syntax error: `))]);
    const latin1 = sheetGame("lunar-trick", "cards.csv", (d) => writeFileSync(d.path("lunar-trick/cards.csv"), Buffer.from(exportCsvText(yaml).replace("Rising Moon 5", "Lune \xe9"), "latin1")));
    expect(problems(latin1, "lunar-trick")).toEqual([expect.stringContaining("data files must be UTF-8: re-save the file as UTF-8")]);
    const both = tempData();
    both.write("lunar-trick/cards.csv", exportCsvText(yaml));
    both.replace("lunar-trick/game.yaml", "    from: deck\n", "    deck: cards.csv\n");
    expect(problems(both, "lunar-trick")).toEqual([
      `${both.loc("lunar-trick/game.yaml", "cards.csv")}: components[0].deck: the deck comes from "cards.csv", so ${both.path("lunar-trick/deck.yaml")} would be ignored; delete (or rename) ${both.path("lunar-trick/deck.yaml")}, or remove \`deck:\` to keep the YAML deck`,
    ]);
  });

  it("a deck path outside the data folder or missing is reported in game.yaml", () => {
    const t = sheetGame("lunar-trick", "../../cards.csv", () => {});
    expect(problems(t, "lunar-trick")).toEqual([expect.stringContaining(`${t.loc("lunar-trick/game.yaml", "../../cards.csv")}: components[0].deck: asset path "../../cards.csv" leads outside the data folder`)]);
    const missing = sheetGame("lunar-trick", "moon.csv", () => {});
    expect(problems(missing, "lunar-trick")).toEqual([expect.stringContaining(`components[0].deck: asset "moon.csv" not found`)]);
  });
});

describe("editing one CSV row", () => {
  const pool = new WorkerPool(1);
  afterAll(() => pool.close());

  it("rebuilds only that card, and its pixels change", async () => {
    const t = sheetGame("lunar-trick", "cards.csv", (d) => d.write("lunar-trick/cards.csv", exportCsvText(yamlModel("lunar-trick"))));
    const out = join(t.root, "out");
    const build = async () => {
      const g = renderGameFrom(loadGame(t.data, "lunar-trick", { templatesDir: TEMPLATES }));
      const moon = { ...g, components: g.components.filter((c) => c.id === "moon-cards").map((c) => ({ ...c, items: c.items.slice(0, 3) })) };
      return (await buildGames([{ game: moon, templates: new TemplateSet(TEMPLATES) }], { outDir: out, papers: [], png: true, pool, gallery: false }))[0];
    };
    const first = await build();
    const png = (f: string) => readFileSync(join(out, "lunar-trick/cards/moon-cards", f));
    const before = png("rising-2.png");
    t.replace("lunar-trick/cards.csv", "rising-2,Rising Moon 2,", "rising-2,Waxing Moon 2,");
    const second = await build();
    expect(first.cold).toBe(true);
    expect(second.changedFaces).toHaveLength(1);
    expect(second.changedFaces[0]).toContain("rising-2");
    // faces.json records the SVG each PNG shows, so the edited card's entry changes with it.
    expect(second.written.map((f) => f.split("/").pop())).toEqual(["faces.json", "rising-2.png"]);
    expect(png("rising-2.png").equals(before)).toBe(false);
  }, 60_000);
});

describe("syzygy watch over a CSV deck", () => {
  it("a CSV saved over (rename, as editors and downloads do) rebuilds the game, and only the edited card's face changes", async () => {
    const t = sheetGame("lunar-trick", "cards.csv", (d) => d.write("lunar-trick/cards.csv", exportCsvText(yamlModel("lunar-trick"))));
    const rebuilt: string[][] = [];
    let wake: (() => void) | undefined;
    const watcher = new Watcher({
      dataDir: t.data,
      templatesDir: TEMPLATES,
      outDir: join(t.root, "out"),
      games: ["lunar-trick"],
      papers: [],
      png: false,
      debounceMs: 50,
      log: () => {},
      onRebuilt: (_games, results) => {
        rebuilt.push(results.flatMap((r) => r.changedFaces));
        wake?.();
      },
    });
    try {
      await watcher.start();
      const from = rebuilt.length;
      const csv = t.path("lunar-trick/cards.csv");
      writeFileSync(`${csv}.part`, readFileSync(csv, "utf8").replace("rising-2,Rising Moon 2,", "rising-2,Waxing Moon 2,"));
      renameSync(`${csv}.part`, csv);
      while (rebuilt.length === from) await new Promise<void>((r) => (wake = r));
      expect(rebuilt[from]).toHaveLength(1);
      expect(rebuilt[from][0]).toContain("rising-2");
    } finally {
      await watcher.close();
    }
  }, 60_000);
});
