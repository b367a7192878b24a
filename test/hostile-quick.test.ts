/**
 * Quick checks, in npm test, of the hostile-input cases of issue 36 that test/hostile-input.test.ts
 * (npm run test:long) runs end to end: each would fail without its fix.
 */
import { describe, expect, it } from "vitest";
import { readCsvCell, safeCsvCell } from "../src/model/csv-cell";
import { gridFor } from "../src/render/kinds/card";
import { DEFAULT_PRINT, PAPERS } from "../src/render/page";
import type { RenderComponent } from "../src/render/types";
import { MAX_LIST_ITEMS, parseYaml } from "../src/model/yaml-source";
import { readSheetRows } from "../src/model/deck-sheet";
import { run, tempFile } from "./cli-support";
import { hostileProject, STACK } from "./hostile-support";
import { MAX_FACE_REPEATS, MAX_SHEET_ROWS } from "../src/model/limits";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

describe("export-csv quotes formulas behind white space and in full width", () => {
  it('" =1+1", "＝1+1" and "\\u3000＋1" are written behind a quote and read back as they were', () => {
    for (const s of [" =1+1", "＝1+1", "\u3000＋1", "＠SUM(A1)", "－1", "' =x"]) {
      expect(safeCsvCell(s)).toBe(`'${s}`);
      expect(readCsvCell(safeCsvCell(s))).toBe(s);
    }
    expect(safeCsvCell(" plain")).toBe(" plain");
  });
});

describe("--layout fold refuses a card larger than half the sheet (it ran off the page)", () => {
  const card = (width: number, height: number) => ({ id: "cards", width, height }) as RenderComponent;
  it("a 190 mm card on A4 is refused with the largest that fits; a poker card is laid out", () => {
    const fold = { ...DEFAULT_PRINT, layout: "fold" as const };
    expect(() => gridFor(card(190, 88.9), PAPERS.a4, fold)).toThrow(/^cards: a 190×88\.9 mm card does not fit half of a sheet of A4 folded in two \(at most 135\.8×187\.5 mm\): print it without --layout fold/);
    expect(() => gridFor(card(63.5, 190), PAPERS.a4, fold)).toThrow(/does not fit half/);
    expect(gridFor(card(63.5, 88.9), PAPERS.a4, fold).cols).toBe(2);
    expect(gridFor(card(190, 88.9), PAPERS.a4, DEFAULT_PRINT).cols).toBe(1);
  });
});

describe("a YAML list is bounded before it is walked", () => {
  it(`200 000 \`- {}\` in a deck: one located error at once, not "Maximum call stack size exceeded" after a minute`, () => {
    const started = Date.now();
    const huge = parseYaml(`cards:\n${"- {}\n".repeat(200_000)}`, "/x/deck.yaml", "deck.yaml");
    expect(huge.diagnostics.map((d) => `${d.location.line}:${d.location.col}: ${d.message}`)).toEqual([`${4 * MAX_LIST_ITEMS + 2}:1: more than 40000 list items in the file; the limit is 40000 (more than any game holds): this is item 40001, remove it and the ones after it`]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(MAX_LIST_ITEMS).toBe(MAX_SHEET_ROWS);
    const long = parseYaml(`cards:\n${"  - {}\n".repeat(MAX_LIST_ITEMS + 1)}`, "/x/deck.yaml", "deck.yaml");
    expect(long.diagnostics.map((d) => `${d.location.line}:${d.location.col}: ${d.message.slice(0, 49)}`)).toEqual([`${MAX_LIST_ITEMS + 2}:5: more than 10000 list items in one list; the limit`]);
    expect(parseYaml(`cards:\n${"  - {}\n".repeat(MAX_LIST_ITEMS)}`, "/x/deck.yaml", "deck.yaml").diagnostics).toEqual([]);
  });
});

describe("a CSV is read only up to its limits", () => {
  it("1 000 000 blank lines are refused in well under a second, not 48 s and 656 MB", () => {
    const file = tempFile("cards.csv", `id,name\n${"\n".repeat(1_000_000)}`);
    const started = Date.now();
    const r = readSheetRows(file, "cards.csv", { file, format: "csv" });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(r.ok ? "read" : r.diagnostic.message).toMatch(/more than 10000 rows/);
    const wide = tempFile("wide.csv", `${"a,".repeat(250_000)}a\n`);
    const w = readSheetRows(wide, "wide.csv", { file: wide, format: "csv" });
    expect(w.ok ? "read" : w.diagnostic.message).toMatch(/200000 cells/);
  });
});

describe("new --from-csv makes a game that validates, or refuses at the sheet's line:col", () => {
  it("ids __proto__ and toString, a 4 389-character cell and 9 999 rows are refused, and nothing is written", async () => {
    const sheet = tempFile("cards.csv", `id,name,text\n__proto__,A,x\ntoString,B,y\nc,C,${"w ".repeat(2194)}w\n`);
    const data = join(dirname(sheet), "data");
    const r = await run("new", "g", "--from-csv", sheet, "--data", data);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${sheet}:2:1: id: expected a lowercase ASCII id`);
    expect(r.err).toContain(`${sheet}:3:1: id: expected a lowercase ASCII id`);
    expect(r.err).toContain(`${sheet}:4:3: text: text is 4389 characters long`);
    expect(existsSync(data)).toBe(false);
    const many = tempFile("many.csv", `name,text\n${Array.from({ length: 9999 }, (_, i) => `Card ${i},t\n`).join("")}`);
    const m = await run("new", "h", "--from-csv", many, "--data", join(dirname(many), "data"));
    expect(m.code).toBe(1);
    expect(m.err).toMatch(/the pieces of this component \(the copies of each row of many\.csv\) is 9999; the limit is 1000/);
    const good = tempFile("good.csv", "name,text\nAce,one\nTwo,two\n");
    const g = await run("new", "ok", "--from-csv", good, "--data", join(dirname(good), "data"));
    expect(g.code, g.err).toBe(0);
    expect(existsSync(join(dirname(good), "data", "ok", "game.yaml"))).toBe(true);
  });
});

describe("repeating helpers nested in each other are bounded per face", () => {
  it(`five {{#around 100}} inside each other (10¹⁰ blocks; validate hung) are refused at the template's line:col past ${MAX_FACE_REPEATS}`, async () => {
    const p = hostileProject();
    p.face(`${"{{#around 100 30 30 20}}".repeat(5)}<rect width="1" height="1"/>${"{{/around}}".repeat(5)}`);
    const started = Date.now();
    const r = await run(...p.validate());
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(r.err).not.toMatch(STACK);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/card\.svg\.hbs:\d+:\d+: .*helper around: the repeating helpers of this face draw more than 2000 blocks together/);
  });
});

describe("partials that include another twice are bounded per face", () => {
  it("thirty levels of doubling partials (2³⁰ copies: validate ran out of time at 1.7 GB) are refused naming the partial and the template", async () => {
    const p = hostileProject();
    p.write("templates/partials/p0.hbs", '<rect width="1" height="1"/>');
    for (let i = 1; i <= 30; i++) p.write(`templates/partials/p${i}.hbs`, `{{> p${i - 1}}}{{> p${i - 1}}}`);
    p.face("{{> p30}}");
    const started = Date.now();
    const r = await run(...p.validate());
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(r.err).not.toMatch(STACK);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/card\.svg\.hbs: .*partial p0: this face draws more than 2000 partials and repeated blocks together/);
  });
});
