/**
 * Canonical serializer for engine state and events — identical bytes in Node and in Lua, so
 * event streams can be hashed and compared across runtimes (there is no JSON in TTS's Lua).
 *
 * Canonical form: JSON-like, object keys sorted bytewise, integers without exponent, an empty
 * object written as `[]` (Lua cannot tell `{}` from `[]`), `undefined` fields omitted.
 * Engine strings are ASCII; numbers are integers (non-integers print with 6 fixed decimals).
 */

import { byteOrder, stableSort } from "./util";

function digits(n: number): string {
  // Manual formatting: Lua's tostring switches to exponents at 1e14, JS at 1e21.
  if (n === 0) return "0";
  let out = "";
  let x = n;
  while (x > 0) {
    const d = x - Math.floor(x / 10) * 10;
    out = "0123456789".substring(d, d + 1) + out;
    x = Math.floor(x / 10);
  }
  return out;
}

export function formatNumber(n: number): string {
  if (n !== n) return "null";
  const neg = n < 0;
  const a = neg ? -n : n;
  const whole = Math.floor(a);
  let text = digits(whole);
  if (a !== whole) {
    const frac = Math.floor((a - whole) * 1000000 + 0.5);
    let f = digits(frac);
    while (f.length < 6) f = "0" + f;
    text = text + "." + f;
  }
  return neg ? "-" + text : text;
}

/**
 * A value from untrusted input, for a message: the same text in Node and Lua — numbers through
 * formatNumber ("" + 1e20 and denormals print differently in Lua), never a table's address.
 */
export function shown(x: unknown): string {
  // Escaped as in canonical JSON: a refused id holding a newline must not split a one-line message.
  if (typeof x === "string") return quote(x);
  if (typeof x === "number") return formatNumber(x);
  if (typeof x === "boolean") return x ? "true" : "false";
  return "(missing)";
}

/** True when `s` has a character `quote` must rewrite (most engine strings have none). */
function needsEscape(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34 || c === 92 || c < 32) return true;
  }
  return false;
}

function quote(s: string): string {
  // Fast path (same output): most engine strings need no escape.
  if (!needsEscape(s)) return '"' + s + '"';
  // Collect unescaped runs and join once: appending char by char is quadratic in Lua.
  const parts: string[] = ['"'];
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let escaped = "";
    if (c === 34) escaped = '\\"';
    else if (c === 92) escaped = "\\\\";
    else if (c === 10) escaped = "\\n";
    else if (c < 32) escaped = "?";
    if (escaped !== "") {
      parts.push(s.substring(start, i));
      parts.push(escaped);
      start = i + 1;
    }
  }
  parts.push(s.substring(start));
  parts.push('"');
  return parts.join("");
}

/** Keys in bytewise order (never `<`: MoonSharp orders strings by the host's culture); a merge sort past a dozen keys. */
function sortedKeys(obj: object): string[] {
  return stableSort(Object.keys(obj), byteOrder);
}

export function canonical(value: unknown): string {
  if (value === undefined || value === null) return "null";
  const t = typeof value;
  if (t === "boolean") return value === true ? "true" : "false";
  if (t === "number") return formatNumber(value as number);
  if (t === "string") return quote(value as string);
  // Parts are written by index, not pushed: MoonSharp 2.0 recounts a table's length after every
  // write, so push (`t[#t + 1] = x`) makes a long array or object quadratic there.
  if (Array.isArray(value)) {
    const parts: string[] = [];
    let n = 0;
    for (const item of value as unknown[]) {
      parts[n] = canonical(item);
      n++;
    }
    return "[" + parts.join(",") + "]";
  }
  if (t === "object") {
    const obj = value as { [key: string]: unknown };
    const parts: string[] = [];
    let n = 0;
    for (const k of sortedKeys(obj)) {
      const v = obj[k];
      if (v === undefined || typeof v === "function") continue;
      parts[n] = quote(k) + ":" + canonical(v);
      n++;
    }
    if (n === 0) return "[]";
    return "{" + parts.join(",") + "}";
  }
  return "null";
}

/** Two 31-bit polynomial hashes over the string's bytes, in plain arithmetic; 16 hex digits. */
export interface Hasher {
  h1: number;
  h2: number;
}

export function hasherNew(): Hasher {
  return { h1: 7, h2: 11 };
}

/**
 * True in Lua, where a string is bytes ("\u00e9".length is 2); false in JS (UTF-16 code units).
 * The hasher feeds JS strings as their UTF-8 bytes, so non-ASCII text (display notes, names)
 * hashes the same in both runtimes.
 */
const STRINGS_ARE_BYTES = "\u00e9".length === 2;

/** The UTF-8 bytes of code point `cp`. */
function utf8Bytes(cp: number): number[] {
  if (cp < 0x800) return [0xc0 + Math.floor(cp / 64), 0x80 + (cp - Math.floor(cp / 64) * 64)];
  const b3 = 0x80 + (cp - Math.floor(cp / 64) * 64);
  const b2 = 0x80 + (Math.floor(cp / 64) - Math.floor(cp / 4096) * 64);
  if (cp < 0x10000) return [0xe0 + Math.floor(cp / 4096), b2, b3];
  const b1 = 0x80 + (Math.floor(cp / 4096) - Math.floor(cp / 262144) * 64);
  return [0xf0 + Math.floor(cp / 262144), b1, b2, b3];
}

export function hasherAdd(h: Hasher, text: string): void {
  let h1 = h.h1;
  let h2 = h.h2;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 128 || STRINGS_ARE_BYTES) {
      h1 = (h1 * 257 + c) % 2147483629;
      h2 = (h2 * 263 + c) % 2147483587;
    } else {
      // JS only: a surrogate pair is one code point
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + (c - 0xd800) * 1024 + (d - 0xdc00);
          i++;
        }
      }
      for (const b of utf8Bytes(c)) {
        h1 = (h1 * 257 + b) % 2147483629;
        h2 = (h2 * 263 + b) % 2147483587;
      }
    }
  }
  h.h1 = h1;
  h.h2 = h2;
}

function hex8(n: number): string {
  let out = "";
  let x = n;
  for (let i = 0; i < 8; i++) {
    const d = x - Math.floor(x / 16) * 16;
    out = "0123456789abcdef".substring(d, d + 1) + out;
    x = Math.floor(x / 16);
  }
  return out;
}

export function hasherHex(h: Hasher): string {
  return hex8(h.h1) + hex8(h.h2);
}

export function hashText(text: string): string {
  const h = hasherNew();
  hasherAdd(h, text);
  return hasherHex(h);
}
