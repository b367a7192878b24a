/**
 * Solar Eclipse — a trick-taking game for 2–3 players in which everyone plays two cards into
 * every trick, and each round starts with a secret bid of how many tricks one will take.
 *
 * 42 cards: Sun 1–21 and Moon 1–21. Each round the dealer deals 14 cards to each player
 * (2 players: the other 14 are set aside unseen and shuffled back next round, SE-4). Everyone
 * picks one of their 6 bid cards face down at the same time (SE-1, SE-2). The dealer leads the
 * first trick (SE-3). A trick: the leader plays a first card, the others follow suit if able
 * (SE-5); then the leader and the others play a second card, following the lead suit if able —
 * or playing the card of the same rank as their own first card, an Eclipse, even when able to
 * follow (SE-6). After a Moon lead the second cards are played face down and flipped together
 * (SE-7). The highest eclipse wins; otherwise the highest sum of ranks, off-suit cards counting
 * 0, ties going to the highest lead-suit card (SE-8). Winning without an eclipse takes a bonus
 * card (SE-9). The winner leads next. After 7 tricks a met bid scores its card's points, and
 * every bonus card scores 1 (SE-10). The deal passes clockwise; after 4 rounds the most points
 * win, then the most bonus cards in the final round, else victory is shared.
 *
 * Every number above is data (data/solar-eclipse/rules.yaml); see docs/rules/solar-eclipse.md.
 */
import { commitComplete, commitOpen, commitSet, commitVisible, commitWaiting } from "../core/commits";
import type { CommitBox } from "../core/commits";
import { rngCopy, rngFromSeed, rngInt, rngNext, shuffle } from "../core/rng";
import type { Rng } from "../core/rng";
import type { ApplyResult, Game, GameConfig, GameResult, Rejection } from "../core/types";
import type { SimHooks } from "../sim-types";
import { contains, filled, mod, stableSort, without } from "../core/util";
import {
  bidCards,
  bonusCardCount,
  deckIds,
  deckOrder,
  faceDownLeadSuit,
  isCardId,
  maxPlayers,
  minPlayers,
  pointsPerBonusCard,
  rounds,
  setupFor,
  suitOf,
  tricksPerRound,
} from "./cards";
import { firstCardProblem, resolveTrick, secondCardProblem } from "./rules";
import { HIDDEN_CARD, Phase } from "./types";
import type {
  DealEvent,
  RoundRecord,
  SolarEclipseAction,
  SolarEclipseEvent,
  SolarEclipseOptions,
  SolarEclipseState,
  SolarEclipseView,
  TrickRecord,
} from "./types";
import { greedyPolicy } from "./policy";

export * from "./types";

export const GAME_ID = "solar-eclipse";

type State = SolarEclipseState;
type Result = ApplyResult<State, SolarEclipseEvent>;

// ---------------------------------------------------------------------------------------------
// Dealing

function copyList<T>(items: readonly T[]): T[] {
  const out: T[] = [];
  for (const x of items) out.push(x);
  return out;
}

/** A value from untrusted input, for a message: the same text in Node and Lua (never a table's address). */
function shown(x: unknown): string {
  if (typeof x === "string") return `"${x}"`;
  if (typeof x === "number" || typeof x === "boolean") return `${x}`;
  return "(missing)";
}

function sortHand(hand: readonly string[]): string[] {
  return stableSort(hand, (a, b) => deckOrder(a) - deckOrder(b));
}

interface Deal {
  hands: string[][];
  setAside: string[];
}

/** SE-4: shuffle all 42 cards and deal them one at a time clockwise from the dealer's left. */
function dealRound(rng: Rng, players: number, dealer: number): Deal {
  const deck = shuffle(rng, deckIds());
  const handSize = setupFor(players).handSize;
  const hands: string[][] = [];
  for (let s = 0; s < players; s++) hands.push([]);
  const dealt = handSize * players;
  for (let i = 0; i < dealt; i++) hands[mod(dealer + 1 + i, players)].push(deck[i]);
  const setAside: string[] = [];
  for (let i = dealt; i < deck.length; i++) setAside.push(deck[i]);
  const sorted: string[][] = [];
  for (const h of hands) sorted.push(sortHand(h));
  return { hands: sorted, setAside };
}

function emptyTrick(players: number): TrickRecord {
  return {
    trick: 0,
    leader: -1,
    leadSuit: "",
    cards: [],
    strengths: filled(players, 0),
    eclipses: filled(players, false),
    winner: -1,
    eclipse: false,
    bonus: false,
  };
}

