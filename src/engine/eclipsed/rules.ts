/**
 * Eclipsed rules: setup, legal actions and apply, phase by phase (rulebook v1.0 + EC-1…EC-29).
 * `legal` enumerates exactly what `apply` accepts; both ask the same predicates
 * (`meldRejection`, `discardRejection`, `goOutRejection`), so they cannot disagree.
 */
import { shown } from "../core/serialize";
import { commitComplete, commitOpen, commitSet, commitWaiting } from "../core/commits";
import { rngCopy, rngFromSeed, rngInt, shuffle } from "../core/rng";
import type { ApplyResult, GameConfig, Rejection } from "../core/types";
import { contains, filled, mod, replaced, stableSort, without } from "../core/util";
import type { DeckCard, SuitId } from "./data-types";
import { ECLIPSED_RULES as RULES, allCardIds, cardOf, compareCards, deadwoodOfCards, findCard, isCourt } from "./cards";
import type { ActiveEdict, EdictCard } from "./edicts";
import { holdBackCount, inForce, meterAfterMeld, meterStart, resolveEdicts } from "./edicts";
import { burnReason, candidateMelds, classifyIds, valueMeld } from "./meld";
import type { Classification } from "./meld";
import type { DeclaredMeld } from "./scoring";
import { scoreRound } from "./scoring";
import type { EclipsedAction, EclipsedEvent, EclipsedOptions, EclipsedState } from "./state";
import { Phase } from "./state";

type Result = ApplyResult<EclipsedState, EclipsedEvent>;

function reject(rule: string, message: string): Result {
  return { ok: false, rule, message };
}

export function targetFor(options: EclipsedOptions): number {
  for (const f of RULES.formats) if (f.id === options.format) return f.target;
  for (const f of RULES.formats) if (f.id === RULES.defaultFormat) return f.target;
  return RULES.formats[0].target;
}

/** A copy of `items` (a plain loop: cheaper than `slice` once compiled to Lua). */
function copyOf<T>(items: readonly T[]): T[] {
  const out: T[] = [];
  const n = items.length;
  for (let i = 0; i < n; i++) out[i] = items[i];
  return out;
}

/** A copy of `items` with index `i` set to `value`. */
function withAt<T>(items: readonly T[], i: number, value: T): T[] {
  return replaced(items, i, value);
}

/**
 * A shallow copy: every array and record is shared with `s`. Apply never writes into a shared
 * array — each step replaces the array it changes with a changed copy (`withAt`, `without`,
 * `copyOf` then push) — so the input state stays untouched while only what changes is copied.
 */
function copyState(s: EclipsedState): EclipsedState {
  const out: EclipsedState = {
    players: s.players,
    options: s.options,
    target: s.target,
    phase: s.phase,
    rng: s.rng,
    round: s.round,
    dealer: s.dealer,
    turnSeat: s.turnSeat,
    deck: s.deck,
    discard: s.discard,
    hands: s.hands,
    heldBack: s.heldBack,
    fate: s.fate,
    contributions: s.contributions,
    edicts: s.edicts,
    meter: s.meter,
    melds: s.melds,
    meldCount: s.meldCount,
    turns: s.turns,
    takenFromDiscard: s.takenFromDiscard,
    firstDeclarant: s.firstDeclarant,
    totals: s.totals,
    lastRoundBest: s.lastRoundBest,
    history: s.history,
    winners: s.winners,
  };
  if (s.matchWins !== undefined) out.matchWins = s.matchWins;
  return out;
}

/** EC-35: matches in the series (1 = a single match). */
export function seriesLength(options: EclipsedOptions): number {
  return options.series !== undefined && options.series > 1 ? options.series : 1;
}

// resolveEdicts is pure, and `edicts` arrays are never changed in place (a reveal makes a new
// one), so the last result is reused for the many predicate calls of one `legal`.
let resolvedFor: EdictCard[] = [];
let resolved: ActiveEdict[] = [];

export function activeEdicts(state: EclipsedState): ActiveEdict[] {
  if (state.edicts !== resolvedFor) {
    resolved = resolveEdicts(state.edicts);
    resolvedFor = state.edicts;
  }
  return resolved;
}

function hasNonFace(hand: readonly string[]): boolean {
  for (const id of hand) if (!isCourt(cardOf(id).rank)) return true;
  return false;
}

// ---------------------------------------------------------------- rounds

