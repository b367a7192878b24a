/**
 * The printed rules say what the engine does (issue 27): the text players read on the cards and
 * reference sheets, as rendered from data/ and templates/, checked against the rulings and the
 * rules tables. A wording that contradicts a ruling fails here.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/model/load";
import { classifyIds } from "../src/engine/eclipsed/meld";
import { DATA } from "./render-support";
import { printedFaces, textsOf, type PrintedFace } from "./print-support";

/** A face's text as one line, in paint order (a wrapped sentence joins up again). */
const textOf = (f: PrintedFace): string =>
  textsOf(f)
    .map((t) => t.text)
    .join(" ")
    .replace(/\s+/g, " ");

const faces = (game: string, prefix: string): PrintedFace[] => printedFaces(game).filter((f) => f.name.startsWith(`${game}/${prefix}`));

describe("Eclipsed: EC-17 cross-alignment runs", () => {
  const scouts = faces("eclipsed", "cards/").filter((f) => /-11$/.test(f.name));
  const sheets = faces("eclipsed", "reference/");
  const printed = [...scouts, ...sheets].map((f) => ({ face: f.name, text: textOf(f) }));

  it("the engine: a cross-align run is legal without a Scout (−1), and a Scout cancels the −1", () => {
    const plain = classifyIds(["solar-8", "void-9", "arc-10"], false);
    const scouted = classifyIds(["solar-9", "void-10", "arc-11"], false);
    expect(plain.ok && plain.type).toBe("cross-align-run");
    expect(scouted.ok && scouted.type).toBe("cross-align-run");
    expect(plain.ok && plain.base).toBe(2);
    expect(scouted.ok && scouted.base).toBe(3);
  });

  it("no printed text makes a Scout a condition for a run to cross alignment", () => {
    const needsScout = /(with|needs?|requires?|only with) an? Scout[^.]*(may|can) cross|Scout:? (lets |allows )?an? run (to )?(may |can )?cross|Bridges Light/i;
    expect(printed.filter((p) => needsScout.test(p.text)).map((p) => p.face)).toEqual([]);
  });

  it("every Scout card and the melds sheet say the Scout cancels the cross-align run’s −1", () => {
    expect(scouts).toHaveLength(4);
    for (const s of scouts) expect(textOf(s), s.name).toMatch(/crosses Light and Dark, cancels the −1/);
    const melds = textOf(sheets.find((f) => f.name === "eclipsed/reference/melds")!);
    expect(melds).toMatch(/Scout: cancels the −1 of a cross-align run/);
    expect(melds).toMatch(/runs may cross Light\/Dark without one/);
    // The melds table's row: −1 per run, not with a Scout.
    expect(melds).toMatch(/Cross-align run Mixed Light\+Dark 1\/card −1 \(min 1\); no −1 with a Scout/);
  });
});

describe("Eclipsed reference sheets: rulings players need", () => {
  const model = loadGame(DATA, "eclipsed", { checkTemplates: false });
  const edicts = textOf(faces("eclipsed", "reference/edicts")[0]);
  const melds = textOf(faces("eclipsed", "reference/melds")[0]);

  it("EC-1: the Edict count is one fate card plus one per player, never a fixed three", () => {
    expect(edicts).not.toMatch(/Three Edicts each round/i);
    const { min, max } = model.players;
    expect(edicts).toContain("one fate Edict + one contributed per player");
    expect(edicts).toContain(`${1 + min} Edicts with ${min} players, up to ${1 + max} with ${max}`);
  });

  it("EC-12: burned melds do not count toward going out", () => {
    expect(melds).toMatch(/Burned melds do not count toward any condition/);
  });

  it("EC-28: the match ends at a round end, highest total wins, a tie at or above the target plays on", () => {
    expect(melds).toMatch(/The match ends at a round end when someone reached the target; highest total wins\. A tie at or above the target plays another round\./);
  });

  it("EC-29: the scoring order is printed, step by step in the ruling's order", () => {
    // EC-29: Classify → Void zeroing / Arc threshold → additive bonuses → Sage ×2 → meter +2 →
    // ◉Sage −2 per court → Warden floor → pick top meld, ×1.5 → ◉Scout −6 → ⚡Warden filter →
    // +8, +6, +5 → deadwood. (The suit symbols print as icons, not as text.)
    const steps = [/classify/, /Void zeroes \/ Arc threshold/, /Edict bonuses/, /Sage ×2/, /meter \+2/, /Sage −2 per court/, /Warden floor/, /top meld ×1\.5/, /Scout −6/, /Warden keeps the best meld/, /\+8, \+6, \+5/, /deadwood/];
    const start = melds.indexOf("Scoring order");
    expect(start).toBeGreaterThan(-1);
    let at = start;
    for (const step of steps) {
      const m = step.exec(melds.slice(at));
      expect(m, `${step} after “${melds.slice(at, at + 40)}”`).not.toBeNull();
      at += m!.index + m![0].length;
    }
  });
});

describe("Lunar Trick reference sheet", () => {
  const sheet = textOf(faces("lunar-trick", "reference/")[0]);

  it("says the trick's winner leads the next trick (rulebook: the winner leads)", () => {
    expect(sheet).toMatch(/The trick’s winner takes it and leads the next trick\./);
  });

  it("LT-7: the winning order is printed as the ruling has it", () => {
    const i = sheet.indexOf("Highest trump");
    const j = sheet.indexOf("Else the Lunar Eclipse");
    const k = sheet.indexOf("Else the highest number of the led suit");
    expect(i).toBeGreaterThan(-1);
    expect(j).toBeGreaterThan(i);
    expect(k).toBeGreaterThan(j);
  });
});
