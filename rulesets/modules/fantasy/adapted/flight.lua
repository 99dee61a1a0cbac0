-- Flyers in a ruleset without them (our adaptation of WRG 1973 Appendix
-- IV, DRAGONS: "they can fly 200 paces in a period ... They must land
-- before charging into melee"; TAME CROWS "travelling at light cavalry
-- speed"). A flyer starts in the air (layer 1: units and terrain do not
-- stop it) and, in its own move, flies at the nearest enemy it may
-- approach, stopping short of it over clear ground. One that lands to
-- charge comes down when that enemy is within its charge reach; next move,
-- still in reach, it moves on the ground as the host's own troops do (the
-- commander charges). An unnatural beast keeps out of a zone of sanctity.
local F = require("modules.fantasy.flying")
local K = require("modules.fantasy.adapted.common")
local saints = require("modules.fantasy.adapted.saints")
local Mn = require("lib.manoeuvre")

local M = {}

M.STOP_SHORT = { lands = 20, hovers = 5 }   -- paces short of the enemy's edge
M.STEP = 10                                 -- paces: the steps it backs off in

-- Whether the base stands on the table, touching no other unit (any layer).
local function clear(G, uid)
  local x, y = G.bf:pos(uid)
  local u = G.bf:unit(uid)
  local W, D = G.bf:size()
  local half = math.sqrt(u.width ^ 2 + u.depth ^ 2) / 2
  if x - half < 0 or x + half > W or y - half < 0 or y + half > D then return false end
  return #G.bf:query{ of = uid, within = 1 } == 0
end
M.clear = clear

-- The nearest enemy a flyer may fly at: live, on the ground, not one it is
-- over, not in a zone it keeps out of.
local function target_of(G, uid, out)
  for _, q in ipairs(G.bf:query{ of = uid, within = 1e9, enemy = true }) do
    local o = G.D[q.id]
    if K.live(G, q.id) and not F.airborne(o) and q.distance > 0.5 and not (out and saints.in_sanctity(G, q.id)) then
      return q.id, q.distance
    end
  end
  return nil
end

-- A flyer's move: true when it flew or held, false to let the host move it
-- on the ground (a lander with its enemy within charge reach).
function M.move(G, uid)
  local d = G.D[uid]
  local host = K.host(G)
  local out = saints.keep_out(G, uid)
  local target, tdist = target_of(G, uid, out)
  if not target then return true end
  local lands = K.has(d, "lands_to_charge")
  if not F.airborne(d) then
    -- grounded next to its enemy: it charges as the host's troops do
    if lands and tdist <= host.charge_reach(G, uid) then return false end
    F.take_off(G.bf, uid, d)
    -- it cannot rise into another flyer above it: it moves on the ground
    if #Mn.overlapping(G, uid) > 0 then
      G.bf:set_layer(uid, F.GROUND)
      d.altitude = F.GROUND
      if host.moved then host.moved(G, uid) end
      return false
    end
  end
  local short = K.mm(G, lands and M.STOP_SHORT.lands or M.STOP_SHORT.hovers)
  local x0, y0, f = G.bf:pos(uid)
  local tx, ty = G.bf:pos(target)
  G.bf:move(uid, "turn", Mn.norm(Mn.heading(tx - x0, ty - y0) - f))
  local dist = math.max(0, math.min(K.mm(G, d.flies), tdist - short))
  host.record(G, uid, "fly")
  -- how far along its line, in steps, short of a zone it will not enter
  local step = K.mm(G, M.STEP)
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
  -- it comes down (or hovers) over clear ground: back along its line
  local back = 0
  while not clear(G, uid) and back < flown do
    local s = math.min(step, flown - back)
    G.bf:move(uid, "advance", -s)
    back = back + s
  end
  flown = flown - back
  if not clear(G, uid) and flown <= 0 then
    -- nowhere clear on its line: it stays where it was
    G.bf:place(uid, x0, y0, f)
  end
  if flown > 0 then K.say(G, "  %s flies %.0f paces (%s).", d.name, flown / K.mm(G, 1), K.label(G)) end
  if host.moved then host.moved(G, uid) end
  if lands and clear(G, uid) and G.bf:distance(uid, target) <= host.charge_reach(G, uid) then
    if F.land(G.bf, uid, d, G.D) then
      K.say(G, "  %s lands.", d.name)
    end
  end
  return true
end

return M
