-- Phalanx battle setup (BASING, THE TABLE, DEPLOYMENT, WHAT TABLE SHALL I
-- USE): the table and its scale, the terrain tiles diced on Table 2, the
-- pre-battle throws (edge, removing or swapping pieces, the flank march),
-- deployment zones and their legality, and the geometry the turn code shares
-- (oriented bases against terrain pieces).
--
-- Coordinates are the engine's: millimetres, x east, y north, facing in
-- degrees with 0 = north and counter-clockwise positive. A side on the south
-- edge faces 0, a side on the north edge faces 180. "Side-local" coordinates
-- (u, v) are measured from the side's own left-hand table corner: u along its
-- edge to its right, v from its edge towards the enemy.
--
-- Readings where the text is silent or cannot be followed literally are marked
-- READING and listed in docs/rulesets/phalanx.md ("Battle engine").

local tables = require("phalanx.tables")
local troops = require("phalanx.troops")
local battlefield = require("sandtable.battlefield")

local setup = {}

local sqrt, floor, abs, max, min = math.sqrt, math.floor, math.abs, math.max, math.min
local rad, sin, cos = math.rad, math.sin, math.cos
local INCH = 25.4

---------------------------------------------------------------------------
-- Scale: Table 1 and "What table shall I use".

-- spec = scenario.table: { size = "6x4", scale = "15-20mm", basing = 2,
-- tile = inches (optional, 8'x5' may use 16 or 20) }. Errors name the key.
function setup.scale(spec)
  spec = spec or {}
  local size = spec.size or "6x4"
  local scale = spec.scale or "15-20mm"
  local basing = spec.basing or tables.basing.standard_option
  local sizes = tables.table_sizes
  if not sizes.size_cm[size] then
    error(string.format("table.size: expected one of %s, found '%s'", table.concat(sizes.sizes, ", "), tostring(size)), 0)
  end
  if not tables.basing.frontage_cm[scale] then
    error(string.format("table.scale: expected one of %s, found '%s'",
      table.concat(tables.basing.scales, ", "), tostring(scale)), 0)
  end
  if basing ~= 1 and basing ~= 2 and basing ~= 3 then
    error(string.format("table.basing: expected basing option 1, 2 or 3 (Table 1), found '%s'", tostring(basing)), 0)
  end
  if not sizes.allowed[scale][basing][size] then
    error(string.format("table.size: a %s table is not used with %s basing option %d (What Table Shall I Use)",
      size, scale, basing), 0)
  end
  local tile_in = spec.tile or sizes.tile_inches[size][1]
  local tile_ok = false
  for _, t in ipairs(sizes.tile_inches[size]) do if t == tile_in then tile_ok = true end end
  if not tile_ok then
    error(string.format("table.tile: a %s table uses %s inch tiles, found %s", size,
      table.concat(sizes.tile_inches[size], " or "), tostring(tile_in)), 0)
  end
  local w_cm, d_cm = sizes.size_cm[size][1], sizes.size_cm[size][2]
  local width, depth = w_cm * 10, d_cm * 10
  -- READING: the squares tile the whole table: as many as fit to the nearest
  -- whole number, stretched to cover it exactly (a 6'x4' table is 6 x 4
  -- squares of 12" whether measured in feet or in the text's 180 x 120 cm).
  local nx = max(1, floor(width / (tile_in * INCH) + 0.5))
  local ny = max(1, floor(depth / (tile_in * INCH) + 0.5))
  return {
    size = size, scale = scale, basing = basing,
    width = width, depth = depth,
    frontage = tables.frontage_cm(scale, basing) * 10,
    tile_inches = tile_in, nx = nx, ny = ny, tile_w = width / nx, tile_d = depth / ny,
    flank = sizes.flank_sector_cm[size] * 10,
    rear = sizes.rear_zone_inches * INCH,
    -- READING ("Vignette depth is not critical"): where the deepest base the
    -- text asks for (a mounted vignette a frontage deep with a foot
    -- supporter half a frontage deep merged behind it) is deeper than the
    -- rear zone (25mm option 3 only), a base is in the rear zone when its
    -- back edge is: it may reach forward out of the zone. See
    -- check_deployment and docs/rulesets/phalanx.md (Deployment in play).
    depth_free = tables.frontage_cm(scale, basing) * 10 * 1.5 > sizes.rear_zone_inches * INCH + 0.01,
  }
end

-- Base depth for a class. READING: "foot troops should be based two ranks
-- deep", mounted "ideally on a base as deep as it is wide": foot half the
-- frontage deep, everything else (mounted, animals, chariots) a frontage.
function setup.base_depth(class, frontage)
  if troops.is_foot(class) then return frontage / 2 end
  return frontage
end

---------------------------------------------------------------------------
-- Geometry: oriented bases (the engine's convention) against terrain pieces.

-- Unit vectors of a facing: forward (ahead) and right.
-- Remembered per facing (a battle's bases hold few distinct facings, and
-- three calls into the C library cost more than a table read); the same
-- numbers as computed, so the same battles. Emptied when it grows past
-- AXES_MAX facings (a long run of battles turning by odd angles).
local AXES_MAX = 4096
local axes_s, axes_c, axes_n = {}, {}, 0
local function axes(facing)
  local s = axes_s[facing]
  if s then local c = axes_c[facing]; return -s, c, c, s end
  if facing == 0 then
    -- rad, sin and cos of 0 and of -0, the signs kept (0 and -0 share a key)
    if 1 / facing > 0 then return -0.0, 1.0, 1.0, 0.0 end
    return 0.0, 1.0, 1.0, -0.0
  end
  local a = rad(facing)
  local c
  s, c = sin(a), cos(a)
  if axes_n >= AXES_MAX then axes_s, axes_c, axes_n = {}, {}, 0 end
  if facing == facing then   -- NaN is no table key
    axes_s[facing], axes_c[facing], axes_n = s, c, axes_n + 1
  end
  return -s, c, c, s          -- fx, fy, rx, ry
end
setup.axes = axes

-- Corners of a base: front-left, front-right, rear-right, rear-left.
local function corners(x, y, facing, w, d)
  local fx, fy, rx, ry = axes(facing)
  local hw, hd = w / 2, d / 2
  return {
    x + fx * hd - rx * hw, y + fy * hd - ry * hw,
    x + fx * hd + rx * hw, y + fy * hd + ry * hw,
    x - fx * hd + rx * hw, y - fy * hd + ry * hw,
    x - fx * hd - rx * hw, y - fy * hd - ry * hw,
  }
end
setup.corners = corners

-- Projection of a point list (flat x,y,...) onto an axis: min, max. A
-- base's four corners are read without a loop (the same comparisons in the
-- same order).
local function project(pts, ax, ay)
  local lo, hi = math.huge, -math.huge
  if #pts == 8 then
    local p = pts[1] * ax + pts[2] * ay
    if p < lo then lo = p end
    if p > hi then hi = p end
    p = pts[3] * ax + pts[4] * ay
    if p < lo then lo = p end
    if p > hi then hi = p end
    p = pts[5] * ax + pts[6] * ay
    if p < lo then lo = p end
    if p > hi then hi = p end
    p = pts[7] * ax + pts[8] * ay
    if p < lo then lo = p end
    if p > hi then hi = p end
    return lo, hi
  end
  for i = 1, #pts, 2 do
    local p = pts[i] * ax + pts[i + 1] * ay
    if p < lo then lo = p end
    if p > hi then hi = p end
  end
  return lo, hi
end

-- Separating-axis test of two convex polygons (flat point lists); `slack`
-- (mm, default 0) must be exceeded for an overlap to count.
local function poly_axes_separate(a, b, edges_of, slack)
  local n = #edges_of
  -- a rectangle's opposite edges give the same axis: two suffice
  local last = n == 8 and 3 or n - 1
  for i = 1, last, 2 do
    local x1, y1 = edges_of[i], edges_of[i + 1]
    local j = i + 2; if j > n then j = 1 end
    local ex, ey = edges_of[j] - x1, edges_of[j + 1] - y1
    local len = sqrt(ex * ex + ey * ey)
    if len > 0 then
      local ax, ay = -ey / len, ex / len
      local alo, ahi = project(a, ax, ay)
      local blo, bhi = project(b, ax, ay)
      if ahi <= blo + slack or bhi <= alo + slack then return true end
    end
  end
  return false
end
function setup.polygons_overlap(a, b, slack)
  slack = slack or 0
  return not (poly_axes_separate(a, b, a, slack) or poly_axes_separate(a, b, b, slack))
end

-- The separating axes poly_axes_separate takes from a polygon's edges (flat
-- ax, ay, ...), for a polygon tested against many others: the same
-- arithmetic, done once.
local function edge_axes(pts)
  local n = #pts
  local last = n == 8 and 3 or n - 1
  local out = {}
  for i = 1, last, 2 do
    local x1, y1 = pts[i], pts[i + 1]
    local j = i + 2; if j > n then j = 1 end
    local ex, ey = pts[j] - x1, pts[j + 1] - y1
    local len = sqrt(ex * ex + ey * ey)
    if len > 0 then out[#out + 1] = -ey / len; out[#out + 1] = ex / len end
  end
  return out
end

local function separated_on(a, b, axes_list, slack)
  for k = 1, #axes_list, 2 do
    local ax, ay = axes_list[k], axes_list[k + 1]
    local alo, ahi = project(a, ax, ay)
    local blo, bhi = project(b, ax, ay)
    if ahi <= blo + slack or bhi <= alo + slack then return true end
  end
  return false
end

-- setup.polygons_overlap with each polygon's edge_axes given.
local function polygons_overlap_on(a, a_axes, b, b_axes, slack)
  return not (separated_on(a, b, a_axes, slack) or separated_on(a, b, b_axes, slack))
end

-- Two bases overlap by more than `slack` mm.
function setup.bases_overlap(x1, y1, f1, w1, d1, x2, y2, f2, w2, d2, slack)
  return setup.polygons_overlap(corners(x1, y1, f1, w1, d1), corners(x2, y2, f2, w2, d2), slack)
end

local function point_in_polygon(px, py, poly)
  local inside = false
  local n = #poly
  local j = n - 1
  for i = 1, n, 2 do
    local xi, yi, xj, yj = poly[i], poly[i + 1], poly[j], poly[j + 1]
    if (yi > py) ~= (yj > py) and px < (xj - xi) * (py - yi) / (yj - yi) + xi then inside = not inside end
    j = i
  end
  return inside
end
setup.point_in_polygon = point_in_polygon

-- Segments (x1,y1)-(x2,y2) and (x3,y3)-(x4,y4) cross.
local function segments_cross(x1, y1, x2, y2, x3, y3, x4, y4)
  local d1x, d1y, d2x, d2y = x2 - x1, y2 - y1, x4 - x3, y4 - y3
  local den = d1x * d2y - d1y * d2x
  if den == 0 then return false end
  local t = ((x3 - x1) * d2y - (y3 - y1) * d2x) / den
  local u = ((x3 - x1) * d1y - (y3 - y1) * d1x) / den
  return t >= 0 and t <= 1 and u >= 0 and u <= 1
end

---------------------------------------------------------------------------
-- Terrain: pieces on a grid of squares.
--
-- A piece: { id, type, poly = flat convex polygon (x1,y1,...) | circle =
-- {x, y, r}, tile = index or nil, bad_going, passable, hill, blocks_los,
-- road }. Types are Table 2's ("gentle_hill", "steep_hill", "wood",
-- "built_up_area", "impassable") plus "road" for scenarios that give them.

