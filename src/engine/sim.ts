/**
 * Replay and simulation over any registered engine — engine code (Lua-safe), so
 * `syzygy replay/simulate --runtime lua` run exactly this in Lua and print the same bytes.
 *
 * - `replayGame(req)`: sets a game up from a replay request (explicit first deal optional) and
 *   applies its actions in order; stops at the first rejected action.
 * - `simulateGames(req)`: plays N complete games with a policy (`random`, or the game's
 *   `greedy` hook) and reports stats plus `eventsHash`, a hash of every game's canonical event
 *   stream. Nothing run-specific (no timings, no runtime name) goes into a report.
 * Game-specific action JSON is passed to `apply` unchanged (extra fields such as `seat` included).
 */
import { rngFromSeed, rngInt } from "./core/rng";
import type { Rng } from "./core/rng";
import { canonical, hasherAdd, hasherHex, hasherNew, shown } from "./core/serialize";
import type { Hasher } from "./core/serialize";
import type { BaseEvent, GameConfig, GameResult, Rejection } from "./core/types";
import { roundScored } from "./core/events";
import { byteOrder, stableSort } from "./core/util";
import { GAME_IDS } from "./registry";
import { findEngine } from "./templates";
import type { AnyGame } from "./registry";

/** One action of a replay: the acting seat plus the game's own action fields. */
export interface ReplayAction {
  seat: number;
  type: string;
  [field: string]: unknown;
}

export interface ReplayRequest {
  game: string;
  players: number;
  seed: string;
  options?: { [name: string]: unknown };
  /** First dealer; omitted = chosen by the seeded generator. */
  dealer?: number;
  /** Explicit first-round hands (replace the first shuffle; later rounds use the seed). */
  deal?: string[][];
  setAside?: string[];
  actions: ReplayAction[];
  /** Whose view to report: a seat, or -1 (default) for the spectator's public view. */
  viewAs?: number;
}

export type ReplayReport =
  | { ok: true; events: BaseEvent[]; view: unknown; result: GameResult; active: number[] }
  /** index = the refused action (0-based); -1 = the request itself (game, players, options, deal). */
  | { ok: false; index: number; rule: string; message: string; events: BaseEvent[] };

export type Policy = "random" | "greedy";

export interface SimRequest {
  game: string;
  players: number;
  games: number;
  seed: string;
  policy: Policy;
  options?: { [name: string]: unknown };
  /** Safety stop per game (default 100000 actions): a game this long is reported as a bug. */
  maxActions?: number;
}

/** A distribution as (value, count) pairs, ascending by value (arrays, never keyed objects). */
export interface Histogram {
  value: number;
  count: number;
}

export interface Summary {
  mean: number;
  min: number;
  max: number;
}

export interface SimStats {
  ok: true;
  game: string;
  players: number;
  games: number;
  seed: string;
  policy: Policy;
  options: { [name: string]: unknown };
  rounds: Summary;
  actions: Summary;
  /** Per seat per round: tricks (when the game's round events carry `tricks`). */
  tricks: Histogram[];
  /** Per seat per round: points (when round events carry `points`). */
  points: Histogram[];
  /** Games won per seat; a shared victory counts for every winner. */
  wins: number[];
  winRate: number[];
  sharedWins: number;
  /** Mean final score per seat. */
  meanScores: number[];
  eventsHash: string;
}

export type SimReport = SimStats | { ok: false; game: number; rule: string; message: string };

function isInt(x: unknown): boolean {
  return typeof x === "number" && Math.floor(x) === x;
}

/** The game's default options overridden by `given`; unknown names or wrong types are refused. */
export function mergeOptions(game: AnyGame, given: { [name: string]: unknown } | undefined): Rejection | { options: { [name: string]: unknown } } {
  const defaults = game.defaultOptions() as { [name: string]: unknown };
  const out: { [name: string]: unknown } = {};
  const known: string[] = stableSort(Object.keys(defaults), (a, b) => byteOrder(a, b));
  for (const k of known) out[k] = defaults[k];
  if (given === undefined) return { options: out };
  // sorted so Node and Lua report the same first problem
  const names: string[] = stableSort(Object.keys(given), (a, b) => byteOrder(a, b));
  for (const k of names) {
    // membership in the list, not `defaults[k]`: in Node every object inherits `constructor`,
    // `toString`, ... which a Lua table does not have
    if (!known.includes(k))
      return { rule: "SIM-options", message: "unknown option " + shown(k) + " for " + game.id + " (known: " + known.join(", ") + ")" };
    if (typeof given[k] !== typeof defaults[k])
      return { rule: "SIM-options", message: "option " + k + " must be a " + typeof defaults[k] + ", got " + shown(given[k]) };
    out[k] = given[k];
  }
  return { options: out };
}

