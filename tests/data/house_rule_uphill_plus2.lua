-- A test house rule: the uphill bonus becomes +2.
return function(rules)
  local melee = rules.require("phalanx.melee")
  local old = melee.modifiers:get("uphill")
  melee.modifiers:replace("uphill", { id = "uphill", text = "uphill (house rule: +2)", rule = old.rule,
                                      when = old.when, add = 2 })
end
