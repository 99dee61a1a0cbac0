-- The sieges module in WRG 1973, FIRE: fighting a grass fire. The text's
-- fire-fighting is written for "A burning object or area": "Each figure
-- fighting fire with a water source within 60 paces cancels one fire
-- casualty point. This cannot save an object which has accumulated 20 ...
-- Fire fighters must have buckets. A water tank wagon lasts 10 bucket
-- figure/periods." A grass area is such an area (wrg/grass_fire.lua), so
-- the garrison may fight the grass burning before its fort.
--
-- READINGS (the computer's; the text gives the rule, not the commander):
--   * who: the defender's units (the besieger lit the grass on purpose), not
--     routing, not in melee or charging, not already fighting a section's
--     fire this period (commander_wrg.lua's CMD.fire_fighters goes first:
--     the works before the grass), standing outside the fort or on its
--     walls (men inside behind the palisade cannot reach grass outside);
--     a unit fights one area, holding still that period;
--   * reach: the unit's centre within 60 paces of the burning area (its
--     nearest point), as CMD.fire_fighters sends a unit within 60 paces of
--     a burning section: the garrison on the walls fights the grass before
--     them (the grid leaves no grass within 22 paces of a wall, and the
--     nearest areas lie up to 52 paces out);
--   * which areas: burning areas under 20 points, those nearest the
--     defender's flammable sections first (the ones that would carry the fire
--     onto the works), each taken by the nearest free unit in reach;
--   * water within 60 paces of the area (its nearest point, as a section is
--     measured along its length): the fort's wells (a fort without tank
--     wagons: the module's reading that the wells serve every section, so an
--     area within 60 paces of a section of the defender's fort has water),
--     or a tank wagon with water left within 60 paces; the commander drives the nearest wagon with water
--     (40 paces a period, wrg/water.lua) to 10 paces inside the section
--     nearest the area when it is further; a wagon is used after the
--     sections' fighters have had theirs (wrg/water.lua runs first);
--   * figures: as for the works, no more than the area will have points when
--     they fight it (it gains its 5 first if it caught from another).
local fire = require("modules.sieges.fire")
local ST = require("modules.sieges.wrg.state")

local GW = {}

local MM = ST.MM

local function live(d) return d and not d.gone and not d.off_table end

local function area_centre(c) return (c.x0 + c.x1) / 2, (c.y0 + c.y1) / 2 end

-- distance (mm) from a point to a cell's rectangle
local function to_rect(c, x, y)
  local dx = math.max(c.x0 - x, 0, x - c.x1)
  local dy = math.max(c.y0 - y, 0, y - c.y1)
  return math.sqrt(dx * dx + dy * dy)
end

-- distance (mm) between a cell's rectangle and a section (a segment):
-- sampled along the segment (sections are at most 90 mm long)
local function rect_to_seg(c, sec)
  local best = math.huge
  for n = 0, 20 do
    local t = n / 20
    local x = sec.from[1] + (sec.to[1] - sec.from[1]) * t
    local y = sec.from[2] + (sec.to[2] - sec.from[2]) * t
    best = math.min(best, to_rect(c, x, y))
  end
  return best
end

-- The defender's sections with their distance (paces) from an area's
-- centre, in the sections' order: { { sec =, i =, dist = } }. The works
-- stand where they were built, so this is worked out once an area.
local function sections_with_distance(G, c)
  if c.sections_with_distance then return c.sections_with_distance end
  local S = G.sieges
  local x, y = area_centre(c)
  local list = {}
  for i, sec in ipairs(S.forts.sections) do
    local f = S.forts.forts[sec.fort]
    if (f and f.defender or S.defender) == S.defender then
      list[#list + 1] = { sec = sec, i = i, dist = ST.seg_dist(x, y, sec.from[1], sec.from[2], sec.to[1], sec.to[2]) / MM }
    end
  end
  c.sections_with_distance = list
  return list
end

-- The defender's section nearest an area (only those the grass would burn:
-- flammable, not burnt out, with `flammable_only`) and its distance (paces);
-- ties in the sections' order. (A scan for the least, not a list sorted
-- once an area: an area is asked a few times, and the sort's comparisons
-- cost more than the scans.)
local function nearest_section(G, c, flammable_only)
  local fire_objects = G.sieges.fire.objects
  local best
  for _, e in ipairs(sections_with_distance(G, c)) do
    if not best or e.dist < best.dist then
      local o = fire_objects[e.sec.index]
      if not flammable_only or (o.flammable and not o.burnt) then best = e end
    end
  end
  if not best then return nil, nil end
  return best.sec, best.dist
end

