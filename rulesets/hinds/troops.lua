-- Troops of Hinds' Ancient Wargame Rules: a unit is described by its arm
-- (foot or mounted), its protection class (1st to 4th, by armour), its
-- weapons and its strength in bases and figures. Its troop type (Heavy
-- Infantry ... Light Cavalry) follows from arm and class (§2).
--
--   local troops = require("hinds.troops")
--   troops.type_of{ arm = "foot", class = 2 }        --> "medium_infantry"
--   troops.figure_points(u)                          --> 2 (per figure)

local tables = require("hinds.tables")

local M = {}

M.ARMS = { foot = true, mounted = true }
M.FORMATIONS = { normal = true, column = true, square = true, testudo = true, march = true }
M.FORMATION_LIST = { "normal", "column", "square", "testudo", "march" }

function M.type_of(u)
  local by = tables.type_of_class[u.arm]
  return by and by[u.class] or nil
end

function M.is_mounted(u) return u.arm == "mounted" end
function M.is_infantry(u) return u.arm == "foot" end

-- "Slingers, L. Archers": light (4th class) foot with bow or sling.
function M.light_missile(u)
  return u.arm == "foot" and u.class == 4 and (u.missile == "bow" or u.missile == "sling")
end

-- Bowmen and slingers have the long range cast (§3); mounted archers 18.
function M.long_range(u)
  local m = u.missile and tables.missiles[u.missile]
  if not m or not m.long then return nil end
  if u.arm == "mounted" then return tables.ranges.long_mounted end
  return tables.ranges.long
end

-- The points row of §4's table for this unit.
function M.points_row(u, as_type)
  if M.light_missile(u) then return tables.points.light_missile end
  return tables.points[as_type or M.type_of(u)]
end

-- Points of one figure and one officer ("Heavy Cavalry: 5 or 3.5": 5 for
-- the fully mailed 1st class, 3.5 for the 2nd).
function M.figure_points(u, as_type)
  local t = as_type or M.type_of(u)
  local row = M.points_row(u, t)
  if t == "heavy_cavalry" and u.class == 2 then return row.figure_2nd_class, row.officer_2nd_class end
  return row.figure, row.officer
end

-- Movement row of §2. Gauls "always move as light"; a square or circle
-- moves "as heavy infantry".
function M.movement_type(u)
  if u.formation == "square" then return "heavy_infantry" end
  if u.gaul and u.arm == "foot" then return "light_infantry" end
  return M.type_of(u)
end

function M.weight(u)
  return tables.weight[M.movement_type(u)]
end

-- The unit's strength in figures (rank and file plus officers, and riders
-- unhorsed by missiles who fight on with it on foot: §3 "dismounts").
function M.strength(u) return (u.figures or 0) + (u.officers or 0) + (u.dismounted or 0) end

-- The type a dismounted rider of unit u fights as: the foot of his class
-- (the class is his armour, §2 and the introduction).
function M.dismounted_type(u)
  return tables.type_of_class.foot[u.class]
end

-- The starting strength.
function M.start_strength(u) return (u.start_figures or u.figures or 0) + (u.start_officers or u.officers or 0) end

-- Bases that still count: a base with half or more of its figures counts.
function M.bases_now(u)
  local per = u.per_base or 1
  local n = u.figures // per
  local rest = u.figures - n * per
  if rest * 2 >= per and rest > 0 then n = n + 1 end
  return n
end

function M.describe(u)
  local t = M.type_of(u)
  return string.format("%s, %s class%s%s", tables.TYPE_NAMES[t] or "?", ({ "1st", "2nd", "3rd", "4th" })[u.class] or "?",
    u.missile and (", " .. tables.missiles[u.missile].name) or "",
    u.macedonian and ", pikes" or (u.pole_arms and ", pole arms" or ""))
end

return M
