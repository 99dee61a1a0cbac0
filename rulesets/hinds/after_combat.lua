-- Hinds' turn, §4 RETREAT & PURSUIT: flight, designated and cavalry
-- withdrawals, pursuit, rally, occupying the vanquished's hexagon, and the
-- housekeeping phases (designated retreats first, rout and disorder last).

local tables = require("hinds.tables")
local troops = require("hinds.troops")
local morale = require("hinds.morale")
local setup = require("hinds.setup")
local H = require("hinds.hexes")
local M = require("lib.manoeuvre")
local turn = require("hinds.board")

local say, log, label = turn.say, turn.log, turn.label
local HEX = H.HEX_UNITS
local function steps_for(units) return turn.steps_for(units) end
local function leave_combat(G, uid) return turn.leave_combat(G, uid) end

---------------------------------------------------------------------------
-- Flight, withdrawal and pursuit (§2, §4)


-- Hexagons from (q, r) to the nearest enemy of d.
local function enemy_distance(G, d, q, r)
  local best = math.huge
  local D, list = G.D, G.sides[3 - d.side].units
  for j = 1, #list do
    local e = D[list[j]]
    if e.state ~= "gone" then
      local dq, dr = q - e.q, r - e.r     -- H.distance, written out
      local ds = dq + dr
      if dq < 0 then dq = -dq end
      if dr < 0 then dr = -dr end
      if ds < 0 then ds = -ds end
      local dist = (dq + dr + ds) // 2 | 0
      if dist < best then best = dist end
    end
  end
  return best
end
turn.enemy_distance = enemy_distance

