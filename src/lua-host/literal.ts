/**
 * JS value → Lua table-constructor source, so requests reach the engine as plain Lua tables
 * (the shape TSTL code expects: arrays 1-based, objects as string-keyed tables).
 *
 * Strings are written byte by byte (UTF-8) with decimal escapes for anything outside printable
 * ASCII, so the Lua string has exactly the bytes the TTS script would see. Numbers are written
 * with JS's shortest round-trip form, which Lua's strtod reads back to the same double.
 */

export class LuaLiteralError extends Error {}

function luaString(s: string): string {
  const bytes = Buffer.from(s, "utf8");
  let out = '"';
  for (const b of bytes) {
    if (b === 0x22) out += '\\"';
    else if (b === 0x5c) out += "\\\\";
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += "\\" + String(b).padStart(3, "0");
  }
  return out + '"';
}

function luaNumber(n: number): string {
  if (Number.isNaN(n)) return "(0/0)";
  if (n === Infinity) return "math.huge";
  if (n === -Infinity) return "(-math.huge)";
  if (Object.is(n, -0)) return "(-0.0)";
  return n < 0 ? `(${String(n)})` : String(n);
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const LUA_KEYWORDS = new Set(
  "and break do else elseif end false for function goto if in local nil not or repeat return then true until while".split(" "),
);

function luaKey(k: string): string {
  return IDENT.test(k) && !LUA_KEYWORDS.has(k) ? k : `[${luaString(k)}]`;
}

/**
 * Lua source for `value`. `null`/`undefined` object fields are omitted (nil); inside arrays they
 * would cut the array (Lua's `#` stops at the first nil), so they are refused with their path.
 */
export function toLuaLiteral(value: unknown, where = "request"): string {
  if (value === null || value === undefined) return "nil";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      return luaNumber(value);
    case "string":
      return luaString(value);
    case "object": {
      if (Array.isArray(value)) {
        const items = value.map((item, i) => {
          if (item === null || item === undefined) {
            throw new LuaLiteralError(`${where}[${i}] is ${String(item)}: Lua arrays cannot hold nil (remove it or use a sentinel)`);
          }
          return toLuaLiteral(item, `${where}[${i}]`);
        });
        return `{${items.join(",")}}`;
      }
      const fields: string[] = [];
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (v === null || v === undefined) continue;
        fields.push(`${luaKey(k)}=${toLuaLiteral(v, `${where}.${k}`)}`);
      }
      return `{${fields.join(",")}}`;
    }
    default:
      throw new LuaLiteralError(`${where} is a ${typeof value}: only JSON-like data can be sent to Lua`);
  }
}
