/** Lunar Trick: every ruling LT-1…LT-9 by id, the rulebook's worked examples, and the rule ids. */
import { describe, expect, it } from "vitest";
import { lunarTrick } from "../src/engine/lunar-trick/index";
import type { State } from "../src/engine/lunar-trick/index";
import { suitLists, suitsFromMarkers, trumpSideOf } from "../src/engine/lunar-trick/cards";
import { trickWinnerIndex, roundTricks, pointsFor } from "../src/engine/lunar-trick/rules";
import { RULES } from "../src/engine/lunar-trick/data.gen";
import { EXAMPLE_DEAL, commitAll, dealt, eventsOf, legalCards, refused, step } from "./lunar-trick-helpers";

const config = (players: number, extra: Partial<{ dealer: number; deal: string[][]; setAside: string[] }> = {}) => ({
  players,
  options: lunarTrick.defaultOptions(),
  dealer: -1,
  deal: [] as string[][],
  setAside: [] as string[],
  ...extra,
});

/** 4 players, seat 3 (the rulebook's Player D) holds the Solar Eclipse. */
const DEAL_4P: string[][] = [
  ["rising-4", "rising-5", "rising-7", "rising-8", "rising-1", "falling-16", "falling-17", "lunar-eclipse"],
  ["rising-12", "rising-6", "rising-9", "rising-10", "rising-11", "rising-2", "falling-21", "falling-22"],
  ["falling-20", "falling-29", "rising-13", "rising-14", "falling-24", "falling-25", "falling-26", "falling-27"],
  ["solar-eclipse", "rising-3", "rising-15", "falling-18", "falling-19", "falling-23", "falling-28", "falling-30"],
];

/** The rulebook example after the initial trick: suits [5-11] [13-19] [21-30,1-3], Rising trump. */
function exampleRevealed(options = {}) {
  return commitAll(dealt(EXAMPLE_DEAL, options), ["rising-4", "rising-12", "falling-20"]);
}

describe("LT-1 setup", () => {
  it("LT-1: 3 players get 10 cards each from 31 (no Solar Eclipse), 1 set aside", () => {
    for (const seed of ["a", "b", "c", "d"]) {
      const s = lunarTrick.setup(config(3), seed);
      expect(s.hands.map((h) => h.length)).toEqual([10, 10, 10]);
      expect(s.setAside).toHaveLength(1);
      const all = [...s.hands.flat(), ...s.setAside];
      expect(new Set(all).size).toBe(31);
      expect(all).not.toContain("solar-eclipse");
    }
  });
  it("LT-1: 4 players get 8 cards each from all 32", () => {
    const s = lunarTrick.setup(config(4), "x");
    expect(s.hands.map((h) => h.length)).toEqual([8, 8, 8, 8]);
    expect(s.setAside).toEqual([]);
    expect(new Set(s.hands.flat()).size).toBe(32);
  });
  it("LT-1: the table lives in data (rules.yaml → data.gen.ts)", () => {
    expect(RULES.setup.map((r) => [r.players, r.handSize, r.setAside])).toEqual([
      [3, 10, 1],
      [4, 8, 0],
    ]);
  });
  it("LT-1: an explicit deal replaces the first shuffle; the set-aside card defaults to the leftover", () => {
    const s = dealt(EXAMPLE_DEAL);
    expect(s.hands).toEqual(EXAMPLE_DEAL);
    expect(s.setAside).toEqual(["falling-30"]);
  });
  it("LT-1: bad deals are refused with the rule id and the place", () => {
    const check = (deal: string[][], setAside: string[] = []) => lunarTrick.checkConfig(config(3, { deal, setAside }));
    expect(check(EXAMPLE_DEAL.slice(0, 2))?.message).toMatch(/3 hands/);
    const dup = EXAMPLE_DEAL.map((h) => h.slice());
    dup[1][3] = "rising-4";
    expect(check(dup)).toEqual({ rule: "LT-1", message: "deal[1][3]: rising-4 is dealt twice" });
    const solar = EXAMPLE_DEAL.map((h) => h.slice());
    solar[2][0] = "solar-eclipse";
    expect(check(solar)?.message).toMatch(/not used with 3 players/);
    const unknown = EXAMPLE_DEAL.map((h) => h.slice());
    unknown[0][9] = "rising-99";
    expect(check(unknown)?.message).toMatch(/deal\[0\]\[9\]: unknown card/);
    expect(check(EXAMPLE_DEAL, ["falling-30", "rising-1"])?.message).toMatch(/setAside must hold 1/);
    expect(lunarTrick.checkConfig(config(2))?.rule).toBe("LT-1");
    expect(lunarTrick.checkConfig(config(3, { dealer: 3 }))?.message).toMatch(/dealer/);
  });
});

