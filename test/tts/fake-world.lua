-- A fake Tabletop Simulator for tests: the Global-script API surface the syzygy mod uses,
-- emulated in plain Lua 5.2 over the objects of a save file. Loaded before the sandbox is
-- applied; the mod's script then runs sandboxed next to it, exactly as in TTS it runs next to
-- the game's C# host. `FAKE` is the test driver's handle (the script never touches it).
--
-- Emulated: objects with GUID, GMNotes, Nickname, position/rotation/scale, lock, highlight;
-- decks (getObjects, takeObject, the last card becoming a loose "remainder"); hand zones per
-- colour (HandTrigger boxes; a card lying inside one is in that hand); Player[colour] with
-- getHandTransform/getHandObjects; UI attributes/values; Wait.time/frames/condition on a
-- manual clock; broadcastToAll/broadcastToColor/print*; JSON.encode/decode.
-- Not emulated: physics (objects stay where they are put; cards never merge into decks by
-- touching), smooth moves (instant), hidden-information rendering.

FAKE = { objects = {}, order = {}, clock = 0, timers = {}, messages = {}, ui = {}, seq = 0, errors = {} }
local F = FAKE

----------------------------------------------------------------------------- JSON
local json = {}
local function esc(s)
  return (s:gsub('[%c"\\]', function(c)
    if c == '"' then return '\\"' elseif c == "\\" then return "\\\\" elseif c == "\n" then return "\\n"
    elseif c == "\t" then return "\\t" else return string.format("\\u%04x", c:byte()) end
  end))
end
local function isArray(t)
  local n = 0
  for k in pairs(t) do
    if type(k) ~= "number" then return false end
    n = n + 1
  end
  for i = 1, n do if t[i] == nil then return false end end
  return true, n