-- The burning areas the defender fights, in its order: nearest its works first.
local function burning_areas(G, g)
  local list = {}
  for _, id in ipairs(g.st.order) do
    local o = g.st.objects[id]
    if o.burning and not o.burnt and o.untenable == 0 and o.fp < fire.UNTENABLE_AT then
      local _, d = nearest_section(G, g.cells[id], true)
      list[#list + 1] = { id = id, dist = d or math.huge }
    end
  end
  table.sort(list, function(a, b) if a.dist ~= b.dist then return a.dist < b.dist end return a.id < b.id end)
  return list
end

-- The water for an area: the wells (math.huge) or the nearest tank wagon
-- with water within 60 paces (driven towards it if further): amount, wagon.
local function water_for(G, c)
  local S = G.sieges
  local WA = require("modules.sieges.wrg.water")
  local tanks = WA.tanks(G)
  if not tanks then
    for _, sec in ipairs(S.forts.sections) do
      local f = S.forts.forts[sec.fort]
      if (f and f.defender or S.defender) == S.defender and rect_to_seg(c, sec) <= fire.WATER_WITHIN * MM + 1e-6 then
        return math.huge, nil
      end
    end
    return 0, nil
  end
  local t, td
  for _, w in ipairs(tanks) do
    local dist = to_rect(c, w.x, w.y) / MM
    if w.left > 0 and (not td or dist < td) then t, td = w, dist end
  end
  if not t then return 0, nil end
  if td > fire.WATER_WITHIN then
    local sec = nearest_section(G, c, false)
    local went = WA.drive(G, t, sec)
    if G.log then G.bf:log("siege_water", { what = "driven", wagon = t.fid, cell = c.id, paces = went }) end
    ST.say(G, "  a water tank wagon is driven %.0f paces towards the grass fire.", went)
    td = to_rect(c, t.x, t.y) / MM
  end
  if td <= fire.WATER_WITHIN + 1e-6 then return t.left, t end
  return 0, nil
end

-- At the start of a period, before the grass burns (wrg/grass_fire.lua):
-- returns fighters = { [area id] = figures } for fire.period.
function GW.assign(G, g)
  local S = G.sieges
  local fighters = {}
  for _, uid in ipairs(G.all) do
    local k = G.D[uid].siege
    if k then k.grass_fighting = nil end
  end
  if not S.defender then return fighters end
  local areas = burning_areas(G, g)
  if #areas == 0 then return fighters end
  -- who may fight at all this period, in the side's order: read once, not
  -- for every burning area (nothing below moves a unit; a unit given an
  -- area is struck off as it is given one)
  local free = {}
  for _, uid in ipairs(G.sides[S.defender].units) do
    local d = G.D[uid]
    local k = d.siege
    if live(d) and not d.routing and not d.in_melee and not d.charging and not G.bf:removed(uid)
      and not (k and (k.fire_fighting or k.abatis))
      and (d.siege_on or not ST.inside(G, uid)) then
      local x, y = G.bf:pos(uid)
      free[#free + 1] = { uid = uid, x = x, y = y }
    end
  end
  for _, a in ipairs(areas) do
    local c = g.cells[a.id]
    c.id = a.id
    local best, bd
    for _, f in ipairs(free) do
      local k = G.D[f.uid].siege
      if not (k and k.grass_fighting) then
        local dist = to_rect(c, f.x, f.y)
        if dist <= GW.REACH_MM and (not bd or dist < bd) then best, bd = f.uid, dist end
      end
    end
    if best then
      local water, wagon = water_for(G, c)
      local o = g.st.objects[a.id]
      local want = math.min(water, o.fp + (o.caught and fire.CATCH_PER_PERIOD or 0))
      local d = G.D[best]
      local n = math.min(d.figures, want)
      if n > 0 then
        d.siege = d.siege or {}
        d.siege.grass_fighting = G.turn
        fighters[a.id] = n
        if wagon then
          wagon.left = fire.tank_after(wagon.left, n)
          G.bf:change_terrain(wagon.fid, { tank_wagon = wagon.left })
          if G.log then G.bf:log("siege_water", { what = "used", wagon = wagon.fid, cell = a.id, figures = n, left = wagon.left }) end
          if wagon.left == 0 then G.bf:change_terrain(wagon.fid, { type = "tank_wagon_empty", tank_wagon = 0 }) end
        end
        if G.log then G.bf:log("siege_grass_fire", { what = "fought", cell = a.id, unit = best, figures = n,
                                                     x = (c.x0 + c.x1) / 2, y = (c.y0 + c.y1) / 2 }) end
        ST.say(G, "  %s fight the grass fire before them with buckets: %d figures%s.", d.name, n,
          wagon and string.format(" (a water tank wagon, %d left)", wagon.left) or "")
      end
    end
  end
  return fighters
end

-- reach: the unit's centre within 60 paces of the burning area
GW.REACH_MM = fire.WATER_WITHIN * MM

-- Whether a unit fights a grass fire this period (it holds still).
function GW.busy(G, uid)
  local k = G.D[uid].siege
  return k ~= nil and k.grass_fighting == G.turn
end

return GW
