/**
 * JSON input for the CLI: one linear pass, without recursion, that either finds the first syntax
 * error (with line:column and a reason) or records where every value starts, so request errors
 * point into the user's file (`actions[3].seat` → `game.json:7:12`).
 *
 * Not jsonc-parser: its `parseTree` recurses once per nesting level (deep input overflows the
 * stack), and V8's own JSON.parse messages carry no position for an unexpected token.
 */
import { CliError } from "./errors";

export interface Located {
  line: number;
  column: number;
}

/** Deeper than any replay request needs (4 levels), well below Lua's parser limit (~200). */
export const MAX_JSON_DEPTH = 64;

/** Offset → line:column by binary search over line starts (so many lookups stay linear). */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }

  at(offset: number): Located {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - this.starts[lo] + 1 };
  }
}

export type JsonScan = { ok: true; offsets: Map<string, number> } | { ok: false; offset: number; reason: string };

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

function shownChar(text: string, i: number): string {
  if (i >= text.length) return "the end of the text";
  const code = text.codePointAt(i) ?? 0;
  if (code < 0x20 || code === 0x7f) return `control character U+${code.toString(16).toUpperCase().padStart(4, "0")}${code === 0 ? " (a NUL byte: is the file UTF-16? save it as UTF-8)" : ""}`;
  return JSON.stringify(String.fromCodePoint(code));
}

interface Frame {
  kind: "object" | "array";
  path: string;
  count: number;
}

/** Strict JSON (RFC 8259), scanned with an explicit stack: linear time, any depth up to the limit. */
export function scanJson(text: string, maxDepth = MAX_JSON_DEPTH): JsonScan {
  const offsets = new Map<string, number>();
  const stack: Frame[] = [];
  let i = 0;
  const fail = (reason: string, at = i): JsonScan => ({ ok: false, offset: at, reason });
  const skipWs = (): void => {
    while (i < text.length && WS.has(text.charCodeAt(i))) i++;
  };
  /** Reads a string starting at the quote; returns its value, or a failure. */
  const readString = (): string | JsonScan => {
    const start = i;
    i++;
    let simple = true;
    for (;;) {
      if (i >= text.length) return fail("the text ends inside a string (missing closing \")", start);
      const c = text.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20) return fail(`${shownChar(text, i)} inside a string: write it as an escape such as \\n or \\u00XX`);
      if (c === 0x5c) {
        ESCAPE.lastIndex = i;
        if (!ESCAPE.test(text)) return fail('invalid escape in a string (valid: \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)');
        i = ESCAPE.lastIndex;
        simple = false;
      } else i++;
    }
    i++;
    return simple ? text.slice(start + 1, i - 1) : (JSON.parse(text.slice(start, i)) as string);
  };
  /** Path of the next value inside the innermost container (or "" at the top). */
  let path = "";
  for (;;) {
    // A value is expected at `i`, its path in `path`.
    skipWs();
    offsets.set(path, i);
    const c = text.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      if (stack.length >= maxDepth) return fail(`nested deeper than ${maxDepth} levels (a replay request needs at most 4)`);
      const kind = c === 0x7b ? "object" : "array";
      stack.push({ kind, path, count: 0 });
      i++;
      skipWs();
      if (text.charCodeAt(i) === (c === 0x7b ? 0x7d : 0x5d)) {
        i++;
        stack.pop();
      } else if (kind === "array") {
        path = `${path}[0]`;
        continue;
      } else {
        const key = readKey();
        if (typeof key !== "string") return key;
        path = path === "" ? key : `${path}.${key}`;
        continue;
      }
    } else if (c === 0x22) {
      const s = readString();
      if (typeof s !== "string") return s;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = i;
      if (!NUMBER.test(text)) return fail(`invalid number (JSON numbers look like -12, 0.5 or 1e3)`);
      i = NUMBER.lastIndex;
    } else if (text.startsWith("true", i)) i += 4;
    else if (text.startsWith("false", i)) i += 5;
    else if (text.startsWith("null", i)) i += 4;
    else if (i >= text.length) return fail(stack.length === 0 ? "the text is empty: expected a JSON value" : "the text ends where a value was expected");
    else return fail(`expected a JSON value (object, array, string, number, true, false or null), got ${shownChar(text, i)}`);
    // After a complete value: close containers or move to the next element.
    for (;;) {
      skipWs();
      const top = stack[stack.length - 1];
      if (top === undefined) {
        if (i < text.length) return fail(`unexpected ${shownChar(text, i)} after the JSON value (only one value per file)`);
        return { ok: true, offsets };
      }
      const close = top.kind === "object" ? 0x7d : 0x5d;
      const d = text.charCodeAt(i);
      if (d === close) {
        i++;
        stack.pop();
        continue;
      }
      const closer = top.kind === "object" ? '"}"' : '"]"';
      if (i >= text.length) return fail(`the text ends inside ${top.kind === "object" ? "an object" : "an array"} (missing ${closer})`);
      if (d !== 0x2c) return fail(`expected "," or ${closer} after ${top.kind === "object" ? "a property value" : "an array element"}, got ${shownChar(text, i)}`);
      i++;
      top.count++;
      if (top.kind === "array") path = `${top.path}[${top.count}]`;
      else {
        skipWs();
        const key = readKey();
        if (typeof key !== "string") return key;
        path = top.path === "" ? key : `${top.path}.${key}`;
      }
      break;
    }
  }

  function readKey(): string | JsonScan {
    skipWs();
    if (text.charCodeAt(i) !== 0x22) {
      const trailing = text.charCodeAt(i) === 0x7d;
      return fail(trailing ? 'a "," before "}" (JSON allows no trailing comma)' : `expected a property name in double quotes, got ${shownChar(text, i)}`);
    }
    const key = readString();
    if (typeof key !== "string") return key;
    skipWs();
    if (text.charCodeAt(i) !== 0x3a) return fail(`expected ":" after the property name "${key}", got ${shownChar(text, i)}`);
    i++;
    return key;
  }
}

/** Valid JSON text with the location of each of its values. */
export class JsonDocument {
  private readonly lines: LineIndex;

  constructor(
    readonly text: string,
    readonly name: string,
    readonly value: unknown,
    private readonly offsets: Map<string, number>,
  ) {
    this.lines = new LineIndex(text);
  }

  /** `name:line:col` of the value at `path` (or its nearest existing parent). */
  locate(path: string): string {
    let p = path;
    for (;;) {
      const off = this.offsets.get(p);
      if (off !== undefined) {
        const lc = this.lines.at(off);
        return `${this.name}:${lc.line}:${lc.column}`;
      }
      if (p === "") return this.name;
      const cut = Math.max(p.lastIndexOf("."), p.lastIndexOf("["));
      p = cut > 0 ? p.slice(0, cut) : "";
    }
  }
}

/**
 * Parses JSON text (a leading UTF-8 byte order mark is skipped) or throws an input error
 * `name:line:col: invalid JSON: reason` (exit 1).
 */
export function parseJson(raw: string, name: string): JsonDocument {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const scan = scanJson(text);
  if (!scan.ok) {
    const at = new LineIndex(text).at(scan.offset);
    throw new CliError(`${name}:${at.line}:${at.column}: invalid JSON: ${scan.reason}`);
  }
  return new JsonDocument(text, name, JSON.parse(text), scan.offsets);
}

/** Closest candidate by edit distance, for "did you mean". */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 40) return Math.abs(a.length - b.length);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur.push(Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = cur;
  }
  return prev[b.length];
}
