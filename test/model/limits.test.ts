/**
 * Validate refuses what a build cannot do (issue 18): piece counts, sizes outside the papers and
 * the rasteriser's reach, text a page cannot hold. Each is one located error naming the limit.
 */
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { checkGame } from "../../src/model/load";
import { formatDiagnostic } from "../../src/model/diagnostics";
import {
  MAX_BOARD_MM,
  MAX_COPIES,
  MAX_COUNT,
  MAX_GAME_AREA_M2,
  MAX_GAME_CHARS,
  MAX_GAME_PIECES,
  MAX_ITEM_CHARS,
  MAX_PIECE_MM,
  MAX_TEXT_CHARS,
  MIN_SECTOR_DEGREES,
  MIN_SIZE_MM,
} from "../../src/model/limits";
import { runCli, tempData, type TempData } from "./helpers";

const GAME = "lunar-trick/game.yaml";

/** Edits the block of component `id` in lunar-trick's game.yaml; `from` must occur in it. */
function editComponent(t: TempData, id: string, from: RegExp | string, to: string): void {
  const text = t.read(GAME);
  const start = text.indexOf(`  - id: ${id}\n`);
  if (start < 0) throw new Error(`test setup: component ${id} not in ${GAME}`);
  const next = text.indexOf("\n  - id: ", start + 1);
  const end = next < 0 ? text.length : next;
  const block = text.slice(start, end);
  const edited = block.replace(from, to);
  if (edited === block) throw new Error(`test setup: ${String(from)} not in component ${id}`);
  t.write(GAME, text.slice(0, start) + edited + text.slice(end));
}

/** The 1-based line of the first line of component `id` matching `re`, and the column of `col` in it. */
function lineOf(t: TempData, id: string, re: RegExp, col: string): string {
  const lines = t.read(GAME).split("\n");
  const start = lines.indexOf(`  - id: ${id}`);
  const i = lines.findIndex((l, k) => k > start && re.test(l));
  return `${t.path(GAME)}:${i + 1}:${lines[i].indexOf(col) + 1}`;
}

function problems(t: TempData): string[] {
  const r = checkGame(t.data, "lunar-trick");
  if (r.diagnostics.length > 0) expect(r.model).toBeUndefined();
  return r.diagnostics.map(formatDiagnostic);
}

describe("piece counts", () => {
  it("copies: 100000000 with a matching count is refused at both, naming the limits", () => {
    const t = tempData();
    editComponent(t, "point-tokens", /count: \d+/, "count: 100000000");
    editComponent(t, "point-tokens", /copies: \d+/, "copies: 100000000");
    const got = problems(t);
    expect(got).toContain(
      `${lineOf(t, "point-tokens", /count:/, "100000000")}: components[5].count: expected a whole number 1..${MAX_COUNT} (at most ${MAX_COUNT} pieces in one component), got 100000000; split the component into several`,
    );
    expect(got).toContain(
      `${lineOf(t, "point-tokens", /copies:/, "100000000")}: components[5].items[0].copies: expected a whole number 1..${MAX_COPIES} (at most ${MAX_COPIES} copies of one item), got 100000000; print the PDF pages more than once instead`,
    );
    expect(got).toHaveLength(2);
  });

  it("the pieces of a whole game are limited", () => {
    const t = tempData();
    for (const id of ["point-tokens"]) {
      editComponent(t, id, /count: \d+/, `count: ${MAX_COUNT}`);
      editComponent(t, id, /copies: \d+/, `copies: ${MAX_COUNT}`);
    }
    editComponent(t, "dividers", /count: \d+/, `count: ${MAX_COUNT}`);
    editComponent(t, "dividers", /copies: \d+/, `copies: ${MAX_COUNT}`);
    const got = problems(t);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(new RegExp(`^${t.path(GAME)}:\\d+:1: components: the pieces of all components together is \\d+; the limit is ${MAX_GAME_PIECES}: lower the counts or split the game$`));
  });

  it("the printed area of a whole game is limited", () => {
    const t = tempData();
    editComponent(t, "moon-phase-sheet", /size: \{[^}]*\}/, `size: { width: ${MAX_BOARD_MM}, height: ${MAX_BOARD_MM} }`);
    editComponent(t, "moon-phase-sheet", /count: \d+/, "count: 16");
    editComponent(t, "moon-phase-sheet", "        name: Moon Phase Sheet\n", "        name: Moon Phase Sheet\n        copies: 16\n");
    const got = problems(t);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(new RegExp(`: components: the printed area of all pieces together \\(m², count × width × height\\) is [\\d.]+; the limit is ${MAX_GAME_AREA_M2}: lower the counts or the sizes$`));
  });
});

