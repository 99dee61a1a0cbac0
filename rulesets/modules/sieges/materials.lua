-- WRG 1973 SIEGE: MOVEMENT OF MATERIAL, the points of siege materials
-- (POINTS VALUES) and the move distances of siege vehicles.
--
--   local materials = require("modules.sieges.materials")
--   materials.can_move("penthouse", 8, 1)  -- 6 + 2 for the man inside: true
local M = {}

-- "2 figures can carry a scaling ladder sufficient to reach the top of a
-- stone curtain wall, but not that of a tower, at normal speed."
-- "4 to 6 figures can carry a ram at normal speed."
-- "A minimum of 6 figures is required to move a penthouse and 10 to move a
-- tower, plus 2 for every figure in it."
-- "A cavalryman can carry a 40mm long fascine at normal speed and throw it
-- into a ditch without penalty. A 60mm fascine must be carried by an
-- infantryman, as can an empty gabion, at normal speed."
M.CARRY = {
  ladder = { min = 2, reaches = { wall = true, palisade = true, turf_wall = true } },
  ram = { min = 4, max = 6 },
  penthouse = { min = 6, per_occupant = 2 },
  tower = { min = 10, per_occupant = 2 },
  fascine_40 = { min = 1, cavalry = true, infantry = true, length_mm = 40 },
  fascine_60 = { min = 1, infantry = true, length_mm = 60 },
  gabion = { min = 1, infantry = true },
}
-- "A further period is required to erect it" (the ladder).
M.LADDER_ERECT_PERIODS = 1
-- "1 wagon can carry a disassembled penthouse, 3 a tower, 1 a pontoon."
M.WAGONS = { penthouse = 1, tower = 3, pontoon = 1 }
-- "A fascine reduces ditch width by 5 mm."
M.FASCINE_DITCH_MM = 5

-- MOVE DISTANCES (paces, normal and charge): "Siege towers and penthouses 20
-- None"; "Ox or horse-drawn wagons 40 None".
M.SPEED = { penthouse = 20, tower = 20, wagon = 40 }

-- BASES: "Wheeled Penthouses 60mm. As required"; "Stone-Throwing Engines and
-- Wheeled Siege Towers. 80mm. As required" (frontage, depth). READING: the
-- depth "as required" is taken equal to the frontage (a square base).
M.BASE_MM = { penthouse = { 60, 60 }, tower = { 80, 80 } }

-- POINTS VALUES (regular, irregular): "Mantlet 3 5", "Scaling ladder 5 5",
-- "Ram 10 10", "Wheeled penthouse 50 100", "Wheeled tower 100 200",
-- "Pontoon, with bridge section 10 20", "10 paces of caltrops 2 Not allowed",
-- "10 paces of previously constructed palisade, ditch or bank 2 3",
-- "10 paces of stone curtain wall or 5 paces of tower 10 20",
-- "Wagon with animals and driver 10 10".
M.POINTS = {
  mantlet = { 3, 5 }, ladder = { 5, 5 }, ram = { 10, 10 }, penthouse = { 50, 100 }, tower = { 100, 200 },
  pontoon = { 10, 20 }, caltrops_10 = { 2, false }, palisade_10 = { 2, 3 }, ditch_10 = { 2, 3 }, bank_10 = { 2, 3 },
  stone_wall_10 = { 10, 20 }, tower_5 = { 10, 20 }, wagon = { 10, 10 },
}

-- Points of a material: regular or irregular army; nil where the book says
-- "Not allowed" (irregulars may not buy caltrops).
function M.points(kind, regular, count)
  local p = M.POINTS[kind]
  if not p then error("sieges.materials: no points for '" .. tostring(kind) .. "'", 2) end
  local v = p[regular and 1 or 2]
  if v == false then return nil end
  return v * (count or 1)
end

-- Figures needed to move a thing with `occupants` figures in it.
function M.needed(kind, occupants)
  local c = M.CARRY[kind]
  if not c then error("sieges.materials: nothing called '" .. tostring(kind) .. "' is carried", 2) end
  return c.min + (c.per_occupant or 0) * (occupants or 0)
end

-- Whether `figures` can move it ("4 to 6 figures can carry a ram": more than
-- 6 do not fit round it, but the rest of the unit may walk beside it).
function M.can_move(kind, figures, occupants)
  return figures >= M.needed(kind, occupants)
end

-- Whether a carrier of this kind may carry it: `mounted` a cavalryman.
function M.may_carry(kind, mounted)
  local c = M.CARRY[kind]
  if c.cavalry == nil and c.infantry == nil then return not mounted end
  if mounted then return c.cavalry == true end
  return c.infantry == true
end

-- Whether a ladder reaches the top of a section: "sufficient to reach the top
-- of a stone curtain wall, but not that of a tower".
function M.ladder_reaches(section_kind)
  return M.CARRY.ladder.reaches[section_kind] == true
end

-- Ladders a unit carries: 2 figures to each ladder.
function M.ladders_carried(figures, ladders)
  return math.min(ladders or 0, figures // M.CARRY.ladder.min)
end

-- Ditch width left after `n` fascines (mm).
function M.ditch_after_fascines(width_mm, n)
  return math.max(0, width_mm - n * M.FASCINE_DITCH_MM)
end

return M
