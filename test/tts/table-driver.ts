/**
 * Drives a FakeTts table through a game the way players would, mirroring it with the engine in
 * Node: it picks actions from Node's `legal`, drops the matching physical card, and checks that
 * table and engine agree after every step. No test-runner imports here (bench/tts-script.ts uses
 * it); the per-file fixture is in ./driver.ts.
 */
import fs from "node:fs";
import { findGame, type AnyGame } from "../../src/engine/registry";
import type { BaseAction, BaseEvent } from "../../src/engine/core/types";
import { rngFromSeed, rngInt, type Rng } from "../../src/engine/core/rng";
import { placesFor, seatColors, toWorld } from "../../src/table/layout";
import { STAGE_LOCAL } from "../../src/engine/eclipsed/table";
import { buildTtsForModel } from "../../src/tts/index";
import { engineDeckComponent } from "../../src/tts/build";
import { refusalText } from "../../mods/tts/wording";
import { FakeTts, type SaveJson } from "./fake-tts";
import { repoModel, tempOut, writeFakeImages } from "./fixtures";
import { findDefinition } from "../../src/games/index";
import { canonical } from "../../src/engine/core/serialize";

export interface CardAction extends BaseAction {
  card: string;
  [field: string]: unknown;
}

/** The physical piece a player drops for `action`: the card, or (Solar Eclipse) the bid card. */
export function noteOf(m: Mirror, seat: number, action: CardAction): string {
  if (action.type === "bid") {
    const tricks = (action as unknown as { tricks: number }).tricks;
    const cards = (m.game.view(m.state, seat) as { bidCards: { tricks: number }[] }).bidCards;
    return `bid-cards/bid-${cards.findIndex((b) => b.tricks === tricks) + 1}-${"abc"[seat]}`;
  }
  return action.card;
}

const cardNames = new Map<string, Map<string, string>>();

/** Printed names by card id (the save's card Nicknames) for `game`. */
export function namesOf(game: string): Map<string, string> {
  let names = cardNames.get(game);
  if (names === undefined) {
    names = new Map();
    // The script knows names by GMNotes: bare ids are the engine deck's cards (other pieces are "component/item").
    for (const item of engineDeckComponent(repoModel(game)).items) names.set(item.id, item.name);
    cardNames.set(game, names);
  }
  return names;
}

/** The sentence the table shows for the engine's refusal `r` in mirror `m`'s game. */
export function tableRefusal(m: Mirror, r: { rule: string; message: string } | { ok: boolean }): string {
  const { rule, message } = r as { rule: string; message: string };
  const names = namesOf(m.game.id);
  return refusalText(rule, message, { colors: m.colors, cardName: (id) => names.get(id) ?? "" }, findDefinition(m.game.id)!.table.hints);
}

export interface Built {
  outDir: string;
  savePath: string;
  save: SaveJson;
}

/** Builds the game's save from fake images into a temp out/ folder. */
export async function buildFakeSave(game: string, baseUrl?: string): Promise<Built> {
  const outDir = tempOut();
  const model = repoModel(game);
  await writeFakeImages(model, outDir);
  const r = await buildTtsForModel(model, { outDir, baseUrl });
  return { outDir, savePath: r.savePath, save: JSON.parse(fs.readFileSync(r.savePath, "utf8")) as SaveJson };
}

