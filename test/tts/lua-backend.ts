/**
 * The Lua interpreters the fake TTS host (./fake-tts.ts) can run a save's script in:
 * - "lua5.2": PUC Lua 5.2 in this process (lua-wasm-bindings), the default;
 * - "moonsharp": MoonSharp 2.0.0.0, the interpreter TTS embeds, in a Mono process
 *   (tools/moonsharp/RunLua.exe running ./moonsharp-repl.lua) that keeps one Lua state for the
 *   table's life. Calls stay synchronous, so the tests read the same either way: the chunks go
 *   through two named pipes with blocking reads and writes.
 * `SYZYGY_LUA=moonsharp` (npm run test:moonsharp) makes every fake table use MoonSharp.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type LuaKind = "lua5.2" | "moonsharp";

export interface LuaBackend {
  readonly kind: LuaKind;
  /** Runs `source` as a chunk; returns tostring() of its first result ("" for none); throws on a load or run error. */
  run(source: string, name: string): string;
  close(): void;
}

/** The interpreter SYZYGY_LUA names (lua5.2 when unset). */
export function defaultLuaKind(): LuaKind {
  const v = process.env.SYZYGY_LUA;
  if (v === undefined || v === "" || v === "lua5.2") return "lua5.2";
  if (v === "moonsharp") return "moonsharp";
  throw new Error(`SYZYGY_LUA=${v}: use lua5.2 or moonsharp`);
}

export function openLua(kind: LuaKind, opts: { culture?: string } = {}): LuaBackend {
  return kind === "moonsharp" ? new MoonSharpLua(opts.culture) : new Lua52();
}

interface Bindings {
  lua: {
    lua_close(L: number): void;
    lua_pcall(L: number, nargs: number, nresults: number, msgh: number): number;
    lua_tostring(L: number, index: number): string | null;
    lua_settop(L: number, index: number): void;
  };
  lauxlib: { luaL_newstate(): number; luaL_loadstring(L: number, s: string): number };
  lualib: { luaL_openlibs(L: number): void };
}

const require = createRequire(import.meta.url);

/**
 * The Lua 5.2 WASM module. On first load its emscripten glue adds process-wide error handlers
 * (one aborts the module on any unhandled rejection); remove them, as src/lua-host/vm.ts does,
 * so the test files that share this process keep their own error handling.
 */
function luaBindings(): Bindings {
  const uncaught = process.listeners("uncaughtException");
  const rejection = process.listeners("unhandledRejection");
  const bindings = require("lua-wasm-bindings/dist/lua.52") as Bindings;
  for (const l of process.listeners("uncaughtException")) if (!uncaught.includes(l)) process.removeListener("uncaughtException", l);
  for (const l of process.listeners("unhandledRejection")) if (!rejection.includes(l)) process.removeListener("unhandledRejection", l);
  return bindings;
}

class Lua52 implements LuaBackend {
  readonly kind = "lua5.2" as const;
  private readonly bindings = luaBindings();
  private readonly L: number;

  constructor() {
    this.L = this.bindings.lauxlib.luaL_newstate();
    this.bindings.lualib.luaL_openlibs(this.L);
  }

  run(source: string, name: string): string {
    const { lua, lauxlib } = this.bindings;
    if (lauxlib.luaL_loadstring(this.L, source) !== 0) {
      const msg = lua.lua_tostring(this.L, -1);
      lua.lua_settop(this.L, 0);
      throw new Error(`Lua load ${name}: ${msg}`);
    }
    if (lua.lua_pcall(this.L, 0, 1, 0) !== 0) {
      const msg = lua.lua_tostring(this.L, -1);
      lua.lua_settop(this.L, 0);
      throw new Error(`Lua run ${name}: ${msg}`);
    }
    const out = lua.lua_tostring(this.L, -1) ?? "";
    lua.lua_settop(this.L, 0);
    return out;
  }

