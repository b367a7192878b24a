/**
 * Eclipsed rules engine: one scenario (at least) per ruling EC-1…EC-29 and per Edict effect.
 * Tables are built directly (test/eclipsed-helpers.ts) so each scenario shows its cards.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { codeGameSchemas } from "../src/model/registry";

const rulesSchema = codeGameSchemas("eclipsed")!.rules;
import { RULES } from "../src/engine/eclipsed/data.gen";
import { holdBackCount, meldThreshold, meterAfterMeld, meterStart } from "../src/engine/eclipsed/edicts";
import { deadwoodOf } from "../src/engine/eclipsed/cards";
import { Phase, declared, eclipsed, edicts, isLegal, play, refusal, roundEvent, score, table, value } from "./eclipsed-helpers";

describe("rules data", () => {
  it("data/eclipsed/rules.yaml passes the strict schema and matches the generated constants", () => {
    const doc = parse(readFileSync("data/eclipsed/rules.yaml", "utf8"));
    const parsed = rulesSchema.safeParse(doc);
    expect(parsed.success ? "" : JSON.stringify(parsed.error.issues)).toBe("");
    expect(RULES).toEqual(doc.rules);
  });
  it("the schema rejects a table with an uncovered Edict rank, naming where", () => {
    const doc = parse(readFileSync("data/eclipsed/rules.yaml", "utf8"));
    doc.rules.edicts[0].rows = doc.rules.edicts[0].rows.filter((r: { label: string }) => !r.label.includes("Traveler"));
    const parsed = rulesSchema.safeParse(doc);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues[0].message).toContain("solar rank 1");
  });
  it("match formats: standard 50, quick 35, long 75; meter −3..+3; hand 8; going-out bonus 5", () => {
    expect(RULES.formats.map((f) => [f.id, f.target])).toEqual([
      ["standard", 50],
      ["quick", 35],
      ["long", 75],
    ]);
    expect([RULES.meter.min, RULES.meter.max, RULES.handSize, RULES.goingOut.bonus]).toEqual([-3, 3, 8, 5]);
  });
});

describe("setup and Edict contributions", () => {
  const fresh = (players: number, seed = "s") =>
    eclipsed.setup({ players, options: { format: "standard" }, dealer: 0, deal: [], setAside: [] }, seed);

  it("EC-1: 2–4 players, 8 cards each, 1 fate Edict, everyone contributes", () => {
    expect([eclipsed.minPlayers, eclipsed.maxPlayers]).toEqual([2, 4]);
    for (const n of [2, 3, 4]) {
      const s = fresh(n);
      expect(s.hands.map((h) => h.length)).toEqual(Array(n).fill(8));
      expect(s.phase).toBe(Phase.Contribute);
      expect(eclipsed.active(s).length).toBe(n);
    }
  });

  it("EC-2: contributions are hidden until all commit; face cards cannot be contributed; the fate may be any rank", () => {
    const s = table({
      hands: [
        ["solar-11", "solar-5", "arc-6", "void-7", "stasis-8", "solar-9", "arc-10", "void-2"],
        ["arc-11", "arc-2", "arc-3", "void-3", "stasis-4", "solar-6", "arc-7", "void-8"],
      ],
      edicts: ["void-13"],
      phase: Phase.Contribute,
    });
    s.contributions = { done: [false, false], values: ["", ""], expected: [true, true] };
    s.edicts = [];
    expect(refusal(s, 0, { type: "edict", card: "solar-11" })).toBe("EC-2");
    expect(eclipsed.legal(s, 0).map((a) => (a.type === "edict" ? a.card : ""))).not.toContain("solar-11");
    const r = play(s, [[0, { type: "edict", card: "solar-5" }]]);
    expect(r.events).toEqual([{ type: "edictCommitted", seat: 0 }]);
    expect(eclipsed.view(r.state, 1).myContribution).toBe("");
    expect(JSON.stringify(eclipsed.view(r.state, 1))).not.toContain("solar-5");
    expect(eclipsed.view(r.state, 0).myContribution).toBe("solar-5");
    const done = play(r.state, [[1, { type: "edict", card: "arc-2" }]]);
    const revealed = done.events.find((e) => e.type === "edictsRevealed");
    expect(revealed).toMatchObject({ edicts: [{ card: "void-13", seat: -1 }, { card: "solar-5", seat: 0 }, { card: "arc-2", seat: 1 }] });
    // contributed cards leave the hand permanently
    expect(done.state.hands[0]).not.toContain("solar-5");
    expect(done.state.hands[0].length).toBe(7);
  });

  it("EC-2: a player holding only face cards contributes nothing (the commit box skips them)", () => {
    const courts = ["solar-11", "solar-12", "solar-13", "arc-11", "arc-12", "arc-13", "void-11", "void-12"];
    const other = ["solar-2", "solar-3", "solar-4", "solar-5", "solar-6", "solar-7", "solar-8", "solar-9"];
    const s = eclipsed.setup({ players: 2, options: { format: "standard" }, dealer: 1, deal: [courts, other], setAside: ["void-13"] }, "x");
    expect(s.fate).toBe("void-13");
    expect(eclipsed.active(s)).toEqual([1]);
    expect(eclipsed.legal(s, 0)).toEqual([]);
    const r = play(s, [[1, { type: "edict", card: "solar-9" }]]);
    expect(r.state.edicts).toEqual([
      { card: "void-13", seat: -1 },
      { card: "solar-9", seat: 1 },
    ]);
    expect(r.state.hands[0].length).toBe(8);
  });

  it("EC-27: seeded first dealer; the player after the dealer starts; the deal passes clockwise; full reshuffle", () => {
    const a = eclipsed.setup({ players: 3, options: { format: "standard" }, dealer: -1, deal: [], setAside: [] }, "dealer-seed");
    const b = eclipsed.setup({ players: 3, options: { format: "standard" }, dealer: -1, deal: [], setAside: [] }, "dealer-seed");
    expect(a.dealer).toBe(b.dealer);
    expect(a.hands).toEqual(b.hands);
    const dealers = new Set<number>();
    for (let i = 0; i < 20; i++)
      dealers.add(eclipsed.setup({ players: 3, options: { format: "standard" }, dealer: -1, deal: [], setAside: [] }, "d" + i).dealer);
    expect(dealers.size).toBe(3);
    // after the reveal the seat after the dealer draws first
    let s = a;
    for (const seat of eclipsed.active(s)) s = play(s, [[seat, eclipsed.legal(s, seat)[0]]]).state;
    expect(s.phase).toBe(Phase.Draw);
    expect(eclipsed.active(s)).toEqual([(a.dealer + 1) % 3]);
  });
});

describe("Edict effects (tables in rules.yaml, EC-3, EC-4, EC-5)", () => {
  it("☀2–10 Solar melds +rank (cap 5); EC-3 ☀Traveler +1, ☀7 +5; EC-8 per meld, needs a ☀ card", () => {
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["solar-3"] }).value).toBe(6);
    expect(value(["solar-4", "arc-5", "arc-6"], { edicts: ["solar-3"] }).value).toBe(6);
    expect(value(["void-4", "arc-5", "arc-6"], { edicts: ["solar-3"] }).value).toBe(2);
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["solar-1"] }).value).toBe(4);
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["solar-7"] }).value).toBe(8);
  });
  it("EC-4: Solar bonuses add, each capped at 5", () => {
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["solar-9", "solar-2"] }).value).toBe(3 + 5 + 2);
  });
  it("☀Sage: all melds +5", () => {
    expect(value(["void-4", "void-5", "void-6"], { edicts: ["solar-12"] }).value).toBe(8);
  });
  it("☀Scout / ☀Warden: top (best) meld ×1.5 rounded down; the two stack (EC-10)", () => {
    const melds = [[declared(["void-4", "void-5", "void-6", "void-7", "void-8", "void-9", "void-10"], 0)]];
    expect(score({ edicts: ["solar-11"], melds }).points).toEqual([10]);
    expect(score({ edicts: ["solar-13"], melds }).points).toEqual([10]);
    expect(score({ edicts: ["solar-11", "solar-13"], melds }).points).toEqual([15]);
  });
  it("⚡2–5: melds under rank cards score 0 (burned); EC-3 ⚡8 acts as 5, ⚡Traveler no effect; EC-4 highest applies", () => {
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["arc-4"] })).toMatchObject({ value: 0, burned: true });
    expect(value(["solar-4", "solar-5", "solar-6", "solar-7"], { edicts: ["arc-4"] })).toMatchObject({ value: 4, burned: false });
    expect(value(["solar-4", "solar-5", "solar-6", "solar-7"], { edicts: ["arc-8"] }).burned).toBe(true);
    expect(meldThreshold(edicts("arc-8"))).toBe(5);
    expect(meldThreshold(edicts("arc-1"))).toBe(0);
    expect(meldThreshold(edicts("arc-2", "arc-4", "arc-3"))).toBe(4);
  });
  it("⚡Scout: first declarant of a non-burned meld +8 (EC-22)", () => {
    const r = score({ edicts: ["arc-11"], melds: [[declared(["solar-2", "arc-2"], 0)], [declared(["void-2", "stasis-2"], 1)]], firstDeclarant: 1 });
    expect(r.points).toEqual([1, 9]);
    expect(r.bonuses).toEqual([{ seat: 1, kind: "first-declarant", card: "arc-11", value: 8 }]);
  });
  it("⚡Sage: going out needs melds covering 3+ suits (EC-23)", () => {
    const base = {
      hands: [
        ["solar-4", "solar-5", "solar-6", "arc-8", "arc-9", "arc-10", "void-2", "stasis-12"],
        ["solar-2", "stasis-3", "stasis-4", "stasis-6", "void-9", "void-10", "arc-2", "arc-3"],
      ],
      edicts: ["arc-12", "solar-13", "solar-2"],
      turns: [2, 2],
      phase: Phase.Play,
    };
    let s = play(table(base), [
      [0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] }],
      [0, { type: "meld", cards: ["arc-8", "arc-9", "arc-10"] }],
    ]).state;
    // two melds, but only ☀ and ⚡ covered
    expect(refusal(s, 0, { type: "discard", card: "void-2", goOut: true })).toBe("EC-23");
    expect(isLegal(s, 0, { type: "discard", card: "void-2", goOut: true })).toBe(false);
    // without ⚡Sage the same position may go out
    s = play(table({ ...base, edicts: ["solar-13", "solar-2"] }), [
      [0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] }],
      [0, { type: "meld", cards: ["arc-8", "arc-9", "arc-10"] }],
    ]).state;
    expect(isLegal(s, 0, { type: "discard", card: "void-2", goOut: true })).toBe(true);
  });
  it("⚡Warden: only each player's best meld scores (EC-23); +5 and deadwood still apply", () => {
    const r = score({
      edicts: ["arc-13"],
      melds: [[declared(["solar-2", "arc-2"], 0), declared(["void-4", "void-5", "void-6", "void-7"], 1)]],
      hands: [["solar-9"]],
    });
    expect(r.melds.map((m) => m.value)).toEqual([0, 4]);
    expect(r.points).toEqual([4 - 1]);
    expect(r.melds[0].steps.at(-1)).toMatchObject({ step: "best-only", value: 0 });
  });
  it("◉2–10: melds of exactly rank cards score 0; EC-4 every listed size; EC-3 ◉Traveler no effect", () => {
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["void-3"] }).burned).toBe(true);
    expect(value(["solar-4", "solar-5", "solar-6", "solar-7"], { edicts: ["void-3"] }).burned).toBe(false);
    expect(value(["solar-4", "solar-5", "solar-6", "solar-7"], { edicts: ["void-3", "void-4"] }).burned).toBe(true);
    expect(value(["solar-4", "arc-4"], { edicts: ["void-1"] }).burned).toBe(false);
  });
  it("◉Scout: every player's top meld −6, never below 0 (EC-11)", () => {
    const r = score({
      edicts: ["void-11"],
      melds: [[declared(["solar-4", "solar-5", "solar-6", "solar-7", "solar-8", "solar-9", "solar-10"], 0)], [declared(["void-2", "stasis-2"], 1)]],
    });
    expect(r.points).toEqual([1, 0]);
  });
  it("◉Sage: court cards in melds −2 each", () => {
    expect(value(["solar-11", "arc-11", "void-11"], { edicts: ["void-12"] }).value).toBe(15 - 6);
  });
  it("◉Warden: pairs score 0 (burned)", () => {
    expect(value(["solar-4", "arc-4"], { edicts: ["void-13"] })).toMatchObject({ value: 0, burned: true });
    expect(value(["solar-4", "arc-4", "void-4"], { edicts: ["void-13"] }).value).toBe(3);
  });
  it("❄2–3 hold back rank lowest cards; EC-3 ❄Traveler 1, ❄7 2; EC-4 Stasis adds, cap 2", () => {
    expect(holdBackCount(edicts("stasis-2"))).toBe(2);
    expect(holdBackCount(edicts("stasis-1"))).toBe(1);
    expect(holdBackCount(edicts("stasis-7"))).toBe(2);
    expect(holdBackCount(edicts("stasis-1", "stasis-2"))).toBe(2);
    expect(holdBackCount(edicts("solar-2"))).toBe(0);
  });
  it("❄Scout: +6 to the player(s) with the single highest meld of the previous round; none in round 1 (EC-21)", () => {
    const melds = [[declared(["solar-2", "arc-2"], 0)], [declared(["void-2", "stasis-2"], 1)]];
    expect(score({ edicts: ["stasis-11"], melds, lastRoundBest: [4, 7] }).points).toEqual([1, 7]);
    expect(score({ edicts: ["stasis-11"], melds, lastRoundBest: [7, 7] }).points).toEqual([7, 7]);
    expect(score({ edicts: ["stasis-11"], melds, lastRoundBest: [] }).points).toEqual([1, 1]);
  });
  it("❄Sage: each player's own first declared meld is Void-immune (EC-14)", () => {
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["stasis-12", "void-3"], firstMeld: true }).burned).toBe(false);
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["stasis-12", "void-3"], firstMeld: false }).burned).toBe(true);
  });
  it("❄Warden: Warden melds +5 and Void-immune", () => {
    expect(value(["solar-13", "arc-13"], { edicts: ["stasis-13"] }).value).toBe(6);
    expect(value(["solar-13", "arc-13"], { edicts: ["stasis-13", "void-13"] }).value).toBe(6);
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["stasis-13"] }).value).toBe(3);
  });
  it("EC-5: any Void or Stasis Edict suspends every Arc Edict, courts included", () => {
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["arc-5", "void-9"] }).burned).toBe(false);
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["arc-5", "stasis-9"] }).burned).toBe(false);
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["arc-5", "solar-9"] }).burned).toBe(true);
    const melds = [[declared(["solar-2", "arc-2"], 0), declared(["void-4", "void-5", "void-6"], 1)]];
    expect(score({ edicts: ["arc-11", "arc-13", "stasis-9"], melds, firstDeclarant: 0 }).points).toEqual([4]);
    // in force: ☀9 makes the pair 1 + 5 = 6, ⚡Warden keeps only that best meld, ⚡Scout +8
    expect(score({ edicts: ["arc-11", "arc-13", "solar-9"], melds, firstDeclarant: 0 }).points).toEqual([6 + 8]);
  });
});

describe("meter (EC-6, EC-7)", () => {
  it("EC-6: starts at ±1 on a strict majority of Edict alignments, else 0", () => {
    const m = (...ids: string[]) => meterStart(ids.map((card, i) => ({ card, seat: i - 1 })));
    expect(m("solar-2", "arc-3", "void-4")).toBe(1);
    expect(m("solar-2", "void-3", "stasis-4")).toBe(-1);
    expect(m("solar-2", "void-3")).toBe(0);
    expect(m("solar-2", "void-3", "arc-4", "stasis-5")).toBe(0);
  });
  it("EC-6: each declared meld moves it one step toward its majority (even split: none), clamped at ±3", () => {
    expect(meterAfterMeld(0, ["solar-4", "arc-5", "void-6"])).toBe(1);
    expect(meterAfterMeld(0, ["solar-4", "void-4"])).toBe(0);
    expect(meterAfterMeld(-3, ["void-4", "stasis-4"])).toBe(-3);
    expect(meterAfterMeld(3, ["solar-4", "arc-4"])).toBe(3);
  });
  it("EC-7: at ±3 each additive bonus from Edicts of that alignment gains +2", () => {
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["solar-3"], meter: 3 }).value).toBe(8);
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["solar-3"], meter: 2 }).value).toBe(6);
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["solar-3"], meter: -3 }).value).toBe(6);
    expect(value(["void-13", "stasis-13"], { edicts: ["stasis-13"], meter: -3 }).value).toBe(1 + 5 + 2);
    expect(value(["solar-4", "solar-5", "solar-6"], { edicts: ["solar-3", "solar-2"], meter: 3 }).value).toBe(3 + 5 + 4);
  });
  it("EC-9: melds carry a provisional value when declared; the final value uses the meter at round end", () => {
    let s = table({
      hands: [
        ["solar-4", "solar-5", "solar-6", "arc-7", "arc-8", "arc-9", "solar-10", "arc-11"],
        ["void-2", "void-3", "stasis-4", "stasis-6", "void-9", "void-10", "arc-2", "arc-3"],
      ],
      edicts: ["solar-3", "arc-2", "solar-9"],
      meter: 1,
      turns: [2, 1],
      phase: Phase.Play,
    });
    // Arc threshold 2 is in force (no Void/Stasis) — melds of 3 are fine
    const r = play(s, [[0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] }]]);
    expect(r.events[0]).toMatchObject({ type: "meld", value: 3 + 3 + 5, meter: 2 });
    s = play(r.state, [
      [0, { type: "meld", cards: ["arc-7", "arc-8", "arc-9"] }],
      [0, { type: "discard", card: "solar-10", goOut: true }],
    ]).state;
    const round = roundEvent(
      play(r.state, [
        [0, { type: "meld", cards: ["arc-7", "arc-8", "arc-9"] }],
        [0, { type: "discard", card: "solar-10", goOut: true }],
      ]).events,
    );
    expect(round.meter).toBe(3);
    // the first meld now gets +2 for each of its two Light bonuses
    expect(round.melds[0].value).toBe(3 + 3 + 5 + 4);
    expect(s.phase).toBe(Phase.Contribute);
  });
});

describe("melds in play", () => {
  const hands = [
    ["solar-4", "solar-5", "solar-6", "void-9", "stasis-9", "solar-13", "arc-12", "void-2"],
    ["void-3", "void-4", "stasis-5", "stasis-6", "void-10", "void-11", "arc-2", "arc-3"],
  ];
  it("EC-27: any number of melds per turn; no laying off onto declared melds", () => {
    const s = play(table({ hands, edicts: ["solar-2"], phase: Phase.Play }), [
      [0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] }],
      [0, { type: "meld", cards: ["void-9", "stasis-9"] }],
    ]).state;
    expect(s.melds[0].length).toBe(2);
    // adding one card to a declared run is not a meld of its own
    const more = table({ hands: [["solar-7", "solar-8", "arc-2"], hands[1]], edicts: ["solar-2"], phase: Phase.Play });
    more.melds[0] = s.melds[0];
    expect(refusal(more, 0, { type: "meld", cards: ["solar-7"] })).toBe("EC-18");
  });
  it("EC-12: burned melds only with 3+ deadwood in unmelded cards; 0 pts; they do not count for going out", () => {
    // ◉3 burns 3-card melds; hand deadwood: 4,5,6 (0+1+1) + 9,9 (2) + 13,12 (4) + 2 (0) = 8 ≥ 3
    let s = table({ hands, edicts: ["void-3"], phase: Phase.Play, turns: [2, 1] });
    expect(isLegal(s, 0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] })).toBe(true);
    const r = play(s, [[0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] }]]);
    expect(r.events[0]).toMatchObject({ burned: true, value: 0 });
    // a burned meld and a scoring pair: only 1 scoring meld, 1 pt — cannot go out
    s = play(r.state, [[0, { type: "meld", cards: ["void-9", "stasis-9"] }]]).state;
    expect(refusal(s, 0, { type: "discard", card: "void-2", goOut: true })).toBe("going-out");
    // with little deadwood a burned meld may not be declared
    const light = table({
      hands: [["solar-2", "solar-3", "solar-4", "arc-2", "void-3"], hands[1]],
      edicts: ["void-3"],
      phase: Phase.Play,
    });
    expect(refusal(light, 0, { type: "meld", cards: ["solar-2", "solar-3", "solar-4"] })).toBe("EC-12");
  });
  it("EC-13: Void-immune (Warden) melds ignore zeroing, −2 per court, pairs 0 and −6", () => {
    expect(value(["solar-11", "solar-12", "solar-13"], { edicts: ["void-3", "void-12"] }).value).toBe(6);
    expect(value(["solar-13", "arc-13"], { edicts: ["void-13"] }).value).toBe(3);
    const r = score({ edicts: ["void-11"], melds: [[declared(["solar-11", "solar-12", "solar-13"], 0)]] });
    expect(r.points).toEqual([6]);
  });
  it("EC-15: a Sage doubles the meld's positive additive Edict bonuses once — not penalties, not multipliers", () => {
    expect(value(["solar-10", "solar-11", "solar-12"], { edicts: ["solar-3"] }).value).toBe(3 + 6);
    expect(value(["solar-12", "arc-12", "void-12"], { edicts: ["solar-3", "solar-12"] }).value).toBe(15 + 16);
    // ☀Sage +5 doubled to +10; the ◉Sage −2 per court is not doubled: 3 + 10 − 4
    expect(value(["void-10", "void-11", "void-12"], { edicts: ["solar-12", "void-12"] }).value).toBe(9);
    const r = score({ edicts: ["solar-11"], melds: [[declared(["solar-10", "solar-11", "solar-12"], 0)]] });
    expect(r.points).toEqual([4]);
  });
  it("EC-16: a Warden meld scores at least 3 (not when ⚡Warden excludes it); every meld at least 0", () => {
    expect(value(["solar-13", "arc-13"]).value).toBe(3);
    expect(value(["void-11", "stasis-12", "void-13"], { edicts: ["void-12"] }).value).toBe(6);
    expect(value(["solar-11", "arc-11", "stasis-11"], { edicts: ["void-12", "void-2"] }).value).toBe(9);
    expect(value(["void-10", "void-11", "void-12"], { edicts: ["void-12"] }).value).toBe(0);
    const r = score({ edicts: ["arc-13"], melds: [[declared(["solar-4", "solar-5", "solar-6", "solar-7"], 0), declared(["void-13", "stasis-13"], 1)]] });
    expect(r.melds.map((m) => m.value)).toEqual([4, 0]);
  });
  it("EC-19: a Traveler high is declared with the meld; its deadwood is −1", () => {
    const s = table({ hands: [["arc-12", "arc-13", "arc-1", "void-5", "void-2"], hands[1]], edicts: ["solar-2"], phase: Phase.Play });
    expect(isLegal(s, 0, { type: "meld", cards: ["arc-12", "arc-13", "arc-1"], travelerHigh: true })).toBe(true);
    expect(refusal(s, 0, { type: "meld", cards: ["arc-12", "arc-13", "arc-1"] })).toBe("EC-18");
    const r = play(s, [[0, { type: "meld", cards: ["arc-12", "arc-13", "arc-1"], travelerHigh: true }]]);
    expect(r.events[0]).toMatchObject({ travelerHigh: true, meld: "pure-run" });
    expect(deadwoodOf(1)).toBe(1);
    expect([2, 4, 5, 9, 10, 13].map(deadwoodOf)).toEqual([0, 0, 1, 1, 2, 2]);
  });
  it("EC-20: hold back the N lowest cards (Traveler = 1; ties ☀<⚡<◉<❄): unmeldable, discardable, deadwood", () => {
    const deal = [
      ["stasis-2", "solar-2", "void-1", "arc-5", "arc-6", "arc-7", "solar-12", "arc-12"],
      ["stasis-4", "solar-4", "void-5", "void-6", "void-7", "stasis-8", "stasis-10", "arc-10"],
    ];
    let s = eclipsed.setup({ players: 2, options: { format: "standard" }, dealer: 1, deal, setAside: ["stasis-3", "solar-9"] }, "hb");
    s = play(s, [
      [0, { type: "edict", card: "arc-5" }],
      [1, { type: "edict", card: "stasis-4" }],
    ]).state;
    // ❄3 + ❄4 → 3, capped at 2; ⚡5 suspended by Stasis (EC-5)
    expect(s.heldBack[0]).toEqual(["void-1", "solar-2"]);
    expect(s.heldBack[1]).toEqual(["solar-4", "void-5"]);
    expect(eclipsed.view(s, 0).heldBack).toEqual(["void-1", "solar-2"]);
    expect(JSON.stringify(eclipsed.view(s, 1))).not.toContain("void-1");
    s = play(s, [[0, { type: "draw", from: "deck" }]]).state;
    expect(refusal(s, 0, { type: "meld", cards: ["solar-2", "stasis-2"] })).toBe("EC-20");
    expect(isLegal(s, 0, { type: "discard", card: "void-1" })).toBe(true);
    const r = play(s, [[0, { type: "discard", card: "void-1" }]]);
    expect(r.state.heldBack[0]).toEqual(["solar-2"]);
  });
  it("EC-25: a card taken from the discard pile cannot be discarded that turn", () => {
    const s = table({ hands, edicts: ["solar-2"], discard: ["arc-9"] });
    const r = play(s, [[0, { type: "draw", from: "discard" }]]);
    expect(r.events[0]).toEqual({ type: "draw", seat: 0, from: "discard", card: "arc-9" });
    expect(refusal(r.state, 0, { type: "discard", card: "arc-9" })).toBe("EC-25");
    expect(isLegal(r.state, 0, { type: "discard", card: "void-2" })).toBe(true);
    // a deck draw does not show the card
    expect(play(s, [[0, { type: "draw", from: "deck" }]]).events[0]).toEqual({ type: "draw", seat: 0, from: "deck" });
  });
});

describe("going out and round end", () => {
  const hands = [
    ["solar-4", "solar-5", "solar-6", "arc-7", "arc-8", "arc-9", "void-2", "void-12"],
    ["void-3", "void-4", "stasis-5", "stasis-6", "void-10", "void-11", "arc-2", "solar-1"],
  ];
  it("EC-24: going out is allowed from one's own second turn, at the end of the discard step", () => {
    const first = table({ hands, edicts: ["solar-2"], phase: Phase.Play, turns: [1, 0] });
    const s1 = play(first, [
      [0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] }],
      [0, { type: "meld", cards: ["arc-7", "arc-8", "arc-9"] }],
    ]).state;
    expect(refusal(s1, 0, { type: "discard", card: "void-2", goOut: true })).toBe("EC-24");
    const second = table({ hands, edicts: ["solar-2"], phase: Phase.Play, turns: [2, 1] });
    const r = play(second, [
      [0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] }],
      [0, { type: "meld", cards: ["arc-7", "arc-8", "arc-9"] }],
      [0, { type: "discard", card: "void-2", goOut: true }],
    ]);
    const round = roundEvent(r.events);
    // seat 0: Solar run 3 + ☀2 (+2 more: both melds pushed the meter to Light 3, EC-7) + Arc run 3
    // + going out 5; no deadwood for void-12 (the one who goes out takes none)
    expect(round.meter).toBe(3);
    expect(round.points[0]).toBe(3 + 2 + 2 + 3 + 5);
    expect(round.deadwood[0]).toEqual({ seat: 0, cards: [], points: 0 });
    // EC-1: the opponent takes deadwood for unmelded cards: 5,6,10,11,Traveler = 1+1+2+2+1
    expect(round.deadwood[1].points).toBe(7);
    expect(round.points[1]).toBe(-7);
    expect(round.bonuses).toContainEqual({ seat: 0, kind: "going-out", card: "", value: 5 });
  });
  it("EC-24: emptying the hand by melding goes out without a discard", () => {
    const s = table({
      hands: [["solar-4", "solar-5", "solar-6", "arc-7", "arc-8", "arc-9"], hands[1]],
      edicts: ["solar-2"],
      phase: Phase.Play,
      turns: [2, 1],
    });
    const after = play(s, [
      [0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] }],
      [0, { type: "meld", cards: ["arc-7", "arc-8", "arc-9"] }],
    ]).state;
    expect(eclipsed.legal(after, 0)).toEqual([{ type: "goOut" }]);
    const r = play(after, [[0, { type: "goOut" }]]);
    expect(roundEvent(r.events).wentOut).toBe(0);
    // on the first turn a meld that would empty the hand is refused (the player could not discard)
    const early = table({ hands: [["solar-4", "solar-5", "solar-6"], hands[1]], edicts: ["solar-2"], phase: Phase.Play, turns: [1, 0] });
    expect(refusal(early, 0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] })).toBe("EC-24");
  });
  it("going-out conditions: 10+ points declared or 2+ melds or an empty hand", () => {
    const s = table({ hands, edicts: ["solar-12"], phase: Phase.Play, turns: [2, 1] });
    const one = play(s, [[0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] }]]).state;
    // ☀Sage +5 → 8 pts: not enough
    expect(refusal(one, 0, { type: "discard", card: "void-2", goOut: true })).toBe("going-out");
    const rich = table({ hands, edicts: ["solar-12", "solar-5"], phase: Phase.Play, turns: [2, 1] });
    const big = play(rich, [[0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] }]]).state;
    expect(big.melds[0][0].provisional).toBe(3 + 5 + 5);
    expect(isLegal(big, 0, { type: "discard", card: "void-2", goOut: true })).toBe(true);
  });
  it("EC-26: an empty draw pile ends the round: no going-out bonus, everyone takes deadwood", () => {
    const s = table({ hands, edicts: ["solar-2"], deck: [], exactDeck: true, phase: Phase.Play, turns: [3, 3] });
    const r = play(s, [
      [0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] }],
      [0, { type: "discard", card: "arc-7" }],
    ]);
    expect(r.events.map((e) => e.type)).toEqual(["meld", "discard", "deckEmpty", "round", "roundStart"]);
    const round = roundEvent(r.events);
    expect(round.wentOut).toBe(-1);
    expect(round.bonuses.filter((b) => b.kind === "going-out")).toEqual([]);
    expect(round.deadwood[0].points).toBe(1 + 1 + 0 + 2);
    expect(round.points).toEqual([5 - 4, -7]);
  });
  it("EC-28: totals clamp at 0 after each round; the match ends at a round end at the target; a tie on top plays on", () => {
    const base = { hands, edicts: ["solar-2"], phase: Phase.Play, turns: [2, 1] };
    const steps: [number, { type: "meld"; cards: string[] } | { type: "discard"; card: string; goOut: true }][] = [
      [0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] }],
      [0, { type: "meld", cards: ["arc-7", "arc-8", "arc-9"] }],
      [0, { type: "discard", card: "void-2", goOut: true }],
    ];
    const clamp = play(table({ ...base, totals: [0, 3] }), steps);
    expect(roundEvent(clamp.events).totals).toEqual([15, 0]);
    const win = play(table({ ...base, totals: [40, 20] }), steps);
    expect(win.events.at(-1)).toEqual({ type: "gameOver", winners: [0], totals: [55, 13] });
    expect(eclipsed.result(win.state)).toEqual({ over: true, winners: [0], scores: [55, 13] });
    expect(eclipsed.active(win.state)).toEqual([]);
    const tie = play(table({ ...base, totals: [38, 60] }), steps);
    expect(roundEvent(tie.events).totals).toEqual([53, 53]);
    expect(tie.state.phase).toBe(Phase.Contribute);
    expect(tie.state.round).toBe(2);
    const quick = play(table({ ...base, totals: [20, 0], format: "quick" }), steps);
    expect(quick.state.phase).toBe(Phase.Over);
    const long = play(table({ ...base, totals: [55, 0], format: "long" }), steps);
    expect(long.state.phase).toBe(Phase.Contribute);
  });
  it("EC-27: the next round deals afresh with the deal passed clockwise", () => {
    const s = table({ hands, edicts: ["solar-2"], phase: Phase.Play, turns: [2, 1] });
    const r = play(s, [
      [0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] }],
      [0, { type: "meld", cards: ["arc-7", "arc-8", "arc-9"] }],
      [0, { type: "discard", card: "void-2", goOut: true }],
    ]);
    expect(r.state.dealer).toBe((s.dealer + 1) % 2);
    expect(r.state.hands.map((h) => h.length)).toEqual([8, 8]);
    expect(eclipsed.cards(r.state).sort()).toEqual(eclipsed.cards(s).sort());
    expect(r.events.at(-1)).toMatchObject({ type: "roundStart", round: 2, dealer: r.state.dealer });
  });
});

describe("EC-29 scoring order (worked examples, docs/rules/eclipsed.md)", () => {
  it("example 1: per-meld steps, top meld ×1.5, ◉Scout −6, +8, +5, deadwood", () => {
    // Edicts: fate ☀Scout (top ×1.5), ☀4 (+4 on Solar melds), ◉Scout (−6 on top melds).
    // ◉ suspends nothing relevant here; ⚡Scout absent so no +8.
    const r = score({
      edicts: ["solar-11", "solar-4", "void-11"],
      meter: 1,
      melds: [
        [declared(["solar-7", "solar-8", "solar-9", "solar-10"], 0), declared(["void-5", "stasis-5"], 2)],
        [declared(["arc-2", "arc-3", "arc-4"], 1)],
      ],
      hands: [[], ["void-12", "stasis-7"]],
      wentOut: 0,
    });
    // seat 0: run 4 + 4 = 8 → top ×1.5 = 12 → −6 = 6; pair 1; +5 going out → 12
    expect(r.melds[0].steps.slice(-2).map((s) => s.value)).toEqual([12, 6]);
    expect(r.points[0]).toBe(6 + 1 + 5);
    // seat 1: run 3 → ×1.5 = 4 → −6 → 0; deadwood 2 + 1
    expect(r.points[1]).toBe(0 - 3);
  });
  it("example 2: Sage ×2 before meter +2, then ◉Sage, then the Warden floor", () => {
    const v = value(["solar-11", "solar-12", "solar-13"], { edicts: ["solar-2", "void-12", "stasis-13"], meter: -3 });
    // court run 6; ☀2 +2 (Light), ❄Warden +5 (Dark) → 13; Sage ×2 → 20; meter −3: Dark bonus +2 → 22;
    // Warden melds are Void-immune: no ◉Sage penalty → 22
    expect(v.steps.map((s) => [s.step, s.value])).toEqual([
      ["classify", 6],
      ["void-arc", 6],
      ["edict-bonus", 13],
      ["sage-double", 20],
      ["meter", 22],
      ["court-penalty", 22],
      ["warden-floor", 22],
    ]);
  });
});

describe("more rulings in play", () => {
  it("EC-10: the top meld is the highest after per-meld steps; ties go to the earliest declared", () => {
    const r = score({ edicts: ["solar-11"], melds: [[declared(["void-4", "void-5", "void-6"], 0), declared(["arc-7", "arc-8", "arc-9"], 1)]] });
    expect(r.melds.map((m) => m.top)).toEqual([true, false]);
    expect(r.melds.map((m) => m.value)).toEqual([4, 3]);
    // a ☀ bonus makes the later Solar meld the top one
    const s = score({ edicts: ["solar-11", "solar-2"], melds: [[declared(["void-4", "void-5", "void-6"], 0), declared(["solar-7", "solar-8", "solar-9"], 1)]] });
    expect(s.melds.map((m) => m.top)).toEqual([false, true]);
    expect(s.melds[1].value).toBe(Math.floor(5 * 1.5));
  });

  it("EC-1/EC-11 with 3 players: every opponent takes deadwood; ◉Scout hits every top meld, the goer's too", () => {
    const r = score({
      edicts: ["void-11"],
      melds: [[declared(["solar-4", "solar-5", "solar-6", "solar-7", "solar-8", "solar-9", "solar-10"], 0)], [declared(["void-2", "stasis-2"], 1)], []],
      hands: [[], ["arc-10"], ["arc-5", "stasis-1"]],
      wentOut: 0,
    });
    expect(r.points).toEqual([7 - 6 + 5, 0 - 2, -2]);
    expect(r.deadwood.map((d) => d.points)).toEqual([0, 2, 2]);
  });

  it("EC-22 in play: a burned first meld does not make its player the first declarant", () => {
    // ◉3 burns 3-card melds; seat 0 burns one (deadwood ≥ 3), then seat 1 declares a scoring pair
    let s = table({
      hands: [
        ["solar-4", "solar-5", "solar-6", "void-10", "stasis-10", "arc-12", "arc-13", "void-2"],
        ["void-7", "stasis-7", "arc-2", "arc-3", "void-4", "void-5", "stasis-6", "solar-9"],
      ],
      edicts: ["arc-11", "void-3"],
      phase: Phase.Play,
    });
    s = play(s, [
      [0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] }],
      [0, { type: "discard", card: "void-2" }],
      [1, { type: "draw", from: "deck" }],
      [1, { type: "meld", cards: ["void-7", "stasis-7"] }],
    ]).state;
    expect(s.melds[0][0].burned).toBe(true);
    expect(s.firstDeclarant).toBe(1);
    // ⚡Scout is suspended by the ◉ Edict (EC-5), so no +8 is paid at round end here
    const r = score({ edicts: ["arc-11", "void-3"], melds: s.melds, firstDeclarant: s.firstDeclarant });
    expect(r.bonuses).toEqual([]);
  });

  it("EC-21 in play: the round records each player's best meld for next round's ❄Scout", () => {
    const hands = [
      ["solar-4", "solar-5", "solar-6", "arc-7", "arc-8", "arc-9", "void-2", "void-12"],
      ["void-3", "void-4", "stasis-5", "stasis-6", "void-10", "void-11", "arc-2", "solar-1"],
    ];
    const r = play(table({ hands, edicts: ["void-9"], phase: Phase.Play, turns: [2, 1] }), [
      [0, { type: "meld", cards: ["solar-4", "solar-5", "solar-6"] }],
      [0, { type: "meld", cards: ["arc-7", "arc-8", "arc-9"] }],
      [0, { type: "discard", card: "void-2", goOut: true }],
    ]);
    expect(r.state.lastRoundBest).toEqual([3, -1]);
  });

  it("checkConfig refuses a bad explicit deal and an unknown format, naming the problem", () => {
    const cfg = (deal: string[][], setAside: string[] = [], format = "standard") => ({
      players: 2,
      options: { format: format as "standard" },
      dealer: 0,
      deal,
      setAside,
    });
    const eight = ["solar-2", "solar-3", "solar-4", "solar-5", "solar-6", "solar-7", "solar-8", "solar-9"];
    const other = ["arc-2", "arc-3", "arc-4", "arc-5", "arc-6", "arc-7", "arc-8", "arc-9"];
    expect(eclipsed.checkConfig(cfg([eight, other]))).toBeUndefined();
    expect(eclipsed.checkConfig(cfg([eight, eight]))?.message).toContain("dealt twice");
    expect(eclipsed.checkConfig(cfg([eight, other.slice(1)]))?.message).toContain("8 cards");
    expect(eclipsed.checkConfig(cfg([eight, [...other.slice(1), "moon-3"]]))?.message).toContain("unknown card id moon-3");
    expect(eclipsed.checkConfig(cfg([], [], "blitz"))?.message).toContain("unknown format");
  });

  it("the example replay (src/engine/eclipsed/examples/2p.json) plays the documented round", () => {
    const req = JSON.parse(readFileSync("src/engine/eclipsed/examples/2p.json", "utf8"));
    let s = eclipsed.setup({ players: req.players, options: req.options, dealer: req.dealer, deal: req.deal, setAside: req.setAside }, req.seed);
    const events = [...eclipsed.startEvents(s)];
    for (const a of req.actions) {
      const r = eclipsed.apply(s, a.seat, a);
      if (!r.ok) throw new Error(r.message);
      events.push(...r.events);
      s = r.state;
    }
    const round = roundEvent(events);
    expect(round.points).toEqual([9, 11]);
    expect(round.melds.find((m) => m.cards.includes("solar-4"))?.value).toBe(8);
  });
});
