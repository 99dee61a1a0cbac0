-- The sieges module in WRG 1973, WORKING PARTIES on an uncontrolled advance:
-- "Uncontrolled advance for figures carrying scaling ladders or fascines
-- means exactly that, but in all other cases it means work at double speed,
-- or if an enemy sortie is occurring, advance to contact it, ceasing work."
--
-- A working party here is a unit at a task that is not carrying ladders or
-- fascines: a ram party (unit.siege.ram), a party building (unit.siege.build).
-- On an uncontrolled advance it does not charge whatever is in reach (WRG's
-- uncontrolled advance charges the nearest enemy): it works on at double
-- speed (wrg/period.lua PD.works doubles it, works.output), unless an enemy
-- sortie is occurring -- READING: a unit of the garrison (one that has stood
-- inside the fort or on its walls during the battle, d.siege_garrison, set
-- by PD.locate) now outside it, not routing -- when it may charge only that
-- sortie and does no work that period. Installed on WRG's declaration hooks G.no_charge and
-- G.no_charge_at (chained to whatever another module put there).
local ST = require("modules.sieges.wrg.state")

local WP = {}

local function live(d) return d and not d.gone and not d.off_table and not d.routing and not d.leaving end

function WP.is_party(d)
  local k = d.siege
  return k ~= nil and (k.ram == true or k.build ~= nil or k.engine ~= nil) -- (k.engine: pushers of a tower or penthouse, wrg/engines.lua)
    and not ((k.ladders or 0) > 0 or (k.fascines or 0) > 0)
end

-- The garrison's units outside their fort (a sortie), in id order.
function WP.sortie(G)
  local S = G.sieges
  local out = {}
  if not (S and S.defender) or #S.forts.forts == 0 then return out end
  for _, uid in ipairs(G.sides[S.defender].units) do
    local d = G.D[uid]
    if live(d) and d.siege_garrison and not G.bf:removed(uid) and not ST.inside(G, uid) and d.siege_on == nil then
      out[#out + 1] = uid
    end
  end
  return out
end

function WP.is_sortie(G, uid)
  for _, o in ipairs(WP.sortie(G)) do if o == uid then return true end end
  return false
end

-- Whether the party ceases work this period (uncontrolled, a sortie on).
function WP.ceases_work(G, d)
  return d.state == "uncontrolled" and WP.is_party(d) and #WP.sortie(G) > 0
end

function WP.install(G)
  local no_charge, no_charge_at = G.no_charge, G.no_charge_at
  G.no_charge = function(G2, uid)
    local d = G2.D[uid]
    if G2.sieges and d.state == "uncontrolled" and WP.is_party(d) and #WP.sortie(G2) == 0 then return true end
    return no_charge ~= nil and no_charge(G2, uid) or false
  end
  G.no_charge_at = function(G2, uid, target)
    local d = G2.D[uid]
    if G2.sieges and d.state == "uncontrolled" and WP.is_party(d) and not WP.is_sortie(G2, target) then return true end
    return no_charge_at ~= nil and no_charge_at(G2, uid, target) or false
  end
end

return WP