  close(): void {
    this.bindings.lua.lua_close(this.L);
  }
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const MOONSHARP_DIR = path.resolve(HERE, "../../tools/moonsharp");
const REPL = path.join(HERE, "moonsharp-repl.lua");
/** A MoonSharp process that does not answer within this many seconds is killed (a hung test then fails). */
const MOONSHARP_TIMEOUT_S = 1200;

let monoChecked = false;
/** Throws a clear error when Mono is missing (the MoonSharp tests need it; npm test does not). */
export function requireMono(): void {
  if (monoChecked) return;
  const r = spawnSync("mono", ["--version"], { encoding: "utf8" });
  if (r.error !== undefined || r.status !== 0) {
    throw new Error("the MoonSharp tests need Mono: apt-get install -y --no-install-recommends mono-runtime libmono-system-core4.0-cil");
  }
  monoChecked = true;
}

class MoonSharpLua implements LuaBackend {
  readonly kind = "moonsharp" as const;
  private readonly dir: string;
  private readonly child: ChildProcess;
  private readonly toLua: number;
  private readonly fromLua: number;
  private readonly end: string;
  private closed = false;

  /** `culture`: the LANG/LC_ALL the Mono process runs with (MoonSharp orders strings by it). */
  constructor(culture = "en_US.UTF-8") {
    requireMono();
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-moonsharp-"));
    const input = path.join(this.dir, "in");
    const output = path.join(this.dir, "out");
    execFileSync("mkfifo", [input, output]);
    this.end = `@@syzygy-repl-end-${process.pid}-${Date.now()}@@`;
    const env = { ...process.env, LANG: culture, LC_ALL: culture };
    // The shell opens the pipes (blocking until this process opens their other ends) and becomes Mono.
    this.child = spawn(
      "sh",
      ["-c", 'exec timeout -k 5 "$1" mono "$2" "$3" "$4" < "$5" > "$6" 2> "$7"', "sh", String(MOONSHARP_TIMEOUT_S), path.join(MOONSHARP_DIR, "RunLua.exe"), REPL, this.end, input, output, path.join(this.dir, "stderr")],
      { env, stdio: "ignore" },
    );
    this.child.unref();
    this.toLua = fs.openSync(input, "w");
    this.fromLua = fs.openSync(output, "r");
  }

  run(source: string, name: string): string {
    if (this.closed) throw new Error("MoonSharp: the table is closed");
    // The REPL reads line by line, and .NET ends a line at \r as well as \n.
    if (source.includes("\r")) throw new Error(`MoonSharp: chunk ${name} contains a carriage return`);
    const lines = source.split("\n");
    fs.writeSync(this.toLua, `${lines.length} ${name}\n${source}\n`);
    const reply = this.readReply();
    const nl = reply.indexOf("\n");
    const status = reply.slice(0, nl);
    const value = reply.slice(nl + 1);
    if (status === "ok") return value;
    throw new Error(`Lua run ${name}: ${value}`);
  }

  private readReply(): string {
    const tail = Buffer.from(`\n${this.end}\n`);
    const chunks: Buffer[] = [];
    let total = Buffer.alloc(0);
    const buf = Buffer.alloc(1 << 16);
    for (;;) {
      const n = fs.readSync(this.fromLua, buf, 0, buf.length, null);
      if (n === 0) {
        const stderr = fs.existsSync(path.join(this.dir, "stderr")) ? fs.readFileSync(path.join(this.dir, "stderr"), "utf8") : "";
        this.close();
        throw new Error(`MoonSharp stopped: ${Buffer.concat(chunks).toString("utf8").slice(-2000)}${stderr.slice(-2000)}`);
      }
      chunks.push(Buffer.from(buf.subarray(0, n)));
      total = Buffer.concat(chunks);
      if (total.length >= tail.length && total.subarray(total.length - tail.length).equals(tail)) {
        return total.subarray(0, total.length - tail.length).toString("utf8");
      }
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    // End of input ends the REPL loop, and with it Mono.
    fs.closeSync(this.toLua);
    fs.closeSync(this.fromLua);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
