/**
 * Every shipped data file loads and validates, and matches the component contract
 * (/work/team/COMPONENTS.md, issue 2): ids, kinds, piece counts, sizes, templates.
 */
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { checkAll, loadAll, loadGame } from "../../src/model/load";
import { formatDiagnostic } from "../../src/model/diagnostics";
import type { GameModel } from "../../src/model/types";
import { CODE_GAMES, GAMES, REPO, REPO_DATA, runCli } from "./helpers";

const POKER = { width: 63.5, height: 88.9 };
const SHEET = { width: 180, height: 250 };

/** [component id, kind, pieces, size, face template, back template] per game, from COMPONENTS.md. */
const CONTRACT: Record<string, [string, string, number, { width: number; height: number }, string, string | undefined][]> = {
  "lunar-trick": [
    ["moon-cards", "card", 32, POKER, "moon-card", "moon-back"],
    ["dividers", "card", 8, POKER, "divider", "moon-back"],
    ["trump-status", "card", 1, POKER, "trump-rising", "trump-falling"],
    ["moon-phase-sheet", "board", 1, { width: 190, height: 190 }, "moon-phase-sheet", undefined],
    ["moon-markers", "token", 3, { width: 13, height: 13 }, "moon-marker", "moon-marker"],
    ["point-tokens", "token", 20, { width: 40, height: 40 }, "point-token", "point-token"],
    ["reference", "sheet", 1, SHEET, "reference", undefined],
  ],
  "solar-eclipse": [
    ["playing-cards", "card", 42, POKER, "playing-card", "playing-back"],
    ["bid-cards", "card", 18, POKER, "bid-card", "bid-back"],
    ["bonus-cards", "card", 7, POKER, "bonus-card", "bonus-back"],
    ["reference", "sheet", 1, SHEET, "reference", undefined],
  ],
  eclipsed: [
    ["cards", "card", 52, POKER, "card", "back"],
    ["meter-track", "board", 1, { width: 180, height: 60 }, "meter-track", undefined],
    ["meter-marker", "token", 1, { width: 18, height: 18 }, "meter-marker", "meter-marker"],
    ["reference", "sheet", 2, SHEET, "reference", undefined],
  ],
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const DECK_IDS: Record<string, string[]> = {
  "lunar-trick": [...range(1, 15).map((n) => `rising-${n}`), ...range(16, 30).map((n) => `falling-${n}`), "lunar-eclipse", "solar-eclipse"],
  "solar-eclipse": ["sun", "moon"].flatMap((s) => range(1, 21).map((n) => `${s}-${n}`)),
  eclipsed: ["solar", "arc", "void", "stasis"].flatMap((s) => range(1, 13).map((n) => `${s}-${n}`)),
};

function byId(model: GameModel, id: string) {
  const c = model.components.find((x) => x.id === id);
  if (c === undefined) throw new Error(`no component ${id}`);
  return c;
}

describe("shipped data", () => {
  it("every game's data validates (schemas and cross-references)", () => {
    const r = checkAll(REPO_DATA, { checkTemplates: false });
    expect(r.diagnostics.map(formatDiagnostic)).toEqual([]);
    expect(r.models.map((m) => m.id)).toEqual([...GAMES]);
  });

  it("every template game.yaml references exists in templates/", () => {
    const r = checkAll(REPO_DATA);
    expect(r.diagnostics.map(formatDiagnostic)).toEqual([]);
  });

  it("`syzygy validate` on the shipped data exits 0", async () => {
    const r = await runCli(["validate", "--data", REPO_DATA]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  });

  it("every data file starts with its JSON Schema comment", () => {
    for (const game of GAMES) {
      // a game with code has its own deck schema; a data-only game uses the shared one
      const expected: Record<string, string> = {
        "game.yaml": "game",
        "deck.yaml": CODE_GAMES.includes(game) ? `${game}-deck` : "deck",
        "reference.yaml": "reference",
      };
      for (const [file, kind] of Object.entries(expected)) {
        if (file === "reference.yaml" && !existsSync(join(REPO_DATA, game, file))) continue;
        const first = readFileSync(join(REPO_DATA, game, file), "utf8").split("\n")[0];
        expect(first, `${game}/${file}`).toBe(`# yaml-language-server: $schema=../schema/${kind}.schema.json`);
      }
    }
  });

  for (const game of GAMES) {
    describe(game, () => {
      const model = loadGame(REPO_DATA, game, { checkTemplates: false });

      it("every item has resolved hex colours and absolute template files; piece counts add up", () => {
        for (const c of model.components) {
          expect(c.items.reduce((n, i) => n + i.copies, 0)).toBe(c.count);
          for (const item of c.items) {
            for (const hex of Object.values(item.colours)) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
            // The game's own template, else the one every game shares (templates/shared/).
            const own = join(REPO, "templates", game, `${item.templates.face.name}.svg.hbs`);
            expect(item.templates.face.file).toBe(existsSync(own) ? own : join(REPO, "templates", "shared", `${item.templates.face.name}.svg.hbs`));
            expect(existsSync(item.templates.face.file), item.templates.face.file).toBe(true);
          }
        }
      });
    });
  }

  // The component contract pins the shipped games (COMPONENTS.md); a new game is checked above.
  for (const game of Object.keys(CONTRACT)) {
    describe(`${game} (contract)`, () => {
      const model = loadGame(REPO_DATA, game, { checkTemplates: false });

      it("components match the component contract (id, kind, pieces, mm size, templates)", () => {
        const got = model.components.map((c) => [c.id, c.kind, c.count, c.size, c.templates.face.name, c.templates.back?.name]);
        expect(got).toEqual(CONTRACT[game]);
        for (const c of model.components) expect(c.items.reduce((n, i) => n + i.copies, 0)).toBe(c.count);
      });

      it("deck ids are the stable ASCII ids of the issue, each once", () => {
        expect(model.deck.map((c) => c.id)).toEqual(DECK_IDS[game]);
      });

      it("players range matches the rulebook", () => {
        expect(model.players).toEqual({ "lunar-trick": { min: 3, max: 4 }, "solar-eclipse": { min: 2, max: 3 }, eclipsed: { min: 2, max: 4 } }[game]);
      });
    });
  }

  it("SE-1: bid card i of every set shows entry i of the 2- and 3-player bid tables", () => {
    const model = loadGame(REPO_DATA, "solar-eclipse", { checkTemplates: false });
    const bids = byId(model, "bid-cards");
    expect(bids.sets.map((s) => s.id)).toEqual(["a", "b", "c"]);
    expect(bids.items).toHaveLength(18);
    const two = [[1, 5], [2, 3], [3, 2], [4, 2], [5, 3], [6, 4]];
    const three = [[0, 5], [1, 3], [2, 2], [3, 3], [4, 4], [5, 5]];
    for (const set of ["a", "b", "c"]) {
      for (let i = 0; i < 6; i++) {
        const item = bids.items.find((x) => x.id === `bid-${i + 1}-${set}`);
        expect(item?.fields.twoPlayer).toEqual({ tricks: two[i][0], points: two[i][1] });
        expect(item?.fields.threePlayer).toEqual({ tricks: three[i][0], points: three[i][1] });
        expect(item?.set?.id).toBe(set);
        expect(item?.colours.set).toBe(bids.sets.find((s) => s.id === set)?.colour);
      }
    }
  });

  it("LT-8: the Lunar Trick reference sheet's scoring table comes from rules.yaml", () => {
    const model = loadGame(REPO_DATA, "lunar-trick", { checkTemplates: false });
    const page = byId(model, "reference").items[0];
    const scoring = page.sections.find((s) => s.heading === "Scoring");
    expect(scoring?.table?.rows).toEqual([["1", "2"], ["3", "1"], ["5", "2"]]);
  });

  it("Eclipsed reference pages carry all four Edict tables from rules.yaml", () => {
    const model = loadGame(REPO_DATA, "eclipsed", { checkTemplates: false });
    const rules = model.rules as { edicts: { rows: { label: string; effect: string }[] }[] };
    const page = byId(model, "reference").items.find((i) => i.id === "edicts");
    const tables = ["Solar Amplify", "Arc Threshold", "Void Negate", "Stasis Preserve"].map((h) => page?.sections.find((s) => s.heading === h)?.table);
    tables.forEach((t, i) => expect(t?.rows).toEqual(rules.edicts[i].rows.map((r) => [r.label, r.effect])));
  });

  it("Lunar Trick cards: style from side, eclipse cards styled explicitly, moon phase 0.5 at 15", () => {
    const model = loadGame(REPO_DATA, "lunar-trick", { checkTemplates: false });
    const cards = byId(model, "moon-cards").items;
    expect(cards.find((c) => c.id === "rising-15")?.fields.phase).toBe(0.5);
    expect(cards.find((c) => c.id === "falling-20")?.style?.id).toBe("falling");
    expect(cards.find((c) => c.id === "lunar-eclipse")?.style?.id).toBe("lunar-eclipse");
    const status = byId(model, "trump-status");
    expect(status.backs).toBe("per-item");
  });

  it("loadAll returns every data folder's game in registry order (games with code first, by id)", () => {
    expect(loadAll(REPO_DATA, { checkTemplates: false }).map((m) => m.id)).toEqual([...GAMES]);
  });

  it("data/ holds only the game folders and schema/", () => {
    expect(readdirSync(REPO_DATA).sort()).toEqual([...GAMES, "schema"].sort());
  });
});