local TYPES = tables.terrain.types
-- READING: woods, built-up areas and hills (both kinds) block line of sight;
-- open ground, roads and impassable water do not (mountains block: a
-- scenario may give blocks_los = true on any piece).
local BLOCKS_LOS = { gentle_hill = true, steep_hill = true, wood = true, built_up_area = true }
setup.blocks_los = BLOCKS_LOS

local Terrain = {}
Terrain.__index = Terrain

function setup.new_terrain(S)
  return setmetatable({ S = S, pieces = {}, cells = {}, cell = max(S.tile_w, S.tile_d) }, Terrain)
end

-- Bounding box of a piece.
local function piece_box(p)
  if p.circle then
    local c = p.circle
    return c[1] - c[3], c[2] - c[3], c[1] + c[3], c[2] + c[3]
  end
  -- (min and max written out: the same values without a call per corner)
  local x0, y0, x1, y1 = math.huge, math.huge, -math.huge, -math.huge
  local poly = p.poly
  for i = 1, #poly, 2 do
    local x, y = poly[i], poly[i + 1]
    if x < x0 then x0 = x end
    if x1 < x then x1 = x end
    if y < y0 then y0 = y end
    if y1 < y then y1 = y end
  end
  return x0, y0, x1, y1
end
setup.piece_box = piece_box

