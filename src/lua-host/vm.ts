/**
 * One sandboxed Lua 5.2 state (real PUC Lua 5.2.4 compiled to WASM by lua-wasm-bindings) with
 * the engine bundle loaded as the local `syzygy`, the way the TTS mod loads it.
 *
 * Only strings cross the WASM boundary: `eval` sends Lua source and gets back the string the
 * chunk returns. Reuse one LuaVm for many calls (creating a state and loading the bundle costs
 * a few milliseconds); `close()` frees it.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { HOST_PRELUDE, HOST_REGISTRY_KEY, SANDBOX } from "./sandbox";

interface LuaBindings {
  lua: {
    lua_close(L: number): void;
    lua_getfield(L: number, index: number, k: string): number;
    lua_setfield(L: number, index: number, k: string): void;
    lua_gettop(L: number): number;
    lua_settop(L: number, index: number): void;
    lua_pushstring(L: number, s: string): string;
    lua_pushvalue(L: number, index: number): void;
    lua_pcall(L: number, nargs: number, nresults: number, msgh: number): number;
    lua_tostring(L: number, index: number): string;
  };
  lauxlib: { luaL_newstate(): number; luaL_loadstring(L: number, s: string): number };
  lualib: { luaL_openlibs(L: number): void };
}

const require = createRequire(import.meta.url);
let bindings: LuaBindings | undefined;

/** The Lua 5.2 WASM module, loaded once per process (states share its memory). */
function lua52(): LuaBindings {
  if (bindings === undefined) {
    // The emscripten glue installs process-wide uncaughtException/unhandledRejection handlers
    // (which rethrow, printing the whole minified glue, or abort the WASM module). The host
    // reports its own errors, so remove exactly the handlers the glue added.
    const before = {
      uncaughtException: process.listeners("uncaughtException"),
      unhandledRejection: process.listeners("unhandledRejection"),
    };
    bindings = require("lua-wasm-bindings/dist/lua.52") as LuaBindings;
    for (const listener of process.listeners("uncaughtException")) {
      if (!before.uncaughtException.includes(listener)) process.removeListener("uncaughtException", listener);
    }
    for (const listener of process.listeners("unhandledRejection")) {
      if (!before.unhandledRejection.includes(listener)) process.removeListener("unhandledRejection", listener);
    }
  }
  return bindings;
}

/** LUA_REGISTRYINDEX for Lua 5.2 (-LUAI_MAXSTACK - 1000). */
const REGISTRY = -1001000;
/** Piece size for strings sent into Lua: emscripten copies 4 bytes per UTF-16 unit onto a 5 MB stack. */
const PIECE = 64 * 1024;

export class LuaError extends Error {}

/** Wraps the bundle so its top-level `return` becomes the value of `syzygy` (as in the TTS mod). */
export function wrapBundle(bundleSource: string): string {
  return `syzygy = (function(...)\n${bundleSource}\nend)()\nreturn "loaded"`;
}

export class LuaVm {
  private readonly L: number;
  private closed = false;
  /** What the last calls printed with Lua's print (drained by `takePrinted`). */
  private printed = "";

  constructor(bundleSource: string) {
    const { lua, lauxlib, lualib } = lua52();
    this.L = lauxlib.luaL_newstate();
    lualib.luaL_openlibs(this.L);
    // Prelude: host table → registry.
    this.check(lauxlib.luaL_loadstring(this.L, HOST_PRELUDE), "host prelude");
    this.check(lua.lua_pcall(this.L, 0, 1, 0), "host prelude");
    lua.lua_setfield(this.L, REGISTRY, HOST_REGISTRY_KEY);
    // Sandbox, given the host table as its argument.
    this.check(lauxlib.luaL_loadstring(this.L, SANDBOX), "sandbox");
    lua.lua_getfield(this.L, REGISTRY, HOST_REGISTRY_KEY);
    this.check(lua.lua_pcall(this.L, 1, 0, 0), "sandbox");
    // The bundle runs inside the sandbox; it defines the global `syzygy` host-side only.
    this.run(wrapBundle(bundleSource), "=syzygy-engine.lua");
  }

  private check(status: number, what: string): void {
    if (status === 0) return;
    const { lua } = lua52();
    const msg = lua.lua_tostring(this.L, -1);
    lua.lua_settop(this.L, 0);
    throw new LuaError(`Lua ${what} failed: ${msg}`);
  }

  /** Runs Lua source that returns a string (in the sandbox, `syzygy` in scope); returns that string. */
  run(source: string, chunkName = "=request"): string {
    if (this.closed) throw new LuaError("Lua state is closed");
    const { lua } = lua52();
    const L = this.L;
    lua.lua_settop(L, 0);
    lua.lua_getfield(L, REGISTRY, HOST_REGISTRY_KEY);
    for (let i = 0; i < source.length; ) {
      let end = Math.min(i + PIECE, source.length);
      // never split a surrogate pair: each piece is encoded to UTF-8 on its own
      const last = source.charCodeAt(end - 1);
      if (end < source.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
      lua.lua_getfield(L, 1, "push");
      lua.lua_pushstring(L, source.slice(i, end));
      this.check(lua.lua_pcall(L, 1, 0, 0), "push");
      i = end;
    }
    lua.lua_getfield(L, 1, "run");
    lua.lua_pushstring(L, chunkName);
    this.check(lua.lua_pcall(L, 1, 1, 0), "call");
    const out = lua.lua_tostring(L, -1);
    lua.lua_settop(L, 0);
    this.drainPrinted();
    const nl = out.indexOf("\n");
    const status = out.slice(0, nl);
    const value = out.slice(nl + 1);
    if (status !== "ok") throw new LuaError(value);
    return value;
  }

  private drainPrinted(): void {
    const { lua } = lua52();
    const L = this.L;
    lua.lua_getfield(L, REGISTRY, HOST_REGISTRY_KEY);
    lua.lua_getfield(L, -1, "drainPrinted");
    this.check(lua.lua_pcall(L, 0, 1, 0), "drainPrinted");
    const text = lua.lua_tostring(L, -1);
    lua.lua_settop(L, 0);
    if (text !== "") this.printed += (this.printed === "" ? "" : "\n") + text;
  }

  /** Text printed by Lua code since the last call (TTS shows print in chat; here it is kept aside). */
  takePrinted(): string {
    const text = this.printed;
    this.printed = "";
    return text;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    lua52().lua.lua_close(this.L);
  }
}

/** A VM over the bundle file at `bundlePath`. */
export function openLuaVm(bundlePath: string): LuaVm {
  return new LuaVm(fs.readFileSync(bundlePath, "utf8"));
}