end
function json.encode(v)
  local t = type(v)
  if t == "nil" then return "null" end
  if t == "boolean" then return v and "true" or "false" end
  if t == "number" then
    return string.format("%.14g", v) -- what tostring prints for a Lua 5.2 number
  end
  if t == "string" then return '"' .. esc(v) .. '"' end
  if t == "table" then
    local arr, n = isArray(v)
    local parts = {}
    if arr and n > 0 then
      for i = 1, n do parts[i] = json.encode(v[i]) end
      return "[" .. table.concat(parts, ",") .. "]"
    end
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = tostring(k) end
    table.sort(keys)
    if #keys == 0 then return "[]" end
    for _, k in ipairs(keys) do
      local val = v[k]
      if val == nil then val = v[tonumber(k)] end
      parts[#parts + 1] = '"' .. esc(k) .. '":' .. json.encode(val)
    end
    return "{" .. table.concat(parts, ",") .. "}"
  end
  error("cannot encode " .. t)
end
function json.decode(s)
  local pos = 1
  local function ws() pos = s:find("[^ \t\r\n]", pos) or (#s + 1) end
  local value
  local function str()
    pos = pos + 1
    local out = {}
    while true do
      local c = s:sub(pos, pos)
      if c == "" then error("unterminated string") end
      if c == '"' then pos = pos + 1 break end
      if c == "\\" then
        local e = s:sub(pos + 1, pos + 1)
        local map = { n = "\n", t = "\t", r = "\r", b = "\b", f = "\f", ['"'] = '"', ["\\"] = "\\", ["/"] = "/" }
        if e == "u" then
          local code = tonumber(s:sub(pos + 2, pos + 5), 16)
          if code < 128 then out[#out + 1] = string.char(code)
          elseif code < 2048 then out[#out + 1] = string.char(192 + math.floor(code / 64), 128 + code % 64)
          else out[#out + 1] = string.char(224 + math.floor(code / 4096), 128 + math.floor(code / 64) % 64, 128 + code % 64) end
          pos = pos + 6
        else
          out[#out + 1] = map[e]
          pos = pos + 2
        end
      else
        out[#out + 1] = c
        pos = pos + 1
      end
    end
    return table.concat(out)
  end
  function value()
    ws()
    local c = s:sub(pos, pos)
    if c == "{" then
      local t = {}
      pos = pos + 1
      ws()
      if s:sub(pos, pos) == "}" then pos = pos + 1 return t end
      while true do
        ws()
        local k = str()
        ws()
        pos = pos + 1 -- ':'
        t[k] = value()
        ws()
        local d = s:sub(pos, pos)
        pos = pos + 1
        if d == "}" then return t end
      end
    elseif c == "[" then
      local t = {}
      pos = pos + 1
      ws()
      if s:sub(pos, pos) == "]" then pos = pos + 1 return t end
      while true do
        t[#t + 1] = value()
        ws()
        local d = s:sub(pos, pos)
        pos = pos + 1
        if d == "]" then return t end
      end
    elseif c == '"' then
      return str()
    elseif s:sub(pos, pos + 3) == "true" then pos = pos + 4 return true
    elseif s:sub(pos, pos + 4) == "false" then pos = pos + 5 return false
    elseif s:sub(pos, pos + 3) == "null" then pos = pos + 4 return nil
    else
      local num = s:match("^-?%d+%.?%d*[eE]?[-+]?%d*", pos)
      if num == nil or num == "" then error("bad JSON at " .. pos) end
      pos = pos + #num
      return tonumber(num)
    end
  end
  return value()
end
F.json = json
JSON = { encode = json.encode, encode_pretty = json.encode, decode = json.decode }

----------------------------------------------------------------------------- objects
local TYPES = {
  Card = "Card", Deck = "Deck", Custom_Board = "Board", Custom_Tile = "Tile", Custom_Token = "Token",
  HandTrigger = "Hand", ScriptingTrigger = "Scripting",
}
local UNITS = { Custom_Board = 10, Custom_Tile = 2, Custom_Token = 2, Card = 2.2, Deck = 2.2 }

local function vec(x, y, z) return { x = x, y = y, z = z, [1] = x, [2] = y, [3] = z } end
local function readVec(v)
  if v == nil then return nil end
  return vec(v.x or v[1], v.y or v[2], v.z or v[3])
end
local function norm(a) a = a % 360 if a < 0 then a = a + 360 end return a end

local api -- forward

local function register(o)
  F.objects[o.guid] = o
  F.order[#F.order + 1] = o.guid
  o.handle = api(o)
  return o
end

function F.fromData(d)
  local t = d.Transform or {}
  local o = {
    guid = d.GUID, name = d.Name, nickname = d.Nickname or "", description = d.Description or "",
    gm_notes = d.GMNotes or "", memo = d.Memo or "", locked = d.Locked == true,
    pos = vec(t.posX or 0, t.posY or 0, t.posZ or 0), rot = vec(t.rotX or 0, t.rotY or 0, t.rotZ or 0),
    scale = vec(t.scaleX or 1, t.scaleY or 1, t.scaleZ or 1), fog = d.FogColor, data = d, contents = nil,
  }
  if d.Name == "Deck" then
    o.contents = {}
    for _, c in ipairs(d.ContainedObjects or {}) do o.contents[#o.contents + 1] = c end
  end
  return o
end

function F.toData(o)
  local d = {}
  for k, v in pairs(o.data) do d[k] = v end
  d.GUID = o.guid
  d.GMNotes = o.gm_notes
  d.Locked = o.locked
  d.Transform = { posX = o.pos.x, posY = o.pos.y, posZ = o.pos.z, rotX = o.rot.x, rotY = o.rot.y, rotZ = o.rot.z,
    scaleX = o.scale.x, scaleY = o.scale.y, scaleZ = o.scale.z }
  if o.contents ~= nil then
    d.ContainedObjects = o.contents
    local ids = {}
    for i, c in ipairs(o.contents) do ids[i] = c.CardID end
    d.DeckIDs = ids
  end
  return d
end

local function destroy(o)
  F.objects[o.guid] = nil
  local kept = {}
  for _, g in ipairs(F.order) do if g ~= o.guid then kept[#kept + 1] = g end end
  F.order = kept
  o.destroyed = true
end

local function faceDown(o)
  local z = norm(o.rot.z)
  return z > 90 and z < 270
end

function api(o)
  local h = {}
  h.getGUID = function() return o.guid end
  h.getGMNotes = function() return o.gm_notes end
  h.setGMNotes = function(s) o.gm_notes = s return true end
  h.getName = function() return o.nickname end
  h.getDescription = function() return o.description end
  h.getPosition = function() return vec(o.pos.x, o.pos.y, o.pos.z) end
  h.getRotation = function() return vec(o.rot.x, o.rot.y, o.rot.z) end
  h.getScale = function() return vec(o.scale.x, o.scale.y, o.scale.z) end
  h.getLock = function() return o.locked end
  h.getBounds = function()
    local u = UNITS[o.name] or 1
    return { center = h.getPosition(), size = vec(o.scale.x * u, 0.2, o.scale.z * u), offset = vec(0, 0, 0) }
  end
  h.setPosition = function(p)
    if o.locked then F.errors[#F.errors + 1] = "setPosition on locked " .. o.guid end
    o.pos = readVec(p) return true
  end
  h.setPositionSmooth = function(p) o.pos = readVec(p) return true end
  h.setRotation = function(r)
    if o.locked then F.errors[#F.errors + 1] = "setRotation on locked " .. o.guid end
    o.rot = readVec(r) return true
  end
  h.setRotationSmooth = function(r) o.rot = readVec(r) return true end
  h.flip = function() o.rot = vec(o.rot.x, o.rot.y, norm(o.rot.z + 180)) return true end
  h.setLock = function(b) o.locked = b == true return true end
  h.highlightOn = function(c) o.highlight = c return true end
  h.highlightOff = function() o.highlight = nil return true end
  h.isDestroyed = function() return o.destroyed == true end
  h.getObjects = function()
    if o.contents ~= nil then
      local out = {}
      for i, c in ipairs(o.contents) do
        out[i] = { guid = c.GUID, gm_notes = c.GMNotes or "", name = c.Nickname or "", nickname = c.Nickname or "",
          description = c.Description or "", index = i - 1 }
      end
      return out
    end
    if o.name == "ScriptingTrigger" then return F.inBox(o) end
    return {}
  end
  h.takeObject = function(params)
    if o.contents == nil then error("takeObject on a non-container") end
    local idx = nil
    for i, c in ipairs(o.contents) do if c.GUID == params.guid then idx = i end end
    if idx == nil then
      if params.guid ~= nil then error("takeObject: " .. params.guid .. " is not in " .. o.guid) end
      idx = 1
    end
    local d = table.remove(o.contents, idx)
    local card = F.fromData(d)
    card.pos = readVec(params.position) or vec(o.pos.x, o.pos.y + 1, o.pos.z)
    card.rot = readVec(params.rotation) or vec(o.rot.x, o.rot.y, o.rot.z)
    register(card)
    if #o.contents == 1 then
      -- TTS: a deck of one card stops being a deck; the card stays as the "remainder".
      local last = F.fromData(table.remove(o.contents, 1))
      last.pos = vec(o.pos.x, o.pos.y, o.pos.z)
      last.rot = vec(o.rot.x, o.rot.y, o.rot.z)
      destroy(o)
      register(last)
    end
    return card.handle
  end
  return setmetatable(h, { __index = function(_, k)
    if k == "guid" then return o.guid end
    if k == "type" then return TYPES[o.name] or "Generic" end
    if k == "tag" then return TYPES[o.name] or "Generic" end
    if k == "name" then return o.name end
    if k == "memo" then return o.memo end
    if k == "is_face_down" then return faceDown(o) end
    if k == "held_by_color" then return nil end
    return nil
  end })
end

--- Objects lying inside `zone`'s box (axis-aligned after the zone's yaw in 90° steps).
function F.inBox(zone)
  local out = {}
  local yaw = norm(zone.rot.y)
  local hx, hz = zone.scale.x / 2, zone.scale.z / 2
  if (yaw > 45 and yaw < 135) or (yaw > 225 and yaw < 315) then hx, hz = hz, hx end
  for _, g in ipairs(F.order) do
    local o = F.objects[g]
    if o.name ~= "HandTrigger" and o.name ~= "ScriptingTrigger" and math.abs(o.pos.x - zone.pos.x) <= hx and math.abs(o.pos.z - zone.pos.z) <= hz then
      out[#out + 1] = o.handle
    end
  end
  return out
end

function F.handZone(color)
  for _, g in ipairs(F.order) do
    local o = F.objects[g]
    if o.name == "HandTrigger" and o.fog == color then return o end
  end
  return nil
end

--- The colour whose hand zone holds object `o`, or nil.
function F.handOf(o)
  for _, g in ipairs(F.order) do
    local z = F.objects[g]
    if z.name == "HandTrigger" then
      for _, h in ipairs(F.inBox(z)) do if h.getGUID() == o.guid then return z.fog end end
    end
  end
  return nil
end

----------------------------------------------------------------------------- globals
function getObjectFromGUID(guid)
  local o = F.objects[guid]
  if o == nil then return nil end
  return o.handle
end

function getObjects()
  local out = {}
  for _, g in ipairs(F.order) do out[#out + 1] = F.objects[g].handle end
  return out
end

local function say(kind, to, msg) F.messages[#F.messages + 1] = { kind = kind, to = to, text = msg } end
function broadcastToAll(msg, tint) say("broadcast", "all", msg) return true end
function broadcastToColor(msg, color, tint) say("broadcast", color, msg) return true end
function printToAll(msg, tint) say("print", "all", msg) return true end
function printToColor(msg, color, tint) say("print", color, msg) return true end
print = function(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[#parts + 1] = tostring((select(i, ...))) end
  say("print", "log", table.concat(parts, "\t"))
end

Player = setmetatable({}, { __index = function(_, color)
  return {
    color = color, seated = true, steam_name = color .. " player",
    getHandTransform = function(i)
      local z = F.handZone(color)
      if z == nil then error("no hand zone for " .. tostring(color)) end
      return { position = vec(z.pos.x, z.pos.y, z.pos.z), rotation = vec(z.rot.x, z.rot.y, z.rot.z), scale = vec(z.scale.x, z.scale.y, z.scale.z) }
    end,
    getHandObjects = function(i)
      local z = F.handZone(color)
      if z == nil then return {} end
      return F.inBox(z)
    end,
    broadcast = function(msg) say("broadcast", color, msg) end,
  }
end })

UI = {
  setAttribute = function(id, attr, value) F.ui[id] = F.ui[id] or {} F.ui[id][attr] = tostring(value) return true end,
  getAttribute = function(id, attr) return F.ui[id] and F.ui[id][attr] end,
  setValue = function(id, value) F.ui[id] = F.ui[id] or {} F.ui[id].value = tostring(value) return true end,
  getValue = function(id) return F.ui[id] and F.ui[id].value or "" end,
  show = function(id) UI.setAttribute(id, "active", "true") end,
  hide = function(id) UI.setAttribute(id, "active", "false") end,
}

local function schedule(fn, at, cond)
  F.seq = F.seq + 1
  F.timers[#F.timers + 1] = { id = F.seq, at = at, fn = fn, cond = cond }
  return F.seq
end
Wait = {
  time = function(fn, seconds, reps) return schedule(fn, F.clock + seconds) end,
  frames = function(fn, frames) return schedule(fn, F.clock + (frames or 1) / 60) end,
  condition = function(fn, cond, timeout) return schedule(fn, F.clock, cond) end,
  stop = function(id) for i, t in ipairs(F.timers) do if t.id == id then table.remove(F.timers, i) return true end end return false end,
  stopAll = function() F.timers = {} end,
}

--- Advances the clock, running due timers in order (a timer may schedule more).
function F.advance(seconds)
  local target = F.clock + seconds
  while true do
    local best = nil
    for i, t in ipairs(F.timers) do
      local due = t.at <= target and (t.cond == nil or t.cond())
      if due and (best == nil or t.at < F.timers[best].at or (t.at == F.timers[best].at and t.id < F.timers[best].id)) then best = i end
    end
    if best == nil then break end
    local t = table.remove(F.timers, best)
    if t.at > F.clock then F.clock = t.at end
    t.fn()
  end
  F.clock = target
end

----------------------------------------------------------------------------- driver helpers
function F.boot(saveJson)
  local save = json.decode(saveJson)
  for _, d in ipairs(save.ObjectStates) do register(F.fromData(d)) end
  return save
end

function F.find(note)
  for _, g in ipairs(F.order) do
    local o = F.objects[g]
    if o.gm_notes == note then return o end
  end
  return nil
end

--- A player drags card `note` from wherever it lies and drops it at (x, z); fires onObjectDrop.
function F.drop(color, note, x, z)
  local o = F.find(note)
  if o == nil then return "missing" end
  if o.locked then return "locked" end
  local holder = F.handOf(o)
  if holder ~= nil and holder ~= color then return "not yours" end
  o.pos = vec(x, 1.5, z)
  if onObjectDrop ~= nil then onObjectDrop(color, o.handle) end
  return "dropped"
end

--- Everything a test compares, as JSON: objects (position, face, lock, hand), UI, timers.
function F.snapshot()
  local objs = {}
  for _, g in ipairs(F.order) do
    local o = F.objects[g]
    if o.name == "Card" or o.name == "Deck" or o.name == "Custom_Tile" or o.name == "Custom_Token" then
      objs[#objs + 1] = {
        guid = o.guid, note = o.gm_notes, name = o.name, x = math.floor(o.pos.x * 1000 + 0.5) / 1000,
        y = math.floor(o.pos.y * 1000 + 0.5) / 1000, z = math.floor(o.pos.z * 1000 + 0.5) / 1000,
        down = faceDown(o), locked = o.locked, hand = F.handOf(o) or "", highlight = o.highlight or "",
        contents = o.contents and #o.contents or 0,
      }
    end
  end
  return json.encode({ objects = objs, ui = F.ui, timers = #F.timers, clock = F.clock })
end

function F.saveObjects()
  local out = {}
  for _, g in ipairs(F.order) do out[#out + 1] = F.toData(F.objects[g]) end
  return json.encode(out)
end

function F.takeMessages()
  local m = F.messages
  F.messages = {}
  return json.encode(m)
end

function F.message(err)
  if type(err) == "table" then
    if type(err.message) == "string" then return err.message end
    return "error object"
  end
  return tostring(err)
end
