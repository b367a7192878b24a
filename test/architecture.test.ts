/**
 * One game = one folder + its data (issue: one definition per game). Generic modules never name a
 * game: every registry reads the one list, src/games/list.ts, so adding a game with an engine
 * touches its folder (src/engine/<game>/), its data (data/<game>/, templates/<game>/) and that
 * list — nothing else.
 */
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { GAMES } from "../src/games/index";

const ROOT = path.resolve(__dirname, "..");

/** Files allowed to name a game besides the game's own folder. */
const ALLOWED = new Set([
  // the one list
  "src/games/list.ts",
  // the Eclipsed meld calculator: a command that exists for one game only
  "src/cli/commands/meld.ts",
]);

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(rel));
    else if (/\.(ts|mts|mjs|js)$/.test(entry.name)) out.push(rel);
  }
  return out;
}

function ownFolder(file: string): string | undefined {
  for (const g of GAMES) if (file.startsWith(`src/engine/${g.id}/`)) return g.id;
  return undefined;
}

describe("one game = one folder", () => {
  const files = [...sources("src"), ...sources("mods")];

  it("scans the generic modules (the list is not empty)", () => {
    expect(GAMES.length).toBeGreaterThanOrEqual(3);
    expect(files.filter((f) => ownFolder(f) === undefined).length).toBeGreaterThan(50);
  });

  it("no generic module names a game, by id or by display name", () => {
    const words = GAMES.flatMap((g) => [g.id, g.name]);
    const offending: string[] = [];
    for (const file of files) {
      // a game's own folder may name anything (Lunar Trick has a card called Solar Eclipse)
      if (ALLOWED.has(file) || ownFolder(file) !== undefined) continue;
      const text = fs.readFileSync(path.join(ROOT, file), "utf8");
      for (const w of words) {
        // whole words, case as written: ids are lowercase, names capitalised
        const re = new RegExp(`(?<![A-Za-z0-9-])${w.replace(/[-]/g, "\\-")}(?![A-Za-z0-9-])`);
        const m = re.exec(text);
        if (m !== null) offending.push(`${file}:${text.slice(0, m.index).split("\n").length}: ${w}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it("every game of the list has its folder, data and templates", () => {
    for (const g of GAMES) {
      expect(fs.existsSync(path.join(ROOT, "src/engine", g.id, "index.ts")), g.id).toBe(true);
      expect(fs.existsSync(path.join(ROOT, "data", g.id, "game.yaml")), g.id).toBe(true);
      expect(fs.existsSync(path.join(ROOT, "templates", g.id)), g.id).toBe(true);
      expect(g.engine.id).toBe(g.id);
    }
  });
});
