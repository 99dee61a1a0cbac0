-- WRG Ancients 1973: one period of play, in the order the rules give.
--
--   1. Orders and charge declarations. The orders part (orders/phase.lua:
--      orders digested, signals obeyed, messengers riding, the General's new
--      orders); charges "must be declared before any movement
--      by either side takes place", with the reaction tests 2(ii) (attempting
--      to charge) and 2(iii) (being charged, when the chargers exceed normal
--      move distance); the charged choose countercharge, stand fast or evade.
--   2. Movement: "Both sides move simultaneously": evaders, then routers and
--      pursuers, then chargers, then all other moves, each group in unit order
--      (from the positions after the previous group).
--   3. Shooting: all shots adjudicated from the positions after movement and
--      applied together ("evaluated after all moving has been completed and
--      before hand-to-hand combat commences").
--   4. Hand-to-hand combat: every unit in contact strikes; casualties applied
--      together; then AFTER HAND-TO-HAND FIGHTING (push-backs, breaks, pursuit).
--   5. Reaction tests "at the end of a period", right to left.
--
-- G is the battle state (battle.lua): bf, dice, report, log, sides, D (unit
-- data by id), all (ids in order), turn.
--
-- The period is played by the parts in rulesets/wrg/period/, each named for
-- what it does: common.lua (distances, bearings, terrain, cover and flanks,
-- turns in place), casualties.lua (casualties, troops leaving the field,
-- risk to the General), reactions.lua (the reaction test as the battle takes
-- it, broken troops), movement.lua (moving bases: turns, formation changes,
-- squares, mounting, the advance through terrain), declarations.lua (1),
-- movement_phase.lua (2), shooting.lua (3), melee.lua (4),
-- end_of_period.lua (5, and the upkeep that starts a period). The pure
-- adjudications they call are wrg.shooting, wrg.melee and wrg.reaction.
local P = require("wrg.period.shared")
local turn = P.turn

local PARTS = { "common", "casualties", "reactions", "movement", "declarations", "movement_phase", "shooting",
                "melee", "end_of_period" }
local loaded = {}
for i, name in ipairs(PARTS) do loaded[i] = require("wrg.period." .. name) end
for _, part in ipairs(loaded) do part.link() end

function turn.play(G)
  local t = G.turn
  G.bf:set_time(t, "orders")
  G.broke_this_period, G.burst_through, G.general_losses, G.arrivals, G.routs_past = {}, {}, {}, {}, {}
  turn.returns(G)
  P.upkeep(G)
  if G.period_start then G.period_start(G) end -- hook: optional modules (fantasy: states, zones, spells)
  P.declare(G)
  G.bf:set_time(t, "movement")
  P.movement(G)
  G.bf:set_time(t, "shooting")
  P.shooting_phase(G)
  G.bf:set_time(t, "melee")
  P.melee_phase(G)
  G.bf:set_time(t, "reaction")
  G.at_period_end = true
  P.end_of_period(G)
  G.at_period_end = false
  G.bf:set_time(t, "end")
end

turn.enemies_within = P.enemies_within
turn.charge_move = P.charge_move
turn.normal_move = P.normal_move
turn.bearing = P.bearing
turn.bearing_to_point = P.bearing_to_point
turn.in_reach = P.in_reach
turn.norm = P.norm
turn.terrain_factor = P.terrain_factor
turn.upkeep = P.upkeep
return turn
