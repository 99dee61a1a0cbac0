-- WRG Ancients 1973: the table (SCALES), CHOICE OF TERRAIN and DEPLOYMENT.
--
--   local S = setup.scale(scenario.table, locate)  -- { width, depth } mm, S.mm(paces)
--   local pieces, rolls = setup.choose_terrain(S, dice, nominations)
--   setup.place_terrain(bf, pieces)
--   local w, d = setup.footprint(unit)             -- mm
--
-- Scenario table keys: size: "183x122" (cm; default a 6 x 4 foot table),
-- terrain: "diced" (CHOICE OF TERRAIN, default) | "none" | list of pieces
-- (setup.given_terrain: circles, rivers with fords and bridges, roads).

local fail = require("lib.fail")
local tables = require("wrg.tables")
local troops = require("wrg.troops")
local obstacles = require("wrg.terrain.steep_hills_and_walls")

local setup = {}

local MM = tables.MM_PER_PACE
function setup.mm(paces) return paces * MM end
function setup.paces(mm) return mm / MM end

function setup.scale(spec, locate)
  spec = spec or {}
  local w, d = 1830, 1220
  if spec.size ~= nil then
    local a, b = tostring(spec.size):match("^(%d+)x(%d+)$")
    if not a then
      fail("%s: table size must be \"WIDTHxDEPTH\" in cm such as \"183x122\", found %s",
        locate and locate("/table/size") or "table.size", tostring(spec.size))
    end
    w, d = tonumber(a) * 10, tonumber(b) * 10
  end
  return { width = w, depth = d, mm = setup.mm, deploy_depth = setup.mm(100) }
end

-- A unit's base: files fixed at deployment (casualties come off the rear
-- ranks), BASE SIZES per figure; models one rank of 40mm (80 for stone
-- engines, +10mm per chariot horse over 2); depth "as required": 40mm.
function setup.footprint(u)
  local t = u.type
  if t == "EL" or t == "CH" or t == "ENG" then
    local fw = tables.base_sizes[t == "ENG" and "ENG_BOLT" or t][1]   -- 40mm (20mm at 15mm, Appendix III)
    if t == "CH" then fw = fw + tables.chariot_extra_horse_frontage * math.max(0, (u.horses or 2) - 2) end
    if t == "ENG" and u.engine ~= "light_bolt" and u.engine ~= "heavy_bolt" then fw = tables.base_sizes.ENG_STONE[1] end
    return fw * u.figures, tables.base_sizes[t == "ENG" and "ENG_BOLT" or t][2] or 40, u.figures, 1, fw
  end
  local b = tables.base_sizes[t]
  local ranks = math.max(1, math.min(u.ranks or 1, u.figures))
  local files = (u.figures + ranks - 1) // ranks
  return files * b[1], ranks * b[2], files, ranks, b[1]
end

