/**
 * Golden playthroughs (OpenSpiel's playthroughs): seeded complete games played by the sim's own
 * policies, written as text transcripts in each game's folder (src/engine/<game>/playthroughs/) and committed. A rule change
 * that alters Node and Lua alike passes the parity tests but changes a transcript.
 *
 * A transcript is game 0 of `simulateGames(request)`: the same seed ("<seed>#0"), the same
 * policy generator and choices (src/engine/sim.ts `simPlay`), so `simulateGames`' eventsHash
 * must match the transcript's events too. One line per record, `<kind> <canonical JSON>`:
 *   simulate {request}      the simulate request (game, players, seed, policy, options)
 *   replay {request}        the equivalent replay request without its actions
 *   event {...}             a start event (before the first action) or an event of the action above
 *   action {seat, type...}  an action with its seat
 *   view-at <n> <seat> {...}   a seat's view after the first n actions (mid-game: hands, hidden commits)
 *   result / active / view <seat> {...}   the end: result, seats to act (none) and views
 * Write a new game's with `npx tsx scripts/make-playthroughs.ts <game>`; regenerate with
 * `npx tsx scripts/make-playthroughs.ts` (only after a deliberate rule change).
 * It lives in scripts/ (which writes the transcripts; test/playthroughs.test.ts reads them) so
 * imports run one way: test/ may import scripts/, never the reverse (test/architecture.test.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { canonical, hasherAdd, hasherHex, hasherNew } from "../src/engine/core/serialize";
import { rngFromSeed, rngInt } from "../src/engine/core/rng";
import type { BaseEvent, GameConfig } from "../src/engine/core/types";
import { allGames, findGame } from "../src/engine/registry";
import { mergeOptions, randomSeat, type Policy, type ReplayAction, type ReplayRequest, type SimRequest } from "../src/engine/sim";

/** The repository (transcript paths are relative to it). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Where a game's transcripts live: its own folder, so a new game brings its own (docs/engines.md "Adding a game"). */
export function playthroughDir(game: string): string {
  return `src/engine/${game}/playthroughs`;
}

/** Seats whose final view a transcript records: the spectator and seat 0. */
export const VIEW_SEATS = [-1, 0];

export interface GoldenCase {
  game: string;
  players: number;
  policy: Policy;
  /** Also the file name's tail: <players>p-<seed>.txt in the game's playthroughs/ folder. */
  seed: string;
  options?: { [name: string]: unknown };
}

/** Every registered game × every player count × both policies: the transcripts each game must have. */
export function defaultCases(games: readonly string[] = allGames().map((g) => g.id)): GoldenCase[] {
  const out: GoldenCase[] = [];
  for (const id of games) {
    const g = findGame(id)!;
    for (let p = g.minPlayers; p <= g.maxPlayers; p++)
      for (const policy of ["random", "greedy"] as const) out.push({ game: g.id, players: p, policy, seed: policy });
  }
  return out;
}

/**
 * The case a transcript file records, from its `simulate` line: a game's folder may hold more
 * than the default cases (non-default options worth a transcript of their own), each file
 * naming its own request.
 */
export function caseOfFile(file: string): GoldenCase {
  const first = fs.readFileSync(path.join(ROOT, file), "utf8").split("\n").find((l) => !l.startsWith("#")) ?? "";
  if (!first.startsWith("simulate ")) throw new Error(`${file}: a transcript starts (after its # comments) with its simulate line`);
  const req = JSON.parse(first.slice("simulate ".length)) as SimRequest;
  const c: GoldenCase = { game: req.game, players: req.players, policy: req.policy ?? "random", seed: req.seed };
  if (req.options !== undefined) c.options = req.options;
  return c;
}

/** The transcript files of `game`'s folder (repo-relative paths), sorted. */
export function transcriptFiles(game: string): string[] {
  const dir = playthroughDir(game);
  if (!fs.existsSync(path.join(ROOT, dir))) return [];
  return fs.readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith(".txt")).sort().map((f) => path.posix.join(dir, f));
}

