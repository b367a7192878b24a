/** `npm run gen` goes through the model: it refuses invalid data and its output is current. */
import { describe, expect, it } from "vitest";
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { engineDataText, generateEngineData, writeEngineData } from "../../src/model/codegen";
import { DataError } from "../../src/model/errors";
import { loadGame } from "../../src/model/load";
import { CODE_GAMES, REPO, REPO_DATA, tempData } from "./helpers";

describe("codegen", () => {
  for (const game of CODE_GAMES) {
    it(`src/engine/${game}/data.gen.ts is current (run \`npm run gen\`)`, () => {
      const text = engineDataText(loadGame(REPO_DATA, game, { checkTemplates: false }));
      expect(readFileSync(join(REPO, "src/engine", game, "data.gen.ts"), "utf8")).toBe(text);
    });
  }

  it("DECK keeps only the engine fields, in a fixed order", () => {
    const text = generateEngineData(REPO_DATA, "eclipsed");
    const deck = JSON.parse(text.slice(text.indexOf("= [") + 2, text.indexOf("];") + 1)) as Record<string, unknown>[];
    expect(deck).toHaveLength(52);
    expect(deck[0]).toEqual({ id: "solar-1", name: "Solar Traveler", suit: "solar", rank: 1 });
    expect(Object.keys(deck[0])).toEqual(["id", "name", "suit", "rank"]);
    const lt = generateEngineData(REPO_DATA, "lunar-trick");
    expect(lt).toContain('"id": "lunar-eclipse",\n    "name": "Lunar Eclipse",\n    "eclipse": "lunar"\n  }');
    expect(lt).not.toContain('"phase"');
    expect(lt).not.toContain('"text"');
  });

  it("refuses invalid data with the located errors and writes nothing", () => {
    const t = tempData();
    t.replace("lunar-trick/deck.yaml", "number: 4\n", 'number: "x"\n');
    const src = mkdtempSync(join(tmpdir(), "syzygy-gen-"));
    for (const g of CODE_GAMES) mkdirSync(join(src, "engine", g), { recursive: true });
    let error: unknown;
    try {
      writeEngineData(t.data, src);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataError);
    expect((error as DataError).exitCode).toBe(1);
    expect((error as DataError).message).toContain(`${t.loc("lunar-trick/deck.yaml", '"x"')}: cards[3].number: expected an integer 1..30, got "x"`);
    for (const g of CODE_GAMES) expect(existsSync(join(src, "engine", g, "data.gen.ts"))).toBe(false);
  });

  it("does not need templates (the engine does not use them)", () => {
    const t = tempData();
    t.replace("lunar-trick/game.yaml", "face: moon-card,", "face: not-drawn-yet,");
    const src = mkdtempSync(join(tmpdir(), "syzygy-gen-"));
    for (const g of CODE_GAMES) mkdirSync(join(src, "engine", g), { recursive: true });
    expect(writeEngineData(t.data, src)).toHaveLength(CODE_GAMES.length);
  });
});
