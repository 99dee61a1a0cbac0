-- The hexagon board of Hinds' rules: "Each unit under these rules is
-- presumed to take up a hexagonal area about six inches across". Pointy-top
-- hexes (sandtable.grid, +q east, +r north-east) in a rectangle of `cols`
-- by `rows`, row 0 on the south edge. A unit stands at a hex centre and
-- faces one of the hex's six corners (0 = north, 60, 120, 180, -120, -60
-- degrees, counter-clockwise), so the two hexsides ahead are its front, the
-- two beside it its flanks and the two behind it its rear.
--
-- Distances in the text's units (inches): the gap between units in hexes
-- d apart is 6 (d - 1) units edge to edge; touching (adjacent) is 0.

local grid = require("sandtable.grid")
local angles = require("lib.angles")

local H = {}

H.INCH = 25.4
H.HEX_UNITS = 6                         -- "about six inches across"
H.SIZE = H.HEX_UNITS * H.INCH           -- mm across the flats
local ROW = H.SIZE * math.sqrt(3) / 2

-- The six neighbours in sandtable.grid's order and their bearings
-- (degrees, 0 north, counter-clockwise).
H.DIRS = { { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 }, { 1, -1 } }
H.BEARINGS = { -90, -30, 30, 90, 150, -150 }
H.FACINGS = { 0, 60, 120, 180, -120, -60 }

H.norm = angles.norm

function H.key(q, r) return (q + 512) * 1024 + (r + 512) end
function H.unkey(k) return k // 1024 - 512, k % 1024 - 512 end

-- A board: { cols, rows, spec (for sandtable.grid), width, depth (mm) }.
-- The grid's spec is the same for every board (hexagon 0, 0 half a hexagon
-- in from the south-west corner): one read-only table, so that what is
-- remembered per spec (hexagon centres, bearings) serves every battle of
-- a run, not one.
local SPEC = { x = H.SIZE / 2, y = H.SIZE / math.sqrt(3), size = H.SIZE, flat_top = false }
function H.board(cols, rows)
  local spec = SPEC
  local width = (cols + 0.5) * H.SIZE
  local depth = (rows - 1) * ROW + 2 * H.SIZE / math.sqrt(3)
  return { cols = cols, rows = rows, spec = spec, width = width, depth = depth }
end

function H.axial(col, row) return col - row // 2, row end
function H.offset(q, r) return q + r // 2, r end

function H.on_board(B, q, r)
  local col, row = q + r // 2, r   -- H.offset, written out
  return row >= 0 and row < B.rows and col >= 0 and col < B.cols
end

-- Remembered per board and hexagon (a pure function of the two; every
-- placing asks it, and a call into the core costs more than a table read).
local centres_of = setmetatable({}, { __mode = "k" })
function H.centre(B, q, r)
  local spec = B.spec
  local memo = centres_of[spec]
  if not memo then memo = {}; centres_of[spec] = memo end
  local k = (q + 512) * 1024 + (r + 512)
  local c = memo[k]
  if c then return c[1], c[2] end
  local x, y = grid.hex_centre(spec, q, r)
  memo[k] = { x, y }
  return x, y
end

-- grid.hex_distance's arithmetic (core/src/grid.cpp HexGrid::distance),
-- done here: a call into the core costs more than the sum. `| 0` gives the
-- integer the core returns when a coordinate is a whole float.
-- (The absolute values by comparison: math.abs is a call into C too.)
local abs = math.abs
function H.distance(q1, r1, q2, r2)
  local dq, dr = q1 - q2, r1 - r2
  local ds = dq + dr
  if dq < 0 then dq = -dq end
  if dr < 0 then dr = -dr end
  if ds < 0 then ds = -ds end
  return (dq + dr + ds) // 2 | 0
end

-- Gap edge to edge in distance units between units d hexes apart.
function H.gap(d) return (d - 1) * H.HEX_UNITS end

