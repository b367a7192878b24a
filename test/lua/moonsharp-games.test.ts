/**
 * MoonSharp 2.0 (the interpreter TTS embeds) is the default target, so npm test plays one short
 * seeded game of every engine — and of the template `syzygy new --engine` copies — in it where
 * Mono is installed, and checks it plays Node's game to the same canonical bytes. Where Mono is
 * missing it says so plainly (one passing test whose name and output say what was not played);
 * `npm run test:moonsharp` (test/moonsharp/interpreters.test.ts) plays every player count there.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureLuaBundle } from "../../src/lua-host/build";
import { wrapBundle } from "../../src/lua-host/vm";
import { toLuaLiteral } from "../../src/lua-host/literal";
import { allGames, canonical, hashText, playthrough, templateEngines, type PlaythroughRequest } from "../../src/engine/lua-api";
import { openLua, type LuaBackend } from "../tts/lua-backend";

const MONO = (() => {
  const r = spawnSync("mono", ["--version"], { encoding: "utf8" });
  return r.error === undefined && r.status === 0;
})();

/** One game per engine at its fewest players; a fixed seed keeps the run short and the same. */
const REQUESTS: PlaythroughRequest[] = [...allGames(), ...templateEngines()].map((g) => ({ game: g.id, players: g.minPlayers, seed: "npm-moonsharp" }));

if (!MONO) {
  it("MoonSharp NOT PLAYED: Mono is not installed here (apt-get install -y --no-install-recommends mono-runtime libmono-system-core4.0-cil)", () => {
    console.warn("npm test: Mono is not installed, so no engine was played in MoonSharp 2.0 (TTS's interpreter); install Mono or run npm run test:moonsharp where it is.");
    expect(MONO).toBe(false);
  });
} else {
  describe("MoonSharp 2.0 plays one seeded game of every engine as Node does", () => {
    let lua: LuaBackend;
    beforeAll(() => {
      lua = openLua("moonsharp");
      expect(lua.run(wrapBundle(fs.readFileSync(ensureLuaBundle(), "utf8")), "syzygy-engine.lua")).toBe("loaded");
    }, 120_000);
    afterAll(() => lua.close());

    for (const req of REQUESTS) {
      it(`${req.game}, ${req.players} players: the same canonical playthrough`, () => {
        const node = canonical(playthrough(req));
        const inLua = lua.run(`return syzygy.canonical(syzygy.playthrough(${toLuaLiteral(req)}))`, "playthrough");
        expect(JSON.parse(inLua).error, `${req.game} ${req.players}p`).toBe("");
        expect(hashText(inLua), `${req.game} ${req.players}p`).toBe(hashText(node));
      }, 300_000);
    }
  });
}
