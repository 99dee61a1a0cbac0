-- Optional rule (Hinds §2): "by throwing away their shields and pikes heavy
-- and medium infantry may go 6 units, but are non combatant for the rest of
-- the game." With this option a fleeing heavy or medium infantry unit with
-- an enemy within two hexes throws its shields away: it flees 6 units a move
-- and never fights (nor rallies) again.
local troops = require("hinds.troops")
local H = require("hinds.hexes")

local M = { id = "throw_shields" }

function M.apply(rules)
  -- the battle engine looks the option up by id (G.hooks.throw_shields)
  local _ = rules
end

function M.consider(G, uid)
  local d = G.D[uid]
  if d.shields_thrown or d.arm ~= "foot" then return end
  local t = troops.movement_type(d)
  if t ~= "heavy_infantry" and t ~= "medium_infantry" then return end
  for _, e in ipairs(G.sides[3 - d.side].units) do
    local ed = G.D[e]
    if ed.state == "ready" and H.distance(d.q, d.r, ed.q, ed.r) <= 2 then
      d.shields_thrown, d.non_combatant = true, true
      if G.log then G.bf:log("shields_thrown", { unit = uid }) end
      if G.report then G.report(string.format("  %s throws away its shields and flees: non combatant for the rest of the game.", d.name)) end
      return
    end
  end
end

return M
