/**
 * Eclipsed play: who acts, what is legal and applying an action (rulebook v1.0 + EC-1…EC-29) —
 * `legal` and `apply` switch on the phase to one small function per phase (contribute an Edict,
 * draw, play: melds, discard, going out), then the round's end (EC-28, EC-35). The rules in
 * prose: ./index.ts. `legal` enumerates exactly what `apply` accepts; both ask the same
 * predicates (`meldRejection`, `discardRejection`, `goOutRejection`), so they cannot disagree.
 */
import { commitComplete, commitSet, commitWaiting } from "../core/commits";
import { rngCopy } from "../core/rng";
import { leaders, nextDealer, topTotal } from "../kit/rounds";
import type { ApplyResult, GameResult, Rejection } from "../core/types";
import { contains, copyOf, filled, mod, reject, replaced, without } from "../core/util";
import type { DeckCard, SuitId } from "./data-types";
import { ECLIPSED_RULES as RULES, cardOf, deadwoodOfCards, isCourt } from "./cards";
import { reveal, seriesLength, startRound } from "./deal";
import type { ActiveEdict, EdictCard } from "./edicts";
import { inForce, meterAfterMeld, resolveEdicts } from "./edicts";
import { burnReason, candidateMelds, classifyIds, valueMeld } from "./meld";
import type { Classification } from "./meld";
import type { DeclaredMeld } from "./scoring";
import { scoreRound } from "./scoring";
import type { Action, Event, State } from "./types";
import { Phase } from "./types";

type Result = ApplyResult<State, Event>;

/**
 * A shallow copy: every array and record is shared with `s`. Apply never writes into a shared
 * array — each step replaces the array it changes with a changed copy (`replaced`, `without`,
 * `copyOf` then push) — so the input state stays untouched while only what changes is copied.
 */
