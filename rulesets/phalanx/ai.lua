-- Phalanx default commander. The rules never decide for a player: every
-- choice the battle engine needs is asked of a commander, and this is the
-- one a scenario gets unless it names another. A commander is a table with:
--
--   choose_edge(G, side) -> "south" | "north"        (The Table: the winner)
--   terrain_changes(G, side) -> { remove = {ids} } | { swap = {a, b} } | nil
--   march_order(G, side) -> { gid, ... }              (flank march)
--   deployment(G, side) -> { {vid, x, y, facing}, ... } in deployment order
--   activate(G, side, points) -> { order, ... }       best first; the engine
--       activates them in order while the points last. An order is
--       { gid =, kind = "charge", target = uid, turn = deg } |
--       { gid =, kind = "move", turn = deg, dist = mm, detach = bool } |
--       { gid =, kind = "hold" } (shoot) | { gid =, kind = "rally" }
--   free_order(G, g) -> order | nil                    (initiative 7+)
--   evade(G, target_group, charging_group, target_uid) -> bool
--   shoot_target(G, shooter_uid, targets) -> uid | nil (targets nearest first)
--   shoot_at_charger(G, shooter_uid, charger_uid) -> bool
--
-- This one is cheap on purpose (thousands of battles a minute): it looks at
-- the nearest enemies of each link, estimates melee with Table 7/8 expected
-- values, and spends its points on charges with good odds, shooting, then
-- keeping its line moving forward.

local tables = require("phalanx.tables")
local troops = require("phalanx.troops")
local melee = require("phalanx.melee")
local setup = require("phalanx.setup")
local turn = require("phalanx.turn")

local ai = {}

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

---------------------------------------------------------------------------
-- Pre-battle.

local function zone_clutter(G, edge)
  local S, T = G.S, G.T
  local score = 0
  for _, p in ipairs(T.pieces) do
    local b = p.box
    local y0, y1 = b[2], b[4]
    local lo, hi = 0, S.rear + S.frontage * 2
    if edge == "north" then lo, hi = S.depth - hi, S.depth end
    if y1 > lo and y0 < hi then
      if not p.passable then score = score + 3
      elseif p.bad_going then score = score + 2
      elseif p.hill then score = score - 1 end
    end
  end
  return score
end

function ai.choose_edge(G, side)
  if zone_clutter(G, "north") < zone_clutter(G, "south") then return "north" end
  return "south"
end

