-- Historicon default commander. The rules never decide for a player: every
-- choice the battle engine needs is asked of a commander, and this is the
-- one a scenario gets unless it names another. A commander is a table with:
--
--   terrain_changes(G, side) -> { remove = { piece ids } } | { swap = { a, b } } | nil
--   march_corner(G, side) -> "left" | "right"      (the march across a diagonal)
--   march_order(G, side) -> { unit indexes }        (order of march)
--   deployment(G, side) -> { { index, x, y, facing }, ... } in deployment order
--       (index into G.sides[side].specs; mm and degrees)
--   forms(G, side) -> { unit ids }                  Phase 1: change form
--   move_order(G, side, "HI" | "other") -> { unit ids }
--   move(G, uid) -> plan | { rally = true } | nil  Phases 2 and 3; a plan is
--       { turn = deg, wheel = deg (+ left), advance = mm } (turn.steer makes one)
--   evade(G, uid, charger) -> bool                  optional evasion (Phase 3)
--   shoot_target(G, uid, targets) -> uid | nil      Phase 4, targets nearest first
--   follow_up(G, uid, recoiler) -> bool             RA only (IF must)
--   pursue(G, uid, broken) -> bool                  RA only (IF must)
--   break_off(G, uid) -> bool                       RA units in melee, Phase 6
--
-- Its plan between turns -- which side must attack, the objective each unit
-- keeps from turn to turn, the charges a sensible player does not make, the
-- way round a friend, trial moves that stop short of friends, no swinging
-- back and forth -- is in commander/intent.lua (docs/rulesets/historicon.md,
-- "The default commander").
--
-- This one is cheap on purpose (hundreds of battles a minute): it forms up,
-- advances its HI straight ahead (IF) or wheeling towards the enemy (RA),
-- holds one or two formed units back as a reserve (committed when a friend
-- breaks, a gap opens or from turn 8), sends formed mounted round a pinned
-- enemy's flank when Table 4 makes it worth it, screens its heavy infantry
-- with foot skirmishers that withdraw past its flank when threatened (horse
-- archers keep to shooting range out of reach), charges where its expected
-- hits (Table 4 pools) beat the enemy's, shoots the target that gives it most
-- dice, and rallies what it can.

local troops = require("historicon.troops")
local melee = require("historicon.melee")
local shooting = require("historicon.shooting")
local P = require("historicon.dice_pool")
local integrity = require("historicon.integrity")
local setup = require("historicon.setup")
local turn = require("historicon.turn")
local intent = require("historicon.commander.intent")
local placement = require("historicon.commander.placement")
local terrain_route = require("historicon.commander.terrain_route")
local charge_cache = require("historicon.commander.charge_cache")
local known_foes = require("historicon.commander.known_foes")
local cap_reach = require("historicon.commander.cap_reach")
local near_ties = require("historicon.turn.near_ties")

local ai = {}

local abs, min, max, sqrt = math.abs, math.min, math.max, math.sqrt

---------------------------------------------------------------------------
-- Before the battle.

