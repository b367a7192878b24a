/**
 * Property (issue 25, item 3): validate's verdict equals build's. A game made by
 * `syzygy new --from-csv` is edited at random — template snippets (good ones, and the mistakes
 * designers make: unknown fields, unclosed blocks, helpers without arguments, broken SVG,
 * undeclared fonts, unknown icons), sheet edits (new rows, headings in another case, notes
 * columns, bad cells, unknown icon tokens, names giving one id) and count edits — and
 * `syzygy validate` must accept exactly what `syzygy build` builds.
 *
 * `npm test` runs 2 edits; `npm run fuzz` (SYZYGY_FUZZ_RUNS=<n>) runs n/100 of them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { run } from "./cli-support";

const RUNS = Math.max(2, Math.ceil(Number(process.env.SYZYGY_FUZZ_RUNS ?? 0) / 100));

const SHEET = "Name,Cost,Type,Text\nFire Bolt,3,Attack,Deal 3 damage :fire:.\nStone Wall,2,Structure,Block one attack.\n";

const SNIPPETS = [
  // builds
  '<circle cx="5" cy="5" r="1" fill="#000"/>',
  "{{{text item.name 5 5 20 5}}}",
  "{{#if item.cost}}<g/>{{/if}}",
  '{{{icon "fire" 5 5 3 "#000"}}}',
  "{{{text item.text 1 1 2 1 min=3}}}",
  // refused
  "{{{text item.nope 1 1 5 5}}}",
  "{{#if item.name}}",
  "{{/if}}",
  "{{{image item.name}}}",
  "<g>",
  '{{{text item.name 1 1 10 10 font="Fancy"}}}',
  '{{{icon "zzz" 1 1 1 "#000"}}}',
  '{{{text "a}}}',
  '{{{text item.name 1 1 10 10 colour="red"}}}',
  "{{{add item.name 1}}}",
  '{{{text item.name 1 1 10 10 style="bolder"}}}',
];

const SHEET_EDITS: ((s: string) => string)[] = [
  (s) => `${s}Ice Lance,1,Attack,Freeze :fire:.\n`,
  (s) => s.replace("Name,Cost,Type,Text", "name,COST,type,text"),
  (s) => s.replace(/\n/g, ",\n").replace("Text,\n", "Text,# Notes\n"),
  (s) => s.replace(",3,", ",three,"),
  (s) => s.replace("Block one attack.", "Block :ice:."),
  (s) => `${s}Fire bolt!,1,Attack,Again.\n`,
  (s) => s.replace("Name,", "Nmae,"),
];

const YAML_EDITS: ((s: string) => string)[] = [
  (s) => s.replace("    size:", "    count: 2\n    size:"),
  (s) => s.replace("    size:", "    count: 99\n    size:"),
  (s) => s.replace('version: "0.1"', 'version: "0.2"'),
];

const edit = fc.record({
  snippet: fc.option(fc.constantFrom(...SNIPPETS.keys()), { nil: undefined }),
  line: fc.nat(),
  sheet: fc.option(fc.constantFrom(...SHEET_EDITS.keys()), { nil: undefined }),
  yaml: fc.option(fc.constantFrom(...YAML_EDITS.keys()), { nil: undefined }),
});

describe("validate's verdict equals build's on randomly edited games (issue 25, item 3)", () => {
  let root: string;
  let data: string;
  const original = new Map<string, string>();
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-verdict-"));
    const csv = path.join(root, "cards.csv");
    fs.writeFileSync(csv, SHEET);
    data = path.join(root, "data");
    const made = await run("new", "spells", "--from-csv", csv, "--data", data);
    expect(made.code, made.err).toBe(0);
    for (const f of ["data/spells/cards.csv", "data/spells/game.yaml", "templates/spells/card.svg.hbs"]) original.set(f, fs.readFileSync(path.join(root, f), "utf8"));
  }, 60_000);

  it("accepts exactly what builds", async () => {
    await fc.assert(
      fc.asyncProperty(edit, async (e) => {
        const write = (f: string, change: (s: string) => string) => fs.writeFileSync(path.join(root, f), change(original.get(f)!));
        for (const f of original.keys()) write(f, (s) => s);
        if (e.snippet !== undefined) {
          write("templates/spells/card.svg.hbs", (s) => {
            const lines = s.split("\n");
            lines.splice(e.line % lines.length, 0, SNIPPETS[e.snippet!]);
            return lines.join("\n");
          });
        }
        if (e.sheet !== undefined) write("data/spells/cards.csv", SHEET_EDITS[e.sheet]);
        if (e.yaml !== undefined) write("data/spells/game.yaml", YAML_EDITS[e.yaml]);
        const validated = await run("validate", "--data", data);
        const built = await run("build", "--data", data, "--out", path.join(root, "out"), "--no-tts", "--paper", "a4");
        expect(validated.code === 0, `validate: ${validated.err}\nbuild: ${built.err}`).toBe(built.code === 0);
        // A refusal is located (file:line:col or the face) and is no stack trace.
        if (validated.code !== 0) expect(validated.err).not.toMatch(/\n\s+at |TypeError|Cannot read properties/);
      }),
      { numRuns: RUNS, seed: process.env.SYZYGY_FUZZ_RUNS ? undefined : 25 },
    );
  }, 600_000);
});
