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
-- G (battle.lua builds it): bf, B (board), D (uid -> data), occ (hex key ->
-- uid), terrain (hex key -> type), sides[s] = { name, units, commander,
-- start_points }, combats (list), dice, report, log, turn, first, options,
-- hooks. A unit's data (plain values: hashed and logged): id, name, troop,
-- arm, class, bases, per_base, figures, officers, start_figures,
-- start_officers, missile, pole_arms, macedonian, gaul, sole_function,
-- formation, side, uid, q, r, facing, carry, last_charge, casts, state
-- ("ready" | "fleeing" | "leaving" | "gone"), combat, disordered_until,
-- rally_attempt, pursuing, pursuit_moves, regroup_turn, non_combatant,
-- delay, shot_turn, moved, flight_moves, cast_turn, resupply_turns, occupy
-- (the quarry whose hex it claims), occupy_q, occupy_r, occupy_turn.

local NL = require("lib.named_list")
local account = require("lib.account")
local tables = require("hinds.tables")
local troops = require("hinds.troops")
local melee = require("hinds.melee")
local missiles = require("hinds.missiles")
local morale = require("hinds.morale")
local setup = require("hinds.setup")
local H = require("hinds.hexes")
local M = require("lib.manoeuvre")

local turn = {}

local HEX = H.HEX_UNITS
local floor = math.floor

local say, log = account.say, account.log
turn.say = say

function turn.label(d)
  return string.format("%s (%s %d)", d.name, tables.TYPE_NAMES[d.troop] or d.troop, troops.strength(d))
end
local label = turn.label

---------------------------------------------------------------------------
-- Board queries

function turn.at(G, q, r) return G.occ[H.key(q, r)] end

function turn.terrain(G, q, r) return G.terrain[H.key(q, r)] or "clear" end

local function tinfo(G, q, r) return tables.terrain[turn.terrain(G, q, r)] end

-- The height of a hex in levels (hills; 0 elsewhere).
function turn.height(G, q, r) return (G.heights and G.heights[H.key(q, r)]) or 0 end

