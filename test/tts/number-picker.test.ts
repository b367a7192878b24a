/**
 * The HUD's shared number picker (src/table/adapter.ts `numberLabel`/`numberAction`): each seat's
 * value is its own, survives a save and load, and Choose makes the move the game's adapter says
 * that number means — logged like any move, so the replay log replays it. Every game that declares
 * the picker; names no game.
 */
import { describe, expect, it } from "vitest";
import { ENGINE_GAMES, playerCounts } from "../games";
import { findDefinition } from "../../src/games/index";
import { NUMBER_MAX, NUMBER_MIN } from "../../src/table/adapter";
import { NUMBER_CHOOSE_FUNCTION, NUMBER_UP_FUNCTION } from "../../src/table/ui-ids";
import { canonical } from "../../src/engine/core/serialize";
import { FakeTts } from "./fake-tts";
import { Mirror, tableLog, toldPick, useFakeTables } from "./driver";
import { stuckProblem } from "./people";

const PICKER_GAMES = ENGINE_GAMES.filter((g) => findDefinition(g)!.table.numberLabel !== "");
const tables: Record<string, ReturnType<typeof useFakeTables>> = {};
for (const id of PICKER_GAMES) tables[id] = useFakeTables(id);

describe("the shared number picker", () => {
  it("some game declares it", () => {
    expect(PICKER_GAMES.length).toBeGreaterThan(0);
  });
  for (const game of PICKER_GAMES) {
    it(`${game}: a seat's value survives a save and load; Choose makes the move that number means, logged`, () => {
      const rules = findDefinition(game)!.table;
      const players = playerCounts(game)[0];
      const t = tables[game].table();
      t.startSeeded(players, "picker-1");
      const m = new Mirror(game, players, "picker-1");
      // The largest number that is a legal move for the first seat to act.
      const seat = m.game.active(m.state)[0];
      const legal = m.game.legal(m.state, seat).map((a) => canonical(a));
      let value = -1;
      for (let v = NUMBER_MIN; v <= NUMBER_MAX; v++) {
        const a = rules.numberAction(m.game, m.state, seat, v);
        if (a !== undefined && legal.includes(canonical(a))) value = v;
      }
      expect(value).toBeGreaterThan(NUMBER_MIN);
      const color = m.colors[seat];
      t.messages();
      for (let v = NUMBER_MIN; v < value; v++) t.click(NUMBER_UP_FUNCTION, color);
      // Told to that seat alone (a number may be a secret bid), never to the table or the HUD.
      const told = t.messages();
      expect(told.filter((x) => x.to !== color)).toEqual([]);
      expect(told[told.length - 1]).toEqual({ kind: "broadcast", to: color, text: `Your number: ${value} (press Choose to play it).` });
      expect(Object.values(t.snapshot().ui).some((attrs) => Object.values(attrs).some((v) => v.includes(`${value} (press`)))).toBe(false);
      // Another seat's presses move only its own value.
      const other = m.colors[(seat + 1) % players];
      t.click(NUMBER_UP_FUNCTION, other);
      expect(toldPick(t, other)).toBe(NUMBER_MIN + 1);
      const again = new FakeTts(t.saveGame());
      try {
        again.click(NUMBER_CHOOSE_FUNCTION, color);
        const action = rules.numberAction(m.game, m.state, seat, value)!;
        m.apply(seat, action as never);
        expect(tableLog(again).map((a) => canonical(a))).toEqual(m.actions.map((a) => canonical(a)));
        again.settle();
        expect(stuckProblem(again.snapshot(), m)).toBe("");
        expect(again.errors()).toEqual([]);
      } finally {
        again.close();
      }
    });
  }
});
