/**
 * Lua source run inside the host's Lua 5.2 state, before and after the bundle is loaded.
 *
 * The sandbox mimics what a Tabletop Simulator script sees (MoonSharp 2.0): no `debug`, `io`,
 * `require`, `package`, `load*`, `dofile`, `string.dump`, no process control in `os`, and
 * `_VERSION = "MoonSharp 2.0.0.0"`. Anything the bundle touches outside that set fails here
 * just as it would in TTS.
 *
 * The host keeps one privileged table in the Lua registry (not reachable from scripts): it holds
 * the `load` function captured before the sandbox removed it, so the Node side can send code as
 * several string pieces (emscripten copies each string argument onto a 5 MB stack; large
 * requests are split) and get one string back.
 */

/** Registry key of the host table (LUA_REGISTRYINDEX is not visible to sandboxed scripts). */
export const HOST_REGISTRY_KEY = "syzygy.lua-host";

/** Returns the host table; run BEFORE the sandbox, while `load` still exists. */
export const HOST_PRELUDE = `
local load, concat, pcall, type, tostring, error = load, table.concat, pcall, type, tostring, error
local printed = {}
local host = {}

-- Scripts' print goes to a buffer the Node side drains (stdout stays clean for --json output).
function host.print(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[#parts + 1] = tostring((select(i, ...))) end
  printed[#printed + 1] = concat(parts, "\\t")
end

function host.drainPrinted()
  local text = concat(printed, "\\n")
  printed = {}
  return text
end

local function message(err)
  -- TSTL errors are tables (Error objects); never tostring them (their __tostring needs debug).
  if type(err) == "table" then
    local m = err.message
    if type(m) == "string" then
      local name = err.name
      if type(name) == "string" and name ~= "Error" then return name .. ": " .. m end
      return m
    end
    return "non-string error object"
  end
  return tostring(err)
end

-- Source arrives in pieces (one per call: the C stack holds only ~20 values without checkstack).
local pending = {}
function host.push(piece)
  pending[#pending + 1] = piece
end

-- Compiles the pushed pieces as a chunk in the (sandboxed) global environment and calls it.
-- The chunk must return a string. Result: "ok\\n" .. value or "error\\n" .. message.
function host.run(chunkName)
  local source = concat(pending)
  pending = {}
  local fn, compileErr = load(source, chunkName, "t", _ENV)
  if fn == nil then return "error\\n" .. tostring(compileErr) end
  local ok, value = pcall(fn)
  if not ok then return "error\\n" .. message(value) end
  if type(value) ~= "string" then return "error\\nchunk returned " .. type(value) .. ", not a string" end
  return "ok\\n" .. value
end

return host
`;

/** The TTS-like sandbox, applied to the global table after the prelude. */
export const SANDBOX = `
local host = ...
debug = nil
io = nil
require = nil
package = nil
load = nil
loadstring = nil
loadfile = nil
dofile = nil
module = nil
string.dump = nil
-- MoonSharp in TTS keeps only the harmless clock functions of os.
os = { time = os.time, clock = os.clock, date = os.date, difftime = os.difftime }
print = host.print
_VERSION = "MoonSharp 2.0.0.0"
`;

/** Globals the sandbox removes (checked by the static scan of the bundle too). */
export const REMOVED_GLOBALS = ["debug", "io", "require", "package", "load", "loadstring", "loadfile", "dofile", "module"];
