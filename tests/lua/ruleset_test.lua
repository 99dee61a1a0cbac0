-- The ruleset loader (scripts/lib/ruleset.lua): instances, layers, freezing.
local T = require("lib.testing")
local ruleset = require("lib.ruleset")
local dice = require("sandtable.dice")

local function uphill_add(rules)
  return rules.require("phalanx.melee").modifiers:get("uphill").add
end

T.case("ruleset: two instances have private copies of the ruleset's modules", function()
  local a = ruleset.load("phalanx")
  local b = ruleset.load("phalanx")
  T.truthy(a.require("phalanx.melee") ~= b.require("phalanx.melee"), "separate module tables")
  a.require("phalanx.melee").modifiers:remove("uphill")
  T.truthy(b.require("phalanx.melee").modifiers:has("uphill"), "the other instance keeps its modifier")
  -- modules of one instance share their requires
  T.truthy(a.require("phalanx.tables") == a.require("phalanx.tables"))
end)

T.case("ruleset: a house rule patches its instance only, and records its layer", function()
  local plain = ruleset.load("phalanx")
  local house = ruleset.load("phalanx", { house_rules = { "tests/data/house_rule_uphill_plus2.lua" } })
  T.eq(uphill_add(plain), 1)
  T.eq(uphill_add(house), 2)
  T.eq(house.require("phalanx.melee").modifiers:get("uphill").layer,
    "house rule tests/data/house_rule_uphill_plus2.lua")
  -- The patched rule decides a melee: HIN III uphill vs HIN III, die 4:
  -- plain +1 -> Table 8 "+1 or +2"; house +2 -> still "+1 or +2" band, so
  -- compare the modified factors directly.
  local v = { class = "HIN", integrity = "III", army_class = "RA" }
  local situation = { attacker = { uphill = true }, defender = {} }
  local p = plain.require("phalanx.melee").resolve(v, v, situation, dice.forced({ 4 }), false)
  local h = house.require("phalanx.melee").resolve(v, v, situation, dice.forced({ 4 }), false)
  T.eq(p.attacker_cf, 6)
  T.eq(h.attacker_cf, 7)
end)

T.case("ruleset: options by id; an unknown option names the ones that exist", function()
  local rules = ruleset.load("phalanx", { options = { "recovery" } })
  T.truthy(rules.options.recovery)
  T.raises(function() ruleset.load("phalanx", { options = { "weather" } }) end, "has no option 'weather'")
end)

T.case("ruleset: an unknown ruleset is a clear error", function()
  local ok, err = pcall(ruleset.load, "no_such_rules")
  T.truthy(not ok)
  T.truthy(err.user_message:find("unknown ruleset 'no_such_rules'", 1, true), err.user_message)
end)

T.case("ruleset: after freezing, patching a modifier list is an error", function()
  local rules = ruleset.load("phalanx")
  local melee = rules.require("phalanx.melee")
  rules.freeze()
  T.raises(function() melee.modifiers:remove("uphill") end, "frozen")
end)
