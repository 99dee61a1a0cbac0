-- Skirmish of Spears, optional rule §8 Morale: the option adds its modifier
-- to the rules of the battle that names it, and to no other.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")

local function factor(rules, lost)
  local combat = rules.require("tutorial.combat")
  return (combat.melee_factor({ class = "spear", hits = 0 }, { class = "bow", hits = 0 },
    { charging = false, flank = false, army_lost = lost }))
end

T.case("§8 morale: -1 to a unit whose army has lost a quarter or more", function()
  local rules = ruleset.load("tutorial", { options = { "morale" } })
  T.eq(factor(rules, 0), 4)
  T.eq(factor(rules, 0.2), 4)
  T.eq(factor(rules, 0.25), 3)
  T.eq(factor(rules, 0.5), 3)
  T.truthy(rules.options.morale)
end)

T.case("§8 morale: the explanation names the option", function()
  local rules = ruleset.load("tutorial", { options = { "morale" } })
  local combat = rules.require("tutorial.combat")
  local side = { charging = false, flank = false, army_lost = 1 / 3 }
  local out = combat.melee({ class = "spear", hits = 0 }, { class = "spear", hits = 0 },
    { attacker = side, defender = side }, dice.forced({ 3 }))
  T.truthy(table.concat(out.explanation, "\n"):find(
    "-1 army wavering: a quarter or more of it broken (§8, option morale)", 1, true))
  T.eq(combat.melee_modifiers:ids(), { "charging", "spears_against_horse", "flank", "wavering", "hits" })
end)

T.case("§8 morale: without the option the rules are as written", function()
  local plain = ruleset.load("tutorial")
  T.eq(factor(plain, 0.5), 4)
  T.eq(plain.require("tutorial.combat").melee_modifiers:has("wavering"), false)
end)

T.case("Options: an unknown option is an error listing the known ones", function()
  T.raises(function() ruleset.load("tutorial", { options = { "moral" } }) end, "it has: morale")
end)
