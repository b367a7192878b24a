/**
 * Solar Eclipse engine: every ruling (SE-1…SE-10) by id, the rulebook's examples, and the
 * action/event/view contract. Property tests: solar-eclipse-properties.test.ts.
 */
import { describe, expect, it } from "vitest";
import { RULES } from "../src/engine/solar-eclipse/data.gen";
import { HIDDEN_CARD, Phase } from "../src/engine/solar-eclipse/index";
import type { State } from "../src/engine/solar-eclipse/index";
import {
  ALL_CARDS,
  G,
  act,
  bidAll,
  eventsOf,
  legalCards,
  moon,
  moons,
  play,
  playUntil,
  plays,
  rejection,
  span,
  start,
  stringsIn,
  sun,
  suns,
  winnersOf,
} from "./solar-eclipse-helpers";

const fresh = (players: number, seed = "s", dealer = -1): State =>
  G.setup({ players, options: {}, dealer, deal: [], setAside: [] }, seed);

// 2 players: seat 0 holds the low half of each suit, seat 1 the high half (Sun 1-7 / Moon 1-7
// vs Sun 15-21 / Moon 15-21); the middle ranks are set aside.
const LOW = [...suns(...span(1, 7)), ...moons(...span(1, 7))];
const HIGH = [...suns(...span(15, 21)), ...moons(...span(15, 21))];

describe("SE-1 bid cards (values from rules.yaml, placeholders)", () => {
  it("SE-1: 2 players choose from the 2-player ends: tricks 1..6", () => {
    const s = fresh(2);
    expect(legalCards(s, 0)).toEqual(["bid:1", "bid:2", "bid:3", "bid:4", "bid:5", "bid:6"]);
    expect(G.view(s, 0).bidCards).toEqual(RULES.bids.find((t) => t.players === 2)!.cards);
  });
  it("SE-1: 3 players choose from the 3-player ends: tricks 0..5", () => {
    expect(legalCards(fresh(3), 2)).toEqual(["bid:0", "bid:1", "bid:2", "bid:3", "bid:4", "bid:5"]);
  });
  it("SE-1: a bid no card shows is refused", () => {
    expect(rejection(fresh(2), 0, { type: "bid", tricks: 0 })).toBe("SE-1");
    expect(rejection(fresh(3), 0, { type: "bid", tricks: 6 })).toBe("SE-1");
    expect(rejection(fresh(3), 0, { type: "bid", tricks: "2" as unknown as number })).toBe("SE-1");
  });
  it("SE-1: the values are marked as placeholders in the data", () => {
    for (const t of RULES.bids) {
      expect(t.placeholder).toBe(true);
      expect(t.cards).toHaveLength(6);
    }
  });
});

describe("SE-2 hidden simultaneous bids, all 6 cards every round", () => {
  it("SE-2: every seat must bid at once, in any order", () => {
    const s = fresh(3);
    expect(s.phase).toBe(Phase.Bid);
    expect(G.active(s)).toEqual([0, 1, 2]);
    const after = act(s, 2, { type: "bid", tricks: 4 }).state;
    expect(G.active(after)).toEqual([0, 1]);
    expect(legalCards(after, 2)).toEqual([]);
  });
  it("SE-2: a seat bids once per round; nobody plays before all have bid", () => {
    const s = act(fresh(2, "x", 0), 0, { type: "bid", tricks: 3 }).state;
    expect(rejection(s, 0, { type: "bid", tricks: 2 })).toBe("SE-2");
    expect(rejection(s, 0, { type: "play", card: s.hands[0][0] })).toBe("SE-2");
    const playing = act(s, 1, { type: "bid", tricks: 2 }).state;
    expect(rejection(playing, 0, { type: "bid", tricks: 2 })).toBe("SE-2");
  });
  it("SE-2: other seats' bids are hidden in views and events until scoring", () => {
    const s = bidAll(fresh(2, "hidden", 0), [4, 2]);
    expect(G.view(s.state, 0).bids).toEqual([4, -1]);
    expect(G.view(s.state, 1).bids).toEqual([-1, 2]);
    expect(G.view(s.state, -1).bids).toEqual([-1, -1]);
    expect(G.view(s.state, 1).bidChosen).toEqual([true, true]);
    expect(s.events).toEqual([
      { type: "bid", seat: 0 },
      { type: "bid", seat: 1 },
    ]);
    const round = eventsOf(playUntil(s.state, (x) => x.round > 1).events, "round")[0];
    expect(round.bids).toEqual([4, 2]);
    const next = playUntil(s.state, (x) => x.round > 1).state;
    expect(G.view(next, 1).history[0].bids).toEqual([4, 2]);
  });
  it("SE-2: the bid card used last round can be chosen again", () => {
    const s = playUntil(bidAll(fresh(2, "again", 0), [6, 6]).state, (x) => x.round > 1).state;
    expect(s.phase).toBe(Phase.Bid);
    expect(legalCards(s, 0)).toContain("bid:6");
    expect(act(s, 0, { type: "bid", tricks: 6 }).state.bids.values[0]).toBe(6);
  });
});

