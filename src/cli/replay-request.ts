/**
 * Checks the shape of a replay file before it reaches the engine: every problem is reported
 * with its location (`game.json:7:12: actions[3].seat: expected an integer seat, got "x"`).
 * Game rules (which cards, whose turn) are the engine's job; this only checks JSON types.
 */
import type { ReplayRequest } from "../engine/sim";
import { closest, type JsonDocument } from "./json-locate";
import { seedCommitment } from "../table/commitment";

const KEYS = ["game", "players", "seed", "commitment", "options", "dealer", "deal", "setAside", "actions", "viewAs"];

/** Keys that state a deal instead of letting the seed deal it. */
const DEAL_KEYS = ["deal", "dealer", "setAside"];

export interface RequestProblem {
  path: string;
  message: string;
}

function describe(x: unknown): string {
  if (x === undefined) return "nothing (the key is missing)";
  if (x === null) return "null";
  if (Array.isArray(x)) return "an array";
  if (typeof x === "object") return "an object";
  return typeof x === "string" ? quoted(x) : JSON.stringify(x);
}

/** A string as JSON, only its start when long (a message must not echo a whole file). */
function quoted(s: string): string {
  return s.length > 60 ? `${JSON.stringify(s.slice(0, 60))}… (${s.length} characters)` : JSON.stringify(s);
}

/** Seats, counts and bids are small: larger or fractional numbers would print differently in Lua. */
const LIMIT = 2 ** 31 - 1;

const isInt = (x: unknown): x is number => typeof x === "number" && Number.isInteger(x) && Math.abs(x) <= LIMIT;
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const isAscii = (s: string): boolean => /^[\x20-\x7e]*$/.test(s);

function wholeNumbersIn(x: unknown): boolean {
  if (typeof x === "number") return isInt(x);
  if (Array.isArray(x)) return x.every(wholeNumbersIn);
  if (isObject(x)) return Object.values(x).every(wholeNumbersIn);
  return true;
}

