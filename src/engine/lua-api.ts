/**
 * Entry point of the Lua bundle (out/lua/syzygy-engine.lua): the API plain Lua calls — the TTS
 * host glue and the Node-side Lua test host. The bundle's return value is this module's export
 * table, so a TTS script that pastes the bundle inside a function gets it as a table:
 *
 *   local syzygy = (function(...) <contents of syzygy-engine.lua> end)()
 *   local lt = syzygy.game("<game id>")
 *   local state = lt.setup({ players = 4 }, "seed-1")
 *   local seats = lt.active(state)                    -- 0-based seat numbers
 *   local moves = lt.legal(state, seats[1])           -- Lua arrays are 1-based, seats are not
 *   local res = lt.apply(state, seats[1], moves[1])   -- { ok = true, state, events } or { ok = false, rule, message }
 *   print(syzygy.canonical(res.events))               -- canonical text: identical to Node's
 *
 * Every function is called with a dot (no `self`). State, actions, events and views are plain
 * Lua tables with string keys and 1-based arrays; never mutate them (the engine never does).
 * Engine code must stay Lua-safe: see docs/lua-safe.md.
 */
import type { BaseAction, BaseEvent, GameConfig, GameResult, Seat } from "./core/types";
import { rngCopy, rngFromSeed, rngInt, rngNext, shuffle } from "./core/rng";
import { byteOrder, contains, idiv, mod, seatsFrom, stableSort, without } from "./core/util";
import { canonical, formatNumber, hasherAdd, hasherHex, hasherNew, hashText } from "./core/serialize";
import { allGames, findGame, GAME_IDS, type AnyGame } from "./registry";
import { findEngine, templateEngines } from "./templates";

// allGames/findGame return the raw engine objects (for Node-side callers such as the parity
// harness); in Lua their methods take `self` (`g:legal(state, seat)`) — plain Lua uses game(id).
export { canonical, hashText, allGames, findGame };
/** Engines the tests play besides the games (./templates.ts): the template `syzygy new --engine` copies. */
export { templateEngines };
/** Replay a recorded game / simulate many (src/engine/sim.ts): the CLI's `--runtime lua` calls these. */
export { replayGame, simulateGames } from "./sim";
/** The same simulation a game at a time, so a host can report progress on long runs. */
export { simStart, simPlay, simFinish } from "./sim";

/** `setup`'s config as callers write it: only `players` is required. */
export interface SetupConfig {
  players: number;
  options?: unknown;
  dealer?: number;
  deal?: string[][];
  setAside?: string[];
}

/**
 * One game's functions, as plain Lua calls them: `api.legal(state, seat)` with a dot.
 * TSTL gives interface methods and function properties a `self` parameter even with
 * noImplicitSelf (so `Game` objects need `g:legal(state, seat)` in Lua); `@noSelf` removes it.
 * @noSelf
 */
export interface GameApi {
  id: string;
  minPlayers: number;
  maxPlayers: number;
  defaultOptions: () => unknown;
  setup: (config: SetupConfig, seed: string) => unknown;
  active: (state: unknown) => Seat[];
  legal: (state: unknown, seat: Seat) => BaseAction[];
  apply: (
    state: unknown,
    seat: Seat,
    action: BaseAction,
  ) => { ok: true; state: unknown; events: BaseEvent[] } | { ok: false; rule: string; message: string };
  view: (state: unknown, seat: Seat) => unknown;
  result: (state: unknown) => GameResult;
}

/** The full GameConfig with defaults: the game's default options, a seeded dealer and deal. */
export function fullConfig(g: AnyGame, config: SetupConfig): GameConfig<unknown> {
  return {
    players: config.players,
    options: config.options !== undefined ? config.options : g.defaultOptions(),
    dealer: config.dealer !== undefined ? config.dealer : -1,
    deal: config.deal !== undefined ? config.deal : [],
    setAside: config.setAside !== undefined ? config.setAside : [],
  };
}

function makeApi(g: AnyGame): GameApi {
  return {
    id: g.id,
    minPlayers: g.minPlayers,
    maxPlayers: g.maxPlayers,
    defaultOptions: () => g.defaultOptions(),
    setup: (config, seed) => g.setup(fullConfig(g, config), seed),
    active: (state) => g.active(state),
    legal: (state, seat) => g.legal(state, seat),
    apply: (state, seat, action) => g.apply(state, seat, action),
    view: (state, seat) => g.view(state, seat),
    result: (state) => g.result(state),
  };
}

/** Ids of the registered engines (the registry's order). */
export function gameIds(): string[] {
  const out: string[] = [];
  for (const g of allGames()) out.push(g.id);
  return out;
}

/** The API of game `id`; errors naming the known ids when there is none. */
export function game(id: string): GameApi {
  const g = findGame(id);
  if (g === undefined) {
    const known = gameIds();
    // A string, not an Error: TSTL's Error class needs `debug` to print, which TTS lacks.
    throw (
      `unknown game "${id}": registered engines are ${known.length > 0 ? known.join(", ") : "(none)"}; ` +
      `game ids are ${GAME_IDS.join(", ")}`
    );
  }
  return makeApi(g);
}

/** Lua-safe helpers the host glue may need, identical in Node and Lua. */
export const core = {
  rngFromSeed,
  rngCopy,
  rngNext,
  rngInt,
  shuffle,
  mod,
  idiv,
  stableSort,
  byteOrder,
  without,
  contains,
  seatsFrom,
  canonical,
  formatNumber,
  hashText,
  hasherNew,
  hasherAdd,
  hasherHex,
};

// ---------------------------------------------------------------------------------------------
// Playthroughs: seeded random games recorded step by step. The same code runs in Node and in
// Lua, so the parity tests and the benchmark compare the two runtimes event by event.

