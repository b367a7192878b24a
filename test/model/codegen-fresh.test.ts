/**
 * Issue 26 items 3 and 4: generated engine data is never circular (codegen and the model import
 * each engine's schema.ts, never the engine that imports data.gen.ts), a new engine gets its first
 * data.gen.ts from `npm run gen`, stale data.gen.ts is caught before `simulate`/`replay` run old
 * rules, and the player range has one home (the engine's rules) that game.yaml is checked against.
 */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { GAMES as DEFINITIONS } from "../../src/games/index";
import { formatDiagnostic } from "../../src/model/diagnostics";
import { ensureFreshEngineData, staleEngineData } from "../../src/model/engine-data-fresh";
import { checkGame } from "../../src/model/load";
import { CODE_GAME_IDS } from "../../src/model/registry";
import { REPO, tempData } from "./helpers";

/** Every file `entry` reaches through relative imports (static and literal dynamic ones). */
function importGraph(entry: string): string[] {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imp of ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles) {
      if (!imp.fileName.startsWith(".")) continue;
      const base = resolve(dirname(file), imp.fileName);
      const hit = [`${base}.ts`, base, join(base, "index.ts")].find((f) => existsSync(f) && statSync(f).isFile());
      if (hit !== undefined) todo.push(hit);
    }
  }
  return [...seen].map((f) => relative(REPO, f));
}

const ENGINE_FOLDERS = readdirSync(join(REPO, "src/engine")).filter((d) => existsSync(join(REPO, "src/engine", d, "schema.ts")));