/** Deal a round (EC-27: full reshuffle; explicit first deal and stacked pile from the config). */
function startRound(s: EclipsedState, deal: string[][], stacked: string[], events: EclipsedEvent[]): void {
  s.round += 1;
  const hands: string[][] = [];
  let deck: string[] = [];
  if (deal.length === s.players) {
    let rest = allCardIds();
    for (const hand of deal) {
      hands.push(hand.slice());
      for (const id of hand) rest = without(rest, id);
    }
    for (const id of stacked) rest = without(rest, id);
    for (const id of stacked) deck.push(id);
    for (const id of shuffle(s.rng, rest)) deck.push(id);
  } else {
    deck = shuffle(s.rng, allCardIds());
    for (let seat = 0; seat < s.players; seat++) hands.push([]);
    for (let k = 0; k < RULES.handSize; k++)
      for (let i = 1; i <= s.players; i++) hands[mod(s.dealer + i, s.players)].push(deck[k * s.players + i - 1]);
    deck = deck.slice(RULES.handSize * s.players);
  }
  s.hands = hands;
  s.fate = deck[0];
  s.deck = deck.slice(1);
  s.discard = [];
  s.heldBack = [];
  for (let seat = 0; seat < s.players; seat++) s.heldBack.push([]);
  s.edicts = [];
  s.meter = 0;
  s.melds = [];
  for (let seat = 0; seat < s.players; seat++) s.melds.push([]);
  s.meldCount = 0;
  s.turns = filled(s.players, 0);
  s.takenFromDiscard = "";
  s.firstDeclarant = -1;
  s.turnSeat = mod(s.dealer + 1, s.players);
  // EC-2: a player holding only face cards contributes nothing.
  const expected: boolean[] = [];
  for (const hand of s.hands) expected.push(hasNonFace(hand));
  s.contributions = commitOpen(s.players, "", expected);
  s.phase = Phase.Contribute;
  events.push({ type: "roundStart", round: s.round, dealer: s.dealer, fate: s.fate });
  if (commitComplete(s.contributions)) reveal(s, events);
}

/** Reveal contributions; set the meter (EC-6), hold-backs (EC-20) and the discard seed. */
function reveal(s: EclipsedState, events: EclipsedEvent[]): void {
  const edicts: EdictCard[] = [{ card: s.fate, seat: -1 }];
  s.hands = copyOf(s.hands);
  s.heldBack = copyOf(s.heldBack);
  for (let seat = 0; seat < s.players; seat++) {
    if (!s.contributions.done[seat]) continue;
    const card = s.contributions.values[seat];
    edicts.push({ card, seat });
    s.hands[seat] = without(s.hands[seat], card);
  }
  s.edicts = edicts;
  s.contributions = commitOpen(s.players, "", filled(s.players, false));
  s.meter = meterStart(edicts);
  const holdBack = holdBackCount(resolveEdicts(edicts));
  for (let seat = 0; seat < s.players; seat++) {
    const lowest = stableSort(s.hands[seat], (a, b) => compareCards(a, b));
    s.heldBack[seat] = lowest.slice(0, Math.min(holdBack, lowest.length));
  }
  s.discard = [s.deck[0]];
  s.deck = s.deck.slice(1);
  s.phase = Phase.Draw;
  events.push({ type: "edictsRevealed", edicts, meter: s.meter, holdBack, discard: s.discard[0], firstSeat: s.turnSeat });
}

