/**
 * A game whose players.max its TTS table cannot seat (src/table/seats.ts): `validate` warns, and
 * `syzygy build` with the save fails before anything is rendered rather than after every print.
 */
import { playersMaxAt } from "../model/load";
import { CODE_GAME_IDS } from "../model/registry";
import type { GameModel } from "../model/types";
import { seatsProblem } from "../table/seats";

/** Why the save of `model` cannot seat players.max (at its line in game.yaml), or undefined. */
export function ttsSeatsProblem(model: GameModel): string | undefined {
  return seatsProblem(model.players.max, CODE_GAME_IDS.includes(model.id), (max) => `${playersMaxAt(model)}: players.max is ${max}`);
}
