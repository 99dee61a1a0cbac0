-- Victory. The text names none (a game under Hinds' rules ended when the
-- players agreed it had); this reading is recorded in docs/rulesets/hinds.md:
-- an army is beaten at the end of a turn when the troops it still has in
-- action (not fleeing, not leaving the field, not gone, not non-combatant)
-- are worth less than half the melee points it began with. Both beaten in
-- the same turn: the side with the larger share left wins; equal: a draw.
--
--   local V = require("hinds.victory")
--   V.points(u), V.in_action(G, s), V.check(G) -> winner | nil, reason

local melee = require("hinds.melee")

local V = {}

V.BEATEN_BELOW = 1 / 2

-- A unit's worth: its figures' points as §4 rates them (first throw).
-- (one read-only situation table, not a new one per unit and turn)
local FIRST_ROUND = { first_round = true }
function V.points(u) return melee.base_points(u, FIRST_ROUND) end

-- A unit's worth remembered with what it is worked out from (its figures,
-- officers and unhorsed riders, its arm, class, weapon and Gallic
-- equipment): asked for every unit at every turn's end, and most units
-- lose nothing in most turns. The same value as V.points (victory_test).
local worth = setmetatable({}, { __mode = "k" })
local function points_now(d)
  local w = worth[d]
  if w and w[1] == d.figures and w[2] == d.officers and w[3] == d.dismounted and w[4] == d.arm and w[5] == d.class
    and w[6] == d.missile and w[7] == d.gaul then
    return w[8]
  end
  local v = V.points(d)
  worth[d] = { d.figures, d.officers, d.dismounted, d.arm, d.class, d.missile, d.gaul, v }
  return v
end
V.points_now = points_now

function V.in_action(G, s)
  local total = 0
  local list, D = G.sides[s].units, G.D
  for i = 1, #list do
    local d = D[list[i]]
    if d.state == "ready" and not d.non_combatant then total = total + points_now(d) end
  end
  return total
end

function V.beaten(start, now) return now < start * V.BEATEN_BELOW end

-- Returns winner (1, 2 or false for a draw) or nil, and the reason.
function V.check(G)
  local share, beaten = {}, {}
  for s = 1, 2 do
    local now = V.in_action(G, s)
    share[s] = G.sides[s].start_points > 0 and now / G.sides[s].start_points or 0
    beaten[s] = V.beaten(G.sides[s].start_points, now)
  end
  if beaten[1] and beaten[2] then
    if share[1] > share[2] then return 1, "both armies broken; more of it still in action" end
    if share[2] > share[1] then return 2, "both armies broken; more of it still in action" end
    return false, "both armies broken"
  end
  if beaten[1] then return 2, "less than half of its army still in action" end
  if beaten[2] then return 1, "less than half of its army still in action" end
  return nil
end

return V