describe("SE-3 dealer", () => {
  it("SE-3: the first dealer comes from the seeded generator: deterministic, and varies with the seed", () => {
    const dealers = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const d = fresh(3, `seed-${i}`).dealer;
      expect(fresh(3, `seed-${i}`).dealer).toBe(d);
      expect(d >= 0 && d < 3).toBe(true);
      dealers.add(d);
    }
    expect([...dealers].sort()).toEqual([0, 1, 2]);
  });
  it("SE-3: the dealer leads the first trick of the round", () => {
    for (const dealer of [0, 1, 2]) {
      const s = bidAll(fresh(3, "lead", dealer), [1, 1, 1]).state;
      expect(G.active(s)).toEqual([dealer]);
      expect(s.leader).toBe(dealer);
    }
  });
  it("SE-3: the deal passes clockwise each round", () => {
    for (const players of [2, 3]) {
      const end = playUntil(fresh(players, "rotate", 1), () => false);
      const dealers = eventsOf(end.events, "round").map((r) => r.dealer);
      expect(dealers).toEqual([0, 1, 2, 3].map((k) => (1 + k) % players));
      const deals = eventsOf(end.events, "deal").map((d) => [d.round, d.dealer]);
      expect(deals).toEqual([2, 3, 4].map((r) => [r, (1 + r - 1) % players]));
    }
  });
  it("SE-3: each round's first trick is led by that round's dealer", () => {
    const s = playUntil(fresh(3, "r2", 0), (x) => x.round === 2 && x.phase === Phase.FirstCards);
    expect(s.state.dealer).toBe(1);
    expect(G.active(s.state)).toEqual([1]);
  });
});

describe("SE-4 deal", () => {
  it("SE-4: 2 players get 14 cards each and 14 are set aside unseen", () => {
    const s = fresh(2);
    expect(s.hands.map((h) => h.length)).toEqual([14, 14]);
    expect(s.setAside).toHaveLength(14);
    expect([...s.hands[0], ...s.hands[1], ...s.setAside].sort()).toEqual([...ALL_CARDS].sort());
    for (const seat of [-1, 0, 1]) {
      const v = G.view(s, seat);
      expect(v.setAsideCount).toBe(14);
      const seen = new Set(stringsIn(v));
      for (const c of s.setAside) expect(seen.has(c)).toBe(false);
    }
  });
  it("SE-4: 3 players get all 42 cards, 14 each", () => {
    const s = fresh(3);
    expect(s.hands.map((h) => h.length)).toEqual([14, 14, 14]);
    expect(s.setAside).toEqual([]);
  });
  it("SE-4: the 2-player set-aside cards are shuffled back into the next round's deal", () => {
    let reused = 0;
    for (let i = 0; i < 10; i++) {
      const first = fresh(2, `aside-${i}`);
      const second = playUntil(first, (x) => x.round === 2).state;
      expect([...second.hands[0], ...second.hands[1], ...second.setAside].sort()).toEqual([...ALL_CARDS].sort());
      const dealt = new Set([...second.hands[0], ...second.hands[1]]);
      reused += first.setAside.filter((c) => dealt.has(c)).length;
      expect(second.setAside).not.toEqual(first.setAside);
    }
    // 14 of 42 set aside, redealt into 28 of 42 slots: about 9 per game come back into hands
    expect(reused).toBeGreaterThan(50);
  });
  it("SE-4: an explicit deal is checked (size, duplicates, unknown cards, player count)", () => {
    const cfg = (deal: string[][], players = deal.length, setAside: string[] = []) =>
      G.checkConfig({ players, options: {}, dealer: 0, deal, setAside });
    expect(cfg([LOW, HIGH])).toBeUndefined();
    expect(cfg([LOW, HIGH.slice(1)])?.rule).toBe("SE-4");
    expect(cfg([LOW, [...HIGH.slice(1), "sun-1"]])?.message).toContain("dealt twice");
    expect(cfg([LOW, [...HIGH.slice(1), "star-1"]])?.message).toContain("unknown card");
    expect(cfg([LOW, HIGH], 4)?.rule).toBe("SE-4");
    expect(cfg([LOW, HIGH], 2, ["sun-8"])?.message).toContain("setAside must hold 14");
    expect(G.checkConfig({ players: 2, options: {}, dealer: 2, deal: [], setAside: [] })?.rule).toBe("SE-3");
  });
  it("SE-4: with an explicit deal and no setAside, the undealt cards are set aside", () => {
    const s = start([LOW, HIGH]);
    expect(s.setAside).toEqual([...suns(...span(8, 14)), ...moons(...span(8, 14))]);
  });
});

