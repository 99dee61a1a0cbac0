-- §4 THE MELEE: point values, every adjustment (each a named modifier with
-- its rule), the throw and the casualty throw, the worked statements of the
-- text (half points rounded up to a whole figure; Gauls medium then light).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local melee = require("hinds.melee")

local function unit(fields)
  local u = { arm = "foot", class = 2, bases = 6, per_base = 4, officers = 0, formation = "normal" }
  for k, v in pairs(fields or {}) do u[k] = v end
  u.figures = u.figures or u.bases * u.per_base
  return u
end

local FRONT = { edge = "front", frontal = true, level = true, close_order = true, first_round = true }
local function sit(extra)
  local s = {}
  for k, v in pairs(FRONT) do s[k] = v end
  for k, v in pairs(extra or {}) do s[k] = v end
  return s
end

T.case("§4 point values: 2 a figure and 3 an officer for heavy and medium foot", function()
  T.eq(melee.base_points(unit{ class = 1, officers = 1 }, {}), 24 * 2 + 3)
  T.eq(melee.base_points(unit{ class = 2, officers = 2 }, {}), 24 * 2 + 6)
end)

T.case("§4 point values: light foot 1, slingers and light archers 1/2, officers 3", function()
  T.eq(melee.base_points(unit{ class = 4, officers = 1 }, {}), 24 + 3)
  T.eq(melee.base_points(unit{ class = 4, missile = "sling", officers = 1 }, {}), 12 + 3)
  T.eq(melee.base_points(unit{ class = 4, missile = "bow" }, {}), 12)
  -- javelinmen are light infantry, not "Slingers, L. Archers"
  T.eq(melee.base_points(unit{ class = 4, missile = "javelin" }, {}), 24)
end)

T.case("§4 point values: heavy cavalry 5 (1st class) or 3.5 (2nd class), light cavalry 3", function()
  T.eq(melee.base_points(unit{ arm = "mounted", class = 1, bases = 4, per_base = 3 }, {}), 60)
  T.eq(melee.base_points(unit{ arm = "mounted", class = 2, bases = 4, per_base = 3 }, {}), 42)
  T.eq(melee.base_points(unit{ arm = "mounted", class = 3, bases = 4, per_base = 3 }, {}), 36)
  T.eq(melee.base_points(unit{ arm = "mounted", class = 4, bases = 4, per_base = 3 }, {}), 36)
end)

T.case("§4 Gauls: medium infantry for the first move of their combat, light thereafter", function()
  local g = unit{ class = 3, gaul = true, bases = 6, per_base = 5 }
  T.eq(melee.fights_as(g, { first_round = true }), "medium_infantry")
  T.eq(melee.fights_as(g, { first_round = false }), "light_infantry")
  T.eq(melee.base_points(g, { first_round = true }), 60)
  T.eq(melee.base_points(g, { first_round = false }), 30)
end)

T.case("§4 pole arms: +3 a base, frontal, close order, level ground or standing", function()
  local u = unit{ pole_arms = true }
  local v, why = melee.unit_points(u, sit(), true)
  T.eq(v, 48 + 18)
  T.eq(why[1].id, "pole_arms")
  T.eq(why[1].rule, "Hinds §4")
  T.eq((melee.unit_points(u, sit{ frontal = false })), 48, "not frontal")
  T.eq((melee.unit_points(u, sit{ level = false })), 48, "rough ground")
  T.eq((melee.unit_points(u, sit{ close_order = false })), 48, "not close order")
end)