function endRound(s: EclipsedState, wentOut: number, events: EclipsedEvent[]): void {
  const score = scoreRound({
    players: s.players,
    edicts: activeEdicts(s),
    meter: s.meter,
    melds: s.melds,
    hands: s.hands,
    wentOut,
    firstDeclarant: s.firstDeclarant,
    lastRoundBest: s.lastRoundBest,
  });
  const totals: number[] = [];
  for (let seat = 0; seat < s.players; seat++) totals.push(Math.max(0, s.totals[seat] + score.points[seat])); // EC-28
  s.totals = totals;
  s.history = copyOf(s.history);
  s.history.push(score.points);
  s.lastRoundBest = score.bestMeld;
  events.push({
    type: "round",
    round: s.round,
    points: score.points,
    totals,
    melds: score.melds,
    bonuses: score.bonuses,
    deadwood: score.deadwood,
    wentOut,
    meter: s.meter,
  });
  // EC-28: the match ends at a round end when someone reached the target; a tie on top plays on.
  let top = -1;
  for (const t of totals) if (t > top) top = t;
  const leaders: number[] = [];
  for (let seat = 0; seat < s.players; seat++) if (totals[seat] === top) leaders.push(seat);
  if (top >= s.target && leaders.length === 1) {
    const series = seriesLength(s.options);
    const wins = copyOf(s.matchWins !== undefined ? s.matchWins : filled(s.players, 0));
    wins[leaders[0]] = wins[leaders[0]] + 1;
    if (series === 1 || wins[leaders[0]] * 2 > series) {
      if (series > 1) s.matchWins = wins;
      s.winners = leaders;
      s.phase = Phase.Over;
      events.push({ type: "gameOver", winners: leaders, totals });
      return;
    }
    // EC-35: the series goes on with a new match from 0.
    s.matchWins = wins;
    events.push({ type: "matchWon", seat: leaders[0], wins: copyOf(wins), totals });
    s.totals = filled(s.players, 0);
  }
  s.dealer = mod(s.dealer + 1, s.players);
  s.rng = rngCopy(s.rng); // the shared generator is advanced by the deal
  startRound(s, [], [], events);
}

export function setupState(config: GameConfig<EclipsedOptions>, seed: string): EclipsedState {
  const rng = rngFromSeed(seed);
  const dealer = config.dealer >= 0 && config.dealer < config.players ? config.dealer : rngInt(rng, config.players);
  const s: EclipsedState = {
    players: config.players,
    options: config.options,
    target: targetFor(config.options),
    phase: Phase.Contribute,
    rng,
    round: 0,
    dealer,
    turnSeat: mod(dealer + 1, config.players),
    deck: [],
    discard: [],
    hands: [],
    heldBack: [],
    fate: "",
    contributions: commitOpen(config.players, ""),
    edicts: [],
    meter: 0,
    melds: [],
    meldCount: 0,
    turns: filled(config.players, 0),
    takenFromDiscard: "",
    firstDeclarant: -1,
    totals: filled(config.players, 0),
    lastRoundBest: [],
    history: [],
    winners: [],
  };
  if (seriesLength(config.options) > 1) s.matchWins = filled(config.players, 0);
  startRound(s, config.deal, config.setAside, []);
  return s;
}

/** The events `setup` implies (its first roundStart and, without contributors, the reveal). */
export function startEvents(s: EclipsedState): EclipsedEvent[] {
  const events: EclipsedEvent[] = [{ type: "roundStart", round: s.round, dealer: s.dealer, fate: s.fate }];
  if (s.phase !== Phase.Contribute && s.edicts.length > 0)
    events.push({
      type: "edictsRevealed",
      edicts: s.edicts,
      meter: meterStart(s.edicts),
      holdBack: s.heldBack.length > 0 ? s.heldBack[0].length : 0,
      discard: s.discard[0],
      firstSeat: mod(s.dealer + 1, s.players),
    });
  return events;
}

// ---------------------------------------------------------------- predicates

interface GoOutFacts {
  points: number;
  melds: number;
  suits: SuitId[];
}

function goOutFacts(s: EclipsedState, seat: number, extra: string[], extraBurned: boolean, extraValue: number): GoOutFacts {
  // EC-12: burned melds do not count toward going out; EC-9: provisional values count.
  let points = 0;
  let melds = 0;
  const suits: SuitId[] = [];
  const addSuits = (cards: readonly string[]) => {
    for (const id of cards) {
      const suit = cardOf(id).suit;
      if (!contains(suits, suit)) suits.push(suit);
    }
  };
  for (const m of s.melds[seat]) {
    if (m.burned) continue;
    points += m.provisional;
    melds += 1;
    addSuits(m.cards);
  }
  if (extra.length > 0 && !extraBurned) {
    points += extraValue;
    melds += 1;
    addSuits(extra);
  }
  return { points, melds, suits };
}

