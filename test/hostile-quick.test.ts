/**
 * Quick checks, in npm test, of the hostile-input cases of issue 36 that test/hostile-input.test.ts
 * (npm run test:long) runs end to end: each would fail without its fix.
 */
import { describe, expect, it } from "vitest";
import { readCsvCell, safeCsvCell } from "../src/model/csv-cell";
import { gridFor } from "../src/render/kinds/card";
import { DEFAULT_PRINT, PAPERS } from "../src/render/page";
import type { RenderComponent } from "../src/render/types";

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
