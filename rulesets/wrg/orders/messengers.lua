-- WRG Ancients 1973, CHANGE OF ORDERS 1, 2 and 6: new orders dictated by the
-- General and carried by messengers.
--
-- 1. "New orders can be issued at any time, but must be justified by events
-- visible to the General figure or reported to him by messengers. The orders
-- must be passed to the unit concerned by messengers who travel at normal
-- speed for their type, except that they can move at charge speed for one
-- period during each trip, as can the general. The messengers count as a
-- patrol of 20 men for fighting purposes, and can form a bodyguard when not
-- otherwise employed."
-- 2. "One complete period is required to dictate an order, listen to a
-- report, or for a unit to digest a newly received order."
--
-- Readings (docs/rulesets/wrg.md, ORDERS):
-- - Dictation: the General dictates one order a period (for a unit or a
--   group); the messenger sets out at the end of that period.
-- - "their type": the messengers are aides of the General figure ("the great
--   man himself, and 19 staff officers, aides or bodyguards"), so they move as
--   the General's own troops: normal move, and charge move in the first
--   period of each trip. They ride straight at the unit's place of the
--   moment, over any ground, and are no base on the table (a point).
-- - Route: straight at the unit, turning up to 60 degrees off the line where
--   a step would take him into an enemy's reach; when every such heading
--   does, straight on (a unit standing within an enemy's reach cannot be
--   reached safely).
-- - Lost: "a patrol of 20 men for fighting purposes" is one figure; any enemy
--   unit able to charge it rides it down. A messenger whose ride passes
--   through an enemy unit's charge reach in its front 45 degrees (not
--   routing, not fighting, able to charge, not screened by the messenger's
--   own troops standing between) is killed or taken, and its order with it.
--   No dice: a unit of many figures against one figure.
-- - A recipient routed or gone when the messenger comes: the order is not
--   delivered (the General will see the unit has none).
local tables = require("wrg.tables")
local P = require("wrg.period.shared")
local S = require("wrg.orders.sheet")
local V = require("wrg.orders.vocabulary")

local MS = {}
local MM = tables.MM_PER_PACE
local STEP = 5 -- mm: the ride is checked every 5 mm for enemies in reach
local DETOURS = { 30, -30, 60, -60 }

-- Where the units stand while the messengers ride (MS.ride_all): nothing
-- moves during the rides, so each base is read once (bf:unit builds a table
-- a call) instead of at every 5 mm step of every ride. Outside ride_all the
-- questions below read the battlefield afresh.
local frozen -- { G =, base = {uid -> base}, screens = {side -> bases}, riders = {...} }

local function snapshot(G) return frozen and frozen.G == G and frozen or nil end

