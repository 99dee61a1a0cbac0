-- WRG Ancients 1973, one period of play (rulesets/wrg/turn.lua): casualties and figures, TROOPS LEAVING THE FIELD, RISK TO THE GENERAL.
-- The names a part takes from the others are bound by period.link once
-- every part is loaded (rulesets/wrg/turn.lua does it).
local tables = require("wrg.tables")
local troops = require("wrg.troops")
local setup = require("wrg.setup")
local shooting = require("wrg.shooting")
local melee = require("wrg.melee")
local reaction = require("wrg.reaction")
local armies = require("wrg.armies")
local M = require("lib.manoeuvre")
local P = require("wrg.period.shared")
local turn = P.turn
local general_missiles = require("wrg.generals.missiles")

-- from the other parts (bound by part.link)
local SLACK, live, norm, record, say

-- Casualties and figures

-- Adds men lost; removes whole figures (20 men, or 20 hits per model);
-- returns figures removed.
function turn.take_casualties(G, uid, men)
  local d = G.D[uid]
  if men <= 0 or d.gone then return 0 end
  d.carried = d.carried + men
  local per = tables.MEN_PER_FIGURE
  local lost = d.carried // per
  d.carried = d.carried % per
  if lost <= 0 then return 0 end
  lost = math.min(lost, d.figures)
  d.figures = d.figures - lost
  d.ranks = math.max(1, (d.figures + d.files - 1) // d.files)
  G.bf:set_strength(uid, math.max(d.figures, 0))
  if d.figures <= 0 then turn.remove(G, uid, "destroyed") end
  return lost
end

local function dice_of(G, d, purpose)
  return G.dice:roll(d.regular and tables.AVERAGE_DIE or tables.NORMAL_DIE, purpose)
end

function turn.remove(G, uid, why)
  local d = G.D[uid]
  if d.gone then return end
  if d.general and not d.general_lost then turn.general_lost(G, uid, why) end
  d.gone = why
  d.routing = false
  if not G.bf:unit(uid).removed then G.bf:remove(uid) end  -- away: already off
  G.removed[#G.removed + 1] = uid
  if G.log then G.bf:log("removed", { unit = uid, why = why }) end
  say(G, "  %s is %s.", d.name, why)
end

---------------------------------------------------------------------------
-- TROOPS LEAVING THE FIELD

-- "Troops who leave the table for any reason except rout will reappear at
-- the same point if at the beginning of any of the next three periods a 3 or
-- 4 is thrown, using a probability dice for regulars or a normal dice for
-- barbarians." (Retreating, breaking off or moving off the table; routers
-- and units leaving after 1(iii) do not return.) The unit is taken off the
-- table (bf:remove: no query finds it) and keeps its data; bf:bring_back
-- puts it back where it left.
function turn.leave_table(G, uid, why)
  local d = G.D[uid]
  if not live(d) then return end
  local x, y, f = G.bf:pos(uid)
  d.off_table = { x = x, y = y, facing = norm(f + 180), checks = 0 }
  d.in_melee, d.charging, d.pursuing, d.state, d.state_periods = false, false, nil, nil, 0
  G.bf:remove(uid)
  if G.log then G.bf:log("left_table", { unit = uid, why = why }) end
  say(G, "  %s has %s.", d.name, why)
  if d.general and not d.general_lost then turn.general_lost(G, uid, "off the field") end
end

-- At the beginning of a period: the dice for units off the table. "A score
-- of 4 indicates an immediate return. If the score is 3, throw the same dice
-- again, the score this time indicating the number of periods before the
-- force, now assumed to be visible in the distance, returns." After three
-- periods without a 3 or 4 the unit is gone for good.
function turn.returns(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local o = d.off_table
    -- (troops kept off the table by the sketch map dice from their period:
    -- wrg.deployment.sketch_map)
    if o and not d.gone and (o.from or 0) <= G.turn then
      if not o.returns_at then
        o.checks = o.checks + 1
        local die = dice_of(G, d, "WRG troops leaving the field: return")
        if die == tables.leaving.immediate then o.returns_at = G.turn
        elseif die == tables.leaving.delayed then
          local n = dice_of(G, d, "WRG troops leaving the field: periods before return")
          o.returns_at = G.turn + n
          say(G, "  %s, off the table, throws 3 then %d: it returns in %d periods.", d.name, n, n)
        else
          say(G, "  %s, off the table, throws %d.", d.name, die)
          if o.checks >= tables.leaving.periods then
            d.off_table = nil
            turn.remove(G, uid, "gone from the field")
          end
        end
      end
      local blocked = false
      if d.off_table and o.returns_at == G.turn then
        G.bf:bring_back(uid, o.x, o.y, o.facing)
        M.onto_table(G, uid)  -- the same point of the edge, its whole base on the table
        if #turn.overlapping(G, uid, SLACK) > 0 then
          -- "reappear at the same point": while other troops stand there it
          -- waits, in sight in the distance, and comes on when it is clear
          G.bf:remove(uid)
          o.returns_at = G.turn + 1
          blocked = true
        end
      end
      if not blocked and d.off_table and o.returns_at == G.turn then
        d.off_table = nil
        -- it comes back under the order it had (none if it lost it)
        d.disorganised = false
        record(G, uid, "return")
        if G.log then G.bf:log("returned", { unit = uid }) end
        say(G, "  %s returns to the field.", d.name)
        -- 2(vii): "a fresh enemy force of at least 50 figures appears on the
        -- battlefield at least 5 periods after the start of the battle".
        G.arrivals[d.side] = (G.arrivals[d.side] or 0) + d.figures
      end
    end
  end
end

---------------------------------------------------------------------------
-- RISK TO THE GENERAL

-- A General is lost (killed, wounded, captured, or routed off the field with
-- his unit): his influence ends, the place is remembered for the -2 factor
-- ("within 250 paces") and the units of his side within 150 paces test
-- (2(viii)) at the end of the period.
function turn.general_lost(G, uid, how)
  local d = G.D[uid]
  if not d.general or d.general_lost then return end
  d.general_lost = how
  local side = G.sides[d.side]
  local x, y = G.bf:pos(uid)
  side.generals_lost = side.generals_lost or {}
  side.generals_lost[#side.generals_lost + 1] = { x = x, y = y, unit = uid }
  if side.general == uid then side.general = nil end
  G.general_losses[#G.general_losses + 1] = { side = d.side, x = x, y = y, unit = uid }
  if G.log then G.bf:log("general_lost", { unit = uid, how = how }) end
  say(G, "  The General with %s is %s.", d.name, how)
end

-- "A figure representing a General and his 19 inner bodyguards must take a
-- proportionate share of casualties from hand-to-hand fighting or missiles.
-- Divide the total casualties from hand-to-hand combat by the number of
-- figures fighting in the front rank, missile casualties by the total number
-- of figures under fire. Debit this share from the General figure. Multiply
-- the number of casualties on the figure that period by the score of one
-- dice of appropriate type. If the result exceeds the number of men
-- remaining in the figure at the start of the period, the general is wounded
-- and must be escorted from the field by his men ... If the figure loses all
-- its men, the general is dead." The share is rounded to the nearest man; a
-- wounded General's figure leaves the unit with him.
function turn.risk_to_general(G, uid)
  local d = G.D[uid]
  if not d.general or d.general_lost or not live(d) then return end
  local share = 0
  if (d.received or 0) > 0 then share = share + d.received / math.max(1, d.front_fighting or d.files) end
  -- (missiles concentrated on an exposed General's figure: wrg.generals.missiles)
  if (d.missile or 0) > 0 then share = share + general_missiles.share(G, uid) end
  local men = math.floor(share + 0.5)
  if men <= 0 then return end
  d.general_men = d.general_men or tables.MEN_PER_FIGURE
  local start = d.general_men
  d.general_men = math.max(0, start - men)
  local die = dice_of(G, d, "WRG risk to the General")
  say(G, "  The General's figure with %s loses %d men (%d left), die %d: %d against %d.", d.name, men, d.general_men,
    die, men * die, start)
  if d.general_men <= 0 then turn.general_lost(G, uid, "dead")
  elseif men * die > start then
    turn.general_lost(G, uid, "wounded and escorted from the field")
    d.figures = d.figures - 1
    d.ranks = math.max(1, (d.figures + d.files - 1) // d.files)
    G.bf:set_strength(uid, math.max(d.figures, 0))
    if d.figures <= 0 then turn.remove(G, uid, "gone with its General") end
  end
end

local part = {}
function part.link()
  SLACK = P.SLACK
  live = P.live
  norm = P.norm
  record = P.record
  say = P.say
end
P.dice_of = dice_of
return part