export class Mirror {
  readonly game: AnyGame;
  readonly colors: string[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  state: any;
  readonly actions: ({ seat: number } & CardAction)[] = [];
  readonly events: BaseEvent[] = [];
  private readonly rng: Rng;

  readonly options: Record<string, unknown>;

  constructor(
    gameId: string,
    readonly players: number,
    readonly seed: string,
    readonly policy: "random" | "greedy" = "random",
    options: Record<string, unknown> = {},
  ) {
    this.game = findGame(gameId)!;
    this.colors = seatColors(players);
    this.options = { ...this.game.defaultOptions(), ...options };
    this.state = this.game.setup({ players, options: this.options, dealer: -1, deal: [], setAside: [] }, seed);
    this.rng = rngFromSeed(`policy/${seed}`);
  }

  over(): boolean {
    return this.game.result(this.state).over;
  }

  /** The next seat to act (the first of a simultaneous step, or `only`) and a seeded pick of its legal actions. */
  next(only?: number): { seat: number; action: CardAction } {
    const seat = only ?? this.game.active(this.state)[0];
    const legal = this.game.legal(this.state, seat) as CardAction[];
    const greedy = (this.game as unknown as { greedy?: (s: unknown, seat: number, l: CardAction[], r: Rng) => CardAction }).greedy;
    if (this.policy === "greedy" && greedy !== undefined) return { seat, action: greedy(this.state, seat, legal, this.rng) };
    return { seat, action: legal[rngInt(this.rng, legal.length)] };
  }

  /** The seat's hand as the table shows it: a committed (face-down) Edict lies on the table. */
  hand(seat: number): string[] {
    const v = this.game.view(this.state, seat) as { hand: string[]; myContribution?: string };
    return v.hand.filter((c) => c !== v.myContribution).sort();
  }

  /** The action type the game expects now (what a dropped card is taken to mean). */
  expectedType(seat: number): string {
    const own = this.game.legal(this.state, seat);
    if (own.length > 0) return own[0].type;
    for (const s of this.game.active(this.state)) {
      const theirs = this.game.legal(this.state, s);
      if (theirs.length > 0) return theirs[0].type;
    }
    return "play";
  }

  /** A card in `seat`'s hand that `legal` does not allow now, with the engine's refusal. */
  illegalFor(seat: number): { card: string; rule: string; message: string } | undefined {
    const legal = this.game.legal(this.state, seat) as CardAction[];
    const type = this.expectedType(seat);
    for (const card of this.hand(seat)) {
      if (legal.some((a) => a.card === card)) continue;
      const r = this.game.apply(this.state, seat, { type, card } as CardAction);
      if (!r.ok) return { card, rule: r.rule, message: r.message };
    }
    return undefined;
  }

  apply(seat: number, action: CardAction): BaseEvent[] {
    const r = this.game.apply(this.state, seat, action);
    if (!r.ok) throw new Error(`mirror refused ${JSON.stringify(action)}: ${r.rule} ${r.message}`);
    this.state = r.state;
    this.actions.push({ seat, ...action });
    this.events.push(...r.events);
    return r.events;
  }
}

/**
 * The game's HUD button whose press means `action` (e.g. a public bid's "Bid 2"), or undefined:
 * asked of the game's own `button` for each button it declares.
 */
function buttonFor(m: Mirror, seat: number, action: CardAction): string | undefined {
  const rules = findDefinition(m.game.id)!.table;
  const ctx = { game: m.game, state: m.state, players: m.players, colors: m.colors, objects: {}, force: false, host: undefined as never };
  for (const b of rules.buttons) {
    const pressed = rules.button(ctx, seat, b.id);
    if ("action" in pressed && canonical(pressed.action) === canonical(action)) return b.id;
  }
  return undefined;
}

/**
 * Does what a player does at the table for `action`: drop a card or bid card into the play zone,
 * or press a HUD button (Eclipsed: draw, lay out a meld and declare it, go out; a public bid).
 */
export function perform(t: FakeTts, m: Mirror, seat: number, action: CardAction): void {
  const color = m.colors[seat];
  const click = (id: string): void => t.click(`syzygy_${id}`, color);
  if (action.type === "draw") return click(action.from === "discard" ? "drawDiscard" : "drawDeck");
  if (action.type === "goOut") return click("goOut");
  if (action.type === "meld") {
    const place = placesFor(m.players)[seat];
    (action.cards as string[]).forEach((card, j) => {
      const p = toWorld(place, { x: STAGE_LOCAL.x - 3 + j * 0.7, z: STAGE_LOCAL.z });
      const outcome = t.drop(color, card, p.x, p.z);
      if (outcome !== "dropped") throw new Error(`laying out ${card} for a meld: ${outcome}`);
    });
    return click(action.travelerHigh === true ? "meldHigh" : "meld");
  }
  if (action.type === "discard" && action.goOut === true) click("goOut");
  if (typeof action.card !== "string") {
    const id = buttonFor(m, seat, action);
    if (id !== undefined) return click(id);
  }
  const note = noteOf(m, seat, action);
  const outcome = t.drop(color, note);
  if (outcome !== "dropped") throw new Error(`drop of ${note} by ${color}: ${outcome}`);
}

/** Drops `actions` (taken from another table's log) on `t`, in order, letting tricks be collected. */
export function replayOn(t: FakeTts, m: Mirror, actions: ({ seat: number } & CardAction)[]): void {
  for (const a of actions) {
    const { seat, ...action } = a;
    perform(t, m, seat, action as CardAction);
    const events = m.apply(seat, action as CardAction);
    if (events.some((e) => e.type === "trick")) t.advance(2);
  }
}

/** Plays `steps` actions (or to the end) on table and mirror; returns the steps taken. */
export function play(t: FakeTts, m: Mirror, steps = Infinity, check?: (seat: number, action: CardAction) => void): number {
  let n = 0;
  while (!m.over() && n < steps) {
    const { seat, action } = m.next();
    perform(t, m, seat, action);
    const events = m.apply(seat, action);
    if (events.some((e) => e.type === "trick")) t.advance(2);
    t.settle();
    check?.(seat, action);
    n++;
  }
  return n;
}

/** The script's own action log (what `syzygy replay` would read). */
export function tableLog(t: FakeTts): ({ seat: number } & CardAction)[] {
  const text = t.call("return syzygySaveText()");
  return text === "" ? [] : (JSON.parse(text).actions as ({ seat: number } & CardAction)[]);
}

/** Applies to the mirror every action the table logged since the mirror's last one (bot moves); true if a trick ended. */
export function syncFromTable(t: FakeTts, m: Mirror): boolean {
  if (Number(t.call("return syzygyMoves()")) === m.actions.length) return false;
  const fresh = JSON.parse(t.call(`return syzygyMovesFrom(${m.actions.length})`)) as ({ seat: number } & CardAction)[];
  let trick = false;
  for (const entry of fresh) {
    const { seat, ...action } = entry;
    if (m.apply(seat, action as CardAction).some((e) => e.type === "trick")) trick = true;
  }
  return trick;
}

/** Lets frames pass until the table is quiet: every logged move mirrored and nothing spawning. */
function quiet(t: FakeTts, m: Mirror): void {
  for (let i = 0; i < 60; i++) {
    const n = m.actions.length;
    t.advance(0.05);
    syncFromTable(t, m);
    if (m.actions.length === n && t.call("return FAKE.pendingSpawns") === "0") return;
  }
  throw new Error("the table did not settle");
}

/**
 * Plays a game where the script plays the seats not in `humans` (bots, paced by the script's own
 * timers) and the driver plays `humans` through table events; `check` runs whenever the table is
 * quiet after new moves. Stops at game over or after `maxActions`.
 */
export function playWithBots(t: FakeTts, m: Mirror, humans: number[], maxActions = Infinity, check?: () => void): void {
  let idle = 0;
  let checked = m.actions.length;
  while (m.actions.length < maxActions) {
    quiet(t, m);
    // A finished trick waits on the table for the trick pause before it is collected.
    const busy = (t.ui("syzygy-status") ?? "").endsWith("takes the trick");
    if (m.actions.length > checked && !busy) {
      checked = m.actions.length;
      idle = 0;
      check?.();
    }
    if (m.over()) break;
    const human = m.game.active(m.state).find((s: number) => humans.includes(s) && m.game.legal(m.state, s).length > 0);
    if (!busy && human !== undefined) {
      // The table's log (synced above) records the move as the table applied it.
      perform(t, m, human, m.next(human).action);
    } else {
      t.advance(0.5); // bots move BOT_PAUSE after the table is ready
      if (++idle > 40) throw new Error(`no progress after action ${m.actions.length}: ${JSON.stringify(t.messages())}`);
    }
  }
}
