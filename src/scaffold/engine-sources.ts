/**
 * The rules engine `syzygy new <id> --engine` writes into src/engine/<id>/: plain trick taking in
 * the shape every engine shares (index.ts with the rules as its header, types, rules, deal, view,
 * schema, table, policy), using the shared trick kit (src/engine/kit/trick.ts). It builds,
 * simulates in Node and Lua and plays in the TTS save as it is. __ID__, __NAME__ and __P__ (the
 * rule-id prefix) are filled in; the text is otherwise the engine's source.
 */

/** File name → source, with the placeholders. */
export const ENGINE_SOURCES: [string, string][] = [
  ["index.ts", `/**
 * __NAME__ — made with \`syzygy new __ID__ --engine\`: plain trick taking with a 52-card deck.
 * The rules (ids as the engine's refusals cite them; numbers from data/__ID__/rules.yaml):
 *   __P__-1 Setup: a dealer at random; each player gets \`handSize\` cards.
 *   __P__-2 The player after the dealer leads the first trick; play goes clockwise.
 *   __P__-3 Follow the led suit when able; otherwise play any card.
 *   __P__-4 The highest card of the led suit takes the trick (rank 13 high, 1 low); its winner
 *           leads the next.
 *   __P__-5 A round is \`handSize\` tricks; each trick scores \`pointsPerTrick\`. The deal passes
 *           clockwise; after \`rounds\` rounds the highest total wins (equal totals share).
 * Change the rules in rules.ts (and here); the trick pieces are in src/engine/kit/trick.ts.
 */
import type { GameDefinition } from "../kit/definition";
import { engineOf } from "../kit/engine";
import type { Game } from "../core/types";
import type { SimHooks } from "../core/sim-types";
import { RULES } from "./data.gen";
import { checkConfig, defaultOptions, setup, startEvents } from "./deal";
import { greedy } from "./policy";
import { active, apply, legal, result } from "./rules";
import { NAME, playerRange, schemas } from "./schema";
import { table } from "./table";
import type { Action, Event, Options, State, View } from "./types";
import { cardsOf, hiddenFrom, view } from "./view";

export * from "./types";

export type Engine = Game<Options, State, Action, Event, View> & SimHooks<State, Action, Event>;

export const engine: Engine = engineOf("__ID__", playerRange(RULES), {
  defaultOptions,
  setup,
  active,
  legal,
  apply,
  view,
  result,
  greedy,
  cards: cardsOf,
  hiddenFrom,
  startEvents,
  checkConfig,
});

/** The one object the rest of syzygy knows this game by (src/engine/kit/definition.ts). */
export const definition: GameDefinition = {
  id: "__ID__",
  name: NAME,
  summary: "plain trick taking with a 52-card deck",
  engine: engine,
  table: table,
  schemas: (kit) => schemas(kit),
};
`],
  ["types.ts", `/** __NAME__ state, actions, events and views — plain JSON-serializable data. */
import type { Rng } from "../core/rng";

/** The steps of a game: \`legal\` and \`apply\` switch on it. */
export enum Phase {
  Play = "play",
  Over = "over",
}

/** Match options (none yet: add fields here, their defaults in deal.ts \`defaultOptions\`). */
export interface Options {
  [name: string]: unknown;
}

export interface State {
  players: number;
  options: Options;
  rng: Rng;
  phase: Phase;
  round: number;
  dealer: number;
  hands: string[][];
  /** The cards not dealt this round, face down (no one sees them). */
  stock: string[];
  /** Seat that led the current trick, and the seat to play now (-1 when the game is over). */
  leader: number;
  turn: number;
  /** The current trick: its cards in play order and the seat of each. */
  trick: string[];
  trickSeats: number[];
  /** Cards each seat has won this round, and its tricks. */
  won: string[][];
  tricks: number[];
  totals: number[];
  winners: number[];
}

export interface PlayAction {
  type: "play";
  card: string;
}

export type Action = PlayAction;

export type Event =
  | { type: "deal"; round: number; dealer: number; handSizes: number[] }
  | { type: "play"; seat: number; card: string }
  | { type: "trick"; winner: number; cards: string[]; seats: number[] }
  | { type: "round"; round: number; tricks: number[]; points: number[]; totals: number[] }
  | { type: "gameOver"; winners: number[]; totals: number[] };

/** What one seat sees (seat -1: a spectator): its own hand, the table, the scores. */
export interface View {
  seat: number;
  phase: Phase;
  round: number;
  dealer: number;
  hand: string[];
  handSizes: number[];
  stockSize: number;
  leader: number;
  turn: number;
  trick: string[];
  trickSeats: number[];
  won: string[][];
  tricks: number[];
  totals: number[];
}
`],
  ["rules.ts", `/**
 * __NAME__ play: who acts, what is legal and applying an action — \`legal\` and \`apply\` switch on
 * \`state.phase\`. The trick pieces (follow suit, the trick's winner, tricks per seat) are the
 * shared kit's (src/engine/kit/trick.ts).
 */
import type { ApplyResult, GameResult, Seat } from "../core/types";
import { shown } from "../core/serialize";
import { contains, isSeat, mod, reject, replaced, without } from "../core/util";
import { addTrick, followable, followProblem, trickPoints, trickWinner } from "../kit/trick";
import { CARDS } from "./cards";
import { RULES } from "./data.gen";
import { nextRound, dealEvent } from "./deal";
import { Phase } from "./types";
import type { Action, Event, State } from "./types";

export function active(state: State): Seat[] {
  return state.phase === Phase.Play ? [state.turn] : [];
}

function leadSuit(state: State): string {
  return state.trick.length > 0 ? CARDS.suitOf(state.trick[0]) : "";
}

export function legal(state: State, seat: Seat): Action[] {
  switch (state.phase) {
    case Phase.Play:
      return playLegal(state, seat);
    case Phase.Over:
      return [];
  }
}

function playLegal(state: State, seat: Seat): Action[] {
  if (seat !== state.turn) return [];
  const out: Action[] = [];
  for (const card of followable(state.hands[seat], leadSuit(state), CARDS)) out.push({ type: "play", card: card });
  return out;
}

export function apply(state: State, seat: Seat, action: Action): ApplyResult<State, Event> {
  if (!isSeat(state.players, seat)) return reject("__P__-seat", "no seat " + seat + " in a " + state.players + "-player game");
  switch (state.phase) {
    case Phase.Play:
      return applyPlay(state, seat, action);
    case Phase.Over:
      return reject("__P__-over", "the game is over");
  }
}

/** __P__-2 to __P__-5: play a card; a full trick goes to its winner; the last trick scores the round. */
function applyPlay(state: State, seat: Seat, action: Action): ApplyResult<State, Event> {
  if (action.type !== "play") return reject("__P__-phase", "cards are being played: play one card");
  if (seat !== state.turn) return reject("__P__-turn", "it is seat " + state.turn + "'s turn");
  const hand = state.hands[seat];
  // The card comes from outside (a replay file, a TTS drop): a value of any type, shown safely.
  if (typeof action.card !== "string" || !contains(hand, action.card)) return reject("__P__-hand", shown(action.card) + " is not in your hand");
  const problem = followProblem(hand, leadSuit(state), action.card, CARDS, "__P__-3");
  if (problem !== undefined) return reject(problem.rule, problem.message);
  const events: Event[] = [{ type: "play", seat: seat, card: action.card }];
  const trick = [...state.trick, action.card];
  const trickSeats = [...state.trickSeats, seat];
  let next: State = { ...state, hands: replaced(state.hands, seat, without(hand, action.card)), trick: trick, trickSeats: trickSeats, turn: mod(seat + 1, state.players) };
  if (trick.length < state.players) return { ok: true, state: next, events: events };
  // __P__-4: the highest card of the led suit takes the trick; its winner leads the next.
  const winner = trickSeats[trickWinner(trick, CARDS, "")];
  events.push({ type: "trick", winner: winner, cards: trick, seats: trickSeats });
  next = { ...next, trick: [], trickSeats: [], won: replaced(next.won, winner, [...next.won[winner], ...trick]), tricks: addTrick(next.tricks, winner), leader: winner, turn: winner };
  if (next.hands[0].length > 0) return { ok: true, state: next, events: events };
  // __P__-5: each trick scores; after the last round the highest total wins.
  const points = trickPoints(next.tricks, RULES.pointsPerTrick);
  const totals: number[] = [];
  for (let s = 0; s < state.players; s++) totals.push(next.totals[s] + points[s]);
  events.push({ type: "round", round: next.round, tricks: next.tricks, points: points, totals: totals });
  next = { ...next, totals: totals };
  if (next.round < RULES.rounds) {
    const round = nextRound(next);
    events.push(dealEvent(round));
    return { ok: true, state: round, events: events };
  }
  let best = totals[0];
  for (const t of totals) if (t > best) best = t;
  const winners: number[] = [];
  for (let s = 0; s < state.players; s++) if (totals[s] === best) winners.push(s);
  events.push({ type: "gameOver", winners: winners, totals: totals });
  return { ok: true, state: { ...next, phase: Phase.Over, turn: -1, winners: winners }, events: events };
}

export function result(state: State): GameResult {
  return { over: state.phase === Phase.Over, winners: state.winners, scores: state.totals };
}
`],
  ["deal.ts", `/** __NAME__ set-up and dealing (__P__-1): options, config checks, each round's deal, start events. */
import { rngCopy, rngFromSeed, rngInt, shuffle } from "../core/rng";
import type { Rng } from "../core/rng";
import { shown } from "../core/serialize";
import type { GameConfig, Rejection } from "../core/types";
import { emptyLists, filled, mod, notIn } from "../core/util";
import { CARD_IDS, isCard } from "./cards";
import { RULES } from "./data.gen";
import { Phase } from "./types";
import type { Event, Options, State } from "./types";

export function defaultOptions(): Options {
  return {};
}

/** __P__-1: \`handSize\` cards to each player from the shuffled deck; the rest stays face down. */
function dealFrom(players: number, rng: Rng): { hands: string[][]; stock: string[] } {
  const deck = shuffle(rng, CARD_IDS);
  const hands: string[][] = [];
  for (let s = 0; s < players; s++) {
    const hand: string[] = [];
    for (let i = s * RULES.handSize; i < (s + 1) * RULES.handSize; i++) hand.push(deck[i]);
    hands.push(hand);
  }
  const stock: string[] = [];
  for (let i = players * RULES.handSize; i < deck.length; i++) stock.push(deck[i]);
  return { hands, stock };
}

/** A freshly dealt round: the player after the dealer leads (__P__-2). */
export function startRound(s: { players: number; options: Options; rng: Rng; round: number; dealer: number; hands: string[][]; stock: string[]; totals: number[] }): State {
  const leader = mod(s.dealer + 1, s.players);
  return {
    players: s.players,
    options: s.options,
    rng: s.rng,
    phase: Phase.Play,
    round: s.round,
    dealer: s.dealer,
    hands: s.hands,
    stock: s.stock,
    leader: leader,
    turn: leader,
    trick: [],
    trickSeats: [],
    won: emptyLists(s.players),
    tricks: filled(s.players, 0),
    totals: s.totals,
    winners: [],
  };
}

/** The next round: the deal passes clockwise (a copy of the generator: states are never changed). */
export function nextRound(state: State): State {
  const dealer = mod(state.dealer + 1, state.players);
  const rng = rngCopy(state.rng);
  const dealt = dealFrom(state.players, rng);
  return startRound({ players: state.players, options: state.options, rng, round: state.round + 1, dealer, hands: dealt.hands, stock: dealt.stock, totals: state.totals });
}

export function dealEvent(state: State): Event {
  const handSizes: number[] = [];
  for (const h of state.hands) handSizes.push(h.length);
  return { type: "deal", round: state.round, dealer: state.dealer, handSizes: handSizes };
}

/** The first deal, as an event (the game's \`startEvents\`). */
export function startEvents(state: State): Event[] {
  return [dealEvent(state)];
}

/** __P__-1 setup. \`config\` must pass \`checkConfig\` (replay checks it first). */
export function setup(config: GameConfig<Options>, seed: string): State {
  const rng = rngFromSeed(seed);
  const players = config.players;
  const dealer = config.dealer >= 0 ? config.dealer : rngInt(rng, players);
  let hands: string[][];
  let stock: string[];
  if (config.deal.length > 0) {
    hands = [];
    for (const h of config.deal) hands.push(h.slice());
    stock = notIn(CARD_IDS, hands);
  } else {
    const dealt = dealFrom(players, rng);
    hands = dealt.hands;
    stock = dealt.stock;
  }
  return startRound({ players, options: {}, rng, round: 1, dealer, hands, stock, totals: filled(players, 0) });
}

/** Validates a replay config before \`setup\` (__P__-1). */
export function checkConfig(config: GameConfig<Options>): Rejection | undefined {
  const p = config.players;
  if (!(p >= RULES.players.min && p <= RULES.players.max && Math.floor(p) === p))
    return { rule: "__P__-1", message: "__NAME__ is played by " + RULES.players.min + " to " + RULES.players.max + " players, not " + shown(p) };
  if (config.dealer !== -1 && (Math.floor(config.dealer) !== config.dealer || config.dealer < 0 || config.dealer >= p))
    return { rule: "__P__-1", message: "dealer must be a seat 0.." + (p - 1) + ", got " + shown(config.dealer) };
  if (config.setAside.length > 0) return { rule: "__P__-1", message: "this game sets no cards aside" };
  if (config.deal.length === 0) return undefined;
  if (config.deal.length !== p) return { rule: "__P__-1", message: "deal must list " + p + " hands, got " + config.deal.length };
  const seen: { [id: string]: boolean } = {};
  for (let s = 0; s < p; s++) {
    const hand = config.deal[s];
    if (hand.length !== RULES.handSize) return { rule: "__P__-1", message: "deal[" + s + "] must hold " + RULES.handSize + " cards, got " + hand.length };
    for (let i = 0; i < hand.length; i++) {
      const id = hand[i];
      if (!isCard(id)) return { rule: "__P__-1", message: "deal[" + s + "][" + i + "]: unknown card " + shown(id) };
      if (seen[id] === true) return { rule: "__P__-1", message: "deal[" + s + "][" + i + "]: " + id + " is dealt twice" };
      seen[id] = true;
    }
  }
  return undefined;
}
`],
  ["view.ts", `/** What each seat may see: its own hand, the table and the scores; the others' hands only as counts. */
import type { Seat } from "../core/types";
import { emptyLists } from "../core/util";
import type { State, View } from "./types";

export function view(state: State, seat: Seat): View {
  const handSizes: number[] = [];
  for (const h of state.hands) handSizes.push(h.length);
  const own = seat >= 0 && seat < state.players;
  return {
    seat: seat,
    phase: state.phase,
    round: state.round,
    dealer: state.dealer,
    hand: own ? state.hands[seat].slice() : [],
    handSizes: handSizes,
    stockSize: state.stock.length,
    leader: state.leader,
    turn: state.turn,
    trick: state.trick.slice(),
    trickSeats: state.trickSeats.slice(),
    won: state.won.length > 0 ? state.won.map((w) => w.slice()) : emptyLists(state.players),
    tricks: state.tricks.slice(),
    totals: state.totals.slice(),
  };
}

/** Every card id the state holds (the contract suite checks none appears or vanishes). */
export function cardsOf(state: State): string[] {
  const out: string[] = [];
  for (const h of state.hands) for (const c of h) out.push(c);
  for (const c of state.stock) out.push(c);
  for (const c of state.trick) out.push(c);
  for (const w of state.won) for (const c of w) out.push(c);
  return out;
}

/** The cards \`seat\` may not see: the other seats' hands and the undealt stock. */
export function hiddenFrom(state: State, seat: Seat): string[] {
  const out: string[] = state.stock.slice();
  for (let s = 0; s < state.players; s++) if (s !== seat) for (const c of state.hands[s]) out.push(c);
  return out;
}
`],
  ["cards.ts", `/** The deck as the engine reads it: each card's suit and rank (from data.gen.ts). */
import type { CardReader } from "../kit/trick";
import { DECK } from "./data.gen";

const SUIT: { [id: string]: string } = {};
const RANK: { [id: string]: number } = {};
for (const c of DECK) {
  SUIT[c.id] = c.suit;
  RANK[c.id] = c.rank;
}

/** Every card id, in deck.yaml order. */
export const CARD_IDS: string[] = [];
for (const c of DECK) CARD_IDS.push(c.id);

export function isCard(id: string): boolean {
  return SUIT[id] !== undefined;
}

/** How the shared trick kit reads this deck. */
export const CARDS: CardReader = {
  suitOf: (card) => (SUIT[card] !== undefined ? SUIT[card] : ""),
  rankOf: (card) => (RANK[card] !== undefined ? RANK[card] : 0),
};
`],
  ["policy.ts", `/** A simple greedy player for \`simulate --policy greedy\`: it plays its highest legal card. */
import type { Rng } from "../core/rng";
import type { Seat } from "../core/types";
import { CARDS } from "./cards";
import type { Action, State } from "./types";

export function greedy(_state: State, _seat: Seat, legal: Action[], _rng: Rng): Action {
  let best = legal[0];
  for (const a of legal) if (CARDS.rankOf(a.card) > CARDS.rankOf(best.card)) best = a;
  return best;
}
`],
  ["table.ts", `/** __NAME__ on the Tabletop Simulator table: the shared trick pieces (src/table/tricks.ts), one slot per seat. */
import { defaultTableRules, type TableRules } from "../../table/adapter";
import { OVER, OWN, SIT, WAIT, type RefusalHint } from "../../table/hints";
import { trickHold, viewTrick, viewWon } from "../../table/tricks";

/** What a player is told instead of a refused move, by rule id. */
const HINTS: RefusalHint[] = [
  { rule: "__P__-seat", starts: "", problem: "You are not seated in this game", fix: SIT },
  { rule: "__P__-over", starts: "", problem: "The game is over", fix: OVER },
  { rule: "__P__-turn", starts: "", problem: "", fix: WAIT },
  { rule: "__P__-hand", starts: "", problem: "That card is not in your hand", fix: OWN },
  { rule: "__P__-3", starts: "", problem: "", fix: "follow the led suit" },
];

/** The defaults (src/table/adapter.ts), with what a trick game adds to the table. */
export const table: TableRules = {
  ...defaultTableRules,
  hints: HINTS,
  played: viewTrick,
  won: viewWon,
  hold: (events, colors) => trickHold(events, colors),
};
`],
  ["data-types.ts", `/** Shapes of the generated game data (data.gen.ts, from data/__ID__/deck.yaml and rules.yaml). */

/** One card of the deck, the engine's fields only. */
export interface DeckCard {
  id: string;
  name: string;
  suit: string;
  rank: number;
}

/** The tables of data/__ID__/rules.yaml. */
export interface Rules {
  /** The players the game seats (game.yaml's \`players\` must say the same). */
  players: { min: number; max: number };
  /** Cards dealt to each player every round; a round is that many tricks. */
  handSize: number;
  rounds: number;
  pointsPerTrick: number;
}
`],
  ["schema.ts", `/**
 * Schemas of this game's data files: the deck card's engine fields (the printed fields are
 * shared) and data/__ID__/rules.yaml. Mirrors data-types.ts (the engine reads the generated
 * constants, not this file).
 */
import type { z } from "zod";
import type { Assignable, PlayerRange, SchemaKit } from "../kit/schema-kit";
import type { DeckCard, Rules } from "./data-types";

/** Display name (the definition, the model and the JSON Schema titles read it here). */
export const NAME = "__NAME__";

/** __P__-1: the players rules.yaml names. */
export function playerRange(rules: Rules): PlayerRange {
  return { min: rules.players.min, max: rules.players.max };
}

/** Called by the model with zod and the shared building blocks (this folder compiles to Lua: no zod import). */
export function schemas(k: SchemaKit) {
  const z = k.z;
  const card = k.card({
    suit: z.enum(["spades", "hearts", "diamonds", "clubs"]),
    rank: k.intIn(1, 13).meta({ description: "1 (ace, low) to 13 (king); higher takes the trick." }),
  });
  const rules = z
    .object({
      rules: z
        .object({
          players: z.object({ min: k.intIn(2, 8), max: k.intIn(2, 8) }).strict(),
          handSize: k.intIn(1, 26),
          rounds: k.intIn(1, 20),
          pointsPerTrick: k.intIn(0, 100),
        })
        .strict()
        .superRefine((r, ctx) => {
          if (r.players.min > r.players.max) ctx.addIssue({ code: "custom", path: ["players", "max"], message: "max must not be below min" });
          if (r.players.max * r.handSize > 52)
            ctx.addIssue({ code: "custom", path: ["handSize"], message: \`\${r.players.max} players × \${r.handSize} cards is more than the 52-card deck\` });
        }),
    })
    .strict();
  return { card, rules, engineFields: ["id", "name", "suit", "rank"] };
}

/** Compile-time guard: every deck card the schema accepts is a valid engine DeckCard. */
export type DeckCardCheck = Assignable<z.output<ReturnType<typeof schemas>["card"]>, DeckCard>;
`],
];
