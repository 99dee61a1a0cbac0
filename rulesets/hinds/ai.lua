-- The default commander for Hinds' rules. It is asked, never obeyed blindly:
-- turn.lua checks every order against the rules.
--
--   deployment(G, s)          -> { { index, q, r, facing }, ... }
--   order(G, uid)             -> { kind = "hold" | "move" | "charge", ... }
--   missile_target(G, uid)    -> enemy uid or nil
--   pursue(G, uid, quarry)    -> true to pursue a beaten unit
--   occupy(G, uid, quarry)    -> true to take the vanquished's ground (not pursuing)
--   cavalry_assisted(G, uid)  -> "retreat" | "fight" (infantry joins a fight)
--   designate(G, uid)         -> true to designate a retreat (shifted next turn)
--
-- Deployment: skirmishing archers and slingers in the front row, the foot in
-- the middle of the main line, the horse on its wings. In battle: charge
-- what can be charged at good odds (a flank or rear first), shoot what is
-- in range, otherwise close with the nearest enemy.
--
-- It plays both sides alike (issue #13, mirror matches): columns are
-- counted from each side's own left, and every tie between hexes or
-- facings is broken from the unit's or the side's own point of view
-- (own_rank, H.facing_towards with the unit's facing), never in the
-- board's fixed order. It does not swing a unit back the way it has just
-- turned (ai.order over ai.choose).

local troops = require("hinds.troops")
local missiles = require("hinds.missiles")
local setup = require("hinds.setup")
local turn = require("hinds.turn")
local H = require("hinds.hexes")
-- (lib.sighting.knows, written out where the commander weighs enemies: the enemies the side has seen, weather module)

local ai = {}

local function centre_out(cols, n)
  -- columns from the centre outwards: c, c-1, c+1, c-2, ...
  local out, c = {}, cols // 2
  for k = 0, cols do
    for _, col in ipairs(k == 0 and { c } or { c - k, c + k }) do
      if col >= 0 and col < cols and #out < n then out[#out + 1] = col end
    end
  end
  return out
end

function ai.deployment(G, s)
  local side = G.sides[s]
  local rows = setup.deploy_rows(G.B, s)
  local front, main, wings = {}, {}, {}
  for i, spec in ipairs(side.specs) do
    if troops.light_missile(spec) and #rows > 1 then front[#front + 1] = i
    elseif spec.arm == "mounted" then wings[#wings + 1] = i
    else main[#main + 1] = i end
  end
  local plan, used, own_col = {}, {}, {}
  -- columns are counted from the side's own left: side 2 faces south, so
  -- its column c is the board's cols - 1 - c (the deployment turned about,
  -- the same line seen from either edge)
  local function put(i, row, col)
    local bcol = s == 2 and G.B.cols - 1 - col or col
    local q, r = H.axial(bcol, row)
    if used[H.key(q, r)] or not H.on_board(G.B, q, r) or not turn.passable(G, side.specs[i], q, r) then return false end
    used[H.key(q, r)] = true
    plan[#plan + 1] = { index = i, q = q, r = r, facing = setup.facing(s) }
    own_col[#plan] = col
    return true
  end
  local function place_list(list, row_order, col_order)
    for _, i in ipairs(list) do
      local done = false
      for _, row in ipairs(row_order) do
        for _, col in ipairs(col_order) do
          if put(i, row, col) then done = true; break end
        end
        if done then break end
      end
      if not done then error("hinds.ai: no room to deploy " .. side.specs[i].name, 0) end
    end
  end
  local main_rows = {}
  for k = #rows > 1 and 2 or 1, #rows do main_rows[#main_rows + 1] = rows[k] end
  for k = 1, (#rows > 1 and 1 or 0) do main_rows[#main_rows + 1] = rows[k] end
  local cols = centre_out(G.B.cols, G.B.cols)
  place_list(main, main_rows, cols)
  -- the wings: the outermost free columns of the main row, alternating
  local wing_cols = {}
  for k = #cols, 1, -1 do wing_cols[#wing_cols + 1] = cols[k] end
  -- nearest the main body first: reverse so the wings hug the line
  local taken_min, taken_max = G.B.cols, -1
  for k in ipairs(plan) do
    local col = own_col[k]
    if col < taken_min then taken_min = col end
    if col > taken_max then taken_max = col end
  end
  local wc = {}
  for k = 1, G.B.cols do
    if taken_max + k < G.B.cols then wc[#wc + 1] = taken_max + k end
    if taken_min - k >= 0 then wc[#wc + 1] = taken_min - k end
  end
  for _, c in ipairs(wing_cols) do wc[#wc + 1] = c end
  place_list(wings, main_rows, wc)
  place_list(front, rows, cols)
  return plan
end

-- A hex's place in side s's own frame of the board (its columns from its
-- own left, its rows from its own edge): a tie-break that reads the board
-- the same way from either side. Ties broken in the board's own order
-- (a fixed list of directions, a breadth-first search) favoured one side
-- in mirror matches.
local function own_rank(G, s, q, r)
  local col, row = H.offset(q, r)
  if s == 2 then col, row = G.B.cols - 1 - col, G.B.rows - 1 - row end
  return row * 1024 + col
end
ai.own_rank = own_rank

-- The live enemies of d (turn.units, army order), d's distance in
-- hexagons to each (dist[j] for enemies[j]) and the least of them
-- (math.huge with no enemy). The commander asks it six or
-- seven times while it chooses one unit's order (charges, formations, the
-- nearest enemy, the horse's flank, the missile target): it is worked out
-- once and kept until anything is placed or removed (G.placements; every
-- move goes through turn.place) or another unit asks. Callers only read
-- both lists, and only until they ask for another unit.
local view = { dist = {} }
local function enemy_dists(G, d)
  local v = view
  local placements = G.placements or 0
  local dq, dr = d.q, d.r
  -- (the enemy list is asked only when the distances are worked out: a
  -- unit leaves the field only through turn.remove, which counts
  -- G.placements too, so with the same count the list is the same)
  if v.G == G and v.uid == d.uid and v.placements == placements and v.q == dq and v.r == dr then
    return v.list, v.dist, v.least
  end
  local enemies = turn.units(G, 3 - d.side)
  local dist, D, least = v.dist, G.D, math.huge
  for j = 1, #enemies do
    local e = D[enemies[j]]
    local dq2, dr2 = dq - e.q, dr - e.r     -- H.distance, written out
    local ds = dq2 + dr2
    if dq2 < 0 then dq2 = -dq2 end
    if dr2 < 0 then dr2 = -dr2 end
    if ds < 0 then ds = -ds end
    local x = (dq2 + dr2 + ds) // 2 | 0
    dist[j] = x
    if x < least then least = x end
  end
  v.G, v.uid, v.list, v.placements, v.q, v.r, v.least = G, d.uid, enemies, placements, dq, dr, least
  return enemies, dist, least
end
ai.enemy_dists = enemy_dists

-- The nearest live enemy (ties by id) and its distance in hexes;
-- ready_only: the nearest ready one. (The distance is compared first: an
-- enemy no nearer than the best so far is not chosen whatever its state.)
local function nearest_enemy(G, d, ready_only)
  local best, bd
  local enemies, dists = enemy_dists(G, d)
  -- sighting.knows written out (every enemy, several times a unit): with
  -- no sighting state every enemy is known
  local st = G.sighting
  local seen = st and st.seen[d.side]
  local D = G.D
  for j = 1, #enemies do
    local dist = dists[j]
    if not bd or dist < bd then
      local uid = enemies[j]
      local state = D[uid].state
      -- hook: with the weather module, only the enemies the side has seen
      if state ~= "gone" and (not ready_only or state == "ready") and (not seen or seen[uid] == true) then
        best, bd = uid, dist
      end
    end
  end
  return best, bd
end

-- A unit's points at the first throw (melee.base_points), remembered with
-- what they depend on (victory.points_now: the same value)
local points = require("hinds.victory").points_now

-- Is it worth charging e? Odds by points, with the flank/rear bonus.
local function charge_value(G, d, e, q, r)
  if e.state ~= "ready" or (e.disordered_until and e.disordered_until >= G.turn) then return 1000 end
  local i = H.dir_index(q - e.q, r - e.r)
  local edge = (i and e.formation ~= "square") and H.relative(e.facing, i) or "front"
  local mine = points(d)
  if edge == "flank" then mine = mine + 3 * troops.bases_now(d) elseif edge == "rear" then mine = mine + 4 * troops.bases_now(d) end
  local theirs = points(e)
  if e.combat then
    -- joining a fight already under way: count the friends in it
    local c = G.combats[e.combat]
    if c then for _, f in ipairs(c.units[d.side]) do if G.D[f].state == "ready" then mine = mine + points(G.D[f]) end end end
  end
  return mine / math.max(theirs, 0.5) + (edge == "flank" and 0.3 or 0) + (edge == "rear" and 0.5 or 0)
end

-- The facing a unit had when the commander last ordered it, by side and
-- unit: { turn, facing } (a memory of the commander's, not the unit's).
local function memory(G, d)
  local side = G.sides[d.side]
  side.ai_facing = side.ai_facing or {}
  return side.ai_facing
end

-- Whether order o turns d in its hexagon (a hold with a new facing, or a
-- turned move that gathers toward the next hexagon without reaching it).
local function turns_in_place(d, o)
  if o.kind == "hold" then return o.facing ~= nil and o.facing ~= d.facing, o.facing end
  if o.kind == "move_wait" and o.how == "turned" and o.facing ~= d.facing then return true, o.facing end
  return false
end

-- A sensible player does not swing a unit back and forth: a turn in place
-- that undoes the turn the unit made since the commander's last order (a
-- swing of 30 degrees or more one way, then back) is not ordered; the
-- unit keeps its facing and holds (or goes straight on, if it can).
function ai.order(G, uid)
  local d = G.D[uid]
  local mem = memory(G, d)
  local last = mem[uid]
  local o = ai.choose(G, uid)
  local turning, to = turns_in_place(d, o)
  if turning and last and last.turn == G.turn - 1 then
    local before = H.norm(d.facing - last.facing)
    local now = H.norm(to - d.facing)
    if math.abs(before) >= 30 and math.abs(now) >= 30 and (before > 0) ~= (now > 0) then
      o = ai.straight_on(G, d) or { kind = "hold" }
    end
  end
  if last then last.turn, last.facing = G.turn, d.facing   -- (read above; updated in place)
  else mem[uid] = { turn = G.turn, facing = d.facing } end
  return o
end

-- A step straight on in the unit's own facing, when it brings it nearer
-- the nearest ready enemy; nil otherwise.
function ai.straight_on(G, d)
  local target = nearest_enemy(G, d, true)
  if not target then return nil end
  local e = G.D[target]
  local reach = turn.move_reach(G, d, "forward", d.facing)
  local here = H.distance(d.q, d.r, e.q, e.r)
  local best, bd, br
  for _, h in ipairs(reach) do
    local dist = H.distance(h[1], h[2], e.q, e.r)
    local rank = own_rank(G, d.side, h[1], h[2])
    if dist < here and (not bd or dist < bd or (dist == bd and rank < br)) then best, bd, br = h, dist, rank end
  end
  if best then return { kind = "move", q = best[1], r = best[2], facing = d.facing, how = "forward" } end
  return nil
end

-- The commander's choice before the check against swinging back.
function ai.choose(G, uid)
  local d = G.D[uid]
  local light = troops.light_missile(d)
  -- charges
  local enemies, dists, least = enemy_dists(G, d)
  -- (no enemy within 4 hexagons, the most the charge loop below weighs:
  -- nothing to weigh, and the charge allowances need not be asked)
  if not light and least <= 4 then
    local best, bv
    -- d's charge reach by facing, shared by the enemies it weighs (and by
    -- turn.charge, when it is the unit being ordered)
    local m = turn.order_memo(G, d)
    local reach_memo = m and m.charge
    if not reach_memo then
      reach_memo = {}
      if m then m.charge = reach_memo end
    end
    -- an enemy beyond the charge's reach (turn.charge_limit) is not asked
    local limit = turn.charge_limit(G, d, reach_memo)
    if limit > 4 then limit = 4 end
    local st = G.sighting   -- sighting.knows, written out as in nearest_enemy
    local seen = st and st.seen[d.side]
    for j = 1, #enemies do
      local e_uid = enemies[j]
      if dists[j] <= limit and (not seen or seen[e_uid] == true) then  -- hook: known enemies only
        local e = G.D[e_uid]
        local ok, q, r = turn.can_charge(G, d, e, reach_memo)
        if ok then
          local v = charge_value(G, d, e, q, r)
          if v >= 0.8 and (not bv or v > bv) then best, bv = e_uid, v end
        end
      end
    end
    if best then return { kind = "charge", target = best } end
  end
  -- formations: a square against horse threatening a flank or the rear, a
  -- testudo under archery it cannot close with, back to normal otherwise
  local f = ai.formation(G, d)
  if f then return { kind = "formation", formation = f } end
  -- the reserve stands until it is needed
  if ai.in_reserve(G, d) then return { kind = "hold" } end
  -- light troops out of short-range missiles withdraw behind friends to be
  -- resupplied (§3), and stand there a turn
  if ai.resupplying(G, d) then
    if turn.behind_friends(G, d, d.q, d.r) then return { kind = "hold" } end
    local o = ai.to_resupply(G, d)
    if o then return o end
  end
  -- missile troops with a target hold and cast
  if d.missile and turn.may_cast(G, d) then
    local t = ai.missile_target(G, uid)
    if t then
      local e = G.D[t]
      local dist = H.distance(d.q, d.r, e.q, e.r)
      if light and dist <= 2 then
        -- skirmishers step back from close enemies
        return ai.step(G, d, t, "rear") or { kind = "hold" }
      end
      if troops.long_range(d) or dist <= 1 then return { kind = "hold" } end
    end
  end
  -- close with the nearest enemy (horse: round its flank)
  local target_ready, ready_dist = nearest_enemy(G, d, true)
  local target = target_ready or nearest_enemy(G, d)
  -- hook: seeing no enemy (weather module: fog, night), advance towards the enemy's edge
  if not target then return G.weather_blind and G.weather_blind(G, d) or { kind = "hold" } end
  local e = G.D[target]
  if d.arm == "mounted" and not light then
    local fq, fr = ai.flank_hex(G, d, target_ready ~= nil, ready_dist)
    if fq and H.distance(d.q, d.r, fq, fr) > 0 then
      local o = ai.step_to(G, d, fq, fr, "forward")
      if o and o.kind == "move" then return o end
    end
  end
  if H.distance(d.q, d.r, e.q, e.r) <= 1 then
    return { kind = "hold", facing = H.facing_towards(H.bearing(G.B, d.q, d.r, e.q, e.r), d.facing) }
  end
  if light and troops.long_range(d) and H.distance(d.q, d.r, e.q, e.r) <= 4 then return { kind = "hold" } end
  return ai.step(G, d, target, "forward") or { kind = "hold" }
end

-- Whether d should go back for a resupply: light troops (skirmishers and
-- light horse) whose three short-range casts are spent.
function ai.resupplying(G, d)
  return missiles.needs_resupply(d) and missiles.casts_left(d) <= 0 and troops.weight(d) == "light"
end

-- A move to the nearest hex behind friends: backwards keeping the facing,
-- else turned toward the home edge (forward once it faces home). A move
-- short of a hexagon is gathered toward a free hexagon behind friends next
-- to it (§2: the retreat and 90-turn allowances are under a hexagon).
function ai.to_resupply(G, d)
  local home = H.norm(setup.facing(d.side) + 180)
  for _, how in ipairs({ "rear", "turned" }) do
    local face = how == "rear" and d.facing or home
    if how == "turned" and face == d.facing then how = "forward" end
    local dir = how == "rear" and "rear" or "front"
    local reach = turn.move_reach(G, d, how, face)
    local best, bs, br
    for _, h in ipairs(reach) do
      if turn.behind_friends(G, d, h[1], h[2]) then
        local rank = own_rank(G, d.side, h[1], h[2])
        if not best or h[3] < bs or (h[3] == bs and rank < br) then best, bs, br = h, h[3], rank end
      end
    end
    if best then return { kind = "move", q = best[1], r = best[2], facing = face, how = how } end
    if #reach == 0 then
      for i, step in ipairs(H.DIRS) do
        local q, r = d.q + step[1], d.r + step[2]
        if H.relative(face, i) == dir and turn.free(G, d, q, r) and turn.behind_friends(G, d, q, r) then
          return { kind = "move_wait", how = how, facing = face }
        end
      end
    end
  end
  return nil
end

-- The best reachable hex toward (or, "rear", away from) an enemy.
function ai.step(G, d, target, how)
  local e = G.D[target]
  return ai.step_to(G, d, e.q, e.r, how)
end

-- The same toward a hex (tq, tr).
function ai.step_to(G, d, tq, tr, how)
  local bearing = H.bearing(G.B, d.q, d.r, tq, tr)
  local face = H.facing_towards(bearing, d.facing)
  local mode = how
  if how == "forward" and face ~= d.facing then
    -- keep the facing when the enemy is still within 60 degrees ahead
    if math.abs(H.norm(bearing - d.facing)) <= 60 + 1e-6 then face = d.facing else mode = "turned" end
  end
  if how == "rear" then face = d.facing end
  if how == "rear" then mode = "rear" end
  local throwing = d.missile and troops.long_range(d) ~= nil
  local reach = turn.move_reach(G, d, mode, face, throwing)
  local best, bd
  local here = H.distance(d.q, d.r, tq, tr)
  local br
  -- (H.distance and own_rank written out: every hexagon of every reach)
  local rear, ti = how == "rear", turn.tinfo
  local flip, cols1, rows1 = d.side == 2, G.B.cols - 1, G.B.rows - 1
  for i = 1, #reach do
    local h = reach[i]
    local hq, hr = h[1], h[2]
    local dq2, dr2 = hq - tq, hr - tr
    local ds = dq2 + dr2
    if dq2 < 0 then dq2 = -dq2 end
    if dr2 < 0 then dr2 = -dr2 end
    if ds < 0 then ds = -ds end
    local dist = (dq2 + dr2 + ds) // 2 | 0
    local score = rear and -dist or dist
    -- The ground and the rank are asked only of a hexagon that could be
    -- chosen: the stream's half hexagon only makes a score worse, so a
    -- hexagon already worse than the best (or equal and not before it)
    -- stays so; the same choice as asking every hexagon (ai_test).
    if not bd or score <= bd then
      local col, row = hq + hr // 2, hr
      if flip then col, row = cols1 - col, rows1 - row end
      local rank = row * 1024 + col
      if not bd or score < bd or rank < br then
        -- a stream ends the move and costs the next (§2): a hexagon as far on
        -- by dry ground is better
        if ti(G, hq, hr).stream then score = score + 0.5 end
        if not bd or score < bd or (score == bd and rank < br) then best, bd, br = h, score, rank end
      end
    end
  end
  if #reach == 0 then
    -- nothing reachable yet (a move short of a hexagon: a slow mover, a
    -- turn, a move to the rear): gather it toward the next hexagon
    return { kind = "move_wait", how = mode, facing = face, throwing = throwing }
  end
  if not best then return nil end
  if how ~= "rear" and H.distance(best[1], best[2], tq, tr) >= here then return nil end
  return { kind = "move", q = best[1], r = best[2], facing = face, how = mode, throwing = throwing }
end

---------------------------------------------------------------------------
-- Formations (§4 "The special benefits of certain formations")

-- An enemy horse's charge reach as the commander weighs it for the foot
-- it might threaten (turn.can_charge's reach_memo: its allowances and its
-- reach by facing), shared by every foot unit that asks while nothing on
-- the board moves: kept per battle and horse, and made anew when anything
-- was placed or removed (G.placements), the turn changed, or the horse's
-- own carry, facing or formation changed. The same answers as a search
-- per foot unit (tests/speed_test.lua).
local horse_memos = setmetatable({}, { __mode = "k" })   -- G -> { [uid] = { placements, turn, carry, facing, formation, memo } }
local function horse_memo(G, e)
  local per = horse_memos[G]
  if not per then per = {}; horse_memos[G] = per end
  local m = per[e.uid]
  local placements = G.placements or 0
  if m and m[1] == placements and m[2] == G.turn and m[3] == e.carry and m[4] == e.facing and m[5] == e.formation then
    return m[6]
  end
  m = { placements, G.turn, e.carry, e.facing, e.formation, {} }
  per[e.uid] = m
  return m[6]
end

-- An enemy horse able to charge d on a flank or in the rear next turn.
local function horse_threat(G, d)
  local enemies, dists = enemy_dists(G, d)
  for j = 1, #enemies do
    local e_uid = enemies[j]
    local e = G.D[e_uid]
    if dists[j] <= 3 and e.arm == "mounted" and e.state == "ready" and not e.combat then
      local saved = G.turn
      local memo = horse_memo(G, e)
      G.turn = G.turn + 1          -- as it would stand in its next move
      -- (no search for a horse beyond its charge's reach: turn.charge_limit)
      local ok, q, r = false, nil, nil
      if dists[j] <= turn.charge_limit(G, e, memo) then ok, q, r = turn.can_charge(G, e, d, memo) end
      G.turn = saved
      if ok then
        local i = H.dir_index(q - d.q, r - d.r)
        if i and H.relative(d.facing, i) ~= "front" then return true end
      end
    end
  end
  return false
end

-- Enemy missile troops with the long-range cast within reach of d, and the
-- nearest enemy able to fight it hand to hand.
local function archery_threat(G, d)
  local shot, melee_near = false, false
  local enemies, dists = enemy_dists(G, d)
  for j = 1, #enemies do
    local e = G.D[enemies[j]]
    if e.state == "ready" then
      local dist = dists[j]
      if troops.long_range(e) and dist >= 2 and dist <= 4 and missiles.casts_left(e) > 0 then shot = true end
      if not troops.light_missile(e) and not e.non_combatant and dist <= 3 then melee_near = true end
    end
  end
  return shot, melee_near
end

-- The formation the default commander wants d to change into now, or nil.
-- Squares "cannot be attacked from the flanks or rear": formed by foot
-- (not skirmishers) when enemy horse could strike a flank or the rear next
-- turn. The testudo is "proof against all missles at long range": formed by
-- legionaries (pilum troops) shot at from long range by archers or
-- slingers when no enemy that fights hand to hand is within three hexes
-- (it moves one unit a turn and casts nothing). Either is given up when the
-- danger has passed. The march column only gains on roads, which the
-- shipped scenarios do not have; the commander does not use it.
function ai.formation(G, d)
  if d.combat or d.state ~= "ready" or troops.light_missile(d) then return nil end
  if d.arm ~= "foot" then return nil end
  if d.formation == "normal" then
    if horse_threat(G, d) then return "square" end
    if d.missile == "pilum" and d.shot_turn and d.shot_turn >= G.turn - 1 then
      local shot, melee_near = archery_threat(G, d)
      if shot and not melee_near then return "testudo" end
    end
  elseif d.formation == "square" then
    if not horse_threat(G, d) then return "normal" end
  elseif d.formation == "testudo" then
    local shot, melee_near = archery_threat(G, d)
    if melee_near or not shot then return "normal" end
  end
  return nil
end

---------------------------------------------------------------------------
-- The reserve, flank attacks, designated retreats

-- The reserve: the last foot unit of the main line (not a skirmisher) in
-- an army of six or more units; it stands while the line advances and is
-- released when an enemy comes within two hexes of it, when a friend is
-- beaten, or from turn 6.
function ai.reserve_id(side, G)
  local list = side.specs
  if #list == 0 and G then
    list = {}
    for _, uid in ipairs(side.units) do list[#list + 1] = G.D[uid] end
  end
  if #list < 6 then return nil end
  local id
  for _, spec in ipairs(list) do
    if spec.arm == "foot" and not troops.light_missile(spec) and spec.missile ~= "javelin" then id = spec.id end
  end
  return id
end

function ai.in_reserve(G, d)
  local side = G.sides[d.side]
  if side.reserve_released then return false end
  if side.reserve_id == nil then side.reserve_id = ai.reserve_id(side, G) or false end
  if d.id ~= side.reserve_id then return false end
  local release = G.turn >= 6
  for _, uid in ipairs(side.units) do
    if G.D[uid].state ~= "ready" then release = true end
  end
  local _, dist = nearest_enemy(G, d, true)
  if dist and dist <= 2 then release = true end
  if release then
    side.reserve_released = true
    turn.say(G, "  %s, the reserve, is committed.", turn.label(d))
    return false
  end
  return true
end

-- A free hex on an enemy's flank or rear for horse to make for: the
-- nearest one that is not farther than the nearest enemy by more than two
-- hexes (enemies in square have no flanks). asked, near: the caller has
-- already found the distance to the nearest ready enemy (nil: none).
function ai.flank_hex(G, d, asked, near)
  if not asked then near = select(2, nearest_enemy(G, d, true)) end
  if not near then return nil end
  local bq, brr, bd, br
  local DIRS = H.DIRS
  local enemies, dists = enemy_dists(G, d)
  local dq, dr, far = d.q, d.r, near + 2
  -- (H.distance written out below: every flank and rear hexagon of the
  -- near enemies)
  for j = 1, #enemies do
    local e = G.D[enemies[j]]
    -- a flank hexagon touches its enemy, so it is at least the enemy's
    -- distance less one away: an enemy farther than that from the best so
    -- far has none to offer (nor can d stand on its flank)
    local dj = dists[j]
    if dj <= far and (not bd or dj - 1 <= bd) and e.state == "ready" and e.formation ~= "square" then
      local rel = H.relatives(e.facing)
      for i = 1, 6 do
        if rel[i] ~= "front" then
          local dir = DIRS[i]
          local q, r = e.q + dir[1], e.r + dir[2]
          if q == d.q and r == d.r then return q, r end
          -- the distance first: a hexagon too far (beyond near + 2, or
          -- farther than the best so far: it cannot be chosen) needs no
          -- question of the ground
          local x, y = dq - q, dr - r
          local z = x + y
          if x < 0 then x = -x end
          if y < 0 then y = -y end
          if z < 0 then z = -z end
          local dist = (x + y + z) // 2 | 0
          if dist <= far and (not bd or dist <= bd) and turn.free(G, d, q, r) then
            local rank = own_rank(G, d.side, q, r)
            if not bd or dist < bd or (dist == bd and rank < br) then
              bq, brr, bd, br = q, r, dist, rank
            end
          end
        end
      end
    end
  end
  if bq then return bq, brr end
  return nil
end

-- Designated retreats (§4 "A player may designate the retreat of a given
-- tactical unit on the previous move"): a unit that has lost more throws of
-- its combat than the enemy, so that the end of the third throw would send
-- it in flight, and is outmatched (the enemy's points at least 1.25 times
-- its side's) is designated; it steps back before the next movement,
-- facing the enemy, out of the combat instead of fleeing.
function ai.designate(G, uid)
  local d = G.D[uid]
  local c = d.combat and G.combats[d.combat]
  if not c then return false end
  local thrown, lost, won = turn.tally(c, d)
  if thrown == 0 or thrown >= 3 then return false end
  if lost <= won then return false end
  local mine, theirs = 0, 0
  for _, f in ipairs(c.units[d.side]) do mine = mine + points(G.D[f]) end
  for _, f in ipairs(c.units[3 - d.side]) do theirs = theirs + points(G.D[f]) end
  if theirs < 1.25 * mine then return false end
  return turn.withdraw_hex(G, d) ~= nil
end

-- The target of the lowest score: ten a hexagon of distance, +5 indirect,
-- +3 not ready (the first in army order among equals). A score is under
-- ten times its distance plus ten, so the enemies are weighed nearest
-- distance first and the search stops at the first distance with a target:
-- the same choice, with the line of cast worked out for fewer enemies.
-- A caster that reaches only enemies next to it (the pilum: "at 5 units
-- and under", gap 0 only) weighs the enemies on its six neighbouring
-- hexagons instead of the whole army: the same scores, and among equals
-- the first in army order.
local function adjacent_target(G, d)
  local occ, D, DIRS, side = G.occ, G.D, H.DIRS, d.side
  local score_of, best, bd, ties
  for i = 1, 6 do
    local dir = DIRS[i]
    local o = occ[(d.q + dir[1] + 512) * 1024 + (d.r + dir[2] + 512)]
    local e = o and D[o]
    if e and e.side ~= side and e.state ~= "gone" then
      local sit = turn.cast_situation(G, d, e)
      if sit and missiles.table_for(d, e, sit) then
        local score = 10 + (sit.indirect and 5 or 0) + (e.state == "ready" and 0 or 3)
        score_of = score_of or {}
        score_of[o] = score
        if not bd or score < bd then best, bd, ties = o, score, false elseif score == bd then ties = true end
      end
    end
  end
  if not ties then return best end
  local enemies = turn.units(G, 3 - side)
  for j = 1, #enemies do
    if score_of[enemies[j]] == bd then return enemies[j] end
  end
  return best
end

-- The enemies within 4 hexagons are put in one list per distance (army
-- order kept within each: a scratch "next" chain per distance) in the one
-- pass over the army, so each distance reads only its own enemies.
local level_head, level_tail, level_next = {}, {}, {}
function ai.missile_target(G, uid)
  local d = G.D[uid]
  local widest = missiles.max_gap(d)
  if not widest then return nil end
  if H.gap(2) > widest then return adjacent_target(G, d) end
  local enemies, dists, least = enemy_dists(G, d)
  -- no enemy at a distance the loop below weighs (4 hexagons at most, and
  -- a gap within the caster's range; the gap grows with the distance):
  -- no target, without listing the enemies by distance
  if least > 4 or H.gap(least) > widest then return nil end
  local D = G.D
  for level = 0, 4 do level_head[level] = nil end
  for j = 1, #enemies do
    local dist = dists[j]
    if dist <= 4 then
      level_next[j] = nil
      if level_head[dist] then level_next[level_tail[dist]] = j else level_head[dist] = j end
      level_tail[dist] = j
    end
  end
  -- no level whose gap is beyond the caster's widest range (table_for
  -- would refuse every enemy there)
  for level = 0, 4 do
    if H.gap(level) > widest then break end
    local best, bd
    local j = level_head[level]
    while j do
      local e_uid = enemies[j]
      local e = D[e_uid]
      -- an enemy whose least score (a direct cast) is no better than the
      -- best so far cannot be chosen (a later one wins only by a lower
      -- score): its line of cast is not worked out. The same choice
      -- (speed_test); cast_situation has no effect but its memory.
      local least = level * 10 + (e.state == "ready" and 0 or 3)
      if e.state ~= "gone" and (not bd or least < bd) then
        local sit = turn.cast_situation(G, d, e)
        if sit and missiles.table_for(d, e, sit) then
          local score = level * 10 + (sit.indirect and 5 or 0) + (e.state == "ready" and 0 or 3)
          if not bd or score < bd then best, bd = e_uid, score end
        end
      end
      j = level_next[j]
    end
    if best then return best end
  end
  return nil
end

function ai.pursue(G, uid, quarry)
  local d = G.D[uid]
  if troops.light_missile(d) then return false end
  local q = G.D[quarry]
  return troops.strength(d) * 2 >= troops.strength(q)
end

-- A victor that does not pursue takes the vanquished's ground (§4), unless
-- it is a skirmisher (they keep their distance) or the ground is closed to it.
function ai.occupy(G, uid, quarry)
  local d, q = G.D[uid], G.D[quarry]
  if troops.light_missile(d) then return false end
  return turn.passable(G, d, q.q, q.r)
end

-- Cavalry that infantry comes to attack in its fight withdraws when
-- outnumbered 3 to 2 in points, unless it charged into that fight this
-- very turn: a player does not call back the horse he has just sent in
-- (it would end the move where it began).
function ai.cavalry_assisted(G, uid)
  local d = G.D[uid]
  local c = d.combat and G.combats[d.combat]
  if not c then return "fight" end
  if c.chargers[uid] == G.turn then return "fight" end
  local mine, theirs = 0, 0
  for _, f in ipairs(c.units[d.side]) do mine = mine + points(G.D[f]) end
  for _, f in ipairs(c.units[3 - d.side]) do theirs = theirs + points(G.D[f]) end
  return theirs > mine * 1.5 and "retreat" or "fight"
end

return ai
