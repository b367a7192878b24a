/** Shapes of the generated game data (data.gen.ts, from data/eclipsed/*.yaml). */
export type SuitId = "solar" | "arc" | "void" | "stasis";
export type AlignmentId = "light" | "dark";

export interface DeckCard {
  id: string;
  name: string;
  suit: SuitId;
  /** 1 Traveler, 2..10, 11 Scout, 12 Sage, 13 Warden. */
  rank: number;
}

export interface Alignment {
  id: AlignmentId;
  name: string;
  /** Direction on the meter: Light +1, Dark −1. */
  sign: number;
}

export interface Suit {
  id: SuitId;
  name: string;
  /** Display only (non-ASCII). */
  symbol: string;
  element: string;
  alignment: AlignmentId;
  family: string;
  /** What the suit's Edict rank controls (printed text). */
  controls: string;
}

export interface RankRow {
  rank: number;
  name: string;
  short: string;
  court: boolean;
  notes: string;
  /** Court ability in melds (printed text; "" for number cards). */
  ability: string;
}

/** Effect keys of Edict rows: each maps to one piece of engine code. */
export type EdictEffectKey =
  | "solar-meld-bonus"
  | "top-meld-multiplier"
  | "all-melds-bonus"
  | "meld-threshold"
  | "first-declarant-bonus"
  | "go-out-suits"
  | "best-meld-only"
  | "meld-size-zero"
  | "top-meld-penalty"
  | "court-card-penalty"
  | "pairs-zero"
  | "hold-back"
  | "repeat-best-meld"
  | "first-meld-void-immune"
  | "warden-meld-bonus"
  | "no-effect";

export interface EdictRow {
  /** Card column as printed, e.g. "☀2–10 (capped +5)". */
  label: string;
  from: number;
  to: number;
  /** Effect text as printed. */
  effect: string;
  key: EdictEffectKey;
  /** true: amount = the Edict's rank capped at `value`; false: amount = `value`. */
  byRank: boolean;
  value: number;
  /** false: not in the rulebook's table, added by `ruling`. */
  printed: boolean;
  ruling?: string;
}

export interface EdictTable {
  suit: SuitId;
  title: string;
  rows: EdictRow[];
}

export interface CombineRow {
  suit: SuitId;
  how: string;
  /** Cap on the combined amount; 0 = none. */
  cap: number;
}

export interface ConflictRow {
  winner: SuitId;
  suspended: SuitId;
  text: string;
}

export interface MeterPosition {
  position: number;
  label: string;
}

export interface MeterRules {
  min: number;
  max: number;
  /** |start| when the Edicts have a strict alignment majority (EC-6). */
  start: number;
  /** Added to each additive bonus of the extreme's alignment (EC-7). */
  extremeBonus: number;
  track: MeterPosition[];
  startText: string[];
  text: string;
}

export type MeldType =
  | "pair"
  | "triad"
  | "full-element"
  | "court-set"
  | "pure-run"
  | "radiant-run"
  | "resonant-run"
  | "cross-align-run"
  | "court-run"
  | "transcendent-run";

export interface MeldRow {
  type: MeldType;
  kind: "set" | "run";
  name: string;
  required: string;
  /** Score as printed. */
  score: string;
  points: number;
  perCard: boolean;
  /** Subtracted from the meld's points (cross-align −1), never below `minimum`. */
  penalty: number;
  minimum: number;
}

export interface DeadwoodRow {
  label: string;
  from: number;
  to: number;
  /** Points lost per card. */
  points: number;
  text: string;
}

export interface GoingOutCondition {
  key: "hand-empty" | "points-declared" | "melds-declared";
  value: number;
  text: string;
}

export interface GoingOutRules {
  /** Own turns played this round before going out is allowed (EC-24). */
  minTurns: number;
  bonus: number;
  conditions: GoingOutCondition[];
}

export interface MatchFormat {
  id: "standard" | "quick" | "long";
  name: string;
  target: number;
  text: string;
}

/** Rules tables from data/eclipsed/rules.yaml (owned by the Eclipsed engine). */
export interface Rules {
  handSize: number;
  players: { min: number; max: number };
  alignments: Alignment[];
  suits: Suit[];
  ranks: RankRow[];
  traveler: { low: number; high: number };
  edicts: EdictTable[];
  combine: CombineRow[];
  conflicts: ConflictRow[];
  meter: MeterRules;
  holdBackOrder: SuitId[];
  melds: MeldRow[];
  runMinimum: number;
  transcendentMinimum: number;
  wardenFloor: number;
  deadwood: DeadwoodRow[];
  burnToClear: number;
  goingOut: GoingOutRules;
  formats: MatchFormat[];
  defaultFormat: "standard" | "quick" | "long";
}
