/**
 * What a player reads when the table refuses a move: one plain sentence saying what was wrong and
 * what to do, with the ruling id in brackets, e.g. "Sun 7 does not follow the lead suit (moon);
 * play a moon card [SE-5]." The engines' messages are written for replay files (seat numbers,
 * card ids, action JSON); this turns them into table language: seats become colours, card ids
 * card names, JSON and quoted action names go, and a per-rule hint says what to do instead.
 * Plain string operations only (compiles to Lua: no RegExp).
 */

export interface Names {
  /** Seat colours, seat 0 first. */
  colors: string[];
  /** A card's printed name by id ("" when the id is not a card). */
  cardName: (id: string) => string;
}

interface Hint {
  rule: string;
  /** The engine message starts with this ("" = any message of the rule). */
  starts: string;
  /** Replaces the engine's text as the "what was wrong" part ("" = keep the cleaned message). */
  problem: string;
  fix: string;
}

const WAIT = "wait for your turn";
const OWN = "use a card from your own hand";
const OVER = "press Start for a new game";
const SIT = "sit at one of the game's colours to play";

const HINTS: Hint[] = [
  // Solar Eclipse
  { rule: "SE-2", starts: "every player chooses a bid card", problem: "Bids come first", fix: "drop one of your bid cards into the play area" },
  { rule: "SE-2", starts: "seat ", problem: "You have already bid this round", fix: "wait until everyone has bid" },
  { rule: "SE-2", starts: "bids are chosen once", problem: "Bids are made once, before the first trick", fix: "play a card from your hand" },
  { rule: "SE-1", starts: "", problem: "That bid card is not used with this many players", fix: "drop one of your own bid cards" },
  { rule: "SE-turn", starts: "it is seat", problem: "", fix: WAIT },
  { rule: "SE-turn", starts: "", problem: "Nobody plays now", fix: "wait for the table to be ready" },
  { rule: "SE-hand", starts: "", problem: "That card is not in your hand", fix: OWN },
  { rule: "SE-over", starts: "", problem: "The game is over", fix: OVER },
  { rule: "SE-action", starts: "", problem: "That is not a move in this game", fix: "drop a card or a bid card into the play area" },
  { rule: "SE-5", starts: "", problem: "", fix: "play a card of the lead suit" },
  { rule: "SE-6", starts: "", problem: "", fix: "play a card of the lead suit or the card matching your first card's rank" },
  // Lunar Trick
  { rule: "LT-seat", starts: "", problem: "You are not seated in this game", fix: SIT },
  { rule: "LT-over", starts: "", problem: "The game is over", fix: OVER },
  { rule: "LT-phase", starts: "each round opens", problem: "The round opens with the face-down initial trick", fix: "drop one card into the play area to commit it" },
  { rule: "LT-phase", starts: "", problem: "Tricks are under way", fix: "play one card into the play area" },
  { rule: "LT-turn", starts: "seat ", problem: "You have already committed your initial card", fix: "wait for the others to commit" },
  { rule: "LT-turn", starts: "", problem: "", fix: WAIT },
  { rule: "LT-hand", starts: "", problem: "That card is not in your hand", fix: OWN },
  { rule: "LT-2", starts: "the holder", problem: "You hold the Solar Eclipse", fix: "commit it to the initial trick" },
  { rule: "LT-2", starts: "", problem: "The Lunar Eclipse may not open the round", fix: "commit another card" },
  { rule: "LT-6", starts: "the Lunar Eclipse was led", problem: "The Lunar Eclipse was led", fix: "play a trump card" },
  { rule: "LT-6", starts: "", problem: "", fix: "follow the led suit or play the Lunar Eclipse" },
  // Eclipsed
  { rule: "action", starts: "", problem: "That is not a move in this game", fix: "use the buttons or drop a card into the play area" },
  { rule: "hand", starts: "", problem: "", fix: OWN },
  { rule: "EC-2", starts: "every player first contributes", problem: "Every player first contributes an Edict", fix: "drop a number card into the play area" },
  { rule: "EC-2", starts: "seat ", problem: "You have already contributed your Edict", fix: "wait for the others" },
  { rule: "EC-2", starts: "", problem: "", fix: "contribute a number card instead" },
  { rule: "turn", starts: "it is seat", problem: "", fix: WAIT },
  { rule: "turn", starts: "a turn starts with a draw", problem: "A turn starts with a draw", fix: "press Draw from deck or Take discard first" },
  { rule: "turn", starts: "", problem: "You have drawn already", fix: "declare a meld, discard or go out" },
  { rule: "EC-28", starts: "", problem: "The match is over", fix: OVER },
  { rule: "EC-24", starts: "going out starts", problem: "", fix: "go out on a later turn" },
  { rule: "EC-24", starts: "your hand is empty", problem: "Your hand is empty", fix: "press Go out" },
  { rule: "EC-24", starts: "", problem: "Going out without a discard needs an empty hand", fix: "press Go out, then drop your discard" },
  { rule: "going-out", starts: "", problem: "", fix: "declare more melds before going out" },
  { rule: "EC-23", starts: "", problem: "", fix: "meld more suits before going out" },
  { rule: "EC-20", starts: "", problem: "", fix: "meld other cards" },
  { rule: "EC-18", starts: "", problem: "", fix: "lay out a set, a run or a pair and press Declare meld again" },
  { rule: "EC-19", starts: "", problem: "Traveler high applies only to a run with a Traveler", fix: "press Declare meld instead" },
  { rule: "EC-12", starts: "", problem: "", fix: "meld other cards instead" },
  { rule: "EC-25", starts: "your hand is empty", problem: "", fix: "press Draw from deck" },
  { rule: "EC-25", starts: "", problem: "", fix: "discard another card" },
  { rule: "draw", starts: "", problem: "The discard pile is empty", fix: "press Draw from deck" },
];

