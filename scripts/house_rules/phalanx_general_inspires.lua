-- House rule (a modifier added): the General fights in the front rank, so
-- the vignette carrying him gets +1 in melee. Added to the Phalanx melee
-- conditional modifiers by id, so it appears in every explanation as
-- "+1 the General's vignette (house rule: general inspires)".
return function(rules)
  local melee = rules.require("phalanx.melee")
  melee.modifiers:add({
    id = "general_inspires",
    text = "the General's vignette",
    rule = "house rule: general inspires",
    when = function(c) return c.me.general == true end,
    add = 1,
  }, { before = "uphill" })
end
