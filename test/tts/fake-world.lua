-- A fake Tabletop Simulator for tests: the Global-script API surface the syzygy mod uses,
-- emulated in plain Lua 5.2 over the objects of a save file, as strict as the TTS API documents
-- it. Loaded before the sandbox is applied; the mod's script then runs sandboxed next to it,
-- exactly as in TTS it runs next to the game's C# host. `FAKE` is the test driver's handle.
--
-- Emulated, each with the documentation sentence it follows (search "TTS:"): objects with GUID,
-- GMNotes, Nickname, position/rotation/scale, lock, highlight; decks whose taken cards spawn
-- frames later (found by GUID only then, callback_function then), whose second-last take
-- destroys the deck and spawns the remainder a frame later; cards dropped onto cards or decks
-- merge into a Deck; hand zones that lay their cards out in a row in the order held; scripting
-- zones with getObjects and onObjectEnterZone/onObjectLeaveZone; onObjectPickUp / onObjectDrop;
-- UI attributes that the XmlUI overwrites until UI.loading is false; Wait.time/frames/condition
-- (with timeouts) on a manual clock at 60 frames a second; broadcasts and prints; JSON.
-- Not emulated: physics (objects stay where they are put), smooth moves (instant), rendering.

FAKE = { objects = {}, order = {}, clock = 0, timers = {}, messages = {}, ui = {}, seq = 0, errors = {}, hands = {},
  pendingSpawns = 0, smoothTakes = 0, merges = 0, mergeOnSpawn = true, trouble = { lose = 0, stray = 0, nudge = 0 } }
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
  -- Byte loops rather than s:find/s:match from pos: MoonSharp's patterns copy the subject on
  -- every call, which makes a pattern scan of a whole save quadratic.
  local byte, sub, n = string.byte, string.sub, #s
  local function ws()
    local b = byte(s, pos)
    while b == 32 or b == 9 or b == 13 or b == 10 do pos = pos + 1 b = byte(s, pos) end
    if b == nil then pos = n + 1 end
  end
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
        local stop = pos
        local b = byte(s, stop)
        while b ~= nil and b ~= 34 and b ~= 92 do stop = stop + 1 b = byte(s, stop) end
        out[#out + 1] = sub(s, pos, stop - 1)
        pos = stop
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
      local stop = pos
      local b = byte(s, stop)
      -- digits, sign, point, exponent
      while b ~= nil and ((b >= 48 and b <= 57) or b == 45 or b == 43 or b == 46 or b == 101 or b == 69) do stop = stop + 1 b = byte(s, stop) end
      local num = tonumber(sub(s, pos, stop - 1))
      if num == nil then error("bad JSON at " .. pos) end
      pos = stop
      return num
    end
  end
  return value()
end
F.json = json
JSON = { encode = json.encode, encode_pretty = json.encode, decode = json.decode }

----------------------------------------------------------------------------- objects
-- Every documented behaviour below cites the TTS API documentation (api.tabletopsimulator.com,
-- as shipped in @typed-tabletop-simulator/declaration's doc comments) in a `-- TTS:` comment.
local TYPES = {
  Card = "Card", Deck = "Deck", Custom_Board = "Board", Custom_Tile = "Tile", Custom_Token = "Token",
  HandTrigger = "Hand", ScriptingTrigger = "Scripting",
  -- TTS: the setValue type table names "`3D Text`" the type whose value "Replaces the 3D Text's
  -- content"; built-in-object.md: "3DText | The text that the Text Tool spawns."
  ["3DText"] = "3D Text",
}
-- World units (x, z) at scale 1, for getBounds: what the layout assumes (src/table/layout.ts
-- CARD_W/CARD_H, TILE_UNITS_AT_SCALE_1, BOARD_UNITS_AT_SCALE_1; a scripting zone is its scale).
-- Real TTS may differ: the table self-check (syzygyCheckTable) measures it there.
local UNITS = { Custom_Board = { 10, 10 }, Custom_Tile = { 2, 2 }, Custom_Token = { 2, 2 }, Card = { 2.2, 3.1 }, Deck = { 2.2, 3.1 } }
FAKE.units = UNITS
local FRAME = 1 / 60
local CARD_HALF_W, CARD_HALF_H = 1.1, 1.55

local function vec(x, y, z) return { x = x, y = y, z = z, [1] = x, [2] = y, [3] = z } end
local function readVec(v)
  if v == nil then return nil end
  return vec(v.x or v[1], v.y or v[2], v.z or v[3])
end
local function norm(a) a = a % 360 if a < 0 then a = a + 360 end return a end

local api -- forward
local schedule -- forward

local function register(o)
  F.objects[o.guid] = o
  F.order[#F.order + 1] = o.guid
  o.handle = api(o)
  return o
end

local function isCard(o) return o.name == "Card" or o.name == "Deck" end
--- A live object: spawned and not destroyed (the only ones getObjectFromGUID/getObjects see).
local function live(o) return o ~= nil and not o.destroyed and not o.spawning end

function F.fromData(d)
  local t = d.Transform or {}
  local o = {
    guid = d.GUID, name = d.Name, nickname = d.Nickname or "", description = d.Description or "",
    gm_notes = d.GMNotes or "", memo = d.Memo or "", locked = d.Locked == true,
    pos = vec(t.posX or 0, t.posY or 0, t.posZ or 0), rot = vec(t.rotX or 0, t.rotY or 0, t.rotZ or 0),
    scale = vec(t.scaleX or 1, t.scaleY or 1, t.scaleZ or 1), fog = d.FogColor, data = d, contents = nil,
    zones = {},
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
  d.Nickname = o.nickname
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

local function faceDown(o)
  local z = norm(o.rot.z)
  return z > 90 and z < 270
end

----------------------------------------------------------------------------- hands and zones
--- Position of `p` in zone `z`'s frame: lx along the zone's x (the seated player's right), lz across.
local function localOf(z, p)
  local a = math.rad(z.rot.y)
  local dx, dz = p.x - z.pos.x, p.z - z.pos.z
  return dx * math.cos(a) - dz * math.sin(a), dx * math.sin(a) + dz * math.cos(a)
end

local function inside(z, p)
  local lx, lz = localOf(z, p)
  return math.abs(lx) <= z.scale.x / 2 and math.abs(lz) <= z.scale.z / 2
end

function F.handZone(color)
  for _, g in ipairs(F.order) do
    local o = F.objects[g]
    if o.name == "HandTrigger" and o.fog == color then return o end
  end
  return nil
end

--- A hand's cards lie in a row across its hand zone, in the order the player holds them, and a card
-- put into the zone joins the row where it lies. (What TTS's hands show; the API docs say only
-- getHandObjects "Returns a Table of Objects that are in this hand zone".)
local function layoutHand(color)
  local z = F.handZone(color)
  local list = F.hands[color] or {}
  local n = #list
  local step = 2.3
  if n > 1 and (n - 1) * step > z.scale.x - 2.2 then step = (z.scale.x - 2.2) / (n - 1) end
  local a = math.rad(z.rot.y)
  for i, g in ipairs(list) do
    local o = F.objects[g]
    local lx = (i - 1 - (n - 1) / 2) * step
    o.pos = vec(z.pos.x + lx * math.cos(a), z.pos.y, z.pos.z - lx * math.sin(a))
  end
end

local function leaveHand(o)
  if o.hand == nil then return end
  local color = o.hand
  local kept = {}
  for _, g in ipairs(F.hands[color]) do if g ~= o.guid then kept[#kept + 1] = g end end
  F.hands[color] = kept
  o.hand = nil
  layoutHand(color)
end

--- A card put (or dropped) inside a hand zone joins that hand where it lies along the row.
local function joinHand(o, color)
  local z = F.handZone(color)
  local list = F.hands[color] or {}
  local lx = localOf(z, o.pos)
  local at = #list + 1
  for i, g in ipairs(list) do
    if localOf(z, F.objects[g].pos) > lx then at = i break end
  end
  table.insert(list, at, o.guid)
  F.hands[color] = list
  o.hand = color
  layoutHand(color)
end

local function callHandler(name, ...)
  local fn = rawget(_G, name)
  if fn ~= nil then return fn(...) end
  return nil
end

--- After `o` moved: hand membership and zone events.
-- TTS: onObjectEnterZone "Called when an object enters a zone." / onObjectLeaveZone "Called when
-- an object leaves a zone." (event.d.ts: zone = "Zone that was entered/left").
local function track(o)
  if o.destroyed or o.spawning or o.held ~= nil then return end
  if o.name == "HandTrigger" or o.name == "ScriptingTrigger" then return end
  if isCard(o) then
    local color = nil
    for _, g in ipairs(F.order) do
      local z = F.objects[g]
      if z.name == "HandTrigger" and inside(z, o.pos) then color = z.fog end
    end
    if o.name == "Deck" then color = nil end
    if color ~= o.hand then
      leaveHand(o)
      if color ~= nil then joinHand(o, color) end
    elseif color ~= nil then
      layoutHand(color)
    end
  end
  for _, g in ipairs(F.order) do
    local z = F.objects[g]
    if z.name == "ScriptingTrigger" then
      local now = inside(z, o.pos)
      if now and not o.zones[z.guid] then
        o.zones[z.guid] = true
        callHandler("onObjectEnterZone", z.handle, o.handle)
      elseif not now and o.zones[z.guid] then
        o.zones[z.guid] = nil
        callHandler("onObjectLeaveZone", z.handle, o.handle)
      end
    end
  end
end
F.track = track

local function destroy(o)
  leaveHand(o)
  for _, g in ipairs(F.order) do
    local z = F.objects[g]
    if z.name == "ScriptingTrigger" and o.zones[z.guid] then
      o.zones[z.guid] = nil
      callHandler("onObjectLeaveZone", z.handle, o.handle)
    end
  end
  F.objects[o.guid] = nil
  local kept = {}
  for _, g in ipairs(F.order) do if g ~= o.guid then kept[#kept + 1] = g end end
  F.order = kept
  o.destroyed = true
end

----------------------------------------------------------------------------- spawning
--- Object `o` (registered, invisible while spawning) finishes spawning after `frames` frames.
-- TTS: takeObject: "Objects that are taken out of a container will take one or more frames to
-- spawn." callback_function: "Called when the object has finished spawning." spawning: "If the
-- Object is finished spawning." (the object is not found by GUID before then).
local function spawnLater(o, frames, callback)
  o.spawning = true
  F.pendingSpawns = F.pendingSpawns + 1
  schedule(function()
    F.pendingSpawns = F.pendingSpawns - 1
    if o.destroyed then return end
    o.spawning = false
    -- Test-only trouble (what a real table might do that the docs do not promise against):
    -- a spawn that never arrives, one that lands elsewhere without its callback, one knocked away.
    local trouble = F.trouble
    if trouble.lose > 0 and o.name == "Card" then
      trouble.lose = trouble.lose - 1
      destroy(o)
      return
    end
    if trouble.stray > 0 and o.name == "Card" then
      trouble.stray = trouble.stray - 1
      o.pos = vec(60, 1, 60)
      track(o)
      return
    end
    track(o)
    if callback ~= nil then callback(o.handle) end
    if trouble.nudge > 0 and o.name == "Card" and o.hand ~= nil then
      trouble.nudge = trouble.nudge - 1
      o.pos = vec(60, 1, -60)
      track(o)
    end
    -- TTS (takeObject's example): after waiting a frame past the spawn, "it's also given the object
    -- time to enter another container, if it spawned on one": a card left lying on a card or deck
    -- merges.
    if F.mergeOnSpawn and not o.destroyed then
      local at = vec(o.pos.x, o.pos.y, o.pos.z)
      schedule(function()
        if o.pos.x == at.x and o.pos.y == at.y and o.pos.z == at.z then F.mergeCheck(o) end
      end, F.clock + FRAME)
    end
  end, F.clock + frames * FRAME)
end

local function takeOut(o, params)
  if o.contents == nil then error("takeObject on a non-container") end
  if #o.contents == 0 then error("takeObject on an empty container " .. o.guid) end
  local idx = nil
  if params.guid ~= nil then
    for i, c in ipairs(o.contents) do if c.GUID == params.guid then idx = i end end
    if idx == nil then error("takeObject: " .. params.guid .. " is not in " .. o.guid) end
  elseif params.index ~= nil then
    idx = params.index + 1
  else
    idx = 1
  end
  if params.smooth ~= false then F.smoothTakes = F.smoothTakes + 1 end
  local d = table.remove(o.contents, idx)
  local card = F.fromData(d)
  card.pos = readVec(params.position) or vec(o.pos.x, o.pos.y + 1, o.pos.z)
  card.rot = readVec(params.rotation) or vec(o.rot.x, o.rot.y, o.rot.z)
  register(card)
  spawnLater(card, 1, params.callback_function)
  if #o.contents == 1 then
    -- TTS: "Once you remove the second last object from a container, the container will be
    -- destroyed and the remaining contained object will spawn in its place." remainder: "This
    -- variable provides a reference to the remaining object when it is being spawned. Otherwise,
    -- it's nil." The remainder spawns a frame after the taken object; it is read here only in the
    -- frame of the take (the docs: "After calling `takeObject(...)` you can check for a remainder"),
    -- and like any spawning object it is not found by GUID until spawned (guid "is assigned
    -- correctly once the `spawning` member variable becomes false").
    local last = F.fromData(table.remove(o.contents, 1))
    last.pos = vec(o.pos.x, o.pos.y, o.pos.z)
    last.rot = vec(o.rot.x, o.rot.y, o.rot.z)
    destroy(o)
    register(last)
    o.remainder = last.handle
    spawnLater(last, 2, nil)
    schedule(function() o.remainder = nil end, F.clock + FRAME)
  end
  return card.handle
end

----------------------------------------------------------------------------- merging
--- The loose card or deck under point `p` (topmost first), other than `o`.
local function cardUnder(o, p)
  for i = #F.order, 1, -1 do
    local t = F.objects[F.order[i]]
    if t ~= o and live(t) and isCard(t) and t.hand == nil and t.held == nil and not t.locked
      and math.abs(t.pos.x - p.x) < CARD_HALF_W and math.abs(t.pos.z - p.z) < CARD_HALF_H then
      return t
    end
  end
  return nil
end

local function contentsOf(o)
  if o.contents ~= nil then return o.contents end
  local d = F.toData(o)
  d.Transform = nil
  return { d }
end

--- A card or deck dropped onto another card or deck joins it: cards become a Deck.
-- TTS: tryObjectEnterContainer "Called when an object attempts to enter a container. Return false
-- to prevent the object entering."; onObjectEnterContainer "Called when an object enters a
-- container. Includes decks". takeObject's example: a spawned object may "enter another container, if it spawned
-- on one". (Dropped cards stack into a deck: a card on a card makes a new Deck.)
function F.mergeCheck(o)
  if not live(o) or o.held ~= nil or o.locked or not isCard(o) or o.hand ~= nil then return end
  local t = cardUnder(o, o.pos)
  if t == nil then return end
  if callHandler("tryObjectEnterContainer", t.handle, o.handle) == false then return end
  local moving = contentsOf(o)
  if t.name == "Deck" then
    for i = #moving, 1, -1 do table.insert(t.contents, 1, moving[i]) end
    destroy(o)
    callHandler("onObjectEnterContainer", t.handle, o.handle)
    return
  end
  local all = {}
  for _, c in ipairs(moving) do all[#all + 1] = c end
  for _, c in ipairs(contentsOf(t)) do all[#all + 1] = c end
  -- A new GUID named after the card it formed on, so two tables doing the same get the same one.
  local deck = F.fromData({ GUID = "d" .. t.guid:sub(2), Name = "Deck", Nickname = "", GMNotes = "", ContainedObjects = all,
    Transform = { posX = t.pos.x, posY = t.pos.y, posZ = t.pos.z, rotX = t.rot.x, rotY = t.rot.y, rotZ = t.rot.z,
      scaleX = t.scale.x, scaleY = t.scale.y, scaleZ = t.scale.z } })
  destroy(o)
  destroy(t)
  register(deck)
  F.merges = F.merges + 1
  track(deck)
  callHandler("onObjectEnterContainer", deck.handle, o.handle)
end

----------------------------------------------------------------------------- object API
function api(o)
  local h = {}
  local function method(name, fn)
    h[name] = function(...)
      if o.destroyed then
        F.errors[#F.errors + 1] = name .. " on destroyed object " .. o.guid
        return nil
      end
      return fn(...)
    end
  end
  method("getGUID", function() return o.guid end)
  method("getGMNotes", function() return o.gm_notes end)
  method("setGMNotes", function(s) o.gm_notes = s return true end)
  method("getName", function() return o.nickname end)
  method("getDescription", function() return o.description end)
  method("getPosition", function() return vec(o.pos.x, o.pos.y, o.pos.z) end)
  method("getRotation", function() return vec(o.rot.x, o.rot.y, o.rot.z) end)
  method("getScale", function() return vec(o.scale.x, o.scale.y, o.scale.z) end)
  method("getLock", function() return o.locked end)
  -- TTS: "Returns a Table of Vector information describing the size of an object in Global terms."
  -- (Object getBounds; an axis-aligned box, so a quarter turn swaps x and z.)
  local function bounds(turned)
    local u = UNITS[o.name] or { 1, 1 }
    local sx, sz = o.scale.x * u[1], o.scale.z * u[2]
    if turned then sx, sz = sz, sx end
    return { center = vec(o.pos.x, o.pos.y, o.pos.z), size = vec(sx, 0.2, sz), offset = vec(0, 0, 0) }
  end
  method("getBounds", function() return bounds(math.floor((o.rot.y + 45) / 90) % 2 == 1) end)
  -- TTS: "Returns a Table of Vector information describing the size of the merged colliders on an
  -- object in Global terms, as if it was rotated to {0,0,0}." (Object getBoundsNormalized; the
  -- colliders' real size is what the table self-check measures in TTS: here the layout's UNITS.)
  method("getBoundsNormalized", function() return bounds(false) end)
  method("setPosition", function(p)
    if o.locked then F.errors[#F.errors + 1] = "setPosition on locked " .. o.guid end
    o.pos = readVec(p)
    track(o)
    return true
  end)
  method("setPositionSmooth", function(p) o.pos = readVec(p) track(o) return true end)
  method("setRotation", function(r)
    if o.locked then F.errors[#F.errors + 1] = "setRotation on locked " .. o.guid end
    o.rot = readVec(r)
    return true
  end)
  method("setRotationSmooth", function(r) o.rot = readVec(r) return true end)
  method("flip", function() o.rot = vec(o.rot.x, o.rot.y, norm(o.rot.z + 180)) return true end)
  method("setLock", function(b) o.locked = b == true return true end)
  method("highlightOn", function(c) o.highlight = c return true end)
  method("highlightOff", function() o.highlight = nil return true end)
  h.isDestroyed = function() return o.destroyed == true end
  method("getObjects", function()
    if o.contents ~= nil then
      local out = {}
      for i, c in ipairs(o.contents) do
        out[i] = { guid = c.GUID, gm_notes = c.GMNotes or "", name = c.Nickname or "", nickname = c.Nickname or "",
          description = c.Description or "", index = i - 1 }
      end
      return out
    end
    if o.name == "ScriptingTrigger" then return F.inZone(o) end
    return {}
  end)
  method("takeObject", function(params) return takeOut(o, params or {}) end)
  return setmetatable(h, { __index = function(_, k)
    if k == "guid" then return o.guid end
    if k == "type" then return TYPES[o.name] or "Generic" end
    if k == "tag" then return TYPES[o.name] or "Generic" end
    if k == "name" then return o.name end
    if k == "memo" then return o.memo end
    if k == "is_face_down" then return faceDown(o) end
    if k == "held_by_color" then return o.held end
    if k == "spawning" then return o.spawning == true end
    if k == "remainder" then return o.remainder end
    if k == "pick_up_position" then return o.pick_up_position end
    if k == "pick_up_rotation" then return o.pick_up_rotation end
    if k == "interactable" then return o.interactable ~= false end
    return nil
  end, __newindex = function(_, k, v)
    -- TTS: interactable "If the object can be interacted with by Players. Other object will still
    -- be able to interact with it." Not saved: the knowledge base's ObjectState (Save File Format)
    -- has no such field, so a loaded object is interactable again.
    if k == "interactable" then o.interactable = v == true return end
    F.errors[#F.errors + 1] = "set unknown property " .. tostring(k) .. " on " .. o.guid
  end })
end

--- Live objects lying inside a scripting zone (TTS: getObjects on a zone lists what it contains).
function F.inZone(zone)
  local out = {}
  for _, g in ipairs(F.order) do
    local o = F.objects[g]
    if live(o) and o.name ~= "HandTrigger" and o.name ~= "ScriptingTrigger" and o.held == nil and inside(zone, o.pos) then
      out[#out + 1] = o.handle
    end
  end
  return out
end

----------------------------------------------------------------------------- globals
function getObjectFromGUID(guid)
  local o = F.objects[guid]
  if not live(o) then return nil end
  return o.handle
end

function getObjects()
  local out = {}
  for _, g in ipairs(F.order) do
    local o = F.objects[g]
    if live(o) then out[#out + 1] = o.handle end
  end
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

-- TTS: Player.Action "A list of player actions is available as `Player.Action`" (player/manager.md);
-- Player.getPlayers() "Returns a table of all Player instances." (the seated colours here).
local PLAYER_ACTIONS = { "Copy", "Cut", "Delete", "FlipIncrementalLeft", "FlipIncrementalRight", "FlipOver", "Group",
  "Paste", "PickUp", "Randomize", "RotateIncrementalLeft", "RotateIncrementalRight", "RotateOver", "Select", "Under" }
local playerStatics = { Action = {} }
for i, name in ipairs(PLAYER_ACTIONS) do playerStatics.Action[name] = i - 1 end
playerStatics.getPlayers = function()
  local out = {}
  for _, g in ipairs(F.order) do
    local z = F.objects[g]
    if z.name == "HandTrigger" then out[#out + 1] = Player[z.fog] end
  end
  return out
end

Player = setmetatable({}, { __index = function(_, color)
  if playerStatics[color] ~= nil then return playerStatics[color] end
  return {
    color = color, seated = true, steam_name = color .. " player", steam_id = "7656119800000000" .. #color,
    getHandTransform = function(i)
      local z = F.handZone(color)
      if z == nil then error("no hand zone for " .. tostring(color)) end
      return { position = vec(z.pos.x, z.pos.y, z.pos.z), rotation = vec(z.rot.x, z.rot.y, z.rot.z), scale = vec(z.scale.x, z.scale.y, z.scale.z) }
    end,
    getHandObjects = function(i)
      local out = {}
      for _, g in ipairs(F.hands[color] or {}) do out[#out + 1] = F.objects[g].handle end
      return out
    end,
    broadcast = function(msg) say("broadcast", color, msg) end,
  }
end })

-- TTS: Global.getVectorLines() "Returns Table of data representing the current Vector Lines on
-- this entity. See setVectorLines for table format." That format has `points` ("Vector positions
-- for each "point" on the line"), `color`, `thickness`, `rotation`: the save's points3 become
-- points; the save's `loop` is not in that format, so it is not returned.
Global = {
  getVectorLines = function()
    local out = {}
    for i, l in ipairs(F.vectorLines or {}) do
      local points = {}
      for j, p in ipairs(l.points3 or {}) do points[j] = vec(p.x, p.y, p.z) end
      local c, r = l.color or {}, l.rotation or {}
      out[i] = { points = points, color = { r = c.r, g = c.g, b = c.b }, thickness = l.thickness, rotation = vec(r.x or 0, r.y or 0, r.z or 0) }
    end
    return out
  end,
}

-- TTS: Turns "a static global class, is the in-game turns system"; its member variables
-- (turns.md) are enable, type ("1=auto, 2=custom"), order ("A table of strings, representing the
-- player turn order"), reverse_order, skip_empty_hands, disable_interactations, pass_turns and
-- turn_color ("The color of the Player whose turn it is"), each of its documented type. Nothing
-- else: writing another member, or a value of another type, is recorded as an error (in TTS it
-- would do nothing the script could rely on). The turn system's own effects (turn order, passing)
-- are not emulated: the script only sets who is to act.
local TURN_TYPES = { enable = "boolean", type = "number", order = "table", reverse_order = "boolean", skip_empty_hands = "boolean",
  disable_interactations = "boolean", pass_turns = "boolean", turn_color = "string" }
F.turns = { enable = false, type = 1, order = {}, reverse_order = false, skip_empty_hands = false,
  disable_interactations = false, pass_turns = true, turn_color = "" }
Turns = setmetatable({}, {
  __index = function(_, k) return F.turns[k] end,
  __newindex = function(_, k, v)
    if TURN_TYPES[k] == nil or type(v) ~= TURN_TYPES[k] then
      F.errors[#F.errors + 1] = "Turns." .. tostring(k) .. " = " .. tostring(v) .. ": not a documented member of that type"
      return
    end
    if k == "type" and v ~= 1 and v ~= 2 then F.errors[#F.errors + 1] = "Turns.type must be 1 or 2" return end
    if k == "order" then for _, c in ipairs(v) do if type(c) ~= "string" then F.errors[#F.errors + 1] = "Turns.order holds a non-string" return end end end
    F.turns[k] = v
  end,
})

-- TTS: UI.loading "Indicates whether (the server) has finished loading all UI custom assets".
-- Until it has, attributes the script sets are overwritten by the XmlUI's own when it loads.
UI = {
  loading = true,
  setAttribute = function(id, attr, value) F.ui[id] = F.ui[id] or {} F.ui[id][attr] = tostring(value) return true end,
  getAttribute = function(id, attr) return F.ui[id] and F.ui[id][attr] end,
  setValue = function(id, value) F.ui[id] = F.ui[id] or {} F.ui[id].value = tostring(value) return true end,
  getValue = function(id) return F.ui[id] and F.ui[id].value or "" end,
  show = function(id) UI.setAttribute(id, "active", "true") end,
  hide = function(id) UI.setAttribute(id, "active", "false") end,
}

function schedule(fn, at, cond, deadline, onTimeout)
  F.seq = F.seq + 1
  F.timers[#F.timers + 1] = { id = F.seq, at = at, fn = fn, cond = cond, deadline = deadline, onTimeout = onTimeout }
  return F.seq
end
F.schedule = schedule
-- TTS: Wait.frames "Schedules a function to be executed after the specified number of frames have
-- elapsed"; Wait.condition's conditionFunc "will be executed (possibly several times) until it
-- returns true"; "If conditionFunc does not return true before the specified timeout (seconds) has
-- elapsed, then the scheduled function is cancelled"; a timeoutFunc "will be called".
Wait = {
  time = function(fn, seconds, reps) return schedule(fn, F.clock + seconds) end,
  frames = function(fn, frames) return schedule(fn, F.clock + (frames or 1) * FRAME) end,
  condition = function(fn, cond, timeout, onTimeout)
    return schedule(fn, F.clock + FRAME, cond, timeout ~= nil and F.clock + timeout or nil, onTimeout)
  end,
  stop = function(id) for i, t in ipairs(F.timers) do if t.id == id then table.remove(F.timers, i) return true end end return false end,
  stopAll = function() F.timers = {} end,
}

--- Advances the clock, running due timers in order (a timer may schedule more).
function F.advance(seconds)
  local target = F.clock + seconds + 1e-9
  while true do
    local best, bestAt, timeout = nil, nil, false
    for i, t in ipairs(F.timers) do
      local at = t.at
      if at < F.clock then at = F.clock end
      local due = at <= target and (t.cond == nil or t.cond())
      if due and (best == nil or at < bestAt or (at == bestAt and t.id < F.timers[best].id)) then best, bestAt, timeout = i, at, false end
      if not due and t.deadline ~= nil and t.deadline <= target and (best == nil or t.deadline < bestAt) then
        best, bestAt, timeout = i, t.deadline, true
      end
    end
    if best == nil then break end
    local t = table.remove(F.timers, best)
    if bestAt > F.clock then F.clock = bestAt end
    if timeout then
      if t.onTimeout ~= nil then t.onTimeout() end
    else
      t.fn()
    end
  end
  F.clock = target - 1e-9
end

----------------------------------------------------------------------------- driver helpers
function F.boot(saveJson, uiDefaultsJson)
  F.hands, F.pendingSpawns, F.smoothTakes, F.merges = {}, 0, 0, 0
  local save = json.decode(saveJson)
  for _, d in ipairs(save.ObjectStates) do register(F.fromData(d)) end
  F.vectorLines = save.VectorLines or {}
  for _, g in ipairs(F.order) do
    local o = F.objects[g]
    if o.name == "ScriptingTrigger" then
      for _, h in ipairs(F.inZone(o)) do F.objects[h.getGUID()].zones[o.guid] = true end
    end
  end
  -- Cards lying in hand zones are in those hands, ordered along the row.
  for _, g in ipairs(F.order) do
    local z = F.objects[g]
    if z.name == "HandTrigger" then
      local list = {}
      for _, cg in ipairs(F.order) do
        local o = F.objects[cg]
        if o.name == "Card" and inside(z, o.pos) then list[#list + 1] = o end
      end
      table.sort(list, function(a, b)
        local la, lb = localOf(z, a.pos), localOf(z, b.pos)
        if la ~= lb then return la < lb end
        return a.guid < b.guid
      end)
      F.hands[z.fog] = {}
      for i, o in ipairs(list) do F.hands[z.fog][i] = o.guid o.hand = z.fog end
      layoutHand(z.fog)
    end
  end
  local defaults = json.decode(uiDefaultsJson)
  schedule(function()
    UI.loading = false
    F.ui = {}
    for id, attrs in pairs(defaults) do
      F.ui[id] = {}
      for k, v in pairs(attrs) do F.ui[id][k] = v end
    end
  end, 2 * FRAME)
  return save
end

function F.find(note)
  for _, g in ipairs(F.order) do
    local o = F.objects[g]
    if live(o) and o.gm_notes == note then return o end
  end
  return nil
end

--- The live deck holding card `note`, or nil.
function F.deckOf(note)
  for _, g in ipairs(F.order) do
    local o = F.objects[g]
    if live(o) and o.contents ~= nil then
      for _, c in ipairs(o.contents) do if c.GMNotes == note then return o end end
    end
  end
  return nil
end

--- A player picks up card `note`: "held", "not interactable", "refused", "not yours" or "missing".
-- TTS: onObjectPickUp "Called whenever a Player picks up an Object"; pick_up_position "The position the
-- Object was picked up at".
function F.pickUp(color, note)
  local o = F.find(note)
  if o == nil then return "missing" end
  local gate = F.interact(color, o, Player.Action.PickUp)
  if gate ~= nil then return gate end
  -- No "locked" refusal: TTS documents `locked` as "If the object is frozen in place (preventing
  -- physics interactions)", not as stopping players; only interactable and onPlayerAction do.
  if o.hand ~= nil and o.hand ~= color then return "not yours" end
  o.pick_up_position = vec(o.pos.x, o.pos.y, o.pos.z)
  o.pick_up_rotation = vec(o.rot.x, o.rot.y, o.rot.z)
  leaveHand(o)
  o.held = color
  F.holding = o
  callHandler("onObjectPickUp", color, o.handle)
  return "held"
end

--- The held object is let go at (x, z): it lands, then onObjectDrop fires; a frame later it may
-- merge with a card or deck it landed on.
-- TTS: onObjectDrop "Called when an object is dropped by a player."
function F.release(color, x, z)
  local o = F.holding
  F.holding = nil
  o.held = nil
  o.pos = vec(x, 1.5, z)
  track(o)
  -- Only a card still lying where it landed merges (one the script moved away at once does not).
  local at = vec(o.pos.x, o.pos.y, o.pos.z)
  callHandler("onObjectDrop", color, o.handle)
  schedule(function()
    if o.pos.x == at.x and o.pos.y == at.y and o.pos.z == at.z then F.mergeCheck(o) end
  end, F.clock + FRAME)
  return "dropped"
end

--- What stops a player's action on `o`: "not interactable", "refused" (onPlayerAction), or nil.
-- TTS: interactable "If the object can be interacted with by Players. Other object will still be
-- able to interact with it."; onPlayerAction "Called when a player attempts to perform an action.
-- Return `false` to prevent the action's default behavior." with `player` "Player that is
-- attempting the action" and `targets` "List of objects which are the target of the action being
-- attempted". Search and peek have no Player.Action: the host's permissions gate them (F.permissions).
function F.interact(color, o, action)
  if o.interactable == false then return "not interactable" end
  if action ~= nil and callHandler("onPlayerAction", Player[color], action, { o.handle }) == false then return "refused" end
  return nil
end

--- A live object by GMNotes, else the live deck holding that card.
local function findOrPile(note)
  local o = F.find(note)
  if o == nil then o = F.deckOf(note) end
  return o
end

--- The host's permissions (Options → Permissions). The knowledge base's permissions page: "All
-- options are enabled (checked) by default."; "Contextual: Accessing an object's context menu."
-- (Search is in it); "Peeking: Peeking under objects."; "Promoted players are not restricted."
-- The fake's players are neither promoted nor the host. Whether `interactable` ("If the object can
-- be interacted with by Players") also closes the context menu and peeking, the docs do not say:
-- only real TTS can show it (docs/tts.md), so here it does not, and only these permissions stop them.
F.permissions = { contextual = true, peeking = true }

--- A player opens the context menu's Search on the pile holding `note`: the notes they now read, or
-- why not. TTS: onObjectSearchStart "Called when a search is started on a container."
function F.search(color, note)
  local o = findOrPile(note)
  if o == nil or o.contents == nil then return json.encode({ refused = "missing" }) end
  if not F.permissions.contextual then return json.encode({ refused = "permission" }) end
  callHandler("onObjectSearchStart", o.handle, color)
  local notes = {}
  for i, c in ipairs(o.contents) do notes[i] = c.GMNotes or "" end
  return json.encode({ seen = notes })
end

--- A player peeks at the object (or top of the pile) holding `note`: the note they read, or why not.
-- TTS: onObjectPeek "Called when a player peeks at an Object." (the host's "Peeking" permission)
function F.peek(color, note)
  local o = findOrPile(note)
  if o == nil then return json.encode({ refused = "missing" }) end
  if not F.permissions.peeking then return json.encode({ refused = "permission" }) end
  callHandler("onObjectPeek", o.handle, color)
  if o.contents ~= nil then return json.encode({ seen = { o.contents[#o.contents].GMNotes or "" } }) end
  return json.encode({ seen = { o.gm_notes } })
end

--- A player flips the object holding `note` over (Player.Action.FlipOver), where it lies.
function F.flip(color, note)
  local o = findOrPile(note)
  if o == nil then return "missing" end
  local gate = F.interact(color, o, Player.Action.FlipOver)
  if gate ~= nil then return gate end
  -- A locked object flips too: `locked` only freezes physics (see F.pickUp).
  o.rot = vec(o.rot.x, o.rot.y, norm(o.rot.z + 180))
  return "flipped"
end

function F.drop(color, note, x, z)
  local r = F.pickUp(color, note)
  if r ~= "held" then return r end
  return F.release(color, x, z)
end

--- Everything a test compares, as JSON: objects (position, face, lock, hand), UI, timers.
function F.snapshot()
  local objs = {}
  for _, g in ipairs(F.order) do
    local o = F.objects[g]
    if live(o) and (o.name == "Card" or o.name == "Deck" or o.name == "Custom_Tile" or o.name == "Custom_Token") then
      local handIndex = 0
      if o.hand ~= nil then
        for i, hg in ipairs(F.hands[o.hand]) do if hg == o.guid then handIndex = i end end
      end
      local inner = {}
      if o.contents ~= nil then for i, c in ipairs(o.contents) do inner[i] = c.GMNotes or "" end end
      objs[#objs + 1] = {
        guid = o.guid, note = o.gm_notes, name = o.name, x = math.floor(o.pos.x * 1000 + 0.5) / 1000,
        y = math.floor(o.pos.y * 1000 + 0.5) / 1000, z = math.floor(o.pos.z * 1000 + 0.5) / 1000,
        down = faceDown(o), locked = o.locked, hand = o.hand or "", handIndex = handIndex, highlight = o.highlight or "",
        contents = o.contents and #o.contents or 0, inner = inner,
      }
    end
  end
  return json.encode({ objects = objs, ui = F.ui, timers = #F.timers, clock = F.clock, spawning = F.pendingSpawns,
    smoothTakes = F.smoothTakes, merges = F.merges })
end

--- GMNotes of the cards in each hand (cheaper than a snapshot).
function F.handsJson()
  local out = {}
  for color, list in pairs(F.hands) do
    local notes = {}
    for _, g in ipairs(list) do
      local o = F.objects[g]
      if o ~= nil and o.name == "Card" then notes[#notes + 1] = o.gm_notes end
    end
    out[color] = notes
  end
  return json.encode(out)
end

function F.saveObjects()
  local out = {}
  for _, g in ipairs(F.order) do
    local o = F.objects[g]
    if live(o) then out[#out + 1] = F.toData(o) end
  end
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
