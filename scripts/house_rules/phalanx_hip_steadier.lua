-- House rule (a table cell changed): Class III pikes hold better against
-- horse. Phalanx Table 7 gives HIP III a base combat factor of 7 against
-- Mounted/Animal; this house rule makes it 8.
return function(rules)
  local tables = rules.require("phalanx.tables")
  tables.combat_factors.HIP.mounted.III = 8
end
