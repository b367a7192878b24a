/**
 * Refusal hints: a game's table adapter lists, per rule id, what a player is told was wrong and
 * what to do instead (mods/tts/wording.ts `refusalText` turns an engine refusal into one sentence).
 */
export interface RefusalHint {
  rule: string;
  /** The engine message starts with this ("" = any message of the rule). */
  starts: string;
  /** Replaces the engine's text as the "what was wrong" part ("" = keep the cleaned message). */
  problem: string;
  fix: string;
}

/** Fixes many games share. */
export const WAIT = "wait for your turn";
export const OWN = "use a card from your own hand";
export const OVER = "press Start for a new game";
export const SIT = "sit at one of the game's colours to play";
