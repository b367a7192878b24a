/** Small pieces of the model: suggestions, pointers, paths, YAML positions, tables. */
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closest, editDistance } from "../../src/model/suggest";
import { resolvePointer } from "../../src/model/pointer";
import { formatPath } from "../../src/model/diagnostics";
import { readYaml } from "../../src/model/yaml-source";
import { buildTable, cellText } from "../../src/model/tables";

describe("did you mean", () => {
  it("edit distance counts a swap as one edit", () => {
    expect(editDistance("nmae", "name")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });
  it("suggests close words only", () => {
    expect(closest("colour", ["colours", "count"])).toBe("colours");
    expect(closest("zzzz", ["name", "kind"])).toBeUndefined();
    expect(closest("sid", ["id", "name", "side"])).toBe("side");
    expect(closest("moonlite", ["moonlight", "night"])).toBe("moonlight");
  });
});

describe("JSON pointers into rules:", () => {
  const rules = { bids: [{ cards: [{ tricks: 1 }] }], "a/b": { "c~d": 7 } };
  it("resolves lists, mappings and escaped keys", () => {
    expect(resolvePointer(rules, "/bids/0/cards/0/tricks")).toEqual({ ok: true, value: 1 });
    expect(resolvePointer(rules, "/a~1b/c~0d")).toEqual({ ok: true, value: 7 });
    expect(resolvePointer(rules, "")).toEqual({ ok: true, value: rules });
  });
  it("explains where it stops", () => {
    expect(resolvePointer(rules, "/bid")).toEqual({ ok: false, detail: 'no key "bid" under rules: (did you mean "bids"?)' });
    expect(resolvePointer(rules, "/bids/1")).toEqual({ ok: false, detail: '"/bids" is a list of 1; no item "1"' });
    expect(resolvePointer(rules, "/bids/0/cards/0/tricks/x")).toEqual({ ok: false, detail: '"/bids/0/cards/0/tricks" is a plain value, not a list or mapping' });
  });
});

describe("data paths", () => {
  it("read like the YAML", () => {
    expect(formatPath(["cards", 3, "number"])).toBe("cards[3].number");
    expect(formatPath(["colours", "rising-tint"])).toBe("colours.rising-tint");
    expect(formatPath(["styles", "a b"])).toBe('styles["a b"]');
    expect(formatPath([])).toBe("");
  });
});

describe("YAML positions", () => {
  const dir = mkdtempSync(join(tmpdir(), "syzygy-yaml-"));
  const file = join(dir, "x.yaml");
  writeFileSync(file, "# c\ncards:\n  - id: a\n    rank:\n  - { id: b, rank: 2 }\n");
  const { source, diagnostics } = readYaml(file, "x.yaml");
  it("locates values, keys, empty values and flow items", () => {
    expect(diagnostics).toEqual([]);
    expect(source.locate(["cards", 0, "id"])).toEqual({ file: "x.yaml", line: 3, col: 9 });
    expect(source.locate(["cards", 0, "rank"], { key: true })).toEqual({ file: "x.yaml", line: 4, col: 5 });
    expect(source.locate(["cards", 1, "rank"])).toEqual({ file: "x.yaml", line: 5, col: 20 });
  });
  it("falls back to the deepest existing node for a missing key", () => {
    expect(source.locate(["cards", 1, "name"])).toEqual({ file: "x.yaml", line: 5, col: 5 });
    expect(source.locate(["cards", 7])).toEqual({ file: "x.yaml", line: 3, col: 3 });
  });
});

describe("tables", () => {
  it("print numbers, lists and formats as text", () => {
    expect(cellText(1.5)).toBe("1.5");
    expect(cellText([1, "a"])).toBe("1, a");
    expect(cellText(true)).toBe("yes");
    expect(cellText({})).toBeUndefined();
    const rules = { scoring: { one: { points: 2 }, three: { points: 1 } } };
    const { table, problems } = buildTable(
      { rules: "/scoring", columns: [{ header: "Tricks", key: "$key" }, { header: "Points", format: "{points} pts" }] },
      rules,
    );
    expect(problems).toEqual([]);
    expect(table).toEqual({ caption: undefined, headers: ["Tricks", "Points"], rows: [["one", "2 pts"], ["three", "1 pts"]] });
  });
  it("inline rows must match the headers", () => {
    const { problems } = buildTable({ headers: ["a", "b"], rows: [["1"]] }, {});
    expect(problems).toEqual([{ path: ["rows", 0], kind: "cell", message: "row has 1 cells but there are 2 headers" }]);
  });
});

describe("plainText", () => {
  it("turns icon tokens into the style's glyph, or its name", async () => {
    const { plainText } = await import("../../src/model/text");
    const styles = [
      { id: "solar", name: "Solar", symbol: "solar", glyph: "☀", colours: {} },
      { id: "le", name: "Lunar Eclipse", symbol: "lunar-eclipse", colours: {} },
    ];
    expect(plainText("Edict: :solar: melds +5 pts.", { styles })).toBe("Edict: ☀ melds +5 pts.");
    expect(plainText(":lunar-eclipse: wins", { styles })).toBe("Lunar Eclipse wins");
    expect(plainText("time 10:30: :unknown:", { styles })).toBe("time 10:30: :unknown:");
  });
});
