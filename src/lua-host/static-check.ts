/**
 * Static checks of Lua code meant for Tabletop Simulator (MoonSharp, Lua 5.2 grammar): it parses
 * with moonsharp-luaparse, reads only globals TTS provides, writes no globals, calls no
 * forbidden library function, `require`s only modules bundled in the same file, and uses no
 * construct whose MoonSharp 2.0 meaning differs from Lua 5.2's: `goto`, and unpacking an array
 * (`table.unpack`, TSTL's array spread) — docs/lua-safe.md.
 * Used by the tests on out/lua/syzygy-engine.lua; the TTS mod can run it on its script too.
 */
import luaparse from "moonsharp-luaparse";

/** Globals a TTS script may read (Lua 5.2 base library as MoonSharp provides it). */
export const TTS_SAFE_GLOBALS = new Set([
  "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "print", "rawequal", "rawget",
  "rawlen", "rawset", "select", "setmetatable", "tonumber", "tostring", "type", "unpack", "xpcall",
  "_G", "_VERSION", "coroutine", "math", "string", "table", "bit32", "os",
]);

/** `lib.member` uses that TTS lacks or that break out of the sandbox. */
const FORBIDDEN_MEMBERS: Record<string, Set<string>> = {
  os: new Set(["exit", "execute", "remove", "rename", "tmpname", "getenv", "setlocale"]),
  string: new Set(["dump"]),
};

export interface LuaStaticReport {
  bytes: number;
  lines: number;
  /** Module names the bundle defines (keys of TSTL's `____modules`). */
  modules: string[];
  /** Global names read, with counts. */
  globalsRead: Record<string, number>;
  /** Problems, each with a line number; empty = TTS-safe. */
  problems: string[];
  /**
   * Tolerated oddities, e.g. TSTL's runtime (module "lualib_bundle") reading `debug` in its Error
   * class: guarded by `if debug == nil` when an Error is built, but `tostring(err)` would fail in
   * TTS — host code must print `err.message`.
   */
  notes: string[];
}

interface Node {
  type: string;
  loc?: { start: { line: number } };
  [key: string]: unknown;
}

function isNode(x: unknown): x is Node {
  return typeof x === "object" && x !== null && typeof (x as Node).type === "string";
}

/** Child nodes that are expressions or statements (not field names, keys or goto labels). */
function children(node: Node): Node[] {
  const out: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === "loc" || key === "range" || key === "globals") continue;
    if (node.type === "MemberExpression" && key === "identifier") continue;
    if (node.type === "TableKeyString" && key === "key") continue;
    if ((node.type === "GotoStatement" || node.type === "LabelStatement") && key === "label") continue;
    if (Array.isArray(value)) for (const v of value) if (isNode(v)) out.push(v);
    if (isNode(value)) out.push(value);
  }
  return out;
}

/**
 * Calls that unpack an array: `table.unpack`/`unpack`, and TSTL's `__TS__Spread`/`__TS__Unpack`,
 * which `[...a, x]`, `f(...args)` and `[...set]` compile to (with
 * `__TS__SparseArraySpread` for several spreads). MoonSharp 2.0 returns one nil for an
 * empty table where Lua 5.2 returns nothing, so `[...a, x]` with `a` empty puts `x` at index 2.
 */
const UNPACKERS = new Set(["unpack", "__TS__Spread", "__TS__Unpack", "__TS__SparseArraySpread"]);

function unpackCall(callee: Node): string | undefined {
  if (callee.type === "Identifier" && UNPACKERS.has(callee.name as string)) return callee.name as string;
  if (callee.type === "MemberExpression") {
    const base = callee.base as Node;
    const id = callee.identifier as Node;
    if (base.type === "Identifier" && base.name === "table" && id.name === "unpack") return "table.unpack";
  }
  return undefined;
}

function line(node: Node): number {
  return node.loc === undefined ? 0 : node.loc.start.line;
}

function isGlobal(node: Node): boolean {
  return node.type === "Identifier" && node.isLocal !== true;
}