describe("SE-5 first cards", () => {
  // seat 0 leads; seat 1 holds both suits
  const hands = [
    [...suns(1, 2, 3, 4), ...moons(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)],
    [...suns(5, 6, 7), ...moons(11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21)],
  ];
  it("SE-5: the leader plays any card", () => {
    const s = bidAll(start(hands), [1, 1]).state;
    expect(legalCards(s, 0)).toEqual(hands[0]);
  });
  it("SE-5: the others follow the lead suit if able", () => {
    const s = plays(bidAll(start(hands), [1, 1]).state, [[0, sun(1)]]).state;
    expect(legalCards(s, 1)).toEqual(suns(5, 6, 7));
    expect(rejection(s, 1, { type: "play", card: moon(11) })).toBe("SE-5");
  });
  it("SE-5: a player unable to follow plays any card", () => {
    const hands3 = [
      [...suns(...span(1, 7)), ...moons(...span(1, 7))],
      [...moons(...span(8, 21))],
      [...suns(...span(8, 21))],
    ];
    const s = plays(bidAll(start(hands3), [1, 1, 1]).state, [[0, sun(3)]]).state;
    expect(legalCards(s, 1)).toEqual(moons(...span(8, 21)));
  });
  it("SE-turn / SE-hand: out-of-turn plays and cards not held are refused", () => {
    const s = bidAll(start(hands), [1, 1]).state;
    expect(rejection(s, 1, { type: "play", card: sun(5) })).toBe("SE-turn");
    expect(rejection(s, 0, { type: "play", card: sun(5) })).toBe("SE-hand");
    expect(rejection(s, 0, { type: "play", card: "constructor" })).toBe("SE-hand");
    expect(rejection(s, 0, { type: "play" } as never)).toBe("SE-hand");
    expect(rejection(s, 5, { type: "play", card: sun(1) })).toBe("SE-turn");
    expect(rejection(s, 0, { type: "pass" } as never)).toBe("SE-action");
    expect(rejection(s, 0, null as never)).toBe("SE-action");
    expect(rejection(s, 0, "play" as never)).toBe("SE-action");
  });
});