-- A unit's base as point_distance needs it: its centre, half sizes and the
-- unit vectors of its front and its right (the arithmetic of the distance is
-- unchanged, so the same distances to the last bit).
local function base_of(G, uid)
  local f = snapshot(G)
  local b = f and f.base[uid]
  if b then return b end
  -- (bf:pos and bf:footprint: bf:unit's fields without its table)
  local ux, uy, facing = G.bf:pos(uid)
  local width, depth = G.bf:footprint(uid)
  local r = math.rad(facing)
  b = { x = ux, y = uy, hd = depth / 2, hw = width / 2,
        fx = -math.sin(r), fy = math.cos(r), rx = math.cos(r), ry = math.sin(r) }
  b.round = math.sqrt(b.hw * b.hw + b.hd * b.hd) + 1 -- every point of the base is nearer its centre
  if f then f.base[uid] = b end
  return b
end

local function base_distance(b, px, py)
  local dx, dy = px - b.x, py - b.y
  local a = math.max(0, math.abs(dx * b.fx + dy * b.fy) - b.hd)
  local c = math.max(0, math.abs(dx * b.rx + dy * b.ry) - b.hw)
  return math.sqrt(a * a + c * c)
end

-- Edge distance (mm) from a point to a unit's base.
function MS.point_distance(G, uid, px, py)
  return base_distance(base_of(G, uid), px, py)
end

-- The friends of a side that screen a messenger (in good order), as bases.
local function screens_of(G, side)
  local f = snapshot(G)
  local list = f and f.screens[side]
  if list then return list end
  list = {}
  for _, fid in ipairs(G.bf:units(side)) do
    local d = G.D[fid]
    if S.live(d) and not d.routing then list[#list + 1] = base_of(G, fid) end
  end
  if f then f.screens[side] = list end
  return list
end

-- The units that may ride a messenger down (any side, in bf:units() order,
-- which decides which one is named): standing, not fighting, able to charge.
local function riders_of(G)
  local f = snapshot(G)
  if f and f.riders then return f.riders end
  local list = {}
  for _, eid in ipairs(G.bf:units()) do
    local e = G.D[eid]
    if S.live(e) and not e.routing and not e.in_melee and e.moves and e.moves[2] then
      local x, y, fc = G.bf:pos(eid)
      list[#list + 1] = { id = eid, side = e.side, reach = P.charge_move(e) * MM, x = x, y = y, facing = fc,
                          base = base_of(G, eid) }
    end
  end
  if f then f.riders = list end
  return list
end

-- Whether friends of `side` stand between an enemy at (ex, ey) and a point:
-- the enemy cannot charge through them to reach the messenger behind them.
-- The points looked at lie in the box of the line; a base whose round (its
-- centre's distance to its corners) stays clear of that box holds none of them.
local function screened(G, side, ex, ey, px, py)
  local x0, x1 = math.min(ex, px), math.max(ex, px)
  local y0, y1 = math.min(ey, py), math.max(ey, py)
  for _, b in ipairs(screens_of(G, side)) do
    local r = b.round
    if b.x + r >= x0 and b.x - r <= x1 and b.y + r >= y0 and b.y - r <= y1 then
      for i = 1, 9 do
        local t = i / 10
        if base_distance(b, ex + (px - ex) * t, ey + (py - ey) * t) <= 0 then return true end
      end
    end
  end
  return false
end

-- While the messengers ride: every rider's distance from one point of the
-- ride, renewed when the messenger is NEAR_AGAIN mm from it. A point that
-- far from it is at most that much nearer any base (the distance to a base
-- changes no faster than the point moves), so a rider whose distance less
-- that cannot come within its reach is passed over unmeasured.
local NEAR_AGAIN = 50
local function lower_bounds(f, riders, px, py)
  local nb = f.near
  if nb then
    local moved = math.sqrt((px - nb.x) ^ 2 + (py - nb.y) ^ 2)
    if moved <= NEAR_AGAIN then nb.moved = moved; return nb end
  end
  nb = { x = px, y = py, moved = 0, d = {} }
  for i, r in ipairs(riders) do nb.d[i] = base_distance(r.base, px, py) end
  f.near = nb
  return nb
end

-- The enemy unit that would ride down a messenger standing at (px, py), or nil.
function MS.interceptor(G, side, px, py)
  local riders = riders_of(G)
  local f = snapshot(G)
  local nb = f and lower_bounds(f, riders, px, py)
  for i, r in ipairs(riders) do
    if r.side ~= side and (not nb or nb.d[i] - nb.moved <= r.reach + 1e-6)
        and base_distance(r.base, px, py) <= r.reach then
      local b = math.deg(math.atan(-(px - r.x), py - r.y))
      if math.abs((b - r.facing + 180) % 360 - 180) <= 45 and not screened(G, side, r.x, r.y, px, py) then return r.id end
    end
  end
  return nil
end

-- The General's speeds, in paces: normal and charge move.
local function speeds(G, s)
  local gen = G.sides[s].general
  local g = gen and G.D[gen]
  if not g then return 0, 0 end
  local n = g.moves[1]
  return n, g.moves[2] or n
end

-- Whether the side's General can dictate now (alive, on the table, not routing).
function MS.general_free(G, s)
  local gen = G.sides[s].general
  local g = gen and G.D[gen]
  return g ~= nil and S.live(g) and not g.routing and not g.leaving
end

-- The General dictates an order this period; its messenger rides from the
-- next. Returns the messenger, or nil and why not.
function MS.dictate(G, s, o)
  if not MS.general_free(G, s) then return nil, "no General to dictate it" end
  G.dictated = G.dictated or {}
  if G.dictated[s] == G.turn then return nil, "one complete period is required to dictate an order" end
  local to = {}
  local gen = G.sides[s].general
  for _, uid in ipairs(o.units or {}) do
    local why = V.check(G, uid, o)
    if why then
      S.log(G, "order_refused", { unit = uid, order = tostring(o.kind), reason = why })
      S.say(G, "  %s: order refused: %s.", G.D[uid] and G.D[uid].name or tostring(uid), why)
    elseif uid == gen then
      -- GENERALS: "A General may personally command his own bodyguard":
      -- no messenger and, as with "Follow me", no period of digestion; it
      -- acts on his word next period
      local c = V.copy(o)
      c.units = nil
      G.D[uid].pending = { order = c, ready = G.turn + 1, how = "general_in_person" }
      S.log(G, "order_received", { unit = uid, text = V.text(G, c), ready = G.turn + 1 })
    else
      to[#to + 1] = uid
    end
  end
  if #to == 0 then return nil, "no messenger needed" end
  G.dictated[s] = G.turn
  local n, c = speeds(G, s)
  local m = { side = s, order = V.copy(o), to = to, depart = G.turn + 1, normal = n, charge = c, dashed = false }
  m.order.units = nil
  G.messengers = G.messengers or {}
  G.messengers[#G.messengers + 1] = m
  S.log(G, "order_dictated", { side = s, units = to, text = V.text(G, m.order), rides = m.depart })
  S.say(G, "  %s's General dictates \"%s\" for %d unit(s).", G.sides[s].name, V.text(G, m.order), #to)
  return m
end

-- Whether a messenger is riding (or about to) with an order for this unit.
function MS.on_the_way(G, uid)
  for _, m in ipairs(G.messengers or {}) do
    if not m.done then
      for _, u in ipairs(m.to) do if u == uid then return true end end
    end
  end
  return false
end

local function deliverable(G, uid)
  local d = G.D[uid]
  return S.live(d) and not d.routing and not d.leaving
end

-- One messenger's ride this period.
local function ride(G, m)
  local s = m.side
  if not m.x then
    local gen = G.sides[s].general
    if not gen or not S.live(G.D[gen]) then
      m.done = true
      S.log(G, "messenger_lost", { side = s, why = "the General is gone before the messenger sets out" })
      return
    end
    m.x, m.y = G.bf:pos(gen)
  end
  local paces = m.normal
  if not m.dashed then paces, m.dashed = m.charge, true end
  local budget = paces * MM
  while budget > 0 and #m.to > 0 do
    local uid = m.to[1]
    if not deliverable(G, uid) then
      table.remove(m.to, 1)
      S.log(G, "order_undelivered", { unit = uid, why = "the unit routed or left the field" })
    else
      local dist = MS.point_distance(G, uid, m.x, m.y)
      if dist <= 1 then
        table.remove(m.to, 1)
        S.receive(G, uid, m.order, "messenger")
        m.dashed = false -- each delivery ends a trip
      else
        -- (the unit's centre from the base read once for the rides: nothing
        -- moves while they ride; the same numbers bf:pos gives)
        local b = base_of(G, uid)
        local tx, ty = b.x, b.y
        local len = math.sqrt((tx - m.x) ^ 2 + (ty - m.y) ^ 2)
        local step = math.min(STEP, budget, len)
        -- the messenger rides round the enemy's reach where he can: the
        -- straight line, else the nearest heading up to 60 degrees off it
        -- (still closing on the unit) that keeps him out of every enemy's
        -- reach; with none, straight on at his risk (no route is "laid
        -- down" for him; he finds his way as a rider would)
        local ux, uy = (tx - m.x) / len, (ty - m.y) / len
        local nx, ny = m.x + ux * step, m.y + uy * step
        -- e: the enemy in reach of where he ends this step (asked once a point)
        local e = MS.interceptor(G, s, nx, ny)
        if e then
          for _, a in ipairs(DETOURS) do
            local r = math.rad(a)
            local vx, vy = ux * math.cos(r) - uy * math.sin(r), ux * math.sin(r) + uy * math.cos(r)
            local px, py = m.x + vx * step, m.y + vy * step
            local w, dpt = G.bf:size()
            if px >= 0 and py >= 0 and px <= w and py <= dpt and not MS.interceptor(G, s, px, py) then
              nx, ny, e = px, py, nil
              break
            end
          end
        end
        m.x, m.y = nx, ny
        budget = budget - step
        if e then
          m.done = true
          S.log(G, "messenger_lost", { side = s, x = m.x, y = m.y, by = e, units = m.to, text = V.text(G, m.order) })
          S.say(G, "  a messenger of %s is ridden down by %s: the order \"%s\" is lost.", G.sides[s].name,
            G.D[e].name, V.text(G, m.order))
          return
        end
      end
    end
  end
  if #m.to == 0 then m.done = true
  else S.log(G, "messenger_rides", { side = s, x = m.x, y = m.y, units = m.to }) end
end

-- Every messenger riding this period.
function MS.ride_all(G)
  local still = {}
  frozen = { G = G, base = {}, screens = {} }
  local ok, err = pcall(function()
    for _, m in ipairs(G.messengers or {}) do
      if not m.done and m.depart <= G.turn then ride(G, m) end
      if not m.done then still[#still + 1] = m end
    end
  end)
  frozen = nil
  if not ok then error(err, 0) end
  G.messengers = still
end

return MS
