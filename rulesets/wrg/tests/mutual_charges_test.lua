-- WRG 1973 MOVEMENT, GENERAL: "Both sides move simultaneously, before any
-- shooting or hand-to-hand combat is adjudicated." Two units that charge
-- each other meet on the way: each covers its share of the gap, in
-- proportion to its charge allowance, whichever side's charge the battle
-- moves first (it used to move side 1's charger the whole way while side
-- 2's stood still: a charge that moved nothing, and side 1's troops always
-- doing the running).
local T = require("lib.testing")
local F = require("wrg.tests.fixtures")
local setup = require("wrg.setup")
local tables = require("wrg.tables")

local MM = tables.MM_PER_PACE
local unit, fight, play, events = F.unit, F.fight, F.play, F.events

-- Two bodies of horse facing each other `gap` paces apart, both charging
-- in period 1 (fanatics: no test for attempting to charge), the second
-- with `extra2` fields. Returns G, the two ids and the account.
local function meet(gap, extra2)
  local a = unit("a", "HC", 600, 300, 0, { figures = 4, ranks = 1, weapons = { "lance" }, fanatic = true })
  local b = unit("b", "HC", 600, 0, 180, { figures = 4, ranks = 1, weapons = { "lance" }, fanatic = true })
  for k, v in pairs(extra2 or {}) do b[k] = v end
  local _, adp = setup.footprint(a)
  local _, bdp = setup.footprint(b)
  b.at = { 600, 300 + adp / 2 + gap * MM + bdp / 2, 180 }
  local G, lines
  G, lines = fight{ side1 = { a }, side2 = { b },
    cmd1 = F.commander{ charge_target = function() return G.turn == 1 and G.by_id[2].b or nil end },
    cmd2 = F.commander{ charge_target = function() return G.turn == 1 and G.by_id[1].a or nil end } }
  local ia, ib = G.by_id[1].a, G.by_id[2].b
  local moved = {}
  G.bf:on_time(function(_, t, phase)
    if t == 1 and phase == "movement" then moved.a, moved.b = G.D[ia].moved, G.D[ib].moved end
  end)
  play(G)
  G.bf:on_time(nil)
  return G, ia, ib, moved, lines
end

T.case("WRG 1973 MOVEMENT, GENERAL: two units charging each other meet half way (same allowance)", function()
  local G, ia, ib, moved, lines = meet(100)
  local contact = #events(G, "contact", 1) > 0
  T.truthy(contact, "they meet in contact\n" .. table.concat(lines, "\n"))
  T.truthy(G.D[ia].in_melee and G.D[ib].in_melee, "both in melee")
  T.near(moved.a, 50, 1, "side 1's horse covers half the 100 paces")
  T.near(moved.b, 50, 1, "side 2's horse covers the other half")
end)

T.case("WRG 1973 MOVEMENT, GENERAL: charges that meet share the gap in proportion to the charge allowances", function()
  -- side 2's horse are light: a longer charge than side 1's heavy horse
  local G, ia, ib, moved = meet(120, { type = "LC", weapons = { "javelin" } })
  local turn = require("wrg.turn")
  local ca, cb = turn.charge_move(G.D[ia]), turn.charge_move(G.D[ib])
  T.truthy(cb > ca, "light horse charge further (" .. cb .. " against " .. ca .. ")")
  T.near(moved.a, 120 * ca / (ca + cb), 1, "side 1's share")
  T.near(moved.b, 120 * cb / (ca + cb), 1, "side 2's share")
  T.truthy(G.D[ia].in_melee and G.D[ib].in_melee, "they meet in contact")
end)

T.case("WRG 1973 MOVEMENT, GENERAL: a countercharge meets its charger on the way", function()
  -- CHARGING: 'The opponent then decides which of the counter actions
  -- permitted him, "countercharge", "standfast" or "evade" to use'
  local a = unit("a", "HC", 600, 300, 0, { figures = 4, ranks = 1, weapons = { "lance" }, fanatic = true })
  local b = unit("b", "HC", 600, 0, 180, { figures = 4, ranks = 1, weapons = { "lance" }, fanatic = true })
  local _, adp = setup.footprint(a)
  local _, bdp = setup.footprint(b)
  b.at = { 600, 300 + adp / 2 + 100 * MM + bdp / 2, 180 }
  local G, lines
  G, lines = fight{ side1 = { a }, side2 = { b },
    cmd1 = F.commander{ charge_target = function() return G.turn == 1 and G.by_id[2].b or nil end },
    cmd2 = F.commander{ countercharge = function() return true end } }
  local ia, ib = G.by_id[1].a, G.by_id[2].b
  local moved = {}
  G.bf:on_time(function(_, t, phase)
    if t == 1 and phase == "movement" then moved.a, moved.b = G.D[ia].moved, G.D[ib].moved end
  end)
  play(G)
  G.bf:on_time(nil)
  T.truthy(G.D[ib].countercharging ~= nil, "side 2 countercharged\n" .. table.concat(lines, "\n"))
  T.near(moved.a, 50, 1, "the charger covers half the gap")
  T.near(moved.b, 50, 1, "the countercharger the other half")
  T.truthy(G.D[ia].in_melee and G.D[ib].in_melee, "they meet in contact")
end)