describe("sizes", () => {
  it("a 2000 mm board is refused (the rasteriser's pixel limit), at width and height", () => {
    const t = tempData();
    editComponent(t, "moon-phase-sheet", /size: \{[^}]*\}/, "size: { width: 2000, height: 2000 }");
    const line = lineOf(t, "moon-phase-sheet", /size:/, "2000").split(":").slice(0, -1).join(":");
    const tail = `expected a size of at most ${MAX_BOARD_MM} mm (the limit for boards and sheets, which are tiled over several pages), got 2000; split the board into parts`;
    expect(problems(t)).toEqual([`${line}:20: components[3].size.width: ${tail}`, `${line}:34: components[3].size.height: ${tail}`]);
  });

  it("a 0.0001 mm piece is refused (it would lay out millions of pieces a page)", () => {
    const t = tempData();
    editComponent(t, "moon-markers", /size: \{[^}]*\}/, "size: { width: 0.0001, height: 13 }");
    expect(problems(t)).toEqual([
      `${lineOf(t, "moon-markers", /size:/, "0.0001")}: components[4].size.width: expected a size of at least ${MIN_SIZE_MM} mm (the smallest piece that can be cut out), got 0.0001`,
    ]);
  });

  it("a card larger than the paper is refused; as a board it is tiled", () => {
    const t = tempData();
    editComponent(t, "dividers", /size: \{[^}]*\}/, "size: { width: 63.5, height: 250 }");
    expect(problems(t)).toEqual([
      `${lineOf(t, "dividers", /size:/, "250")}: components[1].size.height: expected at most ${MAX_PIECE_MM} mm for a card (it is printed whole, on A4 or Letter), got 250; make it a board to tile it over pages`,
    ]);
  });

  it("a corner radius beyond half the shorter side and a hair-thin pie slice are refused", () => {
    const t = tempData();
    editComponent(t, "dividers", /cornerRadius: [\d.]+/, "cornerRadius: 40");
    editComponent(t, "point-tokens", /degrees: [\d.]+/, "degrees: 0.0001");
    const got = problems(t);
    expect(got).toContain(`${lineOf(t, "dividers", /cornerRadius/, "40")}: components[1].shape.cornerRadius: expected a corner radius of at most 31.75 mm (half the shorter side), got 40`);
    expect(got).toContain(
      `${lineOf(t, "point-tokens", /degrees/, "0.0001")}: components[5].shape.degrees: expected at least ${MIN_SECTOR_DEGREES} degrees (at most ${360 / MIN_SECTOR_DEGREES} slices a disc), got 0.0001`,
    );
    expect(got).toHaveLength(2);
  });
});

