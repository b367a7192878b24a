/**
 * Eclipsed set-up and rounds: options and config checks (EC-28, EC-35), each round's deal and
 * fate card (EC-27), the reveal of the contributed Edicts (EC-2, EC-6, EC-20), start events.
 */
import { commitComplete, commitOpen } from "../core/commits";
import { rngFromSeed, rngInt, shuffle } from "../core/rng";
import { shown } from "../core/serialize";
import type { GameConfig, Rejection } from "../core/types";
import { contains, copyOf, emptyLists, filled, mod, stableSort, without } from "../core/util";
import { ECLIPSED_RULES as RULES, allCardIds, cardOf, compareCards, findCard, isCourt } from "./cards";
import type { EdictCard } from "./edicts";
import { holdBackCount, meterStart, resolveEdicts } from "./edicts";
import { Phase } from "./types";
import type { Event, Options, State } from "./types";

export function defaultOptions(): Options {
  return { format: RULES.defaultFormat, series: 1 };
}

export function targetFor(options: Options): number {
  for (const f of RULES.formats) if (f.id === options.format) return f.target;
  for (const f of RULES.formats) if (f.id === RULES.defaultFormat) return f.target;
  return RULES.formats[0].target;
}

/** EC-35: matches in the series (1 = a single match). */
export function seriesLength(options: Options): number {
  return options.series !== undefined && options.series > 1 ? options.series : 1;
}

function hasNonFace(hand: readonly string[]): boolean {
  for (const id of hand) if (!isCourt(cardOf(id).rank)) return true;
  return false;
}

/** Deal a round (EC-27: full reshuffle; explicit first deal and stacked pile from the config). */
export function startRound(s: State, deal: string[][], stacked: string[], events: Event[]): void {
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
  s.heldBack = emptyLists(s.players);
  s.edicts = [];
  s.meter = 0;
  s.melds = emptyLists(s.players);
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
export function reveal(s: State, events: Event[]): void {
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

export function setup(config: GameConfig<Options>, seed: string): State {
  const rng = rngFromSeed(seed);
  const dealer = config.dealer >= 0 && config.dealer < config.players ? config.dealer : rngInt(rng, config.players);
  const s: State = {
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
export function startEvents(s: State): Event[] {
  const events: Event[] = [{ type: "roundStart", round: s.round, dealer: s.dealer, fate: s.fate }];
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

/** Checks an explicit first deal and stacked pile (replay) before setup. */
export function checkConfig(config: GameConfig<Options>): Rejection | undefined {
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