describe("SE-6 second cards and the eclipse", () => {
  const hands = [
    [...suns(7, 8, 9), moon(7), ...moons(1, 2, 4, 5, 6, 8, 9, 10, 11, 12)],
    [...suns(3, 20, 21), moon(3), ...moons(13, 14, 15, 16, 17, 18, 19, 20, 21, 4).slice(0, 9), sun(1)],
  ];
  // hands[1]: sun 3, 20, 21, 1 + moon 3, 13..20 (moon-4 is in hands[0])
  hands[1] = [...suns(1, 3, 20, 21), ...moons(3, 13, 14, 15, 16, 17, 18, 19, 20, 21)];
  const afterFirsts = () => plays(bidAll(start(hands), [2, 2]).state, [[0, sun(7)], [1, sun(3)]]).state;

  it("SE-6: second cards start with the leader and must follow the lead suit", () => {
    const s = afterFirsts();
    expect(s.phase).toBe(Phase.SecondCards);
    expect(G.active(s)).toEqual([0]);
    expect(rejection(s, 0, { type: "play", card: moon(8) })).toBe("SE-6");
  });
  it("SE-6: the eclipse card (same rank as one's own first card) is legal even when able to follow", () => {
    const s = afterFirsts();
    expect(legalCards(s, 0)).toEqual([...suns(8, 9), moon(7)]);
    const t = play(s, 0, moon(7)).state;
    expect(legalCards(t, 1)).toEqual([...suns(1, 20, 21), moon(3)]);
  });
  it("SE-6: a player unable to follow plays any card as second card", () => {
    const hands3 = [
      [...suns(...span(1, 7)), ...moons(...span(1, 7))],
      [...moons(...span(8, 21))],
      [...suns(...span(8, 21))],
    ];
    const s = plays(bidAll(start(hands3), [1, 1, 1]).state, [
      [0, sun(3)],
      [1, moon(10)],
      [2, sun(8)],
      [0, sun(4)],
    ]).state;
    expect(legalCards(s, 1)).toEqual(moons(...span(8, 21)).filter((c) => c !== moon(10)));
  });
  it("SE-6 + SE-8: the eclipse wins over a far higher plain total", () => {
    const s = plays(afterFirsts(), [[0, moon(7)]]).state;
    // seat 1 could eclipse with Moon 3 but plays Sun 21: 3 + 21 = 24 > eclipse rank 7, still loses
    const done = plays(s, [[1, sun(21)]]);
    const trick = eventsOf(done.events, "trick")[0];
    expect(trick).toMatchObject({ winner: 0, eclipse: true, bonus: false, strengths: [7, 24], eclipses: [true, false] });
  });
  it("SE-8: the highest eclipse wins when several are played", () => {
    const done = plays(afterFirsts(), [
      [0, moon(7)],
      [1, moon(3)],
    ]);
    const trick = eventsOf(done.events, "trick")[0];
    expect(trick).toMatchObject({ winner: 0, eclipse: true, strengths: [7, 3], eclipses: [true, true] });
    expect(trick.cards).toEqual([
      [sun(7), moon(7)],
      [sun(3), moon(3)],
    ]);
  });
});

describe("SE-7 second cards face up after a Sun lead, face down after a Moon lead", () => {
  const hands = [
    [...moons(5, 6, 7, 8), sun(5), sun(10), ...suns(1, 2, 3, 4), ...moons(1, 2, 3, 4)],
    [...moons(9, 10, 11, 12), sun(9), ...suns(11, 12, 13, 14, 15, 16, 17, 18, 19)],
  ];
  const afterFirsts = () => plays(bidAll(start(hands), [3, 3]).state, [[0, moon(5)], [1, moon(9)]]).state;

  it("SE-7: after a Sun lead second cards are played face up, in turn", () => {
    const s = plays(bidAll(start(hands), [3, 3]).state, [[0, sun(1)], [1, sun(11)]]).state;
    expect(s.faceDown).toBe(false);
    const step = play(s, 0, sun(2));
    expect(step.events).toEqual([{ type: "play", seat: 0, card: sun(2), second: true }]);
    expect(G.view(step.state, 1).secondCards).toEqual([sun(2), ""]);
  });
  it("SE-7: after a Moon lead second cards are committed face down, in turn, hidden from the others", () => {
    const s = afterFirsts();
    expect(s.faceDown).toBe(true);
    expect(G.active(s)).toEqual([0]);
    const step = play(s, 0, sun(5));
    expect(step.events).toEqual([{ type: "commit", seat: 0 }]);
    expect(stringsIn(step.events)).not.toContain(sun(5));
    expect(G.view(step.state, 0).secondCards).toEqual([sun(5), ""]);
    expect(G.view(step.state, 1).secondCards).toEqual([HIDDEN_CARD, ""]);
    expect(G.view(step.state, -1).secondCards).toEqual([HIDDEN_CARD, ""]);
    expect(stringsIn(G.view(step.state, 1))).not.toContain(sun(5));
    expect(G.hiddenFrom(step.state, 1)).toContain(sun(5));
    expect(G.active(step.state)).toEqual([1]);
  });
  it("SE-7: face-down legality is checked at commit against the lead suit and one's own first card", () => {
    const s = afterFirsts();
    expect(rejection(s, 0, { type: "play", card: sun(10) })).toBe("SE-6");
    expect(legalCards(s, 0)).toEqual([sun(5), ...moons(1, 2, 3, 4, 6, 7, 8)]);
    const t = play(s, 0, sun(5)).state;
    expect(rejection(t, 1, { type: "play", card: sun(12) })).toBe("SE-6");
    expect(legalCards(t, 1)).toEqual([sun(9), ...moons(10, 11, 12)]);
  });
  it("SE-7: once all are committed the cards are revealed together, then the trick resolves", () => {
    const step = plays(afterFirsts(), [
      [0, sun(5)],
      [1, moon(12)],
    ]);
    expect(step.events.map((e) => e.type)).toEqual(["commit", "commit", "reveal", "trick"]);
    expect(eventsOf(step.events, "reveal")[0].cards).toEqual([sun(5), moon(12)]);
    expect(eventsOf(step.events, "trick")[0]).toMatchObject({ winner: 0, eclipse: true, strengths: [5, 21] });
    expect(step.state.faceDown).toBe(false);
    expect(G.view(step.state, 1).lastTrick.cards).toEqual([
      [moon(5), sun(5)],
      [moon(9), moon(12)],
    ]);
  });
});

