/**
 * The engines, read from the one list of games (src/games/list.ts). Iterate GAME_IDS (an
 * array), never object keys: key order differs in Lua.
 */
import { findDefinition, GAMES } from "../games/index";
import type { AnyEngine } from "./kit/definition";

export type AnyGame = AnyEngine;

export const GAME_IDS: string[] = [];
for (const g of GAMES) GAME_IDS.push(g.id);

export function findGame(id: string): AnyGame | undefined {
  const def = findDefinition(id);
  return def !== undefined ? def.engine : undefined;
}

export function allGames(): AnyGame[] {
  const out: AnyGame[] = [];
  for (const g of GAMES) out.push(g.engine);
  return out;
}
