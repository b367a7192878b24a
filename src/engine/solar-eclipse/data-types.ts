/** Shapes of the generated game data (data.gen.ts, from data/solar-eclipse/*.yaml). */
export interface DeckCard {
  id: string;
  name: string;
  suit: "sun" | "moon";
  rank: number;
}

/** Rules tables from data/solar-eclipse/rules.yaml (owned by the Solar Eclipse engine). */
export interface Rules {
  [key: string]: unknown;
}