-- Puts one piece in the cells its box touches (after those already there).
-- keep_box: its box is still right (the piece has not moved since it was
-- last indexed, or it is a copy of one that was), so it is not worked out again.
local function index_piece(cells, size, p, keep_box)
  local x0, y0, x1, y1
  if keep_box and p.box then
    local b = p.box
    x0, y0, x1, y1 = b[1], b[2], b[3], b[4]
  else
    x0, y0, x1, y1 = piece_box(p)
    p.box = { x0, y0, x1, y1 }
  end
  for cx = floor(x0 / size), floor(x1 / size) do
    for cy = floor(y0 / size), floor(y1 / size) do
      local k = cx * 1000 + cy
      local list = cells[k]
      if not list then list = {}; cells[k] = list end
      list[#list + 1] = p
    end
  end
end

-- keep_boxes: no piece has moved (a piece was removed), boxes stay.
local function reindex(self, keep_boxes)
  self.bf, self.probe = nil, nil   -- the battlefield's copy no longer matches
  local cells, size = {}, self.cell
  for ix = 1, #self.pieces do local p = self.pieces[ix]; index_piece(cells, size, p, keep_boxes) end
  self.cells = cells
end

function Terrain:reindex() reindex(self, false) end

-- Adds a piece: { type =, poly = | circle = | rect = {x0, y0, x1, y1}, ... }.
-- A copy of a piece of another terrain may bring that piece's `box` along.
function Terrain:add(p)
  local kind = TYPES[p.type]
  if not kind and p.type ~= "road" then
    local names = {}
    for _, r in ipairs(tables.terrain.results) do names[#names + 1] = r.terrain end
    names[#names + 1] = "road"
    error(string.format("terrain: unknown type '%s' (expected one of %s)", tostring(p.type), table.concat(names, ", ")), 0)
  end
  if p.rect then
    local r = p.rect
    p.poly = { r[1], r[2], r[3], r[2], r[3], r[4], r[1], r[4] }
    p.rect = nil
    p.aabb = true   -- an axis-aligned rectangle: its box is the piece (fast tests)
  end
  if not p.poly and not p.circle then error("terrain piece needs polygon, rect or circle", 0) end
  p.id = #self.pieces + 1
  p.bad_going = kind and kind.bad_going or false
  p.passable = not kind or kind.passable
  p.hill = p.type == "gentle_hill"
  p.road = p.type == "road"
  if p.blocks_los == nil then p.blocks_los = BLOCKS_LOS[p.type] or false end
  self.pieces[#self.pieces + 1] = p
  index_piece(self.cells, self.cell, p, true)   -- the last piece: same order as a reindex
  self.bf, self.probe = nil, nil   -- the battlefield's copy no longer matches
  return p
end

-- The pieces as the battlefield's own terrain features (bf:add_terrain, in
-- order, so feature ids are piece ids), the meaning of each type given as
-- attributes (bf:terrain_type). From then on `under` and the move bisection
-- (setup.clear_advance) are answered by the core over those features; any
-- later change to the pieces unlinks them and the Lua code answers again.
local PROBE_KEYS = { "bad_going", "impassable", "@hill", "@road" }
-- Puts the pieces on bf; true when bf answers terrain probes.
local function put_pieces(self, bf)
  for ix = 1, #self.pieces do local p = self.pieces[ix]
    if p.poly then bf:add_terrain{ type = p.type, polygon = p.poly, blocks_los = p.blocks_los }
    else bf:add_terrain{ type = p.type, circle = p.circle, blocks_los = p.blocks_los } end
  end
  if not bf.terrain_probe then return false end
  for name, kind in pairs(TYPES) do
    bf:terrain_type(name, { bad_going = kind.bad_going, impassable = not kind.passable, hill = name == "gentle_hill" })
  end
  bf:terrain_type("road", { road = true })
  return true
end
function Terrain:attach(bf)
  if put_pieces(self, bf) then self.bf = bf end
end

-- Deployment planning probes terrains that are not on the battle's table
-- (the table's before the pieces go on, the commander's trial copies): the
-- pieces go on a scratch battlefield of their own (no events, no units) so
-- that `under` and `clear_advance` are answered by the core there too. Any
-- change to the pieces drops it. `self.bf` stays the battle's battlefield
-- only (the turn code asks it about units).
function Terrain:probe_in_core()
  if self.bf or self.probe or self.pieces[1] == nil or not battlefield then return end
  local bf = battlefield.new{ width = self.S.width, depth = self.S.depth, keep_events = false }
  if put_pieces(self, bf) then self.probe = bf end
end

-- A terrain that holds the same pieces as `twin`, in the same order (the
-- table after the winner's removals and the trial copy the commander planned
-- them on), is answered by twin's scratch battlefield: the same features,
-- the same ids, so one need not be built again.
function Terrain:probe_as(twin)
  if not self.bf and not self.probe and twin.probe then self.probe = twin.probe end
end

function Terrain:remove(piece_id)
  table.remove(self.pieces, piece_id)
  for i = 1, #self.pieces do local p = self.pieces[i]; p.id = i end
  reindex(self, true)
end

-- Candidate pieces near a bounding box.
local function near(self, x0, y0, x1, y1, out)
  local size, cells = self.cell, self.cells
  local n = 0
  for cx = floor(x0 / size), floor(x1 / size) do
    for cy = floor(y0 / size), floor(y1 / size) do
      local list = cells[cx * 1000 + cy]
      if list then
        for i = 1, #list do
          local p = list[i]
          local dup = false
          for k = 1, n do if out[k] == p then dup = true; break end end
          if not dup then n = n + 1; out[n] = p end
        end
      end
    end
  end
  for k = n + 1, #out do out[k] = nil end
  return n
end

local function circle_touches_poly(c, pts)
  local cx, cy, r = c[1], c[2], c[3]
  if point_in_polygon(cx, cy, pts) then return true end
  local n = #pts
  for i = 1, n, 2 do
    local j = i + 2; if j > n then j = 1 end
    local ax, ay, bx, by = pts[i], pts[i + 1], pts[j], pts[j + 1]
    local ex, ey = bx - ax, by - ay
    local t = ((cx - ax) * ex + (cy - ay) * ey) / (ex * ex + ey * ey)
    if t < 0 then t = 0 elseif t > 1 then t = 1 end
    local dx, dy = ax + t * ex - cx, ay + t * ey - cy
    if dx * dx + dy * dy < r * r then return true end
  end
  return false
end

-- An oriented base (centre, axes, half sizes) overlapping an axis-aligned box
-- (separating axes: the table's two, then the base's two).
local function base_overlaps_box(x, y, fx, fy, rx, ry, hw, hd, b)
  local bhw, bhh = (b[3] - b[1]) / 2, (b[4] - b[2]) / 2
  local dx, dy = (b[1] + b[3]) / 2 - x, (b[2] + b[4]) / 2 - y
  if abs(dx) >= bhw + abs(rx) * hw + abs(fx) * hd then return false end
  if abs(dy) >= bhh + abs(ry) * hw + abs(fy) * hd then return false end
  if abs(dx * rx + dy * ry) >= hw + abs(rx) * bhw + abs(ry) * bhh then return false end
  if abs(dx * fx + dy * fy) >= hd + abs(fx) * bhw + abs(fy) * bhh then return false end
  return true
end

local function piece_touches(p, pts)
  if p.circle then return circle_touches_poly(p.circle, pts) end
  return setup.polygons_overlap(p.poly, pts, 0)
end

local function piece_contains(p, x, y)
  if p.aabb then
    local b = p.box
    return x >= b[1] and x <= b[3] and y >= b[2] and y <= b[4]
  end
  if p.circle then
    local c = p.circle
    return (x - c[1]) ^ 2 + (y - c[2]) ^ 2 <= c[3] * c[3]
  end
  return point_in_polygon(x, y, p.poly)
end
setup.piece_contains = piece_contains

local scratch = {}
-- What a base stands on. Returns bad (any part on Bad Going), impassable (any
-- part on impassable terrain), hill (the gentle hill its centre is on, or
-- nil) and road (its centre is on a road).
-- The usual base lies within one cell: its list is read in place, in the
-- same order as near() would copy it.
function Terrain:under(x, y, facing, w, d)
  local pieces = self.pieces
  if pieces[1] == nil then return false, false, nil, false end
  local bf = self.bf or self.probe
  if bf then
    local bad, imp, hill, road = bf:terrain_probe(x, y, facing, w, d, PROBE_KEYS)
    -- "Movement along roads negates the effect of Bad Going."
    if road then return false, imp, hill or nil, true end
    return bad, imp, hill or nil, false
  end
  local r = (w + d) / 2
  local x0, y0, x1, y1 = x - r, y - r, x + r, y + r
  local size = self.cell
  local cx0, cy0 = floor(x0 / size), floor(y0 / size)
  local list, n
  if cx0 == floor(x1 / size) and cy0 == floor(y1 / size) then
    list = self.cells[cx0 * 1000 + cy0]
    if not list then return false, false, nil, false end
    n = #list
  else
    n = near(self, x0, y0, x1, y1, scratch)
    list = scratch
  end
  if n == 0 then return false, false, nil, false end
  local pts, fx, fy, rx, ry = nil, nil, nil, nil, nil
  local bad, imp, hill, road = false, false, nil, false
  for i = 1, n do
    local p = list[i]
    local b = p.box
    if b[1] < x1 and b[3] > x0 and b[2] < y1 and b[4] > y0 then
      if p.road then
        if piece_contains(p, x, y) then road = true end
      elseif p.hill then
        if piece_contains(p, x, y) then hill = p.id end
      elseif p.bad_going or not p.passable then
        local touches
        if p.aabb then
          if not fx then fx, fy, rx, ry = axes(facing) end
          touches = base_overlaps_box(x, y, fx, fy, rx, ry, w / 2, d / 2, b)
        else
          pts = pts or corners(x, y, facing, w, d)
          touches = piece_touches(p, pts)
        end
        if touches then
          if p.bad_going then bad = true else imp = true end
        end
      end
    end
  end
  -- "Movement along roads negates the effect of Bad Going."
  if road then bad = false end
  return bad, imp, hill, road
end

-- The longest part of a straight move of `dist` along `facing` (by bisection
-- of the fraction in 10 halvings; terrain pieces are large) that keeps the
-- base off impassable terrain; `dist` when the end is clear or the base
-- already stands on it (placed there: it may walk off).
function Terrain:clear_advance(x, y, facing, w, d, dist)
  if self.pieces[1] == nil then return dist end
  local bf = self.bf or self.probe
  if bf then return bf:terrain_clear_advance(x, y, facing, w, d, dist, "impassable", 10) end
  local fx, fy = axes(facing)
  local _, imp = self:under(x + fx * dist, y + fy * dist, facing, w, d)
  if not imp then return dist end
  local _, imp0 = self:under(x, y, facing, w, d)
  if imp0 then return dist end
  local lo, hi = 0, 1
  for _ = 1, 10 do
    local mid = (lo + hi) / 2
    local _, i2 = self:under(x + fx * dist * mid, y + fy * dist * mid, facing, w, d)
    if i2 then hi = mid else lo = mid end
  end
  return dist * lo
end

-- The sight line (x1, y1)-(x2, y2) crosses the piece: meets one of a
-- polygon's edges, or passes strictly inside a circle.
local function line_crosses_piece(p, x1, y1, x2, y2)
  if p.circle then
    local c = p.circle
    local ex, ey = x2 - x1, y2 - y1
    local len2 = ex * ex + ey * ey
    local t = len2 > 0 and ((c[1] - x1) * ex + (c[2] - y1) * ey) / len2 or 0
    if t < 0 then t = 0 elseif t > 1 then t = 1 end
    local dx, dy = x1 + t * ex - c[1], y1 + t * ey - c[2]
    return dx * dx + dy * dy < c[3] * c[3]
  end
  local poly = p.poly
  local m = #poly
  for k = 1, m, 2 do
    local j = k + 2; if j > m then j = 1 end
    if segments_cross(x1, y1, x2, y2, poly[k], poly[k + 1], poly[j], poly[j + 1]) then return true end
  end
  return false
end

-- Line of sight between two points: blocked by a piece that blocks it and
-- holds neither end (READING: troops in a wood see out of it, and are seen)
-- and that the line crosses. Only pieces whose box meets the line's are
-- asked. Once the pieces are on a battlefield (attach, probe_in_core) the
-- core answers (bf:terrain_sight_blocked: the same tests, the same answers).
function Terrain:blocked(x1, y1, x2, y2)
  if self.pieces[1] == nil then return false end
  local bf = self.bf or self.probe
  if bf then return bf:terrain_sight_blocked(x1, y1, x2, y2) end
  local x0, y0, x3, y3 = min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)
  local n = near(self, x0, y0, x3, y3, scratch)
  for i = 1, n do
    local p = scratch[i]
    local b = p.box
    if p.blocks_los and b[1] <= x3 and b[3] >= x0 and b[2] <= y3 and b[4] >= y0
        and not piece_contains(p, x1, y1) and not piece_contains(p, x2, y2)
        and line_crosses_piece(p, x1, y1, x2, y2) then
      return true
    end
  end
  return false
end

---------------------------------------------------------------------------
-- Table 2: diced terrain.

-- Whether tile (i, j) (0-based column, row) borders the table edge.
function setup.edge_tile(S, i, j)
  return i == 0 or j == 0 or i == S.nx - 1 or j == S.ny - 1
end

-- READING (piece size): "cannot be any larger than the square ... nor smaller
-- than half a square": a rectangular piece centred in its square whose sides
-- are half to all of the square's, drawn on a d6 (1 = half, 6 = all), and no
-- bigger than leaves a vignette frontage between neighbouring pieces (the
-- Deployment advice "have terrain pieces further apart than the frontage of
-- one of your vignettes").
function setup.piece_side(S, size_die)
  local k = 0.5 + (size_die - 1) * 0.1
  local sw, sd = S.tile_w * k, S.tile_d * k
  local cap_w, cap_d = S.tile_w - S.frontage * 1.01, S.tile_d - S.frontage * 1.01
  if sw > cap_w then sw = max(cap_w, S.tile_w * 0.5) end
  if sd > cap_d then sd = max(cap_d, S.tile_d * 0.5) end
  return sw, sd
end

-- Dices every square on Table 2 (a d8, +2 on the squares bordering the table
-- edge) and a d6 for the size of each piece. Returns the terrain and the
-- list of rolls { i, j, die, score, at_edge, terrain }.
function setup.dice_terrain(S, dice)
  local T = setup.new_terrain(S)
  local rolls = {}
  for j = 0, S.ny - 1 do
    for i = 0, S.nx - 1 do
      local at_edge = setup.edge_tile(S, i, j)
      local die = dice:roll(tables.terrain.die, "Phalanx terrain, Table 2")
      local kind = tables.terrain_for(die, at_edge)
      local score = die + (at_edge and tables.terrain.edge_bonus or 0)
      local roll = { i = i, j = j, die = die, score = score, at_edge = at_edge, terrain = kind }
      rolls[#rolls + 1] = roll
      if kind ~= "open" then
        local size_die = dice:roll(6, "Phalanx terrain piece size")
        local sw, sd = setup.piece_side(S, size_die)
        local cx, cy = (i + 0.5) * S.tile_w, (j + 0.5) * S.tile_d
        local p = { type = kind, rect = { cx - sw / 2, cy - sd / 2, cx + sw / 2, cy + sd / 2 }, tile = { i, j } }
        T:add(p)
        roll.piece = p.id
      end
    end
  end
  return T, rolls
end

-- Terrain given by a scenario: a list of { type =, rect = {x0,y0,x1,y1} |
-- polygon = {x1,y1,...} | circle = {x,y,r}, blocks_los = bool } in mm.
function setup.given_terrain(S, list)
  local T = setup.new_terrain(S)
  for i, f in ipairs(list) do
    if type(f) ~= "table" then error(string.format("table.terrain[%d]: expected a feature table", i), 0) end
    local p = { type = f.type, blocks_los = f.blocks_los, name = f.name }
    if f.rect then p.rect = { f.rect[1], f.rect[2], f.rect[3], f.rect[4] }
    elseif f.polygon then p.poly = { table.unpack(f.polygon) }
    elseif f.circle then p.circle = { f.circle[1], f.circle[2], f.circle[3] }
    else error(string.format("table.terrain[%d]: a feature needs rect, polygon or circle (mm)", i), 0) end
    local ok, err = pcall(T.add, T, p)
    if not ok then error(string.format("table.terrain[%d]: %s", i, tostring(err)), 0) end
  end
  return T
end

---------------------------------------------------------------------------
-- Sides, sectors and zones.

-- Side-local (u, v) to table (x, y) and the side's forward facing.
function setup.to_table(S, edge, u, v)
  if edge == "south" then return u, v, 0 end
  return S.width - u, S.depth - v, 180
end
function setup.to_local(S, edge, x, y)
  if edge == "south" then return x, y end
  return S.width - x, S.depth - y
end

-- Sector of a point: "left", "centre" or "right" as seen by a side.
-- (Deployment: the Flank Sector is measured in from the table's short edges.)
function setup.sector(S, edge, x)
  local u = edge == "south" and x or S.width - x
  if u < S.flank then return "left" end
  if u > S.width - S.flank then return "right" end
  return "centre"
end

-- The sector a table x lies in, independent of side: "west", "centre", "east".
function setup.table_sector(S, x)
  if x < S.flank then return "west" end
  if x > S.width - S.flank then return "east" end
  return "centre"
end

-- The u-range of a command part's sector.
function setup.part_range(S, part)
  if part == "left" then return 0, S.flank end
  if part == "right" then return S.width - S.flank, S.width end
  return S.flank, S.width - S.flank
end

---------------------------------------------------------------------------
-- Pre-battle throws (The Table).

-- Both players throw a d6; re-throw ties (READING: the text needs a highest
-- score). Returns winner, scores, and whether the loser must flank march
-- ("If one player exceeds his opponents score by 5").
function setup.pre_battle_roll(dice)
  while true do
    local a = dice:roll(tables.pre_battle.die, "Phalanx pre-battle throw, side 1 (The Table)")
    local b = dice:roll(tables.pre_battle.die, "Phalanx pre-battle throw, side 2 (The Table)")
    if a ~= b then
      local winner = a > b and 1 or 2
      return winner, { a, b }, abs(a - b) >= tables.pre_battle.march_margin
    end
  end
end

-- The first move: "decided by another die throw, the higher score moving
-- first" (ties re-thrown).
function setup.first_move_roll(dice)
  while true do
    local a = dice:roll(tables.pre_battle.first_turn_die, "Phalanx first move, side 1 (The Game Turn)")
    local b = dice:roll(tables.pre_battle.first_turn_die, "Phalanx first move, side 2 (The Game Turn)")
    if a ~= b then return a > b and 1 or 2, { a, b } end
  end
end

-- Applies the winner's changes: up to two removals, or one swap of two pieces'
-- positions. changes = { remove = { ids } } | { swap = { id1, id2 } }.
function setup.apply_terrain_changes(T, changes)
  if not changes then return {} end
  local done = {}
  if changes.swap then
    local a, b = T.pieces[changes.swap[1]], T.pieces[changes.swap[2]]
    if a and b and a ~= b then
      local ax0, ay0, ax1, ay1 = piece_box(a)
      local bx0, by0, bx1, by1 = piece_box(b)
      local dx, dy = (bx0 + bx1) / 2 - (ax0 + ax1) / 2, (by0 + by1) / 2 - (ay0 + ay1) / 2
      local function shift(p, sx, sy)
        if p.circle then p.circle[1], p.circle[2] = p.circle[1] + sx, p.circle[2] + sy
        else for i = 1, #p.poly, 2 do p.poly[i], p.poly[i + 1] = p.poly[i] + sx, p.poly[i + 1] + sy end end
      end
      shift(a, dx, dy); shift(b, -dx, -dy)
      a.tile, b.tile = b.tile, a.tile
      T:reindex()
      done[1] = { swap = { a.id, b.id } }
    end
  elseif changes.remove then
    local ids = {}
    for i = 1, min(#changes.remove, tables.pre_battle.winner_may_remove_or_swap) do ids[i] = changes.remove[i] end
    table.sort(ids, function(a, b) return a > b end)
    for _, id in ipairs(ids) do
      if T.pieces[id] then
        done[#done + 1] = { remove = id, type = T.pieces[id].type }
        T:remove(id)
      end
    end
  end
  return done
end

---------------------------------------------------------------------------
-- Deployment legality (Deployment, Command and Control).
--
-- placement records: { vid, part, class, mbl = bool, x, y, facing, w, d,
-- second_line = bool }. T (optional): the terrain; a base on impassable
-- terrain is a problem (Table 2: "Impassable terrain is such as mountains
-- ... swamp, bog, lake": no vignette can stand there). Returns a list of
-- problems (strings), empty if legal.

-- The pairs of placements (flat i1, j1, i2, j2, ...) whose bases overlap by
-- more than `slack` mm (setup.bases_overlap), each base's corners (pts_of)
-- and axes read once. The Lua code battlefield.overlapping_bases, the
-- core's, is held to (tests/setup_test.lua).
local function overlapping_pairs(placements, pts_of, slack)
  local n = #placements
  local px, py, half, axes_of = {}, {}, {}, {}
  for i = 1, n do
    local a = placements[i]
    px[i], py[i], half[i] = a.x, a.y, sqrt(a.w * a.w + a.d * a.d)
  end
  local out = {}
  for i = 1, n do
    local ax, ay, ha = px[i], py[i], half[i]
    for j = i + 1, n do
      -- bases further apart than both half-diagonals cannot overlap
      local reach = 0.5 * (ha + half[j]) + 1
      local dx, dy = ax - px[j], ay - py[j]
      if dx ^ 2 + dy ^ 2 <= reach * reach then
        local axes_i = axes_of[i]
        if not axes_i then axes_i = edge_axes(pts_of[i]); axes_of[i] = axes_i end
        local axes_j = axes_of[j]
        if not axes_j then axes_j = edge_axes(pts_of[j]); axes_of[j] = axes_j end
        if polygons_overlap_on(pts_of[i], axes_i, pts_of[j], axes_j, slack) then
          out[#out + 1] = i; out[#out + 1] = j
        end
      end
    end
  end
  return out
end
function setup.overlapping_pairs(placements, slack)
  local pts_of = {}
  for i, p in ipairs(placements) do pts_of[i] = corners(p.x, p.y, p.facing, p.w, p.d) end
  return overlapping_pairs(placements, pts_of, slack)
end
local core_overlapping_bases = battlefield and battlefield.overlapping_bases

-- What is wrong with one side-local corner of a base: "rear" (outside the
-- rear zone's depth; rear_max = math.huge when only the back edge counts),
-- "off" (off the table's width) or nil.
local function corner_fault(u, v, rear_max, width)
  if v < -0.01 or v > rear_max then return "rear" end
  if u < -0.01 or u > width + 0.01 then return "off" end
  return nil
end

function setup.check_deployment(S, edge, placements, army, T)
  local problems = {}
  local function bad(fmt, ...) problems[#problems + 1] = string.format(fmt, ...) end
  local multiple = army and army.multiple_lines
  local flip = edge ~= "south"   -- side-local coordinates as setup.to_local gives them
  local W, D = S.width, S.depth
  local rear_max = S.depth_free and math.huge or S.rear + 0.01
  local mbl = {}
  local u_of = {}        -- each placement's centre along its side's edge
  for i = 1, #placements do
    local p = placements[i]
    -- the corners as corners() gives them (front-left, front-right,
    -- rear-right, rear-left), in side-local coordinates
    local x, y = p.x, p.y
    local fx, fy, rx, ry = axes(p.facing)
    local hw, hd = p.w / 2, p.d / 2
    local u1, v1 = x + fx * hd - rx * hw, y + fy * hd - ry * hw
    local u2, v2 = x + fx * hd + rx * hw, y + fy * hd + ry * hw
    local u3, v3 = x - fx * hd + rx * hw, y - fy * hd + ry * hw
    local u4, v4 = x - fx * hd - rx * hw, y - fy * hd - ry * hw
    if flip then
      u1, v1, u2, v2, u3, v3, u4, v4 = W - u1, D - v1, W - u2, D - v2, W - u3, D - v3, W - u4, D - v4
    end
    -- All in the Rear Zone: "All your vignettes have to be initially deployed in the Rear Zone".
    -- READING (S.depth_free, 25mm option 3): "Vignette depth is not
    -- critical": the back edge must be in the zone, the front may reach out.
    -- (The first corner at fault names the fault.)
    local fault = corner_fault(u1, v1, rear_max, W) or corner_fault(u2, v2, rear_max, W)
      or corner_fault(u3, v3, rear_max, W) or corner_fault(u4, v4, rear_max, W)
    if fault == "rear" then bad("%s is outside the rear zone (%.0f mm deep)", p.vid, S.rear)
    elseif fault == "off" then bad("%s is off the table", p.vid) end
    if S.depth_free then
      -- every corner beyond the zone, of those read up to the first at fault
      local rear = S.rear + 0.01
      if v1 > rear and (corner_fault(u1, v1, rear_max, W) or v2 > rear and (corner_fault(u2, v2, rear_max, W)
          or v3 > rear and (corner_fault(u3, v3, rear_max, W) or v4 > rear))) then
        bad("%s is outside the rear zone (%.0f mm deep)", p.vid, S.rear)
      end
    end
    -- Centre in the Centre Sector's rear zone, wings in their Flank Sector's.
    local lo, hi = setup.part_range(S, p.part)
    lo, hi = lo - 0.01, hi + 0.01
    if u1 < lo or u1 > hi or u2 < lo or u2 > hi or u3 < lo or u3 > hi or u4 < lo or u4 > hi then
      bad("%s belongs to the %s and must deploy in its sector", p.vid, p.part)
    end
    if T and T.pieces[1] then
      local _, imp = T:under(p.x, p.y, p.facing, p.w, p.d)
      if imp then bad("%s stands on impassable terrain", p.vid) end
    end
    if not p.mbl then
      if not (troops.groups.off_mbl[p.class] or multiple or p.supporting) then
        bad("%s (%s) may not deploy off the main battle line", p.vid, p.class)
      end
    else
      mbl[#mbl + 1] = p
      u_of[p] = flip and W - p.x or p.x
    end
  end
  -- "There may not be a gap of greater than the frontage of three vignettes
  -- between any vignette of the MBL": ordered along the line, neighbours.
  table.sort(mbl, function(a, b) return u_of[a] < u_of[b] end)
  local limit = tables.deployment.max_mbl_gap_frontages * S.frontage
  for i = 2, #mbl do
    local a, b = mbl[i - 1], mbl[i]
    local ua, ub = u_of[a], u_of[b]
    local gap = (ub - b.w / 2) - (ua + a.w / 2)
    if gap > limit + 0.01 then
      bad("gap of %.0f mm between %s and %s in the main battle line (at most %.0f: three frontages)",
        gap, a.vid, b.vid, limit)
    end
  end
  -- Overlapping bases (setup.bases_overlap's test, in the core when it can).
  local overlaps
  if core_overlapping_bases then
    local xs, ys, fs, ws, ds = {}, {}, {}, {}, {}
    for i = 1, #placements do local a = placements[i]; xs[i], ys[i], fs[i], ws[i], ds[i] = a.x, a.y, a.facing, a.w, a.d end
    overlaps = core_overlapping_bases(xs, ys, fs, ws, ds, 0.5)
  else
    overlaps = setup.overlapping_pairs(placements, 0.5)
  end
  for k = 1, #overlaps, 2 do
    bad("%s and %s overlap", placements[overlaps[k]].vid, placements[overlaps[k + 1]].vid)
  end
  return problems
end

return setup
