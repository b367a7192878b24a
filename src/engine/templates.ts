/**
 * The template engines: engines that are no game but that the tests play like one — the template
 * `syzygy new --engine` copies (src/engine/_scaffold, id "__ID__"), so what it copies is compiled,
 * type-checked, linted and played in Node, Lua 5.2 and MoonSharp. GAMES, the CLI's game list and
 * the TTS saves never see it; playthroughs and the simulator (src/engine/sim.ts) find it by id.
 */
import type { AnyGame } from "./registry";
import { findGame } from "./registry";
import { definition as scaffold } from "./_scaffold/index";

export function templateEngines(): AnyGame[] {
  return [scaffold.engine];
}

/** A game's engine, or a template engine's, by id. */
export function findEngine(id: string): AnyGame | undefined {
  const g = findGame(id);
  if (g !== undefined) return g;
  for (const t of templateEngines()) if (t.id === id) return t;
  return undefined;
}