/** Puts a freshly dealt round into `s` (mutates the caller's own copy). */
function startRound(s: State, round: number, dealer: number, deal: Deal): void {
  s.round = round;
  s.dealer = dealer;
  s.hands = deal.hands;
  s.setAside = deal.setAside;
  s.phase = Phase.Bid;
  s.bids = commitOpen(s.players, -1);
  s.leader = dealer;
  s.turn = -1;
  s.tricksDone = 0;
  s.leadSuit = "";
  s.firstCards = filled(s.players, "");
  s.secondCards = commitOpen(s.players, "");
  s.faceDown = false;
  s.tricksWon = filled(s.players, 0);
  s.bonus = filled(s.players, 0);
  s.bonusPile = bonusCardCount();
  s.piles = [];
  for (let p = 0; p < s.players; p++) s.piles.push([]);
  // The last trick's cards are back in the deck (some now in other hands): forget them.
  s.lastTrick = emptyTrick(s.players);
}

/** The deck cards not in any of `used` (deck order). */
function remainingCards(used: string[][]): string[] {
  const out: string[] = [];
  for (const id of deckIds()) {
    let found = false;
    for (const list of used) if (contains(list, id)) found = true;
    if (!found) out.push(id);
  }
  return out;
}

/**
 * Why a configuration cannot start a game, or undefined. `setup` trusts its config; callers
 * (replay, simulate, TTS) check it first. With an explicit `deal`, `setAside` may be left empty:
 * the cards not dealt are set aside.
 */
export function checkConfig(config: GameConfig<SolarEclipseOptions>): Rejection | undefined {
  const players = config.players;
  if (typeof players !== "number" || Math.floor(players) !== players || players < minPlayers() || players > maxPlayers()) {
    return { rule: "SE-4", message: `Solar Eclipse is for ${minPlayers()} to ${maxPlayers()} players, not ${shown(players)}` };
  }
  const dealer = config.dealer;
  if (typeof dealer !== "number" || Math.floor(dealer) !== dealer || dealer < -1 || dealer >= players) {
    return { rule: "SE-3", message: `dealer must be a seat 0..${players - 1} (or -1 to draw one from the seed), got ${shown(dealer)}` };
  }
  if (config.deal.length === 0) {
    if (config.setAside.length > 0) return { rule: "SE-4", message: "setAside is only used together with deal" };
    return undefined;
  }
  const setup = setupFor(players);
  if (config.deal.length !== players) {
    return { rule: "SE-4", message: `deal must list ${players} hands, got ${shown(config.deal.length)}` };
  }
  const seen: string[] = [];
  const check = (id: string, where: string): Rejection | undefined => {
    if (typeof id !== "string" || !isCardId(id)) return { rule: "SE-4", message: `${where}: unknown card ${shown(id)}` };
    if (contains(seen, id)) return { rule: "SE-4", message: `${where}: ${id} is dealt twice` };
    seen.push(id);
    return undefined;
  };
  for (let s = 0; s < players; s++) {
    const hand = config.deal[s];
    if (hand.length !== setup.handSize) {
      return { rule: "SE-4", message: `deal[${s}] must hold ${setup.handSize} cards with ${players} players, got ${shown(hand.length)}` };
    }
    for (let i = 0; i < hand.length; i++) {
      const bad = check(hand[i], `deal[${s}][${i}]`);
      if (bad !== undefined) return bad;
    }
  }
  if (config.setAside.length > 0) {
    if (config.setAside.length !== setup.setAside) {
      return { rule: "SE-4", message: `setAside must hold ${setup.setAside} cards with ${players} players, got ${config.setAside.length}` };
    }
    for (let i = 0; i < config.setAside.length; i++) {
      const bad = check(config.setAside[i], `setAside[${i}]`);
      if (bad !== undefined) return bad;
    }
  }
  return undefined;
}