/** Why `seat` may not go out with `handAfter` cards left (undefined = may). EC-23, EC-24. */
function goOutRejection(s: EclipsedState, seat: number, handAfter: number, facts: GoOutFacts): Rejection | undefined {
  if (s.turns[seat] < RULES.goingOut.minTurns)
    return { rule: "EC-24", message: `going out starts on your own turn ${RULES.goingOut.minTurns} of the round (this is turn ${s.turns[seat]})` };
  let met = false;
  const texts: string[] = [];
  for (const c of RULES.goingOut.conditions) {
    texts.push(c.text);
    if (c.key === "hand-empty" && handAfter === 0) met = true;
    if (c.key === "points-declared" && facts.points >= c.value) met = true;
    if (c.key === "melds-declared" && facts.melds >= c.value) met = true;
  }
  if (!met)
    return {
      rule: "going-out",
      message: `going out needs one of: ${texts.join("; ")} (you have ${facts.points} pts in ${facts.melds} scoring melds; burned melds do not count, EC-12)`,
    };
  for (const e of inForce(activeEdicts(s), "go-out-suits"))
    if (facts.suits.length < e.amount)
      return { rule: "EC-23", message: `${e.card}: your melds must cover ${e.amount}+ suits to go out (they cover ${facts.suits.length})` };
  return undefined;
}

function isCardList(x: unknown): boolean {
  if (typeof x !== "object" || x === undefined || x === null) return false;
  const list = x as unknown[];
  if (list.length === undefined || list.length < 1) return false;
  for (const id of list) if (typeof id !== "string") return false;
  return true;
}

/** Why `seat` may not declare this meld now (undefined = may). */
export function meldRejection(
  s: EclipsedState,
  seat: number,
  cards: string[],
  travelerHigh: boolean,
  known?: Classification,
): Rejection | undefined {
  const hand = s.hands[seat];
  for (const id of cards) {
    if (!contains(hand, id)) return { rule: "hand", message: `${id} is not in your hand` };
    if (contains(s.heldBack[seat], id)) return { rule: "EC-20", message: `${id} is held back by Stasis this round and cannot be melded` };
  }
  return meldRuleRejection(s, seat, cards, travelerHigh, known);
}

/** `meldRejection` past its hand and hold-back checks (`meldLegal` builds melds from free hand cards only). */
function meldRuleRejection(
  s: EclipsedState,
  seat: number,
  cards: string[],
  travelerHigh: boolean,
  known: Classification | undefined,
): Rejection | undefined {
  const hand = s.hands[seat];
  const cls = known !== undefined ? known : classifyIds(cards, travelerHigh);
  if (!cls.ok) return { rule: "EC-18", message: cls.reason };
  let traveler = false;
  for (const id of cards) if (cardOf(id).rank === 1) traveler = true;
  if (travelerHigh && (!traveler || cls.kind !== "run"))
    return { rule: "EC-19", message: "travelerHigh applies only to a run that contains a Traveler" };
  const edicts = activeEdicts(s);
  const meldCards: DeckCard[] = [];
  for (let i = 0; i < cards.length; i++) meldCards.push(cardOf(cards[i]));
  const ctx = { edicts, meter: meterAfterMeld(s.meter, cards), firstMeld: s.melds[seat].length === 0 };
  const burned = burnReason(meldCards, cls.type, ctx) !== "";
  if (burned && deadwoodOfCards(hand) < RULES.burnToClear)
    return {
      rule: "EC-12",
      message: `this meld is burned (${burnReason(meldCards, cls.type, ctx)}); burned melds may be declared only when your unmelded cards carry ${RULES.burnToClear}+ deadwood points (yours: ${deadwoodOfCards(hand)})`,
    };
  const left = hand.length - cards.length;
  if (left === 0) {
    const value = valueMeld(meldCards, cls, ctx).value;
    const no = goOutRejection(s, seat, 0, goOutFacts(s, seat, cards, burned, value));
    if (no !== undefined) return { rule: no.rule, message: `this meld would empty your hand, but you cannot go out: ${no.message}` };
  } else if (left === 1 && s.takenFromDiscard !== "" && !contains(cards, s.takenFromDiscard)) {
    return { rule: "EC-25", message: `you would keep only ${s.takenFromDiscard}, taken from the discard pile this turn, and could not discard` };
  }
  return undefined;
}

function discardRejection(s: EclipsedState, seat: number, card: string, goOut: boolean): Rejection | undefined {
  if (!contains(s.hands[seat], card)) return { rule: "hand", message: `${card} is not in your hand` };
  if (card === s.takenFromDiscard) return { rule: "EC-25", message: `${card} was taken from the discard pile this turn and cannot be discarded now` };
  if (goOut) return goOutRejection(s, seat, s.hands[seat].length - 1, goOutFacts(s, seat, [], false, 0));
  return undefined;
}