-- Whether a step from (fq, fr) into (tq, tr) is over rough ground (§2 "When
-- moving up hill, through woods or over marsh land"): woods, marsh, swamp
-- and dense forest always; a hill only when the step climbs.
function turn.rough_step(G, fq, fr, tq, tr)
  local t = tinfo(G, tq, tr)
  if t.rough == "uphill" then return turn.height(G, tq, tr) > turn.height(G, fq, fr) end
  return t.rough == true
end

-- Whether d fights foe e "over level or gently sloping ground" (§4 pole
-- arms): its own hex is level ground, or the top of a hill at e's height;
-- never across a difference of height (the hillside).
function turn.level_ground(G, d, e)
  local t = tinfo(G, d.q, d.r)
  local hd = turn.height(G, d.q, d.r)
  if e and turn.height(G, e.q, e.r) ~= hd then return false end
  if t.hill then return e ~= nil end
  return t.level ~= false
end

function turn.active(d) return d.state == "ready" end

-- Live (on the table) units of side s, in army order.
function turn.units(G, s)
  local out = {}
  for _, uid in ipairs(G.sides[s].units) do
    if G.D[uid].state ~= "gone" then out[#out + 1] = uid end
  end
  return out
end

-- Whether unit d may enter hex (q, r) at all (§2).
function turn.passable(G, d, q, r)
  if not H.on_board(G.B, q, r) then return false end
  local t = tinfo(G, q, r)
  if t.impassable then return false end
  local w = troops.weight(d)
  if t.no_heavy and w == "heavy" then return false end
  if t.no_pike and d.macedonian and w == "medium" then return false end
  if t.obstacle and troops.movement_type(d) == "heavy_cavalry" then return false end
  if t.stream and G.options.uncrossable_streams then return false end
  return true
end

function turn.free(G, d, q, r)
  return turn.passable(G, d, q, r) and G.occ[H.key(q, r)] == nil
end

-- Moves a unit to a hex (the battlefield draws it at the centre); `kind`
-- names the move for the referee (lib.manoeuvre.record): "forward",
-- "turned", "rear", "charge", "flight", "pursuit", "withdraw", "occupy".
function turn.place(G, uid, q, r, facing, kind)
  local d = G.D[uid]
  if kind then M.record(G, uid, kind) end
  if d.q then G.occ[H.key(d.q, d.r)] = nil end
  d.q, d.r, d.facing = q, r, facing or d.facing
  G.occ[H.key(q, r)] = uid
  local x, y = H.centre(G.B, q, r)
  G.bf:place(uid, x, y, d.facing)
end

function turn.remove(G, uid, why)
  local d = G.D[uid]
  if d.q then G.occ[H.key(d.q, d.r)] = nil end
  d.state, d.combat = "gone", nil
  G.bf:remove(uid)
  log(G, "unit_gone", { unit = uid, reason = why })
  say(G, "  %s leaves the field (%s).", label(d), why)
  if d.q and turn.vacated then turn.vacated(G, d.q, d.r) end
end

-- Enemy units adjacent to d, in id order.
function turn.adjacent_enemies(G, d)
  local out = {}
  for _, dir in ipairs(H.DIRS) do
    local o = G.occ[H.key(d.q + dir[1], d.r + dir[2])]
    if o and G.D[o].side ~= d.side then out[#out + 1] = o end
  end
  table.sort(out)
  return out
end

-- Where attacker a strikes defender b: "front", "flank" or "rear" of b.
-- Troops "in circle or square formation cannot be attacked from the flanks
-- or rear (They have neither)."
function turn.edge(G, a, b)
  if b.formation == "square" then return "front" end
  local i = H.dir_index(a.q - b.q, a.r - b.r)
  if not i then return "front" end
  return (H.relative(b.facing, i))
end

-- Whether b stands to a's front.
function turn.to_front(G, a, b)
  local i = H.dir_index(b.q - a.q, b.r - a.r)
  return i ~= nil and H.relative(a.facing, i) == "front"
end

---------------------------------------------------------------------------
-- Movement allowances (§2)

-- The allowance of a move in distance units. how = "forward" | "turned" |
-- "rear" | "charge" | "flight"; rough = the move enters rough ground;
-- road = the whole move is along a road in column; throwing = archers or
-- slingers that cast this turn.
function turn.allowance(d, how, opts)
  opts = opts or {}
  local mt = troops.movement_type(d)
  local row = tables.movement[mt]
  local MR = tables.move_rules
  local a
  if how == "charge" then a = row.charge
  elseif how == "flight" then
    if d.shields_thrown then a = MR.shields_thrown
    elseif (d.flight_moves or 0) == 0 then a = row.retreat
    else a = row.charge end
  elseif how == "turned" then a = row.turn90
  elseif how == "rear" then a = row.retreat
  else a = row.move end
  if d.formation == "testudo" then a = MR.testudo end
  if opts.road and (d.formation == "march" or d.formation == "column") then a = a + MR.road_bonus end
  if opts.rough then a = a - MR.rough_loss[troops.weight(d)] end
  if opts.throwing and troops.light_missile(d) or (opts.throwing and d.missile == "bow") or (opts.throwing and d.missile == "sling") then
    a = a * MR.missile_fraction
  end
  if a < MR.minimum then a = MR.minimum end
  return a
end

-- Hexes reachable by d in a move: steps only through the hexsides that are
-- `dirs` ("front" or "rear") relative to `facing`. Returns a list of
-- { q, r, steps, rough, road } in breadth-first order (deterministic), the
-- start excluded; rough: the path enters rough ground; road: the whole path
-- (its start too) is on road hexes. max_steps(rough, road) gives the steps
-- allowed.
function turn.reachable(G, d, facing, dirs, max_steps)
  local start = H.key(d.q, d.r)
  local out = {}
  local seen = { [start] = true }
  local on_road = tinfo(G, d.q, d.r).road == true
  local frontier = { { d.q, d.r, 0, false, on_road } }
  local limit_plain, limit_rough = max_steps(false, false), max_steps(true, false)
  local road_plain, road_rough = limit_plain, limit_rough
  if on_road then road_plain, road_rough = max_steps(false, true), max_steps(true, true) end
  while #frontier > 0 do
    local nextf = {}
    for _, f in ipairs(frontier) do
      local q, r, steps, rough, road = f[1], f[2], f[3], f[4], f[5]
      local stop = tinfo(G, q, r).stream and (q ~= d.q or r ~= d.r)
      if not stop then
        for i, dir in ipairs(H.DIRS) do
          if H.relative(facing, i) == dirs then
            local nq, nr = q + dir[1], r + dir[2]
            local k = H.key(nq, nr)
            if not seen[k] and turn.free(G, d, nq, nr) then
              local rgh = rough or turn.rough_step(G, q, r, nq, nr)
              local rd = road and tinfo(G, nq, nr).road == true
              local lim
              if rd then lim = rgh and road_rough or road_plain else lim = rgh and limit_rough or limit_plain end
              if steps + 1 <= lim then
                seen[k] = true
                local e = { nq, nr, steps + 1, rgh, rd }
                out[#out + 1] = e
                nextf[#nextf + 1] = e
              end
            end
          end
        end
      end
    end
    frontier = nextf
  end
  return out
end

local function steps_for(units) return floor(units / HEX + 1e-9) end
turn.steps_for = steps_for

-- The carry (the inch-and-hex reading of §2, docs/rulesets/hinds.md):
-- distance units a unit has gathered toward the next hexagon while moving
-- on in one facing and one direction ("front", or "rear" for moves to the
-- rear); always less than a hexagon, so a move of a units never crosses
-- more than ceil(a / 6) hexagons in a turn.
local function carried(d, facing, dir)
  if d.carry_facing == facing and (d.carry_dir or "front") == dir then return d.carry or 0 end
  return 0
end
turn.carried = carried

local function keep_carry(d, left, facing, dir)
  if left < 0 or left >= HEX - 1e-9 then left = 0 end
  d.carry, d.carry_facing = left, facing
  d.carry_dir = dir ~= "front" and dir or nil
end

-- The hexes d can reach with a move `how` ("forward", "turned" to
-- `facing`, "rear"): the reach (turn.reachable), units(rough, road) the
-- distance units the move has (allowance and carry) and the direction.
-- A turned move starts afresh in its new facing (the carry is lost).
function turn.move_reach(G, d, how, facing, throwing)
  facing = facing or d.facing
  local dir = how == "rear" and "rear" or "front"
  local carry = how == "turned" and 0 or carried(d, facing, dir)
  local function units(rough, road)
    return turn.allowance(d, how, { rough = rough, road = road, throwing = throwing }) + carry
  end
  local reach = turn.reachable(G, d, facing, dir, function(rough, road) return steps_for(units(rough, road)) end)
  return reach, units, dir
end

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

-- Whether d may charge enemy e now, and the hex it would end on. Returns
-- ok, q, r, why. "All units must close with the enemy during their charge
-- turn"; heavy cavalry "cannot execute a charge at a greater angle from its
-- original facing than 45 degrees"; "Normally infantry cannot attack
-- cavalry, however, they may come to the assistance of other units engaged
-- with them"; one charge in three moves (heavy cavalry and infantry), others
-- wait a turn.
function turn.can_charge(G, d, e)
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
  local total = turn.allowance(d, "charge") + carried(d, d.facing, "front")
  local rough_total = turn.allowance(d, "charge", { rough = true }) + carried(d, d.facing, "front")
  local face = d.facing
  if not hc then face = H.facing_towards(bearing) end
  local reach = turn.reachable(G, d, face, "front", function(rough) return steps_for(rough and rough_total or total) end)
  local best
  for _, h in ipairs(reach) do
    if H.distance(h[1], h[2], e.q, e.r) == 1 then
      if not best or h[3] < best[3] then best = h end
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
function turn.tally(c, d)
  local j = c.joined[d.uid] or { 0, 0, 0 }
  return c.round - j[1], c.losses[d.side] - j[1 + d.side], c.losses[3 - d.side] - j[4 - d.side]
end

function turn.charge(G, uid, target)
  local d, e = G.D[uid], G.D[target]
  local ok, q, r, why = turn.can_charge(G, d, e)
  if not ok then return false, why end
  local face = H.facing_towards(H.bearing(G.B, q, r, e.q, e.r))
  turn.place(G, uid, q, r, face, "charge")
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

---------------------------------------------------------------------------
-- Flight, withdrawal and pursuit (§2, §4)


-- Hexagons from (q, r) to the nearest enemy of d.
local function enemy_distance(G, d, q, r)
  local best
  for _, o in ipairs(turn.units(G, 3 - d.side)) do
    local e = G.D[o]
    local dist = H.distance(q, r, e.q, e.r)
    if not best or dist < best then best = dist end
  end
  return best or math.huge
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
  log(G, "flee", { unit = uid, q = d.q, r = d.r })
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

-- A voluntary retreat (designated, or cavalry declining a second enemy):
-- one step back through a rear hexside, facing kept, out of the combat; of
-- the two rear hexagons, the one further from the enemy (a retreat moves
-- away from the enemy), then the first in order; none that comes nearer
-- the enemy or goes toward the enemy's edge.
function turn.withdraw(G, uid, why)
  local d = G.D[uid]
  leave_combat(G, uid)
  if G.referee then M.record(G, uid, "withdraw", { retreat_from = { d.q, d.r }, enemies = enemy_hexes(G, d) }) end
  local here = enemy_distance(G, d, d.q, d.r)
  local home = setup.facing(d.side) + 180
  local best, bd
  for i, dir in ipairs(H.DIRS) do
    local q, r = d.q + dir[1], d.r + dir[2]
    if H.relative(d.facing, i) == "rear" and H.relative(home, i) ~= "rear" and turn.free(G, d, q, r) then
      local dist = enemy_distance(G, d, q, r)
      if dist >= here and (not bd or dist > bd) then best, bd = { q, r }, dist end
    end
  end
  if best then turn.place(G, uid, best[1], best[2], d.facing, "withdraw") end
  d.moved, d.carry = true, 0
  log(G, "withdraw", { unit = uid })
  say(G, "  %s withdraws (%s).", label(d), why)
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
    local face = H.facing_towards(bearing)
    local units = turn.allowance(d, "charge")
    local reach = turn.reachable(G, d, face, "front", function(rough)
      return steps_for(rough and turn.allowance(d, "charge", { rough = true }) or units)
    end)
    local best, bd
    for _, h in ipairs(reach) do
      local dd = H.distance(h[1], h[2], quarry.q, quarry.r)
      if not bd or dd < bd then best, bd = h, dd end
    end
    if best then turn.place(G, uid, best[1], best[2], face, "pursuit") end
  end
  d.moved = true
  if H.distance(d.q, d.r, quarry.q, quarry.r) == 1 and not d.combat then
    d.facing = H.facing_towards(H.bearing(G.B, d.q, d.r, quarry.q, quarry.r))
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

---------------------------------------------------------------------------
-- Orders

-- Carries out a commander's order for a free unit: { kind = "hold",
-- facing = f } | { kind = "move", q =, r =, facing =, how = "forward" |
-- "turned" | "rear", throwing = } | { kind = "move_wait", how =, facing =,
-- throwing = } (the move gathered toward the next hexagon) | { kind =
-- "charge", target = uid } | { kind = "formation", formation = }. An
-- illegal order is reported and the unit holds.
--
-- §2 "Any tactical unit turning at right angles to its original facing at
-- the start of the move will loose 1/2 of its basic movement factor. A move
-- to the rear costs 1/2 the basic movement factor": a turned move has the
-- 90-turn allowance in its new facing, a move to the rear the retreat
-- allowance; what is left of either short of a hexagon is carried to the
-- next move in that facing and direction. A hold that changes facing is a
-- turned move that crosses no hexagon.
function turn.order(G, uid, o)
  local d = G.D[uid]
  if not o or o.kind == "hold" then
    if o and o.facing and o.facing ~= d.facing then
      -- turning in place: every 90-turn value is within 3/4 of the basic
      -- move, so archers and slingers that turn may still cast
      return turn.order(G, uid, { kind = "move_wait", how = "turned", facing = o.facing, in_place = true })
    end
    d.carry = 0
    return
  end
  if o.kind == "charge" then
    local ok, why = turn.charge(G, uid, o.target)
    if not ok then say(G, "  %s cannot charge: %s.", label(d), why) end
    return
  end
  if o.kind == "formation" then
    d.formation = o.formation
    d.carry = 0
    d.moved = true
    say(G, "  %s forms %s.", label(d), o.formation)
    return
  end
  local how = o.how or "forward"
  local facing = how == "turned" and o.facing or d.facing
  if how == "turned" and facing == d.facing then how = "forward" end
  if o.kind == "move_wait" then
    -- a slow mover gathers its move toward the next hexagon (the text's
    -- moves are in inches; a hexagon is six)
    local dir = how == "rear" and "rear" or "front"
    local carry = how == "turned" and 0 or carried(d, facing, dir)
    local total = turn.allowance(d, how, { throwing = o.throwing }) + carry
    if how == "turned" then turn.place(G, uid, d.q, d.r, facing, "turned") end
    keep_carry(d, total, facing, dir)
    d.moved, d.moved_how = true, how
    d.threw_limit = (o.throwing or o.in_place) and true or false
    return
  end
  -- a move
  local reach, units, dir = turn.move_reach(G, d, how, facing, o.throwing)
  local dest
  for _, h in ipairs(reach) do
    if h[1] == o.q and h[2] == o.r then dest = h; break end
  end
  if not dest then
    if #reach == 0 and H.distance(d.q, d.r, o.q, o.r) == 1 then
      -- not a hexagon's worth yet: the move is gathered toward it
      return turn.order(G, uid, { kind = "move_wait", how = how, facing = facing, throwing = o.throwing })
    end
    say(G, "  %s cannot reach that hex this move; it holds.", label(d))
    d.carry = 0
    return
  end
  turn.place(G, uid, dest[1], dest[2], facing, how)
  keep_carry(d, units(dest[4], dest[5]) - dest[3] * HEX, facing, dir)
  d.moved = true
  d.moved_how = how
  d.threw_limit = o.throwing and true or false
  if tinfo(G, dest[1], dest[2]).stream then
    d.delay = tables.move_rules.ford_delay_moves
    d.carry = 0
    say(G, "  %s fords the stream: delayed one move.", label(d))
  end
  log(G, "move", { unit = uid, q = dest[1], r = dest[2], facing = d.facing })
end

-- One side's movement: flight, rally, pursuit, then the commander's orders
-- for every free unit, in army order.
function turn.move_side(G, s)
  local side = G.sides[s]
  say(G, "%s moves.", side.name)
  for _, uid in ipairs(turn.units(G, s)) do
    local d = G.D[uid]
    if d.state == "fleeing" then turn.try_rally(G, uid) end
    if d.state == "fleeing" or d.state == "leaving" then
      if not d.combat then turn.flee(G, uid) end
    end
  end
  for _, uid in ipairs(turn.units(G, s)) do
    local d = G.D[uid]
    if d.state == "ready" and d.pursuing and not d.combat then turn.pursue(G, uid) end
  end
  local cmd = side.commander
  for _, uid in ipairs(turn.units(G, s)) do
    local d = G.D[uid]
    if d.state == "ready" and not d.combat and not d.moved then
      if d.occupy and d.occupy_turn < G.turn and G.occ[H.key(d.occupy_q, d.occupy_r)] == d.occupy then
        d.carry = 0   -- waits for the vanquished to leave its ground
      elseif d.delay and d.delay > 0 then
        d.delay = d.delay - 1
      elseif d.regroup_turn and d.regroup_turn >= G.turn then
        d.carry = 0
      else
        turn.order(G, uid, cmd.order(G, uid))
      end
    end
  end
end

---------------------------------------------------------------------------
-- Missiles (§3)

-- Whether the cast from sh at tg is direct or indirect, or blocked by an
-- enemy in between.
function turn.line_of_cast(G, sh, tg)
  local indirect = false
  for _, h in ipairs(H.between(sh.q, sh.r, tg.q, tg.r)) do
    local o = G.occ[H.key(h[1], h[2])]
    if o then
      if G.D[o].side ~= sh.side then return nil end
      indirect = true
    end
  end
  return indirect
end

-- The situation of a cast (for missiles.table_for), or nil if no line.
function turn.cast_situation(G, sh, tg)
  local indirect = turn.line_of_cast(G, sh, tg)
  if indirect == nil then return nil end
  local near_friends = false
  if indirect then
    -- "against enemy forces no closer than two distance units from
    -- contact with friendly units": an enemy adjacent to a friend is 0 away
    for _, dir in ipairs(H.DIRS) do
      local o = G.occ[H.key(tg.q + dir[1], tg.r + dir[2])]
      if o and G.D[o].side == sh.side then near_friends = true end
    end
  end
  return { gap = H.gap(H.distance(sh.q, sh.r, tg.q, tg.r)), indirect = indirect, target_near_friends = near_friends }
end

function turn.may_cast(G, d)
  if d.state ~= "ready" or d.non_combatant or not d.missile then return false end
  if missiles.casts_left(d) <= 0 then return false end
  -- archers and slingers that moved their full move do not throw
  if d.moved and d.moved_how and not d.threw_limit and (d.missile == "bow" or d.missile == "sling")
    and d.moved_how ~= "none" then return false end
  return true
end

function turn.missile_phase(G)
  local last = 3 - G.first
  local hits = {}
  for _, s in ipairs({ last, G.first }) do
    local cmd = G.sides[s].commander
    for _, uid in ipairs(turn.units(G, s)) do
      local d = G.D[uid]
      if turn.may_cast(G, d) then
        local target = cmd.missile_target(G, uid)
        if target then
          local tg = G.D[target]
          local sit = turn.cast_situation(G, d, tg)
          local r = sit and missiles.cast(d, tg, sit, G.dice)
          if r then
            if not tables.missiles[d.missile].long or sit.gap > tables.ranges.short then
              if not tables.missiles[d.missile].long then d.casts = (d.casts or 0) + 1 end
            end
            local lost = missiles.figures_lost(r, tg)
            hits[#hits + 1] = { target = target, lost = lost, dismounted = missiles.dismounted(r, tg) }
            tg.shot_turn = G.turn
            d.cast_turn = G.turn
            log(G, "cast", { unit = uid, target = target, table = r.table, casts = r.casts, kills = r.kills,
                             dismounts = r.dismounts, indirect = sit.indirect })
            if G.report then
              say(G, "  %s casts at %s (%s, %s, %d bases): %d hit%s%s.", label(d), label(tg), r.table:gsub("_", " "),
                sit.indirect and "indirect" or "direct", r.casts, r.kills, r.kills == 1 and "" or "s",
                r.dismounts > 0 and string.format(", %d dismounted", r.dismounts) or "")
            end
          end
        end
      end
    end
  end
  -- casualties of the same turn also cast: losses are applied afterwards
  for _, h in ipairs(hits) do
    if h.lost > 0 then turn.lose(G, h.target, h.lost - h.dismounted) end
    if h.dismounted > 0 and G.D[h.target].state ~= "gone" then turn.dismount(G, h.target, h.dismounted) end
  end
end

---------------------------------------------------------------------------
-- Melee (§4)

-- Riders unhorsed (§3 "4 dismounts"): n mounted figures become men on foot
-- who stay with the unit and fight on foot (melee.base_points).
function turn.dismount(G, uid, n)
  local d = G.D[uid]
  local k = math.min(n, d.figures)
  d.figures = d.figures - k
  d.dismounted = (d.dismounted or 0) + k
  log(G, "dismount", { unit = uid, riders = k })
  say(G, "  %s: %d rider%s unhorsed fight%s on foot.", label(d), k, k == 1 and "" or "s", k == 1 and "s" or "")
end

-- Takes n figures off a unit, rank and file first (dismounted riders, who
-- fight on foot among the horse, before the mounted), then officers.
function turn.lose(G, uid, n)
  local d = G.D[uid]
  local dm = math.min(n, d.dismounted or 0)
  if dm > 0 then d.dismounted = d.dismounted - dm; n = n - dm end
  local f = math.min(n, d.figures)
  d.figures = d.figures - f
  d.officers = math.max(0, d.officers - (n - f))
  G.bf:set_strength(uid, troops.strength(d))
  if troops.strength(d) <= 0 then turn.remove(G, uid, "destroyed") end
end

local function in_disorder(G, d)
  return d.state ~= "ready" or (d.disordered_until and d.disordered_until >= G.turn) or d.formation == "march"
end

-- Whether a light archer or slinger unit is "supported by heavier troops
-- (touching the bases of friendly heavy, medium or light troops)".
function turn.supported(G, d)
  for _, dir in ipairs(H.DIRS) do
    local o = G.occ[H.key(d.q + dir[1], d.r + dir[2])]
    if o and G.D[o].side == d.side and not troops.light_missile(G.D[o]) and G.D[o].state == "ready" then return true end
  end
  return false
end

-- The situation of unit d (side s) in combat c for melee.unit_points.
function turn.melee_situation(G, c, d)
  local foe
  for _, e in ipairs(turn.adjacent_enemies(G, d)) do
    if G.D[e].combat == c.id then foe = G.D[e]; break end
  end
  local t = tinfo(G, d.q, d.r)
  local s = {
    charging = c.chargers[d.uid] == G.turn,
    first_round = turn.tally(c, d) == 0 and (c.joined[d.uid] == nil or c.joined[d.uid].first ~= false),
    close_order = d.formation == "normal" or d.formation == "square",
    level = turn.level_ground(G, d, foe),
    defending_obstacle = t.obstacle == true and c.chargers[d.uid] == nil,
    pursuing_fresh = d.pursuing ~= nil and foe ~= nil and foe.state == "ready",
  }
  if foe then
    s.edge = turn.edge(G, d, foe)
    s.frontal = turn.to_front(G, d, foe)
  end
  return s
end

local function combat_side(G, c, s)
  local side = {}
  for _, uid in ipairs(c.units[s]) do
    local d = G.D[uid]
    if d.state ~= "gone" and not d.non_combatant then
      side[#side + 1] = { u = d, s = turn.melee_situation(G, c, d) }
    end
  end
  return side
end

local function end_combat(G, c)
  for s = 1, 2 do
    for _, uid in ipairs(c.units[s]) do
      if G.D[uid].combat == c.id then G.D[uid].combat = nil end
    end
  end
  G.combats[c.id] = nil
end

-- The units still in combat c on side s.
local function present(G, c, s)
  local out = {}
  for _, uid in ipairs(c.units[s]) do
    local d = G.D[uid]
    if d.combat == c.id and d.state ~= "gone" then out[#out + 1] = uid end
  end
  c.units[s] = out
  return out
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

-- After a combat is decided: the beaten side retreats, the victor may pursue.
local function decide(G, c, loser, why)
  local winner = 3 - loser
  -- copies: routing takes the beaten out of the combat's own lists
  local beaten = table.move(present(G, c, loser), 1, #c.units[loser], 1, {})
  local victors = table.move(present(G, c, winner), 1, #c.units[winner], 1, {})
  local spot = {}
  for _, uid in ipairs(beaten) do spot[uid] = { G.D[uid].q, G.D[uid].r } end
  for _, uid in ipairs(beaten) do turn.rout(G, uid, morale.must_leave(G.D[uid]), why) end
  end_combat(G, c)
  local cmd = G.sides[winner].commander
  for _, uid in ipairs(victors) do
    local d = G.D[uid]
    if d.state == "ready" then
      d.pursuing = nil
      local q = beaten[1]
      if q and G.D[q].state ~= "gone" and cmd.pursue and cmd.pursue(G, uid, q) then
        d.pursuing, d.pursuit_moves = q, 0
        say(G, "  %s pursues.", label(d))
      elseif q and spot[q] and cmd.occupy and cmd.occupy(G, uid, q) then
        turn.claim(G, uid, spot[q][1], spot[q][2], q)
      end
    end
  end
  log(G, "combat_decided", { combat = c.id, loser = loser })
end

function turn.melee_phase(G)
  local order = {}
  for _, id in ipairs(G.combat_order) do if G.combats[id] then order[#order + 1] = id end end
  G.combat_order = order
  for _, id in ipairs(order) do
    local c = G.combats[id]
    if c then turn.fight(G, c) end
  end
end

-- One throw of combat c.
function turn.fight(G, c)
  local p1, p2 = present(G, c, 1), present(G, c, 2)
  if #p1 == 0 or #p2 == 0 then end_combat(G, c); return end
  -- unsupported light archers and slingers struck by heavier troops
  for s = 1, 2 do
    local heavier = false
    for _, uid in ipairs(c.units[3 - s]) do if not troops.light_missile(G.D[uid]) then heavier = true end end
    if heavier then
      for _, uid in ipairs(present(G, c, s)) do
        local d = G.D[uid]
        if troops.light_missile(d) and not turn.supported(G, d) then
          say(G, "  %s, unsupported light troops struck by heavier troops, lose one man and retreat.", label(d))
          turn.lose(G, uid, tables.melee.light_missile_loss)
          if d.state ~= "gone" then turn.rout(G, uid, morale.must_leave(d), "unsupported") end
        end
      end
    end
  end
  p1, p2 = present(G, c, 1), present(G, c, 2)
  if #p1 == 0 or #p2 == 0 then end_combat(G, c); return end
  local a, b = combat_side(G, c, 1), combat_side(G, c, 2)
  -- "If broken troops or troops in disorder are attacked victory goes
  -- automatically to the attacker"
  local dis = { true, true }
  for s = 1, 2 do
    for _, uid in ipairs(c.units[s]) do if not in_disorder(G, G.D[uid]) then dis[s] = false end end
  end
  -- the attacker: a side with a unit that charged into this combat (or
  -- caught it in pursuit) this turn
  local attacked = { false, false }
  for s = 1, 2 do
    for _, uid in ipairs(c.units[s]) do if c.chargers[uid] == G.turn then attacked[s] = true end end
  end
  local automatic
  if dis[1] and not dis[2] and attacked[2] then automatic = "b"
  elseif dis[2] and not dis[1] and attacked[1] then automatic = "a" end
  local r = melee.round(a, b, G.dice, G.report ~= nil, { automatic = automatic })
  c.round = c.round + 1
  local loser
  if r.winner == "a" then loser = 2 elseif r.winner == "b" then loser = 1 end
  if G.log then
    G.bf:log("melee", { combat = c.id, round = c.round, units1 = p1, units2 = p2, points = r.points, throws = r.throws,
                        casualty = r.casualty, loser = loser, losses = r.losses, automatic = automatic ~= nil })
  end
  if G.report then
    local n1, n2 = {}, {}
    for _, uid in ipairs(p1) do n1[#n1 + 1] = label(G.D[uid]) end
    for _, uid in ipairs(p2) do n2[#n2 + 1] = label(G.D[uid]) end
    say(G, "  Melee, throw %d: %s (%g points) against %s (%g points)%s", c.round, table.concat(n1, " + "), r.points[1],
      table.concat(n2, " + "), r.points[2], automatic and ": the enemy is broken or in disorder, victory is automatic"
      or string.format(": 2 dice %d x %g = %g against %d x %g = %g", r.throws[1], r.points[1], r.scores[1], r.throws[2],
        r.points[2], r.scores[2]))
    for _, t in ipairs({ r.terms[1], r.terms[2] }) do
      for _, line in ipairs(melee.describe_side(t, function(u) return u.name end)) do say(G, "  %s", line) end
    end
    if loser then
      say(G, "    %s loses the throw; casualty throw %d against %d: %d figure%s lost.", G.sides[loser].name,
        r.casualty[1], r.casualty[2], r.losses, r.losses == 1 and "" or "s")
    else
      say(G, "    equal scores: a drawn throw.")
    end
  end
  if loser then
    c.losses[loser] = c.losses[loser] + 1
    local principal = present(G, c, loser)[1]
    if r.losses > 0 then turn.lose(G, principal, r.losses) end
  end
  -- units under half strength leave (the melee ends for them)
  for s = 1, 2 do
    local gone_all = true
    -- a copy: routing takes a unit out of the combat's own list
    local units = present(G, c, s)
    for _, uid in ipairs(table.move(units, 1, #units, 1, {})) do
      if morale.must_leave(G.D[uid]) then
        turn.rout(G, uid, true, "under half strength")
      else
        gone_all = false
      end
    end
    if gone_all then
      if #present(G, c, 3 - s) > 0 then decide(G, c, s, "beaten") else end_combat(G, c) end
      return
    end
  end
  if automatic then decide(G, c, loser, "attacked while broken or in disorder"); return end
  -- each unit's melee lasts three throws from when it joined: after its
  -- third, it retreats if it lost two or more of them; otherwise its fight
  -- is renewed (a newcomer is not bound by throws it did not fight)
  for s = 1, 2 do
    local units = present(G, c, s)
    local beaten, renewed = {}, {}
    for _, uid in ipairs(units) do
      local d = G.D[uid]
      local thrown, lost, won = turn.tally(c, d)
      if thrown >= tables.melee.rounds then
        if morale.retreats(lost, won) == "a" then beaten[#beaten + 1] = { uid, lost } else renewed[#renewed + 1] = uid end
      end
    end
    for _, uid in ipairs(renewed) do
      c.joined[uid] = { c.round, c.losses[1], c.losses[2], first = false }
      say(G, "    %s: after three throws it has not lost two: its fight is renewed.", label(G.D[uid]))
    end
    if #beaten > 0 and #beaten == #units then
      decide(G, c, s, string.format("lost %d of 3 throws", beaten[1][2]))
      return
    end
    for _, b in ipairs(beaten) do
      turn.rout(G, b[1], morale.must_leave(G.D[b[1]]), string.format("lost %d of 3 throws", b[2]))
    end
  end
end

---------------------------------------------------------------------------
-- Resupply (§3)

-- Whether hex (q, r) is "behind friendly forces" for unit d: a ready friend
-- stands on one of the two hexes toward the enemy's edge, and no enemy
-- touches the hex.
function turn.behind_friends(G, d, q, r)
  local toward = setup.facing(d.side)
  local screened = false
  for i, dir in ipairs(H.DIRS) do
    local o = G.occ[H.key(q + dir[1], r + dir[2])]
    if o and o ~= d.uid then
      local od = G.D[o]
      if od.side ~= d.side then return false end
      if H.relative(toward, i) == "front" and od.state == "ready" and not od.non_combatant then screened = true end
    end
  end
  return screened
end

-- "Tactical units equipped for throwing at short range only are allowed to
-- cast three times in a battle unless ... 2) they are withdrawn behind
-- friendly forces for a resupply": a unit that spends a whole turn behind
-- friends (tables.resupply_turns), neither casting nor fighting, has its
-- three casts again.
function turn.resupply(G)
  for s = 1, 2 do
    for _, uid in ipairs(turn.units(G, s)) do
      local d = G.D[uid]
      if d.state == "ready" and not d.combat and missiles.needs_resupply(d) and (d.casts or 0) > 0
        and d.cast_turn ~= G.turn and turn.behind_friends(G, d, d.q, d.r) then
        d.resupply_turns = (d.resupply_turns or 0) + 1
        if d.resupply_turns >= tables.resupply_turns then
          d.casts, d.resupply_turns = 0, 0
          log(G, "resupply", { unit = uid })
          say(G, "  %s is resupplied behind friendly forces: three casts again.", label(d))
        end
      else
        d.resupply_turns = 0
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

-- Who moves first: "each player throws a die. The highest scorer moves
-- first ... On the second move the player who moved last the first move
-- moves first. Thereafter the players alternate."
function turn.first_mover(G)
  if G.turn == 1 then
    local a, b
    repeat
      a = G.dice:roll(6, "Hinds first move, side 1")
      b = G.dice:roll(6, "Hinds first move, side 2")
    until a ~= b
    G.first = a > b and 1 or 2
    log(G, "initiative", { throws = { a, b }, first = G.first })
    say(G, "First move: %s throws %d, %s %d; %s moves first.", G.sides[1].name, a, G.sides[2].name, b,
      G.sides[G.first].name)
  else
    G.first = 3 - G.first
    log(G, "initiative", { first = G.first })
  end
end

function turn.play(G)
  turn.first_mover(G)
  for _, phase in ipairs(turn.phases.entries) do
    G.bf:set_time(G.turn, phase.id)
    phase.run(G)
    if G.over then return end
  end
end

return turn
