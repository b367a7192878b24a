const fs = require("fs");
const { lua, lauxlib, lualib } = require("lua-wasm-bindings/dist/lua.52");
const L = lauxlib.luaL_newstate(); lualib.luaL_openlibs(L);
const bundle = fs.readFileSync("out/lua/syzygy-engine.lua", "utf8");
const src = `local syzygy = (function(...)\n${bundle}\nend)()
local counts = {}
debug.sethook(function()
  local info = debug.getinfo(2, "Sl")
  if info then local k = info.short_src .. ":" .. (info.currentline or 0) counts[k] = (counts[k] or 0) + 1 end
end, "", 1000)
local g = syzygy.game("eclipsed")
local c = syzygy.core
for k = 1, 3 do
  local rng = c.rngFromSeed("x" .. k)
  local s = g.setup({ players = 3 }, "s" .. k)
  while true do
    local act = g.active(s)
    if #act == 0 then break end
    local seat = act[c.rngInt(rng, #act) + 1]
    local legal = g.legal(s, seat)
    s = g.apply(s, seat, legal[c.rngInt(rng, #legal) + 1]).state
  end
end
debug.sethook()
local arr = {}
for k, v in pairs(counts) do arr[#arr + 1] = { k, v } end
table.sort(arr, function(a, b) return a[2] > b[2] end)
local out = {}
for i = 1, 25 do if arr[i] then out[#out + 1] = arr[i][1] .. " " .. arr[i][2] end end
return table.concat(out, "\\n")`;
const st = lauxlib.luaL_dostring(L, src);
console.log(st, lua.lua_tostring(L, -1));
