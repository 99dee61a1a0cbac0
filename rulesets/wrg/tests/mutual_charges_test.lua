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

-- Side 1's horse charge side 2's warband in the flank; the warband had
-- declared its own charge at side 1's foot ahead of it (or the same with
-- the sides swapped: `swap`). Returns how far the warband went before the
-- horse struck it, whether the horse touches it and whether it reached the
-- foot, and the account.
local function flank_strike(swap)
  local w = unit("w", "LMI", 600, 600, 180, { figures = 8, ranks = 2, weapons = { "javelin" }, fanatic = true })
  local _, wdp = setup.footprint(w)
  local ww = setup.footprint(w)
  local f = unit("f", "MI", 600, 0, 0)
  local _, fdp = setup.footprint(f)
  f.at = { 600, 600 - wdp / 2 - 60 * MM - fdp / 2, 0 }
  local h = unit("h", "HC", 0, 600, -90, { figures = 4, ranks = 1, weapons = { "lance" }, fanatic = true })
  local _, hdp = setup.footprint(h)
  h.at = { 600 - ww / 2 - 60 * MM - hdp / 2, 600, -90 }
  local hs, ws = swap and 2 or 1, swap and 1 or 2
  local G, lines
  local function id(s, name) return G.by_id[s][name] end
  local cmd_h = F.commander{ charge_target = function(_, uid) return G.turn == 1 and uid == id(hs, "h") and id(ws, "w") or nil end }
  local cmd_w = F.commander{ charge_target = function() return G.turn == 1 and id(hs, "f") or nil end }
  if swap then
    G, lines = fight{ side1 = { w }, side2 = { h, f }, cmd1 = cmd_w, cmd2 = cmd_h }
  else
    G, lines = fight{ side1 = { h, f }, side2 = { w }, cmd1 = cmd_h, cmd2 = cmd_w }
  end
  local ih, iw, i_f = id(hs, "h"), id(ws, "w"), id(hs, "f")
  local x0, y0 = G.bf:pos(iw)
  local after = {}
  G.bf:on_time(function(_, t, phase)
    if t == 1 and phase == "movement" then
      local x, y = G.bf:pos(iw)
      after.went = math.sqrt((x - x0) ^ 2 + (y - y0) ^ 2)
      after.touch_h = G.bf:distance(iw, ih) < 0.5
      after.touch_f = G.bf:distance(iw, i_f) < 0.5
    end
  end)
  play(G)
  G.bf:on_time(nil)
  after.charges = #events(G, "charge", 1)
  -- one sub-step of the warband's charge (wrg.period.simultaneous_charges)
  after.step = require("wrg.turn").charge_move(G.D[iw]) * MM / require("wrg.period.simultaneous_charges").STEPS
  return after, table.concat(lines, "\n")
end

T.case("WRG 1973 MOVEMENT, GENERAL and CHARGING: a charger struck on its way by another enemy's charge fights where it is struck, whichever side is side 1", function()
  -- "Both sides move simultaneously": the horse (charge 60 paces to the
  -- warband's flank) and the warband (60 paces to the foot) run together;
  -- the horse, faster, strike the warband on its way, and "A charge
  -- normally terminates on the line of first contact": the warband stops
  -- there. The battle used to move side 1's charges first: as side 1 the
  -- horse struck the warband before it set off (0 paces), as side 2 they
  -- found it already in contact with the foot.
  local one, account1 = flank_strike(false)
  local two, account2 = flank_strike(true)
  T.eq(one.charges, 2, "both charges declared\n" .. account1)
  T.eq(two.charges, 2, "both charges declared (sides swapped)\n" .. account2)
  T.truthy(one.touch_h, "the horse struck the warband\n" .. account1)
  T.truthy(two.touch_h, "the horse struck the warband (sides swapped)\n" .. account2)
  T.eq(one.touch_f, false, "the warband did not reach the foot\n" .. account1)
  T.eq(two.touch_f, false, "the warband did not reach the foot (sides swapped)\n" .. account2)
  T.truthy(one.went > 1, "the warband was on its way when struck (" .. one.went .. " mm)")
  -- the side that moves first within a sub-step alternates; the most it
  -- gains is one sub-step (1/8 of a charge), where it used to be the whole
  -- charge
  T.truthy(math.abs(two.went - one.went) <= one.step + 0.5,
    "the same run before the strike, within one sub-step (" .. one.step .. " mm), whichever side is side 1: "
    .. one.went .. " and " .. two.went .. " mm")
end)

T.case("WRG 1973 EVADING and ROUT: chargers who break on their test for following evaders do not fight", function()
  -- "If chargers wish to follow, both must test reaction": horsemen follow
  -- skirmishers evading through the foot behind them, and break on their
  -- test (dice 1, 1, 1). A router is not in hand-to-hand combat (ROUT AND
  -- PURSUIT): the horsemen, routing from the moment of contact, are not in
  -- melee (they used to be marked in melee all the same: the referee's
  -- routers_no_melee, Hydaspes).
  local G, lines
  G, lines = fight{
    dice = F.rigged({ ["WRG reaction test, h (following evaders through their friends)"] = { 1, 1, 1 } }),
    side1 = { unit("h", "HC", 900, 300, 0, { class = "D", weapons = { "lance" }, figures = 4, ranks = 1 }) },
    side2 = { unit("s", "LI", 900, 300 + 20 + 100 * MM + 15, 180, { weapons = { "javelin" }, figures = 4, ranks = 1,
                   set = { order = "skirmish" } }),
              unit("f", "MI", 900, 300 + 20 + 100 * MM + 30 + 5 + 20, 180, { figures = 12, ranks = 2 }) },
    cmd1 = F.commander{ charge_target = function() return G.turn == 1 and G.by_id[2].s or nil end },
    cmd2 = F.commander{ evade = function() return true end } }
  local h, f = G.by_id[1].h, G.by_id[2].f
  local after = {}
  G.bf:on_time(function(_, t, phase)
    if t == 1 and phase == "movement" then after.routing, after.in_melee = G.D[h].routing, G.D[h].in_melee end
  end)
  play(G)
  G.bf:on_time(nil)
  local struck = false
  for _, e in ipairs(events(G, "contact", 1)) do if e.unit == h and e.target == f then struck = true end end
  T.truthy(struck, "the horsemen strike the foot behind the evaders")
  T.truthy(after.routing, "and break on their test\n" .. table.concat(lines, "\n"))
  T.eq(after.in_melee or false, false, "a router is not in melee")
end)
