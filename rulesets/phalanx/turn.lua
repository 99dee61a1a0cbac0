-- Phalanx game turn (THE GAME TURN A-E, MOVEMENT, ACTIVATION, EVADING,
-- SHOOTING, MELEE, RESULTS) on the engine's battlefield.
--
--   local turn = require("phalanx.turn")
--   turn.player_turn(G, side)      -- A) activation .. E) melee for one side
--
-- G is the battle state battle.lua builds (see there): the battlefield G.bf,
-- the scale G.S, the terrain G.T, the dice G.dice, the sides G.sides[1|2]
-- and their commanders, the groups (in-line links) G.groups, options, and
-- G.report (a function, or nil when quiet: then no strings are built).
--
-- Every vignette is one base on the battlefield; a support-linked vignette
-- is merged into the base of the vignette it supports ("Linked vignettes are
-- merged and are counted as one vignette for the purposes of movement and
-- combat"). An in-line link is a group of bases that is activated, moved and
-- turned as one, fights one melee a turn (by its vignette with the most
-- contact), and falls back and follows up as one (READING of "Linked
-- vignettes are merged and are counted as one vignette for the purposes of
-- movement and combat. Linking is permanent").
--
-- The adjudication itself is phalanx.melee / phalanx.shooting /
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

-- The unit (not ignored by the move's opts) whose base `uid` overlaps by
-- more than CONTACT, or nil.
local ov_ids, ov_dists = {}, {}
local function overlapped_by(G, uid, opts)
  local bf = G.bf
  local n = bf:within(uid, CONTACT, 0, ov_ids, ov_dists)
  if n == 0 then return nil end
  local x, y, f = bf:pos(uid)
  local d = G.D[uid]
  local ign, side = opts and opts.ignore, opts and opts.ignore_side
  for i = 1, n do
    local o = ov_ids[i]
    local od = G.D[o]
    local skip = od == nil or (side ~= nil and od.side == side)
    if not skip and ign then
      for k = 1, #ign do if ign[k] == o then skip = true; break end end
    end
    if not skip then
      local ox, oy, of = bf:pos(o)
      if setup.bases_overlap(x, y, f, d.w, d.d, ox, oy, of, od.w, od.d, CONTACT) then return o end
    end
  end
  return nil
end

-- WORKAROUND (core): bf:move can miss a base met corner first at some
-- angles, moving straight ("advance", "slide": bench seed
-- 669426483927500838, turn 8) or turning ("turn": Waterloo seed
-- 2666694397427762452, turn 2), and end overlapping it (the referee found
-- them). After every move the base is checked and, if it overlaps anything
-- the move did not ignore, the move is made again from where it began with
-- its distance or angle cut (bisection) to the most that overlaps nothing;
-- the move reports that unit as what stopped it.
local function scaled(how, a, b, t)
  if how == "advance" or how == "turn" then return a * t, b
  elseif how == "slide" then return a * t, b * t
  else return a, b * t end   -- wheel: side, arc length
end

local function move(G, uid, how, a, b, c)
  local bf = G.bf
  local x0, y0, f0 = bf:pos(uid)
  local r = bf:move(uid, how, a, b, c)
  -- a base that did not move made no new overlap
  if (r.distance or 0) == 0 and (r.turned or 0) == 0 then sync(G, uid); return r end
  local opts = (how == "advance" or how == "turn") and b or c
  if type(opts) ~= "table" then opts = nil end
  local o = overlapped_by(G, uid, opts)
  if o then
    local lo, hi = 0, 1
    for _ = 1, 12 do
      local mid = (lo + hi) / 2
      bf:place(uid, x0, y0, f0)
      local sa, sb = scaled(how, a, b, mid)
      bf:move(uid, how, sa, sb, c)
      if overlapped_by(G, uid, opts) then hi = mid else lo = mid end
    end
    bf:place(uid, x0, y0, f0)
    local sa, sb = scaled(how, a, b, lo)
    r = bf:move(uid, how, sa, sb, c)
    r.stopped_by = o
    r.blocker_edge = (bf:contact(o, uid))
  end
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
  if o then return true, o end
  return false
end
turn.in_contact = in_contact

local function group_in_contact(G, g)
  -- in_contact's question, asked inline (this runs for every group often)
  local bf, enemy = G.bf, 3 - g.side
  for j = 1, #g.ids do local uid = g.ids[j]
    if bf:first_within(uid, CONTACT, enemy) then return true end
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
local function off_table(x, y, W, D)
  return x < -0.01 or x > W + 0.01 or y < -0.01 or y > D + 0.01
end
local function on_table(G, x, y, f, w, dp)
  local fx, fy, rx, ry = axes(f)
  local hw, hd = w / 2, dp / 2
  local W, D = G.S.width, G.S.depth
  return not (off_table(x + fx * hd - rx * hw, y + fy * hd - ry * hw, W, D)
    or off_table(x + fx * hd + rx * hw, y + fy * hd + ry * hw, W, D)
    or off_table(x - fx * hd + rx * hw, y - fy * hd + ry * hw, W, D)
    or off_table(x - fx * hd - rx * hw, y - fy * hd - ry * hw, W, D))
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
  local x, y, f = pos(G, uid)
  local n = G.bf:within(uid, CONTACT, d.side, friend_ids, friend_dists)
  for i = 1, n do
    local id = friend_ids[i]
    local o = G.D[id]
    local ox, oy, of = pos(G, id)
    if circles_meet(x, y, d, ox, oy, o) and setup.bases_overlap(x, y, f, d.w, d.d, ox, oy, of, o.w, o.d, CONTACT) then
      return true
    end
  end
  return false
end

local function advance_unit(G, uid, dist, opts)
  if dist == 0 then return { distance = 0 } end
  local d = G.D[uid]
  local x, y, f = G.px[uid], G.py[uid], G.pf[uid]
  dist = passable_distance(G, d, x, y, f, dist)
  if groups_of.pass_through_friends[d.class] and opts == nil then
    local r = move(G, uid, "advance", dist, { ignore_side = d.side })
    if not overlaps_friend(G, uid) then return r end
    place(G, uid, x, y, f)
  end
  return move(G, uid, "advance", dist, opts)
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
local rot_x, rot_y, rot_f = {}, {}, {}
local function rotate_group(G, g, angle, px, py)
  local a = rad(angle)
  local ca, sa = math.cos(a), math.sin(a)
  local ids = g.ids
  local nx, ny, nf = rot_x, rot_y, rot_f
  for i = 1, #ids do local uid = ids[i]
    local x, y, f = pos(G, uid)
    local dx, dy = x - px, y - py
    nx[i], ny[i], nf[i] = px + dx * ca - dy * sa, py + dx * sa + dy * ca, f + angle
  end
  local member = {}
  for j = 1, #ids do local uid = ids[j]; member[uid] = true end
  for i = 1, #ids do local uid = ids[i]
    local d = G.D[uid]
    if not on_table(G, nx[i], ny[i], nf[i], d.w, d.d) then return false end
    local _, imp = G.T:under(nx[i], ny[i], nf[i], d.w, d.d)
    if imp then return false end
    local reach = d.w + d.d + abs(a) * d.w * #ids
    if would_overlap(G, uid, d, nx[i], ny[i], nf[i], reach, member) then return false end
  end
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
    local x, y, f = pos(G, end_uid)
    local c = setup.corners(x, y, f, d.w, d.d)
    if angle > 0 then px, py = c[1], c[2] else px, py = c[3], c[4] end
  else
    local sx, sy = 0, 0
    for j = 1, #g.ids do local uid = g.ids[j]
      local x, y = pos(G, uid)
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
local group_step_opts, group_step_moved = {}, {}
local function advance_group(G, g, dist)
  if #g.ids == 1 then
    local r = advance_unit(G, g.ids[1], dist)
    r.mover_id = g.ids[1]
    return r.distance or 0, r.stopped_by, r
  end
  local opts = group_step_opts   -- read by the engine during each move only
  opts.ignore = g.ids
  local moved, stop, stop_r = group_step_moved, nil, nil
  local least = dist
  for i = 1, #g.ids do local uid = g.ids[i]
    local r = advance_unit(G, uid, dist, opts)
    moved[i] = r.distance or 0
    if abs(moved[i]) < abs(least) - 1e-9 then least = moved[i]; stop = r.stopped_by; stop_r = r; r.mover_id = uid end
  end
  for i = 1, #g.ids do local uid = g.ids[i]
    local back = moved[i] - least
    if abs(back) > 1e-9 then move(G, uid, "advance", -back, opts) end
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
  local x, y, f = pos(G, uid)
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
    local mx, my, mf = pos(G, m)
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

---------------------------------------------------------------------------
-- Activation (ACTIVATION; THE GAME TURN A).

-- The vignettes of a group as command.activation_cost wants them (a support-
-- linked vignette is part of the link).
-- Fills `link` (a list, emptied first) with them.
local function fill_link(G, g, link)
  local n = 0
  for j = 1, #g.ids do local uid = g.ids[j]
    local d = G.D[uid]
    n = n + 1; link[n] = d
    if d.supporter then n = n + 1; link[n] = d.supporter end
  end
  for k = #link, n + 1, -1 do link[k] = nil end
  return link
end

local function link_of(G, g)
  return fill_link(G, g, {})
end
turn.link_of = link_of

-- What of a group's activation does not depend on the order, kept per group
-- for the player turn (the commander prices every link's order before the
-- engine activates them): the link, its distance in widths from the General,
-- whether the General's line of sight is blocked, the first member's x and
-- facing, and the costs already found (by crossing and detachment). It holds
-- while the player turn, the link's members, the General (who, broken, his
-- group) and the modifier list stay the same and neither the link nor the
-- General moves (every move goes through sync, which stamps the unit).
local function link_base(G, g)
  local cache = G.act_cache
  local c = cache and cache[g]
  -- nothing moved or broke since the entry was made in this player turn:
  -- the commander pricing orders and the engine activating them
  if c and c.placing == G.placing and c.pturn == G.pturn and c.ids == g.ids and c.n == #g.ids
      and c.mods == command.activation_modifiers.entries and c.nmods == #c.mods then
    return c
  end
  local st = G.moved
  if not st then st = {}; G.moved = st end
  if not cache then cache = {}; G.act_cache = cache end
  local gen = G.sides[g.side].general_uid
  local gd = gen and G.D[gen]
  local ids = g.ids
  local n = #ids
  local mods = command.activation_modifiers.entries
  if c and c.pturn == G.pturn and c.ids == ids and c.n == n and c.gen == gen and c.mods == mods
      and c.nmods == #mods
      and (gen == nil or (c.gst == st[gen] and c.gbroken == gd.broken and c.ggid == gd.gid)) then
    local u, us = c.u, c.us
    local ok = true
    for i = 1, n do
      local uid = ids[i]
      if u[i] ~= uid or us[i] ~= st[uid] then ok = false; break end
    end
    if ok then c.placing = G.placing; return c end
  end
  -- refilled in place (a group's entry is read only until its next refill)
  if not c then c = { u = {}, us = {}, cost = {}, link = {} }; cache[g] = c end
  c.pturn, c.ids, c.n, c.gen, c.mods, c.nmods = G.pturn, ids, n, gen, mods, #mods
  c.gst, c.gbroken, c.ggid = gen and st[gen], gd and gd.broken, gd and gd.gid
  c.dist, c.los = 0, false
  local cost = c.cost
  for k = 1, 4 do cost[k] = nil end
  local u, us = c.u, c.us
  for i = 1, n do u[i] = ids[i]; us[i] = st[ids[i]] end
  for i = #u, n + 1, -1 do u[i] = nil; us[i] = nil end
  if gen and not gd.broken then
    if gd.gid ~= g.gid then
      local best = math.huge
      for j = 1, #ids do local uid = ids[j]; best = min(best, G.bf:distance(gen, uid)) end
      -- whole widths: "+1 for every 4 vignette widths" counts whole multiples
      c.dist = math.floor(best / G.S.frontage)
      local gx, gy = pos(G, gen)
      local x, y = pos(G, ids[1])
      -- remembered per group while it and its General stay put
      local lc = G.los_cache
      if not lc then lc = {}; G.los_cache = lc end
      local l = lc[g.gid]
      if l and l[1] == gx and l[2] == gy and l[3] == x and l[4] == y then
        c.los = l[5]
      else
        local blocked = G.T:blocked(gx, gy, x, y)
        if l then l[1], l[2], l[3], l[4], l[5] = gx, gy, x, y, blocked
        else lc[g.gid] = { gx, gy, x, y, blocked } end
        c.los = blocked
      end
    end
  end
  local first = ids[1]
  local x0, f0 = G.px[first], G.pf[first]
  c.x0, c.f0, c.sector0 = x0, f0, setup.table_sector(G.S, x0)
  c.placing = G.placing
  fill_link(G, g, c.link)
  return c
end

-- The order's part: crossing sectors (where the first member would end: a
-- heading change then a straight move) and detachment.
local function order_flags(G, g, order, c)
  if not order then return false, false end
  local x0 = c.x0
  local px = x0
  if order.kind == "move" or order.kind == "charge" then
    local fx = axes(c.f0 + (order.turn or 0))
    px = x0 + fx * (order.dist or 0)
  end
  local crossing = c.sector0 ~= setup.table_sector(G.S, px)
  local detachment = G.detachments ~= nil and (g.detached or (order.detach and G.detachments.may_detach(G, g))) or false
  return crossing, detachment
end

local function situation_of(c, crossing, detachment)
  return { distance_from_general = c.dist, line_of_sight_blocked = c.los, crossing_sectors = crossing,
           detachment = detachment }
end

-- The activation situation of a group for an order.
function turn.activation_situation(G, g, order)
  local c = link_base(G, g)
  return situation_of(c, order_flags(G, g, order, c))
end

-- Activation points to activate group g for `order` (min 1), with terms.
function turn.activation_cost(G, g, order, explain)
  local c = link_base(G, g)
  local crossing, detachment = order_flags(G, g, order, c)
  if explain then
    return command.activation_cost(c.link, situation_of(c, crossing, detachment), explain)
  end
  local k = (crossing and 2 or 1) + (detachment and 2 or 0)
  local cost = c.cost[k]
  if cost == nil then
    cost = command.activation_cost(c.link, situation_of(c, crossing, detachment))
    c.cost[k] = cost
  end
  return cost, nil
end

---------------------------------------------------------------------------
-- Breaking, repulses and the other results (RESULTS; SHOOTING results).

local function losses_add(G, side, class)
  local l = G.losses[side]
  l[class] = (l[class] or 0) + 1
end

-- Removes a broken vignette (and its supporter) and records the victory
-- conditions. `why` is a short cause for the account.
local function break_unit(G, uid, why)
  local bf = G.bf
  local d = G.D[uid]
  if d.broken then return end
  d.broken = true
  bf:remove(uid)
  G.placing = (G.placing or 0) + 1
  local g = G.groups[d.gid]
  for i = 1, #g.ids do local id = g.ids[i]
    if id == uid then table.remove(g.ids, i); break end
  end
  local alive = G.alive[d.side]
  for i = 1, #alive do local id = alive[i]
    if id == uid then table.remove(alive, i); break end
  end
  local side = G.sides[d.side]
  losses_add(G, d.side, d.class)
  victory.record_break(side.tracker, d.vid)
  if d.supporter then
    losses_add(G, d.side, d.supporter.class)
    victory.record_break(side.tracker, d.supporter.vid)
  end
  log(G, "broken", { unit = uid, vignette = d.vid, side = d.side, cause = why,
                     supporter = d.supporter and d.supporter.vid or nil })
  if G.report then
    say(G, "    %s is BROKEN%s%s", label(d), d.supporter and (" with " .. d.supporter.name) or "",
      why and (" (" .. why .. ")") or "")
  end
  if side.tracker.lost and not G.over then
    G.over = true
  end
end
turn.break_unit = break_unit

-- Which of `me`'s edges `other` touches (nil when not in contact).
local function touching_edge(G, me, other)
  local edge, dist, len = G.bf:contact(me, other)
  if dist <= CONTACT and len > CORNER_LEN then return edge end
  local _, dist2, len2 = G.bf:contact(other, me)
  if dist2 <= CONTACT and len2 > CORNER_LEN then return edge end
  return nil
end

-- Unit vector a repulsed vignette moves along: straight back if its
-- opponent is to its front, else along the opponent's facing (READING).
local function repulse_direction(G, uid, opp)
  local _, _, f = pos(G, uid)
  local edge = opp and touching_edge(G, uid, opp)
  if opp == nil or edge == "front" or edge == nil then
    local fx, fy = axes(f)
    return -fx, -fy, true
  end
  local _, _, of = pos(G, opp)
  local fx, fy = axes(of)
  return fx, fy, false
end

-- Distance in full moves to friends along the repulse path (up to two
-- moves: an RR), or nil: for "R or RR into friends" (Results, RR).
local function friends_behind(G, uid, opp)
  local d = G.D[uid]
  local g = G.groups[d.gid]
  if g and #g.ids > 1 then
    -- a link falls back as one (Linked Vignettes): the nearest friend behind
    -- any of its vignettes, at the link's rate
    local mv = group_rates(G, g, group_bad(G, g))
    local dx, dy = repulse_direction(G, uid, opp)
    local opts = { ignore = g.ids, ignore_side = 3 - d.side }
    local best = nil
    for j = 1, #g.ids do local m = g.ids[j]
      local x, y, f = pos(G, m)
      local r = move(G, m, "slide", dx * 2 * mv, dy * 2 * mv, opts)
      place(G, m, x, y, f)
      if math.type(r.stopped_by) == "integer" then
        local k = (r.distance or 0) / mv
        if best == nil or k < best then best = k end
      end
    end
    return best
  end
  local mv = move_mm(d, (going(G, uid)))
  local dx, dy = repulse_direction(G, uid, opp)
  local x, y, f = pos(G, uid)
  local r = move(G, uid, "slide", dx * 2 * mv, dy * 2 * mv, { ignore_side = 3 - d.side })
  place(G, uid, x, y, f)
  if math.type(r.stopped_by) == "integer" then return (r.distance or 0) / mv end
  return nil
end
turn.friends_behind = friends_behind

-- Moves a repulsed vignette back `moves` full moves and turns it to face its
-- opponent ("moved back the distance of one full turn and end facing
-- opponents"); R and RR count towards the accumulated results.
-- Slides a whole group by up to `dist` along (dx, dy), members in step:
-- each moves as far as it can, then all stop where the shortest did.
-- Returns the distance and what stopped the shortest.
local function slide_group(G, g, dx, dy, dist)
  local opts = { ignore = g.ids }
  local moved, least, stop = {}, dist, nil
  for i = 1, #g.ids do local m = g.ids[i]
    local r = move(G, m, "slide", dx * dist, dy * dist, opts)
    moved[i] = r.distance or 0
    if moved[i] < least - 1e-9 then least, stop = moved[i], r.stopped_by end
  end
  for i = 1, #g.ids do local m = g.ids[i]
    local back = moved[i] - least
    if back > 1e-9 then move(G, m, "slide", -dx * back, -dy * back, opts) end
  end
  return least, stop
end

-- A repulsed in-line link: "Linked vignettes are merged and are counted as
-- one vignette for the purposes of movement and combat. Linking is
-- permanent" (READING: in-line links too). The whole link falls back
-- together, rigidly, at its rate: straight back when the opponent is to the
-- front of the vignette that fought, else along the opponent's facing (it
-- does not turn: a link turns only as Table 3 lets it). Every vignette of
-- the link counts the result.
local function repulse_link(G, g, uid, result, opp, from_shooting)
  for j = 1, #g.ids do local d = G.D[g.ids[j]]
    if result == "R" then d.accumulated_r = d.accumulated_r + 1 else d.accumulated_rr = d.accumulated_rr + 1 end
  end
  local moves = tables.repulse_moves[result]
  local mv = group_rates(G, g, group_bad(G, g)) * moves
  local dx, dy = repulse_direction(G, uid, (not from_shooting) and opp or nil)
  local dist, stop = slide_group(G, g, dx, dy, mv)
  for j = 1, #g.ids do local m = g.ids[j]
    G.D[m].moved_back = true
    record(G, m, "recoil_" .. result, { wanted = mv, moved = dist, blocked_by = stop })
  end
  log(G, "repulse", { unit = uid, units = g.ids, result = result, distance = dist, stopped_by = stop })
  if G.report then
    local why = ""
    if stop == "edge" then why = ", stopped by the table edge"
    elseif stop then why = ", stopped against " .. short(G.D[stop]) end
    say(G, "    %s and its link fall back %.0f mm (%s)%s", short(G.D[uid]), dist, result, why)
  end
end

local function repulse(G, uid, result, opp, from_shooting)
  local d = G.D[uid]
  local g = G.groups[d.gid]
  if g and #g.ids > 1 then return repulse_link(G, g, uid, result, opp, from_shooting) end
  if result == "R" then d.accumulated_r = d.accumulated_r + 1 else d.accumulated_rr = d.accumulated_rr + 1 end
  local moves = tables.repulse_moves[result]
  local mv = move_mm(d, (going(G, uid))) * moves
  local dx, dy, straight = repulse_direction(G, uid, (not from_shooting) and opp or nil)
  local x0, y0 = pos(G, uid)
  local r = move(G, uid, "slide", dx * mv, dy * mv)
  if not straight and opp then
    local x, y, f = pos(G, uid)
    local ox, oy = pos(G, opp)
    turn_unit(G, uid, norm(heading(ox - x, oy - y) - f))
  end
  d.moved_back = true
  local x1, y1 = pos(G, uid)
  if G.referee then
    record(G, uid, "recoil_" .. result, { wanted = mv, moved = r.distance or 0, blocked_by = r.stopped_by })
  end
  log(G, "repulse", { unit = uid, result = result, distance = sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2),
                      stopped_by = r.stopped_by })
  if G.report then
    local stop = ""
    if r.stopped_by == "edge" then stop = ", stopped by the table edge"
    elseif r.stopped_by then stop = ", stopped against " .. short(G.D[r.stopped_by]) end
    say(G, "    %s falls back %.0f mm (%s)%s", short(d), sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2), result, stop)
  end
