/** Shapes of the generated game data (data.gen.ts, from data/lunar-trick/*.yaml). */
export interface DeckCard {
  id: string;
  name: string;
  /** 1..30 for moon cards; absent for the two eclipse cards. */
  number?: number;
  side?: "rising" | "falling";
  eclipse?: "lunar" | "solar";
}

/** One side of the moon phase sheet: the numbers from..to (LT-3, LT-4). */
export interface SideRange {
  id: "rising" | "falling";
  from: number;
  to: number;
}

/** Round setup for one player count (LT-1). */
export interface SetupRow {
  players: number;
  handSize: number;
  /** Cards left over after the deal, set aside face down for the round. */
  setAside: number;
  /** Card ids not used at this player count. */
  excluded: string[];
}

/** Exactly `tricks` tricks (eclipse cards included) score `points` (LT-8). */
export interface ScoreRow {
  tricks: number;
  points: number;
}

export interface OptionDefaults {
  /** LT-7: the literal reading — the highest number of any card wins a trick without trumps. */
  highestAnySuit: boolean;
}

/** Rules tables from data/lunar-trick/rules.yaml (owned by the Lunar Trick engine). */
export interface Rules {
  positions: number;
  sides: SideRange[];
  setup: SetupRow[];
  scoring: ScoreRow[];
  targetPoints: number;
  options: OptionDefaults;
}
