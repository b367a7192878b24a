/**
 * THE list of games that have code (an engine): one line per game. Adding one: its folder
 * src/engine/<game>/ (exporting `definition` from index.ts), its data folder data/<game>/ and
 * templates, and one line here — nothing else. A data folder without code is a game too: it
 * prints and gets a plain TTS save, with no rules enforced.
 * The export names only tell the lines apart; GAMES (./index.ts) orders the games by id.
 *
 * Each TTS save's script carries only its own game's engine: src/tts/script.ts compiles it with
 * this file replaced by a one-game list of the same shape (`oneGameList`).
 */
export { definition as eclipsed } from "../engine/eclipsed/index";
export { definition as lunarTrick } from "../engine/lunar-trick/index";
export { definition as solarEclipse } from "../engine/solar-eclipse/index";
