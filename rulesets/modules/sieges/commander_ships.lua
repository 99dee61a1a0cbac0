-- The sieges module's WRG commander for ships (its choices, not rules): the
-- side with ships rows every ship that still floats straight in to the
-- beach at full speed, 120 paces a period ("Ships under oars 120"), and its
-- companies stay aboard until their ship grounds; then commander_wrg.lua
-- climbs them down the side (as dismounting) and wades them ashore. WHY: a
-- company that climbed down in deep water would drown; one that waits for
-- its ship to ground lands together with the rest.
--
-- The rule -- how a ship rows, grounds, stops troops and carries its company
-- -- is in wrg/ships.lua.
local SW = require("modules.sieges.wrg.ships")

local CS = {}

-- In the movement phase, before WRG's own moves: every afloat ship rows.
function CS.row(G, R)
  local S = G.sieges
  if not S or #S.spec.ships == 0 then return end
  for _, s in ipairs(S.spec.ships) do
    if not s.grounded then SW.row(G, R, s) end
  end
end

-- Whether a unit aboard a ship waits aboard this period (its ship is afloat
-- and rowing in): commander_wrg.lua's besieger asks before it climbs down.
function CS.waits_aboard(G, uid)
  local d = G.D[uid]
  return d.siege_ship ~= nil and SW.afloat(G, d.siege_ship)
end

return CS
