-- Historicon optional rule: HEAVY ARMOUR.
--
-- "When fighting against HI with heavy armour such a 3/4 plate, full plate,
-- or against HC with 1/2 or full barding (ie. as in Clibanarii) -1 die per
-- 4 figs when both shooting and in melee. The cost for this class of armour
-- is 1/2pt per figure. Add the post fix A ... KC and HC will become KC-A and
-- HC-A ... KC-A have a frontage of 15mm (25mm scale)."
--
-- How it is played here: Table 3 and Table 4 carry the entries
-- (target_armoured, enemy_armoured, rule "Optional rules, heavy armour");
-- they apply only to a unit whose `armour` is true. Army lists may always
-- write the postfix A (and pay its points); in a battle a unit is armoured
-- only when the scenario enables this option, and then KC-A also stand on
-- HI's frontage. Without the option the postfix is ignored on the table.
local troops = require("historicon.troops")
local shooting = require("historicon.shooting")
local melee = require("historicon.melee")

local heavy_armour = {
  id = "heavy_armour",
  title = "Heavy armour",
  rule = "Optional rules, heavy armour",
}

-- Whether an army-list unit is armoured on the table.
function heavy_armour.armoured(u)
  return u.armour == true and troops.postfixes.A.allowed_classes[u.class] == true
end

function heavy_armour.apply(rules)
  -- The entries must be there for the option to mean anything.
  local s = rules.require("historicon.shooting")
  local m = rules.require("historicon.melee")
  if not s.modifiers:has("target_armoured") then error("heavy_armour: Table 3 has no 'target_armoured' entry", 0) end
  if not m.modifiers:has("enemy_armoured") then error("heavy_armour: Table 4 has no 'enemy_armoured' entry", 0) end
  local _ = shooting, melee
end

return heavy_armour
