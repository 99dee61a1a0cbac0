-- "Counts as" in WRG 1973 terms (Appendix IV writes its creatures so: "move
-- as LMI, receive blows as SHC, and deal them out as double-handed
-- axemen"). A creature's unit has its movement type as its WRG type (the
-- army checker sets it); this file makes the rest of its terms count, in
-- this ruleset instance only, by wrapping wrg.troops:
--   target_column   the SPECIAL TARGET VULNERABILITIES column: vulnerability_as
--   melee_rows      the HAND-TO-HAND row: fights_as (fx_row for the hero's magic sword:
--                   the axe row while no saint is near; saints' staves)
--   missile, range  what it shoots as (missile_as, missile_range; none: no missiles)
--   can_use_shield  demons "with more than 2 arms can count shielded while
--                   using two-handed weapons"
--   shooting figures  at most missile_figures (GIANTS: boulders "counting as
--                   3 crossbow figures in the same way as a small stone
--                   throwing engine")
--   melee random factor  a unit with a hero or warrior saint (fx_rash_general)
--                   disregards a minus factor, as with a General fighting in
--                   its front rank ("equivalent to those of a rash general")
local C = {}

local function as_type(u, t)
  return setmetatable({ type = t }, { __index = u })
end

function C.apply(rules)
  local troops = rules.require("wrg.troops")
  local target_column, melee_rows, missile, range = troops.target_column, troops.melee_rows, troops.missile, troops.range
  local can_use_shield, row_two_handed = troops.can_use_shield, troops.row_two_handed

  troops.target_column = function(u, ...)
    if u.vulnerability_as then return target_column(as_type(u, u.vulnerability_as), ...) end
    return target_column(u, ...)
  end
  troops.melee_rows = function(u, first_period)
    if u.fx_row then return { u.fx_row } end   -- a magic sword, or a saint's staff in a theological discussion
    if u.fights_as then
      -- a kontos row counts "during the first period of each melee" only;
      -- after it the cavalry's spear row (the rule for every lancer)
      if u.fights_as == "kontos" and not first_period then return { "cav_spear" } end
      return { u.fights_as }
    end
    return melee_rows(u, first_period)
  end
  troops.missile = function(u)
    if u.creature then return u.missile_as end
    return missile(u)
  end
  troops.range = function(u)
    if u.creature then
      if not u.missile_as then return nil end
      return u.missile_range or range(u)
    end
    return range(u)
  end
  local shooting = rules.require("wrg.shooting")
  local figures = shooting.figures
  shooting.figures = function(u, s)
    local n = figures(u, s)
    if u.missile_figures and n > u.missile_figures then return u.missile_figures end
    return n
  end
  local chance = rules.require("wrg.chance")
  local melee_value = chance.melee_value
  chance.melee_value = function(u, minus, plus, general_in_front)
    return melee_value(u, minus, plus, general_in_front or u.fx_rash_general == true)
  end
  -- GOBLINS AND ORCS on giant wolves: "their enemy count them as "hostile
  -- huns" for reaction" (the battle asks troops.is_hun of every unit)
  if troops.is_hun then
    local is_hun = troops.is_hun
    troops.is_hun = function(nation, u)
      if u.huns then return true end
      return is_hun(nation, u)
    end
  end
  troops.can_use_shield = function(u, s)
    if u.many_arms and u.shield ~= false and not (s and (s.rear or s.unshielded_flank)) then return true end
    return can_use_shield(u, s)
  end
  troops.row_two_handed = function(u, row)
    if u.many_arms then return false end
    return row_two_handed(u, row)
  end
end

return C