describe("LT-2 initial face-down trick", () => {
  it("LT-2: everyone commits simultaneously; nobody sees another's card before the reveal", () => {
    const s0 = dealt(EXAMPLE_DEAL);
    expect(lunarTrick.active(s0)).toEqual([0, 1, 2]);
    const { state: s1, events } = step(s0, 2, "commit", "falling-20");
    expect(events).toEqual([{ type: "commit", round: 1, seat: 2 }]);
    expect(lunarTrick.active(s1)).toEqual([0, 1]);
    expect(lunarTrick.view(s1, 2).commits).toEqual(["", "", "falling-20"]);
    expect(lunarTrick.view(s1, 0).commits).toEqual(["", "", ""]);
    expect(lunarTrick.view(s1, 0).committed).toEqual([false, false, true]);
    expect(JSON.stringify(lunarTrick.view(s1, 1))).not.toContain("falling-20");
    expect(refused(s1, 2, { type: "commit", card: "falling-29" }).rule).toBe("LT-turn");
  });
  it("LT-2: the Lunar Eclipse may not be committed", () => {
    const s = dealt(EXAMPLE_DEAL);
    expect(legalCards(s, 0)).not.toContain("lunar-eclipse");
    expect(legalCards(s, 0)).toHaveLength(9);
    expect(refused(s, 0, { type: "commit", card: "lunar-eclipse" }).rule).toBe("LT-2");
  });
  it("LT-2: in 4 players the Solar Eclipse's holder must commit it", () => {
    const s = dealt(DEAL_4P);
    expect(legalCards(s, 3)).toEqual(["solar-eclipse"]);
    expect(refused(s, 3, { type: "commit", card: "rising-3" })).toMatchObject({ rule: "LT-2" });
  });
});

