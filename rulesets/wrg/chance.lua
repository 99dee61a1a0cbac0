-- WRG Ancients 1973: the RANDOM FACTOR of shooting and of hand-to-hand
-- combat. Pure: the dice come from the caller's source.
--
--   local C = require("wrg.chance")
--   local r = C.shooting(unit, dice, purpose)  -> { value, minus, plus }
--   local r = C.melee(unit, dice, purpose, general_in_front)
--
-- unit: regular (true/false), class ("A".."E").

local tables = require("wrg.tables")

local C = {}

local function throw(u, dice, purpose, report)
  local minus = dice:roll(tables.AVERAGE_DIE, report and (purpose .. ", minus die") or purpose)
  local plus = dice:roll(u.regular and tables.AVERAGE_DIE or tables.NORMAL_DIE,
    report and (purpose .. ", plus die") or purpose)
  return minus, plus
end

-- SHOOTING: "For all but "E" types, subtract 1 if the minus score is
-- higher, add 1 if the plus score is higher. "E" type troops ... disregard an
-- overall plus result, and subtract the full difference between the two
-- scores if the overall result is minus."
function C.shooting_value(u, minus, plus)
  local d = plus - minus
  if u.class == "E" then return d < 0 and d or 0 end
  if d > 0 then return 1 elseif d < 0 then return -1 end
  return 0
end

function C.shooting(u, dice, purpose, report)
  local minus, plus = throw(u, dice, purpose or "WRG shooting random factor", report)
  return { value = C.shooting_value(u, minus, plus), minus = minus, plus = plus }
end

-- HAND-TO-HAND: "Add or subject the whole of the result" (regulars with two
-- probability dice, barbarians with a normal plus die); "E" types "add only 1
-- if the overall result is plus. They still deduct the full difference";
-- "If the General fights hand-to-hand in the front rank with his troops, the
-- unit he is with disregards any minus random factor, unless composed of "E"
-- types."
function C.melee_value(u, minus, plus, general_in_front)
  local d = plus - minus
  if u.class == "E" then
    if d > 0 then return 1 end
    return d
  end
  if d < 0 and general_in_front then return 0 end
  return d
end

function C.melee(u, dice, purpose, general_in_front, report)
  local minus, plus = throw(u, dice, purpose or "WRG melee random factor", report)
  return { value = C.melee_value(u, minus, plus, general_in_front), minus = minus, plus = plus }
end

return C
