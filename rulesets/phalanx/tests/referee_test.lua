-- Phalanx's referee module (referee.lua) with lib.referee: each invariant
-- passes a legal phase and stops an illegal one, on hand-placed units.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("phalanx.battle")
local turn = require("phalanx.turn")
local referee = require("lib.referee")

local function commander()
  return { activate = function() return {} end, evade = function() return false end,
           free_order = function() return nil end, shoot_target = function(_, _, t) return t[1].id end,
           shoot_at_charger = function() return true end }
end

-- A skirmish watched by a referee with Phalanx's checks; the deployment is
-- checked at once, then each phase when the next begins.
local function watched(s1, s2, values)
  local G = battle.skirmish{ dice = dice.forced(values or {}), log = false,
    sides = { { vignettes = s1, commander = commander() }, { vignettes = s2, commander = commander() } } }
  local ref = referee.new{ checks = require("phalanx.referee") }
  referee.watch({ referee = ref }, G)
  G.bf:set_time(1, "B movement")
  return G, ref
end

local function message(fn)
  local ok, err = pcall(fn)
  if ok then return nil end
  return type(err) == "table" and err.user_message or tostring(err)
end

local function group_of(G, side, vid) return G.groups[G.D[G.by_vid[side][vid]].gid] end

T.case("Referee, allowance (The Game Turn B): a charge is held to one move; more is stopped", function()
  local G = watched({ { id = "c", class = "LIW", at = { 900, 200 } } }, { { id = "t", class = "HIN", at = { 970, 320 } } })
  turn.charge(G, group_of(G, 1, "c"), G.by_vid[2].t, 0)
  T.eq(message(function() G.bf:set_time(1, "C initiative") end), nil, "a legal charge passes")
  -- a charge that also jumps 60 mm further (as the old line-up could)
  local c = G.by_vid[1].c
  local x, y, f = G.bf:pos(c)
  turn.place(G, c, x, y - 120, f)
  turn.record(G, c, "charge")
  local m = message(function() G.bf:set_time(1, "D shooting") end)
  T.truthy(m and m:find("allowance", 1, true), "stopped: " .. tostring(m))
end)

T.case("Referee, link_together (Linked Vignettes): a link that comes apart is stopped", function()
  local G = watched({ { id = "a", class = "HIN", at = { 860, 300 } },
                      { id = "b", class = "HIN", in_line_with = "a", at = { 940, 300 } } },
    { { id = "e", class = "HIN", at = { 900, 1000 } } })
  turn.order_move(G, group_of(G, 1, "a"), 10, 80)
  T.eq(message(function() G.bf:set_time(1, "C initiative") end), nil, "a link turning and moving as one passes")
  local b = G.by_vid[1].b
  local x, y, f = G.bf:pos(b)
  turn.place(G, b, x + 40, y, f)      -- 40 mm off to the side: a gap in the link
  turn.record(G, b, "recoil_R")
  local m = message(function() G.bf:set_time(1, "D shooting") end)
  T.truthy(m and m:find("link_together", 1, true), "stopped: " .. tostring(m))
end)

T.case("Referee, recoil_distance (Results): a repulse that falls short with nothing in the way is stopped", function()
  local G = watched({ { id = "a", class = "HIN", at = { 900, 300 } } }, { { id = "d", class = "HIN", at = { 900, 340 } } },
    { 4 })
  G.bf:set_time(1, "E melee")
  turn.melee_phase(G, 1)    -- even, die 4: the defender is repulsed 80 mm
  T.eq(message(function() G.bf:set_time(2, "A activation") end), nil, "a full repulse passes")
  local d = G.by_vid[2].d
  local x, y, f = G.bf:pos(d)
  turn.place(G, d, x, y - 40, f)
  turn.record(G, d, "recoil_R", { wanted = 80, moved = 40 })
  local m = message(function() G.bf:set_time(2, "B movement") end)
  T.truthy(m and m:find("recoil_distance", 1, true), "stopped: " .. tostring(m))
end)

T.case("Referee, stood_still (Shooting H): a halted vignette that moves in its side's next turn is stopped", function()
  local G = watched({ { id = "h", class = "HIN", at = { 900, 300 } } }, { { id = "e", class = "HIN", at = { 900, 1000 } } })
  G.pturn, G.phasing = 2, 1
  G.D[G.by_vid[1].h].halt = 1
  turn.order_move(G, group_of(G, 1, "h"), 0, 50)   -- the engine's move ignores the halt when called directly
  local m = message(function() G.bf:set_time(1, "C initiative") end)
  T.truthy(m and m:find("stood_still", 1, true), "stopped: " .. tostring(m))
end)

