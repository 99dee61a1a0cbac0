-- §4 RETREAT & PURSUIT, the pure parts: who must leave the field, the rally
-- throw, whether pursuers prevent a rally, who retreats after the melee.
--
--   local morale = require("hinds.morale")
--   morale.must_leave(u)                    -- under half strength
--   morale.rally(attempt, dice)             -- true/false, score, needed
--   morale.retreats(losses_a, losses_b)     -- "a" | "b" | nil

local tables = require("hinds.tables")
local troops = require("hinds.troops")

local morale = {}

-- "All troops with less than 1/2 of their strength remaining must leave
-- the field."
function morale.must_leave(u)
  return troops.strength(u) < troops.start_strength(u) * tables.retreat.leave_below
end

-- The score needed on the n-th turn a rally may be tried: "The player must
-- roll a 4, 5 or 6 to do so. On the second turn he must roll a 2, 3, 4, 5
-- or 6 to rally. Thereafter the rally is automatic." (1 = automatic.)
function morale.rally_needed(attempt)
  local r = tables.retreat.rally
  return r[attempt] or r[#r]
end

-- Returns rallied, score (nil when automatic), needed.
function morale.rally(attempt, dice, purpose)
  local need = morale.rally_needed(attempt)
  if need <= 1 then return true, nil, need end
  local score = dice:roll(6, purpose or "Hinds rally")
  return score >= need, score, need
end

-- "Units forced to retreat may rally (if over 1/2 strength)".
function morale.may_rally(u)
  return troops.strength(u) * 2 > troops.start_strength(u)
end

-- "Pursuing units must either have a beaten unit under constant fire or
-- else equal half its strength in order to prevent a rally."
function morale.prevents_rally(pursuer_figures, fled_figures, under_fire)
  if under_fire then return true end
  return pursuer_figures >= fled_figures * tables.retreat.prevent_rally
end

-- "At the end of the third roll the side which lost two or more times must
-- retreat." Returns "a", "b" or nil.
function morale.retreats(losses_a, losses_b)
  local n = tables.melee.losses_to_retreat
  if losses_a >= n and losses_a > losses_b then return "a" end
  if losses_b >= n and losses_b > losses_a then return "b" end
  return nil
end

-- "All pursuing units except for light cavalry must stop and regroup after
-- two pursuit moves."
function morale.pursuit_moves(u)
  if troops.type_of(u) == "light_cavalry" then return math.huge end
  return tables.retreat.pursuit_moves
end

return morale
