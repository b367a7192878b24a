/** Shapes of the generated game data (data.gen.ts, from data/lunar-trick/*.yaml). */
export interface DeckCard {
  id: string;
  name: string;
  /** 1..30 for moon cards; absent for the two eclipse cards. */
  number?: number;
  side?: "rising" | "falling";
  eclipse?: "lunar" | "solar";
}

/** Rules tables from data/lunar-trick/rules.yaml (owned by the Lunar Trick engine). */
export interface Rules {
  [key: string]: unknown;
}