describe("SE-8 resolution: the rulebook's examples", () => {
  it("SE-8 example: no eclipses, Sun led, Moon cards count 0 — strengths 15, 0, 20", () => {
    const hands = [
      [...suns(1, 2, 3, 4, 5, 6, 9), ...moons(...span(1, 7))],
      moons(...span(8, 21)),
      suns(7, 8, ...span(10, 21)),
    ];
    const step = plays(bidAll(start(hands), [1, 1, 1]).state, [
      [0, sun(9)],
      [1, moon(12)],
      [2, sun(8)],
      [0, sun(6)],
      [1, moon(20)],
      [2, sun(12)],
    ]);
    const trick = eventsOf(step.events, "trick")[0];
    expect(trick).toMatchObject({ winner: 2, eclipse: false, bonus: true, strengths: [15, 0, 20], leadSuit: "sun" });
    expect(step.state.tricksWon).toEqual([0, 0, 1]);
    expect(step.state.bonus).toEqual([0, 0, 1]);
    expect(G.active(step.state)).toEqual([2]); // the winner leads the next trick
  });
  it("SE-8 example: a 25-strength tie goes to the player with the higher lead-suit card (20)", () => {
    const hands = [
      [...suns(11, 14), ...moons(...span(1, 12))],
      [...suns(1, 2, 3, 5, 20), ...moons(...span(13, 21))],
    ];
    const step = plays(bidAll(start(hands), [1, 1]).state, [
      [0, sun(11)],
      [1, sun(20)],
      [0, sun(14)],
      [1, sun(5)],
    ]);
    const trick = eventsOf(step.events, "trick")[0];
    expect(trick).toMatchObject({ winner: 1, eclipse: false, bonus: true, strengths: [25, 25] });
    expect(G.active(step.state)).toEqual([1]);
  });
  it("SE-8: off-suit cards count 0 even for the leader's second card", () => {
    // Seat 0 leads Sun 2, then (out of suns) Moon 21: strength 2; seat 1 Sun 3 + Sun 4 = 7.
    const hands = [
      [sun(2), ...moons(...span(9, 21))],
      suns(3, 4, ...span(10, 21)),
    ];
    const step = plays(bidAll(start(hands), [1, 1]).state, [
      [0, sun(2)],
      [1, sun(3)],
      [0, moon(21)],
      [1, sun(4)],
    ]);
    expect(eventsOf(step.events, "trick")[0]).toMatchObject({ winner: 1, strengths: [2, 7] });
  });
});

