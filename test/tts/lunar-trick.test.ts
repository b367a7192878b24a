/**
 * The Lunar Trick save's own LuaScript, run in the fake TTS host (real Lua 5.2, TTS-like
 * sandbox): whole games driven through table events, refusals with the engine's rule ids,
 * agreement with `syzygy replay`, and save/load mid-trick.
 */
import { describe, expect, it } from "vitest";
import { replayGame } from "../../src/engine/sim";
import { canonical } from "../../src/engine/core/serialize";
import { UI_SCORES, UI_START_PANEL, UI_STATUS } from "../../src/table/ui-ids";
import { type Snapshot } from "./fake-tts";
import { useFakeTables, tableRefusal, Mirror, play, replayOn, type CardAction, slow } from "./driver";

const fixture = useFakeTables("lunar-trick");
const table = fixture.table;

/** Positions, faces, locks and hands of every card and piece, plus the UI. */
function layout(s: Snapshot): unknown {
  return { objects: s.objects.map((o) => ({ ...o })), ui: s.ui };
}

describe("lunar-trick TTS script", () => {
  it("shows the Start panel on a fresh load and deals the engine's seeded hands physically", () => {
    const t = table();
    expect(t.ui(UI_START_PANEL, "active")).toBe("true");
    expect(t.startSeeded(3, "deal-1")).toBe("");
    expect(t.ui(UI_START_PANEL, "active")).toBe("false");
    const m = new Mirror("lunar-trick", 3, "deal-1");
    for (let s = 0; s < 3; s++) expect(t.hand(m.colors[s])).toEqual(m.hand(s));
    // LT-1: 3 players: 10 each; the two undealt cards stay in the deck, face down.
    const moonCard = /^(rising|falling|lunar|solar)/;
    const objects = t.snapshot().objects;
    const undealt = [
      ...objects.filter((o) => o.name === "Card" && o.hand === "" && moonCard.test(o.note)).map((o) => ({ note: o.note, down: o.down })),
      ...objects.filter((o) => o.name === "Deck").flatMap((o) => o.inner.filter((n) => moonCard.test(n)).map((note) => ({ note, down: o.down }))),
    ];
    expect(undealt.length).toBe(2);
    expect(undealt.every((o) => o.down)).toBe(true);
    expect(t.ui(UI_STATUS)).toBe("Waiting for White, Red, Blue");
  });

  it("refuses a start with a player count the engine does not allow", () => {
    const t = table();
    expect(t.startSeeded(2, "x")).toMatch(/3–4 players/);
    expect(t.ui(UI_START_PANEL, "active")).toBe("true");
  });

  it("LT-2: commits lie face down and locked until everyone has committed, then the initial trick is revealed and collected", () => {
    const t = table();
    t.startSeeded(3, "commit-1");
    const m = new Mirror("lunar-trick", 3, "commit-1");
    const first = m.next();
    expect(t.drop(m.colors[first.seat], first.action.card)).toBe("dropped");
    m.apply(first.seat, first.action);
    const laid = t.snapshot().objects.find((o) => o.note === first.action.card)!;
    expect(laid).toMatchObject({ down: true, locked: true, hand: "" });
    // Face down and locked: nobody may touch it, its owner included (it cannot be peeked at).
    expect(t.drop(m.colors[first.seat], first.action.card)).toBe("not interactable");
    // A second commit by the same seat is refused by the engine and goes back to the hand.
    const again = m.hand(first.seat)[0];
    t.messages();
    t.drop(m.colors[first.seat], again);
    const refusal = m.game.apply(m.state, first.seat, { type: m.expectedType(first.seat), card: again } as CardAction);
    expect(refusal.ok).toBe(false);
    expect(t.messages()).toContainEqual({ kind: "broadcast", to: m.colors[first.seat], text: tableRefusal(m, refusal) });
    expect(t.hand(m.colors[first.seat])).toContain(again);
    // The other two commit: reveal, highlight the winner, then collect after the pause.
    for (let k = 0; k < 2; k++) {
      const { seat, action } = m.next();
      t.drop(m.colors[seat], action.card);
      m.apply(seat, action);
    }
    const trick = m.events.find((e) => e.type === "trick") as unknown as { winner: number; cards: string[] };
    const revealed = t.snapshot().objects.filter((o) => trick.cards.includes(o.note));
    expect(revealed.every((o) => !o.down && o.locked)).toBe(true);
    expect(revealed.filter((o) => o.highlight !== "").map((o) => o.highlight)).toEqual([m.colors[trick.winner]]);
    expect(t.ui(UI_STATUS)).toBe(`${m.colors[trick.winner]} takes the trick`);
    const reveal = m.events.find((e) => e.type === "reveal") as unknown as { markers: number[] };
    expect(t.messages().map((x) => x.text)).toContain(`Markers on ${reveal.markers.join(", ")}: ${(m.events.find((e) => e.type === "reveal") as unknown as { trumpSide: string }).trumpSide} moon is trump.`);
    t.advance(2);
    const collected = t.snapshot().objects.filter((o) => trick.cards.includes(o.note));
    expect(collected.every((o) => o.down && !o.locked && o.highlight === "")).toBe(true);
    expect(new Set(collected.map((o) => `${o.x},${o.z}`)).size).toBe(1);
    expect(t.errors()).toEqual([]);
  });

  it("LT-6: every illegal drop is refused with the engine's rule and message and the card returns to its owner's hand", () => {
    const t = table();
    t.startSeeded(3, "illegal-1");
    const m = new Mirror("lunar-trick", 3, "illegal-1");
    let refused = 0;
    const rules = new Set<string>();
    while (!m.over() && m.state.round === 1) {
      const { seat } = m.next();
      const bad = m.illegalFor(seat);
      if (bad !== undefined) {
        t.messages();
        expect(t.drop(m.colors[seat], bad.card)).toBe("dropped");
        expect(t.messages()).toContainEqual({ kind: "broadcast", to: m.colors[seat], text: tableRefusal(m, bad) });
        expect(t.hand(m.colors[seat])).toContain(bad.card);
        refused++;
        rules.add(bad.rule);
      }
      // Someone who is not to act drops a card of their own: refused too.
      const idle = [0, 1, 2].find((s) => !m.game.active(m.state).includes(s));
      if (idle !== undefined && m.hand(idle).length > 0) {
        const card = m.hand(idle)[0];
        const r = m.game.apply(m.state, idle, { type: m.expectedType(idle), card } as CardAction);
        expect(r.ok).toBe(false);
        t.messages();
        t.drop(m.colors[idle], card);
        expect(t.messages()).toContainEqual({ kind: "broadcast", to: m.colors[idle], text: tableRefusal(m, r) });
        expect(t.hand(m.colors[idle])).toContain(card);
        refused++;
      }
      play(t, m, 1);
      const hands = t.hands();
      for (let s = 0; s < 3; s++) expect(hands[m.colors[s]] ?? []).toEqual(m.hand(s));
    }
    expect(refused).toBeGreaterThan(5);
    expect(rules.has("LT-6")).toBe(true);
    expect(t.errors()).toEqual([]);
  });

  it("refuses cards that are in nobody's hand (a won pile) and puts them back", () => {
    const t = table();
    t.startSeeded(3, "pile-1");
    const m = new Mirror("lunar-trick", 3, "pile-1");
    play(t, m, 3); // the initial trick, collected
    const won = (m.game.view(m.state, -1) as { won: string[][] }).won;
    const owner = won.findIndex((w) => w.length > 0);
    const card = won[owner][0];
    const before = t.snapshot().objects.find((o) => o.note === card)!;
    t.messages();
    t.drop(m.colors[owner], card);
    expect(t.messages()[0].text).toMatch(/^.+ is not in anyone's hand; play a card from your hand\.$/);
    const after = t.snapshot().objects.find((o) => o.note === card)!;
    expect([after.x, after.z, after.down]).toEqual([before.x, before.z, before.down]);
  });

  for (const players of [3, 4]) {
    it(`a full ${players}-player game through table events ends exactly as \`syzygy replay\` of the same actions`, () => {
      const t = table();
      const seed = `full-${players}`;
      t.startSeeded(players, seed);
      const m = new Mirror("lunar-trick", players, seed);
      play(t, m, Infinity, () => {
        const hands = t.hands();
        for (let s = 0; s < players; s++) expect(hands[m.colors[s]] ?? []).toEqual(m.hand(s));
      });
      const report = replayGame({ game: "lunar-trick", players, seed, actions: m.actions });
      expect(report.ok).toBe(true);
      if (!report.ok) return;
      expect(report.result.over).toBe(true);
      const scores = report.result.scores.map((v, s) => `${m.colors[s]} ${v}`).join("   ");
      expect(t.ui(UI_SCORES)).toBe(scores);
      const names = report.result.winners.map((w) => m.colors[w]);
      expect(t.ui(UI_STATUS)).toBe(`Game over: ${names.join(" and ")}${names.length > 1 ? " share the victory." : " wins."}`);
      expect(t.ui(UI_START_PANEL, "active")).toBe("true");
      // The script's own log is a replay file giving the same report.
      t.messages();
      t.call("syzygyReplayLog(nil)");
      const log = JSON.parse(t.messages().find((x) => x.to === "log")!.text);
      expect(canonical(log.actions)).toBe(canonical(m.actions));
      expect(canonical(replayGame(log))).toBe(canonical(report));
      // LT-8: point tokens in front of each seat match the totals (up to the 20 tokens).
      const tokens = t.snapshot().objects.filter((o) => o.note.startsWith("point-tokens/"));
      expect(tokens.length).toBe(20);
      expect(t.errors()).toEqual([]);
    }, slow(60_000));
  }

  it("save and load mid-trick resumes identically (onSave/onLoad replay the engine)", () => {
    const seed = "resume-1";
    const a = table();
    a.startSeeded(3, seed);
    const ma = new Mirror("lunar-trick", 3, seed);
    play(a, ma, 3 + 3 * 2 + 1); // initial trick, two tricks, one card of the third
    const saved = a.saveGame();
    expect(saved.LuaScriptState).not.toBe("");
    const b = table(saved);
    expect(layout(b.snapshot())).toEqual(layout(a.snapshot()));
    // Both tables continue with the same actions and end in the same place.
    const mb = new Mirror("lunar-trick", 3, seed);
    for (const act of ma.actions) mb.apply(act.seat, { type: act.type, card: act.card });
    const done = ma.actions.length;
    play(a, ma);
    replayOn(b, mb, ma.actions.slice(done));
    expect(mb.over()).toBe(true);
    expect(layout(b.snapshot())).toEqual(layout(a.snapshot()));
    expect(b.errors()).toEqual([]);
  }, slow(60_000));

  it("save and load keeps a face-down commit hidden and a finished trick waiting to be collected", () => {
    const seed = "resume-2";
    const a = table();
    a.startSeeded(4, seed);
    const m = new Mirror("lunar-trick", 4, seed);
    const first = m.next();
    a.drop(m.colors[first.seat], first.action.card);
    m.apply(first.seat, first.action);
    const hidden = table(a.saveGame());
    expect(hidden.snapshot().objects.find((o) => o.note === first.action.card)).toMatchObject({ down: true, locked: true });
    // Finish the initial trick without letting time pass: the trick waits on the table.
    for (let k = 0; k < 3; k++) {
      const { seat, action } = m.next();
      a.drop(m.colors[seat], action.card);
      m.apply(seat, action);
    }
    const waiting = a.saveGame();
    a.advance(2);
    const b = table(waiting);
    // On load the waiting trick is collected at once; the table matches the original after its pause.
    expect(layout(b.snapshot())).toEqual(layout(a.snapshot()));
  });

  it("a saved game whose script state does not replay is reported and a new game can start", () => {
    const a = table();
    a.startSeeded(3, "bad-1");
    const saved = a.saveGame();
    const state = JSON.parse(saved.LuaScriptState);
    state.stateHash = "0000000000000000";
    const b = table({ ...saved, LuaScriptState: JSON.stringify(state) });
    expect(b.messages().map((x) => x.text)).toContain("Could not resume the saved game: the replayed state differs from the saved one; start a new one.");
    expect(b.ui(UI_START_PANEL, "active")).toBe("true");
  });
});

describe("lunar-trick: markers on the moon phase sheet", () => {
  it("the script places markers on the printed ring of marker spots (game.yaml markerRing)", async () => {
    const { loadGame } = await import("../../src/model/load");
    const { MARKER_RING } = await import("../../src/engine/lunar-trick/table");
    const sheet = loadGame(new URL("../../data", import.meta.url).pathname, "lunar-trick").components.find((c) => c.id === "moon-phase-sheet")!;
    const ring = Number(sheet.items[0].fields.markerRing);
    expect(MARKER_RING).toBeCloseTo(ring / (sheet.size.width / 2), 6);
  });
});
