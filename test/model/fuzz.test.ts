/**
 * Property: whatever an edit does to a data file, the loader answers with diagnostics — it never
 * throws, prints no Node warning, and every problem names a file (and a line when it is inside
 * one), one per cause. `npm test` runs a few hundred cases in a few seconds; SYZYGY_FUZZ_RUNS=<n>
 * runs n of each with fresh seeds (`npm run fuzz`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkGame } from "../../src/model/load";
import { formatDiagnostic, type Diagnostic } from "../../src/model/diagnostics";
import { decodeUtf8, firstInvalidUtf8 } from "../../src/model/read-text";
import { textProblems } from "../../src/model/limits";
import { parseYaml } from "../../src/model/yaml-source";
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
      runs(80, 20261129, 10),
    );
  });
});

const FUZZ_RUNS = Number(process.env.SYZYGY_FUZZ_RUNS ?? 0);
/**
 * A fixed seed and `n` runs in `npm test`; SYZYGY_FUZZ_RUNS runs with a fresh seed (divided by
 * `cost` for properties that load a whole game per run).
 */
function runs(n: number, seed: number, cost = 1): { numRuns: number; seed?: number } {
  return FUZZ_RUNS > 0 ? { numRuns: Math.max(n, Math.ceil(FUZZ_RUNS / cost)) } : { numRuns: n, seed };
}

/** Pieces of YAML that have broken the loader or its locations before: tabs, tags, odd keys, anchors, escapes. */
const TOKENS = [
  "a", "b", "id", "cards", ":", ": ", "- ", "  ", "    ", "\t", "\n", "\r\n", "? ", "[", "]", "{", "}", ",", "&x ", "*x", "<<: *x", "&x [*x]", "&x {k: *x}",
  "!!binary aGk=", "!!set {a}", "!!str ", "!!timestamp 2001-01-01", "!!int 3", "!foo ", "!<tag:x> ", '"\\a"', '"\\0"', '"\\uD800"',
  "'q'", "|", ">", "#c", "---", "...", "%YAML 1.2", "~", "null", "1e999", "-0", "0x1F", "\u0000", "\u0007", "\uFEFF", "é", "🌙",
];
const yamlSoup = fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }).map((parts) => parts.join(""));

/** What every loader answer must satisfy. */
function wellFormed(diags: readonly Diagnostic[], file: string): void {
  const syntaxLines = new Set<number>();
  for (const d of diags) {
    const text = formatDiagnostic(d);
    expect(text).not.toMatch(/undefined|\[object Object\]|NaN/);
    expect(d.location.file).toBe(file);
    expect(d.location.line, text).toBeGreaterThanOrEqual(1);
    expect(d.location.col, text).toBeGreaterThanOrEqual(1);
    expect(text.length, "a message never holds the whole file").toBeLessThan(600);
    if (d.code === "yaml-syntax") {
      expect(syntaxLines.has(d.location.line ?? 0), `two syntax errors on one line: ${text}`).toBe(false);
      syntaxLines.add(d.location.line ?? 0);
    }
  }
}

describe("YAML loader fuzz", () => {
  const warnings: unknown[] = [];
  const onWarning = (w: unknown) => warnings.push(w);
  beforeAll(() => process.on("warning", onWarning));
  afterAll(() => process.off("warning", onWarning));

  it("any YAML-like text: located diagnostics or a value, never a throw or a Node warning", () => {
    fc.assert(
      fc.property(yamlSoup, (text) => {
        const r = parseYaml(text, "/x.yaml", "x.yaml");
        wellFormed(r.diagnostics, "x.yaml");
        if (r.source.value !== undefined) wellFormed(textProblems(r.source), "x.yaml");
        expect(r.diagnostics.length > 0 || r.source.value !== undefined).toBe(true);
      }),
      runs(400, 18),
    );
    expect(warnings).toEqual([]);
  });

  it("any bytes: decoded as UTF-8 or one located encoding error", () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 200 }),
      fc.string({ unit: "binary", maxLength: 100 }).map((s) => new Uint8Array(Buffer.from(s, "utf16le"))),
      fc.tuple(fc.string({ maxLength: 50 }), fc.uint8Array({ maxLength: 4 }), fc.string({ maxLength: 50 })).map(
        ([a, mid, b]) => new Uint8Array(Buffer.concat([Buffer.from(a), Buffer.from(mid), Buffer.from(b)])),
      ),
    );
    fc.assert(
      fc.property(bytes, (raw) => {
        const buf = Buffer.from(raw);
        const r = decodeUtf8(buf, "x.yaml");
        if (r.ok) {
          // Accepted bytes are exactly valid UTF-8 without NUL: nothing turned silently into U+FFFD.
          expect(Buffer.from(r.text, "utf8").equals(buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? buf.subarray(3) : buf)).toBe(true);
          expect(r.text.includes("\u0000")).toBe(false);
        } else {
          wellFormed([r.diagnostic], "x.yaml");
          expect(r.diagnostic.code).toBe("file-encoding");
        }
      }),
      runs(400, 18),
    );
  });

  it("the first invalid UTF-8 byte agrees with Node's decoder", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (raw) => {
        const buf = Buffer.from(raw);
        const at = firstInvalidUtf8(buf);
        expect(Buffer.from(buf.subarray(0, at).toString("utf8"), "utf8").equals(buf.subarray(0, at))).toBe(true);
        if (at < buf.length) expect(new TextDecoder("utf-8", { fatal: false }).decode(buf.subarray(at, at + 4)).startsWith("\uFFFD")).toBe(true);
      }),
      runs(400, 18),
    );
  });
});
