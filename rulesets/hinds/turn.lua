-- Hinds' Ancient Wargame Rules: the turn sequence on the hex board.
--
--   local turn = require("hinds.turn")
--   turn.play(G)       -- one whole turn
--
-- The text's order: both players move ("All troops may be moved during each
-- turn"; the first mover by the die, then the other player, then "the
-- players alternate"), "After both sides have moved they cast missles",
-- then the melee throws, then retreat and pursuit. The phases are a named
-- list (turn.phases) a house rule may patch by id:
--   retreats   designated retreats shifted "before any new movement"
--   movement   first mover, then the other: flight, pursuit, orders
--   missiles   "The player who moved last casts first"
--   melee      one throw of every combat; retreats after the third
--   rout       units under half strength leave; disorder wears off
--
-- The turn's parts, one file each (every one adds to the same table):
--   board.lua         the hexagons: terrain, heights, who may enter, placing units
--   initiative.lua    who moves first
--   movement.lua      §2 allowances, reach, carry, orders, a side's movement
--   charges.lua       §2 charges, §4 combats and each unit's tally
--   after_combat.lua  §4 retreat & pursuit: flight, withdrawals, pursuit,
--                     rally, occupying the vanquished's hexagon, the
--                     retreats and rout phases
--   shooting.lua      §3 lines of cast, the missile phase, resupply
--   melee_phase.lua   §4 one throw of every combat and what follows
--
-- G (battle.lua builds it): bf, B (board), D (uid -> data), occ (hex key ->
-- uid), terrain (hex key -> type), sides[s] = { name, units, commander,
-- start_points }, combats (list), dice, report, log, turn, first, options,
-- hooks. A unit's data (plain values: hashed and logged): id, name, troop,
-- arm, class, bases, per_base, figures, officers, start_figures,
-- start_officers, missile, pole_arms, macedonian, gaul, sole_function,
-- formation, side, uid, q, r, facing, carry, carry_facing, carry_dir
-- (movement.lua), last_charge, casts, state
-- ("ready" | "fleeing" | "leaving" | "gone"), combat, disordered_until,
-- rally_attempt, pursuing, pursuit_moves, regroup_turn, non_combatant,
-- delay, shot_turn, moved, flight_moves, cast_turn, resupply_turns, occupy
-- (the quarry whose hex it claims), occupy_q, occupy_r, occupy_turn.

local NL = require("lib.named_list")
local turn = require("hinds.board")
require("hinds.initiative")
require("hinds.movement")
require("hinds.charges")
require("hinds.after_combat")
require("hinds.shooting")
require("hinds.melee_phase")

---------------------------------------------------------------------------
-- The turn

turn.phases = NL.new("hinds.phases", {
  { id = "retreats", label = "designated retreats", rule = "Hinds §4 (THE MELEE, last paragraph)",
    run = function(G) turn.retreats_phase(G) end },
  { id = "movement", label = "movement", rule = "Hinds §2",
    run = function(G)
      turn.move_side(G, G.first)
      turn.move_side(G, 3 - G.first)
    end },
  { id = "missiles", label = "missile throws", rule = "Hinds §3", run = function(G) turn.missile_phase(G) end },
  { id = "melee", label = "melee", rule = "Hinds §4", run = function(G) turn.melee_phase(G) end },
  { id = "rout", label = "retreat and pursuit", rule = "Hinds §4 RETREAT & PURSUIT", run = function(G) turn.rout_phase(G) end },
})

function turn.play(G)
  turn.first_mover(G)
  for _, phase in ipairs(turn.phases.entries) do
    G.bf:set_time(G.turn, phase.id)
    phase.run(G)
    if G.over then return end
  end
end

return turn
