/** Shapes of the generated game data (data.gen.ts, from data/solar-eclipse/*.yaml). */
export interface DeckCard {
  id: string;
  name: string;
  suit: "sun" | "moon";
  rank: number;
}

/** One end of a bid card (SE-1): the tricks to take exactly, and the points for doing so. */
export interface BidValue {
  tricks: number;
  points: number;
}

/** The bid-card values for one player count, in bid-card order (card i of the set of 6). */
export interface BidTable {
  players: number;
  /** True while the values are the rulings' placeholders (SE-1). */
  placeholder: boolean;
  cards: BidValue[];
}

/** SE-4: the deal for one player count. */
export interface SetupTable {
  players: number;
  handSize: number;
  /** Cards set aside unseen each round (shuffled back into the deck for the next round). */
  setAside: number;
}

/** Rules tables from data/solar-eclipse/rules.yaml (owned by the Solar Eclipse engine). */
export interface Rules {
  minPlayers: number;
  maxPlayers: number;
  rounds: number;
  tricksPerRound: number;
  setup: SetupTable[];
  /** The suit whose lead makes second cards face down (SE-7). */
  faceDownLeadSuit: "sun" | "moon";
  bonusCards: number;
  pointsPerBonusCard: number;
  bids: BidTable[];
}
