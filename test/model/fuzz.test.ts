/**
 * Property: whatever an edit does to a data file, the loader answers with diagnostics — it never
 * throws, and every problem names a file (and a line when it is inside one).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkGame } from "../../src/model/load";
import { formatDiagnostic } from "../../src/model/diagnostics";
import { tempData } from "./helpers";

const FILES = ["game.yaml", "deck.yaml", "rules.yaml", "reference.yaml"];
const GARBAGE = ["", "x", "-1", "3.5", "[", "]", "{", "&a", "*a", "!tag", "null", "~", "'", '"', ": :", "- -", "\t", "true", "1e999", "<<: *a"];

describe("loader robustness", () => {
  it("any single-line edit yields diagnostics, never an exception", () => {
    const t = tempData();
    const originals = new Map(FILES.map((f) => [f, readFileSync(t.path(join("lunar-trick", f)), "utf8")]));
    fc.assert(
      fc.property(
        fc.constantFrom(...FILES),
        fc.nat(),
        fc.constantFrom("delete", "duplicate", "value", "insert"),
        fc.constantFrom(...GARBAGE),
        (file, lineSeed, how, garbage) => {
          const lines = (originals.get(file) ?? "").split("\n");
          const i = lineSeed % lines.length;
          if (how === "delete") lines.splice(i, 1);
          else if (how === "duplicate") lines.splice(i, 0, lines[i]);
          else if (how === "insert") lines.splice(i, 0, garbage);
          else lines[i] = lines[i].replace(/:\s.*$/, `: ${garbage}`);
          for (const f of FILES) writeFileSync(t.path(join("lunar-trick", f)), f === file ? lines.join("\n") : (originals.get(f) ?? ""));
          const r = checkGame(t.data, "lunar-trick");
          for (const d of r.diagnostics) {
            const text = formatDiagnostic(d);
            expect(text).not.toMatch(/undefined|\[object Object\]/);
            expect(d.location.file).toContain("lunar-trick");
          }
          expect(r.model !== undefined || r.diagnostics.length > 0).toBe(true);
        },
      ),
      { numRuns: 80, seed: 20261129 },
    );
  });
});
