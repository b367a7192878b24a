/**
 * The game's pieces cannot be destroyed or duplicated by players (onPlayerAction refuses Delete,
 * Cut, Copy, Paste and Group on them with one sentence), and what another script or the host does
 * anyway is named to everyone and undone by the HUD's Repair table button. Every game.
 */
import { describe, expect, it } from "vitest";
import { ENGINE_GAMES, playerCounts } from "../games";
import { LONG } from "../long";
import { REPAIR_FUNCTION } from "../../src/table/ui-ids";
import { Mirror, play, useFakeTables } from "./driver";
import { stuckProblem } from "./people";

const tables: Record<string, ReturnType<typeof useFakeTables>> = {};
for (const id of ENGINE_GAMES) tables[id] = useFakeTables(id);

const REFUSAL = (verb: string): string => `The game's cards and pieces cannot be ${verb}: the game needs each of them, once.`;

describe("players cannot destroy or copy the game's pieces", () => {
  for (const game of ENGINE_GAMES) {
    it(`${game}: Delete, Cut, Copy, Paste and Group on a hand card are refused in one sentence; the card stays`, () => {
      const t = tables[game].table();
      const m = new Mirror(game, playerCounts(game)[0], "guard-1");
      t.startSeeded(m.players, "guard-1");
      const card = m.hand(0)[0];
      for (const [action, verb] of [["Delete", "deleted"], ["Cut", "cut"], ["Copy", "copied"], ["Paste", "pasted"], ["Group", "grouped"]]) {
        t.messages();
        expect(t.call(`return FAKE.act("White", ${JSON.stringify(card)}, ${JSON.stringify(action)})`)).toBe("refused");
        expect(t.messages()).toEqual([{ kind: "broadcast", to: "White", text: REFUSAL(verb) }]);
      }
      t.settle();
      expect(stuckProblem(t.snapshot(), m)).toBe("");
      // Actions that neither destroy nor copy are the script's usual business (here: allowed on a hand card).
      expect(t.call(`return FAKE.act("White", ${JSON.stringify(card)}, "RotateIncrementalLeft")`)).toBe("done");
      expect(t.errors()).toEqual([]);
    });

    if (!LONG && game !== ENGINE_GAMES[ENGINE_GAMES.length - 1]) continue;
    // npm test: the last game's repair (the quickest); test:long: every game's.
    it(`${game}: a hand card destroyed and a card copied by another script are named; Repair table restores the game's cards and play goes on`, () => {
      const t = tables[game].table();
      const m = new Mirror(game, playerCounts(game)[0], "guard-2");
      t.startSeeded(m.players, "guard-2");
      play(t, m, 2);
      const seat = m.game.active(m.state)[0];
      const gone = m.hand(seat)[0];
      const copied = m.hand(seat)[1];
      t.messages();
      expect(t.call(`return FAKE.hostDestroy(${JSON.stringify(gone)})`)).toBe("destroyed");
      expect(t.call(`return FAKE.hostCopy(${JSON.stringify(copied)})`)).toBe("copied");
      t.settle();
      const told = t.messages().filter((x) => x.to === "all").map((x) => x.text).join("\n");
      // Named without giving a hand away: whose hand, not which card.
      expect(told).toContain(`A card of ${m.colors[seat]}'s hand is gone from the table`);
      expect(told).toContain("press Repair table to put the game's cards back");
      expect(told).toMatch(/a copy of .+ that is not this game's card lies on the table/);
      expect(stuckProblem(t.snapshot(), m)).not.toBe("");
      t.click(REPAIR_FUNCTION, "Red");
      t.settle();
      expect(t.messages().map((x) => x.text)).toContain("Red repaired the table: the game's cards are back where the game has them.");
      expect(stuckProblem(t.snapshot(), m)).toBe("");
      expect(t.snapshot().objects.filter((o) => o.note === copied)).toHaveLength(1);
      // The restored cards are the game's: play goes on through them.
      play(t, m, 2 * m.players);
      expect(stuckProblem(t.snapshot(), m)).toBe("");
      expect(t.errors()).toEqual([]);
    }, 120_000);
  }
});
