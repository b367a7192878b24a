/**
 * The Solar Eclipse save's LuaScript in the fake TTS host: bids by dropping bid cards (hidden,
 * SE-2), two-card tricks with face-down second cards after a Moon lead (SE-7), bonus cards
 * (SE-9), refusals with the engine's rules (SE-5/SE-6), and whole games equal to the replay.
 */
import { describe, expect, it } from "vitest";
import { replayGame } from "../../src/engine/sim";
import { UI_SCORES, UI_STATUS } from "../../src/table/ui-ids";
import { BONUS_PILE } from "../../src/table/layout";
import { FakeTts } from "./fake-tts";
import { useFakeTables, tableRefusal, Mirror, noteOf, play, replayOn, slow } from "./driver";

const fixture = useFakeTables("solar-eclipse");
const table = fixture.table;

const playingCards = (notes: string[]): string[] => notes.filter((n) => !n.includes("/"));

describe("solar-eclipse TTS script", () => {
  it("SE-2: bid cards start in hand; a dropped bid lies face down and the other five are set aside", () => {
    const t = table();
    expect(t.startSeeded(2, "bid-1")).toBe("");
    const m = new Mirror("solar-eclipse", 2, "bid-1");
    expect(t.hand("White").filter((n) => n.startsWith("bid-cards/"))).toEqual([1, 2, 3, 4, 5, 6].map((n) => `bid-cards/bid-${n}-a`));
    for (let s = 0; s < 2; s++) expect(playingCards(t.hand(m.colors[s]))).toEqual(m.hand(s));
    const { seat, action } = m.next();
    const note = noteOf(m, seat, action);
    t.drop(m.colors[seat], note);
    m.apply(seat, action);
    const objs = t.snapshot().objects;
    expect(objs.find((o) => o.note === note)).toMatchObject({ down: true, locked: true, hand: "" });
    const rest = objs.filter((o) => o.note.startsWith("bid-cards/") && o.note.endsWith(`-${"abc"[seat]}`) && o.note !== note);
    expect(rest.length).toBe(5);
    expect(rest.every((o) => o.down && o.hand === "")).toBe(true);
    // The set-aside bid cards would tell the chosen one by elimination: nobody may pick them up
    // (not interactable), not even their owner for a second bid.
    t.messages();
    const again = rest[0].note;
    expect(t.drop(m.colors[seat], again)).toBe("not interactable");
    expect(t.drop(m.colors[1 - seat], again)).toBe("not interactable");
    expect(t.snapshot().objects.find((o) => o.note === again)).toMatchObject({ down: true, hand: "" });
  });

  it("SE-5/SE-6/SE-7: illegal cards are refused with the engine's rule; Moon-lead second cards lie face down until revealed together", () => {
    const t = table();
    t.startSeeded(3, "trick-1");
    const m = new Mirror("solar-eclipse", 3, "trick-1");
    const rules = new Set<string>();
    let sawFaceDown = false;
    while (!m.over() && m.state.round === 1) {
      const { seat } = m.next();
      if (m.state.phase !== "bid") {
        const bad = m.illegalFor(seat);
        if (bad !== undefined) {
          t.messages();
          t.drop(m.colors[seat], bad.card);
          expect(t.messages()).toContainEqual({ kind: "broadcast", to: m.colors[seat], text: tableRefusal(m, bad) });
          expect(t.hand(m.colors[seat])).toContain(bad.card);
          rules.add(bad.rule);
        }
      }
      const wasFaceDown = m.state.phase === "secondCards" && m.state.faceDown;
      play(t, m, 1);
      if (wasFaceDown && m.state.phase === "secondCards") {
        sawFaceDown = true;
        const last = m.actions[m.actions.length - 1];
        expect(t.snapshot().objects.find((o) => o.note === last.card)).toMatchObject({ down: true, locked: true });
      }
      const hands = t.hands();
      for (let s = 0; s < 3; s++) expect(playingCards(hands[m.colors[s]] ?? [])).toEqual(m.hand(s));
    }
    expect(sawFaceDown).toBe(true);
    expect(rules.size).toBeGreaterThan(0);
    expect(t.errors()).toEqual([]);
  }, slow(60_000));

  for (const players of [2, 3]) {
    it(`a full ${players}-player game through table events ends as \`syzygy replay\` does; bonus cards follow SE-9`, () => {
      const t = table();
      const seed = `se-full-${players}`;
      t.startSeeded(players, seed);
      const m = new Mirror("solar-eclipse", players, seed);
      let bonusSeen = 0;
      play(t, m, Infinity, (_seat, action) => {
        if (action.type === "bid") return;
        const snap = t.snapshot();
        const hands = t.hands();
        for (let s = 0; s < players; s++) expect(playingCards(hands[m.colors[s]] ?? [])).toEqual(m.hand(s));
        // SE-9: the bonus cards taken this round lie in front of their takers, the rest in the pile.
        const taken = (m.state.bonus as number[]).reduce((a, b) => a + b, 0);
        const away = snap.objects.filter((o) => o.note.startsWith("bonus-cards/") && !(o.x === BONUS_PILE.x && o.z === BONUS_PILE.z));
        expect(away.length).toBe(taken);
        bonusSeen = Math.max(bonusSeen, taken);
      });
      expect(bonusSeen).toBeGreaterThan(0);
      const report = replayGame({ game: "solar-eclipse", players, seed, actions: m.actions });
      expect(report.ok).toBe(true);
      if (!report.ok) return;
      expect(t.ui(UI_SCORES)).toBe(report.result.scores.map((v, s) => `${m.colors[s]} ${v}`).join("   "));
      expect(t.ui(UI_STATUS)).toMatch(/^Game over: /);
      expect(t.errors()).toEqual([]);
    }, slow(90_000));
  }

  it("save and load in the middle of a face-down second round resumes identically", () => {
    const seed = "se-resume";
    const a = table();
    a.startSeeded(2, seed);
    const ma = new Mirror("solar-eclipse", 2, seed);
    // Play until a face-down second card is on the table.
    while (!(ma.state.phase === "secondCards" && ma.state.faceDown && ma.state.secondCards.done.some((d: boolean) => d))) play(a, ma, 1);
    const b = table(a.saveGame());
    const strip = (t: FakeTts) => ({ objects: t.snapshot().objects, ui: t.snapshot().ui });
    expect(strip(b)).toEqual(strip(a));
    const mb = new Mirror("solar-eclipse", 2, seed);
    for (const { seat, ...action } of ma.actions) mb.apply(seat, action);
    const done = ma.actions.length;
    play(a, ma);
    replayOn(b, mb, ma.actions.slice(done));
    expect(strip(b)).toEqual(strip(a));
  }, slow(90_000));
});