interface Prepared {
  game: AnyGame;
  config: GameConfig<unknown>;
}

function prepare(gameId: string, players: unknown, options: { [name: string]: unknown } | undefined): Prepared | Rejection {
  const game = findEngine(gameId);
  if (game === undefined)
    return { rule: "SIM-game", message: "unknown or unregistered game " + shown(gameId) + " (games: " + GAME_IDS.join(", ") + ")" };
  if (!isInt(players) || (players as number) < game.minPlayers || (players as number) > game.maxPlayers)
    return { rule: "SIM-players", message: game.id + " takes " + game.minPlayers + " to " + game.maxPlayers + " players, got " + shown(players) };
  const merged = mergeOptions(game, options);
  if ("rule" in merged) return merged;
  const config: GameConfig<unknown> = { players: players as number, options: merged.options, dealer: -1, deal: [], setAside: [] };
  // The game's own option checks (e.g. EC-35's odd series) hold for simulate as for replay.
  const bad = game.checkConfig(config);
  if (bad !== undefined) return bad;
  return { game, config };
}

export function replayGame(req: ReplayRequest): ReplayReport {
  const events: BaseEvent[] = [];
  const prepared = prepare(req.game, req.players, req.options);
  if ("rule" in prepared) return { ok: false, index: -1, rule: prepared.rule, message: prepared.message, events };
  const game = prepared.game;
  const config: GameConfig<unknown> = {
    players: prepared.config.players,
    options: prepared.config.options,
    dealer: req.dealer !== undefined ? req.dealer : -1,
    deal: req.deal !== undefined ? req.deal : [],
    setAside: req.setAside !== undefined ? req.setAside : [],
  };
  const bad = game.checkConfig(config);
  if (bad !== undefined) return { ok: false, index: -1, rule: bad.rule, message: bad.message, events };
  const viewAs = req.viewAs !== undefined ? req.viewAs : -1;
  if (!isInt(viewAs) || viewAs < -1 || viewAs >= config.players)
    return {
      ok: false,
      index: -1,
      rule: "SIM-view",
      message: "viewAs must be a seat 0 to " + (config.players - 1) + " (" + config.players + " players) or -1 for the public view, got " + shown(viewAs),
      events,
    };
  let state: unknown = game.setup(config, req.seed);
  for (const e of game.startEvents(state)) events.push(e);
  for (let i = 0; i < req.actions.length; i++) {
    const action = req.actions[i];
    if (action === undefined || action === null || typeof action !== "object")
      return { ok: false, index: i, rule: "SIM-action", message: "action " + i + " is not an object {seat, type, ...}", events };
    // checked here, not left to each game: a missing seat prints as "undefined" in Node, "nil" in Lua
    if (typeof action.type !== "string")
      return { ok: false, index: i, rule: "SIM-action", message: "action " + i + " needs a type such as \"play\"", events };
    if (!isInt(action.seat) || action.seat < 0 || action.seat >= config.players)
      return { ok: false, index: i, rule: "SIM-action", message: "action " + i + ": the seat must be 0 to " + (config.players - 1) + " (" + config.players + " players)", events };
    const res = game.apply(state, action.seat, action);
    if (!res.ok) return { ok: false, index: i, rule: res.rule, message: res.message, events };
    for (const e of res.events) events.push(e);
    state = res.state;
  }
  return { ok: true, events, view: game.view(state, viewAs), result: game.result(state), active: game.active(state) };
}

/** The random policy: a uniformly random active seat, then a uniformly random legal action. */
export function randomSeat(active: number[], rng: Rng): number {
  return active.length === 1 ? active[0] : active[rngInt(rng, active.length)];
}

/** Everything `simulateGames` accumulates; exposed so a host can run games one at a time (progress). */
export interface SimRun {
  req: SimRequest;
  game: AnyGame;
  config: GameConfig<unknown>;
  hasher: Hasher;
  rounds: number[];
  actions: number[];
  tricks: number[];
  points: number[];
  wins: number[];
  sharedWins: number;
  scoreSums: number[];
}

export function simStart(req: SimRequest): SimRun | Rejection {
  const prepared = prepare(req.game, req.players, req.options);
  if ("rule" in prepared) return prepared;
  if (!isInt(req.games) || req.games < 1) return { rule: "SIM-games", message: "games must be a positive integer, got " + shown(req.games) };
  if (req.policy !== "random" && req.policy !== "greedy")
    return { rule: "SIM-policy", message: "policy must be random or greedy, got " + shown(req.policy) };
  const zeros: number[] = [];
  for (let s = 0; s < prepared.config.players; s++) zeros.push(0);
  return {
    req,
    game: prepared.game,
    config: prepared.config,
    hasher: hasherNew(),
    rounds: [],
    actions: [],
    tricks: [],
    points: [],
    wins: zeros.slice(),
    sharedWins: 0,
    scoreSums: zeros.slice(),
  };
}

