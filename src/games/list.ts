/**
 * THE list of games that have code (an engine). Adding one: its folder src/engine/<game>/
 * (exporting `definition` from index.ts), its data folder data/<game>/ and templates, and one
 * line here — nothing else. A data folder without code is a game too: it prints and gets a
 * plain TTS save, with no rules enforced.
 * Iterate the array, never object keys: key order differs in Lua.
 *
 * Each TTS save's script carries only its own game's engine: src/tts/script.ts compiles it with
 * this file replaced by a one-game list of the same shape.
 */
import type { GameDefinition } from "../engine/kit/definition";
import { definition as solarEclipse } from "../engine/solar-eclipse/index";
import { definition as eclipsed } from "../engine/eclipsed/index";
import { definition as lunarTrick } from "../engine/lunar-trick/index";

export const GAMES: GameDefinition[] = [solarEclipse, eclipsed, lunarTrick];
