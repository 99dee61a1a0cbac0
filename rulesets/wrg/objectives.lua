-- WRG Ancients 1973, WINNERS AND LOSERS: objective points.
--
-- "Add any objective points that have been previously agreed for the
-- control of specified terrain features. A feature is defined as under
-- control if a friendly force is occupying it or blocking direct enemy
-- access to it, and if no enemy is able to charge that force next period.
-- If an enemy is able to charge next period, the blocking or occupying
-- force may claim half the points, the other side none. Any such enemy force
-- must be in sufficient strength to have a chance of breaking or pushing
-- back the occupying unit next period."
--
-- A scenario agrees them under its table:
--   table: { objectives: [ { name: "the ford", x: 91, y: 61, r: 8, points: 100 } ] }   (cm)
-- READINGS: a force occupies a feature when its base overlaps the circle;
-- "blocking direct enemy access": a force standing between the feature and
-- every enemy unit that could reach it (the line from each such enemy's
-- centre to the feature's centre crosses the force's base) — taken only
-- when nobody occupies it; a feature occupied (or blocked) by both sides is
-- nobody's. "Able to charge that force next period": an enemy unit, not
-- routing nor leaving, with a charge move, within its charge reach of the
-- force. "Sufficient strength to have a chance of breaking or pushing
-- back": any such formed unit of at least half the force's figures (a
-- reading: the text gives no measure). Units in rout or leaving hold
-- nothing.
local fail = require("lib.fail")
local tables = require("wrg.tables")

local O = {}
local MM = tables.MM_PER_PACE

local function live(d) return d and not d.gone and not d.off_table and not d.routing and not d.leaving end

function O.parse(list, locate)
  if list == nil then return {} end
  local where = locate and locate("/table/objectives") or "table.objectives"
  if type(list) ~= "table" then fail("%s: objectives are a list of { name:, x:, y:, r:, points: } (cm)", where) end
  local out = {}
  for i, o in ipairs(list) do
    local w = locate and locate("/table/objectives/" .. (i - 1)) or where
    if type(o) ~= "table" or type(o.x) ~= "number" or type(o.y) ~= "number" or type(o.r) ~= "number"
      or type(o.points) ~= "number" then
      fail("%s: an objective is { name:, x:, y:, r:, points: } (x, y, r in cm; points agreed)", w)
    end
    out[#out + 1] = { name = o.name or ("objective " .. i), x = o.x * 10, y = o.y * 10, r = o.r * 10, points = o.points }
  end
  return out
end

-- Whether a unit's base overlaps a circle (its four corners and edges
-- sampled against the circle: a rectangle-circle test in its own frame).
-- (bf:pos and bf:footprint: bf:unit's fields without its table)
local function overlaps(G, uid, o)
  local ux, uy, facing = G.bf:pos(uid)
  local width, depth = G.bf:footprint(uid)
  local a = math.rad(facing)
  local dx, dy = o.x - ux, o.y - uy
  local across = dx * math.cos(a) + dy * math.sin(a)
  local along = -dx * math.sin(a) + dy * math.cos(a)
  local cx = math.max(-width / 2, math.min(width / 2, across))
  local cy = math.max(-depth / 2, math.min(depth / 2, along))
  return (across - cx) ^ 2 + (along - cy) ^ 2 <= o.r * o.r
end

-- Whether segment p-q crosses unit uid's base (sampled every 5 mm).
local function crosses(G, uid, px, py, qx, qy)
  local L = math.sqrt((qx - px) ^ 2 + (qy - py) ^ 2)
  local n = math.max(1, math.ceil(L / 5))
  for i = 0, n do
    local t = i / n
    if overlaps(G, uid, { x = px + (qx - px) * t, y = py + (qy - py) * t, r = 0.5 }) then return true end
  end
  return false
end

local function can_charge(G, eid, uid)
  local e, d = G.D[eid], G.D[uid]
  if not live(e) or not e.moves[2] or e.figures * 2 < d.figures then return false end
  return G.bf:distance(eid, uid) <= e.moves[2] * MM
end

-- The side holding objective o and the share (1 or 0.5), or nil.
function O.control(G, o)
  local holders = { {}, {} }
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and not G.bf:removed(uid) and overlaps(G, uid, o) then
      holders[d.side][#holders[d.side] + 1] = uid
    end
  end
  if #holders[1] == 0 and #holders[2] == 0 then
    -- blocking direct enemy access: a unit on the line of every enemy
    -- unit that stands within its charge reach of the feature
    for s = 1, 2 do
      local threats, blocked = 0, {}
      for _, eid in ipairs(G.all) do
        local e = G.D[eid]
        if e.side ~= s and live(e) and e.moves[2] then
          local ex, ey = G.bf:pos(eid)
          if math.sqrt((ex - o.x) ^ 2 + (ey - o.y) ^ 2) - o.r <= e.moves[2] * MM then
            threats = threats + 1
            for _, uid in ipairs(G.all) do
              local d = G.D[uid]
              if d.side == s and live(d) and crosses(G, uid, ex, ey, o.x, o.y) then blocked[eid] = uid end
            end
          end
        end
      end
      local n = 0
      for _ in pairs(blocked) do n = n + 1 end
      if threats > 0 and n == threats then
        for _, uid in pairs(blocked) do holders[s][#holders[s] + 1] = uid end
      end
    end
  end
  local side
  if #holders[1] > 0 and #holders[2] == 0 then side = 1 elseif #holders[2] > 0 and #holders[1] == 0 then side = 2 end
  if not side then return nil end
  for _, uid in ipairs(holders[side]) do
    for _, eid in ipairs(G.all) do
      if G.D[eid].side ~= side and can_charge(G, eid, uid) then return side, 0.5 end
    end
  end
  return side, 1
end

-- Objective points of each side at the end: { [1] =, [2] = }.
function O.points(G)
  local out = { 0, 0 }
  for _, o in ipairs(G.objectives or {}) do
    local side, share = O.control(G, o)
    if side then
      out[side] = out[side] + o.points * share
      if G.report then
        G.report(string.format("  %s holds %s: %g objective points.", G.sides[side].name, o.name, o.points * share))
      end
    end
  end
  return out
end

return O
