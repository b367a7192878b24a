/** Shapes of the generated game data (data.gen.ts, from data/eclipsed/*.yaml). */
export interface DeckCard {
  id: string;
  name: string;
  suit: "solar" | "arc" | "void" | "stasis";
  /** 1 Traveler, 2..10, 11 Scout, 12 Sage, 13 Warden. */
  rank: number;
}

/** Rules tables from data/eclipsed/rules.yaml (owned by the Eclipsed engine). */
export interface Rules {
  [key: string]: unknown;
}
