/**
 * The decks `npm run bench` scales to (bench/builds.ts, issue 28): the deck `syzygy new` scaffolds,
 * grown to N cards, is a valid game of N cards whose faces all differ — so each row of the scaling
 * table rasterises N faces, not 52 repeated.
 */
import { afterAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { grownDeck } from "./grown-deck";
import { pokerGame } from "../src/scaffold/poker";
import { writeScaffold } from "../src/scaffold/files";
import { loadGame } from "../src/model/load";
import { renderGameFrom } from "../src/render/source";
import { renderSides } from "../src/render/build";
import { TemplateSet } from "../src/render/face";

const ID = "bench-poker";
const temps: string[] = [];
afterAll(() => {
  for (const t of temps) fs.rmSync(t, { recursive: true, force: true });
});

function deckOf(cards: number, firstCopy = 1): { data: string; templates: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-bench-deck-"));
  temps.push(root);
  const files = pokerGame(ID);
  const grown = grownDeck(String(files.get(`data/${ID}/deck.yaml`)), String(files.get(`data/${ID}/game.yaml`)), cards, firstCopy);
  files.set(`data/${ID}/deck.yaml`, grown.deckYaml);
  files.set(`data/${ID}/game.yaml`, grown.gameYaml);
  const roots = { data: path.join(root, "data"), templates: path.join(root, "templates") };
  writeScaffold(files, roots);
  return roots;
}

describe("bench decks", () => {
  for (const cards of [52, 130]) {
    it(`grows the scaffolded deck to ${cards} cards, every face different`, () => {
      const { data, templates } = deckOf(cards);
      const model = loadGame(data, ID, { templatesDir: templates });
      expect(model.deck).toHaveLength(cards);
      expect(new Set(model.deck.map((c) => String(c.id))).size).toBe(cards);
      const sides = renderSides(renderGameFrom(model), new TemplateSet(templates)).sides.filter((s) => s.side === "face");
      expect(sides).toHaveLength(cards);
      expect(new Set(sides.map((s) => s.svg)).size).toBe(cards);
    });
  }

  it("a second game's deck (a later first copy) shares no face with the first", () => {
    const faces = (firstCopy: number): Set<string> => {
      const { data, templates } = deckOf(60, firstCopy);
      const sides = renderSides(renderGameFrom(loadGame(data, ID, { templatesDir: templates })), new TemplateSet(templates)).sides;
      return new Set(sides.filter((s) => s.side === "face").map((s) => s.svg));
    };
    const first = faces(1);
    const second = faces(3);
    expect(second.size).toBe(60);
    expect([...second].filter((svg) => first.has(svg))).toEqual([]);
  });

  it("refuses a game.yaml without a count to grow", () => {
    expect(() => grownDeck("cards:\n  - id: a\n", "components: []\n", 3)).toThrow(/no component count/);
  });
});