describe("text", () => {
  it('control characters ("\\a", "\\0", raw U+0001) are refused where they are written', () => {
    const t = tempData();
    t.replace("lunar-trick/deck.yaml", '"Rising Moon 5"', '"Rising \\a Moon 5"');
    t.replace("lunar-trick/deck.yaml", '"Rising Moon 6"', '"Rising Moon\\0 6"');
    t.replace("lunar-trick/deck.yaml", '"Rising Moon 7"', '"Rising\u0001Moon 7"');
    const deck = "lunar-trick/deck.yaml";
    const msg = (cp: string, at: number) =>
      `contains the control character U+${cp} at character ${at}, which printed text cannot hold; remove it (only tabs and line breaks are allowed)`;
    expect(problems(t)).toEqual([
      `${t.loc(deck, '"Rising \\a')}: cards[4].name: ${msg("0007", 8)}`,
      `${t.loc(deck, '"Rising Moon\\0')}: cards[5].name: ${msg("0000", 12)}`,
      `${t.loc(deck, '"Rising\u0001')}: cards[6].name: ${msg("0001", 7)}`,
    ]);
  });

  it("a lone surrogate (\\uD800) is refused too; tabs and line breaks are fine", () => {
    const t = tempData();
    t.replace("lunar-trick/deck.yaml", '"Rising Moon 5"', '"Rising \\uD800 Moon 5"');
    t.replace("lunar-trick/deck.yaml", '"Rising Moon 6"', '"Rising\\tMoon\\n6"');
    const got = problems(t);
    expect(got).toHaveLength(1);
    expect(got[0]).toContain("cards[4].name: contains the control character U+D800 at character 8");
  });

  it(`a text longer than ${MAX_TEXT_CHARS} characters is refused`, () => {
    const t = tempData();
    const long = "moon ".repeat(MAX_TEXT_CHARS / 5) + "x";
    t.replace("lunar-trick/deck.yaml", '"Rising Moon 5"', JSON.stringify(long));
    expect(problems(t)).toEqual([
      `${t.loc("lunar-trick/deck.yaml", '"moon moon')}: cards[4].name: text is ${MAX_TEXT_CHARS + 1} characters long; the limit is ${MAX_TEXT_CHARS} characters: shorten it or split it over several items`,
    ]);
  });

  it(`exactly ${MAX_TEXT_CHARS} characters (counted as characters, not UTF-16 units) is accepted`, () => {
    const t = tempData();
    t.replace("lunar-trick/deck.yaml", '"Rising Moon 5"', JSON.stringify("🌙".repeat(MAX_TEXT_CHARS)));
    expect(problems(t)).toEqual([]);
  });

  it("a message quotes only the start of a long value, never all of it", () => {
    const t = tempData();
    t.replace("lunar-trick/deck.yaml", "number: 4\n", `number: ${JSON.stringify("7".repeat(5000))}\n`);
    const got = problems(t);
    expect(got).toHaveLength(2);
    const wrongType = got.find((p) => p.includes("cards[3].number: expected an integer"));
    expect(wrongType).toContain(`got "${"7".repeat(60)}…"`);
    expect(got.every((p) => p.length < 400)).toBe(true);
  });
});

describe("printed text", () => {
  const REF = "lunar-trick/reference.yaml";
  /** `n` sections of `chars` characters each, added to the first reference page. */
  const addSections = (t: TempData, n: number, chars: number) => {
    const text = "moon ".repeat(chars / 5);
    const sections = Array.from({ length: n }, (_, i) => `      - heading: Extra ${i}\n        text: "${text}"\n`).join("");
    t.replace(REF, "    sections:\n", `    sections:\n${sections}`);
  };

  it(`a reference page of more than ${MAX_ITEM_CHARS} characters is refused at the page (was: a 1 MB page built for 134 s)`, () => {
    const t = tempData();
    addSections(t, MAX_ITEM_CHARS / MAX_TEXT_CHARS + 1, MAX_TEXT_CHARS);
    const got = problems(t);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(
      new RegExp(`^${t.loc(REF, "- id: reference", 2)}: pages\\[0\\]: the text printed on this item \\(characters, tables included\\) is \\d+; the limit is ${MAX_ITEM_CHARS}: shorten it or spread it over more items or pages$`),
    );
  });

  it(`the printed text of a whole game is limited to ${MAX_GAME_CHARS} characters`, () => {
    const t = tempData();
    // Each item's text within the per-item limit; together over the game's.
    const items = Array.from({ length: 11 }, (_, i) => `      - id: d${i}\n        name: D${i}\n        fields:\n          lines: [${Array.from({ length: 9 }, () => JSON.stringify("x".repeat(MAX_TEXT_CHARS))).join(", ")}]\n`).join("");
    editComponent(t, "dividers", /    items:\n[\s\S]*$/, `    items:\n${items}`);
    editComponent(t, "dividers", /count: \d+/, "count: 11");
    const got = problems(t);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(new RegExp(`: components: the text printed on all pieces together \\(characters\\) is \\d+; the limit is ${MAX_GAME_CHARS}: shorten the texts$`));
  });
});

describe("build refuses what validate refuses, before writing anything", () => {
  it("a 0.0001 mm piece: located error, exit 1, no output files (was: stack overflow in the imposer)", async () => {
    const t = tempData();
    editComponent(t, "moon-markers", /size: \{[^}]*\}/, "size: { width: 0.0001, height: 0.0001 }");
    const out = join(t.root, "out");
    const r = await runCli(["build", "lunar-trick", "--data", t.data, "--out", out, "--no-tts", "--paper", "a4"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`components[4].size.width: expected a size of at least ${MIN_SIZE_MM} mm`);
    expect(r.stderr).not.toMatch(/Maximum call stack|\n\s+at /);
    expect(existsSync(out) ? readdirSync(out, { recursive: true }).filter((f) => String(f).endsWith(".png") || String(f).endsWith(".pdf")) : []).toEqual([]);
  });
});