describe("LT-3 suits from markers", () => {
  it("LT-3: rulebook example — markers 4, 12, 20 give [5-11], [13-19], [21-30 + 1-3]", () => {
    const suitOf = suitsFromMarkers([4, 12, 20]);
    expect(suitLists(suitOf, 3)).toEqual([
      [5, 6, 7, 8, 9, 10, 11],
      [13, 14, 15, 16, 17, 18, 19],
      [21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 1, 2, 3],
    ]);
    expect([suitOf[3], suitOf[11], suitOf[19]]).toEqual([-1, -1, -1]);
    const { events } = exampleRevealed();
    const reveal = eventsOf(events, "reveal")[0];
    expect(reveal.markers).toEqual([4, 12, 20]);
    expect(reveal.suits).toEqual(suitLists(suitOf, 3));
  });
  it("LT-3: adjacent markers leave an empty section (2 suits)", () => {
    expect(suitLists(suitsFromMarkers([4, 5, 20]), 3)).toEqual([
      [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
      [21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 1, 2, 3],
    ]);
  });
  it("LT-3: 30 is next to 1 — markers 1, 2, 30 leave a single suit", () => {
    const lists = suitLists(suitsFromMarkers([1, 2, 30]), 3);
    expect(lists).toHaveLength(1);
    expect(lists[0]).toEqual(Array.from({ length: 27 }, (_, i) => i + 3));
  });
});

describe("LT-4 trump", () => {
  it("LT-4: the side with 2+ markers is trump", () => {
    expect(trumpSideOf([4, 12, 20])).toBe("rising");
    expect(trumpSideOf([4, 16, 30])).toBe("falling");
    expect(exampleRevealed().state.trumpSide).toBe("rising");
  });
  it("LT-4: the Lunar Eclipse beats every Falling card but loses to every Rising card (rulebook example)", () => {
    const { state } = exampleRevealed();
    expect(trickWinnerIndex(state, ["falling-29", "lunar-eclipse", "falling-21"])).toBe(1);
    expect(trickWinnerIndex(state, ["rising-1", "lunar-eclipse"])).toBe(0);
    expect(trickWinnerIndex(state, ["lunar-eclipse", "rising-1", "falling-30"])).toBe(1);
  });
});

describe("LT-5 initial trick", () => {
  it("LT-5: 3 players — the highest trump wins, takes the cards as 1 trick and leads (Player B with 12)", () => {
    const { state, events } = exampleRevealed();
    const trick = eventsOf(events, "trick")[0];
    expect(trick).toEqual({
      type: "trick",
      round: 1,
      index: 0,
      leader: -1,
      cards: ["rising-4", "rising-12", "falling-20"],
      winner: 1,
      next: 1,
    });
    expect(state.won[1].sort()).toEqual(["falling-20", "rising-12", "rising-4"]);
    expect(state.tricksWon).toEqual([0, 1, 0]);
    expect(lunarTrick.active(state)).toEqual([1]);
  });
  it("LT-5: 4 players — the Solar Eclipse player keeps it (1 trick) and leads; the winner takes the other three", () => {
    const { state, events } = commitAll(dealt(DEAL_4P), ["rising-4", "rising-12", "falling-20", "solar-eclipse"]);
    const trick = eventsOf(events, "trick")[0];
    expect(trick.winner).toBe(1);
    expect(trick.next).toBe(3);
    expect(trick.cards).toEqual(["rising-4", "rising-12", "falling-20", "solar-eclipse"]);
    expect(state.won[3]).toEqual(["solar-eclipse"]);
    expect(state.won[1].sort()).toEqual(["falling-20", "rising-12", "rising-4"]);
    expect(roundTricks(state)).toEqual([0, 1, 0, 1]);
    expect(lunarTrick.active(state)).toEqual([3]);
  });
});

describe("LT-6 following", () => {
  it("LT-6: rulebook example trick — B leads Rising 6; C (no 5-11) plays Falling 29; A may play the Lunar Eclipse", () => {
    let { state } = exampleRevealed();
    ({ state } = step(state, 1, "play", "rising-6"));
    expect(legalCards(state, 2)).toHaveLength(9); // nothing in [5-11]: anything goes
    const c = step(state, 2, "play", "falling-29");
    expect(legalCards(c.state, 0)).toEqual(["lunar-eclipse", "rising-5", "rising-7", "rising-8"]);
    expect(refused(c.state, 0, { type: "play", card: "falling-16" }).rule).toBe("LT-6");
    const a = step(c.state, 0, "play", "lunar-eclipse");
    const trick = eventsOf(a.events, "trick")[0];
    expect(trick).toMatchObject({ index: 1, leader: 1, cards: ["lunar-eclipse", "rising-6", "falling-29"], winner: 1, next: 1 });
    expect(eventsOf([...c.events, ...a.events], "play").map((e) => [e.seat, e.card])).toEqual([
      [2, "falling-29"],
      [0, "lunar-eclipse"],
    ]);
  });
  it("LT-6: holding only the Lunar Eclipse of the allowed cards, a player must play it", () => {
    const { state } = exampleRevealed();
    const led: State = { ...state, hands: [["lunar-eclipse", "falling-16"], ["rising-6"], ["falling-29"]] };
    const s = step(led, 1, "play", "rising-6").state;
    const s2 = step(s, 2, "play", "falling-29").state;
    expect(legalCards(s2, 0)).toEqual(["lunar-eclipse"]);
    expect(refused(s2, 0, { type: "play", card: "falling-16" }).rule).toBe("LT-6");
  });
  it("LT-6: after a Lunar Eclipse lead, play a trump if able; otherwise anything", () => {
    const { state } = exampleRevealed();
    const s = { ...state, leader: 0, turn: 0, hands: [["lunar-eclipse"], ["rising-2", "falling-21"], ["falling-29", "falling-28"]] };
    const led = step(s, 0, "play", "lunar-eclipse").state;
    expect(legalCards(led, 1)).toEqual(["rising-2"]);
    expect(refused(led, 1, { type: "play", card: "falling-21" })).toMatchObject({ rule: "LT-6" });
    const next = step(led, 1, "play", "rising-2").state;
    expect(legalCards(next, 2)).toEqual(["falling-28", "falling-29"]);
  });
  it("LT-6: a trump leads its own suit section, not 'trumps' (sections cross the sides)", () => {
    const { state } = exampleRevealed();
    // Rising 14 is in the section [13-19]: Falling 16 follows it, Rising 2 (trump, other section) does not
    const s = { ...state, hands: [["falling-16", "rising-2"], ["rising-14"], ["falling-29"]] };
    const led = step(s, 1, "play", "rising-14").state;
    const afterC = step(led, 2, "play", "falling-29").state;
    expect(legalCards(afterC, 0)).toEqual(["falling-16"]);
  });
});

describe("LT-7 trick winner", () => {
  it("LT-7: highest trump, else the Lunar Eclipse, else the highest card of the led suit", () => {
    const { state } = exampleRevealed();
    expect(trickWinnerIndex(state, ["falling-21", "rising-1", "rising-3"])).toBe(2);
    expect(trickWinnerIndex(state, ["falling-21", "lunar-eclipse", "falling-30"])).toBe(1);
    // no trump, no eclipse: Falling 17 leads [13-19]; Falling 29 is off-suit and cannot win, Falling 18 does
    expect(trickWinnerIndex(state, ["falling-17", "falling-29", "falling-18"])).toBe(2);
  });
  it("LT-7: option highestAnySuit — the highest number of any card wins a trick without trumps", () => {
    const { state } = exampleRevealed({ highestAnySuit: true });
    expect(trickWinnerIndex(state, ["falling-17", "falling-29", "falling-18"])).toBe(1);
    expect(trickWinnerIndex(state, ["falling-21", "rising-1", "falling-29"])).toBe(1);
  });
  it("LT-7: highestAnySuit is off by default and comes from rules.yaml", () => {
    expect(lunarTrick.defaultOptions()).toEqual({ highestAnySuit: false });
    expect(RULES.options.highestAnySuit).toBe(false);
  });
});

describe("LT-8 scoring", () => {
  it("LT-8: exactly 1 → 2 points, 3 → 1, 5 → 2, otherwise 0", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 10].map(pointsFor)).toEqual([0, 2, 0, 1, 0, 2, 0, 0, 0]);
  });
  it("LT-8: rulebook scoring example — B: 4 tricks + Lunar Eclipse = 5 → 2; D: Solar Eclipse + 2 tricks = 3 → 1", () => {
    const { state } = commitAll(dealt(DEAL_4P), ["rising-4", "rising-12", "falling-20", "solar-eclipse"]);
    const last: State = {
      ...state,
      leader: 1,
      turn: 1,
      trickIndex: 7,
      hands: [["rising-1"], ["rising-11"], ["falling-29"], ["falling-30"]],
      tricksWon: [2, 3, 0, 2],
      won: [state.won[0], [...state.won[1], "lunar-eclipse"], state.won[2], state.won[3]],
    };
    let s = last;
    const events = [];
    for (const [seat, card] of [
      [1, "rising-11"],
      [2, "falling-29"],
      [3, "falling-30"],
      [0, "rising-1"],
    ] as const) {
      const r = step(s, seat, "play", card);
      s = r.state;
      events.push(...r.events);
    }
    const round = eventsOf(events, "round")[0];
    expect(round).toEqual({ type: "round", round: 1, tricks: [2, 5, 0, 3], points: [0, 2, 0, 1], totals: [0, 2, 0, 1] });
    // round 2 re-deals every card (LT-9)
    expect(s.round).toBe(2);
    expect(s.hands.map((h) => h.length)).toEqual([8, 8, 8, 8]);
    expect(eventsOf(events, "deal")[0]).toMatchObject({ round: 2, dealer: 1, handSizes: [8, 8, 8, 8] });
  });
});

