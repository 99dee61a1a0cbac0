-- The default commander, its estimates: the value of a melee from Tables 7
-- and 8 (expected results), of a charge at a target, and whether a link can
-- shoot or needs to rally. Part of phalanx.ai (commander/base.lua).
local tables = require("phalanx.tables")
local troops = require("phalanx.troops")
local melee = require("phalanx.melee")
local setup = require("phalanx.setup")
local turn = require("phalanx.turn")
local ai = require("phalanx.commander.base")

local abs, min, max, floor = math.abs, math.min, math.max, math.floor
local half_up = melee.half_up
local groups = troops.groups

---------------------------------------------------------------------------
-- Melee estimates.

-- Expected value of Table 8 for the thrower at each difference, with
-- Break = 3, Repulse = 1, Stand = 0 (opponent's minus own).
local VALUE = { S = 0, R = 1, B = 3 }
local ev_cache = {}
local function ev_for(diff)
  local band = tables.combat_band(diff)
  local known = ev_cache[band]
  if known then return known end
  local rows = tables.combat_results[band]
  local mine_b, opp_b, ev = 0, 0, 0
  for die = 1, 6 do
    local mine, opp = rows[die][1], rows[die][2]
    ev = ev + (VALUE[opp] - VALUE[mine]) / 6
    if mine == "B" then mine_b = mine_b + 1 / 6 end
    if opp == "B" then opp_b = opp_b + 1 / 6 end
  end
  known = { ev = ev, mine_b = mine_b, opp_b = opp_b }
  ev_cache[band] = known
  return known
end
ai.ev_for = ev_for

-- A cheap estimate of a vignette's modified cf against `foe`.
local function est_cf(me, foe, halved, bad)
  local base = melee.base_cf(me, foe.class)
  local cf = base
  if bad and tables.movement[me.class].combat_penalty then cf = half_up(cf) end
  if halved and groups.halved_in_flank[me.class] then cf = half_up(cf) end
  local r, rr = me.accumulated_r or 0, me.accumulated_rr or 0
  if me.army_class == "RA" then cf = cf - (r + rr) // 2 else cf = cf - (r + 2 * rr) end
  if melee.counts_as_disadvantage(me.class, foe.class) then cf = cf - 2 end
  if melee.counts_as_disadvantage(foe.class, me.class) then cf = cf + 2 end
  if me.supporter and not halved then cf = cf + half_up(melee.base_cf(me.supporter, foe.class)) end
  return cf
end
ai.est_cf = est_cf

-- Value of a melee for `me` throwing against `foe` (foe flanked or not).
local function melee_value(me, foe, foe_flanked, my_bad, foe_bad)
  local diff = est_cf(me, foe, false, my_bad) - est_cf(foe, me, foe_flanked, foe_bad)
  local e = ev_for(diff)
  local v = e.ev
  -- losing a key or General's vignette loses the battle; breaking theirs wins it
  if me.general or me.key or me.last_line then v = v - 4 * e.mine_b end
  if foe.general or foe.key or foe.last_line then v = v + 4 * e.opp_b end
  -- light troops against HI or elephants turn a B into an RR
  if groups.break_becomes_rr[foe.class] and (groups.HI[me.class] or groups.EL[me.class]) then
    v = v - 1.5 * e.opp_b
  end
  return v
end
ai.melee_value = melee_value

-- Positions from the battle's mirror (turn.pos: bf:pos's numbers, no engine call).
local pos = turn.pos

-- The unit of group g nearest to enemy unit e.
local function nearest_member(G, g, e)
  local best, bd = g.ids[1], math.huge
  for j = 1, #g.ids do local uid = g.ids[j]
    local dd = G.bf:distance(uid, e)
    if dd < bd then best, bd = uid, dd end
  end
  return best, bd
end

-- Whether `attacker` would strike `target` in flank or rear: its centre is
-- behind the target's front edge line.
local function behind_front(G, attacker, target)
  local ax, ay = pos(G, attacker)
  local tx, ty, tf = pos(G, target)
  local td = G.D[target]
  local fx, fy = setup.axes(tf)
  return (ax - tx) * fx + (ay - ty) * fy < td.d / 2
end

local function charge_value(G, g, target)
  local me_uid = nearest_member(G, g, target)
  local me, foe = G.D[me_uid], G.D[target]
  local flank = behind_front(G, me_uid, target)
  local v = melee_value(me, foe, flank, (turn.going(G, me_uid)), (turn.going(G, target)))
  -- a target that may evade will usually do so: little gained, nothing lost
  local tg = G.groups[foe.gid]
  if turn.may_evade(G, tg, me_uid) and not flank then v = min(v, 0.3) end
  return v
end
ai.charge_value = charge_value

local function can_shoot(G, g)
  for j = 1, #g.ids do local uid = g.ids[j]
    if turn.has_shooting_target(G, uid) then return true end
  end
  return false
end

local function recovering(G, g)
  for j = 1, #g.ids do local uid = g.ids[j]
    local d = G.D[uid]
    local r, rr = d.accumulated_r, d.accumulated_rr
    if (d.army_class == "RA" and r + rr >= 2) or (d.army_class == "IF" and r + rr > 0) then return true end
  end
  return false
end
ai.can_shoot, ai.recovering = can_shoot, recovering

-- Charges a sensible player does not order (Troop Types): a battery does not
-- charge; missile troops (HIB, Into Glory Ride's HIM, LIN, VLI, LSC) with a
-- target to shoot shoot rather than charge a fresh enemy in its front
-- (READING: they charge to finish what the shooting began, an enemy already
-- repulsed, whose R and RR count against its cf in melee, or one they strike
-- in flank or rear: a shot breaks no foot, only melee does, so a fire fight
-- alone never ends); light troops that "can avoid
-- contact of close formation troops and shoot or skirmish them at a
-- distance" (LIS, LIN, VLI, LSC) do not charge heavy foot in its front,
-- unless Table 7 counts them as its disadvantage (LIS against HIW). The
-- referee counts the same acts as absurd (referee_warnings.lua).
local MISSILE = { HIB = true, HIM = true, LIN = true, VLI = true, LSC = true }
local LIGHT = { LIS = true, LIN = true, VLI = true, LSC = true }
ai.MISSILE, ai.LIGHT = MISSILE, LIGHT

local function is_artillery(d) return d.class == "ART" or d.artillery == "amalgamated" end
ai.is_artillery = is_artillery

function ai.sensible_charge(G, g, target)
  local td = G.D[target]
  local heavy = groups.HI[td.class]
  local fresh = (td.accumulated_r or 0) + (td.accumulated_rr or 0) == 0
  for j = 1, #g.ids do local uid = g.ids[j]
    local d = G.D[uid]
    if is_artillery(d) then return false end
    if MISSILE[d.class] and fresh and turn.has_shooting_target(G, uid) and not behind_front(G, uid, target) then
      return false
    end
    if heavy and LIGHT[d.class] and not melee.counts_as_disadvantage(td.class, d.class)
        and not behind_front(G, uid, target) then return false end
  end
  return true
end
ai.FAR = 1e9

return ai
