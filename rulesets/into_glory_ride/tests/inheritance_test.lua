-- Into Glory Ride as a variant: what it does not override behaves exactly
-- as Phalanx, and loading it leaves Phalanx (in the same process) unchanged.
local T = require("lib.testing")
local ruleset = require("lib.ruleset")
local dice = require("sandtable.dice")

-- The classes and army classes both rulesets share (RA only; IF/IA differ by name).
local SHARED = { "HIP", "HIS", "HIN", "HIW", "LIW", "LIS", "LIN", "VLI", "CAT", "HCC", "HSC", "LSC" }

local function deep_copy(v, seen)
  if type(v) ~= "table" then return v end
  seen = seen or {}
  if seen[v] then return seen[v] end
  local c = {}
  seen[v] = c
  for k, x in pairs(v) do c[k] = deep_copy(x, seen) end
  return c
end

-- Everything observable about a Phalanx instance's rules, as plain data.
local function snapshot(rules)
  local troops, tables = rules.require("phalanx.troops"), rules.require("phalanx.tables")
  local melee, shooting = rules.require("phalanx.melee"), rules.require("phalanx.shooting")
  local command = rules.require("phalanx.command")
  local function ids(list)
    local out = {}
    for i, e in ipairs(list.entries) do out[i] = e.id .. "@" .. tostring(e.layer) .. "=" .. (type(e.add) == "function" and "fn" or tostring(e.add)) end
    return out
  end
  local function strip(t)   -- functions are compared by presence only
    local out = {}
    for k, v in pairs(t) do if type(v) ~= "function" then out[k] = v end end
    return out
  end
  return deep_copy({
    troops = strip(troops), tables = strip(tables),
    melee = ids(melee.modifiers), shooting = ids(shooting.modifiers),
    activation = ids(command.activation_modifiers), initiative = ids(command.initiative_modifiers),
  })
end

-- A fixed battery of melees: every shared class pair, integrities, situations, all six dice.
local function melee_battery(rules, army)
  local melee = rules.require("phalanx.melee")
  local out = {}
  local situations = {
    {},
    { attacker = { in_bad_going = true }, defender = { flank_or_rear = true } },
    { attacker = { overlaps = { true, true } }, defender = { uphill = true, friends_behind = true } },
  }
  for _, a in ipairs(SHARED) do
    for _, d in ipairs(SHARED) do
      for si, s in ipairs(situations) do
        for die = 1, 6 do
          local av = { class = a, integrity = "III", army_class = army, accumulated_r = si - 1 }
          local dv = { class = d, integrity = (a == d) and "IV" or "II", army_class = army, accumulated_rr = si % 2 }
          local r = melee.resolve(av, dv, s, T.forced_dice({ die }), true)
          out[#out + 1] = table.concat({ a, d, si, die, r.attacker_cf, r.defender_cf, r.attacker_result,
            r.defender_result, tostring(r.attacker_follows_up), tostring(r.defender_follows_up) }, " ")
        end
      end
    end
  end
  return out
end

