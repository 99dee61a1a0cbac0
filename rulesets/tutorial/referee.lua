-- Skirmish of Spears under the referee (docs/referee.md): how far each kind
-- of move may take a unit, from the rules' own numbers. The referee checks
-- the rest (no overlaps, nobody off the table, the broken stay broken).
local troops = require("tutorial.troops")

return {
  -- §6.1 a unit moves up to its class's move; §4.3 a recoil is one BW back
  allowance = function(G, id, kind)
    if kind == "move" then return troops.classes[G.bf:data(id).class].move * troops.BW end
    if kind == "recoil" then return troops.BW end
    return 0
  end,
}