export interface PlaythroughRequest {
  game: string;
  players: number;
  /** Seed of the deal (engine) and of the random choices (prefixed, so they differ). */
  seed: string;
  options?: unknown;
  /** Record a hash of the whole state after each step (slower: serializes the state). */
  states?: boolean;
  /** Record a hash of every seat's view after each step (slower; checks `view` too). */
  views?: boolean;
  /**
   * Also apply illegal variants of each chosen action (unknown type, wrong seat, each field
   * replaced by a bogus value) and record the outcome: checks rejections (rule and message) too.
   */
  probes?: boolean;
  /** Safety stop for engines that never end (default 5000 steps). */
  maxSteps?: number;
}

export interface PlaythroughStep {
  seat: Seat;
  action: BaseAction;
  events: BaseEvent[];
  /** hashText(canonical(state)) after the step (only with `states`). */
  state?: string;
  /** hashText of every seat's canonical view after the step (only with `views`). */
  views?: string;
  /** Outcomes of the illegal variants tried before the step (only with `probes`). */
  probes?: ProbeOutcome[];
}

/** What `apply` said to a probe: "ok" with its events, or the rejection. */
export interface ProbeOutcome {
  ok: boolean;
  rule: string;
  message: string;
  events: BaseEvent[];
}

export interface Playthrough {
  game: string;
  players: number;
  seed: string;
  /** hashText(canonical(state)) right after setup and at the end. */
  start: string;
  end: string;
  /** The game's `startEvents` (e.g. the first deal). */
  startEvents: BaseEvent[];
  steps: PlaythroughStep[];
  result: GameResult;
  /** Empty when the game ended normally; else why it stopped (an engine bug either way). */
  error: string;
}

function viewsHash(g: AnyGame, state: unknown, players: number): string {
  const h = hasherNew();
  for (let s = 0; s < players; s++) hasherAdd(h, canonical(g.view(state, s)));
  return hasherHex(h);
}

/** Variants of `action` that the engine should (mostly) refuse, in a runtime-independent order. */
function probeActions(action: BaseAction, seat: Seat, players: number): { seat: Seat; action: BaseAction }[] {
  const out: { seat: Seat; action: BaseAction }[] = [];
  out.push({ seat, action: { type: "no-such-action" } });
  out.push({ seat: mod(seat + 1, players), action });
  const fields = action as unknown as { [key: string]: unknown };
  const keys = stableSort(Object.keys(fields), (a, b) => byteOrder(a, b));
  for (const k of keys) {
    if (k === "type") continue;
    const v = fields[k];
    let bogus: unknown = undefined;
    if (typeof v === "string") bogus = "no-such-card";
    else if (typeof v === "number") bogus = v + 1000;
    else if (Array.isArray(v)) bogus = [];
    if (bogus === undefined) continue;
    const copy: { [key: string]: unknown } = {};
    for (const k2 of keys) copy[k2] = k2 === k ? bogus : fields[k2];
    out.push({ seat, action: copy as unknown as BaseAction });
  }
  return out;
}

/** Plays one seeded random game: each step a random active seat takes a random legal action. */
export function playthrough(req: PlaythroughRequest): Playthrough {
  const g = findEngine(req.game);
  if (g === undefined) throw `unknown game "${req.game}"`;
  const rng = rngFromSeed("policy:" + req.seed);
  let state: unknown = g.setup(fullConfig(g, { players: req.players, options: req.options }), req.seed);
  const start = hashText(canonical(state));
  const startEvents = g.startEvents(state);
  const steps: PlaythroughStep[] = [];
  const maxSteps = req.maxSteps !== undefined ? req.maxSteps : 5000;
  let error = "";
  while (true) {
    const active = g.active(state);
    if (active.length === 0) break;
    if (steps.length >= maxSteps) {
      error = `no end after ${maxSteps} steps`;
      break;
    }
    const seat = active[rngInt(rng, active.length)];
    const legal = g.legal(state, seat);
    if (legal.length === 0) {
      error = `active seat ${seat} has no legal action`;
      break;
    }
    const action = legal[rngInt(rng, legal.length)];
    let probes: ProbeOutcome[] | undefined = undefined;
    if (req.probes === true) {
      probes = [];
      for (const p of probeActions(action, seat, req.players)) {
        const r = g.apply(state, p.seat, p.action);
        probes.push(r.ok ? { ok: true, rule: "", message: "", events: r.events } : { ok: false, rule: r.rule, message: r.message, events: [] });
      }
    }
    const res = g.apply(state, seat, action);
    if (!res.ok) {
      error = `legal action ${canonical(action)} of seat ${seat} rejected: ${res.rule} ${res.message}`;
      break;
    }
    state = res.state;
    const step: PlaythroughStep = { seat, action, events: res.events };
    if (req.states === true) step.state = hashText(canonical(state));
    if (req.views === true) step.views = viewsHash(g, state, req.players);
    if (probes !== undefined) step.probes = probes;
    steps.push(step);
  }
  return {
    game: req.game,
    players: req.players,
    seed: req.seed,
    start,
    end: hashText(canonical(state)),
    startEvents,
    steps,
    result: g.result(state),
    error,
  };
}

/** Several playthroughs (seeds `prefix` .. i for i in [from, from + count)). */
export function playthroughs(
  req: Omit<PlaythroughRequest, "seed"> & { seedPrefix: string; from: number; count: number },
): Playthrough[] {
  const out: Playthrough[] = [];
  for (let i = req.from; i < req.from + req.count; i++) {
    out.push(
      playthrough({
        game: req.game,
        players: req.players,
        seed: req.seedPrefix + formatNumber(i),
        options: req.options,
        states: req.states,
        views: req.views,
        probes: req.probes,
        maxSteps: req.maxSteps,
      }),
    );
  }
  return out;
}
