/**
 * The Eclipsed save's LuaScript in the fake TTS host: hidden Edict contributions (EC-2), draws
 * and melds through the HUD buttons, discards and going out by dropping cards, refusals with the
 * engine's rules, and whole games equal to the replay of the same actions.
 */
import { describe, expect, it } from "vitest";
import { replayGame } from "../../src/engine/sim";
import { UI_SCORES } from "../../src/table/ui-ids";
import { commitPoint } from "../../src/table/layout";
import { FakeTts } from "./fake-tts";
import { useFakeTables, tableRefusal, Mirror, perform, play, replayOn, type CardAction, slow } from "./driver";

const fixture = useFakeTables("eclipsed");
const table = fixture.table;

describe("eclipsed TTS script", () => {
  it("EC-2: contributions lie face down until all are in, then the Edicts are revealed where they were laid, the fate card in the middle", () => {
    const t = table();
    expect(t.startSeeded(2, "ec-1")).toBe("");
    const m = new Mirror("eclipsed", 2, "ec-1");
    for (let s = 0; s < 2; s++) expect(t.hand(m.colors[s])).toEqual(m.hand(s));
    play(t, m, 1);
    const laid = t.snapshot().objects.find((o) => o.note === m.actions[0].card);
    if (m.state.phase === "contribute") expect(laid).toMatchObject({ down: true, locked: true });
    while (m.state.phase === "contribute") play(t, m, 1);
    const edicts = m.state.edicts as { card: string; seat: number }[];
    const row = t.snapshot().objects.filter((o) => edicts.some((e) => e.card === o.note));
    expect(row.length).toBe(edicts.length);
    for (const e of edicts) {
      const at = commitPoint(2, e.seat);
      expect(row.find((o) => o.note === e.card)).toMatchObject({ down: false, locked: true, x: at.x, z: at.z });
    }
  });

  it("refuses a meld button with nothing laid out, a discard before drawing, and an illegal meld, with the engine's rules", () => {
    const t = table();
    t.startSeeded(2, "ec-2");
    const m = new Mirror("eclipsed", 2, "ec-2");
    while (m.state.phase === "contribute") play(t, m, 1);
    const seat = m.game.active(m.state)[0];
    const color = m.colors[seat];
    t.messages();
    t.click("syzygy_meld", color);
    expect(t.messages()[0].text).toBe("Lay the meld's cards in your meld area first (in front of you, between your hand and the play area); then press the button again.");
    // Discarding before drawing.
    const card = m.hand(seat)[0];
    const r = m.game.apply(m.state, seat, { type: "discard", card } as CardAction);
    expect(r.ok).toBe(false);
    t.drop(color, card);
    expect(t.messages()).toContainEqual({ kind: "broadcast", to: color, text: tableRefusal(m, r) });
    expect(t.hand(color)).toContain(card);
    // The other player pressing Draw out of turn.
    const other = m.colors[1 - seat];
    const r2 = m.game.apply(m.state, 1 - seat, { type: "draw", from: "deck" } as unknown as CardAction);
    t.click("syzygy_drawDeck", other);
    expect(t.messages()).toContainEqual({ kind: "broadcast", to: other, text: tableRefusal(m, r2) });
    // Draw, then lay out two cards that make no meld and press Declare meld.
    const draw = { type: "draw", from: "deck" } as unknown as CardAction;
    perform(t, m, seat, draw);
    m.apply(seat, draw);
    const hand = m.hand(seat);
    let pair: string[] | undefined;
    let refusal: { rule: string; message: string } | undefined;
    for (let i = 0; i < hand.length && pair === undefined; i++) {
      for (let j = i + 1; j < hand.length && pair === undefined; j++) {
        const res = m.game.apply(m.state, seat, { type: "meld", cards: [hand[i], hand[j]] } as unknown as CardAction);
        if (!res.ok) {
          pair = [hand[i], hand[j]];
          refusal = res;
        }
      }
    }
    t.messages();
    perform(t, m, seat, { type: "meld", cards: pair! } as unknown as CardAction);
    expect(t.messages()).toContainEqual({ kind: "broadcast", to: color, text: tableRefusal(m, refusal!) });
    expect(t.hand(color)).toEqual(m.hand(seat));
    expect(t.errors()).toEqual([]);
  });

  it("EC-6: the meter marker stands on the meter track at the engine's meter after every action (reveal, melds, new rounds)", () => {
    const t = table();
    const seed = "ec-meter";
    t.startSeeded(2, seed);
    const m = new Mirror("eclipsed", 2, seed, "greedy");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const boardState = (fixture.built.save.ObjectStates as any[]).find((o) => o.Memo === "meter-track/meter-track");
    const boardWidth = boardState.Transform.scaleX * 10; // Custom_Board: 10 units wide at scale 1
    // The board is locked where the save puts it (the snapshot lists only pieces).
    const board = { x: boardState.Transform.posX, y: boardState.Transform.posY, z: boardState.Transform.posZ };
    const cell = (boardWidth * 24) / 180; // 7 cells of 24 mm on the 180 mm track
    const check = () => {
      const objects = t.snapshot().objects;
      const marker = objects.find((o) => o.note === "meter-marker/meter-marker")!;
      const meter = m.state.meter as number;
      // Neutral (0) is the middle cell, Light to the right (+x), Dark to the left; the cells sit above the board's centre line.
      expect(marker.x).toBeCloseTo(board.x + meter * cell, 2);
      expect(marker.z).toBeCloseTo(board.z + (boardWidth * 8) / 180, 2);
      expect(marker.y).toBeGreaterThan(board.y);
      return meter;
    };
    check();
    const seen = new Set<number>();
    let melds = 0;
    play(t, m, 400, (_seat, action) => {
      if (action.type === "meld") melds++;
      seen.add(check());
    });
    check();
    expect(melds).toBeGreaterThan(0);
    // The marker really moved over the game (not only the start position).
    expect(seen.size).toBeGreaterThan(1);
    expect(t.errors()).toEqual([]);
  }, slow(120_000));

  for (const players of [2, 3]) {
    it(`a full ${players}-player game through table events ends as \`syzygy replay\` does`, () => {
      const t = table();
      const seed = `ec-full-${players}`;
      t.startSeeded(players, seed);
      const m = new Mirror("eclipsed", players, seed, "greedy");
      let melds = 0;
      play(t, m, Infinity, (seat, action) => {
        if (action.type === "meld") melds++;
        expect(t.hand(m.colors[seat])).toEqual(m.hand(seat));
      });
      expect(melds).toBeGreaterThan(0);
      const report = replayGame({ game: "eclipsed", players, seed, actions: m.actions });
      expect(report.ok).toBe(true);
      if (!report.ok) return;
      expect(report.result.over).toBe(true);
      expect(t.ui(UI_SCORES)).toBe(report.result.scores.map((v, s) => `${m.colors[s]} ${v}`).join("   "));
      expect(t.errors()).toEqual([]);
    }, slow(120_000));
  }

  it("save and load mid-turn resumes identically", () => {
    const seed = "ec-resume";
    const a = table();
    a.startSeeded(2, seed);
    const ma = new Mirror("eclipsed", 2, seed, "greedy");
    while (!(ma.state.phase === "play" && ma.state.turns[0] >= 2)) play(a, ma, 1);
    const b = table(a.saveGame());
    const strip = (t: FakeTts) => ({ objects: t.snapshot().objects, ui: t.snapshot().ui });
    expect(strip(b)).toEqual(strip(a));
    const mb = new Mirror("eclipsed", 2, seed);
    for (const { seat, ...action } of ma.actions) mb.apply(seat, action as CardAction);
    const done = ma.actions.length;
    play(a, ma, 60);
    replayOn(b, mb, ma.actions.slice(done));
    expect(strip(b)).toEqual(strip(a));
  }, slow(120_000));
});
