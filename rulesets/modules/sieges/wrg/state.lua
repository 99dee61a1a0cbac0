-- The sieges module in WRG 1973: the battle's siege state (G.sieges) and
-- the questions every part asks of it: which section a unit stands on,
-- which sections a unit touches from outside, whether a point is inside.
local forts = require("modules.sieges.fortifications")
local fire = require("modules.sieges.fire")
local mining = require("modules.sieges.mining")

local ST = {}

local MM = 2.54 -- WRG: 10 paces = 1 inch = 25.4 mm
ST.MM = MM

-- Builds G.sieges from the pieces the scenario drew (pieces.sieges, left by
-- the wrapped setup.place_terrain). Called once, before deployment.
function ST.init(G)
  if G.sieges ~= nil then return G.sieges end
  local spec = G.pieces and G.pieces.sieges
  if not spec then G.sieges = false; return false end
  local st = spec.forts
  local S = {
    spec = spec, forts = st, by_fid = {}, besieger = spec.siege.besieger, hours = spec.siege.hours or 1,
    fire = fire.new(), mining = mining.new(), events = {}, ships = {}, shallows = {},
    standing = {},  -- sections with scaling ladders left standing by escaladers who got a footing
  }
  if not S.besieger then
    local defender = st.forts[1] and st.forts[1].defender
    S.besieger = defender and (3 - defender) or nil
  end
  S.defender = S.besieger and (3 - S.besieger) or nil
  for _, sec in ipairs(st.sections) do
    S.by_fid[sec.fid] = sec.index
    S.by_fid[sec.pid] = sec.index
    -- every section is a fire object (stone ones do not burn): its circle in paces
    local x, y = (sec.from[1] + sec.to[1]) / 2, (sec.from[2] + sec.to[2]) / 2
    fire.add_object(S.fire, { id = sec.index, x = x / MM, y = y / MM, r = sec.length / 2 / MM,
                              flammable = forts.KINDS[sec.kind].flammable, resistant = sec.resistant })
  end
  -- ditches are WRG streams 20 paces wide; shallows a deep ford
  G.terrain_attr = G.terrain_attr or {}
  for _, dch in ipairs(spec.ditches) do
    G.terrain_attr[dch.fid] = { id = dch.fid, type = "river", width = 20 }
    G.has_river, G.has_terrain = true, true
    G.widest_river = math.max(G.widest_river or 0, 20)
  end
  for _, s in ipairs(spec.shallows) do
    G.terrain_attr[s.fid] = { id = s.fid, type = "ford", width = 30 }
    S.shallows[s.fid] = true
    G.has_terrain = true
  end
  for _, s in ipairs(spec.ships) do S.ships[s.fid] = s end
  S.caltrops = {}
  for _, c in ipairs(spec.caltrops or {}) do S.caltrops[#S.caltrops + 1] = { fid = c.fid } end
  G.sieges = S
  return S
end

function ST.of(G) return G.sieges or nil end

-- Whether a unit stands on a section: its centre behind the outer face,
-- no deeper than the wall walk and half the unit's depth (troops on a wall
-- stand on its walk, their rear ranks on the steps behind), and within the
-- section's length. Touching the face from outside is not standing on it.
-- `x, y` (the unit's position) may be handed in by a caller that tests one
-- unit against several sections with nothing moving in between (WHY: each
-- is a call into the core).
function ST.stands_on(G, uid, sec, x, y)
  if not x then x, y = G.bf:pos(uid) end
  local ox, oy = forts.outward(sec)
  local behind = -((x - sec.from[1]) * ox + (y - sec.from[2]) * oy)
  if behind <= 0 then return false end  -- outside the face: most units, without reading the base
  local width, depth = G.bf:footprint(uid)
  if behind > sec.thickness + depth / 2 + 1 then return false end
  local tx, ty = sec.to[1] - sec.from[1], sec.to[2] - sec.from[2]
  local L = math.sqrt(tx * tx + ty * ty)
  local along = ((x - sec.from[1]) * tx + (y - sec.from[2]) * ty) / L
  return along >= -width / 2 and along <= L + width / 2 and
    -- the part of its frontage over this section
    math.min(L, along + width / 2) - math.max(0, along - width / 2) > 1
end

-- Whether a unit at (x, y) may stand on any section at all: its centre
-- within the box round every section's face, widened by the thickest
-- section and the base's half width and half depth (and 2 mm). WHY:
-- ST.stands_on asks the centre to be within thickness + depth / 2 + 1 mm
-- behind a face and within half the width of its ends; a unit further off
-- stands on none, and its terrain need not be asked (PD.locate asks every
-- unit several times a period). Sections never move nor change thickness.
local walls_box = setmetatable({}, { __mode = "k" })
local function walls_box_of(st)
  local b = walls_box[st]
  if not b then
    b = { math.huge, math.huge, -math.huge, -math.huge, 0 }
    for _, sec in ipairs(st.sections) do
      for _, p in ipairs({ sec.from, sec.to }) do
        b[1], b[2] = math.min(b[1], p[1]), math.min(b[2], p[2])
        b[3], b[4] = math.max(b[3], p[1]), math.max(b[4], p[2])
      end
      b[5] = math.max(b[5], sec.thickness)
    end
    walls_box[st] = b
  end
  return b
end
-- The same for a base of width w and depth dp at (x, y).
function ST.near_walls_at(G, x, y, w, dp)
  local b = walls_box_of(G.sieges.forts)
  local m = b[5] + (w + dp) / 2 + 2
  return x >= b[1] - m and x <= b[3] + m and y >= b[2] - m and y <= b[4] + m
end
function ST.near_walls(G, uid, x, y)
  local w, dp = G.bf:footprint(uid)
  return ST.near_walls_at(G, x, y, w, dp)
end

-- Answers kept per unit while its base is where it was (WHY: PD.locate asks
-- every unit where it stands 7 times a period, and the commanders ask
-- ST.inside of every unit again and again; between two questions most units
-- have not moved). Each answer is a function of what its key holds and of
-- things that never change (a section's polygon, a fort's ring, the faces),
-- so a kept answer is the answer asked again:
--   ST.inside             the centre (x, y)
--   ST.on_section         the base (x, y, facing, width, depth): the sections
--                         under it that it stands on (ST.stands_on), in
--                         index order; the answer, the first of them tenable
--                         now (on_section's loop keeps the lowest index)
--   ST.touching_from_outside  the base and the slack
-- Weak-keyed by the battle's siege state (G.sieges): a new battle starts
-- empty, and nothing of it is saved, hashed or logged. ST.uncached (tests)
-- switches it off to compare.
local memo_of = setmetatable({}, { __mode = "k" })
ST.uncached = false
local function memo(S)
  local m = memo_of[S]
  if not m then m = { inside = {}, base = {} }; memo_of[S] = m end
  return m
end
-- The unit's kept record for its base as it stands now (a new, empty one
-- when the base has moved, turned or changed its size).
local function base_memo(G, S, uid)
  local x, y, f = G.bf:pos(uid)
  local w, dp = G.bf:footprint(uid)
  local bm = memo(S).base
  local r = bm[uid]
  if not r or r[1] ~= x or r[2] ~= y or r[3] ~= f or r[4] ~= w or r[5] ~= dp then
    r = { x, y, f, w, dp }
    bm[uid] = r
  end
  return r, x, y
end

-- The section (index) a unit stands on: the tenable one it stands on with
-- the most of its frontage, or nil. `under`: G.bf:terrain_ids_under(uid), when
-- the caller has it (PD.locate asks this and ST.on_ship of every unit).
local function on_section(G, S, uid, under, x, y)
  local best, bl
  for _, fid in ipairs(under or G.bf:terrain_ids_under(uid)) do
    local i = S.by_fid[fid]
    -- (a section's wall walk and parapet both lead to it: a section no
    -- lower than the best so far cannot change the answer, so it is not
    -- tested again)
    if i and (not bl or i < bl) then
      local sec = S.forts.sections[i]
      if forts.tenable(sec) then
        if not x then x, y = G.bf:pos(uid) end
        if ST.stands_on(G, uid, sec, x, y) then best, bl = i, i end
      end
    end
  end
  return best
end
function ST.on_section(G, uid, under)
  local S = G.sieges
  if not S then return nil end
  if ST.uncached then return on_section(G, S, uid, under) end
  local r, x, y = base_memo(G, S, uid)
  local stand = r.stand
  if not stand then
    stand = {}
    -- (a unit not near the walls stands on none: ST.near_walls; its
    -- terrain is not asked)
    if ST.near_walls_at(G, x, y, r[4], r[5]) then
      local seen = {}  -- (a section's wall walk and parapet both lead to it)
      for _, fid in ipairs(under or G.bf:terrain_ids_under(uid)) do
        local i = S.by_fid[fid]
        if i and not seen[i] then
          seen[i] = true
          if ST.stands_on(G, uid, S.forts.sections[i], x, y) then stand[#stand + 1] = i end
        end
      end
      table.sort(stand)
    end
    r.stand = stand
  end
  -- on_section's answer: the lowest section among those it stands on that
  -- is tenable now
  local secs = S.forts.sections
  for n = 1, #stand do
    local i = stand[n]
    if forts.tenable(secs[i]) then return i end
  end
  return nil
end

-- The ship (its fid) a unit is aboard, or nil. `under` as for on_section.
function ST.on_ship(G, uid, under)
  local S = G.sieges
  if not S then return nil end
  for _, fid in ipairs(under or G.bf:terrain_ids_under(uid)) do
    if S.ships[fid] then return fid end
  end
  return nil
end

-- Whether the unit's centre is inside a fort's ring.
function ST.inside(G, uid)
  local S = G.sieges
  if not S then return false end
  local x, y = G.bf:pos(uid)
  if ST.uncached then return forts.fort_at(S.forts, x, y) ~= nil end
  local im = memo(S).inside
  local r = im[uid]
  if not r or r[1] ~= x or r[2] ~= y then
    r = { x, y, forts.fort_at(S.forts, x, y) ~= nil }
    im[uid] = r
  end
  return r[3]
end

-- The distance (mm) from a unit's base to a section's outer face segment,
-- and whether the unit is outside it (its centre on the outer side).
local function seg_dist(px, py, ax, ay, bx, by)
  local vx, vy = bx - ax, by - ay
  local L2 = vx * vx + vy * vy
  local t = math.max(0, math.min(1, ((px - ax) * vx + (py - ay) * vy) / L2))
  local qx, qy = ax + vx * t, ay + vy * t
  return math.sqrt((px - qx) ^ 2 + (py - qy) ^ 2)
end
ST.seg_dist = seg_dist

-- The corners of a unit's base.
local function corners_of(u)
  local a = math.rad(u.facing)
  local fx, fy = -math.sin(a), math.cos(a)
  local rx, ry = math.cos(a), math.sin(a)
  local hw, hd = u.width / 2, u.depth / 2
  return {
    { u.x + fx * hd - rx * hw, u.y + fy * hd - ry * hw }, { u.x + fx * hd + rx * hw, u.y + fy * hd + ry * hw },
    { u.x - fx * hd + rx * hw, u.y - fy * hd + ry * hw }, { u.x - fx * hd - rx * hw, u.y - fy * hd - ry * hw },
  }
end
function ST.corners(G, uid) return corners_of(G.bf:unit(uid)) end

-- The sections a unit outside touches (within `slack` mm of the outer face,
-- its centre outside), nearest first: { { index =, gap = } }.
local function touching_from_outside(G, S, uid, slack, x, y)
  local out = {}
  local cs  -- the base's corners, read when a face is first near enough to ask
  local reach  -- the base's half diagonal, and the slack, and 1 mm for rounding
  for _, f in ipairs(forts.faces(S.forts)) do
    local ax, ay, bx, by = f[1], f[2], f[3], f[4]
    -- the centre on the outer side of the face, and (WHY: every corner is
    -- within the half diagonal of the centre, so a face further than that
    -- from the centre is further than the slack from every corner) within
    -- reach of its bounds, then of the face itself: four distances spared
    -- for most of the sections
    if (x - ax) * f[5] + (y - ay) * f[6] > 0 then
      if not reach then
        local w, dp = G.bf:footprint(uid)
        reach = math.sqrt(w * w + dp * dp) / 2 + slack + 1
      end
      if x >= f[8] - reach and x <= f[10] + reach and y >= f[9] - reach and y <= f[11] + reach
        and seg_dist(x, y, ax, ay, bx, by) <= reach then
        cs = cs or corners_of(G.bf:unit(uid))
        local gap = math.huge
        for _, c in ipairs(cs) do gap = math.min(gap, seg_dist(c[1], c[2], ax, ay, bx, by)) end
        -- and an edge of the base along the face: the nearest corner pair
        if gap <= slack then out[#out + 1] = { index = f[7], gap = gap } end
      end
    end
  end
  table.sort(out, function(a, b) if a.gap ~= b.gap then return a.gap < b.gap end return a.index < b.index end)
  return out
end
function ST.touching_from_outside(G, uid, slack)
  local S = G.sieges
  if not S then return {} end
  slack = slack or 1.5
  if ST.uncached then
    local x, y = G.bf:pos(uid)
    return touching_from_outside(G, S, uid, slack, x, y)
  end
  local r, x, y = base_memo(G, S, uid)
  local t = r.touch
  if not t or r.touch_slack ~= slack then
    t = touching_from_outside(G, S, uid, slack, x, y)
    r.touch, r.touch_slack = t, slack
  end
  -- a new list of new entries every call: callers reorder it (period.lua's
  -- works put the commander's target first)
  local out = {}
  for n, e in ipairs(t) do out[n] = { index = e.index, gap = e.gap } end
  return out
end

-- Live units standing on a section (ST.stands_on), in id order.
function ST.units_on(G, i, side)
  local S = G.sieges
  local sec = S.forts.sections[i]
  local out = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    -- stands_on first: it turns most units away on their position alone,
    -- before the unit's whole record is read (this is asked for every
    -- section by the commanders)
    if d and not d.gone and not d.off_table and (side == nil or d.side == side) and ST.stands_on(G, uid, sec)
      and not G.bf:removed(uid) then
      out[#out + 1] = uid
    end
  end
  return out
end

-- The live units of a side (every side when nil) on the table, with their
-- positions: { { uid, x, y } } in id order, for ST.anyone_on over many
-- sections with nothing moving in between (WHY: units_on reads every
-- unit's position again for each section).
function ST.placed(G, side)
  local out = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if d and not d.gone and not d.off_table and (side == nil or d.side == side) then
      local x, y = G.bf:pos(uid)
      out[#out + 1] = { uid, x, y }
    end
  end
  return out
end

-- Whether any of `placed` (ST.placed) stands on section i: the same answer
-- as #ST.units_on(G, i, side) > 0 for the side `placed` was read for.
function ST.anyone_on(G, i, placed)
  local sec = G.sieges.forts.sections[i]
  for _, p in ipairs(placed) do
    if ST.stands_on(G, p[1], sec, p[2], p[3]) and not G.bf:removed(p[1]) then return true end
  end
  return false
end

-- Sets a section's state on the table and says so.
function ST.set_state(G, i, state, why)
  local S = G.sieges
  if forts.set_state(G.bf, S.forts, i, state) then
    local sec = S.forts.sections[i]
    if G.log then G.bf:log("siege_section", { section = i, kind = sec.kind, state = state, why = why }) end
    if G.report then G.report(string.format("  the %s (section %d) is %s%s.", sec.kind, i, state, why and (": " .. why) or "")) end
    return true
  end
  return false
end

-- BREACHES: "A tower rendered untenable by mine or battery can be
-- indicated by placing a breach card on the wall adjacent": when section i
-- has become `result`, an untenable tower breaches the wall beside it (not
-- another tower), whose defenders `collapse(a)` first takes as lost.
function ST.breach_beside_tower(G, i, result, collapse)
  local S = G.sieges
  if S.forts.sections[i].kind ~= "tower" or result ~= "untenable" then return end
  local a = forts.neighbours(S.forts, i)
  if a and S.forts.sections[a].kind ~= "tower" then
    collapse(a)
    ST.set_state(G, a, "breached", "the tower beside it untenable")
  end
end

function ST.say(G, fmt, ...)
  if G.report then G.report(string.format(fmt, ...)) end
end

return ST
