-- Hinds' turn, §2 charges and the combats they start (§4): who may charge
-- whom, the combat records and each unit's own tally of throws.

local tables = require("hinds.tables")
local troops = require("hinds.troops")
local H = require("hinds.hexes")
local turn = require("hinds.board")

local say, log, label = turn.say, turn.log, turn.label
local max = math.max
local ROUGH = { rough = true }   -- turn.allowance's options for rough ground (read only)
local function steps_for(units) return turn.steps_for(units) end
local function carried(d, facing, dir) return turn.carried(d, facing, dir) end

---------------------------------------------------------------------------
-- Charges

local function leave_combat(G, uid)
  local d = G.D[uid]
  local c = d.combat and G.combats[d.combat]
  d.combat = nil
  if not c then return end
  local list = c.units[d.side]
  for i = #list, 1, -1 do if list[i] == uid then table.remove(list, i) end end
  c.joined[uid] = nil
end
turn.leave_combat = leave_combat

-- d's charge allowances in distance units with the carry, on open and on
-- rough ground, remembered in reach_memo if given.
local function charge_totals(d, reach_memo)
  if reach_memo and reach_memo.total then return reach_memo.total, reach_memo.rough_total end
  local total = turn.allowance(d, "charge") + carried(d, d.facing, "front")
  local rough_total = turn.allowance(d, "charge", ROUGH) + carried(d, d.facing, "front")
  if reach_memo then reach_memo.total, reach_memo.rough_total = total, rough_total end
  return total, rough_total
end

-- The farthest enemy (in hexagons) turn.can_charge could let d charge: -1
-- when d is not free to charge at all, else the longest charge reach plus
-- one (an enemy next to its last hexagon), and at least 1 (an enemy
-- touching it). For the commander, which weighs many enemies; reach_memo
-- as for can_charge.
function turn.charge_limit(G, d, reach_memo)
  if d.state ~= "ready" or d.combat or d.non_combatant or d.formation == "march" then return -1 end
  if (G.turn - (d.last_charge or -99)) < tables.charge_interval[troops.type_of(d)] then return -1 end
  local total, rough_total = charge_totals(d, reach_memo)
  return max(steps_for(total), steps_for(rough_total)) + 1
end

