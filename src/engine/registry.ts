/**
 * All game engines by id. Iterate GAME_IDS (an array), never object keys: key order differs in Lua.
 * Each game module registers itself by adding one line here.
 */
import type { BaseAction, BaseEvent, Game } from "./core/types";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any, BaseAction, BaseEvent, any>;

export const GAME_IDS: string[] = ["solar-eclipse", "eclipsed", "lunar-trick"];

import { lunarTrick } from "./lunar-trick/index";
import { solarEclipse } from "./solar-eclipse/index";
import { eclipsed } from "./eclipsed/index";

const ENGINES: AnyGame[] = [
  lunarTrick,
  solarEclipse,
  eclipsed,
  // add engines here, e.g. lunarTrick (see src/engine/lunar-trick/index.ts)
];

export function findGame(id: string): AnyGame | undefined {
  for (const g of ENGINES) if (g.id === id) return g;
  return undefined;
}

export function allGames(): AnyGame[] {
  return ENGINES;
}
