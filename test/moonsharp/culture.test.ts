/**
 * A game saved on a TTS host with one culture resumes on a host with another. MoonSharp (TTS's
 * interpreter) compares strings with `<` by the host's culture (.NET), so anything the script
 * orders with `<` — the canonical state's key order, hence the state hashes a save is checked
 * against — could differ between a US and a Lithuanian or Turkish host. The engine orders
 * strings by character code (byteOrder) everywhere. Each game: played a few moves under
 * MoonSharp in one culture, saved, loaded under another, and played on with the same moves.
 * Run by `npm run test:moonsharp` (needs Mono).
 */
import { describe, expect, it } from "vitest";
import { GAMES } from "../../src/games/index";
import { useFakeTables } from "../tts/driver";
import { FakeTts } from "../tts/fake-tts";
import { Mirror, play, replayOn, tableLog } from "../tts/table-driver";

const MOVES = [
  { from: "en_US.UTF-8", to: "lt_LT.UTF-8" },
  { from: "lt_LT.UTF-8", to: "tr_TR.UTF-8" },
];

describe.each(GAMES.map((g) => ({ id: g.id, players: g.engine.minPlayers })))("$id: saved under one culture, resumed under another", ({ id, players }) => {
  const tables = useFakeTables(id);

  it.each(MOVES)("$from → $to", ({ from, to }) => {
    const seed = `culture-${from}`;
    const a = new FakeTts(tables.built.save, { lua: "moonsharp", culture: from });
    const b = (() => {
      try {
        expect(a.startSeeded(players, seed)).toBe("");
        const ma = new Mirror(id, players, seed);
        play(a, ma, 6);
        const saved = a.saveGame();
        a.messages();
        const b = new FakeTts(saved, { lua: "moonsharp", culture: to });
        // no "could not resume … the replayed state differs"
        expect(b.messages().filter((m) => /resume|differs/i.test(m.text))).toEqual([]);
        expect(tableLog(b)).toEqual(tableLog(a));
        expect(b.call("return syzygySaveText()")).toBe(a.call("return syzygySaveText()"));
        // and the resumed game plays on as the first table does
        const mb = new Mirror(id, players, seed);
        for (const act of ma.actions) {
          const { seat, ...action } = act;
          mb.apply(seat, action);
        }
        const done = ma.actions.length;
        play(a, ma, 10);
        replayOn(b, mb, ma.actions.slice(done));
        expect(b.call("return syzygySaveText()")).toBe(a.call("return syzygySaveText()"));
        expect(b.errors()).toEqual([]);
        return b;
      } finally {
        a.close();
      }
    })();
    b.close();
  });
});