---------------------------------------------------------------------------
-- Warnings: acts the rules allow but no player would make (referee_warnings.lua,
-- counted by `sandtable quality`). Each is flagged on a hand-made case and
-- not on a legal one.

local function warned(ref, id)
  local n = 0
  for _, w in ipairs(ref.warnings) do if w.id == id then n = n + 1 end end
  return n
end

-- Group g charges `target` as an order of phase B (activated), and the
-- phase ends.
local function ordered_charge(G, g, target)
  g.activated = true
  turn.charge(G, g, target, turn.turn_towards(G, g, target))
  G.bf:set_time(1, "C initiative")
end

T.case("Referee warning, artillery-charges (Troop Types; Artillery (optional)): a battery ordered to charge is flagged, a legion is not", function()
  local G, ref = watched({ { id = "gun", class = "HIB", at = { 600, 200 } }, { id = "leg", class = "HIN", at = { 1200, 200 } } },
    { { id = "e1", class = "HIN", at = { 600, 330 } }, { id = "e2", class = "HIN", at = { 1200, 330 } } })
  G.D[G.by_vid[1].gun].artillery = "amalgamated"
  ordered_charge(G, group_of(G, 1, "leg"), G.by_vid[2].e2)
  T.eq(warned(ref, "artillery-charges"), 0, "a legion charging is no artillery charge")
  G.bf:set_time(1, "B movement")
  ordered_charge(G, group_of(G, 1, "gun"), G.by_vid[2].e1)
  T.eq(warned(ref, "artillery-charges"), 1, "the battery's charge is flagged")
end)

T.case("Referee warning, artillery-charges: a charge the initiative dice force (Less, 1) is not the commander's act; 7+ and 2 are", function()
  local G, ref = watched({ { id = "gun", class = "HIB", at = { 600, 200 } } }, { { id = "e1", class = "HIN", at = { 600, 330 } } })
  G.D[G.by_vid[1].gun].artillery = "amalgamated"
  G.bf:set_time(1, "C initiative")
  local g = group_of(G, 1, "gun")
  g.initiative = "charge_nearest_any_turns"
  turn.charge(G, g, G.by_vid[2].e1, 0, { any_turn = true })
  G.bf:set_time(1, "D shooting")
  T.eq(warned(ref, "artillery-charges"), 0, "initiative Less")
  G.bf:set_time(2, "C initiative")
  g.initiative = "as_player_wishes"      -- 7+: the player's free order
  local x, y, f = G.bf:pos(g.ids[1])
  turn.place(G, g.ids[1], x, y - 100, f)
  turn.charge(G, g, G.by_vid[2].e1, 0)
  G.bf:set_time(2, "D shooting")
  T.eq(warned(ref, "artillery-charges"), 1, "initiative 7+ is the player's order")
  G.bf:set_time(3, "C initiative")
  g.initiative = "charge_nearest_ahead_within_3"   -- 1: the dice's charge
  x, y, f = G.bf:pos(g.ids[1])
  turn.place(G, g.ids[1], x, y - 100, f)
  turn.charge(G, g, G.by_vid[2].e1, 0, { kind = "initiative_charge" })
  G.bf:set_time(3, "D shooting")
  T.eq(warned(ref, "artillery-charges"), 1, "initiative 1 is the dice's")
  G.bf:set_time(4, "C initiative")
  g.initiative = "charge_ahead_or_shoot"   -- 2: "or shoot", the player's choice
  x, y, f = G.bf:pos(g.ids[1])
  turn.place(G, g.ids[1], x, y - 100, f)
  turn.charge(G, g, G.by_vid[2].e1, 0, { kind = "initiative_charge" })
  G.bf:set_time(4, "D shooting")
  T.eq(warned(ref, "artillery-charges"), 2, "initiative 2 charges by the player's choice")
end)

T.case("Referee warning, missile-charges (Shooting): bowmen that could shoot and charge a fresh enemy are flagged; out of range they are not", function()
  -- HIB shoot 2 frontages (160 mm) ahead: e1 is 80 mm off, e2 is 400 mm off
  local G, ref = watched({ { id = "near", class = "HIB", at = { 500, 200 } }, { id = "far", class = "HIB", at = { 1200, 200 } } },
    { { id = "e1", class = "HIN", at = { 500, 320 } }, { id = "e2", class = "HIN", at = { 1200, 640 } } })
  ordered_charge(G, group_of(G, 1, "far"), G.by_vid[2].e2)
  T.eq(warned(ref, "missile-charges"), 0, "no target in range: a charge is the only way to fight")
  G.bf:set_time(1, "B movement")
  ordered_charge(G, group_of(G, 1, "near"), G.by_vid[2].e1)
  T.eq(warned(ref, "missile-charges"), 1, "a target in range: it should have shot")
end)

