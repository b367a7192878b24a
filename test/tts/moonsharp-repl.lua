-- Runs Lua chunks sent by test/tts/lua-backend.ts, one after another in this one MoonSharp state
-- (the fake TTS host's MoonSharp backend). Protocol, on stdin: a line "<line count> <chunk name>",
-- then that many lines of source. Reply on stdout: "ok" or "error" on a line, then the chunk's
-- returned value (tostring) or the error message, then the end line given as arg[1].
-- io and load are kept here as locals: the chunks sent later remove them from the globals (the
-- TTS sandbox) and must not reach them.
local read, write, stdout, compile, pcall_, tostring_, tonumber_, concat = io.read, io.write, io.stdout, load, pcall, tostring, tonumber, table.concat
local END = arg[1]
-- The interpreter thread's CPU time in ms (Linux schedstat, nanoseconds): the handler bench
-- (bench/tts-handlers.ts) measures CPU, not wall time, on a machine other processes share.
-- MoonSharp's os.clock is wall time since start. fake-tts.ts moves this into FAKE.cpuMs.
local open = io.open
HOST_THREAD_CPU_MS = function()
  local f = open("/proc/thread-self/schedstat", "r")
  if f == nil then return os.clock() * 1000 end
  local s = f:read("*a")
  f:close()
  return tonumber_(s:match("^(%d+)")) / 1e6
end
while true do
  local header = read("*l")
  if header == nil then break end
  local space = header:find(" ", 1, true)
  local count, name = tonumber_(header:sub(1, space - 1)), header:sub(space + 1)
  local lines = {}
  for i = 1, count do lines[i] = read("*l") end
  local fn, err = compile(concat(lines, "\n"), "=" .. name)
  local out
  if fn == nil then
    out = "error\n" .. tostring_(err)
  else
    local ok, v = pcall_(fn)
    if ok then out = "ok\n" .. (v == nil and "" or tostring_(v)) else out = "error\n" .. tostring_(v) end
  end
  write(out, "\n", END, "\n")
  stdout:flush()
end