/** The default cases plus every case a game's folder holds a transcript of. */
export function goldenCases(games?: readonly string[]): GoldenCase[] {
  const out = defaultCases(games);
  const names = new Set(out.map((c) => goldenPath(c)));
  for (const id of new Set(out.map((c) => c.game))) {
    for (const file of transcriptFiles(id)) {
      if (names.has(file)) continue;
      names.add(file);
      out.push(caseOfFile(file));
    }
  }
  return out;
}

/** The transcript's file: <players>p-<seed>.txt in the game's playthroughs/ folder. */
export function goldenPath(c: GoldenCase): string {
  return `${playthroughDir(c.game)}/${c.players}p-${c.seed}.txt`;
}

export function simRequest(c: GoldenCase): SimRequest {
  const req: SimRequest = { game: c.game, players: c.players, games: 1, seed: c.seed, policy: c.policy };
  if (c.options !== undefined) req.options = c.options;
  return req;
}

/** The seed `simulateGames` gives its game `index`. */
function gameSeed(seed: string, index: number): string {
  return seed + "#" + index;
}

export interface Golden {
  request: SimRequest;
  replay: Omit<ReplayRequest, "actions">;
  startEvents: BaseEvent[];
  steps: { action: ReplayAction; events: BaseEvent[] }[];
  result: unknown;
  active: number[];
  views: { seat: number; view: unknown }[];
  /** Views after the first `after` actions (half the game). */
  midViews: { after: number; seat: number; view: unknown }[];
}

/** Plays game 0 of `simulateGames(simRequest(c))` step by step, recording every action and event. */
export function recordGolden(c: GoldenCase): Golden {
  const game = findGame(c.game);
  if (game === undefined) throw new Error(`unknown game ${c.game}`);
  const request = simRequest(c);
  const merged = mergeOptions(game, c.options);
  if ("rule" in merged) throw new Error(`${c.game}: ${merged.message}`);
  const config: GameConfig<unknown> = { players: c.players, options: merged.options, dealer: -1, deal: [], setAside: [] };
  const seed = gameSeed(c.seed, 0);
  const policyRng = rngFromSeed(seed + "/policy");
  let state: unknown = game.setup(config, seed);
  const startEvents = game.startEvents(state);
  const steps: Golden["steps"] = [];
  const states: unknown[] = [state];
  let seats = game.active(state);
  while (seats.length > 0) {
    if (steps.length > 100000) throw new Error(`${goldenPath(c)}: no end after 100000 actions`);
    const seat = randomSeat(seats, policyRng);
    const legal = game.legal(state, seat);
    const action =
      c.policy === "greedy" ? game.greedy(state, seat, legal, policyRng) : legal[rngInt(policyRng, legal.length)];
    const res = game.apply(state, seat, action);
    if (!res.ok) throw new Error(`${goldenPath(c)}: ${res.rule} ${res.message}`);
    steps.push({ action: { ...action, seat }, events: res.events });
    state = res.state;
    states.push(state);
    seats = game.active(state);
  }
  const after = Math.floor(steps.length / 2);
  const replay: Omit<ReplayRequest, "actions"> = { game: c.game, players: c.players, seed };
  if (c.options !== undefined) replay.options = c.options;
  return {
    request,
    replay,
    startEvents,
    steps,
    result: game.result(state),
    active: seats,
    views: VIEW_SEATS.map((seat) => ({ seat, view: game.view(state, seat) })),
    midViews: VIEW_SEATS.map((seat) => ({ after, seat, view: game.view(states[after], seat) })),
  };
}

