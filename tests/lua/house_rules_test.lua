-- The shipped example house rules (scripts/house_rules/) do what they say.
local T = require("lib.testing")
local ruleset = require("lib.ruleset")
local dice = require("sandtable.dice")

local function melee_of(house_rule)
  local rules = ruleset.load("phalanx", { house_rules = house_rule and { house_rule } or nil })
  rules.freeze()
  return rules.require("phalanx.melee")
end

T.case("house rule phalanx_hip_steadier: Table 7 HIP III vs Mounted becomes 8, nothing else changes", function()
  local plain = melee_of(nil)
  local house = melee_of("scripts/house_rules/phalanx_hip_steadier.lua")
  local hip = { class = "HIP", integrity = "III", army_class = "RA" }
  local hcc = { class = "HCC", integrity = "III", army_class = "RA" }
  local his = { class = "HIS", integrity = "III", army_class = "RA" }
  T.eq(plain.resolve(hip, hcc, nil, dice.forced({ 3 }), false).attacker_cf, 7)
  T.eq(house.resolve(hip, hcc, nil, dice.forced({ 3 }), false).attacker_cf, 8)
  T.eq(house.resolve(hip, his, nil, dice.forced({ 3 }), false).attacker_cf, 7, "against foot: unchanged")
end)

T.case("house rule phalanx_general_inspires: +1 for the General's vignette, explained by its layer", function()
  local house = melee_of("scripts/house_rules/phalanx_general_inspires.lua")
  local general = { class = "HIN", integrity = "III", army_class = "RA", general = true }
  local other = { class = "HIN", integrity = "III", army_class = "RA" }
  local out = house.resolve(general, other, nil, dice.forced({ 3 }), true)
  T.eq(out.attacker_cf, 6)
  T.eq(out.defender_cf, 5)
  T.eq(out.attacker_terms[1].id, "general_inspires")
  T.eq(out.attacker_terms[1].layer, "house rule scripts/house_rules/phalanx_general_inspires.lua")
  -- Difference +1 and die 3: Table 8 "+1 or +2" gives the defender R.
  T.eq(out.defender_result, "R")
  local plain = melee_of(nil).resolve(general, other, nil, dice.forced({ 3 }), false)
  T.eq({ plain.attacker_result, plain.defender_result }, { "R", "S" },
    "without the house rule: even factors, die 3 repulses the attacker instead")
end)

T.case("house rule phalanx_regroup_phase: a new phase after melee, recorded with its layer", function()
  local rules = ruleset.load("phalanx", { house_rules = { "scripts/house_rules/phalanx_regroup_phase.lua" } })
  local phases = rules.require("phalanx.turn").phases
  T.eq(phases:ids(), { "activation", "movement", "initiative", "shooting", "melee", "regroup" })
  T.eq(phases:get("regroup").layer, "house rule scripts/house_rules/phalanx_regroup_phase.lua")
  T.eq(ruleset.load("phalanx").require("phalanx.turn").phases:has("regroup"), false, "other instances unchanged")
end)

T.case("house rule phalanx_regroup_phase: in a battle, battered vignettes out of contact regroup", function()
  local loader = require("sandtable.loader")
  local scenario = require("lib.scenario")
  local battle = require("lib.battle")
  local text = loader.read("scenarios/phalanx/bench.yaml")
  local s = scenario.parse(text, "scenarios/phalanx/bench.yaml", "scenarios/phalanx")
  local plain = battle.prepare(s)
  local house = battle.prepare(s, { "scripts/house_rules/phalanx_regroup_phase.lua" })
  local regroups = 0
  for seed = 1, 12 do
    for _, e in ipairs(battle.run{ prepared = house, seed = seed }.bf:events()) do
      if e.kind == "regroup" then
        regroups = regroups + 1
        T.eq(e.phase, "F regroup")
      end
    end
    for _, e in ipairs(battle.run{ prepared = plain, seed = seed }.bf:events()) do
      T.truthy(e.kind ~= "regroup", "no regroup events without the house rule")
    end
  end
  T.truthy(regroups > 0, "some vignette regrouped in twelve seeded battles")
end)