function setup(config: GameConfig<SolarEclipseOptions>, seed: string): State {
  const players = config.players;
  const rng = rngFromSeed(seed);
  // Warm-up: right after seeding, seeds that differ only in their last characters ("game#1",
  // "game#2", as simulate uses) give nearly equal first draws; a few draws decorrelate them.
  for (let i = 0; i < 4; i++) rngNext(rng);
  // SE-3: the first dealer comes from the seeded generator unless given.
  const dealer = config.dealer >= 0 ? config.dealer : rngInt(rng, players);
  let deal: Deal;
  if (config.deal.length > 0) {
    const hands: string[][] = [];
    for (const h of config.deal) hands.push(sortHand(h));
    deal = { hands, setAside: config.setAside.length > 0 ? copyList(config.setAside) : remainingCards(config.deal) };
  } else {
    deal = dealRound(rng, players, dealer);
  }
  const state: State = {
    players,
    rng,
    phase: Phase.Bid,
    round: 1,
    dealer,
    leader: dealer,
    turn: -1,
    hands: [],
    setAside: [],
    bids: commitOpen(players, -1),
    tricksDone: 0,
    leadSuit: "",
    firstCards: [],
    secondCards: commitOpen(players, ""),
    faceDown: false,
    tricksWon: [],
    bonus: [],
    bonusPile: 0,
    piles: [],
    totals: filled(players, 0),
    lastTrick: emptyTrick(players),
    history: [],
    winners: [],
  };
  startRound(state, 1, dealer, deal);
  return state;
}

// ---------------------------------------------------------------------------------------------
// Copying: apply works on its own copy, never on its input.

function copyBox<T>(box: CommitBox<T>): CommitBox<T> {
  return { done: copyList(box.done), values: copyList(box.values), expected: copyList(box.expected) };
}

function copyState(s: State): State {
  const hands: string[][] = [];
  for (const h of s.hands) hands.push(copyList(h));
  const piles: string[][] = [];
  for (const p of s.piles) piles.push(copyList(p));
  return {
    players: s.players,
    rng: rngCopy(s.rng),
    phase: s.phase,
    round: s.round,
    dealer: s.dealer,
    leader: s.leader,
    turn: s.turn,
    hands,
    setAside: copyList(s.setAside),
    bids: copyBox(s.bids),
    tricksDone: s.tricksDone,
    leadSuit: s.leadSuit,
    firstCards: copyList(s.firstCards),
    secondCards: copyBox(s.secondCards),
    faceDown: s.faceDown,
    tricksWon: copyList(s.tricksWon),
    bonus: copyList(s.bonus),
    bonusPile: s.bonusPile,
    piles,
    totals: copyList(s.totals),
    // records are never mutated once made, so sharing them is safe
    lastTrick: s.lastTrick,
    history: copyList(s.history),
    winners: copyList(s.winners),
  };
}

// ---------------------------------------------------------------------------------------------
// Legality: one function per phase says why an action is refused; `legal` lists what passes.

function isSeat(state: State, seat: number): boolean {
  return typeof seat === "number" && Math.floor(seat) === seat && seat >= 0 && seat < state.players;
}

function bidProblem(state: State, seat: number, action: SolarEclipseAction): Rejection | undefined {
  if (action.type !== "bid") {
    return { rule: "SE-2", message: "every player chooses a bid card before the first trick; play a card after all have bid" };
  }
  if (state.bids.done[seat]) return { rule: "SE-2", message: `seat ${seat} has already chosen a bid card this round` };
  const tricks = action.tricks;
  for (const b of bidCards(state.players)) if (b.tricks === tricks) return undefined;
  const options: string[] = [];
  for (const b of bidCards(state.players)) options.push(`${b.tricks}`);
  return {
    rule: "SE-1",
    message: `no bid card for ${state.players} players bids ${shown(tricks)} tricks; choose one of ${options.join(", ")}`,
  };
}

function cardProblem(state: State, seat: number, action: SolarEclipseAction): Rejection | undefined {
  if (action.type !== "play") return { rule: "SE-2", message: "bids are chosen once, before the first trick of the round" };
  if (seat !== state.turn) return { rule: "SE-turn", message: `it is seat ${state.turn}'s turn to play, not seat ${seat}'s` };
  const card = action.card;
  const hand = state.hands[seat];
  if (typeof card !== "string" || !contains(hand, card)) {
    return { rule: "SE-hand", message: `seat ${seat} does not hold ${shown(card)}` };
  }
  if (state.phase === Phase.FirstCards) return firstCardProblem(hand, state.leadSuit, card);
  const problem = secondCardProblem(hand, state.leadSuit, state.firstCards[seat], card);
  if (problem !== undefined && state.faceDown) {
    return { rule: problem.rule, message: problem.message + "; a face-down card is checked when committed (SE-7)" };
  }
  return problem;
}

