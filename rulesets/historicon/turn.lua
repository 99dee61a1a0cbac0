-- Historicon v2: the turn sequence on the battlefield.
--
--   local turn = require("historicon.turn")
--   turn.play(G)          -- one whole turn: initiative and phases 1 to 7
--
-- The turn's code is in rulesets/historicon/turn/, one file per part, all
-- adding to the one `turn` table:
--   board.lua         shared state and helpers: queries, the ground a move
--                     sweeps, victory-point deductions, referee notes
--   initiative.lua    initiative, the turn's reset, alternate activation
--   forming.lua       Phase 1: forming and un-forming
--   movement.lua      Phases 2 and 3: moves, turning and wheeling, cohesion,
--                     forced moves, rallying, the broken units' flight
--   contact.lua       conforming, evasion, what a contact does
--   shooting.lua      Phase 4
--   melee.lua         Phase 5
--   after_combat.lua  Phase 6: recoils, break-off, breaks, flight, follow-up,
--                     pursuit; integrity tests in play and their results
--
-- G is the battle state battle.lua builds: bf (the battlefield), D (unit id
-- -> its data table, the same table bf:data returns), sides[1|2] = { name,
-- edge, units = { ids in army order }, commander, vp_start, vp }, S (the
-- scale record of setup.scale), dice, report (function or nil), log
-- (boolean), options (set of enabled option ids), hooks (option modules).
--
-- A unit's data (plain values only: it is hashed and logged):
--   id, name, troop, class, sub, ss, armour, army, grade, figures, ranks,
--   formed, disordered, broken, hits, recoils, general, horses, crew,
--   w, dp (footprint mm), move (mm), side, uid, list_formed,
--   gone (off the table for good), lost, fled, break_moves, broke_turn,
--   pursuing (unit id or nil), deducted, light = {...}, rear = {...},
--   and this turn's: recv, inflicted, evaded, rallying, fought, new_hits.
--
-- Every roll goes through G.dice with its purpose; nothing iterates a hash
-- table where order matters; no string is built when G.report is nil.

local turn = require("historicon.turn.board")
require("historicon.turn.initiative")
require("historicon.turn.forming")
require("historicon.turn.movement")
require("historicon.turn.contact")
require("historicon.turn.shooting")
require("historicon.turn.melee")
require("historicon.turn.after_combat")

local reset_turn = turn.reset_turn

function turn.play(G)
  reset_turn(G)
  turn.initiative(G)
  local phases = { turn.phase1, turn.phase2, turn.phase3, turn.phase4, turn.phase5, turn.phase6 }
  for _, phase in ipairs(phases) do
    if G.over then break end
    phase(G)
  end
end

return turn
