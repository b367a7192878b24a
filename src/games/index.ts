/**
 * The games that have code: the one list (./list.ts) and lookups in it.
 * Iterate the array, never object keys: key order differs in Lua.
 */
import type { GameDefinition } from "../engine/kit/definition";
import { GAMES } from "./list";

export { GAMES };

/** The definition of the game `id`, or undefined for a game without code. */
export function findDefinition(id: string): GameDefinition | undefined {
  for (const g of GAMES) if (g.id === id) return g;
  return undefined;
}
