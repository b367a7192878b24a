/**
 * `syzygy new <id> --engine` writes a rules engine beside the data: a copy of the template engine
 * src/engine/_scaffold/ (which the contract, parity and MoonSharp tests play like any engine:
 * src/engine/templates.ts) with every placeholder filled, the deck's suit and rank as the
 * engine's fields (no cardFields), and a first data.gen.ts equal to the deck and rules it writes.
 * That the copy builds, simulates in Node, Lua and MoonSharp and passes the whole suite is
 * npm run test:add-game's proof (test/add-game.proof.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { run, tempFile } from "./cli-support";
import { engineCards, filled, PLACEHOLDERS, RULES, rulePrefix, TEMPLATE_DIR, templateFiles } from "../src/scaffold/engine";
import { engineDataSource } from "../src/model/codegen";
import { GAMES } from "../src/games/index";

function project(): { root: string; data: string; engine: string } {
  const root = path.dirname(tempFile("x", ""));
  const data = path.join(root, "data");
  const engine = path.join(root, "src", "engine");
  fs.mkdirSync(data, { recursive: true });
  fs.mkdirSync(engine, { recursive: true });
  return { root, data, engine };
}

describe("syzygy new <id> --engine", () => {
  it("copies the template engine file by file, each with the id, the name and the rule prefix filled in", async () => {
    const p = project();
    expect((await run("new", "star-whist", "--engine", "--data", p.data)).code).toBe(0);
    const files = templateFiles();
    expect(files).toContain("rules.ts");
    for (const f of files) {
      const template = fs.readFileSync(path.join(TEMPLATE_DIR, f), "utf8");
      expect(fs.readFileSync(path.join(p.engine, "star-whist", f), "utf8"), f).toBe(filled(template, "star-whist", "Star Whist"));
    }
    expect(filled('id: "__ID__", name: "__NAME__", rule: "TPL-3"', "star-whist", "Star Whist")).toBe('id: "star-whist", name: "Star Whist", rule: "SW-3"');
  });

  it("the template's data.gen.ts is what the scaffold writes for its deck and rules.yaml (npm run gen's text)", () => {
    // If this fails after a change of RULES or the poker deck, rewrite it from engineDataSource("__ID__", "deck.yaml", engineCards(), RULES).
    expect(fs.readFileSync(path.join(TEMPLATE_DIR, "data.gen.ts"), "utf8")).toBe(engineDataSource(PLACEHOLDERS.id, "deck.yaml", engineCards(), RULES));
  });

  it("the template spreads no array (MoonSharp 2.0 unpacks an empty table to one nil) and names no shipped game", () => {
    for (const f of [...templateFiles(), "data.gen.ts"]) {
      const text = fs.readFileSync(path.join(TEMPLATE_DIR, f), "utf8");
      expect(text, f).not.toMatch(/\[\s*\.\.\.|\(\s*\.\.\.|,\s*\.\.\.[A-Za-z_(]/);
      for (const g of GAMES) expect(text, f).not.toContain(g.id);
    }
  });

  it("writes the engine in the shared shape, its rules and reference, with every placeholder filled", async () => {
    const p = project();
    const r = await run("new", "star-whist", "--engine", "--data", p.data);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toContain("add it to GAMES in src/games/list.ts");
    const dir = path.join(p.engine, "star-whist");
    expect(fs.readdirSync(dir).sort()).toEqual(
      ["cards.ts", "data-types.ts", "data.gen.ts", "deal.ts", "examples", "index.ts", "policy.ts", "rules.ts", "schema.ts", "table.ts", "types.ts", "view.ts"].sort(),
    );
    // its example replay, as every engine game has one (scripts/make-examples.ts plays it)
    expect(JSON.parse(fs.readFileSync(path.join(dir, "examples", "2p.json"), "utf8"))).toEqual({ game: "star-whist", players: 2, seed: "example", actions: [] });
    for (const f of fs.readdirSync(dir).filter((x) => x.endsWith(".ts"))) {
      const text = fs.readFileSync(path.join(dir, f), "utf8");
      expect(text, f).not.toMatch(/__(ID|NAME)__|TPL-/);
    }
    expect(fs.readFileSync(path.join(dir, "index.ts"), "utf8")).toContain('id: "star-whist"');
    expect(fs.readFileSync(path.join(dir, "schema.ts"), "utf8")).toContain('export const NAME = "Star Whist";');
    expect(fs.readFileSync(path.join(dir, "rules.ts"), "utf8")).toContain('"SW-3"');
    for (const kit of ["trick", "bidding", "rounds"]) expect(fs.readFileSync(path.join(dir, "rules.ts"), "utf8")).toContain(`from "../kit/${kit}"`);
    for (const f of ["game.yaml", "deck.yaml", "rules.yaml", "reference.yaml", "README.md"]) expect(fs.existsSync(path.join(p.data, "star-whist", f)), f).toBe(true);
    const game = fs.readFileSync(path.join(p.data, "star-whist", "game.yaml"), "utf8");
    expect(game).not.toContain("cardFields");
    expect(fs.readFileSync(path.join(p.data, "star-whist", "deck.yaml"), "utf8").split("\n")[0]).toBe("# yaml-language-server: $schema=../schema/star-whist-deck.schema.json");
  });

  it("its first data.gen.ts holds the deck's engine fields and rules.yaml's tables, as npm run gen writes them", async () => {
    const p = project();
    expect((await run("new", "star-whist", "--engine", "--data", p.data)).code).toBe(0);
    const gen = fs.readFileSync(path.join(p.engine, "star-whist", "data.gen.ts"), "utf8");
    expect(gen.split("\n")[0]).toBe("// Generated by `npm run gen` from data/star-whist/deck.yaml and rules.yaml — do not edit.");
    const deck = (parse(fs.readFileSync(path.join(p.data, "star-whist", "deck.yaml"), "utf8")) as { cards: Record<string, unknown>[] }).cards;
    const rules = (parse(fs.readFileSync(path.join(p.data, "star-whist", "rules.yaml"), "utf8")) as { rules: unknown }).rules;
    const deckAt = gen.indexOf("export const DECK: DeckCard[] =");
    const rulesAt = gen.indexOf("export const RULES: Rules =");
    expect(deckAt).toBeGreaterThan(0);
    expect(rulesAt).toBeGreaterThan(deckAt);
    const json = (text: string) => JSON.parse(text.slice(text.indexOf("=") + 1).trim().replace(/;$/, ""));
    expect(json(gen.slice(deckAt, rulesAt))).toEqual(deck.map((c) => ({ id: c.id, name: c.name, suit: c.suit, rank: c.rank })));
    expect(json(gen.slice(rulesAt))).toEqual(rules);
  });

  it("refuses --engine with --from-csv, --engine-dir without --engine, and a missing engines' folder (usage errors, exit 2)", async () => {
    const p = project();
    const csv = tempFile("deck.csv", "name\nA\n");
    const both = await run("new", "star-whist", "--engine", "--from-csv", csv, "--data", p.data);
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/--engine writes its own deck/);
    const dirOnly = await run("new", "star-whist", "--engine-dir", p.engine, "--data", p.data);
    expect(dirOnly.code).toBe(2);
    expect(dirOnly.err).toMatch(/--engine-dir only applies with --engine/);
    const nowhere = await run("new", "star-whist", "--engine", "--data", p.data, "--engine-dir", path.join(p.root, "no-such"));
    expect(nowhere.code).toBe(2);
    expect(nowhere.err).toMatch(/--engine needs the engines' folder/);
    expect(fs.existsSync(path.join(p.data, "star-whist"))).toBe(false);
  });

  it("rule ids take the initials of the id's words", () => {
    expect(rulePrefix("star-whist")).toBe("SW");
    expect(rulePrefix("moon")).toBe("M");
  });
});