function actionProblem(state: State, seat: number, action: SolarEclipseAction): Rejection | undefined {
  if (state.phase === Phase.GameOver) return { rule: "SE-over", message: "the game is over" };
  if (!isSeat(state, seat)) return { rule: "SE-turn", message: `there is no seat ${shown(seat)} in a ${state.players}-player game` };
  if (action === undefined || action === null || typeof action !== "object" || (action.type !== "bid" && action.type !== "play")) {
    return { rule: "SE-action", message: 'an action is {"type":"bid","tricks":N} or {"type":"play","card":"sun-7"}' };
  }
  switch (state.phase) {
    case Phase.Bid:
      return bidProblem(state, seat, action);
    case Phase.FirstCards:
    case Phase.SecondCards:
      return cardProblem(state, seat, action);
    default:
      return { rule: "SE-turn", message: `no seat acts during ${state.phase}` };
  }
}

function active(state: State): number[] {
  switch (state.phase) {
    case Phase.Bid:
      return commitWaiting(state.bids);
    case Phase.FirstCards:
    case Phase.SecondCards:
      return [state.turn];
    default:
      return [];
  }
}

function legal(state: State, seat: number): SolarEclipseAction[] {
  const out: SolarEclipseAction[] = [];
  if (!isSeat(state, seat)) return out;
  switch (state.phase) {
    case Phase.Bid:
      if (!state.bids.done[seat]) for (const b of bidCards(state.players)) out.push({ type: "bid", tricks: b.tricks });
      return out;
    case Phase.FirstCards:
    case Phase.SecondCards:
      if (seat !== state.turn) return out;
      for (const card of state.hands[seat]) {
        const action: SolarEclipseAction = { type: "play", card };
        if (cardProblem(state, seat, action) === undefined) out.push(action);
      }
      return out;
    default:
      return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Applying (each step mutates the copy made by `apply`).

function applyBid(s: State, seat: number, tricks: number, events: SolarEclipseEvent[]): void {
  s.bids = commitSet(s.bids, seat, tricks);
  events.push({ type: "bid", seat });
  if (commitComplete(s.bids)) {
    // SE-3: the dealer leads the first trick.
    s.phase = Phase.FirstCards;
    s.leader = s.dealer;
    s.turn = s.dealer;
  }
}

function applyFirstCard(s: State, seat: number, card: string, events: SolarEclipseEvent[]): void {
  s.hands[seat] = without(s.hands[seat], card);
  s.firstCards[seat] = card;
  if (seat === s.leader) s.leadSuit = suitOf(card);
  events.push({ type: "play", seat, card, second: false });
  s.turn = mod(seat + 1, s.players);
  if (s.turn === s.leader) {
    // SE-6: second cards start again with the leader; SE-7: face down after a Moon lead.
    s.phase = Phase.SecondCards;
    s.faceDown = s.leadSuit === faceDownLeadSuit();
    s.secondCards = commitOpen(s.players, "");
  }
}

function applySecondCard(s: State, seat: number, card: string, events: SolarEclipseEvent[]): void {
  s.hands[seat] = without(s.hands[seat], card);
  s.secondCards = commitSet(s.secondCards, seat, card);
  if (s.faceDown) events.push({ type: "commit", seat });
  else events.push({ type: "play", seat, card, second: true });
  s.turn = mod(seat + 1, s.players);
  if (s.turn !== s.leader) return;
  s.turn = -1;
  if (s.faceDown) s.phase = Phase.Reveal;
  else finishTrick(s, events);
}

/** SE-7: flip every face-down second card at once. */
function revealSecondCards(s: State, events: SolarEclipseEvent[]): void {
  events.push({ type: "reveal", cards: copyList(s.secondCards.values) });
  s.faceDown = false;
}

/** SE-8 resolution, SE-9 bonus card; the winner leads next, or the round ends. */
function finishTrick(s: State, events: SolarEclipseEvent[]): void {
  const seconds = s.secondCards.values;
  const outcome = resolveTrick(s.leadSuit, s.leader, s.firstCards, seconds);
  const winner = outcome.winner;
  const eclipse = outcome.eclipses[winner];
  const bonus = !eclipse && s.bonusPile > 0;
  const cards: string[][] = [];
  for (let p = 0; p < s.players; p++) {
    cards.push([s.firstCards[p], seconds[p]]);
    s.piles[winner].push(s.firstCards[p]);
    s.piles[winner].push(seconds[p]);
  }
  s.tricksWon[winner] += 1;
  if (bonus) {
    s.bonus[winner] += 1;
    s.bonusPile -= 1;
  }
  s.tricksDone += 1;
  const record: TrickRecord = {
    trick: s.tricksDone,
    leader: s.leader,
    leadSuit: s.leadSuit,
    cards,
    strengths: outcome.strengths,
    eclipses: outcome.eclipses,
    winner,
    eclipse,
    bonus,
  };
  s.lastTrick = record;
  events.push({
    type: "trick",
    trick: record.trick,
    leader: record.leader,
    leadSuit: record.leadSuit,
    cards: record.cards,
    strengths: record.strengths,
    eclipses: record.eclipses,
    winner,
    eclipse,
    bonus,
  });
  s.leadSuit = "";
  s.firstCards = filled(s.players, "");
  s.secondCards = commitOpen(s.players, "");
  s.faceDown = false;
  s.leader = winner;
  if (s.tricksDone >= tricksPerRound()) {
    s.phase = Phase.RoundEnd;
    s.turn = -1;
  } else {
    s.phase = Phase.FirstCards;
    s.turn = winner;
  }
}

/** SE-10: most points; tie → most bonus cards in the final round; still tied → shared. */
export function winnersOf(totals: number[], finalBonus: number[]): number[] {
  let best = -1;
  for (const t of totals) if (t > best) best = t;
  let mostBonus = -1;
  for (let p = 0; p < totals.length; p++) if (totals[p] === best && finalBonus[p] > mostBonus) mostBonus = finalBonus[p];
  const out: number[] = [];
  for (let p = 0; p < totals.length; p++) if (totals[p] === best && finalBonus[p] === mostBonus) out.push(p);
  return out;
}

/** SE-10 scoring, then the next deal (SE-3, SE-4) or the end of the game. */
function scoreRound(s: State, events: SolarEclipseEvent[]): void {
  const bids = copyList(s.bids.values);
  const table = bidCards(s.players);
  const points: number[] = [];
  const made: boolean[] = [];
  for (let p = 0; p < s.players; p++) {
    let bidPoints = 0;
    for (const b of table) if (b.tricks === bids[p]) bidPoints = b.points;
    const hit = s.tricksWon[p] === bids[p];
    made.push(hit);
    const gained = (hit ? bidPoints : 0) + s.bonus[p] * pointsPerBonusCard();
    points.push(gained);
    s.totals[p] += gained;
  }
  const record: RoundRecord = {
    round: s.round,
    dealer: s.dealer,
    bids,
    tricks: copyList(s.tricksWon),
    bonus: copyList(s.bonus),
    made,
    points,
    totals: copyList(s.totals),
  };
  s.history.push(record);
  events.push({
    type: "round",
    round: record.round,
    dealer: record.dealer,
    bids: record.bids,
    tricks: record.tricks,
    bonus: record.bonus,
    made: record.made,
    points: record.points,
    totals: record.totals,
  });
  if (s.round >= rounds()) {
    s.phase = Phase.GameOver;
    s.turn = -1;
    s.winners = winnersOf(s.totals, s.bonus);
    events.push({ type: "gameOver", winners: copyList(s.winners), totals: copyList(s.totals) });
    return;
  }
  // SE-3: the deal passes clockwise. SE-4/SE-9: every card and bonus card comes back.
  const dealer = mod(s.dealer + 1, s.players);
  startRound(s, s.round + 1, dealer, dealRound(s.rng, s.players, dealer));
  events.push(dealEvent(s));
}

/** Runs the automatic steps (reveal, round end) until someone must act or the game is over. */
function settle(s: State, events: SolarEclipseEvent[]): void {
  while (s.phase === Phase.Reveal || s.phase === Phase.RoundEnd) {
    if (s.phase === Phase.Reveal) {
      revealSecondCards(s, events);
      finishTrick(s, events);
    } else {
      scoreRound(s, events);
    }
  }
}

function apply(state: State, seat: number, action: SolarEclipseAction): Result {
  const problem = actionProblem(state, seat, action);
  if (problem !== undefined) return { ok: false, rule: problem.rule, message: problem.message };
  const next = copyState(state);
  const events: SolarEclipseEvent[] = [];
  if (action.type === "bid") applyBid(next, seat, action.tricks, events);
  else if (next.phase === Phase.FirstCards) applyFirstCard(next, seat, action.card, events);
  else applySecondCard(next, seat, action.card, events);
  settle(next, events);
  return { ok: true, state: next, events };
}

// ---------------------------------------------------------------------------------------------
// Views and results

function view(state: State, seat: number): SolarEclipseView {
  const players = state.players;
  const handSizes: number[] = [];
  const bids: number[] = [];
  const secondCards: string[] = [];
  for (let p = 0; p < players; p++) {
    handSizes.push(state.hands[p].length);
    // SE-2: bids stay hidden until scoring (the `round` event and `history` reveal them).
    bids.push(commitVisible(state.bids, seat, p, -1));
    let second = "";
    if (state.secondCards.done[p]) {
      // SE-7: another seat's face-down card stays hidden until the reveal.
      second = state.faceDown ? commitVisible(state.secondCards, seat, p, HIDDEN_CARD) : state.secondCards.values[p];
    }
    secondCards.push(second);
  }
  return {
    game: GAME_ID,
    seat,
    players,
    phase: state.phase,
    round: state.round,
    rounds: rounds(),
    dealer: state.dealer,
    leader: state.leader,
    turn: state.turn,
    active: active(state),
    hand: isSeat(state, seat) ? copyList(state.hands[seat]) : [],
    handSizes,
    setAsideCount: state.setAside.length,
    bidCards: copyList(bidCards(players)),
    bids,
    bidChosen: copyList(state.bids.done),
    tricksPerRound: tricksPerRound(),
    tricksDone: state.tricksDone,
    leadSuit: state.leadSuit,
    faceDown: state.faceDown,
    firstCards: copyList(state.firstCards),
    secondCards,
    tricksWon: copyList(state.tricksWon),
    bonus: copyList(state.bonus),
    bonusPile: state.bonusPile,
    totals: copyList(state.totals),
    lastTrick: state.lastTrick,
    history: copyList(state.history),
    winners: copyList(state.winners),
  };
}

function result(state: State): GameResult {
  const over = state.phase === Phase.GameOver;
  return { over, winners: over ? copyList(state.winners) : [], scores: copyList(state.totals) };
}

/** Every card id the state holds, wherever it is (hands, set aside, current trick, trick piles). */
export function cardsOf(state: State): string[] {
  const out: string[] = [];
  for (const h of state.hands) for (const c of h) out.push(c);
  for (const c of state.setAside) out.push(c);
  for (const c of state.firstCards) if (c !== "") out.push(c);
  for (const c of state.secondCards.values) if (c !== "") out.push(c);
  for (const p of state.piles) for (const c of p) out.push(c);
  return out;
}

/** Card ids `seat` must not see: other hands, the set-aside cards, others' face-down second cards. */
export function hiddenFrom(state: State, seat: number): string[] {
  const out: string[] = [];
  for (let p = 0; p < state.players; p++) if (p !== seat) for (const c of state.hands[p]) out.push(c);
  for (const c of state.setAside) out.push(c);
  if (state.faceDown) {
    for (let p = 0; p < state.players; p++) {
      if (p !== seat && state.secondCards.done[p]) out.push(state.secondCards.values[p]);
    }
  }
  return out;
}

function dealEvent(state: State): DealEvent {
  const handSizes: number[] = [];
  for (const h of state.hands) handSizes.push(h.length);
  return { type: "deal", round: state.round, dealer: state.dealer, handSizes, setAside: state.setAside.length };
}

export type SolarEclipseGame = Game<
  SolarEclipseOptions,
  SolarEclipseState,
  SolarEclipseAction,
  SolarEclipseEvent,
  SolarEclipseView
> &
  SimHooks<SolarEclipseState, SolarEclipseAction, SolarEclipseEvent>;

export const solarEclipse: SolarEclipseGame = {
  id: GAME_ID,
  minPlayers: minPlayers(),
  maxPlayers: maxPlayers(),
  defaultOptions: () => ({}),
  setup: (config, seed) => setup(config, seed),
  active: (state) => active(state),
  legal: (state, seat) => legal(state, seat),
  apply: (state, seat, action) => apply(state, seat, action),
  view: (state, seat) => view(state, seat),
  result: (state) => result(state),
  greedy: (state, seat, actions) => greedyPolicy(view(state, seat), actions),
  cards: (state) => cardsOf(state),
  hiddenFrom: (state, seat) => hiddenFrom(state, seat),
  startEvents: (state) => [dealEvent(state)],
  checkConfig: (config) => checkConfig(config),
};