-- Removes the two pieces that most hinder its own deployment and advance:
-- impassable and disordering pieces in or near its own zone, nearest the
-- middle of the table first.
function ai.terrain_changes(G, side)
  local S = G.S
  local edge = G.sides[side].edge
  local scored = {}
  for _, p in ipairs(G.pieces) do
    local bad = setup.impassable[p.type] and 3 or (setup.disorders_formed[p.type] and 2 or 0)
    if bad > 0 then
      local cy = (p.y0 + p.y1) / 2
      local from_edge = edge == "south" and cy or S.depth - cy
      local cx = (p.x0 + p.x1) / 2
      local score = bad * 1000 - from_edge * 0.5 - abs(cx - S.width / 2) * 0.3
      scored[#scored + 1] = { id = p.id, score = score }
    end
  end
  table.sort(scored, function(a, b) if a.score ~= b.score then return a.score > b.score end return a.id < b.id end)
  local ids = {}
  for i = 1, min(2, #scored) do ids[i] = scored[i].id end
  if #ids == 0 then return nil end
  return { remove = ids }
end

-- The column caught on the march starts from the table's west corner of
-- its edge (its left on the south edge, its right on the north edge): both
-- sides lay their line out from the table's west, and a side's own left
-- was the table's west for one side and its east for the other (the mirror
-- test, tests/mirror_test.lua, chaos warhost seed 64).
function ai.march_corner(G, side) return G.sides[side].edge == "north" and "right" or "left" end

function ai.march_order(G, side)
  local out = {}
  for i = 1, #G.sides[side].specs do out[i] = i end
  return out
end

-- A battle line: HI in the centre, other formed foot beside it, mounted on
-- the wings, skirmishers (unformed) spread in front. Each unit is slid along
-- the line to keep out of impassable and disordering terrain.
local DEPLOY_LEVELS = { 0, 0.5, 1, 2, 3 }   -- commander/placement.lua: levels of care
function ai.deployment(G, side)
  local S = G.S
  local specs = G.sides[side].specs
  local edge = G.sides[side].edge
  local zx0, zx1, zy0, zy1, facing = setup.zone(S, edge)
  local hi, foot, mounted, skirm = {}, {}, {}, {}
  for i, u in ipairs(specs) do
    if not u.formed then skirm[#skirm + 1] = i
    elseif u.class == "HI" then hi[#hi + 1] = i
    elseif troops.is_mounted(u) then mounted[#mounted + 1] = i
    else foot[#foot + 1] = i end
  end
  -- the main line, left to right
  local line = {}
  for _, i in ipairs(hi) do line[#line + 1] = i end
  for n, i in ipairs(foot) do
    if n % 2 == 1 then table.insert(line, i) else table.insert(line, 1, i) end
  end
  for n, i in ipairs(mounted) do
    if n % 2 == 1 then table.insert(line, i) else table.insert(line, 1, i) end
  end
  local function gap_after(a, b)
    local ua, ub = specs[a], specs[b]
    if ua.class == "HI" and ub.class == "HI" then
      return (ua.army == "IF" or ub.army == "IF") and S.cm(2) or S.cm(4)
    end
    return S.cm(4)
  end
  local width = 0
  for n, i in ipairs(line) do
    width = width + specs[i].w
    if n > 1 then width = width + gap_after(line[n - 1], i) end
  end
  local zone_w = zx1 - zx0
  local squeeze = 1
  if width > zone_w then
    local gaps = width
    for _, i in ipairs(line) do gaps = gaps - specs[i].w end
    if gaps > 0 then squeeze = max(0.1, 1 - (width - zone_w) / gaps) end
  end
  local out, boxes = {}, {}
  -- only the pieces that reach into the zone, or 40 cm beyond it, matter
  local lane_pieces = {}
  local ly0, ly1 = zy0, zy1
  if edge == "south" then ly1 = ly1 + S.cm(40) else ly0 = ly0 - S.cm(40) end
  for _, p in ipairs(G.pieces) do
    if setup.box_hits_piece(zx0, ly0, zx1, ly1, p, 1) then lane_pieces[#lane_pieces + 1] = p end
  end
  -- Puts unit i with its centre near x and its front edge `front` from its
  -- own table edge; looks along the line (rightwards first when `rightwards`),
  -- then further back or forward, avoiding terrain and other units.
  -- Returns the right end of the footprint along x.
  -- With `rows_first` the whole of one row is tried before the next (a
  -- skirmish screen stands beside another, not behind it, when there is room).
  local function put(i, x, front, rightwards, rows, gap, rows_first)
    local u = specs[i]
    local xlo, xhi = zx0 + u.w / 2, zx1 - u.w / 2
    x = max(xlo, min(xhi, x))
    local fronts = rows or { front, front - S.cm(8), front + S.cm(8), S.deploy_depth - 0.5, u.dp + 0.5 }
    local groups = { fronts }
    if rows_first then
      groups = {}
      for n, f in ipairs(fronts) do groups[n] = { f } end
    end
    local unit = S.cm(1)
    local function centre_y(f) return edge == "south" and f - u.dp / 2 or S.depth - f + u.dp / 2 end
    local function in_zone(f) return f - u.dp >= -0.01 and f <= S.deploy_depth + 0.01 end
    -- the search itself (commander/placement.lua): at each level of care,
    -- along the line 1 cm at a time (2 cm once terrain is no longer
    -- avoided), both ways, at each row of the group
    local q = { x = x, w = u.w, dp = u.dp, lane = (edge == "south" and 1 or -1) * S.cm(40),
      kmax = math.ceil((zx1 - zx0) / unit), unit = unit, xlo = xlo, xhi = xhi,
      signs = rightwards and { 1, -1 } or { -1, 1 }, skip_k0 = rightwards and -1 or nil,
      gap = gap or 5, row_ok = in_zone, centre_y = centre_y }
    local best
    -- (level 0.5: no impassable ground in the lane ahead. Mohi seed 19:
    -- Duke William's and the Breton knights, placed at the table edge with
    -- an impassable piece across their front, never moved all battle)
    for _, level in ipairs(DEPLOY_LEVELS) do
      q.level, q.step = level, level <= 1 and 1 or 2
      for _, group in ipairs(groups) do
        q.fronts = group
        local cx, cy = placement.first_free(lane_pieces, boxes, q)
        if cx then best = { cx, cy }; break end
      end
      if best then break end
    end
    if not best then
      -- a crowded zone (wide skirmish screens): any depth of the zone, the
      -- nearest place along the line first, off impassable ground if it can
      -- be, never on a unit already placed
      local nf = math.floor((S.deploy_depth - u.dp) / unit)
      local rows = {}
      for j = 0, nf do rows[#rows + 1] = S.deploy_depth - 0.5 - j * unit end
      q.fronts, q.step, q.signs, q.skip_k0, q.gap = rows, 1, { 1, -1 }, -1, 1
      q.row_ok = function(f) return f - u.dp >= -0.01 end
      for _, level in ipairs({ 2, 3 }) do
        q.level = level
        local cx, cy = placement.first_free(lane_pieces, boxes, q)
        if cx then best = { cx, cy }; break end
      end
    end
    best = best or { x, edge == "south" and front - u.dp / 2 or S.depth - front + u.dp / 2 }
    boxes[#boxes + 1] = { best[1] - u.w / 2, best[2] - u.dp / 2, best[1] + u.w / 2, best[2] + u.dp / 2 }
    out[#out + 1] = { index = i, x = best[1], y = best[2], facing = facing }
    return best[1] + u.w / 2
  end
  local ns = #skirm
  -- skirmishers first, in front, spread across the line: the front row of
  -- the zone first, all along it, then rows further back with 6 cm
  -- (scaled) between them, then packed. Screens that stood 2 mm behind one
  -- another were caught together: the front one, broken, could not flee
  -- through the one behind (Mohi's horse archers).
  for n, i in ipairs(skirm) do
    local cx = S.width / 2 + (n - (ns + 1) / 2) * min(zone_w / max(1, ns), specs[i].w + S.cm(15))
    local rows, f = {}, S.deploy_depth - 0.5
    while f - specs[i].dp >= -0.01 do rows[#rows + 1] = f; f = f - specs[i].dp - S.cm(6) end
    f = S.deploy_depth - 0.5 - specs[i].dp - 2
    while f - specs[i].dp >= -0.01 do rows[#rows + 1] = f; f = f - specs[i].dp - 2 end
    put(i, cx, S.deploy_depth - 0.5, nil, rows, 1, true)
  end
  ai.choose_reserve(G, side, line)
  local main_front = S.deploy_depth * 0.55
  local x = S.width / 2 - min(width, zone_w) / 2
  for n, i in ipairs(line) do
    if n > 1 then x = x + gap_after(line[n - 1], i) * squeeze end
    x = put(i, x + specs[i].w / 2, main_front, true)
  end
  if G.march and G.march.winner == side and G.march.column then ai.ambush(G, side, out, line) end
  -- deployment order: army order
  table.sort(out, function(a, b) return a.index < b.index end)
  return out
end

-- The reserve: with five or more formed units in the line, one is held back
-- (two with nine or more): a unit that can turn or wheel, not the general's,
-- RA heavy infantry first, then other formed foot, then mounted when three or
-- more mounted stay for the wings. It deploys in the line and is held back
-- when the line advances (`reserve_plan`). Recorded by unit id in
-- G.sides[side].ai_reserve.
function ai.choose_reserve(G, side, line)
  local specs = G.sides[side].specs
  local want = #line >= 9 and 2 or (#line >= 5 and 1 or 0)
  local reserve = {}
  G.sides[side].ai_reserve = reserve
  if want == 0 then return end
  local mounted = 0
  for _, i in ipairs(line) do if troops.is_mounted(specs[i]) then mounted = mounted + 1 end end
  local scored = {}
  for n, i in ipairs(line) do
    local u = specs[i]
    local score
    if u.general then score = nil
    elseif u.class == "HI" then score = u.army == "RA" and 3 or nil
    elseif not troops.is_mounted(u) then score = 2
    elseif mounted >= 3 then score = 1 end
    if score then scored[#scored + 1] = { i = i, score = score, n = n } end
  end
  table.sort(scored, function(a, b) if a.score ~= b.score then return a.score > b.score end return a.n < b.n end)
  for k = 1, min(want, #scored) do reserve[specs[scored[k].i].id] = true end
end

-- The march winner "may deploy anywhere within 15cm of his opponent": its
-- formed units line up along one flank of the marching column, facing it,
-- about 8 cm (scaled) from it, from the head of the column back; the flank
-- with room for more of them is chosen. A unit that finds no legal place
-- there keeps its place in the line. Skirmishers stay in the line.
function ai.ambush(G, side, out, line)
  local S = G.S
  local specs = G.sides[side].specs
  local column = G.march.column
  local head, tail = column[1], column[#column]
  local ax, ay = head.x - tail.x, head.y - tail.y
  local len = sqrt(ax * ax + ay * ay)
  if len < 1e-6 then ax, ay, len = -math.sin(math.rad(head.facing)), math.cos(math.rad(head.facing)), 1 end
  ax, ay = ax / len, ay / len
  local maxw = 0
  for _, q in ipairs(column) do maxw = max(maxw, q.w) end
  -- the units that keep their places in the line whatever happens (the
  -- skirmishers): an ambush place must not overlap them
  local in_line, fixed = {}, {}
  for _, i in ipairs(line) do in_line[i] = true end
  for _, o in ipairs(out) do
    if not in_line[o.index] then
      fixed[#fixed + 1] = { x = o.x, y = o.y, facing = o.facing, w = specs[o.index].w, d = specs[o.index].dp }
    end
  end
  local function legal(p, placed)
    for _, o in ipairs(fixed) do if setup.overlap(p, o) then return false end end
    local c = setup.corners(p.x, p.y, p.facing, p.w, p.d)
    local x0, y0, x1, y1 = setup.box_of(c)
    if x0 < 0 or y0 < 0 or x1 > S.width or y1 > S.depth then return false end
    for _, pc in ipairs(G.pieces) do
      if setup.impassable[pc.type] and setup.box_hits_piece(x0, y0, x1, y1, pc, 0) then return false end
    end
    for _, o in ipairs(placed) do if setup.overlap(p, o) then return false end end
    return setup.near_column(S, p, column)
  end
  local best
  -- with as much room on either flank, the one towards the table's west
  -- (for a column running east-west, towards the centre line): the
  -- column's own left was the table's north-west flank of a column from
  -- the south-west corner and the north-east flank of its mirror (Mohi,
  -- tests/mirror_test.lua)
  local first = 1
  if abs(ay) > 1e-9 then
    if -ay > 0 then first = -1 end -- the left normal (-ay, ax) points east
  elseif ax * (S.depth / 2 - head.y) < 0 then
    first = -1
  end
  for _, sgn in ipairs({ first, -first }) do
    local nx, ny = -ay * sgn, ax * sgn -- from the column out to this flank
    local facing = turn.heading(-nx, -ny)
    local placed, spots = {}, {}
    local along = column[1].d / 2 -- from the head's front backwards
    for _, i in ipairs(line) do
      local u = specs[i]
      local off = maxw / 2 + S.cm(8) + u.dp / 2
      local done = false
      for _ = 1, 6 do
        local a = along - u.w / 2
        local hx, hy = head.x + ax * a, head.y + ay * a
        local p = { x = hx + nx * off, y = hy + ny * off, facing = facing, w = u.w, d = u.dp }
        if legal(p, placed) then
          placed[#placed + 1] = p
          spots[i] = p
          along = a - u.w / 2 - S.cm(1)
          done = true
          break
        end
        along = along - S.cm(3)
      end
      if not done and along < -len - column[#column].d then break end
    end
    if not best or #placed > best.n then best = { n = #placed, spots = spots } end
  end
  if not best or best.n == 0 then return end
  -- a line unit that found no place by the column keeps its place in the
  -- line: an ambush place on top of it is given up (that unit keeps its
  -- line place too), until none overlaps
  local changed = true
  while changed do
    changed = false
    for _, o in ipairs(out) do
      if in_line[o.index] and not best.spots[o.index] then
        local here = { x = o.x, y = o.y, facing = o.facing, w = specs[o.index].w, d = specs[o.index].dp }
        for _, o2 in ipairs(out) do
          local p = best.spots[o2.index]
          if p and setup.overlap(here, p) then best.spots[o2.index] = nil; changed = true end
        end
      end
    end
  end
  for _, o in ipairs(out) do
    local p = best.spots[o.index]
    if p then o.x, o.y, o.facing = p.x, p.y, p.facing end
  end
end

---------------------------------------------------------------------------
-- Estimates.

local function expected(pool)
  if pool.dice <= 0 then return 0 end
  return pool.dice * P.die_hit_probability(pool)
end

-- Is `uid` behind the front of `e` (would strike a flank or the rear)?
local function behind_front(G, uid, e)
  return not G.bf:in_arc(e, uid, 89, "centre")
end

-- Expected hits a charge of d on e gives minus those it takes, kept per
-- pair while neither unit's Table 4 fields nor the flank changed
-- (commander/charge_cache.lua: the commander asks for the same pair several
-- times a move -- the pools were a fifth of a battle's time).
function ai.charge_value(G, uid, e)
  return charge_cache.value(G, uid, e, ai.charge_value_now)
end

-- The value itself (no cache).
function ai.charge_value_now(G, d, t, flank)
  local mine = expected(melee.pool(d, t, { first_contact = true, flank_or_rear = flank }))
  local theirs = 0
  if not (flank and t.formed) and not t.broken then
    theirs = expected(melee.pool(t, d, { first_contact = true }))
  end
  local v = mine - theirs
  if t.disordered then v = v + 1 end
  if t.hits > troops.figure_equivalent(t) then v = v + 1 end
  if d.army == "IF" then v = v + 0.5 end
  return v
end
-- (a pure function of the fields commander/charge_profiles.lua lists)
require("historicon.commander.charge_profiles").pure[ai.charge_value_now] = true

local function is_skirmisher(d)
  if not d.formed then return true end
  return false
end

-- The one place the commander lists the enemies it knows (nearest first;
-- not gone, not broken, seen by its side): every plan below starts here.
local function enemies(G, uid)
  return known_foes.list(G, uid) -- (commander/known_foes.lua: the list, SPEED)
end

local function point_of(G, id) local x, y = G.bf:pos(id); return x, y end

-- The odds of an integrity test the unit would take now.
local function test_odds(G, uid, reason)
  local d = G.D[uid]
  -- (a friend not gone, not broken, within 30 cm: the engine's own test, SPEED)
  local near = turn.helpers.friend_near(G, uid)
  return integrity.odds(d, { reason = reason, no_friend_within_30cm = not near })
end
ai.test_odds = test_odds

---------------------------------------------------------------------------
-- During the turn.

-- Phase 1: light foot facing heavy troops at close range unform (to evade
-- rather than be caught); unformed units listed as formed form up when the
-- enemy is far.
function ai.forms(G, side)
  local out = {}
  for _, uid in ipairs(turn.units(G, side)) do
    local d = G.D[uid]
    if not d.broken and troops.organisation.may_unform[d.class] and not turn.in_contact(G, uid) then
      if d.formed and (d.class == "LI" or d.class == "VLI") then
        for _, q in ipairs(G.bf:query{ of = uid, within = G.S.cm(20), enemy = true }) do
          local e = G.D[q.id]
          if not e.gone and not e.broken and e.formed and not e.disordered and (e.class == "HI" or troops.is_mounted(e)) then
            local o = test_odds(G, uid, "forms_or_unforms")
            if o.pass >= 0.6 and o["break"] <= 0.05 then out[#out + 1] = uid end
            break
          end
        end
      elseif not d.formed and d.list_formed then
        local near = G.bf:query{ of = uid, within = G.S.cm(40), enemy = true }
        local any = false
        for _, q in ipairs(near) do if not G.D[q.id].gone then any = true end end
        if not any then
          local o = test_odds(G, uid, "forms_or_unforms")
          if o.pass >= 0.6 and o["break"] <= 0.05 then out[#out + 1] = uid end
        end
      end
    end
  end
  return out
end

function ai.move_order(G, side, kind)
  local out = {}
  for _, uid in ipairs(turn.units(G, side)) do
    local d = G.D[uid]
    if (kind == "HI") == (d.class == "HI") then out[#out + 1] = uid end
  end
  return out
end

-- The unit's frame: forward and rightward unit vectors.
local function frame(G, id)
  local x, y, f = G.bf:pos(id)
  local r = math.rad(f)
  return x, y, -math.sin(r), math.cos(r), math.cos(r), math.sin(r)
end

-- The friendly heavy infantry a foot skirmisher screens: formed, not broken,
-- not in contact, the nearest within 60 cm.
local screen_ids, screen_dists = {}, {}
local function screened_hi(G, uid, d)
  if troops.is_mounted(d) then return nil end
  -- (bf:query's friends in its order, into kept tables: SPEED)
  local n = turn.units_within(G, uid, G.S.cm(60), d.side, screen_ids, screen_dists)
  for i = 1, n do
    local id = screen_ids[i]
    local h = G.D[id]
    if not h.gone and not h.broken and h.class == "HI" and h.formed and not turn.in_contact(G, id) then
      return id
    end
  end
  return nil
end

-- Where a foot skirmisher withdraws to behind its heavy infantry: back past
-- the HI's nearer flank, to stand behind its rear edge there; while it is
-- still ahead of the HI's front and across its frontage, first sideways
-- beyond that flank (a move is stopped by any unit it meets).
function ai.withdraw_point(G, uid, hid)
  local d, h = G.D[uid], G.D[hid]
  local hx, hy, fx, fy, rx, ry = frame(G, hid)
  local x, y = G.bf:pos(uid)
  local along = (x - hx) * fx + (y - hy) * fy
  local lat = (x - hx) * rx + (y - hy) * ry
  local k = lat >= 0 and 1 or -1
  local side = h.w / 2 + d.w / 2 + G.S.cm(2)
  if abs(lat) < side - G.S.cm(1) and along > h.dp / 2 then
    local a = max(along, h.dp / 2 + d.dp / 2 + G.S.cm(1))
    return hx + rx * k * side + fx * a, hy + ry * k * side + fy * a
  end
  local back = h.dp / 2 + d.dp / 2 + G.S.cm(3)
  return hx + rx * k * side - fx * back, hy + ry * k * side - fy * back
end

-- Where a foot skirmisher screens its heavy infantry: ahead of it by more than
-- the HI's own move (so it does not stop the HI's advance), across its
-- frontage at its own offset.
function ai.screen_point(G, uid, hid)
  local d, h = G.D[uid], G.D[hid]
  local hx, hy, fx, fy, rx, ry = frame(G, hid)
  local x, y = G.bf:pos(uid)
  local lat = (x - hx) * rx + (y - hy) * ry
  local half = max(0, (h.w - d.w) / 2)
  lat = max(-half, min(half, lat))
  local ahead = h.dp / 2 + h.move + d.dp / 2 + G.S.cm(4)
  return hx + fx * ahead + rx * lat, hy + fy * ahead + ry * lat
end

-- Skirmishers: keep out of reach of enemy HI and formed mounted (foot
-- skirmishers withdraw behind their own heavy infantry when there is one
-- near), fall on the disordered, screen the heavy infantry's advance
-- (foot), else close to shooting range of the nearest enemy.
local function skirmish(G, uid, d, foes)
  local range = shooting.range(d, G.S.scale)
  range = range and range * 10 or 0
  local x, y = G.bf:pos(uid)
  local hid = screened_hi(G, uid, d)
  -- danger: the enemy that could reach it next turn. READING: horse
  -- archers stand their ground at shooting range against troops slower than
  -- themselves and evade their charge (Phases 2 and 3: evasion) -- kept out
  -- of reach of knights and spearmen, they never shot at them
  local evades_slower = troops.is_mounted(d)
  local function threatens(e)
    return (e.class == "HI" or troops.is_mounted(e)) and e.formed and not (evades_slower and e.move < d.move)
  end
  -- A closing move cut so that it does not come within the reach of an
  -- enemy it would withdraw from next turn (nil: it stands). Moving `a`
  -- brings it at most `a` nearer to any enemy, and turning by t at most
  -- the chord its farthest corner sweeps (2 r sin(t/2)). (The chaos
  -- warhost's Elf archers stepped 5 cm in to shoot, into the reach of heavy
  -- foot, turned about and stepped back out of it the next turn, forward
  -- and back four turns running: no player walks his skirmishers into the
  -- reach of what they must run from.)
  local function short_of_danger(p)
    local room = math.huge
    for _, q in ipairs(foes) do
      local e = G.D[q.id]
      if threatens(e) then room = min(room, q.distance - (e.move + G.S.cm(3)) - G.S.cm(1)) end
    end
    if room == math.huge then return p end
    local t = math.rad(abs(p.turn or p.wheel or 0))
    room = room - sqrt(d.w * d.w + d.dp * d.dp) * math.sin(t / 2)
    if room < G.S.cm(1) then return nil end
    p.advance = min(p.advance or 0, room)
    return p
  end
  for _, q in ipairs(foes) do
    local e = G.D[q.id]
    if threatens(e) then
      local reach = e.move + G.S.cm(3)
      if q.distance < reach then
        if hid then
          local wx, wy = ai.withdraw_point(G, uid, hid)
          local p = turn.steer(G, uid, wx, wy, sqrt((wx - x) ^ 2 + (wy - y) ^ 2))
          p.withdraw = true -- no "straight on" second choice: that is towards the enemy
          return p
        end
        local ex, ey = point_of(G, q.id)
        local dx, dy = x - ex, y - ey
        local len = sqrt(dx * dx + dy * dy)
        if len > 1e-6 then
          local back = reach - q.distance + G.S.cm(1)
          local p = turn.steer(G, uid, x + dx / len * back * 4, y + dy / len * back * 4, back)
          p.withdraw = true -- away from the enemy: no "straight on" second choice
          return p
        end
      end
    end
  end
  -- prey: a disordered or unformed enemy within reach
  for _, q in ipairs(foes) do
    local e = G.D[q.id]
    if q.distance <= d.move and turn.may_contact(d, e) and (e.disordered or not e.formed) and ai.charge_value(G, uid, q.id) > 0 then
      local ex, ey = point_of(G, q.id)
      local p = turn.steer(G, uid, ex, ey)
      p.charge = q.id
      return p
    end
  end
  local q = foes[1]
  -- screen: ahead of the heavy infantry while the enemy is beyond shooting
  -- range of the screening place
  if hid then
    local sx, sy = ai.screen_point(G, uid, hid)
    local ex, ey = point_of(G, q.id)
    local gap = sqrt((ex - sx) ^ 2 + (ey - sy) ^ 2)
    local hold = max(range * 0.75, G.S.cm(15))
    if gap > hold then
      local dist = sqrt((sx - x) ^ 2 + (sy - y) ^ 2)
      if dist < G.S.cm(1) then return nil end
      return turn.steer(G, uid, sx, sy, dist)
    end
  end
  if range > 0 then
    if q.distance > range * 0.9 then
      local ex, ey = point_of(G, q.id)
      ex, ey = terrain_route.way_round(G, uid, ex, ey)
      ex, ey = intent.way_round(G, uid, ex, ey)
      return short_of_danger(turn.steer(G, uid, ex, ey, q.distance - range * 0.75))
    end
    return nil
  end
  local ex, ey = point_of(G, q.id)
  ex, ey = intent.way_round(G, uid, ex, ey)
  return short_of_danger(turn.steer(G, uid, ex, ey, max(0, q.distance - G.S.cm(15))))
end

-- Phases 2 and 3. Every plan is careful: it does not end a move in
-- disordering terrain unless it charges.
-- A variant commander built on this one (ai_contact.lua) keeps this move and
-- gives its own `plan` and `welcome` (which enemies a move may touch); the
-- side's commander is asked for both, so a variant needs no copy of it.
function ai.move(G, uid)
  local me = G.sides[G.D[uid].side].commander
  local plan = (me.plan or ai.plan)(G, uid)
  if plan and not plan.rally then
    local d = G.D[uid]
    intent.steady(G, uid, plan)
    -- Plans are careful (they do not end in disordering ground). A unit
    -- held up three turns running may also go through it, but only as a
    -- last choice, after every careful one (going round: ai.plan and
    -- commander/terrain_route.lua; the turns below).
    -- READING: any unit held up three turns running goes through the
    -- disordering ground rather than stand for the rest of the battle (it
    -- was IF HI only: armies stood before a wood for twenty turns), unless
    -- the integrity test for becoming disordered risks breaking it (more
    -- than 1 in 10) and its side need not attack. (Tried: no more than 1 in
    -- 5 even when its side must attack -- fewer battles decided, Plataea 86%
    -- -> 76% of 100, for no more engagement.)
    local through = false
    if (d.stuck or 0) >= 3 then
      through = intent.must_attack(G, d.side) or test_odds(G, uid, "becomes_disordered")["break"] <= 0.1
    end
    plan.careful = true
    -- second choices when the plan moves nothing: straight on (a turn or
    -- wheel blocked by friends alongside), then, for a unit held up last
    -- turn, ways around the obstacle
    local chain = { plan }
    local straight_on
    if (plan.turn or plan.wheel) and not plan.withdraw then
      straight_on = { advance = d.move }
      chain[#chain + 1] = straight_on
    end
    local mode = turn.move_mode(G, d)
    if mode ~= "straight" and (d.stuck or 0) >= 1 then
      -- the turn towards the table's west first (a positive turn heads
      -- west while the unit faces north of east-west): both sides deploy
      -- from the table's west, so each side's first try is the same in a
      -- mirror match (it was "left first" for both: west for the side
      -- facing north, east for the side facing south)
      local _, _, f = G.bf:pos(uid)
      local tries = math.cos(math.rad(f)) >= 0 and { 30, -30, 60, -60 } or { -30, 30, -60, 60 }
      for _, a in ipairs(tries) do
        if mode == "wheel" then
          local arc = d.w * math.rad(math.abs(a) / 2)
          if arc < d.move then chain[#chain + 1] = { wheel = a / 2, advance = d.move - arc } end
        else
          chain[#chain + 1] = { turn = a, advance = d.move }
        end
      end
    end
    -- a move that is not a charge stops short of the enemy (a move that
    -- bumps into one is a charge nobody decided on)
    -- (a charge, short of any enemy nearer than its target that it should
    -- not charge)
    -- A contact the unit would have charged into anyway (a sensible charge
    -- at good odds, or at even odds when its side must attack; heavy
    -- infantry always) is no accident: such an enemy does not stop it.
    local commit = intent.must_attack(G, d.side)
    local function welcome(e)
      if e == plan.charge then return true end
      if me.welcome then return me.welcome(G, uid, e) end
      if not turn.may_contact(d, G.D[e]) or not intent.sensible_charge(G, uid, e) then return false end
      local v = ai.charge_value(G, uid, e)
      return d.class == "HI" or v > 0 or (commit and v > -1)
    end
    local cap
    -- SPEED: enemies come nearest first; once one stands so far off that
    -- its cap would shorten no choice, none further on can either
    -- (commander/cap_reach.lua)
    local reach = cap_reach.longest(chain)
    for _, q in ipairs(plan.withdraw and {} or known_foes.kept(G, uid)) do -- ai.plan's list (SPEED)
      if q.id == plan.charge then break end
      if cap_reach.beyond(G, q.distance, reach) then break end
      if not welcome(q.id) then cap = q.distance; break end
    end
    if cap then
      cap = max(0, cap - G.S.cm(1))
      for _, c in ipairs(chain) do c.advance = min(c.advance or 0, cap) end
    end
    -- the last choices: through the disordering ground, the plan and then
    -- straight on
    if through then
      chain[#chain + 1] = { turn = plan.turn, wheel = plan.wheel, advance = plan.advance, charge = plan.charge,
        careless = true }
      if straight_on then chain[#chain + 1] = { advance = straight_on.advance, careless = true } end
    end
    -- every choice is tried once beforehand: it stops short of friends and
    -- makes no contact but with the enemy it charges; no second choice
    -- swings the unit back the way it came (intent.steady)
    -- (each tried as the engine will make it: careful or not)
    -- The first choice is tried now; a second choice only when the engine
    -- comes to it (turn.try_choice calls its `prepare`): most units never
    -- need one, and trying them all beforehand was most of the engine's
    -- moves. It is tried from the same place and state either way.
    for n = 1, #chain do
      chain[n].careful = not chain[n].careless
      if n > 1 then intent.steady_choice(G, uid, chain[n]) end
    end
    intent.stop_short_of_friends(G, uid, plan, welcome)
    for n = 1, #chain do
      chain[n].fallback = chain[n + 1]
      if n > 1 then
        -- made whole or at half distance only, and tried so (the trial
        -- then stands for the move itself; tried with the first choice's
        -- fractions instead, every second choice was moved twice)
        chain[n].fractions = { 1, 0.5 }
        chain[n].prepare = function(c)
          c.prepare = nil
          intent.stop_short_of_friends(G, uid, c, welcome)
        end
      end
    end
  end
  return plan
end


-- Whether the unit is a reserve still held back.
function ai.held_in_reserve(G, uid)
  local d = G.D[uid]
  if d.ai_released then return false end
  if d.ai_reserve then return true end
  local r = G.sides[d.side].ai_reserve
  return r ~= nil and r[d.id] == true
end

-- A reserve is committed when a friend breaks or is lost, when an enemy
-- comes through a gap (nearer to it than to any friend in the line, or
-- within its move), when its side must attack (intent.must_attack), or from
-- turn 8 on. Until then it keeps 20 cm behind the
-- middle of the formed line (it never goes back), or stands.
function ai.reserve_plan(G, uid, foes)
  local d = G.D[uid]
  local S = G.S
  local line = {}
  for _, f in ipairs(G.sides[d.side].units) do
    local o = G.D[f]
    if f ~= uid and (o.gone or o.broken) and (o.formed or o.class == "HI") then return "release" end
    if f ~= uid and not o.gone and not o.broken and o.formed and not ai.held_in_reserve(G, f) then line[#line + 1] = f end
  end
  -- the army attacks: so does its reserve
  if G.turn >= 8 or #line == 0 or intent.must_attack(G, d.side) then return "release" end
  local q = foes[1]
  if q.distance <= d.move + S.cm(5) then return "release" end
  local ex, ey = point_of(G, q.id)
  local nearest = 1e18
  for _, f in ipairs(line) do
    local fx, fy = point_of(G, f)
    nearest = min(nearest, (fx - ex) ^ 2 + (fy - ey) ^ 2)
  end
  if sqrt(nearest) > q.distance then return "release" end
  -- follow the line: 20 cm behind its middle
  local mx, my = 0, 0
  for _, f in ipairs(line) do
    local fx, fy = point_of(G, f)
    mx, my = mx + fx / #line, my + fy / #line
  end
  local sign = G.sides[d.side].edge == "south" and 1 or -1
  local tx, ty = mx, my - sign * S.cm(20)
  local x, y = G.bf:pos(uid)
  if (ty - y) * sign <= S.cm(2) then return nil end
  return turn.steer(G, uid, tx, ty, sqrt((tx - x) ^ 2 + (ty - y) ^ 2))
end

-- Which of e's flanks is the nearer: 1 its right, -1 its left. A unit
-- square on e's centre line (a flyer flies straight at the unit it goes
-- for and lands square in front of it: the chaos warhost's crows) is a
-- tie, whatever the rounding says (7e-13 mm one way, 2e-13 the other):
-- e's right is the table's east for one side and its west for the other,
-- so a tie goes towards the table's west (as a held-up unit's second
-- choices, ai.move), and for an enemy facing due east or west towards the
-- table's centre line: the same flank from either side of the table.
local function nearer_flank(G, lat, ey, rx, ry)
  if abs(lat) > near_ties.GRAIN then return lat >= 0 and 1 or -1 end
  if abs(rx) > 1e-9 then return rx < 0 and 1 or -1 end
  local _, depth = G.bf:size()
  local towards = depth / 2 - ey
  if abs(towards) > near_ties.GRAIN then return (ry * towards > 0) and 1 or -1 end
  return 1
end
ai.nearer_flank = nearer_flank

-- Where a formed mounted unit goes to strike enemy `e` in flank or rear:
-- beside e's nearer flank, behind its rear edge; while the unit is still
-- level with or ahead of e's centre, first beside that flank.
function ai.flank_point(G, uid, e)
  local d, t = G.D[uid], G.D[e]
  local ex, ey, fx, fy, rx, ry = frame(G, e)
  local x, y = G.bf:pos(uid)
  local along = (x - ex) * fx + (y - ey) * fy
  local lat = (x - ex) * rx + (y - ey) * ry
  local k = nearer_flank(G, lat, ey, rx, ry)
  local side = t.w / 2 + d.w / 2 + G.S.cm(4)
  if along > 0 then
    local wide = max(side, abs(lat))
    return ex + rx * k * wide, ey + ry * k * wide
  end
  local back = t.dp / 2 + d.dp / 2 + G.S.cm(2)
  return ex + rx * k * side - fx * back, ey + ry * k * side - fy * back
end

-- A flank attack worth making: the formed enemy (not broken, not a
-- skirmisher) within three moves whose Table 4 pools struck in flank or rear
-- (+2 per 4 figures, and it cannot fight back) most beat a frontal charge,
-- pinned by a friend at its front counting extra, with the flanking place
-- clear of other enemies by 15 cm and on the table. Returns the target, the
-- point and the value.
function ai.flank_attack(G, uid, foes)
  local d = G.D[uid]
  local S = G.S
  local best, bx, by, bv
  for _, q in ipairs(foes) do
    if q.distance > 3 * d.move then break end
    local t = G.D[q.id]
    if t.formed and turn.may_contact(d, t) and not behind_front(G, uid, q.id) then
      local flank = expected(melee.pool(d, t, { first_contact = true, flank_or_rear = true }))
      if t.disordered then flank = flank + 1 end
      local front = ai.charge_value(G, uid, q.id)
      local pinned = false
      for _, c in ipairs(turn.contacts(G, q.id)) do
        if G.bf:contact(q.id, c) == "front" then pinned = true; break end
      end
      local v = flank - max(0, front) + (pinned and 2 or 0) - q.distance / d.move
      if flank > 0 and (pinned or flank - front >= 2) and (not bv or v > bv) then
        local px, py = ai.flank_point(G, uid, q.id)
        local ok = px > 0 and py > 0 and px < S.width and py < S.depth
        for _, o in ipairs(foes) do
          if not ok then break end
          if o.id ~= q.id then
            local ox, oy = point_of(G, o.id)
            local od = G.D[o.id]
            if sqrt((ox - px) ^ 2 + (oy - py) ^ 2) < S.cm(15) + max(od.w, od.dp) / 2 then ok = false end
          end
        end
        if ok then best, bx, by, bv = q.id, px, py, v end
      end
    end
  end
  return best, bx, by, bv
end

function ai.plan(G, uid)
  local d = G.D[uid]
  -- rallying is a test: only when it is likely to pass and unlikely to break
  if d.disordered and turn.may_rally(G, uid) then
    local o = test_odds(G, uid, "rallies")
    if o.pass >= 0.5 and o["break"] <= 0.1 then return { rally = true } end
  end
  local foes = enemies(G, uid)
  if #foes == 0 then return G.weather_blind and G.weather_blind(G, uid) or nil end   -- hook: none seen (weather)
  -- (an extra per-unit plan -- a flyer's, a besieger's -- is hooked here:
  -- after rallying and the enemies known, before the default plans)
  if is_skirmisher(d) then return skirmish(G, uid, d, foes) end
  if ai.held_in_reserve(G, uid) then
    local r = ai.reserve_plan(G, uid, foes)
    if r ~= "release" then return r end
    d.ai_released = true
  end
  local commit = intent.must_attack(G, d.side)
  local mode = turn.move_mode(G, d)
  -- a charge: the best target within reach that the unit may contact and
  -- that a sensible player charges (not the front of ordered heavy troops
  -- with light troops; not an ordered, unhurt enemy it can shoot first)
  local best, best_v
  for _, q in ipairs(foes) do
    if q.distance > d.move + G.S.cm(1) then break end
    local e = G.D[q.id]
    if turn.may_contact(d, e) and (mode ~= "straight" or G.bf:in_arc(uid, q.id, 20, "frontal"))
        and intent.sensible_charge(G, uid, q.id) then
      local v = ai.charge_value(G, uid, q.id)
      -- a charge through a wood or over a steep hill costs the integrity
      -- test for becoming disordered on the way: not made when that test
      -- risks breaking the unit more than 1 in 10 (1 in 5 when its side
      -- must attack), and worth an expected hit less otherwise. (Winter on
      -- the Rhine, seed 2: a legion charged slingers over a steep hill and
      -- broke before it struck.)
      local ex, ey = point_of(G, q.id)
      if terrain_route.charge_crosses_disorder(G, uid, ex, ey) then
        local risk = test_odds(G, uid, "becomes_disordered")["break"]
        if risk > 0.1 and not (intent.must_attack(G, d.side) and risk <= 0.2) then v = nil else v = v - 1 end
      end
      if v and (not best_v or v > best_v) then best, best_v = q.id, v end
    end
  end
  -- formed mounted: round an open flank when a flank or rear charge is
  -- worth clearly more than what is in reach now
  if d.formed and troops.is_mounted(d) and mode ~= "straight" then
    local fe, fx, fy, fv = ai.flank_attack(G, uid, foes)
    if fe and (not best or best_v < fv - 1) and not (best and behind_front(G, uid, best) and best_v > 0) then
      d.ai_objective = { target = fe, since = G.turn, flank = true }
      local x, y = G.bf:pos(uid)
      local p = turn.steer(G, uid, fx, fy, sqrt((fx - x) ^ 2 + (fy - y) ^ 2))
      -- on the way round (still in front of the enemy) it is not a charge:
      -- it stops short of touching the front it goes round
      if behind_front(G, uid, fe) then p.charge = fe end
      return p
    end
  end
  -- the side that must attack charges at even odds (a unit losing a
  -- little more than it deals still wears the enemy down)
  if best and (best_v > 0 or d.class == "HI" or (commit and best_v > -1)) then
    d.ai_objective = { target = best, since = G.turn }
    if mode == "straight" then return { advance = d.move, charge = best } end
    local ex, ey = point_of(G, best)
    local p = turn.steer(G, uid, ex, ey)
    p.charge = best
    return p
  end
  -- shooters in range hold and shoot (formed foot and horse archers)
  local range = shooting.range(d, G.S.scale)
  if range and d.class ~= "HI" and foes[1].distance <= range * 10 then
    if G.bf:in_arc(uid, foes[1].id, 10, "frontal") then return nil end
  end
  if d.sub == "HIB" and foes[1].distance <= range * 10 then return nil end
  -- advance: IF HI straight ahead (unless it stands to shoot); others
  -- towards their objective
  if mode == "straight" then
    if range and intent.shoot_first(G, uid, foes[1].id) then return nil end
    return { advance = d.move }
  end
  local target = foes[1]
  if d.class == "HI" then
    -- RA heavy infantry: the nearest enemy it may contact, kept while no
    -- other is nearer by more than half a move (it wheeled back and forth
    -- between two enemies at much the same distance)
    target = intent.objective(G, uid, foes, function(q)
      return turn.may_contact(d, G.D[q.id]) and 0 or nil
    end, 1 / 6) or target
  else
    -- mounted and light foot: the enemy worth fighting kept from turn to
    -- turn (intent.objective); a side that must attack goes for the best
    -- of the rest too; else hold out of reach of what they cannot face
    local pick = intent.objective(G, uid, foes, function(q)
      local e = G.D[q.id]
      if not turn.may_contact(d, e) or intent.light_against_heavy_front(G, uid, q.id) then return nil end
      local v = ai.charge_value(G, uid, q.id)
      -- an unformed enemy faster than the unit evades it whenever it comes:
      -- a chase goes nowhere (knights after horse archers, for twenty turns)
      if not e.formed and e.move > d.move then v = v - 2 end
      if v > -0.5 or commit then return v end
      return nil
    end)
    if not pick then
      local e = G.D[target.id]
      local keep = e.move + G.S.cm(2)
      if target.distance <= keep + d.move then
        return nil
      end
    else
      target = pick
    end
  end
  local ex, ey = point_of(G, target.id)
  -- an enemy it should not charge yet (it shoots first, or it is the front
  -- of ordered heavy troops): close to three quarters of its shooting range,
  -- else to just out of that enemy's reach, no nearer
  local reach
  if not intent.sensible_charge(G, uid, target.id) then
    local e = G.D[target.id]
    local stand = range and range * 10 * 0.75 or (e.move + G.S.cm(2))
    reach = target.distance - stand
    if reach < G.S.cm(1) then return nil end
  end
  -- round a wood or hill that stands across the way (all formed units:
  -- heavy infantry too -- a line that walks into a wood loses its order)
  ex, ey = terrain_route.way_round(G, uid, ex, ey)
  -- mounted and light foot go round a friend in their way (heavy
  -- infantry keeps its line: it does not weave through the army)
  if d.class ~= "HI" then ex, ey = intent.way_round(G, uid, ex, ey) end
  return turn.steer(G, uid, ex, ey, reach)
end

function ai.evade() return true end

-- The target that gives most dice (ties: the nearest).
function ai.shoot_target(G, uid, targets)
  local d = G.D[uid]
  local best, best_n
  for _, t in ipairs(targets) do
    local n = shooting.pool(d, G.D[t], {}).dice
    if not best_n or n > best_n then best, best_n = t, n end
  end
  return best
end

function ai.follow_up(G, uid)
  local d = G.D[uid]
  return d.hits <= troops.figure_equivalent(d)
end

function ai.pursue() return false end

-- A formed unit struck only in flank or rear cannot fight back: it breaks
-- off if it can.
function ai.break_off(G, uid)
  local d = G.D[uid]
  if not d.formed then return false end
  for _, e in ipairs(turn.contacts(G, uid)) do
    if G.bf:contact(uid, e) == "front" then return false end
  end
  return true
end

return ai
