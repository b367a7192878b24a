/**
 * Entry point of the Lua bundle (out/lua/syzygy-engine.lua). Exposes the engines to plain Lua
 * (the TTS host glue and the test host). Grown by the Lua-build issue.
 */
import { canonical, hashText } from "./core/serialize";
import { allGames, findGame } from "./registry";

export { canonical, hashText, allGames, findGame };