// ---------------------------------------------------------------- legal

export function activeSeats(s: EclipsedState): number[] {
  switch (s.phase) {
    case Phase.Contribute:
      return commitWaiting(s.contributions);
    case Phase.Draw:
    case Phase.Play:
      return [s.turnSeat];
    default:
      return [];
  }
}

function contributeLegal(s: EclipsedState, seat: number): EclipsedAction[] {
  const out: EclipsedAction[] = [];
  if (!contains(commitWaiting(s.contributions), seat)) return out;
  for (const id of s.hands[seat]) if (!isCourt(cardOf(id).rank)) out.push({ type: "edict", card: id });
  return out;
}

/** Why `seat` may not draw from the discard pile now (undefined = may). */
function discardDrawRejection(s: EclipsedState, seat: number): Rejection | undefined {
  if (s.discard.length === 0) return { rule: "draw", message: "the discard pile is empty" };
  // EC-25: with an empty hand the taken card would be the only one, and it may not be discarded.
  if (s.hands[seat].length === 0)
    return { rule: "EC-25", message: "your hand is empty: a card taken from the discard pile could not be discarded this turn; draw from the deck" };
  return undefined;
}

function drawLegal(s: EclipsedState, seat: number): EclipsedAction[] {
  const out: EclipsedAction[] = [{ type: "draw", from: "deck" }];
  if (discardDrawRejection(s, seat) === undefined) out.push({ type: "draw", from: "discard" });
  return out;
}

/** Melds `seat` may declare now (every valid meld of the unmarked hand cards). */
export function meldLegal(s: EclipsedState, seat: number): EclipsedAction[] {
  const out: EclipsedAction[] = [];
  const free: string[] = [];
  for (const id of s.hands[seat]) if (!contains(s.heldBack[seat], id)) free.push(id);
  for (const m of candidateMelds(free)) {
    const cls: Classification = { ok: true, type: m.type, kind: m.kind, base: m.base };
    // m.cards come from `free`: in hand and not held back, as meldRejection's first checks require
    if (meldRuleRejection(s, seat, m.cards, m.travelerHigh, cls) !== undefined) continue;
    if (m.travelerHigh) out.push({ type: "meld", cards: m.cards, travelerHigh: true });
    else out.push({ type: "meld", cards: m.cards });
  }
  return out;
}

function playLegal(s: EclipsedState, seat: number): EclipsedAction[] {
  const hand = s.hands[seat];
  if (hand.length === 0) {
    // EC-24: emptying the hand by melding goes out without a discard.
    return goOutRejection(s, seat, 0, goOutFacts(s, seat, [], false, 0)) === undefined ? [{ type: "goOut" }] : [];
  }
  const out = meldLegal(s, seat);
  const discardable: string[] = [];
  // discardRejection(s, seat, id, false) for a card of the hand: only EC-25 can refuse it
  for (const id of hand) if (id !== s.takenFromDiscard) discardable.push(id);
  for (const id of discardable) out.push({ type: "discard", card: id });
  // going out does not depend on which card is discarded: ask once
  if (goOutRejection(s, seat, hand.length - 1, goOutFacts(s, seat, [], false, 0)) === undefined)
    for (const id of discardable) out.push({ type: "discard", card: id, goOut: true });
  return out;
}

export function legalActions(s: EclipsedState, seat: number): EclipsedAction[] {
  if (!contains(activeSeats(s), seat)) return [];
  switch (s.phase) {
    case Phase.Contribute:
      return contributeLegal(s, seat);
    case Phase.Draw:
      return drawLegal(s, seat);
    case Phase.Play:
      return playLegal(s, seat);
    default:
      return [];
  }
}

// ---------------------------------------------------------------- apply

function applyEdict(s0: EclipsedState, seat: number, card: unknown): Result {
  if (typeof card !== "string") return reject("action", "edict needs a card id");
  if (!contains(s0.hands[seat], card)) return reject("hand", `${card} is not in your hand`);
  if (isCourt(cardOf(card).rank)) return reject("EC-2", `${card} is a face card: face cards (Scout, Sage, Warden) may not be contributed`);
  const s = copyState(s0);
  const events: EclipsedEvent[] = [{ type: "edictCommitted", seat }];
  s.contributions = commitSet(s.contributions, seat, card);
  if (commitComplete(s.contributions)) reveal(s, events);
  return { ok: true, state: s, events };
}