end

-- Applies a melee or shooting result to a vignette.
local function apply_result(G, uid, result, opp, cause, from_shooting)
  if result == "B" then
    break_unit(G, uid, cause)
  elseif result == "R" or result == "RR" then
    repulse(G, uid, result, opp, from_shooting)
  elseif result == "H" then
    local d = G.D[uid]
    d.halt = G.pturn
    if G.report then say(G, "    %s is halted: it cannot move in its side's next turn", short(d)) end
  end
end
turn.apply_result = apply_result

---------------------------------------------------------------------------
-- Moves, charges and evades (MOVEMENT; THE GAME TURN B; EVADING).

-- The group's allowed move in mm and turn in degrees, considering Bad Going
-- at the start or at the end of a full good-going move ("When any part of
-- a vignette moves on or over ... the entire vignette is counted as being
-- in Bad Going").
-- Whether unit uid would end a full move of mv after turning turn_deg in Bad
-- Going. Remembered per unit while it stays put, for the last turn and move
-- asked (the AI asks when it picks the orders, the move asks again; the
-- terrain does not change during the battle): kept outside its data.
local function bad_ahead(G, uid, turn_deg, mv)
  local x, y, f = G.px[uid], G.py[uid], G.pf[uid]
  local cache = G.ahead_cache
  if not cache then cache = {}; G.ahead_cache = cache end
  local c = cache[uid]
  if c and c[1] == x and c[2] == y and c[3] == f and c[4] == turn_deg and c[5] == mv then return c[6] end
  local d = G.D[uid]
  local nf = f + turn_deg
  local fx, fy = axes(nf)
  local bad = G.T:under(x + fx * mv, y + fy * mv, nf, d.w, d.d) and true or false
  if c then c[1], c[2], c[3], c[4], c[5], c[6] = x, y, f, turn_deg, mv, bad
  else cache[uid] = { x, y, f, turn_deg, mv, bad } end
  return bad
end

local function allowances(G, g, turn_deg)
  local bad = group_bad(G, g)
  local mv, tr = group_rates(G, g, bad)
  if not bad and G.T.pieces[1] then
    -- probe the end of a full move after the turn
    for j = 1, #g.ids do
      if bad_ahead(G, g.ids[j], turn_deg or 0, mv) then
        bad = true
        mv, tr = group_rates(G, g, true)
        break
      end
    end
  end
  return mv, tr, bad
end
turn.allowances = allowances

-- Main battle line cohesion (Deployment's gap limit kept in play, READING):
-- a group of the MBL that is not a detachment may not end an ordered move
-- more than three frontages from every other vignette of its MBL if it
-- started within that distance of one.
local mbl_ids, mbl_dists = {}, {}
local function near_mbl_friend(G, g)
  local limit = tables.deployment.max_mbl_gap_frontages * G.S.frontage
  local member = {}
  for j = 1, #g.ids do local uid = g.ids[j]; member[uid] = true end
  for j = 1, #g.ids do local uid = g.ids[j]
    local n = G.bf:within(uid, limit, g.side, mbl_ids, mbl_dists, member)
    for i = 1, n do
      if G.D[mbl_ids[i]].mbl then return true end
    end
  end
  return false
end
turn.near_mbl_friend = near_mbl_friend

local function needs_cohesion(G, g)
  if g.detached or #g.ids == 0 then return false end
  return G.D[g.ids[1]].mbl == true
end

local function snapshot_group(G, g)
  local s = {}
  for i = 1, #g.ids do local uid = g.ids[i]; s[i] = { pos(G, uid) } end
  return s
end

local function restore_group(G, g, s)
  for i = 1, #g.ids do local uid = g.ids[i]; place(G, uid, s[i][1], s[i][2], s[i][3]) end
end
turn.snapshot_group, turn.restore_group = snapshot_group, restore_group

-- Executes an ordered move: turn (clamped to the allowance), then straight
-- ahead (clamped to the move). Returns turned, distance, first contact.
function turn.move_group(G, g, turn_deg, dist, opts)
  opts = opts or {}
  turn_deg = turn_deg or 0
  local mv, tr = allowances(G, g, turn_deg)
  if opts.any_turn then tr = 180 end
  if turn_deg > tr then turn_deg = tr elseif turn_deg < -tr then turn_deg = -tr end
  if dist == nil or dist > mv then dist = mv end
  if dist < 0 then dist = 0 end
  local cohesion = opts.cohesion and needs_cohesion(G, g) and near_mbl_friend(G, g)
  local before = cohesion and snapshot_group(G, g) or nil
  local turned = turn_group(G, g, turn_deg)
  local moved, stop, r = advance_group(G, g, dist)
  if cohesion and not near_mbl_friend(G, g) then
    -- shorten the move to keep the line; failing that, stand
    restore_group(G, g, before)
    turned = turn_group(G, g, turned)
    moved, stop, r = advance_group(G, g, moved / 2)
    if not near_mbl_friend(G, g) then
      restore_group(G, g, before)
      turned, moved, stop, r = 0, 0, "line", nil
    end
  end
  g.did = { kind = "move", turn = turned, dist = moved }
  return turned, moved, stop, r
end

-- Whether group tg may evade a charge by group cg (EVADING: "LI may evade
-- HI, LSC may evade any vignette, HCC, HSC, CAM may evade HI").
function turn.may_evade(G, tg, charger_uid)
  local cd = G.D[charger_uid]
  if #tg.ids == 0 or group_halted(G, tg) or group_in_contact(G, tg) then return false end
  for j = 1, #tg.ids do local uid = tg.ids[j]
    local d = G.D[uid]
    if not troops.may_evade(d.class, cd.class) then return false end
  end
  return true
end

-- "The evade move is made by moving the evading vignette one full move to
-- its rear, it still may face in the same direction."
local function evade(G, tg, charger_uid)
  local mv = allowances(G, tg, 0)
  local moved = advance_group(G, tg, -mv)
  record_group(G, tg, "evade")
  tg.evaded_from = charger_uid
  for j = 1, #tg.ids do local uid = tg.ids[j]; G.D[uid].evaded = charger_uid end
  log(G, "evade", { units = tg.ids, from = charger_uid, distance = -moved })
  if G.report then
    say(G, "    %s evades %.0f mm to the rear", short(G.D[tg.ids[1]]) .. (#tg.ids > 1 and " and its link" or ""), -moved)
  end
end

-- Records that `mover` ended its move in contact with enemies (for the
-- shots of vignettes "that have moved into contact with them").
local contact_ids, contact_dists = {}, {}
local function note_contacts(G, g)
  for j = 1, #g.ids do local uid = g.ids[j]
    local n = G.bf:within(uid, CONTACT, 3 - g.side, contact_ids, contact_dists)
    for i = 1, n do
      G.contact_moves[#G.contact_moves + 1] = { mover = uid, target = contact_ids[i] }
    end
  end
end

-- A charge: declared on a target before moving; the target may evade; then
-- the charger turns (clamped) and moves straight ahead, lining up on
-- contact. opts.any_turn: "taking any amount of turns".
function turn.charge(G, g, target, turn_deg, opts)
  opts = opts or {}
  if G.D[target].broken then return end
  local td = G.D[target]
  local cd = G.D[g.ids[1]]
  if G.log then log(G, "charge", { units = g.ids, target = target }) end
  if G.report then
    say(G, "  %s%s charges %s", short(cd), #g.ids > 1 and string.format(" (link of %d)", #g.ids) or "", label(td))
  end
  local tg = G.groups[td.gid]
  if turn.may_evade(G, tg, g.ids[1]) then
    local commander = G.sides[td.side].commander
    if commander.evade(G, tg, g, target) then evade(G, tg, g.ids[1]) end
  end
  -- re-aim at the target after an evade, within the allowance
  if not G.D[target].broken then
    local x, y, f = pos(G, g.ids[1])
    local fx, fy = axes(f)
    local d = G.D[g.ids[1]]
    local tx, ty = pos(G, target)
    if #g.ids == 1 then
      turn_deg = norm(heading(tx - (x + fx * d.d / 2), ty - (y + fy * d.d / 2)) - f)
    end
  end
  local start = snapshot_group(G, g)
  local mv, tr = allowances(G, g, turn_deg)
  if opts.any_turn then tr = 180 end
  local turned, moved, stop, r = turn.move_group(G, g, turn_deg, nil, { any_turn = opts.any_turn })
  g.did = { kind = "charge", turn = turned, dist = moved }
  record_group(G, g, opts.any_turn and "charge_any_turn" or "charge")
  if math.type(stop) == "integer" and G.D[stop].side ~= cd.side then
    if r and r.blocker_edge then
      line_up(G, g, r.mover_id or g.ids[1], stop, r.blocker_edge, start, turned, tr, mv)
    end
    note_contacts(G, g)
    log(G, "contact", { units = g.ids, with = stop })
    if G.report then say(G, "    %s contacts %s", short(cd), short(G.D[stop])) end
  elseif G.report then
    say(G, "    moves %.0f mm%s and makes no contact", moved,
      abs(turned) > 0.5 and string.format(" after turning %.0f degrees", turned) or "")
  end
end

-- A plain move order.
function turn.order_move(G, g, turn_deg, dist, opts)
  local start = snapshot_group(G, g)
  local mv, tr = allowances(G, g, turn_deg or 0)
  if opts and opts.any_turn then tr = 180 end
  local turned, moved, stop, r = turn.move_group(G, g, turn_deg, dist, opts)
  record_group(G, g, "move")
  local d = G.D[g.ids[1]]
  if G.log then log(G, "move", { units = g.ids, turned = turned, distance = moved }) end
  if math.type(stop) == "integer" and G.D[stop].side ~= d.side then
    if r and r.blocker_edge then
      line_up(G, g, r.mover_id or g.ids[1], stop, r.blocker_edge, start, turned, tr, mv)
    end
    note_contacts(G, g)
  end
  if G.report then
    local why = ""
    if stop == "line" then why = " (it may not open a gap of more than three frontages in the main battle line)"
    elseif stop == "edge" then why = ", stopped by the table edge"
    elseif math.type(stop) == "integer" then why = ", stopped by " .. short(G.D[stop])
    elseif abs(moved) < (dist or 1e9) - 0.5 and abs(moved) < move_mm(d, false) - 0.5 then why = " (terrain)" end
    say(G, "  %s%s %s%.0f mm%s", short(d), #g.ids > 1 and string.format(" (link of %d)", #g.ids) or "",
      abs(turned) > 0.5 and string.format("turns %.0f degrees and moves ", turned) or "moves ", moved, why)
  end
  return turned, moved, stop
end

---------------------------------------------------------------------------
-- Initiative (ACTIVATION: vignettes that are not activated).

-- The group's representative for the initiative throw. READING: a link
-- throws once, as its lowest-integrity vignette.
local RANK = troops.integrity_rank
local function initiative_vignette(G, g)
  local best = nil
  for j = 1, #g.ids do local uid = g.ids[j]
    local d = G.D[uid]
    if best == nil or RANK[d.integrity] < RANK[best.integrity] then best = d end
  end
  return best
end

-- The nearest enemy to a group: uid, distance (nil, math.huge when none
-- is within `within`); with arc, in the arc of the member it is nearest to.
local function nearest_enemy(G, g, within, arc, arc_how)
  local e, dist = G.bf:nearest(g.ids, 3 - g.side, within, arc, arc_how)
  if e then return e, dist end
  return nil, math.huge
end
turn.nearest_enemy = nearest_enemy

-- The turn (degrees) that points group g's first member at unit `target`.
local function turn_towards(G, g, target)
  local uid = g.ids[1]
  if #g.ids > 1 then
    -- aim the link's middle
    local order = left_to_right(G, g, ltr_towards)
    uid = order[(#order + 1) // 2]
  end
  local d = G.D[uid]
  local x, y, f = G.px[uid], G.py[uid], G.pf[uid]
  local fx, fy = axes(f)
  local tx, ty = G.px[target], G.py[target]
  return norm(heading(tx - (x + fx * d.d / 2), ty - (y + fy * d.d / 2)) - f)
end
turn.turn_towards = turn_towards

-- The friendly group beside g on its right (dir = 1) or left (dir = -1).
-- READING: the vignette "to right" is the nearest friendly link beside its
-- right-hand end (beyond its flank, no more than a frontage and a half ahead
-- or behind) within three frontages, the widest gap of a battle line.
local beside_ids, beside_dists = {}, {}
local function neighbour(G, g, dir)
  local order = left_to_right(G, g, ltr_beside)
  local end_uid = dir > 0 and order[#order] or order[1]
  local d = G.D[end_uid]
  local x, y, f = pos(G, end_uid)
  local fx, fy, rx, ry = axes(f)
  local n = G.bf:within(end_uid, tables.deployment.max_mbl_gap_frontages * G.S.frontage, g.side, beside_ids, beside_dists)
  for i = 1, n do
    local id = beside_ids[i]
    local od = G.D[id]
    if od.gid ~= g.gid then
      local ox, oy = G.px[id], G.py[id]
      local lat = ((ox - x) * rx + (oy - y) * ry) * dir
      local ahead = (ox - x) * fx + (oy - y) * fy
      if lat > d.w / 2 and abs(ahead) <= 1.5 * G.S.frontage then return G.groups[od.gid] end
    end
  end
  return nil
end

local function do_initiative(G, g, action, commander)
  local S = G.S
  if action == "charge_nearest_any_turns" then
    local e = nearest_enemy(G, g, S.width + S.depth)
    if e then turn.charge(G, g, e, turn_towards(G, g, e), { any_turn = true }) end
  elseif action == "charge_nearest_ahead_within_3" then
    -- "Charge the nearest enemy to the front within '3' and within normal
    -- turn allowance otherwise do nothing": within 3 frontages (the charge
    -- moves a full move towards it, whether or not that reaches it)
    local e = nearest_enemy(G, g, tables.initiative.charge_range_frontages * S.frontage, 90, "frontal")
    if e then
      local a = turn_towards(G, g, e)
      local _, tr = allowances(G, g, a)
      if abs(a) <= tr + 1e-6 then turn.charge(G, g, e, a) else g.did = { kind = "halt" } end
    else
      g.did = { kind = "halt" }
    end
  elseif action == "charge_ahead_or_shoot" then
    -- "Charge enemy that is directly ahead, or shoot": the commander chooses
    -- (commander.charge_or_shoot(G, g, enemy) -> "charge" | "shoot"; a
    -- commander without it charges); with no enemy ahead it may shoot
    local mv = allowances(G, g, 0)
    local e = nearest_enemy(G, g, mv, 0, "frontal")
    local choose = commander and commander.charge_or_shoot
    if e and not (choose and choose(G, g, e) == "shoot") then turn.charge(G, g, e, 0)
    else
      g.may_shoot = true
      g.did = { kind = "halt" }
      if e and G.report then say(G, "    stands to shoot rather than charge %s", short(G.D[e])) end
    end
  elseif action == "retreat_two_turns" then
    local mv = allowances(G, g, 0)
    local moved = advance_group(G, g, -2 * mv)
    record_group(G, g, "retreat")
    g.did = { kind = "retreat", dist = moved }
    log(G, "move", { units = g.ids, distance = moved, initiative = "retreat" })
    if G.report then say(G, "    retreats %.0f mm to the rear", -moved) end
  elseif action == "as_player_wishes" then
    g.may_shoot = true
    local order = commander.free_order(G, g)
    if order then turn.execute_order(G, g, order) else g.did = { kind = "halt" } end
  else
    g.did = { kind = "halt" }
  end
end

-- "As vignette to right, if none then as left otherwise halt."
local function copy_neighbour(G, g, first_dir)
  local n = neighbour(G, g, first_dir) or neighbour(G, g, -first_dir)
  local did = n and n.did
  if did and (did.kind == "move" or did.kind == "charge") and (abs(did.turn) > 0.5 or abs(did.dist) > 0.5) then
    if G.report then say(G, "    does as %s: turns %.0f, moves %.0f mm", short(G.D[n.ids[1]]), did.turn, did.dist) end
    turn.order_move(G, g, did.turn, did.dist)
  elseif did and did.kind == "retreat" then
    -- its own retreat: two of its own moves at most (a slower link copying
    -- a faster one does not outrun its Table 3 rate)
    local mv = allowances(G, g, 0)
    local moved = advance_group(G, g, max(did.dist, -2 * mv))
    record_group(G, g, "retreat")
    g.did = { kind = "retreat", dist = moved }
    if G.report then say(G, "    follows %s back %.0f mm", short(G.D[n.ids[1]]), -moved) end
  else
    g.did = { kind = "halt" }
    if G.report then say(G, "    halts") end
  end
end

function turn.initiative_phase(G, side)
  local S = G.sides[side]
  local copies = {}
  for j = 1, #S.groups do local gid = S.groups[j]
    local g = G.groups[gid]
    if #g.ids > 0 and not g.activated and not G.over then
      if group_halted(G, g) or group_in_contact(G, g) then
        g.did = { kind = "halt" }
      else
        local v = initiative_vignette(G, g)
        local out = command.initiative(v, G.dice, G.report ~= nil or G.log)
        if G.log then
          log(G, "initiative", { units = g.ids, die = out.die, score = out.score, action = out.action,
                                 modifiers = terms_of(out.terms) })
        end
        if G.report then
          local mods = M.describe(out.terms)
          say(G, "  %s acts on its own initiative: die %d%s = %d: %s", short(G.D[g.ids[1]]), out.die,
            #mods > 0 and (" " .. table.concat(mods, ", ")) or "", out.score, out.text)
        end
        if out.action == "as_right_neighbour" or out.action == "as_left_neighbour" then
          copies[#copies + 1] = { g = g, dir = out.action == "as_right_neighbour" and 1 or -1 }
        else
          do_initiative(G, g, out.action, S.commander)
        end
      end
    end
  end
  for j = 1, #copies do local c = copies[j]
    if G.over then break end
    if #c.g.ids > 0 then
      if G.report then say(G, "  %s (initiative):", short(G.D[c.g.ids[1]])) end
      copy_neighbour(G, c.g, c.dir)
    end
  end
end

---------------------------------------------------------------------------
-- Orders.

-- Executes an activated group's order: { kind = "move", turn =, dist = } |
-- { kind = "charge", target =, turn = } | { kind = "hold" } | { kind = "rally" }.
function turn.execute_order(G, g, order)
  if #g.ids == 0 or G.over then return end
  if order.detach and G.detachments and not g.detached and G.detachments.may_detach(G, g) then
    g.detached = true
    log(G, "detach", { units = g.ids })
    if G.report then say(G, "  %s is detached from the main battle line (Detachments)", short(G.D[g.ids[1]])) end
  end
  local kind = order.kind
  if (kind == "move" or kind == "charge") and (group_halted(G, g) or group_in_contact(G, g)) then
    kind = "hold"
  end
  if kind == "charge" then
    turn.charge(G, g, order.target, order.turn or 0)
  elseif kind == "move" then
    turn.order_move(G, g, order.turn or 0, order.dist, { cohesion = true })
  else
    g.did = { kind = kind }
    if kind == "rally" then g.rallying = true end
  end
end

function turn.activation_phase(G, side)
  local S = G.sides[side]
  local explain = G.report ~= nil or G.log
  local ap = command.turn_activation_points(S.base_ap, G.dice, explain)
  if G.log then log(G, "activation_points", { side = side, die = ap.die, modifier = ap.modifier, points = ap.points }) end
  if G.report then
    say(G, "%s: activation die %d (%+d): %d AP (base %d)", side_name(G, side), ap.die, ap.modifier, ap.points, S.base_ap)
  end
  local orders = S.commander.activate(G, side, ap.points) or {}
  local left = ap.points
  local queued = {}
  for j = 1, #orders do local order = orders[j]
    local g = G.groups[order.gid]
    if g and g.side == side and #g.ids > 0 and not g.activated then
      local cost, terms = turn.activation_cost(G, g, order, explain)
      if cost <= left then
        left = left - cost
        g.activated = true
        queued[#queued + 1] = { g = g, order = order }
        if G.log then log(G, "activation", { units = g.ids, cost = cost, order = order.kind, modifiers = terms_of(terms) }) end
        if G.report then
          local mods = M.describe(terms)
          say(G, "  activates %s%s for %d AP%s: %s", short(G.D[g.ids[1]]),
            #g.ids > 1 and string.format(" and its link (%d)", #g.ids) or "", cost,
            #mods > 0 and (" [" .. table.concat(mods, "; ") .. "]") or "", order.kind)
        end
      end
    end
  end
  return queued
end

---------------------------------------------------------------------------
-- Shooting (SHOOTING).

local function shoot_range(G, d)
  local own = troops.shooting_range(d.class, d)   -- d: for a variant whose range depends on the vignette
  if d.artillery and G.artillery then
    -- attached artillery adds to the vignette's own shooting (READING, Artillery)
    local a = G.artillery.range(d)
    if d.artillery == "attached" and own > a then return own end
    return a
  end
  return own
end

local function shoots_all_round(d)
  local c = troops.classes[d.class]
  return c.shoots ~= nil and c.shoots.all_round
end

-- Eligible targets of a shooter, nearest first: within range; directly
-- ahead unless VLI or LSC ("VLI and LSC can shoot all round, others can
-- only shoot directly ahead": READING, any part of the target in the strip
-- straight ahead of the front edge).
local function shooting_targets(G, uid, only)
  local d = G.D[uid]
  local range = shoot_range(G, d)
  if range <= 0 then return {} end
  local within = range * G.S.frontage + 0.01
  local all_round = shoots_all_round(d) and d.artillery ~= "amalgamated"
  local q = {}
  near(G, uid, 3 - d.side, within, q)
  if not all_round then
    local k = 0
    for i = 1, #q do
      if G.bf:in_arc(uid, q[i].id, 0, "frontal") then k = k + 1; q[k] = q[i] end
    end
    for i = #q, k + 1, -1 do q[i] = nil end
  end
  if only then
    for _, hit in ipairs(q) do if hit.id == only then return { hit } end end
    return {}
  end
  return q
end
turn.shooting_targets = shooting_targets

-- Whether shooting_targets(G, uid) holds any target: the first found will
-- do, with no list built.
local target_ids, target_dists = {}, {}
local function has_shooting_target(G, uid)
  local d = G.D[uid]
  local range = shoot_range(G, d)
  if range <= 0 then return false end
  local n = G.bf:within(uid, range * G.S.frontage + 0.01, 3 - d.side, target_ids, target_dists)
  if n == 0 then return false end
  if shoots_all_round(d) and d.artillery ~= "amalgamated" then return true end
  for i = 1, n do
    if G.bf:in_arc(uid, target_ids[i], 0, "frontal") then return true end
  end
  return false
end
turn.has_shooting_target = has_shooting_target

-- One shot and its result. contact = the target moved into contact with the shooter.
local function shoot(G, uid, target, contact)
  local bf = G.bf
  local d, td = G.D[uid], G.D[target]
  local dist = bf:distance(uid, target)
  local situation = {
    range = contact and 0 or min(dist / G.S.frontage, shoot_range(G, d)),
    target_ahead = true,
    target_moved_into_contact = contact or false,
    shooter_in_bad_going = (going(G, uid)),
    target_friends_behind = friends_behind(G, target, uid),
  }
  local explain = G.report ~= nil or G.log
  local out = shooting.resolve(d, td, situation, G.dice, explain)
  td.shot_at = true
  td.engaged = true
  if G.log then
    log(G, "shoot", { shooter = uid, target = target, die = out.die, score = out.score, modifiers = terms_of(out.terms),
                      table_result = out.table_result, result = out.result, range = situation.range })
  end
  if G.report then
    local mods = M.describe(out.terms)
    say(G, "  %s shoots at %s at %.1f widths: die %d%s = %d -> %s%s", short(d), short(td), situation.range,
      out.die, #mods > 0 and (" " .. table.concat(mods, ", ")) or "", out.score, out.result,
      out.result ~= out.table_result and (" (table " .. out.table_result .. ")") or "")
  end
  apply_result(G, target, out.result, uid, "shot", true)
  return out
end

local function can_shoot_now(G, uid)
  local d = G.D[uid]
  if d.broken then return false end
  if shoot_range(G, d) <= 0 then return false end
  return not in_contact(G, uid)
end

function turn.shooting_phase(G, side)
  local S = G.sides[side]
  local bf = G.bf
  for j = 1, #S.groups do local gid = S.groups[j]
    local g = G.groups[gid]
    if (g.activated or g.may_shoot) and not G.over then
      local ids = {}
      for i = 1, #g.ids do local uid = g.ids[i]; ids[i] = uid end
      for j = 1, #ids do local uid = ids[j]
        if not G.over and not G.D[uid].broken and can_shoot_now(G, uid) then
          local targets = shooting_targets(G, uid)
          if #targets > 0 then
            local target = S.commander.shoot_target(G, uid, targets)
            if target then
              shoot(G, uid, target, false)
              -- "A vignette that is shot at may shoot back after the
              -- shooters result is applied (if any)"
              if not G.over and not G.D[target].broken and not G.D[uid].broken
                 and can_shoot_now(G, target) and #shooting_targets(G, target, uid) > 0 then
                if G.report then say(G, "    %s returns fire", short(G.D[target])) end
                shoot(G, target, uid, false)
              end
            end
          end
        end
      end
    end
  end
  -- "Any vignette that can shoot may shoot at vignettes that have moved into
  -- contact with them before melee is conducted", and "Evaders may shoot at
  -- chargers if of a type able to do so".
  local enemy = G.sides[3 - side]
  for _, cm in ipairs(G.contact_moves) do
    if G.over then break end
    local shooter, mover = cm.target, cm.mover
    if not G.D[shooter].broken and not G.D[mover].broken then
      local d = G.D[shooter]
      if shoot_range(G, d) > 0 and not d.shot_this_turn and touching_edge(G, shooter, mover) then
        local ahead = shoots_all_round(d) or bf:in_arc(shooter, mover, 0, "frontal")
        if ahead and enemy.commander.shoot_at_charger(G, shooter, mover) then
          d.shot_this_turn = true
          if G.report then say(G, "  %s shoots at %s, which moved into contact", short(d), short(G.D[mover])) end
          shoot(G, shooter, mover, true)
        end
      end
    end
  end
  for _, gid in ipairs(enemy.groups) do
    local g = G.groups[gid]
    if g.evaded_from and not G.over then
      for _, uid in ipairs(g.ids) do
        local c = g.evaded_from
        if not G.D[uid].broken and not G.D[c].broken and can_shoot_now(G, uid)
           and #shooting_targets(G, uid, c) > 0 and not G.D[uid].shot_this_turn then
          G.D[uid].shot_this_turn = true
          if G.report then say(G, "  %s, having evaded, shoots at its charger", short(G.D[uid])) end
          shoot(G, uid, c, false)
        end
      end
    end
  end
end

---------------------------------------------------------------------------
-- Melee (MELEE; RESULTS).

-- Every melee contact, with the phasing side's vignette first:
-- { a, b, a_edge, b_edge, len }.
local melee_ids, melee_dists = {}, {}
local function contacts(G, side)
  local bf = G.bf
  local list = {}
  local gids = G.sides[side].groups
  for j = 1, #gids do local gid = gids[j]
    local ids = G.groups[gid].ids
    for k = 1, #ids do local uid = ids[k]
      local n = bf:within(uid, CONTACT, 3 - side, melee_ids, melee_dists)
      for i = 1, n do
        local e = melee_ids[i]
        local ea, _, la = bf:contact(uid, e)
        local eb, _, lb = bf:contact(e, uid)
        local len = max(la, lb)
        if len > MIN_CONTACT_LEN then
          list[#list + 1] = { a = uid, b = e, a_edge = ea, b_edge = eb, len = len }
        end
      end
    end
  end
  return list
end
turn.contacts = contacts

-- Pairs the melees: "A vignette fights the opponent with which it shares
-- most base contact. If a vignette is contacted by multiple melee
-- opponents, it fights against one only, the others supporting." Greedy by
-- contact length (front-to-front first on ties, then ids), each vignette in
-- one melee; the other contacts count as flank/rear contacts.
local function pair_melees(list, G)
  local sorted = {}
  for i = 1, #list do local c = list[i]
    sorted[i] = c
    c.key = c.len + ((c.a_edge == "front" and c.b_edge == "front") and 0.5 or 0)
  end
  table.sort(sorted, function(x, y)
    if abs(x.key - y.key) > 1e-6 then return x.key > y.key end
    if x.a ~= y.a then return x.a < y.a end
    return x.b < y.b
  end)
  -- "Linked vignettes are merged and are counted as one vignette for the
  -- purposes of ... combat" (READING: in-line links too): a link fights one
  -- melee, by its vignette with the most contact
  local used, pairs_ = {}, {}
  for j = 1, #sorted do local c = sorted[j]
    local ka, kb = c.a, c.b
    if G then ka, kb = -G.D[c.a].gid, -G.D[c.b].gid end
    if not used[ka] and not used[kb] then
      used[ka], used[kb] = true, true
      pairs_[#pairs_ + 1] = c
    end
  end
  table.sort(pairs_, function(x, y) if x.a ~= y.a then return x.a < y.a end return x.b < y.b end)
  return pairs_
end
turn.pair_melees = pair_melees

-- Flank or rear contact on a vignette, from the contact list.
local function flanked(list, uid)
  for j = 1, #list do local c = list[j]
    if c.len > CORNER_LEN then
      if c.a == uid and c.a_edge ~= "front" then return true end
      if c.b == uid and c.b_edge ~= "front" then return true end
    end
  end
  return false
end

-- Overlaps of `me` fighting `foe` to its front: "overlapped by an opposing
-- vignette that is contiguous to the vignette in contact to the front". An
-- enemy other than foe touching foe, beside me (beyond my flank), within a
-- tenth of a frontage of me and not itself in contact with my flank. Each
-- entry is the overlapper's total modified cf (melee checks the half).
local function overlaps_of(G, me, foe)
  local bf = G.bf
  local d = G.D[me]
  local x, y, f = pos(G, me)
  local _, _, rx, ry = axes(f)
  local q = {}
  near(G, me, 3 - d.side, G.S.frontage * 0.1, q)
  local found, sides = nil, {}
  for j = 1, #q do local hit = q[j]
    local o = hit.id
    if o ~= foe and bf:distance(o, foe) <= CONTACT and not touching_edge(G, me, o) then
      local ox, oy = pos(G, o)
      local lat = (ox - x) * rx + (oy - y) * ry
      local flank = lat > 0 and 1 or -1
      if abs(lat) > d.w / 2 and not sides[flank] then
        sides[flank] = true
        local od = G.D[o]
        local cf = melee.modified_cf(od, d, { in_bad_going = (going(G, o)) })
        found = found or {}
        found[#found + 1] = cf
      end
    end
  end
  return found
end
turn.overlaps_of = overlaps_of

-- The situation of one side of a melee.
local function melee_side(G, me, foe, my_edge, list)
  local d = G.D[me]
  local bad, _, hill = going(G, me)
  local _, _, foe_hill = going(G, foe)
  local s = {
    in_bad_going = bad,
    flank_or_rear = flanked(list, me),
    uphill = hill ~= nil and hill ~= foe_hill,
    friends_behind = friends_behind(G, me, foe),
  }
  if my_edge == "front" then
    s.overlaps = overlaps_of(G, me, foe)
    if d.supporter then s.support = d.supporter end
  end
  if d.artillery == "attached" then s.attached_artillery = true end
  local fd = G.D[foe]
  if fd.field_defences and touching_edge(G, foe, me) == "front" then s.opponent_behind_field_defences = true end
  return s
end

local function describe_side(G, d, base, cf, terms)
  local mods = M.describe(terms)
  return string.format("%s cf %d%s", short(d), cf,
    #mods > 0 and (" (base " .. base .. ": " .. table.concat(mods, ", ") .. ")") or " (base)")
end

-- "If you or the opponents are IF Class III, IV or V they must follow up a
-- full move, even if this means they may still maintain contact."
local function follow_up(G, uid, opp)
  if G.D[uid].broken or G.D[opp].broken then return end
  local d = G.D[uid]
  local g = G.groups[d.gid]
  for j = 1, #g.ids do if G.D[g.ids[j]].field_defences then return end end
  local x, y, f = pos(G, uid)
  local ox, oy = pos(G, opp)
  local a = norm(heading(ox - x, oy - y) - f)
  if abs(a) > 60 then return end   -- READING: only an opponent to its front is followed
  if #g.ids > 1 then
    -- a link follows up as one (Linked Vignettes), at its rate
    local moved = advance_group(G, g, (allowances(G, g, 0)))
    record_group(G, g, "follow_up")
    if G.report then say(G, "    %s and its link follow up %.0f mm", short(d), moved) end
    log(G, "follow_up", { unit = uid, units = g.ids, distance = moved })
    return
  end
  local mv = move_mm(d, (going(G, uid)))
  local r = advance_unit(G, uid, mv)
  record(G, uid, "follow_up")
  if G.report then say(G, "    %s follows up %.0f mm", short(d), r.distance or 0) end
  log(G, "follow_up", { unit = uid, distance = r.distance })
end

function turn.melee_phase(G, side)
  local list = contacts(G, side)
  if #list == 0 then return end
  local melees = pair_melees(list, G)
  local explain = G.report ~= nil or G.log
  G.melees = (G.melees or 0) + #melees
  if not G.first_melee then G.first_melee = G.turn end
  for j = 1, #melees do local m = melees[j]
    if G.over then break end
    local a, b = m.a, m.b
    if not G.D[a].broken and not G.D[b].broken then
      local ad, bd = G.D[a], G.D[b]
      local situation = {
        attacker = melee_side(G, a, b, m.a_edge, list),
        defender = melee_side(G, b, a, m.b_edge, list),
      }
      local out = melee.resolve(ad, bd, situation, G.dice, explain)
      ad.engaged, bd.engaged = true, true
      if G.log then
        local conv = {}
        for i, c in ipairs(out.conversions or {}) do conv[i] = { side = c.side, from = c.from, to = c.to, rule = c.rule } end
        log(G, "melee", { attacker = a, defender = b, die = out.die, difference = out.difference,
                          attacker_base_cf = out.attacker_base_cf, defender_base_cf = out.defender_base_cf,
                          attacker_cf = out.attacker_cf, defender_cf = out.defender_cf,
                          attacker_modifiers = terms_of(out.attacker_terms), defender_modifiers = terms_of(out.defender_terms),
                          table_results = out.table_results, conversions = conv,
                          attacker_result = out.attacker_result, defender_result = out.defender_result })
      end
      if G.report then
        say(G, "  MELEE %s against %s", label(ad), label(bd))
        say(G, "    %s; %s", describe_side(G, ad, out.attacker_base_cf, out.attacker_cf, out.attacker_terms),
          describe_side(G, bd, out.defender_base_cf, out.defender_cf, out.defender_terms))
        local conv = {}
        for _, c in ipairs(out.conversions or {}) do
          conv[#conv + 1] = string.format("%s %s -> %s (%s)", c.side, c.from, c.to, c.rule)
        end
        say(G, "    difference %+d, die %d: %s %s, %s %s%s", out.difference, out.die,
          short(ad), out.attacker_result, short(bd), out.defender_result,
          #conv > 0 and ("; " .. table.concat(conv, "; ")) or "")
      end
      -- "The table gives you the results for both sides": both apply, even
      -- when the first ends the battle (both may lose at once)
      apply_result(G, a, out.attacker_result, b, "melee")
      apply_result(G, b, out.defender_result, a, "melee")
      if not G.over then
        if out.attacker_follows_up then follow_up(G, a, b) end
        if out.defender_follows_up then follow_up(G, b, a) end
      end
    end
  end
end

---------------------------------------------------------------------------
-- The player turn.

local function begin(G, side)
  G.contact_moves = {}
  local gids = G.sides[side].groups
  for j = 1, #gids do local gid = gids[j]
    local g = G.groups[gid]
    g.activated, g.may_shoot, g.did, g.rallying = false, false, nil, false
    for k = 1, #g.ids do local uid = g.ids[k]
      local d = G.D[uid]
      d.moved_back = false
    end
  end
  local enemy_gids = G.sides[3 - side].groups
  for j = 1, #enemy_gids do local gid = enemy_gids[j]
    local g = G.groups[gid]
    g.evaded_from = nil
    for k = 1, #g.ids do local uid = g.ids[k]; G.D[uid].shot_this_turn = false end
  end
end

local function finish(G, side)
  local gids = G.sides[side].groups
  for j = 1, #gids do local gid = gids[j]
    local g = G.groups[gid]
    for k = 1, #g.ids do local uid = g.ids[k]
      local d = G.D[uid]
      -- H lasts through the side's next turn
      if d.halt ~= nil and d.halt < G.pturn then d.halt = nil end
    end
    if G.recovery and g.rallying then G.recovery.rally(G, g) end
    for k = 1, #g.ids do local uid = g.ids[k]; G.D[uid].engaged = false end
  end
end

-- The phases of a player turn (THE GAME TURN, A to E), as a named list:
-- options and house rules add, remove or replace a phase by id, e.g.
--   rules.require("phalanx.turn").phases:add({ id = "rally", label = "F rally",
--     run = function(G, side, st) ... end }, { after = "melee" })
-- Each phase runs with G (the battle), the phasing side and `st`, a table the
-- phases of one player turn share (activation leaves its orders there).
turn.phases = NL.new("phalanx.phases", {
  { id = "activation", label = "A activation", rule = "The Game Turn, A",
    run = function(G, side, st) st.queued = turn.activation_phase(G, side) end },
  { id = "movement", label = "B movement", rule = "The Game Turn, B",
    run = function(G, _, st)
      for _, q in ipairs(st.queued or {}) do
        if G.over then break end
        turn.execute_order(G, q.g, q.order)
      end
    end },
  { id = "initiative", label = "C initiative", rule = "The Game Turn, C",
    run = function(G, side) turn.initiative_phase(G, side) end },
  { id = "shooting", label = "D shooting", rule = "The Game Turn, D (Shooting)",
    run = function(G, side) turn.shooting_phase(G, side) end },
  { id = "melee", label = "E melee", rule = "The Game Turn, D (Melee)",
    run = function(G, side) turn.melee_phase(G, side) end },
}, function(list, entry)
  if type(entry.run) ~= "function" then
    error(string.format("phase '%s' in '%s' needs run = function(G, side, st)", entry.id, list.name), 4)
  end
end)

function turn.player_turn(G, side)
  G.pturn = G.pturn + 1
  G.phasing = side
  local bf = G.bf
  begin(G, side)
  if G.report then say(G, "") end
  local st = {}
  for _, phase in ipairs(turn.phases.entries) do
    if G.over then break end
    bf:set_time(G.turn, phase.label or phase.id)
    phase.run(G, side, st)
  end
  finish(G, side)
end

return turn
