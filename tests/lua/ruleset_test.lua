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
  T.raises(function() ruleset.load("phalanx", { options = { "earthquakes" } }) end, "has no option 'earthquakes'")
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

T.case("ruleset: a module first required after freezing arrives with its lists frozen", function()
  -- The base modules load lazily: a battle's first melee may load the melee
  -- module after lib.battle.prepare froze the rules. Its lists are frozen as
  -- it arrives (the caches that trust a frozen list rely on it).
  local rules = ruleset.load("historicon")
  rules.freeze()
  local melee = rules.require("historicon.melee")
  T.truthy(melee.modifiers.frozen, "the late module's list is frozen")
  T.raises(function() melee.modifiers:remove(melee.modifiers.entries[1].id) end, "frozen")
end)

T.case("ruleset: a variant's manifest inherits the entry points it does not name, and the options", function()
  local rules = ruleset.load("into_glory_ride")
  T.eq(rules.manifest.battle, "phalanx.battle")
  T.eq(rules.manifest.commander, "phalanx.ai")
  T.eq(rules.manifest.armies, "phalanx.armies")
  T.eq(rules.manifest.odds, "into_glory_ride.odds", "a named entry point wins")
  T.eq(rules.manifest.name, "into_glory_ride")
  local known = ruleset.chain_options(rules.chain)
  T.eq(known.recovery, "phalanx.options.recovery", "inherited option")
  T.eq(known.artillery, nil, "options = { artillery = false } withdraws it")
  T.raises(function() ruleset.load("into_glory_ride", { options = { "artillery" } }) end, "has no option 'artillery'")
end)

T.case("ruleset: an optional module is offered by the adapter of the most derived ruleset that has one", function()
  local rules = ruleset.load("into_glory_ride")
  local fog = { name = "fog", adapters = { phalanx = "modules.fog.phalanx" } }
  local mist = { name = "mist", adapters = { phalanx = "modules.mist.phalanx", into_glory_ride = "modules.mist.igr" } }
  local recovery = { name = "recovery", adapters = { phalanx = "modules.recovery.phalanx" } }
  local wrg_only = { name = "sieges", adapters = { wrg = "modules.sieges.wrg" } }
  local known = ruleset.chain_options(rules.chain, { fog, mist, recovery, wrg_only })
  T.eq(known.fog, "modules.fog.phalanx", "inherited through extends")
  T.eq(known.mist, "modules.mist.igr", "the variant's own adapter wins")
  T.eq(known.recovery, "phalanx.options.recovery", "the ruleset's own option of the same name wins")
  T.eq(known.sieges, nil, "no adapter for this ruleset: not offered")
end)

T.case("ruleset: a module's modifiers carry the layer of the ruleset that wrote it, whoever requires it", function()
  local rules = ruleset.load("into_glory_ride")   -- its patch requires phalanx.melee during its layer
  local melee = rules.require("phalanx.melee")
  T.eq(melee.modifiers:get("overlapped").layer, "base")
  T.eq(melee.modifiers:get("repulses_informal").layer, "into_glory_ride", "replaced by the variant")
  T.eq(rules.require("phalanx.shooting").modifiers:get("epoch_v").layer, "into_glory_ride",
    "the variant's replacement module")
end)

T.case("ruleset: `replaces` swaps a module for every require in the instance only", function()
  local igr, ph = ruleset.load("into_glory_ride"), ruleset.load("phalanx")
  T.truthy(igr.require("phalanx.shooting") == igr.require("into_glory_ride.shooting"))
  T.truthy(igr.require("phalanx.combat").shoot == igr.require("into_glory_ride.shooting").resolve)
  T.truthy(ph.require("phalanx.shooting").modifiers:has("hib_at_mounted_close"))
end)
