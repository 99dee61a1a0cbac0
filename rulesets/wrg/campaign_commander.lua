-- The default campaign commander of WRG 1973: the choices the CAMPAIGNS
-- rules leave to a player, made for either side ("Rules never decide for a
-- player": rulesets/wrg/campaign.lua asks, this file answers).
local armies_mod = require("wrg.armies")
local troops = require("wrg.troops")

local M = {}

-- "As it knows the ground better than the enemy, it adds or subtracts up to
-- 3 terrain units from those picked in the usual way": the defender's
-- change, given its units (plain army-list units). READING: broken ground
-- hinders horse more than foot, so an army whose points are mostly mounted
-- (cavalry, chariots, elephants) takes 3 units away; any other adds 3.
function M.terrain_change(units)
  local mounted, total = 0, 0
  for _, u in ipairs(units) do
    local p = armies_mod.unit_points(u)
    total = total + p
    if troops.is_cavalry(u) or troops.is_model(u) then mounted = mounted + p end
  end
  return (total > 0 and mounted * 2 > total) and -3 or 3
end

return M
