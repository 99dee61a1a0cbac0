-- Historicon v2, Phase 7: victory points.
--
--   local V = require("historicon.victory")
--   V.unit_points(unit), V.army_points(units), V.break_deduction(unit),
--   V.has_lost(start_total, current_total)

local troops = require("historicon.troops")

local V = {}

-- Classes Phase 7 does not name (EI, C) are worth nothing.
function V.unit_points(unit) return troops.victory_points[unit.class] or 0 end

function V.army_points(units)
  local total = 0
  for _, u in ipairs(units) do total = total + V.unit_points(u) end
  return total
end

-- "deduct 2 victory points ..., 3 if E class and 8 if the unit contains the
-- General" (the General's 8 overrides the grade).
function V.break_deduction(unit)
  local d = troops.break_deduction
  if unit.general then return d.general end
  if unit.grade == "E" then return d.E end
  return d.normal
end

-- "When the army's victory point total is reduced by 25% it has lost."
function V.has_lost(start_total, current_total)
  return start_total - current_total >= troops.defeat_fraction * start_total
end

return V
