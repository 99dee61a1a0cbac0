-- Allegiances beyond the two armies' lists: chaos, law and neutral, where
-- WRG 1973 Appendix IV uses them. An army may declare its allegiance
-- (`allegiance = "chaos"`); a creature says which it may serve.
--
--   local A = require("modules.fantasy.allegiance")
--   A.may_serve(creature, "law") -> true | false, why
local A = {}

A.NAMES = { chaos = true, law = true, neutral = true }

-- Whether a creature may fight for an army of `allegiance` (nil: the army
-- did not say, and any creature may serve it).
-- "Trolls can only fight for chaos." SAINT: "He will not appear on behalf
-- of any side including creatures of chaos." The rest are "usually" or
-- "normally" on a side: a habit, not a rule, so they may serve anyone.
function A.may_serve(creature, allegiance)
  if allegiance == nil then return true end
  if creature.only_for and creature.only_for ~= allegiance then
    return false, string.format("%s can only fight for %s", creature.name or creature.id, creature.only_for)
  end
  if creature.never_for and creature.never_for == allegiance then
    return false, string.format("%s will not appear on behalf of %s", creature.name or creature.id, allegiance)
  end
  return true
end

-- The first of a list of creature declarations that is a creature of
-- chaos (usually found on its side), or nil: SAINT "will not appear on
-- behalf of any side including creatures of chaos".
function A.first_of_chaos(creatures)
  for _, c in ipairs(creatures) do
    if c.allegiance == "chaos" or c.only_for == "chaos" then return c end
  end
  return nil
end

return A