-- CHOICE OF TERRAIN: "Each player nominates a number, from 1 to 6 of terrain
-- units per square metre of table. Add both nominations, add the score of one
-- dice, divide by 3 and round off." The rules list six units, one per face
-- of a die: 1 "a house" (a building with its garden enclosure, a circle of
-- 40 mm), 2 "a hill", 3 "10 trees" (a wood), 4 "an area of marsh", 5 "750mm
-- of fordable or 250mm of unfordable river" (a second die: 1-3 a fordable
-- stream 20 paces wide, the linear obstacle of DIFFICULT TERRAIN 6; 4-6 an
-- unfordable river 30 paces wide), 6 "a bridge or ford" (1-3 a ford, 4-6 a
-- bridge), laid across the river nearest its place (none without a river).
-- The player who lays them out (the loser of a die throw) spreads them over
-- the middle of the table, clear of the deployment zones, by further throws:
-- place by two dice, size by one, a river's course by one (0, 30 .. 150
-- degrees from east-west through its place).
setup.KINDS = { "building", "hill", "wood", "marsh", "river", "crossing" }
setup.STREAM_PACES, setup.RIVER_PACES = 20, 30
function setup.choose_terrain(S, dice, nominations, report, change)
  local n1, n2 = nominations[1] or 1, nominations[2] or 1
  local die = dice:roll(6, "WRG choice of terrain")
  local per_m2 = math.floor((n1 + n2 + die) / 3 + 0.5)
  local area = (S.width / 1000) * (S.depth / 1000)
  -- change: CAMPAIGNS, the defender "adds or subtracts up to 3 terrain units"
  local count = math.max(0, math.floor(per_m2 * area + 0.5) + (change or 0))
  local pieces, crossings = {}, {}
  local margin = S.deploy_depth + 60
  for i = 1, count do
    local k = setup.KINDS[dice:roll(6, "WRG terrain unit type")]
    local r = 60 + 10 * dice:roll(6, "WRG terrain unit size")
    local fx = dice:roll(6, "WRG terrain unit place (x)")
    local fy = dice:roll(6, "WRG terrain unit place (y)")
    local x = r + (S.width - 2 * r) * (fx - 1) / 5
    local y = margin + (S.depth - 2 * margin) * (fy - 1) / 5
    if k == "building" then
      pieces[#pieces + 1] = { type = k, x = x, y = y, r = 40, n = i }
    elseif k == "river" then
      local fordable = dice:roll(6, "WRG river: fordable (1-3) or not") <= 3
      local len = fordable and 750 or 250
      local a = math.rad(30 * (dice:roll(6, "WRG river course") - 1))
      local dx, dy = math.cos(a) * len / 2, math.sin(a) * len / 2
      pieces[#pieces + 1] = { type = "river", x1 = x - dx, y1 = y - dy, x2 = x + dx, y2 = y + dy,
                              width = fordable and setup.STREAM_PACES or setup.RIVER_PACES, crossings = {}, n = i }
    elseif k == "crossing" then
      crossings[#crossings + 1] = { type = dice:roll(6, "WRG bridge (4-6) or ford (1-3)") <= 3 and "ford" or "bridge",
                                    x = x, y = y }
    else
      pieces[#pieces + 1] = { type = k, x = x, y = y, r = r, n = i }
    end
  end
  for _, c in ipairs(crossings) do
    local best, bd, bt
    for _, p in ipairs(pieces) do
      if p.type == "river" then
        local t, dist = setup.along(p, c.x, c.y)
        if not bd or dist < bd then best, bd, bt = p, dist, t end
      end
    end
    if best then best.crossings[#best.crossings + 1] = { type = c.type, at = bt } end
  end
  return pieces, { die = die, per_m2 = per_m2, count = count }
end

-- Where a point lies along a river's course: the fraction (0..1) of the
-- nearest point and the distance to it.
function setup.along(p, x, y)
  local vx, vy = p.x2 - p.x1, p.y2 - p.y1
  local L2 = vx * vx + vy * vy
  local t = L2 > 0 and math.max(0, math.min(1, ((x - p.x1) * vx + (y - p.y1) * vy) / L2)) or 0
  local px, py = p.x1 + vx * t, p.y1 + vy * t
  return t, math.sqrt((x - px) ^ 2 + (y - py) ^ 2)
end

-- Scenario pieces (cm): { type = hill | wood | marsh | building, x, y, r },
-- { type = river, from = { x, y }, to = { x, y }, width = paces, crossings =
-- { { type = ford | bridge, at = 0..1 } } }, { type = road, from, to, width = cm }.
-- Steep hills, soft sand, walls and hedges: wrg.terrain.steep_hills_and_walls.
local KIND = { hill = "round", wood = "round", marsh = "round", building = "round", river = "line", road = "line",
               steep_hill = "round", sand = "round", wall = "line", hedge = "line" }
function setup.given_terrain(list, locate)
  local out = {}
  for n, p in ipairs(list) do
    local where = locate and locate("/table/terrain/" .. (n - 1)) or "table.terrain"
    local kind = type(p) == "table" and KIND[p.type]
    if kind == "round" then
      if type(p.x) ~= "number" or type(p.y) ~= "number" or type(p.r) ~= "number" then kind = nil end
    elseif kind == "line" then
      if type(p.from) ~= "table" or type(p.to) ~= "table" or type(p.from[1]) ~= "number" or type(p.to[1]) ~= "number" then
        kind = nil
      end
    end
    if not kind then
      fail("%s: a terrain piece is { type: hill | steep_hill | wood | marsh | sand | building, x:, y:, r: } or { type: river | road | wall | hedge, " ..
        "from: [x, y], to: [x, y], width:, crossings: [{ type: ford | bridge, at: 0..1 }] } in cm (a river's width in paces)",
        where)
    end
    if kind == "round" then
      out[#out + 1] = { type = p.type, x = p.x * 10, y = p.y * 10, r = p.r * 10, n = n }
    else
      local q = { type = p.type, x1 = p.from[1] * 10, y1 = p.from[2] * 10, x2 = p.to[1] * 10, y2 = p.to[2] * 10, n = n }
      if p.type == "river" then
        q.width = p.width or setup.STREAM_PACES
        q.crossings = {}
        for _, c in ipairs(p.crossings or {}) do
          if (c.type ~= "ford" and c.type ~= "bridge") or type(c.at) ~= "number" then
            fail("%s: a river crossing is { type: ford | bridge, at: 0..1 }", where)
          end
          q.crossings[#q.crossings + 1] = { type = c.type, at = c.at }
        end
      else
        q.width_mm = (p.width or 4) * 10
      end
      out[#out + 1] = q
    end
  end
  return out
end

-- A strip of width w (mm) from fraction t1 to t2 of a line piece, as a polygon.
local function strip(p, t1, t2, w)
  local vx, vy = p.x2 - p.x1, p.y2 - p.y1
  local L = math.sqrt(vx * vx + vy * vy)
  local nx, ny = -vy / L * w / 2, vx / L * w / 2
  local ax, ay = p.x1 + vx * t1, p.y1 + vy * t1
  local bx, by = p.x1 + vx * t2, p.y1 + vy * t2
  return { ax + nx, ay + ny, bx + nx, by + ny, bx - nx, by - ny, ax - nx, ay - ny }
end

-- Rivers are laid as strips between their crossings (a ford or bridge is a
-- gap in the river 40 paces long, a feature of its own); attributes: river
-- (all), wide (30 paces or more), width (paces). Roads are strips too.
setup.CROSSING_PACES = 40
function setup.place_terrain(bf, pieces)
  for _, p in ipairs(pieces) do
    if p.type == "river" then
      local w = setup.mm(p.width)
      local L = math.sqrt((p.x2 - p.x1) ^ 2 + (p.y2 - p.y1) ^ 2)
      local half = setup.mm(setup.CROSSING_PACES) / 2 / L
      table.sort(p.crossings, function(a, b) return a.at < b.at end)
      local t = 0
      p.fids = {}
      local function river_part(t1, t2)
        if t2 - t1 > 1e-6 then
          p.fids[#p.fids + 1] = bf:add_terrain{ type = "river", polygon = strip(p, t1, t2, w), river = true,
                                                wide = p.width >= setup.RIVER_PACES, width = p.width }
        end
      end
      for _, c in ipairs(p.crossings) do
        local a, b = math.max(t, c.at - half), math.min(1, c.at + half)
        river_part(t, a)
        c.fid = bf:add_terrain{ type = c.type, polygon = strip(p, a, b, w + setup.mm(10)), width = p.width }
        t = b
      end
      river_part(t, 1)
      p.fid = p.fids[1]
    elseif p.type == "road" then
      p.fid = bf:add_terrain{ type = "road", polygon = strip(p, 0, 1, p.width_mm) }
    elseif obstacles.feature(p, strip, setup.mm) then
      p.fid = bf:add_terrain(obstacles.feature(p, strip, setup.mm))
    else
      -- woods, marshes and buildings carry their type as an attribute, so
      -- a move can be stopped short of those impractical for the unit
      -- (turn.impassable_keys)
      p.fid = bf:add_terrain{ type = p.type, circle = { p.x, p.y, p.r }, blocks_los = p.type == "wood" or p.type == "building",
                              height = p.type == "hill" and 1 or 0, wood = p.type == "wood" or nil,
                              marsh = p.type == "marsh" or nil, building = p.type == "building" or nil }
    end
  end
end

-- COVER (THE REACTION TEST): the pieces that hide troops. Of the terrain
-- units placed, woods ("10 trees") and buildings; hills, marshes, rivers
-- and roads hide nobody.
function setup.is_cover(p) return p.type == "wood" or p.type == "building" end

-- DEPLOYMENT: "sets out ... within 100 paces of the table edge". Returns
-- problems for placements that break it (rect corners beyond the zone).
function setup.check_deployment(S, side, placements)
  local problems = {}
  for _, p in ipairs(placements) do
    local half = p.d / 2
    local near = side == 1 and (p.y - half) or (S.depth - p.y - half)
    local far = side == 1 and (p.y + half) or (S.depth - p.y + half)
    if near < -1e-6 or far > S.deploy_depth + 1e-6 then
      problems[#problems + 1] = string.format("%s is not within 100 paces of its table edge", p.name)
    end
    if p.x - p.w / 2 < -1e-6 or p.x + p.w / 2 > S.width + 1e-6 then
      problems[#problems + 1] = string.format("%s is off the table", p.name)
    end
  end
  return problems
end

local _ = troops
return setup
