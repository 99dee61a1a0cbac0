-- Historicon v2, "Points value" and "Fantasy army composition".
--
--   local Pt = require("historicon.points")
--   Pt.per_model(unit), Pt.unit(unit), Pt.check_fantasy_army(units)

local troops = require("historicon.troops")
local S = require("historicon.shooting")

local Pt = {}

-- Points of one figure or model: 1 per figure; chariots 1 per horse and 1
-- per crew; EI 12 plus 1 per crew; +1/2 per figure (figure equivalent) if it
-- can shoot; +1/2 per figure for armour (optional rule); then doubled for E,
-- halved for G.
function Pt.per_model(unit)
  local p = troops.points
  local info = troops.classes[unit.class]
  local base, figs
  if info.chariot then
    local horses, crew = troops.chariot_team(unit)
    base, figs = horses * p.per_chariot_horse + crew * p.per_crew_figure, horses + crew
  elseif info.elephant then
    base, figs = p.elephant_model + (unit.crew or 1) * p.per_crew_figure, troops.organisation.elephant_figures
  else
    base, figs = p.per_figure, 1
  end
  if S.can_shoot(unit) then base = base + p.shooting_per_figure * figs end
  if troops.is_armoured(unit) then base = base + p.armour_per_figure * figs end
  return base * p.grade_factor[unit.grade or "A"]
end

function Pt.unit(unit) return Pt.per_model(unit) * unit.figures end

function Pt.army(units)
  local total = 0
  for _, u in ipairs(units) do total = total + Pt.unit(u) end
  return total
end

local function matches(limit, unit)
  if limit.classes then return limit.classes[unit.class] == true end
  if limit.grade then return (unit.grade or "A") == limit.grade end
  if limit.army then return troops.army_class(unit) == limit.army end
  return false
end

-- Problems with a fantasy army's composition, as { id, percent, min, max }
-- (percent of the army's points). Classes the list does not name (EI) are
-- not limited.
function Pt.check_fantasy_army(units)
  local total, problems = Pt.army(units), {}
  if total == 0 then return problems end
  for _, limit in ipairs(troops.fantasy_limits) do
    local share = 0
    for _, u in ipairs(units) do
      if matches(limit, u) then share = share + Pt.unit(u) end
    end
    local percent = 100 * share / total
    if percent > limit.max or (limit.min and percent < limit.min) then
      problems[#problems + 1] = { id = limit.id, percent = percent, min = limit.min, max = limit.max }
    end
  end
  return problems
end

return Pt