T.case("Referee warning, missile-charges (Shooting): a charge that finishes an enemy the shooting has repulsed is no folly", function()
  local G, ref = watched({ { id = "near", class = "HIB", at = { 500, 200 } } }, { { id = "e1", class = "HIN", at = { 500, 320 } } })
  G.D[G.by_vid[2].e1].accumulated_r = 1
  ordered_charge(G, group_of(G, 1, "near"), G.by_vid[2].e1)
  T.eq(warned(ref, "missile-charges"), 0, "the enemy already has an R against it")
end)

T.case("Referee warning, light-charges-heavy (Troop Types, LIS): light foot charging heavy foot in front is flagged; in the rear, or LIS at HIW, not", function()
  local G, ref = watched({ { id = "lin", class = "LIN", at = { 400, 200 } }, { id = "rear", class = "LIN", at = { 900, 500 } },
                           { id = "lis", class = "LIS", at = { 1400, 200 } } },
    { { id = "h1", class = "HIN", at = { 400, 330 } }, { id = "h2", class = "HIN", at = { 900, 360 } },
      { id = "w", class = "HIW", at = { 1400, 330 } } })
  -- h2 faces north (180, away from side 1's rear link, which stands behind it)
  ordered_charge(G, group_of(G, 1, "rear"), G.by_vid[2].h2)
  T.eq(warned(ref, "light-charges-heavy"), 0, "a charge into the rear of heavy foot")
  G.bf:set_time(1, "B movement")
  ordered_charge(G, group_of(G, 1, "lis"), G.by_vid[2].w)
  T.eq(warned(ref, "light-charges-heavy"), 0, "LIS are HIW's disadvantage (Table 7)")
  G.bf:set_time(1, "B movement")
  ordered_charge(G, group_of(G, 1, "lin"), G.by_vid[2].h1)
  T.eq(warned(ref, "light-charges-heavy"), 1, "LIN into the front of HIN")
end)

T.case("Referee warning, stuck-behind-friend (Movement): three orders going nowhere behind a friend are flagged once; a free advance is not", function()
  local G, ref = watched({ { id = "back", class = "HIN", at = { 600, 200 } }, { id = "front", class = "HIN", at = { 600, 241 } },
                           { id = "free", class = "HIN", at = { 1200, 200 } } },
    { { id = "e", class = "HIN", at = { 900, 1100 } } })
  local back, free = group_of(G, 1, "back"), group_of(G, 1, "free")
  for t = 1, 4 do
    G.bf:set_time(t, "B movement")
    back.activated, free.activated = true, true
    turn.order_move(G, back, 0, 80)
    turn.order_move(G, free, 0, 20)
    G.bf:set_time(t, "C initiative")
  end
  T.eq(warned(ref, "stuck-behind-friend"), 1, "flagged once, at the third order")
  T.truthy(ref.warnings[1].text:find("back", 1, true), ref.warnings[1].text)
end)

T.case("Referee, recoil_distance (Results: R or RR into friends within half the move is a B): a shot at a vignette that moved into contact side-on, a friend straight behind it", function()
  -- fog_and_rain (seed 2570518050641220632, turn 8): chariots charged and
  -- met an ala side-on; the ala's shot repulsed them (R) straight back
  -- into the Senones warband 77 of 180 mm away, and the engine did not
  -- make it a B: the shot's "friends behind" was looked for along the
  -- shooter's facing (a melee repulse's way), the repulse went straight back
  local setup = require("phalanx.setup")
  local fx, fy = setup.axes(90)
  local tx, ty = 600, 240
  local G, ref = watched({ { id = "t", class = "HIN", at = { tx, ty, 90 } },
                           { id = "friend", class = "HIN", at = { tx - fx * 60, ty - fy * 60, 90 } } },
                         { { id = "ala", class = "LSC", at = { 600, 320, 180 } } }, { 6, 6, 6, 6 })
  local t, ala = G.by_vid[1].t, G.by_vid[2].ala
  T.truthy(turn.touching_edge(G, t, ala), "the ala touches the target")
  G.contact_moves = { { target = ala, mover = t } }
  G.bf:set_time(1, "D shooting")
  turn.shooting_phase(G, 1)
  T.eq(message(function() G.bf:set_time(1, "E melee") end), nil, "the referee finds the result right")
  local d = G.D[t]
  T.truthy(d.broken or (d.accumulated_r or 0) + (d.accumulated_rr or 0) == 0,
    "an R or RR into the friend 20 mm behind it (within half a move) is a B")
end)
