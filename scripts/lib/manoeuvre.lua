-- The shared manoeuvre layer: the movement and contact mechanics that every
-- ruleset plays with its own numbers. Charge to contact with line-up, evade
-- away until out of contact, recoil straight back with what blocked it,
-- follow-up and pursuit to the first contact, interpenetration. The rules'
-- parameters (distances, who may pass through whom, what a block means) come
-- from the caller; this layer only moves bases and says what happened.
--
--   local M = require("lib.manoeuvre")
--   local r = M.recoil(G, uid, 60, { from = { enemy } })
--   if r.blocked_by then ... the ruleset's blocked result ... end
--
-- G is the ruleset's battle state: G.bf the battlefield; G.referee, when a
-- referee watches the battle (lib.referee), hears of every move by kind so
-- it can hold it to the ruleset's declared allowance.
--
-- Geometry: facings in degrees counter-clockwise from north (+y); a base
-- facing f advances along (-sin f, cos f).
local battlefield = require("sandtable.battlefield")

local M = {}

local sin, cos, rad, deg, atan = math.sin, math.cos, math.rad, math.deg, math.atan
local abs, min, max, sqrt = math.abs, math.min, math.max, math.sqrt

-- Bases closer than this (mm) count as touching; overlaps up to it are
-- rounding, not interpenetration.
M.TOLERANCE = 0.5

local function norm(a)
  a = a % 360
  if a > 180 then a = a - 360 end
  return a
end
M.norm = norm

-- The unit vector of a heading.
local function along(f)
  local r = rad(f)
  return -sin(r), cos(r)
end
M.along = along

-- The heading of a vector.
local function heading(dx, dy)
  return norm(deg(atan(-dx, dy)))
end
M.heading = heading

-- Tells the watching referee that `uid` made a move of `kind` this phase
-- ("move", "charge", "evade", "recoil", "follow_up", "pursuit", "rout", or a
-- ruleset's own). Every manoeuvre below records itself; a ruleset that moves
-- a base by other means (bf:place on a hex, a formation change) records it
-- here. Costs nothing when no referee watches.
function M.record(G, uid, kind, note)
  local ref = G.referee
  if ref then ref:record(uid, kind, note) end
end

-- The units on uid's layer whose bases overlap `uid`'s by more than `slack`
-- mm (default TOLERANCE), in id order; `skip` a set of ids to leave out.
-- SPEED: the candidates are the units bf:within finds within the core's
-- contact tolerance (1e-6 mm), the same units `bf:query{ of = uid, within = 0 }`
-- lists (its test is edge distance <= within plus that tolerance), written
-- into kept tables instead of a table per unit and without refreshing the
-- query's spatial index after every move (a move's checks and bisections
-- ask this after each step). When nothing is that near (bf:first_within,
-- most bases most of the time) the answer is the empty list at once.
local CONTACT_TOLERANCE = 1e-6
local touch_ids, touch_dists = {}, {}

function M.overlapping(G, uid, slack, skip)
  local bf = G.bf
  if bf:first_within(uid, CONTACT_TOLERANCE) == nil then return {} end
  local n = bf:within(uid, CONTACT_TOLERANCE, 0, touch_ids, touch_dists)
  local x, y, f = bf:pos(uid)
  local u = bf:unit(uid)
  slack = slack or M.TOLERANCE
  local out = {}
  for i = 1, n do
    local o = touch_ids[i]
    if not (skip and skip[o]) then
      local v = bf:unit(o)
      if v.layer == u.layer then
        local ox, oy, of = bf:pos(o)
        -- (a separating-axis pre-test in Lua, to spare overlapping_bases its
        -- tables, was tried: it cost more than it saved, +1 M instructions a
        -- Medway battle by callgrind)
        local pairs_ = battlefield.overlapping_bases({ x, ox }, { y, oy }, { f, of }, { u.width, v.width },
          { u.depth, v.depth }, slack)
        if #pairs_ > 0 then out[#out + 1] = o end
      end
    end
  end
  table.sort(out)
  return out
end

local function id_set(list)
  local s = {}
  for _, id in ipairs(list or {}) do s[id] = true end
  return s
end

