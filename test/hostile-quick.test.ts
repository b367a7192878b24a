/**
 * Quick checks, in npm test, of the hostile-input cases of issue 36 that test/hostile-input.test.ts
 * (npm run test:long) runs end to end: each would fail without its fix.
 */
import { describe, expect, it } from "vitest";
import { readCsvCell, safeCsvCell } from "../src/model/csv-cell";

describe("export-csv quotes formulas behind white space and in full width", () => {
  it('" =1+1", "＝1+1" and "\\u3000＋1" are written behind a quote and read back as they were', () => {
    for (const s of [" =1+1", "＝1+1", "\u3000＋1", "＠SUM(A1)", "－1", "' =x"]) {
      expect(safeCsvCell(s)).toBe(`'${s}`);
      expect(readCsvCell(safeCsvCell(s))).toBe(s);
    }
    expect(safeCsvCell(" plain")).toBe(" plain");
  });
});
