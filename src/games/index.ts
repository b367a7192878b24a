/**
 * The games that have code: the one list (./list.ts, one line per game) and lookups in it.
 * Iterate the array, never object keys: key order differs in Lua.
 */
import type { GameDefinition } from "../engine/kit/definition";
import { byteOrder, stableSort } from "../engine/core/util";
import * as LIST from "./list";

/**
 * Every game with code, ordered by id (bytewise): the one place the list's namespace is walked by
 * its keys, which come in another order in Lua (pairs) than in Node — sorting makes GAMES the same
 * array in both. Everything else iterates this array.
 */
export const GAMES: GameDefinition[] = stableSort(Object.values(LIST) as GameDefinition[], (a, b) => byteOrder(a.id, b.id));

/** The definition of the game `id`, or undefined for a game without code. */
export function findDefinition(id: string): GameDefinition | undefined {
  for (const g of GAMES) if (g.id === id) return g;
  return undefined;
}
