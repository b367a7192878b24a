/**
 * One workbook, several decks (issue 37, item 4): each tab of an XLSX given to `new --from-csv`
 * (or each CSV given) is a deck of its own — its component, face, back, colour and count — and
 * the print PDF, the gallery and the TTS save follow. Measured on the built files: pdftotext per
 * page (piece counts), the save's deck objects and their backs, the gallery's sections. The
 * model's rules for several decks, quickly: test/model/several-decks.test.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { harbourWorkbook, pdfPages } from "./multi-deck-support";
import { run } from "./cli-support";
import { loadGame } from "../src/model/load";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = any;

function project(): { root: string; data: string; out: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-decks-"));
  return { root, data: path.join(root, "data"), out: path.join(root, "out") };
}

const count = (text: string, re: RegExp) => [...text.matchAll(re)].length;

describe("a two-tab workbook through new --from-csv and build", () => {
  const p = project();
  let made: { code: number; out: string; err: string };
  let save: Obj;
  let pages: string[];

  beforeAll(async () => {
    const book = path.join(p.root, "harbour.xlsx");
    fs.writeFileSync(book, await harbourWorkbook());
    made = await run("new", "harbour", "--from-csv", book, "--data", p.data);
    expect(made.code, made.err).toBe(0);
    const built = await run("build", "harbour", "--data", p.data, "--out", p.out, "--paper", "a4");
    expect(built.code, built.err).toBe(0);
    save = JSON.parse(fs.readFileSync(path.join(p.out, "harbour", "tts", "harbour.json"), "utf8"));
    pages = pdfPages(path.join(p.out, "harbour", "print", "harbour-a4.pdf"));
  }, 120_000);

  it("new makes one deck per tab holding cards: its own component, face and back; the notes tab is left out, said so", () => {
    expect(made.out).toContain("deck ships: harbour.xlsx#Ships, 8 cards");
    expect(made.out).toContain("deck lighthouses: harbour.xlsx#Lighthouses, 3 cards");
    expect(made.out).toMatch(/harbour\.xlsx#Notes is left out, not a deck: .*name/);
    const model = loadGame(p.data, "harbour");
    expect(model.components.map((c) => [c.id, c.name, c.count, c.templates.face.name, c.templates.back?.name])).toEqual([
      ["ships", "Ships", 8, "ships", "ships-back"],
      ["lighthouses", "Lighthouses", 3, "lighthouses", "lighthouses-back"],
    ]);
    // Each deck keeps its own columns: a ship has a value, a lighthouse a range.
    expect(model.components[0].items[0].fields).toMatchObject({ value: 1 });
    expect(model.components[1].items[0].fields).toMatchObject({ range: 2 });
    expect(model.components[0].colours.accent).not.toBe(model.components[1].colours.accent);
  });

  it("the PDF prints every piece of both decks, and its contents page names each deck's pages", () => {
    const fronts = pages.filter((t) => /Ship \d|Lighthouse \d/.test(t));
    const all = fronts.join("\n");
    expect(count(all, /Ship \d/g)).toBe(8);
    expect(count(all, /Lighthouse \d/g)).toBe(3);
    expect(pages[0]).toMatch(/Ships: pages \d/);
    expect(pages[0]).toMatch(/Lighthouses: pages \d/);
    // Backs: each deck's back names its deck, once per piece (the footer line, naming the sheet, aside).
    const backs = pages
      .filter((t) => /\(backs\) — page \d/.test(t))
      .map((t) => t.split("\n").filter((l) => !l.includes("print at 100 %")).join("\n"))
      .join("\n");
    expect(count(backs, /\bShips\b/g)).toBe(8);
    expect(count(backs, /\bLighthouses\b/g)).toBe(3);
  });

  it("the TTS save has one deck object per sheet, each with its own back image", () => {
    const decks = save.ObjectStates.filter((o: Obj) => o.Name === "Deck" || o.Name === "DeckCustom");
    expect(decks.map((d: Obj) => [d.Nickname, d.ContainedObjects.length])).toEqual([
      ["Ships", 8],
      ["Lighthouses", 3],
    ]);
    const backsOf = (d: Obj) => new Set(Object.values(d.CustomDeck).map((c: Obj) => c.BackURL));
    const [ships, lights] = decks.map(backsOf);
    expect(ships.size).toBe(1);
    expect(lights.size).toBe(1);
    expect([...ships][0]).toMatch(/ships-back/);
    expect([...lights][0]).toMatch(/lighthouses-back/);
    expect(decks[1].ContainedObjects.map((c: Obj) => c.Nickname)).toEqual(["Lighthouse 1", "Lighthouse 2", "Lighthouse 3"]);
  });

  it("the gallery lists both decks", () => {
    const html = fs.readFileSync(path.join(p.out, "harbour", "index.html"), "utf8");
    expect(html).toMatch(/<h2[^>]*>Ships/);
    expect(html).toMatch(/<h2[^>]*>Lighthouses/);
  });
});
