-- WRG Ancients 1973: what the referee (lib.referee) holds this ruleset to.
--
-- allowance(G, uid, kind): the rules' distance for each kind of move the
-- battle makes (turn.lua records every move through lib.manoeuvre), in mm of
-- centre travel, divided by the DIFFICULT TERRAIN multiplier of the ground
-- the move started on (turn.record keeps the smallest multiplier of the
-- kind's moves this phase; a river entered on the way counts at the lower
-- of the two multipliers, which bounds the two-rate move):
--   move       the normal move (MOVEMENT, halved in hollow square)
--   uncontrolled  UNCONTROLLED ADVANCE: charge speed the first period,
--              charge speed minus 30 paces the second
--   charge     the charge move (CHARGING); cavalry starting in difficult
--              ground their normal move ("limited to normal moves except
--              when in rout"), as for pursuit and uncontrolled advance
--   evade      a normal move (EVADING; halved again when over 2 ranks deep)
--   break_off, retreat   a normal move (BREAKING OFF; RETREAT (BACKS TO ENEMY))
--   retire     half a normal move (RETIRE (FACING ENEMY))
--   rally_back 100 paces or a normal move, whichever is the lesser (RALLYING BACK)
--   rout       charge speed minus 20 paces the first period, minus a further
--              20 each later period (ROUT AND PURSUIT, BROKEN TROOPS)
--   pursuit    charge speed minus 30 paces, minus 30 more each later period
--              (ROUT AND PURSUIT, PURSUERS)
--   push_back  30 paces; follow_up 31 (the push back, and the follower's
--              30 paces plus the 1 that makes contact again) (PUSH BACKS)
--   return     no limit: TROOPS LEAVING THE FIELD come back where they left
--
-- invariants: the rules' own, checked after every phase:
--   evaded_clear     EVADING: an evader is out of contact with every enemy
--                    when its evade is done (unless its way was barred: then
--                    it is caught by those it touches), and at the end of the movement
--                    touches a charger only if that charger caught it
--                    ("Evaders who do not move far enough ... are caught");
--                    an enemy's later ordinary move may still reach it
--   routed_off_gone  ROUT AND PURSUIT: nothing that routed (or was destroyed
--                    or dispersed) off the table stands on it
--   routers_no_melee ROUT AND PURSUIT: a unit in rout is not fighting
--                    hand-to-hand (it turned its back and runs)
local tables = require("wrg.tables")
local troops = require("wrg.troops")

local MM = tables.MM_PER_PACE

local R = {}

local function normal_move(d) return d.square and d.moves[1] / 2 or d.moves[1] end
local function charge_move(d) return d.moves[2] or d.moves[1] end

local PACES = {
  move = function(d) return normal_move(d) end,
  uncontrolled = function(d)
    local c = charge_move(d)
    if (d.ua_period or 1) >= 2 then c = c - tables.movement.uncontrolled_second_less end
    return math.max(c, normal_move(d))
  end,
  charge = function(d) return charge_move(d) end,
  -- the charge an UNCONTROLLED ADVANCE "IN ATTEMPT TO CONTACT" makes: the
  -- same distance, declared apart because the rules, not the commander,
  -- chose it (the quality report's "moved 0" counts only ordered moves)
  uncontrolled_charge = function(d) return charge_move(d) end,
  evade = function(d) return normal_move(d) end,
  break_off = function(d) return normal_move(d) end,
  retreat = function(d) return normal_move(d) end,
  retire = function(d) return normal_move(d) / 2 end,
  rally_back = function(d) return math.min(tables.movement.rally_back, normal_move(d)) end,
  rout = function(d)
    return charge_move(d) - tables.rout.first_less - tables.rout.further_less * math.max(0, (d.rout_periods or 1) - 1)
  end,
  pursuit = function(d)
    return charge_move(d) - tables.pursuit.first_less
      - tables.pursuit.further_less * math.max(0, (d.pursue_periods or 1) - 1)
  end,
  push_back = function() return tables.movement.push_back end,
  -- the weather module's night: "diverging 10 paces left ... right" (modules/weather/wrg/night.lua)
  drift = function() return 10 end,
  follow_up = function() return tables.movement.push_back + 1 end,
}
R.PACES = PACES

-- DIFFICULT TERRAIN: cavalry "in addition are limited to normal moves
-- except when in rout"
local LIMITED = { charge = true, uncontrolled_charge = true, pursuit = true, uncontrolled = true }

function R.allowance(G, uid, kind)
  local d = G.D[uid]
  local p = PACES[kind]
  if not d or not p then return nil end
  local f = G.ref_factor and G.ref_factor[uid .. ":" .. kind] or 1
  local paces = math.max(0, p(d))
  if f > 1 and LIMITED[kind] and troops.is_cavalry(d) then paces = math.min(paces, normal_move(d)) end
  return paces * MM / f
end

local function live(d) return d and not d.gone and not d.off_table end

R.invariants = {
  {
    id = "evaded_clear", section = "EVADING",
    text = "an evader that evaded is out of contact unless caught by its charger",
    check = function(G, phase)
      local out
      for _, uid in ipairs(G.all) do
        local d = G.D[uid]
        for _, note in ipairs(phase.notes[uid] or {}) do
          for _, e in ipairs(note.evade_contacts or {}) do
            -- in contact when done: only if its way was barred, and then it
            -- is caught by that enemy
            if not (note.evade_barred and d.caught_by and d.caught_by[e]) then
              out = out or {}
              out[#out + 1] = { unit = uid, expected = "out of contact with every enemy when its evade is done (or barred and caught)",
                                found = string.format("in contact with unit %d%s", e, note.evade_barred and ", not caught" or "") }
            end
          end
        end
        if d.evaded_turn == phase.turn and phase.name == "movement" and live(d) and not G.bf:unit(uid).removed then
          -- at the end of the movement: in contact with a charger only if it caught it
          for _, c in ipairs(G.charges or {}) do
            if c.target == uid and G.bf:distance(uid, c.charger) <= 0.5 and not (d.caught_by and d.caught_by[c.charger]) then
              out = out or {}
              out[#out + 1] = { unit = uid, expected = "its charger in contact only if it caught it",
                                found = string.format("in contact with charger %d, not caught", c.charger) }
            end
          end
        end
      end
      return out
    end,
  },
  {
    id = "routed_off_gone", section = "ROUT AND PURSUIT",
    text = "nothing that routed off the table (or was removed) stands on it",
    check = function(G)
      local out
      for _, uid in ipairs(G.all) do
        local d = G.D[uid]
        if d.gone and not G.bf:unit(uid).removed then
          out = out or {}
          out[#out + 1] = { unit = uid, expected = "off the table (" .. tostring(d.gone) .. ")", found = "on the table" }
        end
      end
      return out
    end,
  },
  {
    id = "routers_no_melee", section = "ROUT AND PURSUIT, BROKEN TROOPS",
    text = "a unit in rout is not fighting hand-to-hand",
    check = function(G, phase)
      if phase.name ~= "movement" then return nil end
      local out
      for _, uid in ipairs(G.all) do
        local d = G.D[uid]
        if live(d) and d.routing and d.in_melee then
          out = out or {}
          out[#out + 1] = { unit = uid, expected = "not in hand-to-hand combat while routing", found = "in_melee" }
        end
      end
      return out
    end,
  },
  {
    -- not a rule: the terrain multipliers recorded for this phase's moves
    -- are spent once the phase is checked
    id = "phase_done", section = "referee bookkeeping",
    check = function(G) G.ref_factor = nil end,
  },
}

-- Acts the rules allow but no player would make, counted by `sandtable
-- quality` (rulesets/wrg/absurd_acts.lua).
R.warnings = require("wrg.absurd_acts").list

return R
