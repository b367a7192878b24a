/** Shapes of the generated game data (data.gen.ts, from data/__ID__/deck.yaml and rules.yaml). */

/** One card of the deck, the engine's fields only. */
export interface DeckCard {
  id: string;
  name: string;
  suit: string;
  rank: number;
}

/** The tables of data/__ID__/rules.yaml. */
export interface Rules {
  /** The players the game seats (game.yaml's `players` must say the same). */
  players: { min: number; max: number };
  /** The largest hand: rounds deal 1, 2, … up to it and back down to 1 (TPL-1). */
  maxHand: number;
  /** Points for each trick taken, and for taking exactly the tricks bid (TPL-6). */
  pointsPerTrick: number;
  exactBonus: number;
}
