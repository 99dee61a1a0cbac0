-- Flyers in a WRG battle (DRAGONS: "they can fly 200 paces in a period ...
-- They must land before charging into melee"; TAME CROWS "travelling at
-- light cavalry speed"). A flyer not fighting flies at the nearest enemy it
-- may approach, over units and terrain (layer 1), and stops short of it:
-- a dragon lands when the enemy is then within its charge reach (to
-- charge next period), crows stay aloft at point-blank range (they shoot:
-- "counting the same as archer figures at point blank range"). An
-- unnatural beast does not enter a zone of sanctity (saints.lua).
local F = require("modules.fantasy.flying")
local K = require("modules.fantasy.wrg.common")
local saints = require("modules.fantasy.wrg.saints")
local Mn = require("lib.manoeuvre")

local M = {}

M.STOP_SHORT = { dragon = 20, other = 5 }   -- paces short of the enemy's edge

local function keep_out(G, uid)
  if not K.has(G.D[uid], "unnatural") then return nil end
  local zones = {}
  for _, s in ipairs(K.with_trait(G, "saint")) do
    local x, y = G.bf:pos(s)
    local u = G.bf:unit(s)
    local me = G.bf:unit(uid)
    zones[#zones + 1] = { x = x, y = y, r = saints.SANCTITY * K.mm(G) + math.max(u.width, u.depth) / 2 + math.max(me.width, me.depth) / 2 }
  end
  if #zones == 0 then return nil end
  return function(x, y)
    for _, z in ipairs(zones) do
      if (x - z.x) ^ 2 + (y - z.y) ^ 2 <= z.r * z.r then return true end
    end
    return false
  end
end

-- Whether the base stands clear of every other unit and on the table.
local function clear(G, uid)
  local x, y = G.bf:pos(uid)
  local u = G.bf:unit(uid)
  local W, D = G.bf:size()
  local half = math.sqrt(u.width ^ 2 + u.depth ^ 2) / 2
  if x - half < 0 or x + half > W or y - half < 0 or y + half > D then return false end
  return #G.bf:query{ of = uid, within = 1 } == 0
end

function M.move(G, uid)
  local d = G.D[uid]
  local out = keep_out(G, uid)
  local target, tdist
  for _, q in ipairs(G.bf:query{ of = uid, within = 1e9, enemy = true }) do
    local o = G.D[q.id]
    -- not one it is over already (it cannot come down there)
    if K.live(o) and not o.routing and not G.bf:unit(q.id).removed and not F.airborne(o) and q.distance > 0.5
      and not (out and saints.in_sanctity(G, q.id)) then
      target, tdist = q.id, q.distance
      break
    end
  end
  if not target then return true end
  if not F.airborne(d) then
    -- it cannot rise into another flyer (one that turned above it as it
    -- took off): then it moves on the ground this period
    F.take_off(G.bf, uid, d)
    if #Mn.overlapping(G, uid) > 0 then
      G.bf:set_layer(uid, F.GROUND)
      d.altitude = F.GROUND
      return false
    end
  end
  local dragon = K.has(d, "lands_to_charge")
  local short = (dragon and M.STOP_SHORT.dragon or M.STOP_SHORT.other) * K.mm(G)
  local x0, y0, f = G.bf:pos(uid)
  local tx, ty = G.bf:pos(target)
  local want = Mn.heading(tx - x0, ty - y0)
  G.bf:move(uid, "turn", Mn.norm(want - f))
  local dist = math.max(0, math.min(d.flies * K.mm(G), tdist - short))
  if G.referee then Mn.record(G, uid, "fly") end
  -- how far it may fly: in steps of 10 paces along its line, short of a
  -- zone it will not enter (worked on paper, the base not moved yet)
  local step = 10 * K.mm(G)
  local fc = select(3, G.bf:pos(uid))
  local ux, uy = -math.sin(math.rad(fc)), math.cos(math.rad(fc))
  local allowed = 0
  while allowed < dist - 1e-6 do
    local s = math.min(step, dist - allowed)
    if out and out(x0 + ux * (allowed + s), y0 + uy * (allowed + s)) then break end
    allowed = allowed + s
  end
  local r = G.bf:move(uid, "advance", allowed)
  local flown = r.distance or 0
  -- it comes down (or hovers) over clear ground: back along its line, 10
  -- paces at a time, until its base touches nobody
  local back = 0
  while not clear(G, uid) and back < flown do
    local s = math.min(step, flown - back)
    G.bf:move(uid, "advance", -s)
    back = back + s
  end
  flown = flown - back
  local lclear = clear(G, uid)
  if flown > 0 then
    K.say(G, "  %s flies %.0f paces.", d.name, flown / K.mm(G))
  end
  -- a dragon comes down to charge next period when the enemy is in reach
  if dragon and lclear and clear(G, uid) and G.bf:distance(uid, target) <= (d.moves[2] or d.moves[1]) * K.mm(G) then
    if F.land(G.bf, uid, d, G.D) then K.say(G, "  %s lands.", d.name) end
  end
  return true
end

return M