-- Removes up to two pieces of bad or impassable going from its own
-- deployment area (impassable first).
function ai.terrain_changes(G, side)
  local S, edge = G.S, G.sides[side].edge
  local lo, hi = 0, S.rear + S.frontage
  if edge == "north" then lo, hi = S.depth - hi, S.depth end
  local picks = {}
  for _, want in ipairs({ "impassable", "bad" }) do
    for _, p in ipairs(G.T.pieces) do
      local b = p.box
      local hit = b[4] > lo and b[2] < hi
      local kind = (not p.passable) and "impassable" or (p.bad_going and "bad" or nil)
      if hit and kind == want and #picks < tables.pre_battle.winner_may_remove_or_swap then
        picks[#picks + 1] = p.id
      end
    end
  end
  if #picks == 0 then return nil end
  return { remove = picks }
end

function ai.march_order(G, side)
  return G.sides[side].groups
end

---------------------------------------------------------------------------
-- Deployment.

local GAP = 2   -- mm between neighbouring groups

local function group_width(g)
  local w = 0
  for _, s in ipairs(g.specs) do w = w + s.w end
  return w
end

local function group_depth(g)
  local d = 0
  for _, s in ipairs(g.specs) do d = max(d, s.d) end
  return d
end

-- Lays out the members of a group left to right from u0 with front edge at v_front.
local function put_group(out, G, edge, g, u0, v_front)
  local u = u0
  local first = #out + 1
  for _, s in ipairs(g.specs) do
    local x, y, f = setup.to_table(G.S, edge, u + s.w / 2, v_front - s.d / 2)
    out[#out + 1] = { vid = s.vid, x = x, y = y, facing = f, w = s.w, d = s.d, group = g, first = first }
    u = u + s.w
  end
end

-- Impassable terrain within L mm straight ahead of a base.
local function lane_blocked(G, x, y, f, w, dp, L)
  local fx, fy = setup.axes(f)
  local c = dp / 2 + L / 2
  local _, imp = G.T:under(x + fx * c, y + fy * c, f, w, L)
  return imp
end

-- Moves each group sideways (or to the back of the zone) to the nearest spot
-- clear of impassable terrain and of groups already placed, preferring good
-- going with a clear way ahead, and keeping the main battle line's gaps
-- within three frontages: the line is placed outwards from the centre's
-- edges (each wing from its boundary outwards, the centre left to right),
-- every group within the gap limit of the one placed before it. The search
-- is one-dimensional: terrain pieces' and placed groups' extents along the
-- edge are intervals the group's left end must avoid (pieces by their
-- bounding boxes).
local function avoid_terrain(G, edge, out)
  local S = G.S
  local pieces = G.T.pieces
  local lane = S.tile_d * 1.5
  local limit = tables.deployment.max_mbl_gap_frontages * S.frontage - 1
  -- the groups as blocks in side-local coordinates
  local blocks = {}
  local i = 1
  while i <= #out do
    local j = i
    while j + 1 <= #out and out[j + 1].first == out[i].first do j = j + 1 end
    local u0, v0, u1, v1 = math.huge, math.huge, -math.huge, -math.huge
    for k = i, j do
      local e = out[k]
      local u, v = setup.to_local(S, edge, e.x, e.y)
      u0, u1 = min(u0, u - e.w / 2), max(u1, u + e.w / 2)
      v0, v1 = min(v0, v - e.d / 2), max(v1, v + e.d / 2)
    end
    local g = out[i].group
    blocks[#blocks + 1] = { i = i, j = j, g = g, u0 = u0, u1 = u1, v0 = v0, v1 = v1, width = u1 - u0,
                            mbl = g.specs[1].mbl == true and not g.specs[1].last_line }
    i = j + 1
  end
  -- placing order: left wing from the boundary outwards, centre left to
  -- right, right wing from the boundary outwards, then the rest
  local lw, ce, rw, rest = {}, {}, {}, {}
  for _, b in ipairs(blocks) do
    if not b.mbl then rest[#rest + 1] = b
    elseif b.g.part == "left" then lw[#lw + 1] = b
    elseif b.g.part == "right" then rw[#rw + 1] = b
    else ce[#ce + 1] = b end
  end
  table.sort(lw, function(a, b) return a.u0 > b.u0 end)
  table.sort(ce, function(a, b) return a.u0 < b.u0 end)
  table.sort(rw, function(a, b) return a.u0 < b.u0 end)
  local placed = {}   -- { u0, u1, v0, v1 }
  -- level 1: good going and a clear way ahead; 2: a clear way ahead; 3:
  -- anywhere off impassable terrain
  local function forbidden(b, level, vb0, vb1)
    local list = {}
    for _, p in ipairs(pieces) do
      local bx = p.box
      local pu0, pv0 = setup.to_local(S, edge, bx[1], bx[2])
      local pu1, pv1 = setup.to_local(S, edge, bx[3], bx[4])
      if pu0 > pu1 then pu0, pu1 = pu1, pu0 end
      if pv0 > pv1 then pv0, pv1 = pv1, pv0 end
      local hit = false
      if not p.passable then
        hit = pv1 > vb0 and pv0 < vb1 + (level <= 2 and lane or 0)
      elseif p.bad_going and level <= 1 then
        hit = pv1 > vb0 and pv0 < vb1
      end
      if hit then list[#list + 1] = { pu0 - b.width, pu1 } end
    end
    for _, q in ipairs(placed) do
      if q[4] > vb0 + 0.01 and q[3] < vb1 - 0.01 then list[#list + 1] = { q[1] - b.width - GAP, q[2] + GAP } end
    end
    return list
  end
  -- the free left end nearest `want` in [lo, hi] avoiding the intervals
  local function nearest(want, lo, hi, list)
    if lo > hi + 1e-6 then return nil end
    local function ok(x)
      if x < lo - 1e-6 or x > hi + 1e-6 then return false end
      for _, iv in ipairs(list) do
        if x > iv[1] + 1e-6 and x < iv[2] - 1e-6 then return false end
      end
      return true
    end
    local c0 = min(max(want, lo), hi)
    if ok(c0) then return c0 end
    local best, bd = nil, math.huge
    local cands = { lo, hi }
    for _, iv in ipairs(list) do cands[#cands + 1] = iv[1]; cands[#cands + 1] = iv[2] end
    for _, c in ipairs(cands) do
      if abs(c - want) < bd and ok(c) then best, bd = c, abs(c - want) end
    end
    return best
  end
  local function settle(b, lo, hi, glo, ghi)
    local du, dv = 0, 0
    local found = false
    -- in turn: within the gap limit of its neighbour and its sector (good
    -- going with a clear way ahead, then anywhere off impassable terrain),
    -- anywhere in its sector, then anywhere on its edge (no legal place: the
    -- deployment check reports it)
    local tries = {}
    local glo2, ghi2 = max(lo, glo or lo), min(hi, ghi or hi)
    tries[#tries + 1] = { glo2, ghi2, 1 }
    tries[#tries + 1] = { glo2, ghi2, 2 }
    tries[#tries + 1] = { glo2, ghi2, 3 }
    tries[#tries + 1] = { lo, hi, 1 }
    tries[#tries + 1] = { lo, hi, 3 }
    tries[#tries + 1] = { 0, S.width, 3 }
    for _, t in ipairs(tries) do
      -- the back of the zone only when the way ahead need not be clear
      for _, back in ipairs(t[3] >= 3 and { false, true } or { false }) do
        local shift = back and -b.v0 or 0
        local c = nearest(b.u0, t[1], t[2] - b.width, forbidden(b, t[3], b.v0 + shift, b.v1 + shift))
        if c then du, dv, found = c - b.u0, shift, true; break end
      end
      if found then break end
    end
    if du ~= 0 or dv ~= 0 then
      local sign = edge == "south" and 1 or -1
      for k = b.i, b.j do out[k].x, out[k].y = out[k].x + sign * du, out[k].y + sign * dv end
    end
    b.u0, b.u1, b.v0, b.v1 = b.u0 + du, b.u1 + du, b.v0 + dv, b.v1 + dv
    placed[#placed + 1] = { b.u0, b.u1, b.v0, b.v1 }
  end
  local F, W = S.flank, S.width
  local prev = nil
  for _, b in ipairs(lw) do
    if prev then settle(b, 0, F, prev.u0 - limit - b.width, prev.u0 - GAP)
    else settle(b, 0, F) end
    prev = b
  end
  local left_end = lw[1]      -- the wing's group next to the centre
  prev = left_end
  for _, b in ipairs(ce) do
    if prev then settle(b, F, W - F, prev.u1 + GAP, prev.u1 + limit + b.width)
    else settle(b, F, W - F) end
    prev = b
  end
  for _, b in ipairs(rw) do
    if prev then settle(b, W - F, W, prev.u1 + GAP, prev.u1 + limit + b.width)
    else settle(b, W - F, W) end
    prev = b
  end
  for _, b in ipairs(rest) do
    local lo, hi = setup.part_range(S, b.g.part)
    settle(b, lo, hi)
  end
end

-- The flank march (The Table): "the loser must write down his order of
-- march and then move in that order across any one of the tables
-- diagonals. The higher scoring may deploy anywhere within 30cm of his
-- opponent at any time during the march." READING (abstracted): the loser's
-- column stands on the diagonal from its own left rear corner, in its order
-- of march, centred on the table and facing along the diagonal; the winner
-- springs the ambush: his army stands in line parallel to the column, 30 cm
-- from it on his own side, facing it.
local function march_layout(G, side)
  local S = G.S
  local fm = G.flank_march
  local marcher_edge = G.sides[fm.marcher].edge
  -- the diagonal, in table coordinates: from the marcher's left rear corner
  local ax, ay = setup.to_table(S, marcher_edge, 0, 0)
  local bx, by = setup.to_table(S, marcher_edge, S.width, S.depth)
  local len = math.sqrt((bx - ax) ^ 2 + (by - ay) ^ 2)
  local dx, dy = (bx - ax) / len, (by - ay) / len
  local mx, my = (ax + bx) / 2, (ay + by) / 2
  local facing = turn.heading(dx, dy)
  local out = {}
  local order = G.sides[fm.marcher].commander.march_order(G, fm.marcher)
  if side == fm.marcher then
    -- column: vignettes one behind another, head towards the far corner
    local specs = {}
    for _, gid in ipairs(order) do
      for _, s in ipairs(G.groups[gid].specs) do specs[#specs + 1] = s end
    end
    local total = 0
    for _, s in ipairs(specs) do total = total + s.d + GAP end
    local along = total / 2
    for _, s in ipairs(specs) do
      local c = along - s.d / 2
      out[#out + 1] = { vid = s.vid, x = mx + dx * c, y = my + dy * c, facing = facing }
      along = along - s.d - GAP
    end
  else
    -- the ambushers' line, parallel to the column on the winner's side
    local nx, ny = -dy, dx   -- left of the column
    local wx, wy = setup.to_table(S, G.sides[side].edge, S.width / 2, 0)
    if (wx - mx) * nx + (wy - my) * ny < 0 then nx, ny = -nx, -ny end
    local specs = {}
    for _, gid in ipairs(G.sides[side].groups) do
      for _, s in ipairs(G.groups[gid].specs) do specs[#specs + 1] = s end
    end
    local total = 0
    for _, s in ipairs(specs) do total = total + s.w + GAP end
    local off = tables.pre_battle.march_deploy_within_cm * 10 - S.frontage * 0.25
    local face = turn.heading(-nx, -ny)
    -- along the line: the column's direction
    local pos = -total / 2
    for _, s in ipairs(specs) do
      local c = pos + s.w / 2
      local cx = mx + dx * c + nx * (off + s.d / 2)
      local cy = my + dy * c + ny * (off + s.d / 2)
      out[#out + 1] = { vid = s.vid, x = cx, y = cy, facing = face }
      pos = pos + s.w + GAP
    end
  end
  -- keep every base on the table (a long line near a corner of a small one)
  local S2 = G.S
  for _, p in ipairs(out) do
    local r = S2.frontage * 0.75   -- at least half the diagonal of any base
    p.x = min(max(p.x, r), S2.width - r)
    p.y = min(max(p.y, r), S2.depth - r)
  end
  return out
end

function ai.deployment(G, side)
  if G.flank_march then return march_layout(G, side) end
  local S = G.S
  local sd = G.sides[side]
  local edge = sd.edge
  local mbl = { left = {}, centre = {}, right = {} }
  local front = { left = {}, centre = {}, right = {} }
  local outer = { left = {}, centre = {}, right = {} }
  local second = {}
  for _, gid in ipairs(sd.groups) do
    local g = G.groups[gid]
    local s1 = g.specs[1]
    if s1.last_line then second[#second + 1] = g
    elseif s1.mbl then local l = mbl[g.part]; l[#l + 1] = g
    elseif s1.class == "LSC" or s1.class == "HSC" or s1.class == "CAM" then local l = outer[g.part]; l[#l + 1] = g
    else local l = front[g.part]; l[#l + 1] = g end
  end
  -- u positions (left end) of the MBL groups
  local F, W = S.flank, S.width
  local pos = {}
  local function pack(list, u0)
    local u = u0
    for _, g in ipairs(list) do pos[g] = u; u = u + group_width(g) + GAP end
    return u - GAP
  end
  local function width_of(list)
    local w = 0
    for _, g in ipairs(list) do w = w + group_width(g) end
    return w + GAP * max(0, #list - 1)
  end
  local lw, rw = width_of(mbl.left), width_of(mbl.right)
  pack(mbl.left, max(0, F - GAP - lw))
  pack(mbl.right, W - F + GAP)
  local hasL, hasR = #mbl.left > 0, #mbl.right > 0
  local cw = 0
  for _, g in ipairs(mbl.centre) do cw = cw + group_width(g) end
  local k = #mbl.centre
  local space = W - 2 * F
  if k > 0 then
    if hasL and hasR then
      local gap = max(GAP, (space - cw) / (k + 1))
      local limit = tables.deployment.max_mbl_gap_frontages * S.frontage - 1
      local u = F + gap
      if gap > limit then gap = limit; u = F + (space - cw - gap * (k - 1)) / 2 end
      for _, g in ipairs(mbl.centre) do pos[g] = u; u = u + group_width(g) + gap end
    elseif hasL then
      pack(mbl.centre, F + GAP)
    elseif hasR then
      pack(mbl.centre, W - F - GAP - width_of(mbl.centre))
    else
      pack(mbl.centre, W / 2 - width_of(mbl.centre) / 2)
    end
  end
  -- depths
  local f = S.frontage
  local d_front, d_mbl, d_second = 0, 0, 0
  for _, part in ipairs({ "left", "centre", "right" }) do
    for _, g in ipairs(front[part]) do d_front = max(d_front, group_depth(g)) end
    for _, g in ipairs(mbl[part]) do d_mbl = max(d_mbl, group_depth(g)) end
    for _, g in ipairs(outer[part]) do d_mbl = max(d_mbl, group_depth(g)) end
  end
  for _, g in ipairs(second) do d_second = max(d_second, group_depth(g)) end
  -- room: second line at the back, then more than half a repulse between the
  -- lines ("Don't have your second line too close"), the MBL, skirmishers
  local need_behind = #second > 0 and (1 + d_second + f / 2 + 3) or 0
  local v_mbl = S.rear
  if d_front > 0 then v_mbl = S.rear - d_front - GAP end
  if v_mbl - d_mbl < need_behind then
    -- no room in front: skirmishers go to the ends of their part's line
    for _, part in ipairs({ "left", "centre", "right" }) do
      for _, g in ipairs(front[part]) do local l = outer[part]; l[#l + 1] = g end
      front[part] = {}
    end
    d_front = 0
    v_mbl = S.rear
  end
  local out = {}
  -- the main battle line, centre first then the wings
  for _, part in ipairs({ "centre", "left", "right" }) do
    for _, g in ipairs(mbl[part]) do put_group(out, G, edge, g, pos[g], v_mbl) end
  end
  -- the second line, behind the middle of its part's section of the line
  if #second > 0 then
    local sw = width_of(second)
    local u = W / 2 - sw / 2
    for _, g in ipairs(second) do
      put_group(out, G, edge, g, u, 1 + group_depth(g))
      u = u + group_width(g) + GAP
    end
  end
  -- off the line: light horse beside the line's ends, skirmishers in front
  for _, part in ipairs({ "left", "right", "centre" }) do
    local list = mbl[part]
    local lo, hi = setup.part_range(S, part)
    local lmost, rmost = math.huge, -math.huge
    for _, g in ipairs(list) do
      lmost = min(lmost, pos[g]); rmost = max(rmost, pos[g] + group_width(g))
    end
    if lmost == math.huge then lmost, rmost = (lo + hi) / 2, (lo + hi) / 2 end
    for _, g in ipairs(outer[part]) do
      local w = group_width(g)
      if part ~= "right" and lmost - GAP - w >= lo then
        lmost = lmost - GAP - w
        put_group(out, G, edge, g, lmost, v_mbl)
      elseif rmost + GAP + w <= hi then
        put_group(out, G, edge, g, rmost + GAP, v_mbl)
        rmost = rmost + GAP + w
      elseif lmost - GAP - w >= lo then
        lmost = lmost - GAP - w
        put_group(out, G, edge, g, lmost, v_mbl)
      else
        local l = front[part]; l[#l + 1] = g
      end
    end
    local fl = front[part]
    if #fl > 0 then
      local span_lo, span_hi = max(lo, lmost), min(hi, rmost)
      if span_hi - span_lo < width_of(fl) then span_lo, span_hi = lo, hi end
      local step = (span_hi - span_lo - width_of(fl)) / (#fl + 1)
      local u = span_lo + max(0, step)
      local vf = d_front > 0 and S.rear or min(S.rear, v_mbl + GAP + group_depth(fl[1]))
      for _, g in ipairs(fl) do
        put_group(out, G, edge, g, u, vf)
        u = u + group_width(g) + max(GAP, step)
      end
    end
  end
  avoid_terrain(G, edge, out)
  return out
end

---------------------------------------------------------------------------
-- Orders.

-- The unit of group g nearest to enemy unit e.
local function nearest_member(G, g, e)
  local best, bd = g.ids[1], math.huge
  for _, uid in ipairs(g.ids) do
    local dd = G.bf:distance(uid, e)
    if dd < bd then best, bd = uid, dd end
  end
  return best, bd
end

-- Whether `attacker` would strike `target` in flank or rear: its centre is
-- behind the target's front edge line.
local function behind_front(G, attacker, target)
  local ax, ay = G.bf:pos(attacker)
  local tx, ty, tf = G.bf:pos(target)
  local td = G.D[target]
  local fx, fy = setup.axes(tf)
  return (ax - tx) * fx + (ay - ty) * fy < td.d / 2
end

local function charge_value(G, g, target)
  local bf = G.bf
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
  for _, uid in ipairs(g.ids) do
    if #turn.shooting_targets(G, uid) > 0 then return true end
  end
  return false
end

local function recovering(G, g)
  for _, uid in ipairs(g.ids) do
    local d = G.D[uid]
    local r, rr = d.accumulated_r, d.accumulated_rr
    if (d.army_class == "RA" and r + rr >= 2) or (d.army_class == "IF" and r + rr > 0) then return true end
  end
  return false
end

local FAR = 1e9

-- The best order for group g and its score (nil when it has nothing to do).
-- The move part of an advance: keeping the line, around friends and
-- terrain. Returns the order or nil (nothing worth an activation).
local function finish_advance(G, g, p)
  local S = G.S
  local want, step = p.want, p.step
  if step > 0 then
    step = ai.cohesive_distance(G, g, want, step)
  end
  if step < S.frontage * 0.1 and abs(want) < 5 then return nil end
  if step > 0 then
    local pa, pd = ai.plan_move(G, g, want, step, p.tr, p.towards)
    if pa == nil then
      -- nothing to gain but a turn: worth it only to face a near enemy
      if abs(want) < 5 or p.dist > 4 * S.frontage then return nil end
      step = 0
    else
      want, step = pa, pd
    end
  end
  return { gid = g.gid, kind = "move", turn = want, dist = step, detach = p.detach }
end

-- The best order for group g and its score (nil when it has nothing to do).
-- lazy: an advance comes back unplanned, with `pending` for finish_advance
-- (planning is the dear part; only the links the points can pay for need it).
local function best_order(G, g, lazy)
  if #g.ids == 0 then return nil end
  local bf = G.bf
  local S = G.S
  if turn.group_in_contact(G, g) then return nil end
  local stuck = turn.group_halted(G, g)
  local shooter = can_shoot(G, g)
  if stuck then
    if shooter then return { gid = g.gid, kind = "hold" }, 6 end
    return nil
  end
  local mv, tr = turn.allowances(G, g, 0)
  -- charges
  local best, best_v = nil, -FAR
  local seen = 0
  for _, uid in ipairs(g.ids) do
    local q = {}
    turn.near(G, uid, 3 - g.side, mv, q)
    for _, hit in ipairs(q) do
      if seen >= 4 then break end
      seen = seen + 1
      local a = turn.turn_towards(G, g, hit.id)
      if abs(a) <= tr + 1e-6 then
        local v = charge_value(G, g, hit.id)
        if v > best_v then best, best_v = { gid = g.gid, kind = "charge", target = hit.id, turn = a }, v end
      end
    end
  end
  local d1 = G.D[g.ids[1]]
  -- READING of "charges when its odds are good": at first only charges
  -- expected to gain; as the day wears on the commander commits more.
  local threshold = G.ai_charge_threshold or (0.2 - 0.1 * G.turn)
  if best and best_v > threshold then return best, 10 + best_v * 3 + #g.ids end
  if shooter then return { gid = g.gid, kind = "hold" }, 3 + #g.ids end
  if G.recovery and recovering(G, g) then
    local e, dist = turn.nearest_enemy(G, g, 3 * S.frontage)
    if not e then return { gid = g.gid, kind = "rally" }, 5 end
  end
  -- advance towards the nearest enemy, keeping the line
  local e, dist = turn.nearest_enemy(G, g, S.width + S.depth)
  if not e then return nil end
  local a = turn.turn_towards(G, g, e)
  local want = 0
  if abs(a) > 20 or dist < 4 * S.frontage then want = a end
  -- a bad charge is better avoided: stop short of contact
  local step = mv
  if best and dist <= mv and best_v <= threshold then step = max(0, dist - S.frontage * 0.25) end
  local score = 3 + #g.ids
  -- those nearest the enemy first, then laggards (to keep the line)
  score = score + max(0, 6 - dist / S.frontage) * 0.5
  local _, y = bf:pos(g.ids[1])
  local fwd = G.sides[g.side].edge == "south" and 1 or -1
  local avg = G.sides[g.side].avg_front or y
  score = score + max(-1, min(1, (avg - y) * fwd / S.frontage))
  if not d1.mbl then score = score - 1 end
  -- Detachments (optional): the mounted wings go their own way
  local detach = nil
  if G.detachments and not g.detached and troops.mounted_or_animal(d1.class) and G.detachments.may_detach(G, g) then
    detach = true
  end
  local pending = { want = want, step = step, tr = tr, towards = a, dist = dist, detach = detach }
  if lazy then
    return { gid = g.gid, kind = "move", turn = want, dist = step, detach = detach, pending = pending }, score
  end
  local order = finish_advance(G, g, pending)
  if not order then return nil end
  return order, score
end
ai.best_order = best_order

-- How far group g could go straight ahead after turning `a` degrees, up to
-- `dist`: short of friends in its way (their extents projected on its
-- axes) and of impassable terrain.
local function friends_of(G, g)
  local bf = G.bf
  local member = {}
  for _, uid in ipairs(g.ids) do member[uid] = true end
  local c = { n = 0, x = {}, y = {}, f = {}, hw = {}, hd = {}, reach = {} }
  for _, o in ipairs(G.alive[g.side]) do
    if not member[o] then
      local n = c.n + 1
      c.n = n
      c.x[n], c.y[n], c.f[n] = G.px[o], G.py[o], G.pf[o]
      local od = G.D[o]
      c.hw[n], c.hd[n], c.reach[n] = od.w / 2, od.d / 2, od.r * 2
    end
  end
  return c
end

local function free_ahead(G, g, a, dist, c)
  local bf = G.bf
  c = c or friends_of(G, g)
  local free = dist
  local cx, cy, cf, chw, chd, creach = c.x, c.y, c.f, c.hw, c.hd, c.reach
  for _, uid in ipairs(g.ids) do
    local d = G.D[uid]
    local x, y, f = bf:pos(uid)
    local nf = f + a
    local fx, fy, rx, ry = setup.axes(nf)
    for i = 1, c.n do
      local dx, dy = cx[i] - x, cy[i] - y
      local ahead = dx * fx + dy * fy
      if ahead > 0 and ahead < free + d.d + creach[i] then
        local t = math.rad(cf[i] - nf)
        local co, sn = abs(math.cos(t)), abs(math.sin(t))
        local lat = dx * rx + dy * ry
        if abs(lat) < d.w / 2 + co * chw[i] + sn * chd[i] - 0.5 then
          local gap = ahead - d.d / 2 - (sn * chw[i] + co * chd[i]) - 1
          if gap < free then free = max(0, gap) end
        end
      end
    end
    if free > 0 and G.T.pieces[1] and lane_blocked(G, x, y, nf, d.w, d.d, free) then
      if lane_blocked(G, x, y, nf, d.w, d.d, free / 2) then free = 0 else free = free / 2 end
    end
  end
  return free
end
ai.free_ahead = free_ahead

-- The longest part of a straight move of `dist` (after turning `a`) that
-- keeps a main-battle-line link within three frontages of another vignette
-- of its line (turn.lua's cohesion rule), estimated from centres: each
-- base counts as a disc of its half-width, so the estimate errs short.
local function cohesive_distance(G, g, a, dist)
  if G.detachments and g.detached then return dist end
  local d1 = G.D[g.ids[1]]
  if not d1.mbl or dist <= 0 then return dist end
  local bf = G.bf
  local limit = tables.deployment.max_mbl_gap_frontages * G.S.frontage
  local member = {}
  for _, uid in ipairs(g.ids) do member[uid] = true end
  local ox, oy, ow, n = {}, {}, {}, 0
  for _, o in ipairs(G.alive[g.side]) do
    if not member[o] and G.D[o].mbl then
      n = n + 1
      ox[n], oy[n] = G.px[o], G.py[o]
      ow[n] = G.D[o].w / 2
    end
  end
  local mx, my, mfx, mfy, mw = {}, {}, {}, {}, {}
  for i, uid in ipairs(g.ids) do
    local x, y, f = bf:pos(uid)
    mx[i], my[i] = x, y
    mfx[i], mfy[i] = setup.axes(f + a)
    mw[i] = G.D[uid].w / 2
  end
  local function near_at(t)
    for i = 1, #mx do
      local px, py = mx[i] + mfx[i] * t, my[i] + mfy[i] * t
      for k = 1, n do
        local reach = limit + mw[i] + ow[k]
        local dx, dy = ox[k] - px, oy[k] - py
        if dx * dx + dy * dy <= reach * reach then return true end
      end
    end
    return false
  end
  if not near_at(0) then return dist end     -- already apart: the rule does not hold it
  if near_at(dist) then return dist end
  local lo, hi = 0, dist
  for _ = 1, 6 do
    local mid = (lo + hi) / 2
    if near_at(mid) then lo = mid else hi = mid end
  end
  return lo
end
ai.cohesive_distance = cohesive_distance

-- The move to make: the wanted turn if the way is (mostly) clear, else the
-- turn within the allowance that gains most ground towards the enemy
-- (`towards`: the turn that would face it). Returns turn, distance, or nil.
function ai.plan_move(G, g, want, step, tr, towards)
  local c = friends_of(G, g)
  local free = free_ahead(G, g, want, step, c)
  if free >= 0.75 * step then return want, step end
  local best_a, best_d, best_p = want, free, free * math.cos(math.rad(towards - want))
  local sgn = towards >= 0 and 1 or -1
  for _, k in ipairs({ 0.5, 1 }) do
    for _, s in ipairs({ sgn, -sgn }) do
      local a = s * tr * k
      local fa = free_ahead(G, g, a, step, c)
      local p = fa * math.cos(math.rad(towards - a))
      if p > best_p + 1 then best_a, best_d, best_p = a, fa, p end
    end
  end
  if best_p < G.S.frontage * 0.1 then return nil end
  return best_a, best_d
end

function ai.activate(G, side, points)
  local sd = G.sides[side]
  local bf = G.bf
  -- the average position of the side's line, for keeping it
  local sum, n = 0, 0
  for _, gid in ipairs(sd.groups) do
    local g = G.groups[gid]
    for _, uid in ipairs(g.ids) do
      local _, y = bf:pos(uid)
      sum, n = sum + y, n + 1
    end
  end
  sd.avg_front = n > 0 and sum / n or nil
  local cands = {}
  for _, gid in ipairs(sd.groups) do
    local g = G.groups[gid]
    local order, score = best_order(G, g, true)
    if order then
      local cost = turn.activation_cost(G, g, order)
      cands[#cands + 1] = { order = order, score = score / cost, gid = gid, cost = cost }
    end
  end
  table.sort(cands, function(a, b)
    if a.score ~= b.score then return a.score > b.score end
    return a.gid < b.gid
  end)
  -- plan the advances in order of value while the points last
  local out, left = {}, points
  for _, c in ipairs(cands) do
    if left < 1 then break end
    local order, cost = c.order, c.cost
    if order.pending then
      local g = G.groups[c.gid]
      order = finish_advance(G, g, order.pending)
      if order then cost = turn.activation_cost(G, g, order) end
    end
    if order and cost <= left then
      out[#out + 1] = order
      left = left - cost
    end
  end
  return out
end

function ai.free_order(G, g)
  return (best_order(G, g))
end

-- Evade when standing would go badly.
function ai.evade(G, tg, cg, target)
  local charger = G.D[cg.ids[1]]
  local me = G.D[target]
  local v = melee_value(charger, me, false, false, false)
  return v > 0.5
end

function ai.shoot_target(G, uid, targets)
  local d = G.D[uid]
  if d.class == "HIB" then
    for _, t in ipairs(targets) do
      if troops.mounted_or_animal(G.D[t.id].class) then return t.id end
    end
  end
  return targets[1] and targets[1].id or nil
end

function ai.shoot_at_charger() return true end

return ai
