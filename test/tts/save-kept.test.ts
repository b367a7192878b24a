/**
 * onSave keeps its text between saves (mods/tts/save-text.ts: TTS asks every 10 s), so a save
 * must still reflect every change made since the last one — a move (even one made in the same
 * frame as the save, before the frames that warm the state hash ran), a hold starting and ending
 * (bookkeeping and `busy` change with no move), a load — and every such save must load.
 */
import { describe, expect, it } from "vitest";
import type { FakeTts } from "./fake-tts";
import { useFakeTables } from "./driver";
import { Mirror, noteOf, play } from "./table-driver";

interface Saved {
  actions: { seat: number; type: string; card?: string }[];
  where: Record<string, { area: string }>;
  busy: boolean;
  stateHash: string;
}

const saveText = (t: FakeTts): string => t.call("return onSave()");
const parsed = (text: string): Saved => JSON.parse(text) as Saved;

describe("the kept save text at the table", () => {
  const fixture = useFakeTables("lunar-trick");

  /**
   * The save loads on a fresh table (its replayed state matches the saved hash), and that table
   * saves the same game: the same text, or after a hold (a load ends it at once) the same moves.
   */
  function loads(t: FakeTts): void {
    const save = t.saveGame();
    const loaded = fixture.table(save);
    expect(loaded.messages().filter((m) => m.text.includes("Could not resume"))).toEqual([]);
    const again = saveText(loaded);
    if (parsed(save.LuaScriptState).busy) {
      expect(parsed(again).actions).toEqual(parsed(save.LuaScriptState).actions);
      expect(parsed(again).stateHash).toBe(parsed(save.LuaScriptState).stateHash);
    } else expect(again).toBe(save.LuaScriptState);
    loaded.close();
  }

  it("reflects each move, a move made in the save's own frame, and a hold's start and end", () => {
    const t = fixture.table();
    t.startSeeded(3, "kept-1");
    const m = new Mirror("lunar-trick", 3, "kept-1");
    const first = saveText(t);
    expect(saveText(t)).toBe(first);
    expect(parsed(first).actions).toEqual([]);

    // A drop and the save in one chunk: no frame has run to warm the state hash.
    const { seat, action } = m.next();
    const sameFrame = t.call(`FAKE.drop(${JSON.stringify(m.colors[seat])}, ${JSON.stringify(noteOf(m, seat, action))}, 0, 0) return onSave()`);
    m.apply(seat, action);
    expect(parsed(sameFrame).actions).toEqual(m.actions);
    expect(parsed(sameFrame).stateHash).not.toBe(parsed(first).stateHash);
    t.settle();
    expect(saveText(t)).toBe(sameFrame);
    loads(t);

    // Play on to the end of the first trick: the table holds it (busy) with no move pending, then collects it.
    let held = false;
    while (!held) {
      const before = saveText(t);
      play(t, m, 1);
      const after = parsed(saveText(t));
      expect(after.actions).toEqual(m.actions);
      expect(saveText(t)).not.toBe(before);
      held = m.events.some((e) => e.type === "trick");
      if (held) {
        // play() let the hold end (t.advance): the trick went to its winner's pile, busy is false again.
        expect(after.busy).toBe(false);
        expect(Object.values(after.where).some((l) => l.area === "pile")).toBe(true);
      }
    }
    loads(t);
  });

  it("changes when only the bookkeeping changes: the hold starts (busy) and ends (cards to a pile)", () => {
    const t = fixture.table();
    t.startSeeded(3, "kept-2");
    const m = new Mirror("lunar-trick", 3, "kept-2");
    // Every move but the one that ends the first trick.
    for (;;) {
      const { seat, action } = m.next();
      const probe = m.game.apply(m.state, seat, action);
      if (probe.ok && probe.events.some((e) => e.type === "trick")) break;
      play(t, m, 1);
    }
    const { seat, action } = m.next();
    t.call(`FAKE.drop(${JSON.stringify(m.colors[seat])}, ${JSON.stringify(noteOf(m, seat, action))}, 0, 0)`);
    m.apply(seat, action);
    const holding = parsed(saveText(t));
    expect(holding.busy).toBe(true);
    expect(holding.actions).toEqual(m.actions);
    loads(t);
    t.advance(3);
    const collected = parsed(saveText(t));
    expect(collected.busy).toBe(false);
    expect(collected.actions).toEqual(holding.actions);
    expect(collected.stateHash).toBe(holding.stateHash);
    expect(collected.where).not.toEqual(holding.where);
    loads(t);
  });
});
