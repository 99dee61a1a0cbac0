-- The commander's and the engine's shortcuts (issue #13, speed) checked
-- against the work they skip: each answer is compared with a plain
-- reference written here (the code as it was before the shortcut), over
-- many situations made by a fixed list of pseudo-random numbers.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("hinds.battle")
local turn = require("hinds.turn")
local ai = require("hinds.ai")
local missiles = require("hinds.missiles")
local H = require("hinds.hexes")

-- A small linear congruential generator: the same situations every run.
local function lcg(seed)
  local x = seed
  return function(n)
    x = (x * 1103515245 + 12345) % 2147483648
    return (x >> 16) % n   -- the high bits (the low ones of this generator repeat in short cycles)
  end
end

local KINDS = {
  { arm = "foot", class = 2 }, { arm = "foot", class = 3 }, { arm = "mounted", class = 1 },
  { arm = "mounted", class = 3 }, { arm = "foot", class = 4, missile = "bow" },
  { arm = "mounted", class = 3, missile = "bow" }, { arm = "foot", class = 2, missile = "pilum" },
  { arm = "foot", class = 4, missile = "sling" }, { arm = "foot", class = 1 },
}
local FACINGS = { 0, 60, 120, 180, -120, -60 }

-- A board of 10 x 10 with streams, woods, marsh and roads, and n1 + n2 units on free
-- hexagons, of kinds and facings drawn from `rnd`.
local function situation(rnd, n1, n2)
  local used, terrain = {}, { { type = "stream", hexes = {} }, { type = "wood", hexes = {} }, { type = "marsh", hexes = {} },
                              { type = "road", hexes = {} }, { type = "road", hexes = {} } }
  for _ = 1, 14 do
    local t = terrain[1 + rnd(3)]
    t.hexes[#t.hexes + 1] = { rnd(10), rnd(10) }
  end
  -- two roads along rows (a road move needs the whole path on the road)
  for k = 4, 5 do
    local row = rnd(10)
    for col = 0, 9 do terrain[k].hexes[#terrain[k].hexes + 1] = { col, row } end
  end
  local sides = { { units = {} }, { units = {} } }
  for s, n in ipairs({ n1, n2 }) do
    for k = 1, n do
      local col, row
      repeat col, row = rnd(10), rnd(10) until not used[col * 100 + row]
      used[col * 100 + row] = true
      local kind = KINDS[1 + rnd(#KINDS)]
      local u = { id = "u" .. k, arm = kind.arm, class = kind.class, missile = kind.missile,
                  bases = kind.arm == "foot" and 6 or 4, per_base = kind.arm == "foot" and 4 or 3,
                  at = { col, row, FACINGS[1 + rnd(6)] } }
      sides[s].units[k] = u
    end
  end
  return battle.skirmish{ dice = dice.forced({}), log = false, table = { cols = 10, rows = 10, terrain = terrain },
                          sides = sides }
end

-- ai.step_to before the shortcut: every hexagon of the reach scored, the
-- ground (a stream: +0.5) and the tie rank asked of each.
local function step_to_reference(G, d, tq, tr, how)
  local bearing = H.bearing(G.B, d.q, d.r, tq, tr)
  local face = H.facing_towards(bearing, d.facing)
  local mode = how
  if how == "forward" and face ~= d.facing then
    if math.abs(H.norm(bearing - d.facing)) <= 60 + 1e-6 then face = d.facing else mode = "turned" end
  end
  if how == "rear" then face, mode = d.facing, "rear" end
  local throwing = d.missile and require("hinds.troops").long_range(d) ~= nil
  local reach = turn.move_reach(G, d, mode, face, throwing)
  if #reach == 0 then return { kind = "move_wait", how = mode, facing = face, throwing = throwing } end
  local best, bd, br
  for _, h in ipairs(reach) do
    local dist = H.distance(h[1], h[2], tq, tr)
    local score = how == "rear" and -dist or dist
    if turn.tinfo(G, h[1], h[2]).stream then score = score + 0.5 end
    local rank = ai.own_rank(G, d.side, h[1], h[2])
    if not bd or score < bd or (score == bd and rank < br) then best, bd, br = h, score, rank end
  end
  if how ~= "rear" and H.distance(best[1], best[2], tq, tr) >= H.distance(d.q, d.r, tq, tr) then return nil end
  return { kind = "move", q = best[1], r = best[2], facing = face, how = mode, throwing = throwing }
end

T.case("Speed: the commander's step asks the ground only of hexagons that could be chosen; the same step as scoring every hexagon", function()
  local rnd, compared, moves = lcg(7), 0, 0
  for _ = 1, 150 do
    local G = situation(rnd, 4, 4)
    for s = 1, 2 do
      for _, uid in ipairs(G.sides[s].units) do
        local d = G.D[uid]
        for _, e_uid in ipairs(G.sides[3 - s].units) do
          local e = G.D[e_uid]
          for _, how in ipairs({ "forward", "rear" }) do
            local want = step_to_reference(G, d, e.q, e.r, how)
            T.eq(ai.step_to(G, d, e.q, e.r, how), want, "step " .. how)
            compared = compared + 1
            if want and want.kind == "move" then moves = moves + 1 end
          end
        end
      end
    end
  end
  T.truthy(compared >= 3000, "compared " .. compared)
  T.truthy(moves >= 150, "moves chosen " .. moves)
end)

-- ai.missile_target before the shortcuts: every enemy weighed (ten a
-- hexagon, +5 indirect, +3 not ready; the first in army order among equals).
local function target_reference(G, uid)
  local d, best, bd = G.D[uid], nil, nil
  for _, e_uid in ipairs(turn.units(G, 3 - d.side)) do
    local e = G.D[e_uid]
    local sit = turn.cast_situation(G, d, e)
    if sit and missiles.table_for(d, e, sit) then
      local score = H.distance(d.q, d.r, e.q, e.r) * 10 + (sit.indirect and 5 or 0) + (e.state == "ready" and 0 or 3)
      if not bd or score < bd then best, bd = e_uid, score end
    end
  end
  return best
end

T.case("Speed: the commander's missile target, enemies weighed nearest distance first, is the one of weighing every enemy", function()
  local rnd, compared, found = lcg(11), 0, 0
  for _ = 1, 80 do
    local G = situation(rnd, 5, 7)
    for s = 1, 2 do
      for _, uid in ipairs(G.sides[s].units) do
        local e_list = G.sides[3 - s].units
        G.D[e_list[1 + rnd(#e_list)]].state = "fleeing"   -- some not ready: +3
        if G.D[uid].missile then
          local want = target_reference(G, uid)
          T.eq(ai.missile_target(G, uid), want)
          compared = compared + 1
          if want then found = found + 1 end
        end
      end
    end
  end
  T.truthy(compared >= 300, "compared " .. compared)
  T.truthy(found >= 100, "targets found " .. found)
end)

-- ai.formation's horse threat before the shortcut: each enemy horse's
-- charge searched afresh for each foot unit.
local function threat_reference(G, d)
  for _, e_uid in ipairs(turn.units(G, 3 - d.side)) do
    local e = G.D[e_uid]
    if e.arm == "mounted" and e.state == "ready" and not e.combat and H.distance(d.q, d.r, e.q, e.r) <= 3 then
      G.turn = G.turn + 1
      local ok, q, r = turn.can_charge(G, e, d)
      G.turn = G.turn - 1
      if ok then
        local i = H.dir_index(q - d.q, r - d.r)
        if i and H.relative(d.facing, i) ~= "front" then return true end
      end
    end
  end
  return false
end

T.case("Speed: a horse's charge reach shared by the foot the commander weighs; the same squares as a search per foot unit", function()
  local rnd, compared, squares = lcg(5), 0, 0
  local function compare_all(G)
    for s = 1, 2 do
      for _, uid in ipairs(G.sides[s].units) do
        local d = G.D[uid]
        if d.arm == "foot" and d.state == "ready" and not d.combat and not require("hinds.troops").light_missile(d) then
          local want = threat_reference(G, d)
          T.eq(ai.formation(G, d) == "square", want, "square at " .. d.q .. "," .. d.r)
          compared = compared + 1
          if want then squares = squares + 1 end
        end
      end
    end
  end
  for _ = 1, 80 do
    local G = situation(rnd, 6, 6)
    compare_all(G)
    -- a horse turned in its hexagon (nothing placed): its reach is searched anew
    for s = 1, 2 do
      for _, uid in ipairs(G.sides[s].units) do
        local e = G.D[uid]
        if e.arm == "mounted" then e.facing = FACINGS[1 + rnd(6)] end
      end
    end
    compare_all(G)
    -- each horse moved a hexagon (placed, its facing kept), one at a
    -- time: likewise
    for s = 1, 2 do
      for _, uid in ipairs(G.sides[s].units) do
        local m = G.D[uid]
        if m.arm == "mounted" then
          local k = rnd(6)
          for i = 1, 6 do
            local dir = H.DIRS[1 + (k + i) % 6]
            if turn.free(G, m, m.q + dir[1], m.r + dir[2]) then turn.place(G, uid, m.q + dir[1], m.r + dir[2]); break end
          end
          compare_all(G)
        end
      end
    end
  end
  T.truthy(compared >= 1000, "compared " .. compared)
  T.truthy(squares >= 50, "squares " .. squares)
end)

T.case("Speed: the distances to the enemies, kept while nothing moves, are the distances of the board as it stands", function()
  local rnd, compared = lcg(3), 0
  for _ = 1, 40 do
    local G = situation(rnd, 5, 5)
    for _ = 1, 6 do
      for s = 1, 2 do
        for _, uid in ipairs(G.sides[s].units) do
          local d = G.D[uid]
          for _ = 1, 2 do   -- asked twice running: the kept answer
            local enemies, dists = ai.enemy_dists(G, d)
            T.eq(#enemies, #turn.units(G, 3 - s))
            for j, e_uid in ipairs(enemies) do
              local e = G.D[e_uid]
              T.eq(dists[j], H.distance(d.q, d.r, e.q, e.r))
              compared = compared + 1
            end
          end
        end
      end
      -- one enemy of the unit asked last steps to a free neighbouring
      -- hexagon (turn.place), and that unit asks again first
      local last = G.D[G.sides[2].units[#G.sides[2].units]]
      local list = G.sides[1].units
      local m = G.D[list[1 + rnd(#list)]]
      local k = rnd(6)
      for i = 1, 6 do
        local dir = H.DIRS[1 + (k + i) % 6]
        if turn.free(G, m, m.q + dir[1], m.r + dir[2]) then turn.place(G, m.uid, m.q + dir[1], m.r + dir[2]); break end
      end
      local enemies, dists = ai.enemy_dists(G, last)
      for j, e_uid in ipairs(enemies) do
        T.eq(dists[j], H.distance(last.q, last.r, G.D[e_uid].q, G.D[e_uid].r), "after a move")
      end
    end
    -- a unit leaves the field (turn.remove): the list is made anew
    turn.remove(G, G.sides[2].units[1], "test")
    local d = G.D[G.sides[1].units[1]]
    local enemies = ai.enemy_dists(G, d)
    T.eq(#enemies, #G.sides[2].units - 1)
  end
  T.truthy(compared >= 5000, "compared " .. compared)
end)

-- The move search read plainly (level by level, turn.free, turn.rough_step
-- and the ground's road for each step): the search's own shortcuts (each
-- hexagon's freedom asked once, the steps over rough ground asked only
-- when the search meets it, ...) must give the same list in the same order.
local function reach_reference(G, d, facing, dirs, max_steps)
  local on_road = turn.tinfo(G, d.q, d.r).road == true
  local out, seen = {}, { [H.key(d.q, d.r)] = true }
  local queue, head = { { d.q, d.r, 0, false, on_road } }, 1
  while queue[head] do
    local f = queue[head]
    if head == 1 or not turn.tinfo(G, f[1], f[2]).stream then
      for i, dir in ipairs(H.DIRS) do
        local nq, nr = f[1] + dir[1], f[2] + dir[2]
        if H.relative(facing, i) == dirs and not seen[H.key(nq, nr)] and turn.free(G, d, nq, nr) then
          local rgh = f[4] or turn.rough_step(G, f[1], f[2], nq, nr)
          local rd = f[5] and turn.tinfo(G, nq, nr).road == true
          if f[3] + 1 <= max_steps(rgh, rd) then
            seen[H.key(nq, nr)] = true
            local h = { nq, nr, f[3] + 1, rgh, rd }
            out[#out + 1] = h
            queue[#queue + 1] = h
          end
        end
      end
    end
    head = head + 1
  end
  return out
end

T.case("Speed: the move search is the plain level-by-level search (ground, roads, streams, rough ground asked when met)", function()
  local rnd, compared, roads, rough = lcg(13), 0, 0, 0
  local steps = {
    function(r, road) return road and (r and 2 or 4) or (r and 1 or 3) end,
    function(r) return r and 0 or 2 end,
    function(r, road) return road and 5 or (r and 2 or 2) end,
  }
  for _ = 1, 60 do
    local G = situation(rnd, 5, 5)
    for s = 1, 2 do
      for _, uid in ipairs(G.sides[s].units) do
        local d = G.D[uid]
        for _, dirs in ipairs({ "front", "rear" }) do
          local facing = FACINGS[1 + rnd(6)]
          local ms = steps[1 + rnd(#steps)]
          local want = reach_reference(G, d, facing, dirs, ms)
          T.eq(turn.reachable(G, d, facing, dirs, ms), want)
          compared = compared + 1
          for _, h in ipairs(want) do
            if h[5] then roads = roads + 1 end
            if h[4] then rough = rough + 1 end
          end
        end
      end
    end
  end
  T.truthy(compared >= 1000, "compared " .. compared)
  T.truthy(roads >= 100 and rough >= 100, "road steps " .. roads .. ", rough steps " .. rough)
end)

-- turn.melee_situation before the shortcut: the foe read from the sorted
-- list of adjacent enemies (turn.adjacent_enemies).
local function situation_reference(G, c, d)
  local foe
  for _, e in ipairs(turn.adjacent_enemies(G, d)) do
    if G.D[e].combat == c.id then foe = G.D[e]; break end
  end
  local t = turn.tinfo(G, d.q, d.r)
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
  return s, foe
end

T.case("Speed: a fighter's foe in its combat, found without a sorted list, is the first by id of the enemies touching it", function()
  local rnd, compared, foes = lcg(17), 0, 0
  for _ = 1, 60 do
    local G = situation(rnd, 6, 6)
    -- every pair of touching enemies joins a combat (some combats of several units)
    for _, a in ipairs(G.sides[1].units) do
      for _, b in ipairs(turn.adjacent_enemies(G, G.D[a])) do
        if rnd(3) > 0 then turn.join_combat(G, a, b, rnd(2) == 0) end
      end
    end
    for s = 1, 2 do
      for _, uid in ipairs(G.sides[s].units) do
        local d = G.D[uid]
        local c = d.combat and G.combats[d.combat]
        if c then
          if rnd(4) == 0 then d.pursuing = G.sides[3 - s].units[1] end
          local want, foe = situation_reference(G, c, d)
          T.eq(turn.melee_situation(G, c, d), want)
          compared = compared + 1
          if foe then foes = foes + 1 end
        end
      end
    end
  end
  T.truthy(compared >= 100 and foes >= 100, "compared " .. compared .. ", with a foe " .. foes)
end)

T.case("Speed: a hexagon's centre, remembered per board, is the core's (sandtable.grid) on every hexagon, asked twice", function()
  local grid = require("sandtable.grid")
  local B, n = H.board(14, 10), 0
  for _ = 1, 2 do
    for row = 0, 9 do
      for col = 0, 13 do
        local q, r = H.axial(col, row)
        local x, y = H.centre(B, q, r)
        local gx, gy = grid.hex_centre(B.spec, q, r)
        T.eq({ x, y }, { gx, gy })
        n = n + 1
      end
    end
  end
  T.eq(n, 280)
end)

T.case("Speed: a unit's worth at the turn's end, remembered, is V.points of the unit as it stands (losses, unhorsed riders, class)", function()
  local V = require("hinds.victory")
  local rnd, compared = lcg(19), 0
  for _ = 1, 30 do
    local G = situation(rnd, 6, 6)
    for _ = 1, 8 do
      for s = 1, 2 do
        for _, uid in ipairs(G.sides[s].units) do
          local d = G.D[uid]
          T.eq(V.points_now(d), V.points(d))
          compared = compared + 1
          local k = rnd(6)   -- something the worth depends on changes, or nothing
          if k == 0 then d.figures = math.max(0, d.figures - 1 - rnd(3))
          elseif k == 1 then d.dismounted = (d.dismounted or 0) + 1
          elseif k == 2 then d.officers = (d.officers or 0) + 1
          elseif k == 3 then d.class = 1 + rnd(4) end
        end
      end
    end
  end
  T.truthy(compared >= 2000, "compared " .. compared)
end)

-- ai.flank_hex before the shortcut: every flank and rear hexagon of every
-- ready enemy (not in square) within the nearest ready enemy's distance
-- plus two weighed.
local function flank_reference(G, d)
  local near
  for _, e_uid in ipairs(turn.units(G, 3 - d.side)) do
    local e = G.D[e_uid]
    local dist = H.distance(d.q, d.r, e.q, e.r)
    if e.state == "ready" and (not near or dist < near) then near = dist end
  end
  if not near then return nil end
  local bq, brr, bd, br
  for _, e_uid in ipairs(turn.units(G, 3 - d.side)) do
    local e = G.D[e_uid]
    if e.state == "ready" and e.formation ~= "square" and H.distance(d.q, d.r, e.q, e.r) <= near + 2 then
      for i, dir in ipairs(H.DIRS) do
        if H.relative(e.facing, i) ~= "front" then
          local q, r = e.q + dir[1], e.r + dir[2]
          if q == d.q and r == d.r then return q, r end
          local dist = H.distance(d.q, d.r, q, r)
          if dist <= near + 2 and turn.free(G, d, q, r) then
            local rank = ai.own_rank(G, d.side, q, r)
            if not bd or dist < bd or (dist == bd and rank < br) then bq, brr, bd, br = q, r, dist, rank end
          end
        end
      end
    end
  end
  return bq, brr
end

T.case("Speed: the horse's flank hexagon, enemies too far from the best so far skipped, is the one of weighing every enemy", function()
  local rnd, compared, found = lcg(23), 0, 0
  for _ = 1, 100 do
    local G = situation(rnd, 6, 8)
    for s = 1, 2 do
      local e_list = G.sides[3 - s].units
      G.D[e_list[1 + rnd(#e_list)]].state = "fleeing"
      G.D[e_list[1 + rnd(#e_list)]].formation = "square"
      for _, uid in ipairs(G.sides[s].units) do
        local d = G.D[uid]
        local wq, wr = flank_reference(G, d)
        local q, r = ai.flank_hex(G, d)
        T.eq({ q, r }, { wq, wr })
        compared = compared + 1
        if wq then found = found + 1 end
      end
    end
  end
  T.truthy(compared >= 1000 and found >= 800, "compared " .. compared .. ", found " .. found)
end)

T.case("Speed: the last cast situation, remembered while nothing moves, is the one worked out anew (after moves too)", function()
  local rnd, compared, lines = lcg(29), 0, 0
  for _ = 1, 40 do
    local G = situation(rnd, 6, 6)
    for _ = 1, 5 do
      for s = 1, 2 do
        for _, a in ipairs(G.sides[s].units) do
          for _, b in ipairs(G.sides[3 - s].units) do
            local sh, tg = G.D[a], G.D[b]
            for _ = 1, 2 do   -- asked twice running: the remembered answer
              local want = turn.cast_situation_of(G, sh, tg)
              T.eq(turn.cast_situation(G, sh, tg), want)
              compared = compared + 1
              if want then lines = lines + 1 end
            end
          end
        end
      end
      -- a unit steps aside (it may open or block a line), then the last pair asks again
      local list = G.sides[1 + rnd(2)].units
      local m = G.D[list[1 + rnd(#list)]]
      local k = rnd(6)
      for i = 1, 6 do
        local dir = H.DIRS[1 + (k + i) % 6]
        if turn.free(G, m, m.q + dir[1], m.r + dir[2]) then turn.place(G, m.uid, m.q + dir[1], m.r + dir[2]); break end
      end
      local sh, tg = G.D[G.sides[2].units[#G.sides[2].units]], G.D[G.sides[1].units[#G.sides[1].units]]
      T.eq(turn.cast_situation(G, sh, tg), turn.cast_situation_of(G, sh, tg), "after a move")
    end
  end
  T.truthy(compared >= 10000 and lines >= 3000, "compared " .. compared .. ", with a line " .. lines)
end)

T.case("Speed: a missile table's cell by face, remembered per table, is the first cell of that face in the table's list", function()
  local tables = require("hinds.tables")
  local names, n = { "long_range" }, 0
  for _, w in pairs(tables.missiles) do names[#names + 1] = w.short end
  table.sort(names)
  for _, name in ipairs(names) do
    local tbl = tables[name]
    for class = 1, 4 do
      for face = 1, 6 do
        local want
        for _, c in ipairs(tbl[class]) do if c.face == face then want = c; break end end
        T.truthy(missiles.cell(tbl, class, face) == want, name .. " class " .. class .. " face " .. face)
        n = n + 1
      end
    end
  end
  T.truthy(n >= 5 * 24, "cells asked " .. n)
end)

T.case("Speed: bearings remembered for every board of a run are the centres' bearings, on boards of any size, past the memory's limit", function()
  local grid = require("sandtable.grid")
  local function formula(B, q1, r1, q2, r2)
    local x1, y1 = grid.hex_centre(B.spec, q1, r1)
    local x2, y2 = grid.hex_centre(B.spec, q2, r2)
    return math.deg(math.atan(-(x2 - x1), y2 - y1))
  end
  local small, big, n = H.board(14, 10), H.board(60, 60), 0
  for _, B in ipairs({ small, big, small }) do
    for k = 0, 139 do
      local q1, r1 = H.axial(k % 14, k // 14)
      local q2, r2 = H.axial((k * 7) % 14, (k * 3) % 10)
      if q1 ~= q2 or r1 ~= r2 then
        T.eq(H.bearing(B, q1, r1, q2, r2), formula(B, q1, r1, q2, r2))
        n = n + 1
      end
    end
  end
  -- 70,000 pairs of the big board (more than the memory keeps), then the
  -- first ones again
  local checked = 0
  for round = 1, 2 do
    for k = 0, 69999 do
      local q1, r1 = H.axial(k % 60, (k // 60) % 60)
      local q2, r2 = H.axial((k // 3600) % 60, 59 - (k % 60))
      if q1 ~= q2 or r1 ~= r2 then
        local b = H.bearing(big, q1, r1, q2, r2)
        if round == 2 and k % 97 == 0 then
          T.eq(b, formula(big, q1, r1, q2, r2))
          checked = checked + 1
        end
      end
    end
  end
  T.truthy(n >= 300 and checked >= 700, "pairs " .. n .. ", checked " .. checked)
end)

T.case("Speed: a neighbour's direction read from a table, and a facing's six hexside answers remembered, are the scans' answers", function()
  local n = 0
  for dq = -3, 3 do
    for dr = -3, 3 do
      local want
      for i, d in ipairs(H.DIRS) do if d[1] == dq and d[2] == dr then want = i end end
      T.eq(H.dir_index(dq, dr), want, dq .. "," .. dr)
      n = n + 1
    end
  end
  for _, f in ipairs({ 0, 60, 120, 180, -120, -60, 30, 90, -90, 150, -150, 360, -180, 45 }) do
    for i = 1, 6 do
      T.eq(H.relatives(f)[i], (H.relative(f, i)), "facing " .. f .. ", hexside " .. i)
      n = n + 1
    end
  end
  T.eq(n, 49 + 14 * 6)
end)

T.case("Speed: passable ground on an open board is H.on_board's answer, on and around the board", function()
  local G = battle.skirmish{ dice = dice.forced({}), log = false, table = { cols = 10, rows = 8 },
    sides = { { units = {} }, { units = {} } } }
  local d, n, on = { arm = "foot", class = 2, formation = "normal" }, 0, 0
  for q = -8, 14 do
    for r = -3, 10 do
      T.eq(turn.passable(G, d, q, r), H.on_board(G.B, q, r), q .. "," .. r)
      n = n + 1
      if H.on_board(G.B, q, r) then on = on + 1 end
    end
  end
  T.eq({ n, on }, { 23 * 14, 80 })
end)