/** Plays game `index` (0-based) of the run; returns an error message or undefined. */
export function simPlay(run: SimRun, index: number): Rejection | undefined {
  const game = run.game;
  const seed = run.req.seed + "#" + index;
  const policyRng = rngFromSeed(seed + "/policy");
  const maxActions = run.req.maxActions !== undefined ? run.req.maxActions : 100000;
  let state: unknown = game.setup(run.config, seed);
  const h = run.hasher;
  hasherAdd(h, "game " + index + "\n");
  const record = (e: BaseEvent): void => {
    hasherAdd(h, canonical(e));
    hasherAdd(h, "\n");
    const round = roundScored(e);
    if (round !== undefined) {
      run.rounds[index] = (run.rounds[index] !== undefined ? run.rounds[index] : 0) + 1;
      if (round.tricks !== undefined) for (const t of round.tricks) run.tricks.push(t);
      if (round.points !== undefined) for (const p of round.points) run.points.push(p);
    }
  };
  run.rounds[index] = 0;
  for (const e of game.startEvents(state)) record(e);
  let count = 0;
  let seats = game.active(state);
  while (seats.length > 0) {
    if (count >= maxActions) return { rule: "SIM-length", message: "game " + index + " did not end within " + maxActions + " actions" };
    const seat = randomSeat(seats, policyRng);
    const legal = game.legal(state, seat);
    if (legal.length === 0) return { rule: "SIM-legal", message: "game " + index + ": seat " + seat + " must act but has no legal action" };
    const action = run.req.policy === "greedy" ? game.greedy(state, seat, legal, policyRng) : legal[rngInt(policyRng, legal.length)];
    const res = game.apply(state, seat, action);
    if (!res.ok)
      return { rule: res.rule, message: "game " + index + ": a " + run.req.policy + " action was refused: " + res.message };
    for (const e of res.events) record(e);
    state = res.state;
    count++;
    seats = game.active(state);
  }
  run.actions[index] = count;
  const result = game.result(state);
  for (const w of result.winners) run.wins[w] += 1;
  if (result.winners.length > 1) run.sharedWins += 1;
  for (let s = 0; s < run.scoreSums.length; s++) run.scoreSums[s] += result.scores[s] !== undefined ? result.scores[s] : 0;
  return undefined;
}

/** Rounded to 4 decimals so both runtimes print the same digits. */
function ratio(a: number, b: number): number {
  return b === 0 ? 0 : Math.floor((a / b) * 10000 + 0.5) / 10000;
}

function summary(xs: number[]): Summary {
  if (xs.length === 0) return { mean: 0, min: 0, max: 0 };
  let sum = 0;
  let min = xs[0];
  let max = xs[0];
  for (const x of xs) {
    sum += x;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  return { mean: ratio(sum, xs.length), min, max };
}

function histogram(xs: number[]): Histogram[] {
  const sorted = stableSort(xs, (a, b) => a - b);
  const out: Histogram[] = [];
  for (const x of sorted) {
    if (out.length > 0 && out[out.length - 1].value === x) out[out.length - 1].count += 1;
    else out.push({ value: x, count: 1 });
  }
  return out;
}

export function simFinish(run: SimRun): SimStats {
  const games = run.req.games;
  const winRate: number[] = [];
  const meanScores: number[] = [];
  for (let s = 0; s < run.wins.length; s++) {
    winRate.push(ratio(run.wins[s], games));
    meanScores.push(ratio(run.scoreSums[s], games));
  }
  return {
    ok: true,
    game: run.game.id,
    players: run.config.players,
    games,
    seed: run.req.seed,
    policy: run.req.policy,
    options: run.config.options as { [name: string]: unknown },
    rounds: summary(run.rounds),
    actions: summary(run.actions),
    tricks: histogram(run.tricks),
    points: histogram(run.points),
    wins: run.wins,
    winRate,
    sharedWins: run.sharedWins,
    meanScores,
    eventsHash: hasherHex(run.hasher),
  };
}

export function simulateGames(req: SimRequest): SimReport {
  const run = simStart(req);
  if ("rule" in run) return { ok: false, game: -1, rule: run.rule, message: run.message };
  for (let i = 0; i < req.games; i++) {
    const bad = simPlay(run, i);
    if (bad !== undefined) return { ok: false, game: i, rule: bad.rule, message: bad.message };
  }
  return simFinish(run);
}