describe("LT-9 game end", () => {
  function lastTrick(totals: number[], tricksWon: number[]) {
    const { state } = exampleRevealed();
    return {
      ...state,
      leader: 1,
      turn: 1,
      hands: [["rising-1"], ["rising-11"], ["falling-29"]],
      tricksWon,
      won: [[], [], []],
      totals,
    } satisfies State;
  }
  function finish(s: State) {
    const events = [];
    for (const [seat, card] of [
      [1, "rising-11"],
      [2, "falling-29"],
      [0, "rising-1"],
    ] as const) {
      const r = step(s, seat, "play", card);
      s = r.state;
      events.push(...r.events);
    }
    return { state: s, events };
  }
  it("LT-9: first to 5 points wins; the game is then over", () => {
    // seat 1 wins the last trick: 0 → 1 trick = 2 points; seat 0 has 1 trick = 2 points
    const { state, events } = finish(lastTrick([3, 1, 0], [1, 0, 3]));
    expect(eventsOf(events, "round")[0].totals).toEqual([5, 3, 1]);
    expect(eventsOf(events, "gameOver")[0]).toEqual({ type: "gameOver", winners: [0], totals: [5, 3, 1] });
    expect(lunarTrick.result(state)).toEqual({ over: true, winners: [0], scores: [5, 3, 1] });
    expect(lunarTrick.active(state)).toEqual([]);
    expect(lunarTrick.legal(state, 0)).toEqual([]);
    expect(refused(state, 0, { type: "play", card: "rising-1" }).rule).toBe("LT-over");
  });
  it("LT-9: several reach 5 in the same round — the most points wins", () => {
    const { events } = finish(lastTrick([4, 3, 0], [1, 0, 3]));
    expect(eventsOf(events, "gameOver")[0]).toEqual({ type: "gameOver", winners: [0], totals: [6, 5, 1] });
  });
  it("LT-9: still tied — shared victory", () => {
    const { state } = finish(lastTrick([4, 4, 0], [1, 0, 3]));
    expect(lunarTrick.result(state).winners).toEqual([0, 1]);
  });
  it("LT-9: below 5 the game goes on with a fresh deal of every card", () => {
    const { state, events } = finish(lastTrick([0, 0, 0], [1, 0, 3]));
    expect(lunarTrick.result(state).over).toBe(false);
    expect(eventsOf(events, "gameOver")).toEqual([]);
    expect(state.phase).toBe("commit");
    expect(new Set([...state.hands.flat(), ...state.setAside]).size).toBe(31);
  });
});