function replaceAll(s: string, from: string, to: string): string {
  if (from === "") return s;
  let out = "";
  let rest = s;
  for (;;) {
    const i = rest.indexOf(from);
    if (i < 0) return out + rest;
    out = out + rest.substring(0, i) + to;
    rest = rest.substring(i + from.length);
  }
}

function startsWith(s: string, prefix: string): boolean {
  return s.substring(0, prefix.length) === prefix;
}

/** Drops " ({...})" / "{...}" spans (action JSON examples). */
function withoutJson(s: string): string {
  let out = s;
  for (;;) {
    const open = out.indexOf("{");
    if (open < 0) return out;
    let close = out.indexOf("}", open);
    if (close < 0) return out.substring(0, open);
    let from = open;
    if (from > 0 && out.substring(from - 1, from) === "(" && out.substring(close + 1, close + 2) === ")") {
      from = from - 1;
      close = close + 1;
    }
    if (from > 0 && out.substring(from - 1, from) === " ") from = from - 1;
    out = out.substring(0, from) + out.substring(close + 1);
  }
}

/** Drops `, not "x"` tails naming an action type, and `, not seat N's` (the refused seat is the reader). */
function withoutQuotedTails(s: string): string {
  let out = s;
  for (;;) {
    const i = out.indexOf(', not "');
    if (i < 0) break;
    const end = out.indexOf('"', i + 7);
    out = out.substring(0, i) + (end < 0 ? "" : out.substring(end + 1));
  }
  for (;;) {
    const i = out.indexOf(", not seat ");
    if (i < 0) return out;
    let end = out.indexOf(";", i);
    if (end < 0) end = out.length;
    out = out.substring(0, i) + out.substring(end);
  }
}

function isIdChar(c: string): boolean {
  return (c >= "a" && c <= "z") || (c >= "0" && c <= "9") || c === "-" || c === "_";
}

/** Replaces card ids with card names (ids are runs of lowercase letters, digits and dashes). */
function withCardNames(s: string, names: Names): string {
  let out = "";
  let i = 0;
  while (i < s.length) {
    const c = s.substring(i, i + 1);
    if (!isIdChar(c)) {
      out = out + c;
      i++;
      continue;
    }
    let j = i;
    while (j < s.length && isIdChar(s.substring(j, j + 1))) j++;
    const word = s.substring(i, j);
    const name = names.cardName(word);
    out = out + (name !== "" ? name : word);
    i = j;
  }
  return out;
}

function withColours(s: string, names: Names): string {
  let out = s;
  for (let seat = 0; seat < names.colors.length; seat++) {
    out = replaceAll(out, "seat " + seat + "'s", names.colors[seat] + "'s");
    out = replaceAll(out, "seat " + seat, names.colors[seat]);
  }
  return out;
}

function capitalised(s: string): string {
  return s.substring(0, 1).toUpperCase() + s.substring(1);
}

function trimEnd(s: string): string {
  let out = s;
  while (out.length > 0) {
    const last = out.substring(out.length - 1);
    if (last === " " || last === "." || last === ";" || last === ":" || last === ",") out = out.substring(0, out.length - 1);
    else break;
  }
  return out;
}

/** True when text still reads like data rather than a sentence for players. */
function looksLikeData(s: string): boolean {
  return s.indexOf("{") >= 0 || s.indexOf('"') >= 0 || s.indexOf("type") >= 0 || s.indexOf("undefined") >= 0 || s.indexOf("(missing)") >= 0;
}

/** The engine's message in table language (without the hint). */
export function cleanMessage(message: string, names: Names): string {
  let s = withoutQuotedTails(withoutJson(message));
  s = replaceAll(s, " (missing)", "");
  s = replaceAll(s, "(missing)", "nothing");
  s = withCardNames(withColours(s, names), names);
  s = replaceAll(s, '"', "");
  return trimEnd(s);
}

/** One sentence for a refusal: "<what was wrong>; <what to do> [<rule>]." */
export function refusalText(rule: string, message: string, names: Names): string {
  let hint: Hint | undefined = undefined;
  for (const h of HINTS) {
    if (hint === undefined && h.rule === rule && (h.starts === "" || startsWith(message, h.starts))) hint = h;
  }
  let problem = hint !== undefined && hint.problem !== "" ? hint.problem : cleanMessage(message, names);
  if (problem === "" || looksLikeData(problem)) problem = "That move is not allowed now";
  const fix = hint !== undefined ? hint.fix : "try another move";
  return capitalised(problem) + "; " + fix + " [" + rule + "].";
}

/** A refusal by the table itself (not a ruling): "<what was wrong>; <what to do>." */
export function tableText(problem: string, fix: string): string {
  return capitalised(problem) + "; " + fix + ".";
}