function applyDraw(s0: EclipsedState, seat: number, from: unknown): Result {
  if (from !== "deck" && from !== "discard") return reject("action", 'draw needs from: "deck" or "discard"');
  if (from === "discard") {
    const no = discardDrawRejection(s0, seat);
    if (no !== undefined) return reject(no.rule, no.message);
  }
  const s = copyState(s0);
  const events: EclipsedEvent[] = [];
  s.turns = withAt(s.turns, seat, s.turns[seat] + 1);
  const hand = copyOf(s.hands[seat]);
  s.hands = withAt(s.hands, seat, hand);
  if (from === "deck") {
    const card = s.deck[0];
    s.deck = s.deck.slice(1);
    hand.push(card);
    events.push({ type: "draw", seat, from: "deck" });
  } else {
    const card = s.discard[s.discard.length - 1];
    s.discard = s.discard.slice(0, s.discard.length - 1);
    hand.push(card);
    s.takenFromDiscard = card;
    events.push({ type: "draw", seat, from: "discard", card });
  }
  s.phase = Phase.Play;
  return { ok: true, state: s, events };
}

function applyMeld(s0: EclipsedState, seat: number, cards: unknown, high: unknown): Result {
  if (!isCardList(cards)) return reject("action", "meld needs cards: a non-empty list of card ids");
  if (high !== undefined && high !== true && high !== false) return reject("action", "travelerHigh must be true or false");
  const list = cards as string[];
  const travelerHigh = high === true;
  if (s0.hands[seat].length === 0) return reject("EC-24", "your hand is empty: go out");
  const no = meldRejection(s0, seat, list, travelerHigh);
  if (no !== undefined) return reject(no.rule, no.message);
  const s = copyState(s0);
  const cls = classifyIds(list, travelerHigh);
  if (!cls.ok) return reject("EC-18", cls.reason);
  let hand = s.hands[seat];
  for (const id of list) hand = without(hand, id);
  s.hands = withAt(s.hands, seat, hand);
  s.meter = meterAfterMeld(s.meter, list);
  const firstMeld = s.melds[seat].length === 0;
  const v = valueMeld(
    list.map((id) => cardOf(id)),
    cls,
    { edicts: activeEdicts(s), meter: s.meter, firstMeld },
  );
  const meld: DeclaredMeld = {
    cards: list.slice(),
    type: cls.type,
    base: cls.base,
    travelerHigh,
    burned: v.burned,
    firstMeld,
    provisional: v.value,
    order: s.meldCount,
  };
  const own = copyOf(s.melds[seat]);
  own.push(meld);
  s.melds = withAt(s.melds, seat, own);
  s.meldCount += 1;
  if (!v.burned && s.firstDeclarant < 0) s.firstDeclarant = seat; // EC-22
  const events: EclipsedEvent[] = [
    { type: "meld", seat, cards: meld.cards, meld: cls.type, travelerHigh, base: cls.base, value: v.value, burned: v.burned, meter: s.meter },
  ];
  return { ok: true, state: s, events };
}

function applyDiscard(s0: EclipsedState, seat: number, card: unknown, goOut: unknown): Result {
  if (typeof card !== "string") return reject("action", "discard needs a card id");
  if (goOut !== undefined && goOut !== true && goOut !== false) return reject("action", "goOut must be true or false");
  if (s0.hands[seat].length === 0) return reject("EC-24", "your hand is empty: go out");
  const no = discardRejection(s0, seat, card, goOut === true);
  if (no !== undefined) return reject(no.rule, no.message);
  const s = copyState(s0);
  s.hands = withAt(s.hands, seat, without(s.hands[seat], card));
  s.heldBack = withAt(s.heldBack, seat, without(s.heldBack[seat], card));
  s.discard = copyOf(s.discard);
  s.discard.push(card);
  s.takenFromDiscard = "";
  const events: EclipsedEvent[] = [{ type: "discard", seat, card }];
  if (goOut === true) {
    events.push({ type: "goOut", seat });
    endRound(s, seat, events);
    return { ok: true, state: s, events };
  }
  s.turnSeat = mod(seat + 1, s.players);
  if (s.deck.length === 0) {
    // EC-26: the next player must draw from an empty pile — the round ends, no bonus, all take deadwood.
    events.push({ type: "deckEmpty", seat: s.turnSeat });
    endRound(s, -1, events);
    return { ok: true, state: s, events };
  }
  s.phase = Phase.Draw;
  return { ok: true, state: s, events };
}