describe("codegen never imports the engine", () => {
  const entries = [
    ...readdirSync(join(REPO, "src/model")).filter((f) => f.endsWith(".ts")).map((f) => join("src/model", f)),
    ...ENGINE_FOLDERS.map((g) => join("src/engine", g, "schema.ts")),
  ];
  for (const entry of entries) {
    it(`${entry} reaches no engine module and no generated data`, () => {
      const bad = importGraph(join(REPO, entry)).filter((f) => /data\.gen\.ts$/.test(f) || /^src\/engine\/[^/]+\/index\.ts$/.test(f) || f === "src/games/index.ts");
      expect(bad).toEqual([]);
    });
  }

  it("the model's games with code (schema.ts by path) are the games of src/games/index.ts", () => {
    expect([...CODE_GAME_IDS].sort()).toEqual(DEFINITIONS.map((g) => g.id).sort());
    for (const d of DEFINITIONS) expect(existsSync(join(REPO, "src/engine", d.id, "schema.ts"))).toBe(true);
  });

  it("`npm run gen` writes a new engine's first data.gen.ts (the engine folder has none yet)", () => {
    const root = mkdtempSync(join(tmpdir(), "syzygy-newengine-"));
    try {
      for (const f of ["package.json", "tsconfig.json"]) cpSync(join(REPO, f), join(root, f));
      symlinkSync(join(REPO, "node_modules"), join(root, "node_modules"), "dir");
      cpSync(join(REPO, "src"), join(root, "src"), { recursive: true });
      cpSync(join(REPO, "src/engine/lunar-trick"), join(root, "src/engine/high-card"), { recursive: true });
      rmSync(join(root, "src/engine/high-card/data.gen.ts"));
      mkdirSync(join(root, "data"));
      cpSync(join(REPO, "data/lunar-trick"), join(root, "data/high-card"), { recursive: true });
      const game = join(root, "data/high-card/game.yaml");
      writeFileSync(game, readFileSync(game, "utf8").replace("id: lunar-trick", "id: high-card"));
      const r = spawnSync(join(root, "node_modules/.bin/tsx"), ["src/model/codegen.ts"], { cwd: root, encoding: "utf8" });
      expect(r.stderr).toContain("generated src/engine/high-card/data.gen.ts");
      expect(r.status).toBe(0);
      const made = readFileSync(join(root, "src/engine/high-card/data.gen.ts"), "utf8");
      const shipped = readFileSync(join(REPO, "src/engine/lunar-trick/data.gen.ts"), "utf8");
      expect(made.replace("data/high-card/", "data/lunar-trick/")).toBe(shipped);
      expect(existsSync(join(root, "data/schema/high-card-rules.schema.json"))).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});

/** A clone-like root: data/ (a copy) and src/engine/<game>/data.gen.ts (a copy). */
function tempClone(): { root: string; data: string; gen: (game: string) => string } {
  const t = tempData();
  for (const g of CODE_GAME_IDS) {
    mkdirSync(join(t.root, "src/engine", g), { recursive: true });
    cpSync(join(REPO, "src/engine", g, "data.gen.ts"), join(t.root, "src/engine", g, "data.gen.ts"));
  }
  return { root: t.root, data: t.data, gen: (g) => join(t.root, "src/engine", g, "data.gen.ts") };
}

describe("stale engine data is caught before simulate/replay", () => {
  it("data.gen.ts matching the data is fresh", () => {
    const c = tempClone();
    for (const g of CODE_GAME_IDS) expect(staleEngineData(c.root, g)).toBeUndefined();
  });

  it("an edit of rules.yaml after generation: refused, naming both files and the fix; regenerated, so the next run goes on", () => {
    const c = tempClone();
    const rules = join(c.data, "lunar-trick/rules.yaml");
    const text = readFileSync(rules, "utf8");
    expect(text).toMatch(/targetPoints: 5\b/);
    writeFileSync(rules, text.replace(/targetPoints: 5\b/, "targetPoints: 7"));
    const stale = staleEngineData(c.root, "lunar-trick");
    expect(stale?.changed).toEqual([rules]);
    let message = "";
    try {
      ensureFreshEngineData(c.root, "lunar-trick", "simulate");
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^simulate: .*src\/engine\/lunar-trick\/data\.gen\.ts was out of date \(.*data\/lunar-trick\/rules\.yaml changed/);
    expect(message).toContain("run the same command again");
    expect(readFileSync(c.gen("lunar-trick"), "utf8")).toContain('"targetPoints": 7');
    expect(() => ensureFreshEngineData(c.root, "lunar-trick", "simulate")).not.toThrow();
  });

  it("an edit of the deck names the deck file; other games stay fresh", () => {
    const c = tempClone();
    const deck = join(c.data, "eclipsed/deck.yaml");
    writeFileSync(deck, readFileSync(deck, "utf8").replace('name: "Solar Traveler"', 'name: "Solar Wanderer"'));
    expect(staleEngineData(c.root, "eclipsed")?.changed).toEqual([deck]);
    expect(staleEngineData(c.root, "lunar-trick")).toBeUndefined();
  });

  it("a missing data.gen.ts is stale too", () => {
    const c = tempClone();
    rmSync(c.gen("solar-eclipse"));
    expect(staleEngineData(c.root, "solar-eclipse")?.file).toBe(c.gen("solar-eclipse"));
  });
});

describe("one home for the player range (the engine's rules)", () => {
  it("the engines derive their range from their rules, which game.yaml agrees with", () => {
    for (const d of DEFINITIONS) {
      const { model } = checkGame(join(REPO, "data"), d.id, { checkTemplates: false });
      expect(model?.players).toEqual({ min: d.engine.minPlayers, max: d.engine.maxPlayers });
    }
  });

  it("game.yaml saying 2–6 while the Lunar Trick engine seats 3–4 (LT-1) is a located error at game.yaml's players", () => {
    const t = tempData();
    const file = join(t.data, "lunar-trick/game.yaml");
    const text = readFileSync(file, "utf8");
    const line = text.split("\n").findIndex((l) => l.startsWith("players:")) + 1;
    writeFileSync(file, text.replace("players: { min: 3, max: 4 }", "players: { min: 2, max: 6 }"));
    const { diagnostics } = checkGame(t.data, "lunar-trick", { checkTemplates: false });
    const shown = diagnostics.map(formatDiagnostic);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(new RegExp(`game\\.yaml:${line}:\\d+`));
    expect(shown[0]).toContain("players says 2–6 but the lunar-trick engine seats 3–4");
    expect(shown[0]).toContain("players: { min: 3, max: 4 }");
  });

  it("changing the range in the engine's rules (Eclipsed rules.yaml players) without game.yaml is caught the other way round", () => {
    const t = tempData();
    const file = join(t.data, "eclipsed/rules.yaml");
    const text = readFileSync(file, "utf8");
    expect(text).toContain("players: { min: 2, max: 4 }");
    writeFileSync(file, text.replace("players: { min: 2, max: 4 }", "players: { min: 2, max: 3 }"));
    const shown = checkGame(t.data, "eclipsed", { checkTemplates: false }).diagnostics.map(formatDiagnostic);
    expect(shown.some((s) => /game\.yaml:\d+:\d+/.test(s) && s.includes("players says 2–4 but the eclipsed engine seats 2–3"))).toBe(true);
  });
});