local function concat(a, b)
  local out = {}
  for _, v in ipairs(a or {}) do out[#out + 1] = v end
  for _, v in ipairs(b or {}) do out[#out + 1] = v end
  return out
end

-- How far a base may slide from (x, y, f) along the unit vector (ux, uy), up
-- to `dist`, before it overlaps terrain with attribute `key` (a base already
-- on such terrain may walk off it). Steps of at most 0.9 of the base's
-- extent along the path, then halving to 1/1024 of a step.
local function terrain_clear(bf, x, y, f, w, d, ux, uy, dist, key)
  local keys = { key }
  if bf:terrain_probe(x, y, f, w, d, keys) then return dist end
  local a = rad(f)
  local extent = abs(-sin(a) * ux + cos(a) * uy) * d + abs(cos(a) * ux + sin(a) * uy) * w
  local step = max(5, extent * 0.9)
  local lo, t = 0, 0
  while t < dist do
    t = min(dist, t + step)
    if bf:terrain_probe(x + ux * t, y + uy * t, f, w, d, keys) then
      local hi = t
      for _ = 1, 10 do
        local mid = (lo + hi) / 2
        if bf:terrain_probe(x + ux * mid, y + uy * mid, f, w, d, keys) then hi = mid else lo = mid end
      end
      return lo
    end
    lo = t
  end
  return dist
end

-- A straight move of `uid` along heading `dir` (degrees), keeping its
-- facing, up to `dist` mm. It stops at the first unit it would touch (other
-- than those in opts.ignore), at the table edge, or short of terrain whose
-- attribute opts.impassable is set. With opts.pass_through (a list of ids)
-- the base may cross those units but never ends on one: it goes on until
-- clear if the distance allows (opts.pass_through_mode = "beyond"), else it
-- stops before the first it would end on.
-- Returns { distance, wanted, blocked_by = unit id | "edge" | "terrain" | nil }.
function M.straight(G, uid, dir, dist, opts)
  opts = opts or {}
  local bf = G.bf
  local ux, uy = along(dir)
  local x0, y0, f0 = bf:pos(uid)
  local wanted = dist
  local limit, terrain_cut = dist, false
  if opts.impassable then
    local u = bf:unit(uid)
    limit = terrain_clear(bf, x0, y0, f0, u.width, u.depth, ux, uy, dist, opts.impassable)
    terrain_cut = limit < dist - 1e-6
  end
  local ignore = concat(opts.ignore, opts.pass_through)
  -- straight ahead or straight back goes through the core's advance, whose
  -- arithmetic along the facing is exact (a slide's sine and cosine are not)
  local turn = abs(norm(dir - f0))
  local function go(ids)
    if turn == 0 then return bf:move(uid, "advance", limit, { ignore = ids }) end
    if turn == 180 then
      local r = bf:move(uid, "advance", -limit, { ignore = ids })
      r.distance = -r.distance
      return r
    end
    return bf:move(uid, "slide", ux * limit, uy * limit, { ignore = ids })
  end
  local r = go(ignore)
  local blocked = r.stopped_by
  if not blocked and terrain_cut then blocked = "terrain" end
  if opts.pass_through and #opts.pass_through > 0 then
    -- never end on a unit passed through: back off to just before it (and
    -- again if that place is on another one it was passing through)
    local through = id_set(opts.pass_through)
    local keep = ignore
    for _ = 1, #opts.pass_through do
      local ends_on
      for _, o in ipairs(M.overlapping(G, uid, M.TOLERANCE, nil)) do if through[o] then ends_on = o; break end end
      if not ends_on then break end
      through[ends_on] = nil
      bf:place(uid, x0, y0, f0)
      local rest = {}
      for _, id in ipairs(keep) do if id ~= ends_on then rest[#rest + 1] = id end end
      keep = rest
      r = go(keep)
      blocked = r.stopped_by or (terrain_cut and "terrain") or nil
    end
  end
  M.record(G, uid, opts.kind or "move")
  return { distance = r.distance, wanted = wanted, blocked_by = blocked }
end

-- Evade: `uid` moves `dist` mm away from the units in `from` (its
-- chargers) until out of contact with them. It moves along opts.heading,
-- else along the first charger's facing (straight away from the charger's
-- front, so any move at all breaks the contact, however wide either base),
-- else straight back. With opts.face_away it first turns to face that way
-- (if it can turn there without overlapping anything). A unit it touches
-- blocks it only if the move goes into it (the core's collision lets a base
-- move away from what it touches), so moving away its chargers never block
-- it, and a charger on its flank does if the way runs through it.
-- Returns the straight move's result plus in_contact (a charger it is still
-- touching: the evade failed) and heading.
function M.evade(G, uid, from, dist, opts)
  opts = opts or {}
  local bf = G.bf
  local dir = opts.heading
  if not dir and from and from[1] then dir = select(3, bf:pos(from[1])) end
  if not dir then dir = norm(select(3, bf:pos(uid)) + 180) end
  if opts.face_away then
    local x, y, f = bf:pos(uid)
    bf:place(uid, x, y, dir)
    if #M.overlapping(G, uid, M.TOLERANCE, id_set(from)) > 0 then bf:place(uid, x, y, f) end
  end
  local r = M.straight(G, uid, dir, dist, { ignore = opts.ignore, impassable = opts.impassable,
                                            pass_through = opts.pass_through, kind = opts.kind or "evade" })
  r.heading = dir
  for _, c in ipairs(from or {}) do
    if bf:distance(uid, c) <= M.TOLERANCE then r.in_contact = c; break end
  end
  return r
end

-- Recoil (fall back): `uid` moves `dist` mm straight back, keeping its
-- facing (opts.heading overrides the direction). The enemies it recoils
-- from (opts.from) do not block it as long as it moves away from them; one
-- that its way back runs into does (an enemy on its flank or rear), as does
-- anything else, as M.straight says, and the ruleset then applies its own
-- blocked result.
function M.recoil(G, uid, dist, opts)
  opts = opts or {}
  local dir = opts.heading or norm(select(3, G.bf:pos(uid)) + 180)
  return M.straight(G, uid, dir, dist, { ignore = opts.ignore, impassable = opts.impassable,
                                         pass_through = opts.pass_through, kind = opts.kind or "recoil" })
end

-- Advance along the unit's facing to the first contact: follow-up,
-- pursuit, a rout's flight. Returns the straight move's result plus
-- `contacted`: the unit reached (nil when none), for the ruleset's contact
-- rules (tests, evasion, who may touch whom).
function M.advance(G, uid, dist, opts)
  opts = opts or {}
  local f = select(3, G.bf:pos(uid))
  local r = M.straight(G, uid, opts.heading or f, dist, opts)
  if type(r.blocked_by) == "number" then r.contacted = r.blocked_by end
  return r
end

-- The caller's options with a default kind (the caller's table is left as it was).
local function with_kind(opts, kind)
  local o = { kind = kind }
  for k, v in pairs(opts or {}) do o[k] = v end
  return o
end

function M.follow_up(G, uid, dist, opts)
  return M.advance(G, uid, dist, with_kind(opts, "follow_up"))
end

function M.pursue(G, uid, dist, opts)
  return M.advance(G, uid, dist, with_kind(opts, "pursuit"))
end

-- The edge of `target` named `edge` ('front', 'left', 'right', 'rear'): its
-- outward heading, its midpoint and its half length.
local EDGE_TURN = { front = 0, left = 90, right = -90, rear = 180 }
function M.edge(G, target, edge)
  local bf = G.bf
  local u = bf:unit(target)
  local tx, ty, tf = bf:pos(target)
  local out = norm(tf + EDGE_TURN[edge])
  local nx, ny = along(out)
  local reach = (edge == "front" or edge == "rear") and u.depth / 2 or u.width / 2
  local half = (edge == "front" or edge == "rear") and u.width / 2 or u.depth / 2
  return out, tx + nx * reach, ty + ny * reach, half
end

-- Where `uid` stands lined up on `target`'s `edge`: facing into the edge,
-- front edge flush with it, slid along it as little as possible from where
-- its front centre is now (kept on the edge when it is no wider than the
-- edge, centred on it otherwise). Returns x, y, facing.
function M.lined_up_pose(G, uid, target, edge)
  local bf = G.bf
  local out, ex, ey, half = M.edge(G, target, edge)
  local nx, ny = along(out)
  local tx, ty = -ny, nx -- along the edge
  local u = bf:unit(uid)
  local x, y, f = bf:pos(uid)
  local fx, fy = along(f)
  local px, py = x + fx * u.depth / 2, y + fy * u.depth / 2 -- front centre now
  local s = (px - ex) * tx + (py - ey) * ty
  local room = half - u.width / 2
  if room < 0 then s = 0 else s = max(-room, min(room, s)) end
  local cx, cy = ex + tx * s + nx * u.depth / 2, ey + ty * s + ny * u.depth / 2
  return cx, cy, norm(out + 180)
end

-- Charge: `uid` turns towards the centre of `target` and moves at it,
-- up to `allowance` mm of travel of its centre (opts.turn_cost(degrees) is
-- taken off the allowance first: the rules' price of the turn). On contact
-- it lines up on the edge it reached (M.lined_up_pose) when the lined-up
-- place is no further than the allowance from where the charge began and
-- overlaps nothing: "you may not exceed your turn and move distance" (set
-- opts.line_up = false for rules that do not line up). opts.ignore,
-- opts.impassable as M.straight.
-- Returns { contact = bool, edge = target's edge or nil, moved = mm of centre
-- travel, lined_up = bool, blocked_by }.
function M.charge(G, uid, target, allowance, opts)
  opts = opts or {}
  local bf = G.bf
  local x0, y0, f0 = bf:pos(uid)
  local tx, ty = bf:pos(target)
  local dir = heading(tx - x0, ty - y0)
  local turn = norm(dir - f0)
  local budget = allowance - (opts.turn_cost and opts.turn_cost(abs(turn)) or 0)
  if budget < 0 then budget = 0 end
  bf:place(uid, x0, y0, dir)
  if #M.overlapping(G, uid, M.TOLERANCE) > 0 then bf:place(uid, x0, y0, f0); dir = f0 end
  local r = M.straight(G, uid, dir, budget, { ignore = opts.ignore, impassable = opts.impassable, kind = "charge" })
  local out = { moved = r.distance, blocked_by = r.blocked_by, contact = false, lined_up = false }
  if bf:distance(uid, target) > M.TOLERANCE then return out end
  out.contact = true
  out.edge = bf:contact(target, uid)
  if opts.line_up ~= false then
    local x1, y1, f1 = bf:pos(uid)
    local cx, cy, cf = M.lined_up_pose(G, uid, target, out.edge)
    local travel = sqrt((cx - x0) ^ 2 + (cy - y0) ^ 2)
    if travel <= allowance + 1e-6 then
      bf:place(uid, cx, cy, cf)
      if #M.overlapping(G, uid, M.TOLERANCE) == 0 and M.on_table(G, uid) then
        out.lined_up = true
        out.moved = travel
      else
        bf:place(uid, x1, y1, f1)
      end
    end
  end
  return out
end

-- Slides a base straight in so that every corner is on the table (a unit
-- put back where it left across the edge); returns whether it moved.
function M.onto_table(G, uid)
  local bf = G.bf
  local w, d = bf:size()
  local u = bf:unit(uid)
  local x, y, f = bf:pos(uid)
  local ax, ay = along(f)
  local lx, ly = -ay, ax
  -- (the shift onto the table from the near and the far edges kept apart:
  -- taken together, a corner within the far edge reset the shift a corner
  -- beyond it had asked for, and a base turned a little off square came
  -- back with a corner still off the table)
  local inx, iny, outx, outy = 0, 0, 0, 0
  for _, s in ipairs({ { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } }) do
    local cx = x + ax * s[1] * u.depth / 2 + lx * s[2] * u.width / 2
    local cy = y + ay * s[1] * u.depth / 2 + ly * s[2] * u.width / 2
    inx, iny = math.max(inx, -cx), math.max(iny, -cy)
    outx, outy = math.min(outx, w - cx), math.min(outy, d - cy)
  end
  local dx = inx > 0 and inx or outx
  local dy = iny > 0 and iny or outy
  if dx == 0 and dy == 0 then return false end
  bf:place(uid, x + dx, y + dy, f)
  return true
end

-- Whether every corner of `uid`'s base is on the table (within TOLERANCE).
function M.on_table(G, uid)
  local bf = G.bf
  local w, d = bf:size()
  local u = bf:unit(uid)
  local x, y, f = bf:pos(uid)
  local ax, ay = along(f)
  local lx, ly = -ay, ax
  local t = M.TOLERANCE
  for _, s in ipairs({ { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } }) do
    local cx = x + ax * s[1] * u.depth / 2 + lx * s[2] * u.width / 2
    local cy = y + ay * s[1] * u.depth / 2 + ly * s[2] * u.width / 2
    if cx < -t or cy < -t or cx > w + t or cy > d + t then return false end
  end
  return true
end

return M