-- Where the enemy stands (for the referee's note of a retreat).
local function enemy_hexes(G, d)
  local out = {}
  for _, o in ipairs(turn.units(G, 3 - d.side)) do out[#out + 1] = { G.D[o].q, G.D[o].r } end
  return out
end

-- The neighbour hexes toward a side's own edge, best first.
local function homeward(G, d)
  local facing = setup.facing(d.side) + 180
  local out = {}
  for i, dir in ipairs(H.DIRS) do
    local rel = H.relative(facing, i)
    if rel == "front" then table.insert(out, 1, { d.q + dir[1], d.r + dir[2] })
    elseif rel == "flank" then out[#out + 1] = { d.q + dir[1], d.r + dir[2] } end
  end
  return out, H.norm(facing)
end

-- One step of flight toward the home edge; returns "moved", "through"
-- (two hexagons: through a friend), "off", "blocked". "If a fleeing unit is
-- forced into a second unit, both units are thrown into disorder. However,
-- if there is a lane ... then it may withdraw without causing disorder."
-- `left`: the hexagons the flight move has left (passing through a friend
-- takes two).
local function flee_step(G, uid, left)
  local d = G.D[uid]
  local opts, facing = homeward(G, d)
  for n = 1, 2 do
    local h = opts[n]
    if not H.on_board(G.B, h[1], h[2]) then
      local _, row = H.offset(h[1], h[2])
      if row < 0 or row >= G.B.rows then return "off" end
    end
  end
  -- a flight moves away from the enemy: no step nearer it than it stands
  local here = enemy_distance(G, d, d.q, d.r)
  for _, h in ipairs(opts) do
    if turn.free(G, d, h[1], h[2]) and enemy_distance(G, d, h[1], h[2]) >= here then
      turn.place(G, uid, h[1], h[2], facing, "flight"); return "moved"
    end
  end
  -- no lane: forced into a friend (straight back), both disordered, and it
  -- passes through to the hex beyond if that is free
  for n = 1, 2 do
    local h = opts[n]
    local o = G.occ[H.key(h[1], h[2])]
    if o and G.D[o].side == d.side then
      local od = G.D[o]
      od.disordered_until, d.disordered_until = G.turn + 1, G.turn + 1
      log(G, "disorder", { unit = o, by = uid })
      say(G, "  %s flees into %s: both are thrown into disorder.", label(d), label(od))
      local bq, br = h[1] + (h[1] - d.q), h[2] + (h[2] - d.r)
      if left >= 2 and turn.free(G, d, bq, br) and enemy_distance(G, d, bq, br) >= here then
        turn.place(G, uid, bq, br, facing, "flight"); return "through"
      end
      return "blocked"
    end
  end
  return "blocked"
end

-- Flight move: "The second move of flight (after the beaten unit has turned
-- around) is the same as the charge move."
function turn.flee(G, uid)
  local d = G.D[uid]
  if G.hooks.throw_shields then G.hooks.throw_shields.consider(G, uid) end
  local units = turn.allowance(d, "flight") + (d.carry or 0)
  local steps = steps_for(units)
  d.carry = units - steps * HEX
  d.flight_moves = (d.flight_moves or 0) + 1
  d.carry_facing, d.carry_dir = nil, nil
  local from_q, from_r = d.q, d.r
  if G.referee then M.record(G, uid, "flight", { retreat_from = { d.q, d.r }, enemies = enemy_hexes(G, d) }) end
  local n = 0
  while n < steps do
    local r = flee_step(G, uid, steps - n)
    if r ~= "blocked" and from_q then turn.vacated(G, from_q, from_r); from_q = nil end
    if r == "off" then turn.remove(G, uid, d.state == "leaving" and "under half strength" or "fled off the table"); return end
    if r == "blocked" then d.carry = 0; break end
    n = n + (r == "through" and 2 or 1)
  end
  if G.log then log(G, "flee", { unit = uid, q = d.q, r = d.r }) end   -- (no table without a log)
end

-- A beaten unit turns about and falls back ("after the beaten unit has
-- turned around"); `leaving`: under half strength, it leaves the field.
function turn.rout(G, uid, leaving, why)
  local d = G.D[uid]
  if d.state == "gone" then return end
  leave_combat(G, uid)
  d.state = leaving and "leaving" or "fleeing"
  d.flight_moves, d.carry, d.rally_attempt, d.pursued_turn = 0, 0, 0, G.turn
  -- a beaten unit pursues nothing and claims no ground
  d.pursuing, d.pursuit_moves, d.occupy = nil, nil, nil
  d.fled_turn = G.turn
  local _, facing = homeward(G, d)
  d.facing = facing
  local x, y = H.centre(G.B, d.q, d.r)
  G.bf:place(uid, x, y, facing)
  log(G, "rout", { unit = uid, leaving = leaving or false })
  if G.report then say(G, "  %s %s (%s).", label(d), leaving and "must leave the field" or "retreats", why) end
end

-- Where a voluntary retreat (designated, or cavalry declining a second
-- enemy) goes: one step back through a rear hexside; of the two rear
-- hexagons, the one further from the enemy (a retreat moves away from the
-- enemy), then the one on its left as it looks back (H.tie_rank); none nearer the enemy than the unit
-- stands or toward the enemy's edge. Nil: nowhere to go.
function turn.withdraw_hex(G, d)
  local here = enemy_distance(G, d, d.q, d.r)
  local home = setup.facing(d.side) + 180
  local best, bd, br
  -- (H.relatives: the six answers of H.relative per facing, remembered)
  local mine, homes = H.relatives(d.facing), H.relatives(home)
  for i, dir in ipairs(H.DIRS) do
    local q, r = d.q + dir[1], d.r + dir[2]
    if mine[i] == "rear" and homes[i] ~= "rear" and turn.free(G, d, q, r) then
      local dist = enemy_distance(G, d, q, r)
      local rank = H.tie_rank(G.B, d.q, d.r, d.facing + 180, q, r)
      if dist >= here and (not bd or dist > bd or (dist == bd and rank < br)) then best, bd, br = { q, r }, dist, rank end
    end
  end
  if best then return best[1], best[2] end
  return nil
end

-- A voluntary retreat: the step back (turn.withdraw_hex), facing kept, out
-- of the combat. Returns false (and nothing happens) when there is no
-- hexagon to withdraw to.
function turn.withdraw(G, uid, why)
  local d = G.D[uid]
  local q, r = turn.withdraw_hex(G, d)
  if not q then return false end
  leave_combat(G, uid)
  if G.referee then M.record(G, uid, "withdraw", { retreat_from = { d.q, d.r }, enemies = enemy_hexes(G, d) }) end
  turn.place(G, uid, q, r, d.facing, "withdraw")
  d.moved, d.carry = true, 0
  log(G, "withdraw", { unit = uid })
  say(G, "  %s withdraws (%s).", label(d), why)
  return true
end

-- A pursuer follows its quarry at the charge rate; adjacent, it attacks
-- (an automatic victory over broken troops, settled in the melee phase).
function turn.pursue(G, uid)
  local d = G.D[uid]
  local quarry = d.pursuing and G.D[d.pursuing]
  if not quarry or quarry.state == "gone" or quarry.state == "ready" then
    d.pursuing = nil
    return false
  end
  d.pursuit_moves = (d.pursuit_moves or 0) + 1
  if d.pursuit_moves > morale.pursuit_moves(d) then
    -- "must stop and regroup after two pursuit moves"
    d.pursuing, d.regroup_turn = nil, G.turn
    say(G, "  %s stops to regroup after two pursuit moves.", label(d))
    log(G, "regroup", { unit = uid })
    return true
  end
  if H.distance(d.q, d.r, quarry.q, quarry.r) > 1 then
    local bearing = H.bearing(G.B, d.q, d.r, quarry.q, quarry.r)
    local face = H.facing_towards(bearing, d.facing)
    local units = turn.allowance(d, "charge")
    local reach = turn.reachable(G, d, face, "front", function(rough)
      return steps_for(rough and turn.allowance(d, "charge", { rough = true }) or units)
    end)
    local best, bd, br
    for _, h in ipairs(reach) do
      local dd = H.distance(h[1], h[2], quarry.q, quarry.r)
      local rank = H.tie_rank(G.B, d.q, d.r, face, h[1], h[2])
      if not bd or dd < bd or (dd == bd and rank < br) then best, bd, br = h, dd, rank end
    end
    if best then turn.place(G, uid, best[1], best[2], face, "pursuit") end
  end
  d.moved = true
  if H.distance(d.q, d.r, quarry.q, quarry.r) == 1 and not d.combat then
    d.facing = H.facing_towards(H.bearing(G.B, d.q, d.r, quarry.q, quarry.r), d.facing)
    turn.place(G, uid, d.q, d.r, d.facing)
    turn.join_combat(G, uid, d.pursuing, true)
    say(G, "  %s catches %s in flight.", label(d), label(quarry))
  end
  return true
end

-- Rally: "Units forced to retreat may rally (if over 1/2 strength) one move
-- after pursuit has ended" (4, 5 or 6; then 2 to 6; then automatic).
local function pursued(G, d)
  for s = 1, 2 do
    for _, o in ipairs(G.sides[s].units) do
      local od = G.D[o]
      if od.pursuing == d.uid and od.state == "ready" then
        if morale.prevents_rally(troops.strength(od), troops.strength(d), false) then return true end
      end
    end
  end
  return d.shot_turn ~= nil and d.shot_turn >= G.turn - 1
end

function turn.try_rally(G, uid)
  local d = G.D[uid]
  if d.state ~= "fleeing" or d.non_combatant then return false end
  if d.fled_turn == G.turn then return false end
  if not morale.may_rally(d) then return false end
  if pursued(G, d) then d.pursued_turn = G.turn; return false end
  d.rally_attempt = (d.rally_attempt or 0) + 1
  local ok, score, need = morale.rally(d.rally_attempt, G.dice, G.report and ("Hinds rally, " .. d.name) or "Hinds rally")
  log(G, "rally", { unit = uid, attempt = d.rally_attempt, score = score, need = need, rallied = ok })
  if ok then
    d.state, d.carry, d.flight_moves = "ready", 0, 0
    local enemy_facing = setup.facing(3 - d.side) + 180
    d.facing = H.norm(enemy_facing)
    turn.place(G, uid, d.q, d.r, d.facing)
    if G.report then
      say(G, "  %s rallies (%s).", label(d), score and string.format("throws %d, needs %d", score, need) or "automatic")
    end
  elseif G.report then
    say(G, "  %s fails to rally (throws %d, needs %d).", label(d), score, need)
  end
  return ok
end

-- "The victor has the option to occupy the space on which the vanquished
-- stood, at the close of the last turn of combat, if he chooses." A victor
-- that does not pursue may claim the vanquished's hex: it stands until the
-- beaten unit has fled out of it (in the next turn's movement) and then
-- steps in, which is its move of that turn (a beaten unit's first move of
-- flight is the turn about, so this can take two turns). A claim lapses
-- when the vanquished rallies or is elsewhere, when the victor is engaged,
-- and after tables.occupy_wait turns.
function turn.claim(G, uid, q, r, quarry)
  local d = G.D[uid]
  -- plain values (the unit's data is hashed): the hex, the turn, the quarry
  d.occupy, d.occupy_q, d.occupy_r, d.occupy_turn = quarry, q, r, G.turn
  if G.report then say(G, "  %s will occupy the vanquished's ground.", label(d)) end
  turn.vacated(G, q, r)
end

-- A hex was left: a victor claiming it steps in.
function turn.vacated(G, q, r)
  if G.occ[H.key(q, r)] then return end
  for s = 1, 2 do
    for _, uid in ipairs(turn.units(G, s)) do
      local d = G.D[uid]
      if d.occupy and d.occupy_q == q and d.occupy_r == r then
        local since = d.occupy_turn
        d.occupy = nil
        if d.state == "ready" and not d.combat and H.distance(d.q, d.r, q, r) == 1 and turn.free(G, d, q, r) then
          turn.place(G, uid, q, r, d.facing, "occupy")
          d.carry = 0
          if G.turn > since then d.moved = true end
          log(G, "occupy", { unit = uid, q = q, r = r })
          say(G, "  %s occupies the ground the vanquished stood on.", label(d))
          return
        end
      end
    end
  end
end

---------------------------------------------------------------------------
-- Retreat & pursuit housekeeping (§4)

function turn.rout_phase(G)
  turn.resupply(G)
  for s = 1, 2 do
    for _, uid in ipairs(turn.units(G, s)) do
      local d = G.D[uid]
      if d.state == "ready" and not d.combat and morale.must_leave(d) then
        turn.rout(G, uid, true, "under half strength")
      end
      if d.disordered_until and d.disordered_until < G.turn then d.disordered_until = nil end
      if d.occupy then
        local qd = G.D[d.occupy]
        local held = G.occ[H.key(d.occupy_q, d.occupy_r)]
        if d.combat or d.pursuing or G.turn - d.occupy_turn >= tables.occupy_wait
          or (held and (held ~= d.occupy or qd.state == "ready")) then
          d.occupy = nil
        end
      end
    end
  end
end

-- Renewed fights: units of opposing sides left adjacent and free after a
-- drawn combat start a new one (see docs/rulesets/hinds.md).
function turn.retreats_phase(G)
  for s = 1, 2 do
    local cmd = G.sides[s].commander
    for _, uid in ipairs(turn.units(G, s)) do
      local d = G.D[uid]
      if d.state == "ready" then
        d.moved, d.moved_how, d.threw_limit = false, nil, false
        if d.designated_retreat then
          d.designated_retreat = nil
          turn.withdraw(G, uid, "designated retreat")
        end
      end
    end
    if cmd.designate then
      for _, uid in ipairs(turn.units(G, s)) do
        if G.D[uid].state == "ready" and cmd.designate(G, uid) then G.D[uid].designated_retreat = true end
      end
    end
  end
end

return turn