function applyGoOut(s0: EclipsedState, seat: number): Result {
  if (s0.hands[seat].length > 0) return reject("EC-24", "going out without a discard needs an empty hand; otherwise discard with goOut: true");
  const no = goOutRejection(s0, seat, 0, goOutFacts(s0, seat, [], false, 0));
  if (no !== undefined) return reject(no.rule, no.message);
  const s = copyState(s0);
  const events: EclipsedEvent[] = [{ type: "goOut", seat }];
  s.takenFromDiscard = "";
  endRound(s, seat, events);
  return { ok: true, state: s, events };
}

export function applyAction(s: EclipsedState, seat: number, action: EclipsedAction): Result {
  if (s.phase === Phase.Over) return reject("EC-28", "the match is over");
  if (typeof action !== "object" || action === undefined || action === null) return reject("action", "an action must be an object");
  if (!contains(activeSeats(s), seat)) {
    if (s.phase === Phase.Contribute) return reject("EC-2", `seat ${seat} has nothing to contribute now`);
    return reject("turn", `it is seat ${s.turnSeat}'s turn, not seat ${seat}'s`);
  }
  const a = action as { type: string; card?: unknown; cards?: unknown; from?: unknown; travelerHigh?: unknown; goOut?: unknown };
  switch (s.phase) {
    case Phase.Contribute:
      if (a.type !== "edict") return reject("EC-2", `every player first contributes an Edict ({"type":"edict","card":...}), not "${a.type}"`);
      return applyEdict(s, seat, a.card);
    case Phase.Draw:
      if (a.type !== "draw") return reject("turn", `a turn starts with a draw ({"type":"draw","from":"deck"|"discard"}), not "${a.type}"`);
      return applyDraw(s, seat, a.from);
    case Phase.Play:
      if (a.type === "meld") return applyMeld(s, seat, a.cards, a.travelerHigh);
      if (a.type === "discard") return applyDiscard(s, seat, a.card, a.goOut);
      if (a.type === "goOut") return applyGoOut(s, seat);
      return reject("turn", `after drawing: meld, discard or goOut, not "${a.type}"`);
    default:
      return reject("EC-28", "the match is over");
  }
}

/** Checks an explicit first deal and stacked pile (replay) before setup. */
export function checkDeal(config: GameConfig<EclipsedOptions>): Rejection | undefined {
  let known = false;
  for (const f of RULES.formats) if (f.id === config.options.format) known = true;
  if (!known) return { rule: "EC-28", message: `unknown format "${config.options.format}" (standard, quick or long)` };
  const series = config.options.series;
  if (series !== undefined && (typeof series !== "number" || series < 1 || Math.floor(series) !== series || series % 2 === 0))
    return { rule: "EC-35", message: `series must be an odd number of matches (1 = one match, 3 = best of 3), got ${shown(series)}` };
  const seen: string[] = [];
  const check = (id: unknown): Rejection | undefined => {
    if (typeof id !== "string" || findCard(id) === undefined) return { rule: "deal", message: `unknown card id ${typeof id === "string" ? id : "(not a string)"}` };
    if (contains(seen, id)) return { rule: "deal", message: `card ${id} is dealt twice` };
    seen.push(id);
    return undefined;
  };
  if (config.deal.length === 0) {
    if (config.setAside.length > 0) return { rule: "deal", message: "setAside (the stacked draw pile) needs an explicit deal" };
    return undefined;
  }
  if (config.deal.length !== config.players) return { rule: "deal", message: `deal needs ${config.players} hands, got ${config.deal.length}` };
  for (const hand of config.deal) {
    if (hand.length !== RULES.handSize) return { rule: "deal", message: `every hand has ${RULES.handSize} cards, got ${hand.length}` };
    for (const id of hand) {
      const bad = check(id);
      if (bad !== undefined) return bad;
    }
  }
  for (const id of config.setAside) {
    const bad = check(id);
    if (bad !== undefined) return bad;
  }
  if (config.setAside.length > allCardIds().length - RULES.handSize * config.players)
    return { rule: "deal", message: "setAside is longer than the draw pile" };
  return undefined;
}
