/**
 * Printed rules say what the engine does, for every ruling that changes play. Each reference
 * section names the rulings it states (`rulings:` in data/<game>/reference.yaml, never printed);
 * a ruling no sheet states is listed under `unprinted:` with the reason. This file checks that
 * every ruling of docs/rules/<game>.md (and of ../shared/RULINGS.md, where that file is beside
 * the checkout) is accounted for, that the sections naming them are printed, and that the words
 * of the rulings the issue found misprinted match what the engine does.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { declared, eclipsed, isLegal, play, refusal, score, table, value, Phase } from "./eclipsed-helpers";
import { commitAll, dealt, EXAMPLE_DEAL } from "./lunar-trick-helpers";
import { printedFaces, textsOf, type PrintedFace } from "./print-support";
import { DATA, REPO } from "./render-support";

interface Section {
  heading: string;
  rulings?: string[];
}
interface Reference {
  pages: { id: string; sections: Section[] }[];
  unprinted?: Record<string, string>;
}

const GAMES = [
  { id: "eclipsed", prefix: "EC" },
  { id: "lunar-trick", prefix: "LT" },
  { id: "solar-eclipse", prefix: "SE" },
];

const idsIn = (text: string, prefix: string): string[] => [...new Set(text.match(new RegExp(`\\b${prefix}-[0-9]+\\b`, "g")) ?? [])];

/** A face's text as one line, in paint order (a wrapped sentence joins up again). */
const textOf = (f: PrintedFace): string =>
  textsOf(f)
    .map((t) => t.text)
    .join(" ")
    .replace(/\s+/g, " ");

const printed = (game: string, name: string): string => {
  const face = printedFaces(game).find((f) => f.name === `${game}/${name}`);
  if (face === undefined) throw new Error(`no printed face ${game}/${name}`);
  return textOf(face);
};

const sheets = (game: string): string =>
  printedFaces(game)
    .filter((f) => f.kind === "sheet" || f.name.startsWith(`${game}/reference/`))
    .map(textOf)
    .join(" ");

describe.each(GAMES)("$id: every ruling that changes play is printed or listed as unprinted", ({ id, prefix }) => {
  const reference = parse(readFileSync(join(DATA, id, "reference.yaml"), "utf8")) as Reference;
  const docs = idsIn(readFileSync(join(REPO, "docs/rules", `${id}.md`), "utf8"), prefix);
  const stated = reference.pages.flatMap((p) => p.sections.flatMap((s) => s.rulings ?? []));
  const unprinted = Object.keys(reference.unprinted ?? {});

  it("docs/rules cites every ruling of ../shared/RULINGS.md for this game", () => {
    const rulings = join(REPO, "..", "shared", "RULINGS.md");
    const binding = existsSync(rulings) ? idsIn(readFileSync(rulings, "utf8"), prefix) : docs;
    expect(binding.length).toBeGreaterThan(0);
    expect(binding.filter((r) => !docs.includes(r))).toEqual([]);
  });

  it("each ruling is stated by a printed section or listed as unprinted with a reason — never both", () => {
    expect(docs.filter((r) => !stated.includes(r) && !unprinted.includes(r))).toEqual([]);
    expect(unprinted.filter((r) => stated.includes(r))).toEqual([]);
    for (const [r, why] of Object.entries(reference.unprinted ?? {})) expect(why.length, r).toBeGreaterThan(10);
  });

  it("names only rulings docs/rules knows", () => {
    expect([...stated, ...unprinted].filter((r) => !docs.includes(r))).toEqual([]);
  });

  it("every section that states a ruling is on a printed sheet, and no ruling id is printed", () => {
    const text = sheets(id);
    for (const page of reference.pages)
      for (const s of page.sections.filter((x) => (x.rulings ?? []).length > 0)) expect(text, `${page.id}: ${s.heading}`).toContain(s.heading);
    expect(idsIn(printedFaces(id).map(textOf).join(" "), prefix)).toEqual([]);
  });
});