-- Index 1..6 of the neighbour (dq, dr), or nil: read from a table of the
-- six steps (asked for every charge weighed and every fighter's edge).
local DIR_AT = {}
for i, d in ipairs(H.DIRS) do DIR_AT[(d[1] + 2) * 8 + (d[2] + 2)] = i end
function H.dir_index(dq, dr)
  if dq < -1 or dq > 1 or dr < -1 or dr > 1 then return nil end
  return DIR_AT[(dq + 2) * 8 + (dr + 2)]
end

-- Where a neighbour in direction i lies for a unit facing `facing`:
-- "front", "flank" or "rear" (and "left"/"right" for a flank).
local norm = angles.norm
function H.relative(facing, i)
  local rel = norm(H.BEARINGS[i] - facing)
  local a = math.abs(rel)
  if a < 60 then return "front" end
  if a < 120 then return "flank", rel > 0 and "left" or "right" end
  return "rear"
end

-- The six answers of H.relative for a facing, as a list (the first value
-- only: "front", "flank" or "rear"), remembered per facing: loops over the
-- six neighbours read it instead of asking six times. Read only.
local relatives = {}
function H.relatives(facing)
  local m = relatives[facing]
  if not m then
    m = {}
    for i = 1, 6 do m[i] = (H.relative(facing, i)) end
    if facing == facing then relatives[facing] = m end
  end
  return m
end

-- The bearing (degrees) from hex a to hex b, measured between centres.
-- Remembered per board and pair of hexes (the commander asks the same
-- bearings many times a move; each costs two calls into the core and two
-- into C's maths).
-- The memory is emptied past MAX_BEARINGS pairs (it is kept for a whole
-- run: a board of 60 x 60 has 13 million pairs).
local bearings_of = setmetatable({}, { __mode = "k" })
local n_bearings = setmetatable({}, { __mode = "k" })
local MAX_BEARINGS = 65536
function H.bearing(B, q1, r1, q2, r2)
  local spec = B.spec
  local memo = bearings_of[spec]
  if not memo then memo = {}; bearings_of[spec] = memo end
  local k = ((q1 + 512) * 1024 + (r1 + 512)) * 1048576 + ((q2 + 512) * 1024 + (r2 + 512))
  local b = memo[k]
  if b then return b end
  local n = (n_bearings[spec] or 0) + 1
  if n > MAX_BEARINGS then memo = {}; bearings_of[spec] = memo; n = 1 end
  n_bearings[spec] = n
  local x1, y1 = H.centre(B, q1, r1)
  local x2, y2 = H.centre(B, q2, r2)
  b = math.deg(math.atan(-(x2 - x1), y2 - y1))
  memo[k] = b
  return b
end

-- The corner facing nearest a bearing. A bearing to a neighbouring hex
-- (odd multiples of 30 degrees) lies halfway between two corners: the tie
-- goes to the corner nearer `prefer` (the unit's own facing: it turns the
-- least), else to the lower index. Without `prefer` the tie depends on
-- which way the board is turned, which favoured one side over the other in
-- mirror matches (docs/rulesets/hinds.md, the default commander).
--
-- Remembered per bearing and preferred facing (a pure function of the two,
-- asked for every enemy the commander weighs); the memory is emptied past
-- MAX_TOWARDS bearings. A NaN is not remembered.
local towards, n_towards, MAX_TOWARDS = {}, 0, 4096
local NO_PREFER = {}   -- the key of "no preferred facing"
function H.facing_towards(bearing, prefer)
  if bearing ~= bearing or (prefer and prefer ~= prefer) then return H.facing_towards_of(bearing, prefer) end
  local per = towards[bearing]
  if not per then
    if n_towards >= MAX_TOWARDS then towards, n_towards = {}, 0 end
    per = {}; towards[bearing] = per; n_towards = n_towards + 1
  end
  local pk = prefer or NO_PREFER
  local f = per[pk]
  if f == nil then f = H.facing_towards_of(bearing, prefer); per[pk] = f end
  return f
end

function H.facing_towards_of(bearing, prefer)
  local best, bd, bp
  local FACINGS = H.FACINGS
  for k = 1, #FACINGS do
    local f = FACINGS[k]
    -- abs(norm(bearing - f)) and abs(norm(prefer - f)), written out
    local d = (bearing - f) % 360
    if d > 180 then d = d - 360 end
    if d < 0 then d = -d end
    local p = 0
    if prefer then
      p = (prefer - f) % 360
      if p > 180 then p = p - 360 end
      if p < 0 then p = -p end
    end
    if not bd or d < bd - 1e-9 or (d < bd + 1e-9 and p < bp - 1e-9) then best, bd, bp = f, d, p end
  end
  return best
end

-- A rank for breaking ties between hexes a unit at (q1, r1) facing
-- `facing` could go to: the straightest ahead first, then the one to its
-- left. It reads the board from the unit's own facing, so two sides turned
-- about on the board break their ties alike (a fixed order of directions
-- does not).
function H.tie_rank(B, q1, r1, facing, q2, r2)
  local rel = H.norm(H.bearing(B, q1, r1, q2, r2) - facing)
  return math.floor(math.abs(rel) + 0.5) * 2 + (rel < -1e-6 and 1 or 0)
end

-- Hexes strictly between a and b on the line of centres (cube rounding,
-- nudged so a line along a hexside goes to one side deterministically;
-- side = -1 nudges it to the other side: a line along hexsides has two
-- readings, and which one a fixed nudge picks depends on which way the
-- board is turned).
function H.between(q1, r1, q2, r2, side)
  local n = H.distance(q1, r1, q2, r2)
  local out = {}
  local e = side or 1
  for i = 1, n - 1 do
    local t = i / n
    local x = q1 + (q2 - q1) * t + 1e-6 * e
    local z = r1 + (r2 - r1) * t + 2e-6 * e
    local y = -x - z
    local rx, ry, rz = math.floor(x + 0.5), math.floor(y + 0.5), math.floor(z + 0.5)
    local dx, dy, dz = math.abs(rx - x), math.abs(ry - y), math.abs(rz - z)
    if dx > dy and dx > dz then rx = -ry - rz elseif dy > dz then ry = -rx - rz else rz = -rx - ry end
    out[#out + 1] = { rx, rz }
  end
  return out
end

-- The hex outline (for terrain drawn in replays).
function H.polygon(B, q, r)
  local x, y = H.centre(B, q, r)
  local rad = H.SIZE / math.sqrt(3)
  local pts = {}
  for k = 0, 5 do
    local a = math.rad(90 + 60 * k)
    pts[#pts + 1] = x + rad * math.cos(a)
    pts[#pts + 1] = y + rad * math.sin(a)
  end
  return pts
end

return H