/** The transcript text: a header comment, then one `<kind> <canonical JSON>` line per record. */
export function formatGolden(g: Golden): string {
  const r = g.request;
  const lines = [
    `# Golden playthrough: ${r.game}, ${r.players} players, ${r.policy} policy (scripts/playthroughs.ts).`,
    "# Regenerate only after a deliberate rule change: npx tsx scripts/make-playthroughs.ts",
    `simulate ${canonical(g.request)}`,
    `replay ${canonical(g.replay)}`,
  ];
  for (const e of g.startEvents) lines.push(`event ${canonical(e)}`);
  for (const s of g.steps) {
    lines.push(`action ${canonical(s.action)}`);
    for (const e of s.events) lines.push(`event ${canonical(e)}`);
  }
  for (const v of g.midViews) lines.push(`view-at ${v.after} ${v.seat} ${canonical(v.view)}`);
  lines.push(`result ${canonical(g.result)}`);
  lines.push(`active ${canonical(g.active)}`);
  for (const v of g.views) lines.push(`view ${v.seat} ${canonical(v.view)}`);
  return lines.join("\n") + "\n";
}

/** What a transcript asserts, read back from its text (canonical JSON strings, compared as text). */
export interface ParsedGolden {
  request: SimRequest;
  replay: ReplayRequest;
  /** Every event, start events included, in order (canonical text). */
  events: string[];
  result: string;
  active: string;
  views: { seat: number; view: string }[];
  midViews: { after: number; seat: number; view: string }[];
}

export function parseGolden(text: string, where: string): ParsedGolden {
  let request: SimRequest | undefined;
  let replay: Omit<ReplayRequest, "actions"> | undefined;
  const actions: ReplayAction[] = [];
  const events: string[] = [];
  const views: { seat: number; view: string }[] = [];
  const midViews: { after: number; seat: number; view: string }[] = [];
  let result = "";
  let active = "";
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === "" || line.startsWith("#")) continue;
    const space = line.indexOf(" ");
    const kind = space < 0 ? line : line.slice(0, space);
    const rest = line.slice(space + 1);
    const at = `${where}:${i + 1}`;
    if (kind === "simulate") request = JSON.parse(rest) as SimRequest;
    else if (kind === "replay") replay = JSON.parse(rest) as Omit<ReplayRequest, "actions">;
    else if (kind === "action") actions.push(JSON.parse(rest) as ReplayAction);
    else if (kind === "event") events.push(rest);
    else if (kind === "result") result = rest;
    else if (kind === "active") active = rest;
    else if (kind === "view") {
      const gap = rest.indexOf(" ");
      views.push({ seat: Number(rest.slice(0, gap)), view: rest.slice(gap + 1) });
    } else if (kind === "view-at") {
      const [after, seat] = rest.split(" ", 2);
      midViews.push({ after: Number(after), seat: Number(seat), view: rest.slice(after.length + seat.length + 2) });
    } else throw new Error(`${at}: unknown record "${kind}"`);
  }
  if (request === undefined || replay === undefined || result === "" || active === "" || views.length === 0)
    throw new Error(`${where}: incomplete transcript (needs simulate, replay, result, active and view lines)`);
  return { request, replay: { ...replay, actions }, events, result, active, views, midViews };
}

/** The eventsHash `simulateGames` reports for a one-game run whose game 0 emitted `events`. */
export function eventsHash(events: readonly string[]): string {
  const h = hasherNew();
  hasherAdd(h, "game 0\n");
  for (const e of events) {
    hasherAdd(h, e);
    hasherAdd(h, "\n");
  }
  return hasherHex(h);
}

/** "<unit> N: transcript … / now …" for the first differing line of two texts, or undefined. */
export function firstLineDifference(expected: string, actual: string, unit = "line"): string | undefined {
  if (expected === actual) return undefined;
  const a = expected.split("\n");
  const b = actual.split("\n");
  const n = Math.max(a.length, b.length);
  const cut = (s: string | undefined) => (s === undefined ? "(no line)" : s.length > 400 ? s.slice(0, 400) + "…" : s);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return `${unit} ${i + 1}:\n  transcript: ${cut(a[i])}\n  now:        ${cut(b[i])}`;
  return "texts differ";
}