-- Whether d may charge enemy e now, and the hex it would end on. Returns
-- ok, q, r, why. "All units must close with the enemy during their charge
-- turn"; heavy cavalry "cannot execute a charge at a greater angle from its
-- original facing than 45 degrees"; "Normally infantry cannot attack
-- cavalry, however, they may come to the assistance of other units engaged
-- with them"; one charge in three moves (heavy cavalry and infantry), others
-- wait a turn.
--
-- reach_memo (optional, a table): the hexagons d's charge reaches, by
-- facing (indexed by hexagon), and its charge allowances (total,
-- rough_total), for a caller that asks about several enemies while nothing
-- moves (the commander's choice of a charge); the search is the same for
-- every enemy that asks for the same facing.
function turn.can_charge(G, d, e, reach_memo)
  if d.state ~= "ready" or d.combat or d.non_combatant then return false, nil, nil, "not free to charge" end
  if d.formation == "march" then return false, nil, nil, "a marching column is a non combat formation" end
  if (G.turn - (d.last_charge or -99)) < tables.charge_interval[troops.type_of(d)] then
    return false, nil, nil, "charged too recently"
  end
  if d.arm == "foot" and e.arm == "mounted" and not (e.combat and e.state == "ready") then
    return false, nil, nil, "infantry cannot attack cavalry unless it is engaged"
  end
  local hc = troops.type_of(d) == "heavy_cavalry"
  local bearing = H.bearing(G.B, d.q, d.r, e.q, e.r)
  local off = math.abs(H.norm(bearing - d.facing))
  if hc and off > tables.heavy_cavalry_charge_angle + 1e-9 then
    return false, nil, nil, "heavy cavalry charges no more than 45 degrees from its facing"
  end
  local dist = H.distance(d.q, d.r, e.q, e.r)
  if dist == 1 then return true, d.q, d.r end
  if off > 90 + 1e-9 then return false, nil, nil, "the enemy is behind" end
  -- d's charge allowances (the same for every enemy a caller with a memo asks about)
  local total, rough_total = charge_totals(d, reach_memo)
  local face = d.facing
  if not hc then face = H.facing_towards(bearing, d.facing) end
  -- a hexagon n steps from d is at most n hexagons from it, so no hexagon
  -- of the reach touches an enemy more than the longest reach plus one
  -- away: the answer below, without the search
  if dist > max(steps_for(total), steps_for(rough_total)) + 1 then
    return false, nil, nil, "out of charge reach"
  end
  if reach_memo then
    -- the reach of this facing indexed by hexagon (its order in the search
    -- and its tie rank, worked out once): an enemy asks its six neighbours
    -- instead of the whole reach. The same choice as the scan below: the
    -- fewest steps, then the lowest rank, then the first in the search.
    -- (idx: the search's place of each hexagon by key, and its tie rank
    -- by place, worked out when first asked: no table per hexagon)
    local idx = reach_memo[face]
    if not idx then
      local reach = turn.reachable(G, d, face, "front", function(rough) return steps_for(rough and rough_total or total) end)
      local at = {}
      for i = 1, #reach do
        local h = reach[i]
        at[(h[1] + 512) * 1024 + (h[2] + 512)] = i
      end
      idx = { reach = reach, at = at, rank = {} }
      reach_memo[face] = idx
    end
    local best, bi, br
    local DIRS, reach, at, ranks = H.DIRS, idx.reach, idx.at, idx.rank
    for n = 1, 6 do
      local dir = DIRS[n]
      local i = at[(e.q + dir[1] + 512) * 1024 + (e.r + dir[2] + 512)]
      if i then
        local h, rank = reach[i], ranks[i]
        if not rank then rank = H.tie_rank(G.B, d.q, d.r, d.facing, h[1], h[2]); ranks[i] = rank end
        if not best or h[3] < best[3] or (h[3] == best[3] and (rank < br or (rank == br and i < bi))) then
          best, bi, br = h, i, rank
        end
      end
    end
    if best then return true, best[1], best[2] end
    return false, nil, nil, "out of charge reach"
  end
  local reach = turn.reachable(G, d, face, "front", function(rough) return steps_for(rough and rough_total or total) end)
  local best, br
  local eq, er = e.q, e.r
  for i = 1, #reach do
    local h = reach[i]
    -- H.distance(h, e) == 1, written out
    local dq2, dr2 = h[1] - eq, h[2] - er
    local ds = dq2 + dr2
    if dq2 < 0 then dq2 = -dq2 end
    if dr2 < 0 then dr2 = -dr2 end
    if ds < 0 then ds = -ds end
    if dq2 + dr2 + ds == 2 then
      -- the fewest steps; between equals, the straightest (H.tie_rank: the
      -- same from either side of the board)
      local rank = H.tie_rank(G.B, d.q, d.r, d.facing, h[1], h[2])
      if not best or h[3] < best[3] or (h[3] == best[3] and rank < br) then best, br = h, rank end
    end
  end
  if best then return true, best[1], best[2] end
  return false, nil, nil, "out of charge reach"
end

-- A combat record: { id, units = { [1] = {uids}, [2] = {uids} }, round
-- (throws made), losses = { n1, n2 } (throws lost by each side),
-- chargers = { uid = turn }, attacker = side, joined = { uid = { round,
-- losses1, losses2 } } (the combat's count when the unit joined it, or
-- when its own fight was renewed): a unit is bound only by the throws it
-- fought (turn.tally).
function turn.join_combat(G, a_uid, b_uid, charged)
  local a, b = G.D[a_uid], G.D[b_uid]
  local c = (b.combat and G.combats[b.combat]) or (a.combat and G.combats[a.combat])
  if not c then
    G.next_combat = (G.next_combat or 0) + 1
    c = { id = G.next_combat, units = { {}, {} }, round = 0, losses = { 0, 0 }, chargers = {}, attacker = a.side,
          started = G.turn, joined = {} }
    G.combats[c.id] = c
    G.combat_order[#G.combat_order + 1] = c.id
  end
  for _, x in ipairs({ a, b }) do
    if x.combat ~= c.id then
      if x.combat then leave_combat(G, x.uid) end
      x.combat = c.id
      local list = c.units[x.side]
      list[#list + 1] = x.uid
      c.joined[x.uid] = { c.round, c.losses[1], c.losses[2] }
    end
  end
  if charged then c.chargers[a_uid] = G.turn end
  return c
end

-- A unit's own record in combat c: throws fought, lost and won since it
-- joined (or since its fight was renewed).
local NOT_JOINED = { 0, 0, 0 }   -- (read only)
function turn.tally(c, d)
  local j = c.joined[d.uid] or NOT_JOINED
  return c.round - j[1], c.losses[d.side] - j[1 + d.side], c.losses[3 - d.side] - j[4 - d.side]
end

function turn.charge(G, uid, target)
  local d, e = G.D[uid], G.D[target]
  -- the charge reach the commander searched for this unit's order, if any
  local m = turn.order_memo and turn.order_memo(G, d)
  local ok, q, r, why = turn.can_charge(G, d, e, m and m.charge)
  if not ok then return false, why end
  local face = H.facing_towards(H.bearing(G.B, q, r, e.q, e.r), d.facing)
  -- a charge from the hexagon the unit stands on (it already touches the
  -- enemy) attacks without moving: it is not declared to the referee as a
  -- move (it may face the enemy in its hexagon, which moves no base)
  local moves = q ~= d.q or r ~= d.r
  turn.place(G, uid, q, r, face, moves and "charge" or nil)
  d.last_charge, d.carry, d.moved = G.turn, 0, true
  turn.join_combat(G, uid, target, true)
  log(G, "charge", { unit = uid, target = target })
  if G.report then say(G, "  %s charges %s (%s).", label(d), label(e), turn.edge(G, d, e)) end
  -- "they may come to the assistance of other units engaged with them and
  -- force the cavalry to retreat (which it has the option to do)"
  if d.arm == "foot" and e.arm == "mounted" then
    local cmd = G.sides[e.side].commander
    if cmd.cavalry_assisted and cmd.cavalry_assisted(G, target) == "retreat" then
      turn.withdraw(G, target, "cavalry retreats rather than fight both units")
    end
  end
  return true
end

return turn
