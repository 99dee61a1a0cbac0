-- Phalanx game turn (THE GAME TURN A-E, MOVEMENT, ACTIVATION, EVADING,
-- SHOOTING, MELEE, RESULTS) on the engine's battlefield.
--
--   local turn = require("phalanx.turn")
--   turn.player_turn(G, side)      -- A) activation .. E) melee for one side
--
-- G is the battle state battle.lua builds (see there): the battlefield G.bf,
-- the scale G.S, the terrain G.T, the dice G.dice, the sides G.sides[1|2]
-- and their commanders, the groups (in-line links) G.groups, options, and
-- G.report (a function, or nil when quiet: then no strings are built).
--
-- Every vignette is one base on the battlefield; a support-linked vignette
-- is merged into the base of the vignette it supports ("Linked vignettes are
-- merged and are counted as one vignette for the purposes of movement and
-- combat"). An in-line link is a group of bases that is activated, moved and
-- turned as one, fights one melee a turn (by its vignette with the most
-- contact), and falls back and follows up as one (READING of "Linked
-- vignettes are merged and are counted as one vignette for the purposes of
-- movement and combat. Linking is permanent").
--
-- The adjudication itself is phalanx.melee / phalanx.shooting /
-- phalanx.command: this module only finds the situation on the table, asks
-- them, and moves bases according to the results.
--
-- The parts, one file each under turn/ (each adds to the one `turn` table):
--   turn/bases.lua       positions, going, proximity, rates, moving bases, lining up
--   turn/results.lua     breaking, repulses (of a vignette or a whole link), halts
--   turn/movement.lua    allowances, cohesion, ordered moves, charges, evades
--   turn/activation.lua  activation costs, the activation phase, orders (A, B)
--   turn/initiative.lua  the initiative table (C)
--   turn/shooting.lua    the shooting phase (D)
--   turn/melee.lua       the melee phase (D/E)
-- This file: the player turn and its phases as a named list.

local NL = require("lib.named_list")

local turn = require("phalanx.turn.bases")
require("phalanx.turn.results")
require("phalanx.turn.movement")
require("phalanx.turn.activation")
require("phalanx.turn.initiative")
require("phalanx.turn.shooting")
require("phalanx.turn.melee")

local say, label = turn.say, turn.label

---------------------------------------------------------------------------
-- The player turn.

local function begin(G, side)
  G.contact_moves = {}
  local gids = G.sides[side].groups
  for j = 1, #gids do local gid = gids[j]
    local g = G.groups[gid]
    g.activated, g.may_shoot, g.did, g.rallying = false, false, nil, false
    for k = 1, #g.ids do local uid = g.ids[k]
      local d = G.D[uid]
      d.moved_back = false
    end
  end
  local enemy_gids = G.sides[3 - side].groups
  for j = 1, #enemy_gids do local gid = enemy_gids[j]
    local g = G.groups[gid]
    g.evaded_from = nil
    for k = 1, #g.ids do local uid = g.ids[k]; G.D[uid].shot_this_turn = false end
  end
end

local function finish(G, side)
  local gids = G.sides[side].groups
  for j = 1, #gids do local gid = gids[j]
    local g = G.groups[gid]
    for k = 1, #g.ids do local uid = g.ids[k]
      local d = G.D[uid]
      -- H lasts through the side's next turn
      if d.halt ~= nil and d.halt < G.pturn then d.halt = nil end
    end
    if G.recovery and g.rallying then G.recovery.rally(G, g) end
    for k = 1, #g.ids do local uid = g.ids[k]; G.D[uid].engaged = false end
  end
end

-- The phases of a player turn (THE GAME TURN, A to E), as a named list:
-- options and house rules add, remove or replace a phase by id, e.g.
--   rules.require("phalanx.turn").phases:add({ id = "rally", label = "F rally",
--     run = function(G, side, st) ... end }, { after = "melee" })
-- Each phase runs with G (the battle), the phasing side and `st`, a table the
-- phases of one player turn share (activation leaves its orders there).
turn.phases = NL.new("phalanx.phases", {
  { id = "activation", label = "A activation", rule = "The Game Turn, A",
    run = function(G, side, st) st.queued = turn.activation_phase(G, side) end },
  { id = "movement", label = "B movement", rule = "The Game Turn, B",
    run = function(G, _, st)
      for _, q in ipairs(st.queued or {}) do
        if G.over then break end
        turn.execute_order(G, q.g, q.order)
      end
    end },
  { id = "initiative", label = "C initiative", rule = "The Game Turn, C",
    run = function(G, side) turn.initiative_phase(G, side) end },
  { id = "shooting", label = "D shooting", rule = "The Game Turn, D (Shooting)",
    run = function(G, side) turn.shooting_phase(G, side) end },
  { id = "melee", label = "E melee", rule = "The Game Turn, D (Melee)",
    run = function(G, side) turn.melee_phase(G, side) end },
}, function(list, entry)
  if type(entry.run) ~= "function" then
    error(string.format("phase '%s' in '%s' needs run = function(G, side, st)", entry.id, list.name), 4)
  end
end)

function turn.player_turn(G, side)
  G.pturn = G.pturn + 1
  G.phasing = side
  local bf = G.bf
  begin(G, side)
  if G.report then say(G, "") end
  local st = {}
  for _, phase in ipairs(turn.phases.entries) do
    if G.over then break end
    bf:set_time(G.turn, phase.label or phase.id)
    phase.run(G, side, st)
  end
  finish(G, side)
end

return turn
