/**
 * The table self-check players run in real TTS (HUD button "Check this table", or
 * `syzygyCheckTable()` in the Lua console): one short message naming the interpreter, the
 * constructs that differ between interpreters checked against MoonSharp 2.0.0.0's results, and
 * getBoundsNormalized() of a card, a tile, a board and every area zone against the layout's sizes,
 * and each area's outline (Global.getVectorLines()) on its zone's edges.
 * Runs in Lua 5.2 (npm test) and in MoonSharp (npm run test:moonsharp): in MoonSharp every check
 * holds; in Lua 5.2 exactly the interpreter differences show as mismatches.
 */
import { describe, expect, it } from "vitest";
import { GAMES } from "../../src/games/index";
import { useFakeTables } from "./driver";

describe.each(GAMES.map((g) => g.id))("%s: table self-check", (game) => {
  const tables = useFakeTables(game);
  const table = tables.table;

  it("is a HUD button and a global; reports the interpreter and every check in one printed message", () => {
    expect(tables.built.save.XmlUI).toContain('onClick="syzygyCheckTable"');
    const t = table();
    t.messages();
    const text = t.call("return syzygyCheckTable()");
    expect(t.messages()).toEqual([{ kind: "print", to: "all", text }]);
    expect(text.length).toBeLessThanOrEqual(400);
    if (t.luaKind === "moonsharp") {
      expect(text).toBe("syzygy self-check, MoonSharp 2.0.0.0: all 12 checks as expected (continue order format native utf8 mod hash card tile board zone outline)");
    } else {
      // PUC Lua formats 1e16 its own way and counts bytes: the self-check tells it from TTS's MoonSharp.
      expect(text).toBe(
        "syzygy self-check, MoonSharp 2.0.0.0: 2 MISMATCH: native 1e+16 0.25 (expected 1E+16 0.25); utf8 2 (expected 1). OK: continue order format mod hash card tile board zone outline",
      );
    }
    expect(t.errors()).toEqual([]);
  });

  it("names a card, tile or zone whose measured size is not the layout's", () => {
    const t = table();
    t.call("FAKE.units.Custom_Tile = { 2, 3 } FAKE.units.Card = { 2.5, 3.5 } FAKE.units.Deck = { 2.5, 3.5 } FAKE.units.ScriptingTrigger = { 1, 0.5 }");
    const text = t.call("return syzygyCheckTable()");
    expect(text).toMatch(/MISMATCH: .*card \d+\.\d\dx\d+\.\d\d \(layout /);
    expect(text).toMatch(/zone zone\/play \d+\.\d\dx\d+\.\d\d \(layout /);
    const tiles = Number(t.call("local n = 0 for _, o in ipairs(getObjects()) do if o.tag == 'Tile' then n = n + 1 end end return n"));
    if (tiles > 0) expect(text).toMatch(/tile \d+\.\d\dx\d+\.\d\d \(layout /);
    // No tile on this table (its areas are outlines, its tokens other shapes): nothing to measure.
    else expect(text).toMatch(/OK: .*\btile\b/);
  });

  it("names an area whose outline does not run along its zone's edges", () => {
    const t = table();
    expect(t.call("return syzygyCheckTable()")).toContain(" outline");
    // The play area's outline one unit off at one corner: the outline check names the play zone.
    t.call("FAKE.vectorLines[1].points3[2].x = FAKE.vectorLines[1].points3[2].x + 1");
    expect(t.call("return syzygyCheckTable()")).toMatch(/MISMATCH: .*outline zone\/play has none of \d+ lines on its edges/);
    // No outlines at all (a save TTS loaded without its VectorLines).
    t.call("FAKE.vectorLines = {}");
    expect(t.call("return syzygyCheckTable()")).toMatch(/outline zone\/play has none of 0 lines/);
  });
});
