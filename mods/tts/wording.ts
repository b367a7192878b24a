/**
 * What a player reads when the table refuses a move: one plain sentence saying what was wrong and
 * what to do, with the ruling id in brackets, e.g. "Sun 7 does not follow the lead suit (moon);
 * play a moon card [SE-5]." The engines' messages are written for replay files (seat numbers,
 * card ids, action JSON); this turns them into table language: seats become colours, card ids
 * card names, JSON and quoted action names go, and a per-rule hint from the game's table adapter
 * (`hints`, see src/table/hints.ts) says what to do instead.
 * Plain string operations only (compiles to Lua: no RegExp).
 */

import type { RefusalHint } from "../../src/table/hints";

export interface Names {
  /** Seat colours, seat 0 first. */
  colors: string[];
  /** A card's printed name by id ("" when the id is not a card). */
  cardName: (id: string) => string;
}

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

/** By character code: MoonSharp's `>=` on strings follows the host's culture (there "B" lies between "a" and "z"). */
function isIdChar(c: string): boolean {
  const code = c.charCodeAt(0);
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || c === "-" || c === "_";
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

/** Longest refusal a player is shown (a TTS broadcast read at a glance). */
export const MAX_REFUSAL = 140;

/** Byte tests (no string `<`: MoonSharp orders strings by the host's culture). */
function isUpperAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 65 && c <= 90;
}

function isDigitAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57;
}

/** True when `s` cites a ruling inline ("SE-7", "EC-12"): the sentence carries one id, at its end. */
function citesRule(s: string): boolean {
  for (let i = 2; i + 1 < s.length; i++) {
    if (s.charCodeAt(i) === 45 && isDigitAt(s, i + 1) && isUpperAt(s, i - 1) && isUpperAt(s, i - 2)) return true;
  }
  return false;
}

/** Drops " (...)" asides (examples, counts, inline ruling ids). */
function withoutAsides(s: string): string {
  let out = s;
  for (;;) {
    const open = out.indexOf("(");
    if (open < 0) return out;
    const close = out.indexOf(")", open);
    if (close < 0) return out.substring(0, open);
    let from = open;
    if (from > 0 && out.substring(from - 1, from) === " ") from = from - 1;
    out = out.substring(0, from) + out.substring(close + 1);
  }
}

/** `problem` cut at a word boundary so that it fits `room` characters, with an ellipsis. */
function cutTo(problem: string, room: number): string {
  if (problem.length <= room) return problem;
  let end = room - 1;
  while (end > 0 && problem.substring(end, end + 1) !== " ") end--;
  return trimEnd(problem.substring(0, end > 0 ? end : room - 1)) + "…";
}

/**
 * One sentence for a refusal: "<what was wrong>; <what to do> [<rule>]." — at most MAX_REFUSAL
 * characters and one ruling id: when longer, or citing another ruling, the asides go first, then
 * the advice, then the end of the problem.
 */
export function refusalText(rule: string, message: string, names: Names, hints: RefusalHint[]): string {
  let hint: RefusalHint | undefined = undefined;
  for (const h of hints) {
    if (hint === undefined && h.rule === rule && (h.starts === "" || startsWith(message, h.starts))) hint = h;
  }
  let problem = hint !== undefined && hint.problem !== "" ? hint.problem : cleanMessage(message, names);
  if (problem === "" || looksLikeData(problem)) problem = "That move is not allowed now";
  const fix = hint !== undefined ? hint.fix : "try another move";
  const tail = " [" + rule + "].";
  let text = capitalised(problem) + "; " + fix + tail;
  if (text.length <= MAX_REFUSAL && !citesRule(problem)) return text;
  problem = trimEnd(withoutAsides(problem));
  text = capitalised(problem) + "; " + fix + tail;
  if (text.length <= MAX_REFUSAL) return text;
  return capitalised(cutTo(problem, MAX_REFUSAL - tail.length)) + tail;
}

/** A refusal by the table itself (not a ruling): "<what was wrong>; <what to do>." */
export function tableText(problem: string, fix: string): string {
  return capitalised(problem) + "; " + fix + ".";
}