describe("Eclipsed: the printed words of each ruling match the engine", () => {
  const sheet = sheets("eclipsed");
  const card = (cardId: string): string => printed("eclipsed", `cards/${cardId}`);

  it("EC-21: ❄Scout +6 only to the holder(s) of last round's single highest meld, nothing in round 1", () => {
    for (const text of [card("stasis-11"), sheet]) expect(text).toContain("Whoever had last round’s single highest meld +6 pts (not in round 1)");
    const melds = [[declared(["solar-2", "arc-2"], 0)], [declared(["void-2", "stasis-2"], 1)]];
    expect(score({ edicts: ["stasis-11"], melds, lastRoundBest: [4, 7] }).points).toEqual([1, 7]);
    expect(score({ edicts: ["stasis-11"], melds, lastRoundBest: [] }).points).toEqual([1, 1]);
  });

  it("EC-11/EC-16: ◉Scout's −6 stops at 0, and the sheet says no meld scores below 0", () => {
    for (const text of [card("void-11"), sheet]) expect(text).toContain("top meld −6 pts at round end (not below 0)");
    expect(sheet).toContain("No meld scores below 0");
    const r = score({ edicts: ["void-11"], melds: [[declared(["solar-4", "solar-5", "solar-6", "solar-7", "solar-8", "solar-9", "solar-10"], 0)], [declared(["void-2", "stasis-2"], 1)]] });
    expect(r.points).toEqual([1, 0]);
  });

  it("EC-10: ×1.5 rounds down and ☀Scout + ☀Warden stack", () => {
    expect(card("solar-11")).toContain("Top meld ×1.5 (round down)");
    expect(card("solar-13")).toContain("Best meld ×1.5 (round down)");
    expect(sheet).toContain("×1.5 rounds down; two ×1.5 stack");
    const melds = [[declared(["void-4", "void-5", "void-6", "void-7", "void-8", "void-9", "void-10"], 0)]];
    expect(score({ edicts: ["solar-11"], melds }).points).toEqual([10]); // 7 × 1.5 = 10.5 → 10
    expect(score({ edicts: ["solar-11", "solar-13"], melds }).points).toEqual([15]); // 10 × 1.5 = 15
  });

  it("EC-22: ⚡Scout's +8 goes to the first player to declare a non-burned meld", () => {
    for (const text of [card("arc-11"), sheet]) expect(text).toContain("First to declare a non-burned meld +8 pts");
    const r = score({ edicts: ["arc-11"], melds: [[declared(["solar-2", "arc-2"], 0)], [declared(["void-2", "stasis-2"], 1)]], firstDeclarant: 1 });
    expect(r.bonuses).toEqual([{ seat: 1, kind: "first-declarant", card: "arc-11", value: 8 }]);
  });

  it("EC-31/EC-5: the ◉ and ⚡ Travelers stay active Edicts; ◉Traveler suspends Arc", () => {
    expect(card("void-1")).toContain("No effect, but an active");
    expect(card("void-1")).toContain("it suspends");
    expect(card("arc-1")).toContain("No effect, but an active");
    // (suit symbols print as icons, not text)
    expect(sheet).toContain("Traveler (1) No effect, but an active Edict: it suspends Arc");
    expect(sheet).toContain("Traveler (1) No effect, but an active Edict (it counts for the meter)");
    // ⚡4 burns a 3-card meld; an active ◉Traveler suspends it.
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["arc-4"] }).burned).toBe(true);
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["arc-4", "void-1"] }).burned).toBe(false);
  });

  it("EC-30: the Warden floor does not lift a burned meld", () => {
    expect(card("solar-13")).toContain("scores at least 3 unless burned");
    expect(sheet).toContain("at least 3 unless burned");
    // ⚡5 burns a 2-card court pair; the Warden in it does not lift it to 3.
    expect(value(["solar-13", "arc-13"], { edicts: ["arc-5"] })).toMatchObject({ value: 0, burned: true });
    expect(value(["solar-13", "arc-13", "void-13"], {}).value).toBeGreaterThanOrEqual(3);
  });

  it("EC-14/EC-23: card and sheet say the same of ❄Sage, ⚡Sage and ⚡Warden", () => {
    for (const text of [card("stasis-12"), sheet]) expect(text).toContain("Each player’s first declared meld is Void-immune");
    for (const text of [card("arc-12"), sheet]) expect(text).toContain("To go out, a player’s melds must also cover 3+ suits");
    for (const text of [card("arc-13"), sheet]) expect(text).toContain("Only each player’s best meld scores");
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["stasis-12", "void-3"], firstMeld: true }).burned).toBe(false);
  });

  it("EC-15: Sage doubles positive Edict bonuses only", () => {
    expect(card("solar-12")).toContain("Doubles this meld’s positive Edict bonuses");
    expect(sheet).toContain("doubles the meld’s positive Edict bonuses once (not penalties or ×1.5)");
    // ☀3 gives +3, +6 with a Sage in the meld; ◉Sage's −2 for each of the two courts is not doubled.
    const run = ["solar-8", "solar-9", "solar-10", "solar-11", "solar-12"];
    expect(value(run, { edicts: ["solar-3"] }).value - value(run).value).toBe(6);
    expect(value(run, { edicts: ["void-12"] }).value - value(run).value).toBe(-4);
  });

  it("EC-13: Void-immune is defined on the sheet", () => {
    expect(sheet).toContain("Void-immune: the meld ignores every Void effect");
  });

  it("EC-24: melding the whole hand goes out without a discard", () => {
    expect(sheet).toContain("Melding your whole hand goes out at once, without a discard");
    const s = table({
      hands: [["solar-4", "solar-5", "solar-6", "arc-7", "arc-8", "arc-9"], ["arc-2", "arc-3", "void-9", "void-10", "stasis-4", "stasis-6", "solar-2", "void-2"]],
      edicts: ["solar-2"],
      phase: Phase.Play,
      turns: [2, 1],
    });
    const after = play(s, [
      [0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] }],
      [0, { type: "meld", cards: ["arc-7", "arc-8", "arc-9"] }],
    ]).state;
    expect(eclipsed.legal(after, 0)).toEqual([{ type: "goOut" }]);
  });

  it("EC-35: the long format is one match to 75; best of 3 is the series", () => {
    expect(sheet).toContain("75 pts — one match");
    expect(sheet).toContain("Series: best of 3 matches to 50 (first to win 2)");
    const docs = readFileSync(join(REPO, "docs/rules/eclipsed.md"), "utf8");
    expect(docs).toContain("series: 3");
    expect(docs).not.toMatch(/not (yet )?implemented/i);
  });

  it("a refusal names its ruling (EC-23), so the table's words and the sheet's agree", () => {
    const s = play(
      table({
        hands: [
          ["solar-4", "solar-5", "solar-6", "arc-8", "arc-9", "arc-10", "void-2", "stasis-12"],
          ["solar-2", "stasis-3", "stasis-4", "stasis-6", "void-9", "void-10", "arc-2", "arc-3"],
        ],
        edicts: ["arc-12", "solar-13", "solar-2"],
        turns: [2, 2],
        phase: Phase.Play,
      }),
      [
        [0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] }],
        [0, { type: "meld", cards: ["arc-8", "arc-9", "arc-10"] }],
      ],
    ).state;
    expect(refusal(s, 0, { type: "discard", card: "void-2", goOut: true })).toBe("EC-23");
    expect(isLegal(s, 0, { type: "discard", card: "void-2", goOut: true })).toBe(false);
  });
});

describe("Solar Eclipse and Lunar Trick: the printed words match the engine", () => {
  it("SE-7: the suit note says the lead decides whether second cards are face up", () => {
    const sun = printed("solar-eclipse", "playing-cards/sun-1");
    const moon = printed("solar-eclipse", "playing-cards/moon-1");
    expect(sun).toContain("Sun lead · second cards face up");
    expect(moon).toContain("Moon lead · second cards face down");
  });

  it("LT-5/LT-8: the initial trick counts as one trick; points are not limited by the tokens", () => {
    const sheet = sheets("lunar-trick");
    expect(sheet).toContain("The initial trick counts as one trick");
    expect(sheet).toContain("Points are not limited by the 20 tokens");
    // The rulebook's example: Player B's 12 wins the initial trick, which counts as 1 trick.
    const { state } = commitAll(dealt(EXAMPLE_DEAL), ["rising-4", "rising-12", "falling-20"]);
    expect(state.tricksWon).toEqual([0, 1, 0]);
  });
});
