-- The sieges module in WRG 1973, FIRE: water for the fire fighters. "Each
-- figure fighting fire with a water source within 60 paces cancels one fire
-- casualty point ... Fire fighters must have buckets. A water tank wagon
-- lasts 10 bucket figure/periods."
--
-- READINGS:
--   * a fort has wells (water within 60 paces of every section, no count)
--     unless its scenario brings water tank wagons (`water_wagons: n` in the
--     `siege` piece): then the wagons are its only water;
--   * the garrison has buckets (the fort's stores);
--   * the wagons stand in the middle of the defender's fort at the start, a
--     piece on the table (40 x 20 mm, drawn, stopping nothing); each period
--     the defender's commander drives the nearest wagon with water left
--     towards a section its fire fighters were sent to, at "Ox or horse-drawn
--     wagons 40" paces a period, to a point 10 paces inside the middle of
--     that section; the fighters fight only with the wagon within 60 paces;
--   * each figure fighting for a period uses one bucket figure/period; the
--     commander sends no more figures than the fire will have points when
--     they fight it (it can see them; one that caught from another gains its
--     5 first), so water is not poured on nothing; a wagon at 0 is used up
--     (drawn empty, it serves no more).
-- The figures each unit fights with are left in d.siege.bucket_figures, which
-- wrg/period.lua's fire-fighting counts.
local fire = require("modules.sieges.fire")
local forts = require("modules.sieges.fortifications")
local ST = require("modules.sieges.wrg.state")

local WA = {}

local MM = ST.MM
WA.SPEED = 40      -- MOVE DISTANCES: "Ox or horse-drawn wagons 40" (paces)
WA.INSIDE = 10     -- paces inside the section it is driven to
WA.SIZE = { 40, 20 } -- mm

local function live(d) return d and not d.gone and not d.off_table end

local function poly(x, y)
  local w, h = WA.SIZE[1] / 2, WA.SIZE[2] / 2
  return { x - w, y - h, x + w, y - h, x + w, y + h, x - w, y + h }
end

-- The wagons (built once): S.tanks = { { x, y, left, fid } } or false.
function WA.tanks(G)
  local S = G.sieges
  if S.tanks ~= nil then return S.tanks end
  local n = S.spec.siege.water_wagons or 0
  local fort = S.forts.forts[1]
  if n <= 0 or not S.defender or not fort then S.tanks = false; return false end
  local cx, cy = 0, 0
  for _, p in ipairs(fort.ring) do cx, cy = cx + p[1], cy + p[2] end
  cx, cy = cx / #fort.ring, cy / #fort.ring
  S.tanks = {}
  for i = 1, n do
    local x, y = cx + (i - (n + 1) / 2) * (WA.SIZE[1] + 10), cy
    local fid = G.bf:add_terrain{ type = "tank_wagon", polygon = poly(x, y), tank_wagon = fire.TANK_WAGON_FP }
    S.tanks[i] = { x = x, y = y, left = fire.TANK_WAGON_FP, fid = fid }
  end
  return S.tanks
end

local function seg_paces(t, sec) return ST.seg_dist(t.x, t.y, sec.from[1], sec.from[2], sec.to[1], sec.to[2]) / MM end

-- Drives wagon t up to WA.SPEED paces towards the point inside section sec
-- (also for a grass fire before that section: wrg/grass_fighting.lua).
function WA.drive(G, t, sec)
  local mx, my = (sec.from[1] + sec.to[1]) / 2, (sec.from[2] + sec.to[2]) / 2
  local ox, oy = forts.outward(sec)
  local px, py = mx - ox * WA.INSIDE * MM, my - oy * WA.INSIDE * MM
  local dx, dy = px - t.x, py - t.y
  local dist = math.sqrt(dx * dx + dy * dy)
  if dist < 1e-6 then return 0 end
  local step = math.min(dist, WA.SPEED * MM)
  t.x, t.y = t.x + dx / dist * step, t.y + dy / dist * step
  G.bf:change_terrain(t.fid, { polygon = poly(t.x, t.y) })
  return step / MM
end

-- Before the fire burns (after the commander sent its fire fighters): the
-- wagons go to the fires and the fighters fight with the water there is.
function WA.period(G)
  local S = G.sieges
  if not S or not S.defender then return end
  for _, uid in ipairs(G.all) do
    local k = G.D[uid].siege
    if k then k.bucket_figures = nil end
  end
  local tanks = WA.tanks(G)
  if not tanks then return end
  for _, sec in ipairs(S.forts.sections) do
    local o = S.fire.objects[sec.index]
    local units = {}
    for _, uid in ipairs(G.sides[S.defender].units) do
      local d = G.D[uid]
      if live(d) and d.siege and d.siege.fire_fighting == sec.index then units[#units + 1] = uid end
    end
    if #units > 0 then
      -- the nearest wagon with water left
      local t, td
      for _, w in ipairs(tanks) do
        if w.left > 0 and (not td or seg_paces(w, sec) < td) then t, td = w, seg_paces(w, sec) end
      end
      local water = 0
      if t then
        if td > fire.WATER_WITHIN then
          local went = WA.drive(G, t, sec)
          if G.log then G.bf:log("siege_water", { what = "driven", wagon = t.fid, section = sec.index, paces = went }) end
          ST.say(G, "  a water tank wagon is driven %.0f paces towards the fire on the %s (section %d).", went, sec.kind, sec.index)
        end
        if seg_paces(t, sec) <= fire.WATER_WITHIN + 1e-6 then water = t.left end
      end
      -- the points the fire will have when they fight it (a caught object
      -- gains its 5 first: fire.period)
      local want = math.min(water, o.fp + (o.caught and fire.CATCH_PER_PERIOD or 0))
      local used = 0
      for _, uid in ipairs(units) do
        local d = G.D[uid]
        local n = math.min(d.figures, want - used)
        if n > 0 then d.siege.bucket_figures = n; used = used + n
        else d.siege.fire_fighting = nil end
      end
      if used > 0 then
        t.left = fire.tank_after(t.left, used)
        G.bf:change_terrain(t.fid, { tank_wagon = t.left })
        if G.log then G.bf:log("siege_water", { what = "used", wagon = t.fid, section = sec.index, figures = used, left = t.left }) end
        ST.say(G, "  %d figures fight the fire with buckets from a water tank wagon (%d bucket figure/periods left).", used, t.left)
        if t.left == 0 then
          G.bf:change_terrain(t.fid, { type = "tank_wagon_empty", tank_wagon = 0 })
          ST.say(G, "  the water tank wagon is empty.")
        end
      elseif water == 0 then
        ST.say(G, "  no water within 60 paces of the fire on the %s (section %d).", sec.kind, sec.index)
      end
    end
  end
end

return WA
