-- Phalanx game turn, the table: where units are (a mirror of positions),
-- the going under them, who is near whom, a link's rates (Table 3, Linked
-- Vignettes), moving and turning bases and links as Table 3 says, and lining
-- up on contact (The Game Turn B). Every move and placement of the battle
-- engine goes through turn.move / turn.place here. Part of phalanx.turn
-- (turn.lua): every part adds to the one `turn` table this module makes.

-- phalanx.command: this module only finds the situation on the table, asks
-- them, and moves bases according to the results.

local tables = require("phalanx.tables")
local NL = require("lib.named_list")
local troops = require("phalanx.troops")
local melee = require("phalanx.melee")
local shooting = require("phalanx.shooting")
local command = require("phalanx.command")
local setup = require("phalanx.setup")
local victory = require("phalanx.victory")
local M = require("lib.modifiers")
local account = require("lib.account")
local angles = require("lib.angles")
local manoeuvre = require("lib.manoeuvre")

local turn = {}

-- The hot loops over a link's members are numeric (`for i = 1, #g.ids do
-- local uid = g.ids[i]`): ipairs costs a call into the C library per
-- element, which showed as 3% of a battle.
local abs, min, max, floor, sqrt = math.abs, math.min, math.max, math.floor, math.sqrt
local rad = math.rad
local MOVEMENT = tables.movement
local groups_of = troops.groups
local axes = setup.axes

local CONTACT = 0.5          -- mm: bases this close are in contact
-- READING: touching bases are in melee contact even corner to edge (a
-- charge that could not line up still fights); the contact length decides
-- whom a vignette fights.
local MIN_CONTACT_LEN = -1
-- A touch along less than this (mm) is corner to corner or corner to edge:
-- it may be a melee when nothing better is in contact, but it is no flank
-- contact and does not stop a neighbour counting as an overlap.
local CORNER_LEN = 1.0
turn.CONTACT, turn.MIN_CONTACT_LEN, turn.CORNER_LEN = CONTACT, MIN_CONTACT_LEN, CORNER_LEN


---------------------------------------------------------------------------
-- Small helpers.

local say, log = account.say, account.log
turn.say, turn.log = say, log

-- Modifier terms as plain data for the event log: { id, rule, layer, before, after }.
local terms_of = account.terms
turn.terms_of = terms_of

-- Every move and placement goes through these two, which keep the battle's
-- mirror of positions (G.px, G.py, G.pf) that the proximity loops read.
local function sync(G, uid)
  local x, y, f = G.bf:pos(uid)
  G.px[uid], G.py[uid], G.pf[uid] = x, y, f
  -- move stamps, which the activation cache checks (made by link_base)
  local st = G.moved
  if st then st[uid] = (st[uid] or 0) + 1 end
  G.placing = (G.placing or 0) + 1   -- any unit moved, placed or removed
end
turn.sync = sync

-- Where a unit is: the mirror's numbers, the same as bf:pos's, read without
-- a call into the engine. The hottest paths read G.px/py/pf themselves: a
-- Lua call costs more than the three reads.
local function pos(G, uid)
  return G.px[uid], G.py[uid], G.pf[uid]
end
turn.pos = pos

-- A move through the engine, the mirror kept in step. The engine stops a
-- move at the first base it meets and never takes two bases that already
-- overlap by rounding any deeper (core movement.hpp), so no check is needed
-- here. (A bisection used to stand here, for moves the engine carried onto a
-- base it touched within rounding: bench seed 669426483927500838, Waterloo
-- seed 2666694397427762452; the engine's tests now hold both.)
local function move(G, uid, how, a, b, c)
  local r = G.bf:move(uid, how, a, b, c)
  sync(G, uid)
  return r
end
turn.move = move

local function place(G, uid, x, y, f)
  G.bf:place(uid, x, y, f)
  sync(G, uid)
end
turn.place = place

-- Tells a watching referee (lib.referee, through lib.manoeuvre.record) the
-- kind of a move a unit made: "move", "charge", "charge_any_turn", "evade",
-- "retreat", "recoil_R", "recoil_RR", "follow_up" (phalanx.referee gives
-- each its allowance from Table 3). One record per move: a second move of
-- the same kind in one phase (two shots' repulses) is "recoil_R#2", held to
-- its own allowance. Costs one field read when no referee watches.
local function record(G, uid, kind, note)
  local ref = G.referee
  if not ref then return end
  local list = ref.moved[uid]
  if list then
    local n = 1
    local pre = kind .. "#"
    for i = 1, #list do
      local k = list[i]
      if k == kind or k:sub(1, #pre) == pre then n = n + 1 end
    end
    if n > 1 then kind = kind .. "#" .. n end
  end
  manoeuvre.record(G, uid, kind, note)
end
turn.record = record

local function record_group(G, g, kind)
  if not G.referee then return end
  for j = 1, #g.ids do record(G, g.ids[j], kind) end
end

-- Angles: norm to (-180, 180]; heading, the facing that looks along (dx, dy).
local norm, heading = angles.norm, angles.heading
turn.norm, turn.heading = norm, heading

local function label(d)
  return string.format("%s (%s %s %s)", d.name, d.army_class, d.class, d.integrity)
end
turn.label = label

local function short(d) return d.name end

-- Side name for the account.
local function side_name(G, s) return G.sides[s].name end

---------------------------------------------------------------------------
-- Position, going and rates.

-- Terrain under a unit: bad, impassable, hill id, road.
local function going(G, uid)
  local x, y, f = G.px[uid], G.py[uid], G.pf[uid]
  -- remembered per unit while it stays put (outside its data: not state);
  -- each unit's entry is overwritten when it has moved
  local cache = G.going_cache
  if not cache then cache = {}; G.going_cache = cache end
  local c = cache[uid]
  if not c then c = {}; cache[uid] = c
  elseif c[1] == x and c[2] == y and c[3] == f then return c[4], c[5], c[6] or nil, c[7] end
  local d = G.D[uid]
  local bad, imp, hill, road = G.T:under(x, y, f, d.w, d.d)
  c[1], c[2], c[3], c[4], c[5], c[6], c[7] = x, y, f, bad, imp, hill or false, road
  return bad, imp, hill, road
end
turn.going = going

-- A unit's full move in mm in the going it is in.
local function move_mm(d, bad)
  return bad and d.move_bad or d.move_good
end
turn.move_mm = move_mm

---------------------------------------------------------------------------
-- Proximity: the engine answers each question in one call (bf:within,
-- bf:first_within, bf:nearest), over its own copy of the positions, with
-- no table allocated per result. G.px/py/pf mirror the positions for the
-- AI's own arithmetic.

-- Units of `side` (excluding `skip`, a set or nil) within `within` mm edge to
-- edge of uid, into `out` as { id, distance } nearest first (ties by id).
-- Returns the count.
local near_ids, near_dists = {}, {}
local function near(G, uid, side, within, out, skip)
  local n = G.bf:within(uid, within, side, near_ids, near_dists, skip)
  for i = 1, n do
    local e = out[i]
    if e then e.id, e.distance = near_ids[i], near_dists[i] else out[i] = { id = near_ids[i], distance = near_dists[i] } end
  end
  for k = #out, n + 1, -1 do out[k] = nil end
  return n
end
turn.near = near

-- Units of either side within `within` of uid (skip: a set), a fresh list.
local function near_any(G, uid, within, skip)
  local a, b = {}, {}
  near(G, uid, 1, within, a, skip)
  near(G, uid, 2, within, b, skip)
  for _, e in ipairs(b) do a[#a + 1] = e end
  return a
end
turn.near_any = near_any

-- Whether a unit touches an enemy (melee contact), with the first one.
local function in_contact(G, uid)
  local o = G.bf:first_within(uid, CONTACT, 3 - G.D[uid].side)
  if o and not (G.apart and G.apart(G, uid, o)) then return true, o end -- hook: fantasy (flyers)
  return false
end
turn.in_contact = in_contact

local function group_in_contact(G, g)
  -- in_contact's question, asked inline (this runs for every group often)
  local bf, enemy = G.bf, 3 - g.side
  for j = 1, #g.ids do local uid = g.ids[j]
    local o = bf:first_within(uid, CONTACT, enemy)
    if o and not (G.apart and G.apart(G, uid, o)) then return true end -- hook: fantasy (flyers)
  end
  return false
end
turn.group_in_contact = group_in_contact

-- "H means that the target has to Halt and cannot move during its sides
-- next turn": halted during its own side's first turn after the result.
local function halted(G, d)
  return d.halt ~= nil and d.halt < G.pturn and G.phasing == d.side
end
turn.halted = halted

local function group_halted(G, g)
  local pturn, phasing = G.pturn, G.phasing
  for j = 1, #g.ids do local uid = g.ids[j]
    local d = G.D[uid]
    -- halted(G, d), written out (this runs for every group often)
    if (d.halt ~= nil and d.halt < pturn and phasing == d.side) or d.field_defences then return true end
  end
  return false
end
turn.group_halted = group_halted

-- Any member of a group on Bad Going.
local function group_bad(G, g)
  for j = 1, #g.ids do local uid = g.ids[j]
    if going(G, uid) then return true end
  end
  return false
end

-- The group's move (mm) and turn allowance (degrees) in the given going:
-- the slowest member's (Table 3), the turn rate divided by the number of
-- vignettes in the link, halved in bad going, HIP in a link not at all.
local function group_rates_of(G, ids, bad)
  local n = #ids
  local mv, tr = math.huge, math.huge
  for j = 1, n do local uid = ids[j]
    local d = G.D[uid]
    mv = min(mv, move_mm(d, bad))
    tr = min(tr, tables.turn_allowance(d.class, bad, n))
    if d.supporter then tr = min(tr, tables.turn_allowance(d.supporter.class, bad, n)) end
  end
  return mv, tr
end

-- The rates depend only on the members (their classes and supporters do not
-- change in battle) and the going, so they are remembered per group and
-- going while the group keeps the same members (outside its data: not state).
local function group_rates(G, g, bad)
  local cache = G.rates_cache
  if not cache then cache = {}; G.rates_cache = cache end
  local key = bad and 2 or 1
  local per = cache[g]
  if not per then per = {}; cache[g] = per end
  local c = per[key]
  local ids = g.ids
  local n = #ids
  if c and c.n == n then
    local same = true
    for j = 1, n do if c[j] ~= ids[j] then same = false; break end end
    if same then return c.mv, c.tr end
  end
  local mv, tr = group_rates_of(G, ids, bad)
  if not c then c = {}; per[key] = c end
  for j = 1, n do c[j] = ids[j] end
  c[n + 1] = nil
  c.n, c.mv, c.tr = n, mv, tr
  return mv, tr
end
turn.group_rates = group_rates

local function turn_allowance_unit(d, bad)
  local t = tables.turn_allowance(d.class, bad, 1)
  if d.supporter then t = min(t, tables.turn_allowance(d.supporter.class, bad, 1)) end
  return t
end

---------------------------------------------------------------------------
-- Moving bases.

-- Whether a base at (x, y, f) is on the table.
-- The corners as setup.corners makes them, without its table.
-- (The four corners' tests are written out: a Lua call per corner cost more
-- than the comparisons; the same sums in the same order as the corners'.)
local function on_table(G, x, y, f, w, dp)
  local fx, fy, rx, ry = axes(f)
  local hw, hd = w / 2, dp / 2
  local S = G.S
  local xmax, ymax = S.width + 0.01, S.depth + 0.01
  local ax, ay, bx, by = fx * hd, fy * hd, rx * hw, ry * hw
  local cx, cy = x + ax - bx, y + ay - by
  if cx < -0.01 or cx > xmax or cy < -0.01 or cy > ymax then return false end
  cx, cy = x + ax + bx, y + ay + by
  if cx < -0.01 or cx > xmax or cy < -0.01 or cy > ymax then return false end
  cx, cy = x - ax + bx, y - ay + by
  if cx < -0.01 or cx > xmax or cy < -0.01 or cy > ymax then return false end
  cx, cy = x - ax - bx, y - ay - by
  return not (cx < -0.01 or cx > xmax or cy < -0.01 or cy > ymax)
end

-- The longest part of a straight move that keeps the base off impassable
-- terrain (setup.lua's Terrain:clear_advance: the core's bisection).
local function passable_distance(G, d, x, y, f, dist)
  return G.T:clear_advance(x, y, f, d.w, d.d, dist)
end

-- Whether the circles about two bases (radius d.r, half the diagonal, and a
-- millimetre to spare) meet: bases whose circles do not cannot overlap, so
-- the polygon test is skipped for them.
local function circles_meet(x, y, d, ox, oy, od)
  local dx, dy, reach = ox - x, oy - y, d.r + od.r + 1
  return dx * dx + dy * dy <= reach * reach
end

-- Advances one base; returns the engine's move result.
-- "VLI can move through any troops belonging to their side": a VLI move
-- ignores friends, unless it would end on top of one (then it stops at it).
local friend_ids, friend_dists = {}, {}
local function overlaps_friend(G, uid)
  local d = G.D[uid]
  local x, y, f = G.px[uid], G.py[uid], G.pf[uid]
  local n = G.bf:within(uid, CONTACT, d.side, friend_ids, friend_dists)
  for i = 1, n do
    local id = friend_ids[i]
    local o = G.D[id]
    local ox, oy, of = G.px[id], G.py[id], G.pf[id]
    if circles_meet(x, y, d, ox, oy, o) and setup.bases_overlap(x, y, f, d.w, d.d, ox, oy, of, o.w, o.d, CONTACT) then
      return true
    end
  end
  return false
end

-- The core's move lets a base whose corner lies on the table's edge (to a
-- rounding) go on over it (the Gallic mirror of default.yaml, seed
-- 84721676722449638, turn 30: the chieftain's link, its corner at y =
-- 1200.0 of 1200, charged 80 mm and left a base 36 mm off the table; the
-- referee stopped the battle). A move that ends off the table is brought
-- back along its own path to the furthest point on it, stopped by the edge.
local function keep_on_table(G, uid, d, x, y, f, r)
  if on_table(G, G.px[uid], G.py[uid], G.pf[uid], d.w, d.d) then return r end
  local fx, fy = axes(f)
  local lo, hi = 0, r.distance or 0
  for _ = 1, 24 do
    local mid = (lo + hi) / 2
    if on_table(G, x + fx * mid, y + fy * mid, f, d.w, d.d) then lo = mid else hi = mid end
  end
  place(G, uid, x + fx * lo, y + fy * lo, f)
  r.distance, r.stopped_by = lo, "edge"
  return r
end

local function advance_unit(G, uid, dist, opts)
  if dist == 0 then return { distance = 0 } end
  local d = G.D[uid]
  local x, y, f = G.px[uid], G.py[uid], G.pf[uid]
  dist = passable_distance(G, d, x, y, f, dist)
  if groups_of.pass_through_friends[d.class] and opts == nil then
    local r = move(G, uid, "advance", dist, { ignore_side = d.side })
    if not overlaps_friend(G, uid) then return keep_on_table(G, uid, d, x, y, f, r) end
    place(G, uid, x, y, f)
  end
  return keep_on_table(G, uid, d, x, y, f, move(G, uid, "advance", dist, opts))
end

-- Turns one base by `angle` (degrees, + = left) as Table 3 says it turns:
-- 45-degree types wheel about a front corner, the others about the centre.
local function turn_unit(G, uid, angle)
  if abs(angle) < 1e-6 then return 0 end
  local d = G.D[uid]
  local r
  if d.pivot == "front_corner" then
    r = move(G, uid, "wheel", angle > 0 and "left" or "right", abs(rad(angle)) * d.w)
  else
    r = move(G, uid, "turn", angle)
  end
  return r.turned or 0
end

-- Members of a group from its left to its right (by the first member's facing),
-- ties by id. An insertion sort: links are a handful of bases. Into `out`
-- (emptied first) when given, else a new list.
local ltr_keys = {}
local function left_to_right(G, g, out)
  local ids = g.ids
  local f = G.pf[ids[1]]
  local _, _, rx, ry = axes(f)
  out = out or {}
  for k = #out, #ids + 1, -1 do out[k] = nil end
  local keys = ltr_keys
  local px, py = G.px, G.py
  for i = 1, #ids do local uid = ids[i]
    local k = px[uid] * rx + py[uid] * ry
    local j = i - 1
    while j >= 1 and (keys[j] > k or (keys[j] == k and out[j] > uid)) do
      out[j + 1], keys[j + 1] = out[j], keys[j]
      j = j - 1
    end
    out[j + 1], keys[j + 1] = uid, k
  end
  return out
end
turn.left_to_right = left_to_right

-- Whether base `uid` of size d, were it at (x, y, f), would overlap a unit of
-- either side within `reach` of where it is now, other than those in `skip`
-- (a set) and `except` (a unit id or nil).
local overlap_ids, overlap_dists = {}, {}
local function would_overlap(G, uid, d, x, y, f, reach, skip, except)
  local n = G.bf:within(uid, reach, 0, overlap_ids, overlap_dists, skip)   -- 0: either side
  local px, py = G.px, G.py
  for i = 1, n do
    local o = overlap_ids[i]
    if o ~= except then
      local od = G.D[o]
      local ox, oy = px[o], py[o]
      if circles_meet(x, y, d, ox, oy, od)
          and setup.bases_overlap(x, y, f, d.w, d.d, ox, oy, G.pf[o], od.w, od.d, CONTACT) then
        return true
      end
    end
  end
  return false
end

-- Rotates a whole group rigidly about a pivot; refuses (returns false) if
-- any base would overlap another or leave the table.
local rot_x, rot_y, rot_f, rot_member = {}, {}, {}, {}
local function rotate_group(G, g, angle, px, py)
  local a = rad(angle)
  local ca, sa = math.cos(a), math.sin(a)
  local ids = g.ids
  local nx, ny, nf = rot_x, rot_y, rot_f
  for i = 1, #ids do local uid = ids[i]
    local x, y, f = G.px[uid], G.py[uid], G.pf[uid]
    local dx, dy = x - px, y - py
    nx[i], ny[i], nf[i] = px + dx * ca - dy * sa, py + dx * sa + dy * ca, f + angle
  end
  -- the members as the overlap query's skip set: one scratch set, emptied
  -- before returning (a turning link asks this once or twice a move)
  local member = rot_member
  for j = 1, #ids do member[ids[j]] = true end
  local ok = true
  for i = 1, #ids do local uid = ids[i]
    local d = G.D[uid]
    if not on_table(G, nx[i], ny[i], nf[i], d.w, d.d) then ok = false; break end
    local _, imp = G.T:under(nx[i], ny[i], nf[i], d.w, d.d)
    if imp then ok = false; break end
    local reach = d.w + d.d + abs(a) * d.w * #ids
    if would_overlap(G, uid, d, nx[i], ny[i], nf[i], reach, member) then ok = false; break end
  end
  for j = 1, #ids do member[ids[j]] = nil end
  if not ok then return false end
  for i = 1, #ids do local uid = ids[i]; place(G, uid, nx[i], ny[i], nf[i]) end
  return true
end

-- Scratch for the members in order (read before anything else sorts them).
local ltr_turn, ltr_towards, ltr_beside = {}, {}, {}

-- Turns a group by up to `angle`: a single base as Table 3 says; an in-line
-- link rigidly, wheeling on the outer front corner of the end vignette for
-- 45-degree types, about its middle otherwise. Returns the angle turned.
local function turn_group(G, g, angle)
  if abs(angle) < 1e-6 then return 0 end
  if #g.ids == 1 then return turn_unit(G, g.ids[1], angle) end
  local order = left_to_right(G, g, ltr_turn)
  local first = G.D[order[1]]
  local px, py
  if first.pivot == "front_corner" then
    local end_uid = angle > 0 and order[1] or order[#order]
    local d = G.D[end_uid]
    local x, y, f = G.px[end_uid], G.py[end_uid], G.pf[end_uid]
    local c = setup.corners(x, y, f, d.w, d.d)
    if angle > 0 then px, py = c[1], c[2] else px, py = c[3], c[4] end
  else
    local sx, sy = 0, 0
    for j = 1, #g.ids do local uid = g.ids[j]
      local x, y = G.px[uid], G.py[uid]
      sx, sy = sx + x, sy + y
    end
    px, py = sx / #g.ids, sy / #g.ids
  end
  if rotate_group(G, g, angle, px, py) then return angle end
  if rotate_group(G, g, angle / 2, px, py) then return angle / 2 end
  return 0
end
turn.turn_group = turn_group

-- Advances a whole group by `dist` (negative: straight back), members in
-- step: each moves as far as it can, then all stop where the shortest did.
-- Returns the distance moved and the first contact (unit id or "edge").
local group_step_opts, group_step_moved, group_step_from = {}, {}, {}
local function advance_group(G, g, dist)
  if #g.ids == 1 then
    local r = advance_unit(G, g.ids[1], dist)
    r.mover_id = g.ids[1]
    return r.distance or 0, r.stopped_by, r
  end
  local opts = group_step_opts   -- read by the engine during each move only
  opts.ignore = g.ids
  local moved, stop, stop_r = group_step_moved, nil, nil
  local from = group_step_from
  local least = dist
  for i = 1, #g.ids do local uid = g.ids[i]
    local x, y, f = G.px[uid], G.py[uid], G.pf[uid]
    local w = from[i]
    if w then w[1], w[2], w[3] = x, y, f else from[i] = { x, y, f } end
    local r = advance_unit(G, uid, dist, opts)
    moved[i] = r.distance or 0
    if abs(moved[i]) < abs(least) - 1e-9 then least = moved[i]; stop = r.stopped_by; stop_r = r; r.mover_id = uid end
  end
  -- Those that went further step back to where the shortest stopped. A step
  -- back stopped short (by a base the member stood in contact with, within
  -- CONTACT, where it began) is finished by placing it there on its own
  -- path, so the link stays in line.
  for i = 1, #g.ids do local uid = g.ids[i]
    local back = moved[i] - least
    if abs(back) > 1e-9 then
      local r = move(G, uid, "advance", -back, opts)
      if abs((r.distance or 0) + back) > 1e-6 then
        local w = from[i]
        local fx, fy = axes(w[3])
        place(G, uid, w[1] + fx * least, w[2] + fy * least, w[3])
      end
    end
  end
  opts.ignore = nil
  return least, stop, stop_r
end
turn.advance_group = advance_group

---------------------------------------------------------------------------
-- Lining up on contact (The Game Turn B: "you have the option of either
-- halting at contact or lining up the vignettes, you may not exceed your
-- turn and move distance").

local EDGE_SIGN = { front = { 1, 0 }, rear = { -1, 0 }, left = { 0, -1 }, right = { 0, 1 } }

-- The furthest a member's centre may be carried by its group turning
-- `angle` degrees as Table 3 turns it (lib.referee's allowance adds it to
-- the move): nothing for a single base turning on its centre; for a 45-degree
-- type wheeling on a front corner, the chord of its centre's arc about the
-- corner; for an in-line link turning rigidly (about an end's outer front
-- corner or its middle), the chord at the link's whole span and depth.
local function turn_slack(G, g, uid, angle)
  if angle <= 0 then return 0 end
  local d = G.D[uid]
  local R
  if #g.ids <= 1 then
    if d.pivot ~= "front_corner" then return 0 end
    R = sqrt(d.w * d.w + d.d * d.d) / 2
  else
    local span, deep = 0, 0
    for j = 1, #g.ids do local o = G.D[g.ids[j]]; span = span + o.w; deep = max(deep, o.d) end
    R = span + deep
  end
  return 2 * R * math.sin(rad(min(angle, 180)) / 2)
end
turn.turn_slack = turn_slack

-- READING: lining up ("you may not exceed your turn and move distance")
-- turns the contacting vignette square to the contacted edge of its target
-- (lib.manoeuvre.lined_up_pose: front edge flush, slid along it as little as
-- possible), carrying the rest of its link with it rigidly, when the whole
-- move, lining up included, stays within the move's allowance: the turn
-- made so far plus the line-up's turn within the group's turn allowance `tr`
-- (Table 3, halved in bad going, divided by an in-line link's size: HIP links
-- stay as they are), and every base's centre within the move allowance `mv`
-- of where the move began (`start`, plus what its turn may carry it,
-- turn_slack); and it overlaps nothing else. Otherwise it halts at contact.
local function line_up(G, g, uid, target, edge, start, turned, tr, mv)
  if not EDGE_SIGN[edge] then return false end
  local cx, cy, nf = manoeuvre.lined_up_pose(G, uid, target, edge)
  local x, y, f = G.px[uid], G.py[uid], G.pf[uid]
  local delta = norm(nf - f)
  -- turning spent is cumulative: the charge's turn and the line-up's
  if abs(turned or 0) + abs(delta) > tr + 1e-6 then return false end
  -- the rigid transform: rotate by delta about (x, y), then move to (cx, cy)
  local a = rad(delta)
  local ca, sa = math.cos(a), math.sin(a)
  local moves = {}
  local member = {}
  for j = 1, #g.ids do local m = g.ids[j]; member[m] = true end
  for i = 1, #g.ids do local m = g.ids[i]
    local md = G.D[m]
    local mx, my, mf = G.px[m], G.py[m], G.pf[m]
    local ox, oy = mx - x, my - y
    local px, py = cx + ox * ca - oy * sa, cy + ox * sa + oy * ca
    local s0 = start[i]
    if sqrt((px - s0[1]) ^ 2 + (py - s0[2]) ^ 2) > mv + turn_slack(G, g, m, tr) + 1e-6 then return false end
    if not on_table(G, px, py, mf + delta, md.w, md.d) then return false end
    local reach = md.w + md.d + sqrt((px - mx) ^ 2 + (py - my) ^ 2)
    if would_overlap(G, m, md, px, py, mf + delta, reach, member, target) then return false end
    moves[i] = { px, py, mf + delta }
  end
  for i = 1, #g.ids do local m = g.ids[i]; place(G, m, moves[i][1], moves[i][2], moves[i][3]) end
  return true
end
turn.line_up = line_up


-- for the other parts of phalanx.turn
turn.advance_group = advance_group
turn.advance_unit = advance_unit
turn.going = going
turn.group_bad = group_bad
turn.group_halted = group_halted
turn.group_in_contact = group_in_contact
turn.group_rates = group_rates
turn.heading = heading
turn.in_contact = in_contact
turn.label = label
turn.left_to_right = left_to_right
turn.line_up = line_up
turn.log = log
turn.ltr_beside = ltr_beside
turn.ltr_towards = ltr_towards
turn.move = move
turn.move_mm = move_mm
turn.near = near
turn.norm = norm
turn.place = place
turn.pos = pos
turn.record = record
turn.record_group = record_group
turn.say = say
turn.short = short
turn.side_name = side_name
turn.terms_of = terms_of
turn.turn_group = turn_group
turn.turn_unit = turn_unit

return turn