describe("rule ids of rejections (docs/rules/lunar-trick.md)", () => {
  it("LT-seat, LT-phase, LT-turn, LT-hand", () => {
    const s = dealt(EXAMPLE_DEAL);
    expect(refused(s, 3, { type: "commit", card: "rising-4" }).rule).toBe("LT-seat");
    expect(refused(s, 0, { type: "play", card: "rising-4" }).rule).toBe("LT-phase");
    expect(refused(s, 0, { type: "commit", card: "rising-12" }).rule).toBe("LT-hand");
    expect(refused(s, 0, { type: "commit" } as never).rule).toBe("LT-hand");
    const { state } = exampleRevealed();
    expect(refused(state, 0, { type: "play", card: "rising-5" }).rule).toBe("LT-turn");
    expect(refused(state, 1, { type: "commit", card: "rising-6" }).rule).toBe("LT-phase");
    expect(refused(state, 1, { type: "play", card: "rising-5" }).rule).toBe("LT-hand");
  });
  it("rejections never mutate the state and messages are one line", () => {
    const s = dealt(EXAMPLE_DEAL);
    const before = JSON.stringify(s);
    const r = refused(s, 0, { type: "commit", card: "lunar-eclipse" });
    expect(r.message).not.toMatch(/\n/);
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe("events and views", () => {
  it("the view of a seat shows its own hand and legal actions, never another hand or the set-aside card", () => {
    const s = dealt(EXAMPLE_DEAL);
    const v = lunarTrick.view(s, 0);
    expect(v.hand).toEqual(EXAMPLE_DEAL[0]);
    expect(v.legal.map((a) => a.card)).toHaveLength(9);
    const text = JSON.stringify(v);
    for (const c of [...EXAMPLE_DEAL[1], ...EXAMPLE_DEAL[2], "falling-30"]) expect(text).not.toContain(`"${c}"`);
    const spectator = lunarTrick.view(s, -1);
    expect(spectator.hand).toEqual([]);
    expect(spectator.legal).toEqual([]);
  });
  it("startEvents announce the first deal without cards", () => {
    const s = dealt(EXAMPLE_DEAL);
    expect(lunarTrick.startEvents(s)).toEqual([{ type: "deal", round: 1, dealer: 0, handSizes: [10, 10, 10], setAside: 1 }]);
  });
});