export function checkReplayRequest(value: unknown): RequestProblem[] {
  const problems: RequestProblem[] = [];
  const bad = (path: string, message: string): void => {
    problems.push({ path, message });
  };
  if (!isObject(value)) {
    bad("", `expected a replay object {"game","players","seed","actions",...}, got ${describe(value)}`);
    return problems;
  }
  for (const k of Object.keys(value)) {
    if (!KEYS.includes(k)) {
      const guess = closest(k, KEYS);
      bad(k, `unknown key ${quoted(k)}${guess !== undefined ? ` (did you mean "${guess}"?)` : ` (known: ${KEYS.join(", ")})`}`);
    }
  }
  if (typeof value.game !== "string") bad("game", `expected a game id (the name of its data folder), got ${describe(value.game)}`);
  if (!isInt(value.players)) bad("players", `expected the number of players, got ${describe(value.players)}`);
  if (typeof value.seed !== "string") bad("seed", `expected a seed string such as "s", got ${describe(value.seed)}`);
  else if (!isAscii(value.seed)) bad("seed", "the seed must be printable ASCII (Lua hashes bytes, Node UTF-16 units)");
  // A table's log carries the commitment it showed at Start: the revealed seed must hash to it.
  if (value.commitment !== undefined) {
    if (typeof value.commitment !== "string") bad("commitment", `expected the commitment the table showed (hex digits), got ${describe(value.commitment)}`);
    else if (typeof value.seed === "string" && isAscii(value.seed) && seedCommitment(value.seed) !== value.commitment.toLowerCase())
      bad("commitment", "the seed does not hash to this commitment (the one the table showed at Start): the seed or the commitment was changed, so the deal cannot be trusted");
    // A committed log's deal comes from its seed alone: a stated deal would replace the one committed to.
    for (const k of DEAL_KEYS)
      if (value[k] !== undefined)
        bad(k, `a log with a deal commitment is dealt by its seed alone: remove "${k}" (a table's log never has it), or remove "commitment" to replay a deal of your own`);
  }
  if (value.options !== undefined && !isObject(value.options)) bad("options", `expected an object of options, got ${describe(value.options)}`);
  if (value.options !== undefined && isObject(value.options))
    for (const [k, v] of Object.entries(value.options)) {
      if (!isAscii(k)) bad(`options.${k}`, "option names are printable ASCII");
      else if (v === null || typeof v === "object") bad(`options.${k}`, `expected a boolean, number or string, got ${describe(v)}`);
    }
  if (value.dealer !== undefined && !isInt(value.dealer)) bad("dealer", `expected a seat number, got ${describe(value.dealer)}`);
  if (value.viewAs !== undefined && !isInt(value.viewAs)) bad("viewAs", `expected a seat number or -1, got ${describe(value.viewAs)}`);
  else if (isInt(value.viewAs) && isInt(value.players) && value.players >= 1 && !isSeatOrPublic(value.viewAs, value.players))
    bad("viewAs", `${seatsText(value.players)}, got ${value.viewAs}`);
  const stringList = (x: unknown, path: string): void => {
    if (!Array.isArray(x)) return bad(path, `expected an array of card ids, got ${describe(x)}`);
    x.forEach((id, i) => {
      if (typeof id !== "string") bad(`${path}[${i}]`, `expected a card id, got ${describe(id)}`);
    });
  };
  if (value.deal !== undefined) {
    if (!Array.isArray(value.deal)) bad("deal", `expected one array of card ids per seat, got ${describe(value.deal)}`);
    else value.deal.forEach((hand, s) => stringList(hand, `deal[${s}]`));
  }
  if (value.setAside !== undefined) stringList(value.setAside, "setAside");
  if (!Array.isArray(value.actions)) bad("actions", `expected an array of actions {"seat":0,"type":...}, got ${describe(value.actions)}`);
  else
    value.actions.forEach((a, i) => {
      const path = `actions[${i}]`;
      if (!isObject(a)) return bad(path, `expected an action object {"seat":0,"type":...}, got ${describe(a)}`);
      if (!isInt(a.seat)) bad(`${path}.seat`, `expected a seat number (0-based), got ${describe(a.seat)}`);
      if (typeof a.type !== "string") bad(`${path}.type`, `expected an action type such as "play", got ${describe(a.type)}`);
      for (const [k, v] of Object.entries(a)) {
        if (v === null) bad(`${path}.${k}`, "null is not a value any action takes");
        else if (!wholeNumbersIn(v)) bad(`${path}.${k}`, `numbers in actions are whole numbers from ${-LIMIT} to ${LIMIT}, got ${describe(v)}`);
      }
    });
  return problems;
}

/** Shown at most; the rest are counted (a file of 20 000 bad actions would bury the first). */
const MAX_SHOWN = 50;

/** Problems as located lines, one per problem. */
export function formatProblems(problems: RequestProblem[], doc: JsonDocument): string {
  const lines = problems.slice(0, MAX_SHOWN).map((p) => `${doc.locate(p.path)}: ${p.path === "" ? "" : shownPath(p.path) + ": "}${p.message}`);
  if (problems.length > MAX_SHOWN) lines.push(`${doc.name}: … and ${problems.length - MAX_SHOWN} more problems`);
  return lines.join("\n");
}

/** A path as written, or quoted when a key holds spaces or other odd characters. */
function shownPath(path: string): string {
  return path.length <= 60 && /^[A-Za-z0-9_$.[\]-]+$/.test(path) ? path : quoted(path);
}

export function isSeatOrPublic(seat: number, players: number): boolean {
  return seat === -1 || (seat >= 0 && seat < players);
}

/** What a view seat may be, for error messages. */
export function seatsText(players: number): string {
  return `the view must be a seat 0 to ${players - 1} (${players} players) or -1 for the public view`;
}

export function asReplayRequest(value: unknown): ReplayRequest {
  return value as ReplayRequest;
}