function copyState(s: State): State {
  const out: State = {
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

// resolveEdicts is pure, and `edicts` arrays are never changed in place (a reveal makes a new
// one), so the last result is reused for the many predicate calls of one `legal`.
let resolvedFor: EdictCard[] = [];
let resolved: ActiveEdict[] = [];

export function activeEdicts(state: State): ActiveEdict[] {
  if (state.edicts !== resolvedFor) {
    resolved = resolveEdicts(state.edicts);
    resolvedFor = state.edicts;
  }
  return resolved;
}

// ---------------------------------------------------------------- predicates

interface GoOutFacts {
  points: number;
  melds: number;
  suits: SuitId[];
}

function goOutFacts(s: State, seat: number, extra: string[], extraBurned: boolean, extraValue: number): GoOutFacts {
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
function goOutRejection(s: State, seat: number, handAfter: number, facts: GoOutFacts): Rejection | undefined {
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
  s: State,
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
  s: State,
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

function discardRejection(s: State, seat: number, card: string, goOut: boolean): Rejection | undefined {
  if (!contains(s.hands[seat], card)) return { rule: "hand", message: `${card} is not in your hand` };
  if (card === s.takenFromDiscard) return { rule: "EC-25", message: `${card} was taken from the discard pile this turn and cannot be discarded now` };
  if (goOut) return goOutRejection(s, seat, s.hands[seat].length - 1, goOutFacts(s, seat, [], false, 0));
  return undefined;
}

// ---------------------------------------------------------------- legal

export function active(s: State): number[] {
  switch (s.phase) {
    case Phase.Contribute:
      return commitWaiting(s.contributions);
    case Phase.Draw:
    case Phase.Play:
      return [s.turnSeat];
    case Phase.Over:
      return [];
  }
}

export function legal(s: State, seat: number): Action[] {
  switch (s.phase) {
    case Phase.Contribute:
      return contributeLegal(s, seat);
    case Phase.Draw:
      return drawLegal(s, seat);
    case Phase.Play:
      return playLegal(s, seat);
    case Phase.Over:
      return [];
  }
}

/** EC-2: any non-face card, from each seat still to contribute. */
function contributeLegal(s: State, seat: number): Action[] {
  const out: Action[] = [];
  if (!contains(commitWaiting(s.contributions), seat)) return out;
  for (const id of s.hands[seat]) if (!isCourt(cardOf(id).rank)) out.push({ type: "edict", card: id });
  return out;
}

/** Why `seat` may not draw from the discard pile now (undefined = may). */
function discardDrawRejection(s: State, seat: number): Rejection | undefined {
  if (s.discard.length === 0) return { rule: "draw", message: "the discard pile is empty" };
  // EC-25: with an empty hand the taken card would be the only one, and it may not be discarded.
  if (s.hands[seat].length === 0)
    return { rule: "EC-25", message: "your hand is empty: a card taken from the discard pile could not be discarded this turn; draw from the deck" };
  return undefined;
}

function drawLegal(s: State, seat: number): Action[] {
  if (seat !== s.turnSeat) return [];
  const out: Action[] = [{ type: "draw", from: "deck" }];
  if (discardDrawRejection(s, seat) === undefined) out.push({ type: "draw", from: "discard" });
  return out;
}

/** Melds `seat` may declare now (every valid meld of the unmarked hand cards). */
export function meldLegal(s: State, seat: number): Action[] {
  const out: Action[] = [];
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

/** After the draw: melds, discards (each also going out, when allowed) or going out with an empty hand. */
function playLegal(s: State, seat: number): Action[] {
  if (seat !== s.turnSeat) return [];
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

// ---------------------------------------------------------------- apply

export function apply(s: State, seat: number, action: Action): Result {
  switch (s.phase) {
    case Phase.Contribute:
      return applyContribute(s, seat, action);
    case Phase.Draw:
      return applyDraw(s, seat, action);
    case Phase.Play:
      return applyPlay(s, seat, action);
    case Phase.Over:
      return reject("EC-28", "the match is over");
  }
}

/** An action's fields, unchecked: the apply functions check each one they use. */
interface ActionFields {
  type: string;
  card?: unknown;
  cards?: unknown;
  from?: unknown;
  travelerHigh?: unknown;
  goOut?: unknown;
}

function isObject(action: Action): boolean {
  return typeof action === "object" && action !== undefined && action !== null;
}

/** The turn checks of the draw and play phases: an action object from the seat on turn. */
function turnProblem(s: State, seat: number, action: Action): Result | undefined {
  if (!isObject(action)) return reject("action", "an action must be an object");
  if (seat !== s.turnSeat) return reject("turn", `it is seat ${s.turnSeat}'s turn, not seat ${seat}'s`);
  return undefined;
}

function applyContribute(s0: State, seat: number, action: Action): Result {
  if (!isObject(action)) return reject("action", "an action must be an object");
  if (!contains(commitWaiting(s0.contributions), seat)) return reject("EC-2", `seat ${seat} has nothing to contribute now`);
  const a = action as ActionFields;
  if (a.type !== "edict") return reject("EC-2", `every player first contributes an Edict ({"type":"edict","card":...}), not "${a.type}"`);
  const card = a.card;
  if (typeof card !== "string") return reject("action", "edict needs a card id");
  if (!contains(s0.hands[seat], card)) return reject("hand", `${card} is not in your hand`);
  if (isCourt(cardOf(card).rank)) return reject("EC-2", `${card} is a face card: face cards (Scout, Sage, Warden) may not be contributed`);
  const s = copyState(s0);
  const events: Event[] = [{ type: "edictCommitted", seat }];
  s.contributions = commitSet(s.contributions, seat, card);
  if (commitComplete(s.contributions)) reveal(s, events);
  return { ok: true, state: s, events };
}

function applyDraw(s0: State, seat: number, action: Action): Result {
  const bad = turnProblem(s0, seat, action);
  if (bad !== undefined) return bad;
  const a = action as ActionFields;
  if (a.type !== "draw") return reject("turn", `a turn starts with a draw ({"type":"draw","from":"deck"|"discard"}), not "${a.type}"`);
  const from = a.from;
  if (from !== "deck" && from !== "discard") return reject("action", 'draw needs from: "deck" or "discard"');
  if (from === "discard") {
    const no = discardDrawRejection(s0, seat);
    if (no !== undefined) return reject(no.rule, no.message);
  }
  const s = copyState(s0);
  const events: Event[] = [];
  s.turns = replaced(s.turns, seat, s.turns[seat] + 1);
  const hand = copyOf(s.hands[seat]);
  s.hands = replaced(s.hands, seat, hand);
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

function applyPlay(s: State, seat: number, action: Action): Result {
  const bad = turnProblem(s, seat, action);
  if (bad !== undefined) return bad;
  const a = action as ActionFields;
  if (a.type === "meld") return declareMeld(s, seat, a.cards, a.travelerHigh);
  if (a.type === "discard") return discardCard(s, seat, a.card, a.goOut);
  if (a.type === "goOut") return goOutEmptyHanded(s, seat);
  return reject("turn", `after drawing: meld, discard or goOut, not "${a.type}"`);
}

function declareMeld(s0: State, seat: number, cards: unknown, high: unknown): Result {
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
  s.hands = replaced(s.hands, seat, hand);
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
  s.melds = replaced(s.melds, seat, own);
  s.meldCount += 1;
  if (!v.burned && s.firstDeclarant < 0) s.firstDeclarant = seat; // EC-22
  const events: Event[] = [
    { type: "meld", seat, cards: meld.cards, meld: cls.type, travelerHigh, base: cls.base, value: v.value, burned: v.burned, meter: s.meter },
  ];
  return { ok: true, state: s, events };
}

function discardCard(s0: State, seat: number, card: unknown, goOut: unknown): Result {
  if (typeof card !== "string") return reject("action", "discard needs a card id");
  if (goOut !== undefined && goOut !== true && goOut !== false) return reject("action", "goOut must be true or false");
  if (s0.hands[seat].length === 0) return reject("EC-24", "your hand is empty: go out");
  const no = discardRejection(s0, seat, card, goOut === true);
  if (no !== undefined) return reject(no.rule, no.message);
  const s = copyState(s0);
  s.hands = replaced(s.hands, seat, without(s.hands[seat], card));
  s.heldBack = replaced(s.heldBack, seat, without(s.heldBack[seat], card));
  s.discard = copyOf(s.discard);
  s.discard.push(card);
  s.takenFromDiscard = "";
  const events: Event[] = [{ type: "discard", seat, card }];
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

function goOutEmptyHanded(s0: State, seat: number): Result {
  if (s0.hands[seat].length > 0) return reject("EC-24", "going out without a discard needs an empty hand; otherwise discard with goOut: true");
  const no = goOutRejection(s0, seat, 0, goOutFacts(s0, seat, [], false, 0));
  if (no !== undefined) return reject(no.rule, no.message);
  const s = copyState(s0);
  const events: Event[] = [{ type: "goOut", seat }];
  s.takenFromDiscard = "";
  endRound(s, seat, events);
  return { ok: true, state: s, events };
}

// ---------------------------------------------------------------- round end

function endRound(s: State, wentOut: number, events: Event[]): void {
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
  const top = topTotal(totals);
  const ahead = leaders(totals);
  if (top >= s.target && ahead.length === 1) {
    const series = seriesLength(s.options);
    const wins = copyOf(s.matchWins !== undefined ? s.matchWins : filled(s.players, 0));
    wins[ahead[0]] = wins[ahead[0]] + 1;
    if (series === 1 || wins[ahead[0]] * 2 > series) {
      if (series > 1) s.matchWins = wins;
      s.winners = ahead;
      s.phase = Phase.Over;
      events.push({ type: "gameOver", winners: ahead, totals });
      return;
    }
    // EC-35: the series goes on with a new match from 0.
    s.matchWins = wins;
    events.push({ type: "matchWon", seat: ahead[0], wins: copyOf(wins), totals });
    s.totals = filled(s.players, 0);
  }
  s.dealer = nextDealer(s.dealer, s.players);
  s.rng = rngCopy(s.rng); // the shared generator is advanced by the deal
  startRound(s, [], [], events);
}

export function result(state: State): GameResult {
  return { over: state.phase === Phase.Over, winners: state.winners.slice(), scores: state.totals.slice() };
}
