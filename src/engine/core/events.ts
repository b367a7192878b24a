/**
 * Generic code's reading of a game's events: the kinds it knows (./types.ts RoundScoredEvent,
 * TrickTakenEvent), by their type, or undefined for any other kind. Plain engine code: compiles
 * to Lua.
 */
import type { BaseEvent, RoundScoredEvent, TrickTakenEvent } from "./types";

/** `e` as a round scored, or undefined. */
export function roundScored(e: BaseEvent): RoundScoredEvent | undefined {
  return e.type === "round" ? (e as RoundScoredEvent) : undefined;
}

/** `e` as a trick taken, or undefined. */
export function trickTaken(e: BaseEvent): TrickTakenEvent | undefined {
  return e.type === "trick" ? (e as TrickTakenEvent) : undefined;
}