/** Checks `source` (a whole Lua file). Throws if it does not parse as Lua 5.2 (MoonSharp grammar). */
export function checkLuaForTts(source: string): LuaStaticReport {
  const chunk = luaparse.parse(source, { luaVersion: "5.2", scope: true, locations: true, comments: false }) as unknown as Node;
  const problems: string[] = [];
  const globalsRead: Record<string, number> = Object.create(null) as Record<string, number>;
  const modules: string[] = [];
  const requires: { name: string; line: number }[] = [];
  const written = new Set<Node>();
  const notes = new Set<string>();
  let inLualib = false;

  const visit = (node: Node, parent: Node | undefined): void => {
    if (node.type === "GotoStatement") {
      // MoonSharp 2.0 (TTS) crashes outside pcall on a goto to a label at the end of a while body.
      problems.push(`line ${line(node)}: goto (MoonSharp 2.0 mishandles it; continue must compile to repeat … until true)`);
    }
    if (node.type === "TableKey" && isNode(node.key) && node.key.type === "StringLiteral" && stringValue(node.key) === "lualib_bundle") {
      inLualib = true;
      for (const child of children(node)) visit(child, node);
      inLualib = false;
      return;
    }
    if (node.type === "AssignmentStatement") {
      for (const target of node.variables as Node[]) {
        if (isGlobal(target)) {
          problems.push(`line ${line(target)}: assigns global "${target.name}" (TTS scripts share globals; keep it local)`);
          written.add(target);
        }
        if (target.type === "Identifier" && target.name === "____modules") {
          const init = (node.init as Node[])[0];
          if (init !== undefined && init.type === "TableConstructorExpression") {
            for (const field of init.fields as Node[]) {
              const key = field.key as Node | undefined;
              if (field.type === "TableKey" && key !== undefined && key.type === "StringLiteral") {
                modules.push(stringValue(key));
              }
            }
          }
        }
      }
    }
    if (node.type === "MemberExpression") {
      const base = node.base as Node;
      const id = node.identifier as Node;
      if (isGlobal(base)) {
        const banned = FORBIDDEN_MEMBERS[base.name as string];
        if (banned !== undefined && banned.has(id.name as string)) {
          problems.push(`line ${line(node)}: uses ${base.name}.${id.name} (not available in TTS)`);
        }
      }
    }
    if (node.type === "CallExpression" || node.type === "StringCallExpression") {
      const callee = node.base as Node;
      const unpacker = inLualib ? undefined : unpackCall(callee);
      if (unpacker !== undefined) {
        problems.push(
          `line ${line(node)}: calls ${unpacker} (array spread compiles to it; MoonSharp 2.0 returns one nil for an empty table, so [...a, x] puts x at index 2): build the array with a loop or a core/util helper`,
        );
      }
      if (callee.type === "Identifier" && callee.name === "require") {
        const arg = node.type === "StringCallExpression" ? (node.argument as Node) : (node.arguments as Node[])[0];
        if (arg !== undefined && arg.type === "StringLiteral") requires.push({ name: stringValue(arg), line: line(node) });
        else problems.push(`line ${line(node)}: require with a computed module name`);
      }
    }
    if (isGlobal(node) && !written.has(node)) {
      const name = node.name as string;
      globalsRead[name] = (globalsRead[name] ?? 0) + 1;
      const isRequireShim =
        name === "require" &&
        parent !== undefined &&
        parent.type === "LocalStatement" &&
        (parent.variables as Node[]).some((v) => v.name === "____originalRequire");
      if (inLualib && name === "debug") {
        notes.add(`TSTL's runtime (lualib_bundle) reads "debug" in its Error class: guarded when an Error is built; never tostring() an Error in TTS (print err.message)`);
      } else if (!TTS_SAFE_GLOBALS.has(name) && !isRequireShim) {
        problems.push(`line ${line(node)}: reads global "${name}", which TTS does not provide`);
      }
    }
    for (const child of children(node)) visit(child, node);
  };
  visit(chunk, undefined);

  const known = new Set(modules);
  for (const r of requires) {
    if (!known.has(r.name)) problems.push(`line ${r.line}: require("${r.name}") is not a module of this bundle`);
  }
  return {
    bytes: Buffer.byteLength(source),
    lines: source.split("\n").length,
    modules,
    globalsRead,
    problems,
    notes: [...notes],
  };
}

function stringValue(node: Node): string {
  if (typeof node.value === "string") return node.value;
  // luaparse keeps `raw` (with quotes) and may leave `value` null when encoding is not set
  const raw = node.raw as string;
  return raw.slice(1, -1);
}