describe("SE-9 bonus cards", () => {
  it("SE-9: a trick won without an eclipse takes a bonus card; with an eclipse, none", () => {
    const hands = [
      [...suns(7, 8, 9), moon(7), ...moons(1, 2, 4, 5, 6, 8, 9, 10, 11, 12)],
      [...suns(1, 3, 20, 21), ...moons(3, 13, 14, 15, 16, 17, 18, 19, 20, 21)],
    ];
    let s = bidAll(start(hands), [2, 2]).state;
    s = plays(s, [[0, sun(7)], [1, sun(3)], [0, moon(7)], [1, sun(21)]]).state;
    expect(s.bonus).toEqual([0, 0]);
    expect(s.bonusPile).toBe(RULES.bonusCards);
    // seat 0 leads Sun 9 and follows with Sun 8 (17); seat 1 Sun 20 + Sun 1 (21): plain win
    s = plays(s, [[0, sun(9)], [1, sun(20)], [0, sun(8)], [1, sun(1)]]).state;
    expect(s.tricksWon).toEqual([1, 1]);
    expect(s.bonus).toEqual([0, 1]);
    expect(s.bonusPile).toBe(RULES.bonusCards - 1);
    expect(G.view(s, 0).bonusPile).toBe(RULES.bonusCards - 1);
  });
  it("SE-9: a plain win takes no bonus card when the pile is empty (only possible with other data)", () => {
    const hands = [
      [...suns(11, 14), ...moons(...span(1, 12))],
      [...suns(1, 2, 3, 5, 20), ...moons(...span(13, 21))],
    ];
    const s = bidAll(start(hands), [1, 1]).state;
    const step = plays({ ...s, bonusPile: 0 }, [
      [0, sun(11)],
      [1, sun(20)],
      [0, sun(14)],
      [1, sun(5)],
    ]);
    expect(eventsOf(step.events, "trick")[0]).toMatchObject({ winner: 1, eclipse: false, bonus: false });
    expect(step.state.bonus).toEqual([0, 0]);
    expect(step.state.bonusPile).toBe(0);
  });
  it("SE-9: bonus cards return to the pile each round", () => {
    const s = playUntil(fresh(2, "pile"), (x) => x.round === 2);
    expect(eventsOf(s.events, "round")[0].bonus.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(s.state.bonusPile).toBe(RULES.bonusCards);
    expect(s.state.bonus).toEqual([0, 0]);
  });
});

describe("SE-10 scoring and the end of the game", () => {
  it("SE-10: bid points only for an exact bid, plus 1 per bonus card, every seat", () => {
    for (const players of [2, 3]) {
      const { events } = playUntil(fresh(players, `score-${players}`), () => false);
      const table = RULES.bids.find((t) => t.players === players)!.cards;
      const totals = new Array(players).fill(0);
      const rounds = eventsOf(events, "round");
      expect(rounds).toHaveLength(RULES.rounds);
      for (const r of rounds) {
        expect(r.tricks.reduce((a, b) => a + b, 0)).toBe(RULES.tricksPerRound);
        for (let p = 0; p < players; p++) {
          const made = r.tricks[p] === r.bids[p];
          expect(r.made[p]).toBe(made);
          const bidPoints = made ? table.find((b) => b.tricks === r.bids[p])!.points : 0;
          expect(r.points[p]).toBe(bidPoints + r.bonus[p] * RULES.pointsPerBonusCard);
          totals[p] += r.points[p];
        }
        expect(r.totals).toEqual(totals);
      }
    }
  });
  it("SE-10: after four rounds the game is over and the most points win", () => {
    const { state, events } = playUntil(fresh(3, "end"), () => false);
    expect(state.phase).toBe(Phase.GameOver);
    expect(G.active(state)).toEqual([]);
    expect(G.legal(state, 0)).toEqual([]);
    expect(rejection(state, 0, { type: "bid", tricks: 1 })).toBe("SE-over");
    const over = eventsOf(events, "gameOver");
    expect(over).toHaveLength(1);
    expect(events[events.length - 1]).toBe(over[0]);
    const result = G.result(state);
    expect(result.over).toBe(true);
    expect(result.winners).toEqual(over[0].winners);
    expect(result.scores).toEqual(over[0].totals);
    expect(result.winners).toEqual(winnersOf(state.totals, state.bonus));
    for (const w of result.winners) expect(state.totals[w]).toBe(Math.max(...state.totals));
  });
  it("SE-10: ties go to more bonus cards in the final round, then victory is shared", () => {
    expect(winnersOf([20, 18, 20], [1, 5, 3])).toEqual([2]);
    expect(winnersOf([20, 18, 20], [3, 5, 3])).toEqual([0, 2]);
    expect(winnersOf([21, 20], [0, 7])).toEqual([0]);
  });
  it("SE-10: the engine applies the tiebreak at the end of the last round", () => {
    // Play to the last trick of the game, learn who wins it, then rewrite the scores so the
    // final totals tie: first decided by final-round bonus cards, then shared.
    for (const players of [2, 3]) {
      let before: State | undefined;
      let moves: [number, string][] = [];
      let winner = -1;
      for (let i = 0; winner < 0; i++) {
        const s = playUntil(fresh(players, `tie-${players}-${i}`), (x) => x.round === RULES.rounds && x.tricksDone === RULES.tricksPerRound - 1).state;
        // the last trick's cards, played by greedy seats
        const played: [number, string][] = [];
        let t = s;
        while (G.active(t).length > 0) {
          const seat = G.active(t)[0];
          const a = G.greedy(t, seat, G.legal(t, seat), { a: 1, b: 1 });
          if (a.type === "play") played.push([seat, a.card]);
          t = act(t, seat, a).state;
        }
        const trick = eventsOf(plays(s, played).events, "trick")[0];
        if (!trick.eclipse) {
          before = s;
          moves = played;
          winner = trick.winner;
        }
      }
      const other = (winner + 1) % players;
      const table = RULES.bids.find((t) => t.players === players)!.cards;
      // bids no seat can meet any more (tricks won now, or one more), so round points = bonus cards
      const bids = before!.tricksWon.map((t) => table.find((b) => b.tricks !== t && b.tricks !== t + 1)!.tricks);
      const rigged = (totals: number[], bonus: number[]): State => ({
        ...before!,
        bids: { ...before!.bids, values: bids },
        totals,
        bonus,
        bonusPile: RULES.bonusCards - bonus.reduce((a, b) => a + b, 0),
      });
      const totals = new Array(players).fill(0);
      totals[winner] = 9;
      totals[other] = 10;
      // winner: 9 + 1 bonus = 10 with 1 bonus card; other: 10 with 0 → winner alone
      // the same last trick, replayed card for card (rigging bids and scores changes no legality)
      let end = plays(rigged(totals, new Array(players).fill(0)), moves);
      expect(eventsOf(end.events, "round")[0].totals[winner]).toBe(10);
      expect(eventsOf(end.events, "round")[0].totals[other]).toBe(10);
      expect(eventsOf(end.events, "gameOver")[0].winners).toEqual([winner]);
      // other: 9 + its earlier bonus card = 10, 1 bonus card each → shared victory
      const totals2 = [...totals];
      totals2[other] = 9;
      const bonus2 = new Array(players).fill(0);
      bonus2[other] = 1;
      end = plays(rigged(totals2, bonus2), moves);
      expect(eventsOf(end.events, "gameOver")[0].winners).toEqual([winner, other].sort());
      expect(G.result(end.state).winners).toEqual([winner, other].sort());
    }
  });
});

describe("action, event and view contract", () => {
  it("events of a whole game are in the documented order and shapes", () => {
    const { events } = playUntil(fresh(2, "shapes", 0), () => false);
    const types = new Set(events.map((e) => e.type));
    expect([...types].sort()).toEqual(["bid", "commit", "deal", "gameOver", "play", "reveal", "round", "trick"]);
    expect(eventsOf(events, "trick")).toHaveLength(RULES.rounds * RULES.tricksPerRound);
    for (const t of eventsOf(events, "trick")) {
      expect(Object.keys(t).sort()).toEqual(["bonus", "cards", "eclipse", "eclipses", "leadSuit", "leader", "strengths", "trick", "type", "winner"]);
      expect(t.bonus).toBe(!t.eclipse);
    }
    expect(G.startEvents(fresh(2, "shapes", 0))).toEqual([{ type: "deal", round: 1, dealer: 0, handSizes: [14, 14], setAside: 14 }]);
  });
  it("legal lists only actions apply accepts, and apply never mutates its input", () => {
    let s = fresh(3, "pure");
    for (let i = 0; i < 40; i++) {
      const seat = G.active(s)[0];
      const snapshot = JSON.stringify(s);
      for (const a of G.legal(s, seat)) expect(G.apply(s, seat, a).ok).toBe(true);
      expect(JSON.stringify(s)).toBe(snapshot);
      s = act(s, seat, G.legal(s, seat)[0]).state;
    }
  });
  it("apply tolerates the replay's extra `seat` field", () => {
    const s = fresh(2, "seat-field");
    expect(G.apply(s, 1, { seat: 1, type: "bid", tricks: 3 } as never).ok).toBe(true);
  });
});