T.case("Inherited melee: the same melee gives the same result under both (12x12 pairs, 3 situations, 6 dice, RA)", function()
  local ph, igr = ruleset.load("phalanx"), ruleset.load("into_glory_ride")
  local a, b = melee_battery(ph, "RA"), melee_battery(igr, "RA")
  T.eq(#a, 12 * 12 * 3 * 6)
  for i = 1, #a do T.eq(b[i], a[i], "case " .. i) end
end)

T.case("Inherited melee: IA fights exactly as Phalanx's IF (repulse penalty, follow-up)", function()
  local ph, igr = ruleset.load("phalanx"), ruleset.load("into_glory_ride")
  local a, b = melee_battery(ph, "IF"), melee_battery(igr, "IA")
  for i = 1, #a do T.eq(b[i], a[i], "case " .. i) end
end)

T.case("Inherited melee: random melees with random dice agree (seeded)", function()
  local ph, igr = ruleset.load("phalanx"), ruleset.load("into_glory_ride")
  local pm, im = ph.require("phalanx.melee"), igr.require("phalanx.melee")
  local pick = dice.random(42)
  local ints = { "I", "II", "III", "IV" }
  for _ = 1, 2000 do
    local a = { class = SHARED[pick:roll(12)], integrity = ints[pick:roll(4)], army_class = "RA",
                accumulated_r = pick:roll(3) - 1 }
    local d = { class = SHARED[pick:roll(12)], integrity = ints[pick:roll(4)], army_class = "RA" }
    local s = { attacker = { uphill = pick:roll(2) == 1, in_bad_going = pick:roll(3) == 1 },
                defender = { flank_or_rear = pick:roll(3) == 1 } }
    local seed = pick:roll(1000000)
    local x = pm.resolve(a, d, s, dice.random(seed), false)
    local y = im.resolve(a, d, s, dice.random(seed), false)
    T.eq({ y.attacker_cf, y.defender_cf, y.die, y.attacker_result, y.defender_result },
         { x.attacker_cf, x.defender_cf, x.die, x.attacker_result, x.defender_result })
  end
end)

T.case("Inherited: activation, initiative, Table 8, terrain and victory tables are Phalanx's", function()
  local ph, igr = ruleset.load("phalanx"), ruleset.load("into_glory_ride")
  local pt, it = ph.require("phalanx.tables"), igr.require("phalanx.tables")
  for _, key in ipairs({ "combat_results", "terrain", "table_sizes", "deployment", "activation_die",
                         "initiative", "repulse_moves", "pre_battle" }) do
    if key ~= "initiative" then T.eq(it[key], pt[key], key) end
  end
  local pc, ic = ph.require("phalanx.command"), igr.require("phalanx.command")
  local v = { class = "HIN", integrity = "II", army_class = "RA" }
  local s = { distance_from_general = 9, line_of_sight_blocked = true }
  T.eq(ic.activation_cost(v, s), pc.activation_cost(v, s))
  for die = 1, 6 do
    T.eq(ic.turn_activation_points(4, T.forced_dice({ die })).points,
         pc.turn_activation_points(4, T.forced_dice({ die })).points)
  end
end)

T.case("Isolation: loading Into Glory Ride leaves a Phalanx instance of the same process unchanged", function()
  local ph = ruleset.load("phalanx")
  local before = snapshot(ph)
  local battery_before = melee_battery(ph, "IF")
  local igr = ruleset.load("into_glory_ride")
  igr.require("phalanx.battle")   -- every module of the variant loaded
  igr.freeze()
  T.truthy(T.deep_equal(snapshot(ph), before), "tables, troops and modifier lists as before")
  T.eq(melee_battery(ph, "IF"), battery_before, "melee results as before")
  -- and a Phalanx instance loaded afterwards is the rules as written
  local fresh = ruleset.load("phalanx")
  T.truthy(T.deep_equal(snapshot(fresh), before), "a fresh Phalanx instance")
  local troops = fresh.require("phalanx.troops")
  T.truthy(troops.classes.HIB ~= nil and troops.classes.HIM == nil and troops.army_classes.IF ~= nil)
  T.eq(fresh.require("phalanx.shooting").modifiers.name, "phalanx.shooting")
  T.eq(igr.require("phalanx.shooting").modifiers.name, "into_glory_ride.shooting")
  T.truthy(fresh.options.artillery == nil)
  T.truthy(ruleset.load("phalanx", { options = { "artillery" } }).options.artillery)
  T.raises(function() ruleset.load("into_glory_ride", { options = { "artillery" } }) end, "has no option 'artillery'")
end)

T.case("Layers: Phalanx's own modifiers stay 'base'; the variant's say into_glory_ride", function()
  local igr = ruleset.load("into_glory_ride")
  local melee = igr.require("phalanx.melee")
  T.eq(melee.modifiers:get("uphill").layer, "base")
  T.eq(melee.modifiers:get("repulses_informal").layer, "into_glory_ride")
  T.eq(igr.require("phalanx.command").activation_modifiers:get("amalgamated_artillery").layer, "into_glory_ride")
  T.eq(igr.require("phalanx.shooting").modifiers:get("long_range").layer, "into_glory_ride")
  T.eq(igr.manifest.battle, "phalanx.battle", "inherited entry point")
  T.eq(igr.manifest.odds, "into_glory_ride.odds", "its own")
end)