T.case("§4 pole arms: +4 a base if Macedonian equipped", function()
  local u = unit{ pole_arms = true, macedonian = true, bases = 4, per_base = 8 }
  local v, why = melee.unit_points(u, sit(), true)
  T.eq(v, 64 + 16)
  T.eq(#why, 1)
  T.eq(why[1].id, "macedonian")
end)

T.case("§4 flank +3 a base, rear +4 a base", function()
  local u = unit{}
  T.eq((melee.unit_points(u, sit{ edge = "flank" })), 48 + 18)
  T.eq((melee.unit_points(u, sit{ edge = "rear" })), 48 + 24)
  local cav = unit{ arm = "mounted", class = 3, bases = 4, per_base = 3 }
  T.eq((melee.unit_points(cav, sit{ edge = "rear" })), 36 + 16)
end)

T.case("§4 impetus: infantry charging +1 a unit (not cavalry); small obstacle defenders +1", function()
  T.eq((melee.unit_points(unit{}, sit{ charging = true })), 49)
  T.eq((melee.unit_points(unit{ arm = "mounted", class = 3, bases = 4, per_base = 3 }, sit{ charging = true })), 36)
  T.eq((melee.unit_points(unit{}, sit{ defending_obstacle = true })), 49)
end)

T.case("§4 pursuit: pursuers met by fresh forces fight at 3/4 and lose impetus and weapon bonus", function()
  local u = unit{ pole_arms = true }
  local v, why = melee.unit_points(u, sit{ charging = true, pursuing_fresh = true }, true)
  T.eq(v, 48 * 3 / 4)
  T.eq(#why, 1)
  T.eq(why[1].id, "pursuer")
end)

T.case("§4 modifiers: the list is named and ordered, patchable by id", function()
  T.eq(melee.modifiers:ids(), { "pole_arms", "macedonian", "flank", "rear", "impetus", "obstacle", "pursuer" })
end)

T.case("§4 casualties: half the difference; a half point deducts a whole figure", function()
  T.eq(melee.losses(9, 5), 2)
  T.eq(melee.losses(9, 6), 2, "3/2 = 1 1/2 -> 2")
  T.eq(melee.losses(2, 12), 5)
  T.eq(melee.losses(7, 7), 0)
  T.eq(melee.losses(7, 8), 1, "1/2 -> a whole figure")
end)

T.case("§4 a throw: 2 dice times the points, the highest wins, the loser loses half the casualty difference", function()
  local a = { { u = unit{}, s = sit() } }                        -- 48 points
  local b = { { u = unit{ class = 4 }, s = sit() } }             -- 24 points
  -- a throws 3+1 = 4 (192), b throws 6+3 = 9 (216): b wins; casualty throws 6+6 and 1+2: 9/2 -> 5
  local r = melee.round(a, b, dice.forced({ 3, 1, 6, 3, 6, 6, 1, 2 }), true)
  T.eq(r.points, { 48, 24 })
  T.eq(r.throws, { 4, 9 })
  T.eq(r.scores, { 192, 216 })
  T.eq(r.winner, "b")
  T.eq(r.casualty, { 12, 3 })
  T.eq(r.losses, 5)
end)

T.case("§4 a throw: equal scores are a drawn throw, no casualty throw", function()
  local a = { { u = unit{}, s = sit() } }
  local b = { { u = unit{}, s = sit() } }
  local src = dice.forced({ 3, 4, 5, 2 })
  local r = melee.round(a, b, src, false)
  T.eq(r.winner, nil)
  T.eq(r.losses, 0)
  T.eq(src:remaining(), 0)
end)

T.case("§4 Retreat & pursuit: broken or disordered troops attacked lose automatically, casualties as usual", function()
  local a = { { u = unit{}, s = sit() } }
  local b = { { u = unit{}, s = sit() } }
  local r = melee.round(a, b, dice.forced({ 6, 6, 1, 1 }), false, { automatic = "a" })
  T.eq(r.winner, "a")
  T.eq(r.throws, nil)
  T.eq(r.losses, 5)
end)

T.case("§4 several units on a side: their points are added", function()
  local side = { { u = unit{}, s = sit() }, { u = unit{ class = 4, missile = "bow" }, s = sit() } }
  T.eq((melee.side_points(side)), 48 + 12)
end)
