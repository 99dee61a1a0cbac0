-- WRG Ancients 1973: the table (SCALES), CHOICE OF TERRAIN and DEPLOYMENT.
--
--   local S = setup.scale(scenario.table, locate)  -- { width, depth } mm, S.mm(paces)
--   local pieces, rolls = setup.choose_terrain(S, dice, nominations)
--   setup.place_terrain(bf, pieces)
--   local w, d = setup.footprint(unit)             -- mm
--
-- Scenario table keys: size: "183x122" (cm; default a 6 x 4 foot table),
-- terrain: "diced" (CHOICE OF TERRAIN, default) | "none" | list of
-- { type = hill | wood | marsh, x =, y =, r = } in cm (circles).

local fail = require("lib.fail")
local tables = require("wrg.tables")
local troops = require("wrg.troops")

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
    local fw = 40
    if t == "CH" then fw = fw + tables.chariot_extra_horse_frontage * math.max(0, (u.horses or 2) - 2) end
    if t == "ENG" and u.engine ~= "light_bolt" and u.engine ~= "heavy_bolt" then fw = tables.base_sizes.ENG_STONE[1] end
    return fw * u.figures, 40, u.figures, 1, fw
  end
  local b = tables.base_sizes[t]
  local ranks = math.max(1, math.min(u.ranks or 1, u.figures))
  local files = (u.figures + ranks - 1) // ranks
  return files * b[1], ranks * b[2], files, ranks, b[1]
end

-- CHOICE OF TERRAIN: "Each player nominates a number, from 1 to 6 of terrain
-- units per square metre of table. Add both nominations, add the score of one
-- dice, divide by 3 and round off." Of the units the rules list we place
-- hills, woods ("10 trees") and marshes; the player who lays them out (the
-- loser of a die throw) spreads them over the middle of the table, clear of
-- the deployment zones, by further throws.
function setup.choose_terrain(S, dice, nominations, report)
  local n1, n2 = nominations[1] or 1, nominations[2] or 1
  local die = dice:roll(6, "WRG choice of terrain")
  local per_m2 = math.floor((n1 + n2 + die) / 3 + 0.5)
  local area = (S.width / 1000) * (S.depth / 1000)
  local count = math.floor(per_m2 * area + 0.5)
  local pieces = {}
  local kinds = { "hill", "hill", "wood", "wood", "hill", "marsh" }
  local margin = S.deploy_depth + 60
  for i = 1, count do
    local k = kinds[dice:roll(6, "WRG terrain unit type")]
    local r = 60 + 10 * dice:roll(6, "WRG terrain unit size")
    local fx = dice:roll(6, "WRG terrain unit place (x)")
    local fy = dice:roll(6, "WRG terrain unit place (y)")
    local x = r + (S.width - 2 * r) * (fx - 1) / 5
    local y = margin + (S.depth - 2 * margin) * (fy - 1) / 5
    pieces[#pieces + 1] = { type = k, x = x, y = y, r = r, n = i }
  end
  return pieces, { die = die, per_m2 = per_m2, count = count }
end

function setup.given_terrain(list, locate)
  local out = {}
  for n, p in ipairs(list) do
    if type(p) ~= "table" or (p.type ~= "hill" and p.type ~= "wood" and p.type ~= "marsh")
      or type(p.x) ~= "number" or type(p.y) ~= "number" or type(p.r) ~= "number" then
      fail("%s: a terrain piece is { type: hill | wood | marsh, x:, y:, r: } in cm",
        locate and locate("/table/terrain/" .. (n - 1)) or "table.terrain")
    end
    out[#out + 1] = { type = p.type, x = p.x * 10, y = p.y * 10, r = p.r * 10, n = n }
  end
  return out
end

function setup.place_terrain(bf, pieces)
  for _, p in ipairs(pieces) do
    p.fid = bf:add_terrain{ type = p.type, circle = { p.x, p.y, p.r }, blocks_los = p.type == "wood",
                            height = p.type == "hill" and 1 or 0 }
  end
end

-- COVER (THE REACTION TEST): the pieces that hide troops. Of the terrain
-- units placed, woods ("10 trees"); hills and marshes hide nobody.
function setup.is_cover(p) return p.type == "wood" end

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
