-- Historicon v2 battle setup: the scale and the table, unit footprints,
-- Table 1 terrain per square, the winner's remove-or-swap, the march across
-- a diagonal, deployment zones and their check.
--
--   local setup = require("historicon.setup")
--   local S = setup.scale(scenario.table, locate)     -- mm, at the chosen scale
--   local pieces, rolls = setup.dice_terrain(S, dice)
--
-- Lengths are millimetres on the table. The rules quote distances in cm at
-- 25mm; S.cm(x) converts such a distance to mm at the table's scale ("If
-- using 15mm figures half all measurements quoted and quarter for 6mm").
-- Tables 2a and 2b are already at their scale: their move rates and ranges
-- are used as printed (S.row_cm(x) = x * 10).
--
-- scenario.table keys (all optional):
--   scale:   25mm | 15mm | 6mm                          (default 25mm)
--   size:    "240x150" (cm)        default: 240x150 at 25mm, scaled at 15mm/6mm
--   square:  side of a terrain square in cm (default 50 at 25mm, 30 at 15mm,
--            15 at 6mm)
--   terrain: diced | none | list of { type =, x =, y =, w =, d = } in cm

local tables = require("historicon.tables")
local troops = require("historicon.troops")
local terrain_mod = require("historicon.terrain")
local fail = require("lib.fail")

local setup = {}

local floor, max, min, abs, sqrt = math.floor, math.max, math.min, math.abs, math.sqrt
local rad, sin, cos = math.rad, math.sin, math.cos

-- READING (The Table): the text gives tables of 120x120 to 240x150 cm and
-- squares of 50 or 40 cm at 25mm, 30 cm at 15mm and 6mm, and halves or
-- quarters every measurement at the smaller scales. We default to the
-- largest table, scaled with everything else, and to 15 cm squares at 6mm
-- (30 cm squares on a 60 cm table would leave nothing but edge squares).
setup.DEFAULTS = {
  ["25mm"] = { width = 240, depth = 150, square = 50 },
  ["15mm"] = { width = 120, depth = 75, square = 30 },
  ["6mm"] = { width = 60, depth = 37.5, square = 15 },
}

-- Depth of one figure's base in mm at 25mm. READING: Table 2 gives only
-- frontages ("Base depth is as required" for chariots); we use the usual
-- 25mm basing: foot 20 mm, cavalry 40 mm, chariots and elephants 80 mm.
-- At 15mm and 6mm the depth shrinks with the class's frontage.
setup.FIGURE_DEPTH_25 = { HI = 20, LI = 20, VLI = 20, KC = 40, HC = 40, LC = 40, HCH = 80, LCH = 80, EI = 80 }

local function where(locate, path)
  if locate then return locate(path) end
  return "table" .. path:gsub("/", ".")
end

local function is_scale(s)
  for _, v in ipairs(tables.SCALES) do if v == s then return true end end
  return false
end

-- The scale record S from scenario.table. `locate` (scenario.locate) makes
-- errors name the scenario file, line and column.
function setup.scale(spec, locate)
  spec = spec or {}
  local scale = spec.scale or "25mm"
  if type(scale) == "number" then scale = tostring(math.tointeger(scale) or scale) .. "mm" end
  if not is_scale(scale) then
    fail("%s: table.scale must be one of %s, found '%s'", where(locate, "/table/scale"),
      table.concat(tables.SCALES, ", "), tostring(spec.scale))
  end
  local def = setup.DEFAULTS[scale]
  local w_cm, d_cm = def.width, def.depth
  if spec.size ~= nil then
    local a, b = tostring(spec.size):match("^%s*(%d+%.?%d*)%s*[xX]%s*(%d+%.?%d*)%s*$")
    if not a then
      fail("%s: table.size must be WIDTHxDEPTH in cm such as \"240x150\", found '%s'", where(locate, "/table/size"),
        tostring(spec.size))
    end
    w_cm, d_cm = tonumber(a), tonumber(b)
  end
  local square = spec.square or def.square
  if type(square) ~= "number" or square <= 0 then
    fail("%s: table.square must be a positive number of cm, found '%s'", where(locate, "/table/square"), tostring(square))
  end
  local f = tables.scale_factor[scale]
  -- Deployment needs 40 cm (scaled) free at each side and a zone to stand in.
  if w_cm * 10 <= 2 * 400 * f + 100 * f or d_cm * 10 < 2 * 300 * f then
    fail("%s: a %gx%g cm table is too small at %s (deployment needs %g cm clear of each side and %g cm deep zones)",
      where(locate, "/table/size"), w_cm, d_cm, scale, 40 * f, 30 * f)
  end
  local S = {
    scale = scale, f = f, width = w_cm * 10, depth = d_cm * 10, square = square * 10,
  }
  S.nx = max(1, math.ceil(S.width / S.square - 1e-9))
  S.ny = max(1, math.ceil(S.depth / S.square - 1e-9))
  -- Distances the text quotes at 25mm (cm), in mm at this scale.
  function S.cm(x) return x * 10 * f end
  S.deploy_depth = S.cm(30)       -- "within 30cm of their side's table edge"
  S.march_near = S.cm(15)         -- the march winner "may deploy anywhere within 15cm of his opponent"
  S.deploy_side = S.cm(40)        -- "not within 40cm of the table's left or right side"
  S.rally_clear = S.cm(tables.rally_clearance_cm)
  S.friend_near = S.cm(30)        -- integrity: "No friendly unit within 30cm"
  S.hi_if_gap = S.cm(10)          -- "10cm if IF class"
  S.hi_ra_gap = S.cm(30)          -- "or 30cm if RA class"
  S.other_gap = S.cm(60)          -- "Other units must stay within 60cm"
  S.outdistanced = S.cm(30)       -- IF pursue "until they have been outdistanced by 30cm"
  S.uncontrolled = S.cm(60)       -- optional rule, uncontrolled advance
  S.unformed_gap = S.cm(10)       -- unformed figures within 10cm of another
  return S
end

-- Frontage of one figure (model) in mm: Table 2/2a/2b. KC-A (optional heavy
-- armour) use HI's frontage.
function setup.figure_front(class, S, armoured)
  if class == "KC" and armoured then return tables.kc_armoured_front[S.scale] end
  return tables.troop_by_scale[S.scale][class].front
end

function setup.figure_depth(class, S)
  local at25 = setup.FIGURE_DEPTH_25[class]
  local front25 = tables.troop_by_scale["25mm"][class].front
  return at25 * tables.troop_by_scale[S.scale][class].front / front25
end

-- Footprint of a unit (width, depth in mm). A formed unit ("all figures in
-- B2B contact") stands in `ranks` ranks, ceil(figures / ranks) files.
-- READING (unformed: "all figures of the unit within 10cm of another figure
-- of the same unit"): an unformed unit stands in open order, its files and
-- ranks as before with a gap of one figure's frontage between files and one
-- figure's depth between ranks, (2 files - 1) frontages wide and (2 ranks -
-- 1) depths deep (well inside the 10 cm limit at every scale; the loose
-- order is not modelled figure by figure). Forming and un-forming resize
-- the base (turn.phase1, bf:resize).
function setup.footprint(u, S)
  local ranks = max(1, u.ranks or 1)
  local files = (u.figures + ranks - 1) // ranks
  local front = setup.figure_front(u.class, S, u.armour)
  local fd = setup.figure_depth(u.class, S)
  if u.formed == false then return (2 * files - 1) * front, (2 * ranks - 1) * fd, front end
  return files * front, fd * ranks, front
end

---------------------------------------------------------------------------
-- Terrain (Table 1).

local TYPES = {}
for _, t in ipairs(tables.terrain) do TYPES[t.id] = t end
setup.TERRAIN_TYPES = TYPES

-- Does a piece of this type block line of sight? READING: woods and built-up
-- areas do; hills are heights, not walls.
local BLOCKS = { wood = true, built_up = true }
local HEIGHT = { gentle_hill = 1, steep_hill = 2 }

local function is_edge_square(S, i, j) return i == 0 or j == 0 or i == S.nx - 1 or j == S.ny - 1 end

-- A piece centred in its square. READING: "Terrain pieces cannot be any
-- larger than the square that they are in, nor smaller than half a square":
-- we make every piece three quarters of its square's side.
local function square_piece(S, i, j, type_id)
  local x0, y0 = i * S.square, j * S.square
  local x1, y1 = min(S.width, x0 + S.square), min(S.depth, y0 + S.square)
  local cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
  local hw, hd = (x1 - x0) * 0.375, (y1 - y0) * 0.375
  return { type = type_id, i = i, j = j, x0 = cx - hw, y0 = cy - hd, x1 = cx + hw, y1 = cy + hd }
end

-- Dices every square. Returns the pieces (open squares have none) and the
-- rolls { i, j, die, score, at_edge, terrain }.
function setup.dice_terrain(S, dice)
  local pieces, rolls = {}, {}
  for j = 0, S.ny - 1 do
    for i = 0, S.nx - 1 do
      local edge = is_edge_square(S, i, j)
      local entry, score = terrain_mod.roll(dice, edge)
      rolls[#rolls + 1] = { i = i, j = j, die = edge and score - tables.terrain_edge_bonus or score,
                            score = score, at_edge = edge, terrain = entry.id }
      if entry.id ~= "open" then
        local p = square_piece(S, i, j, entry.id)
        p.id = #pieces + 1
        pieces[#pieces + 1] = p
      end
    end
  end
  return pieces, rolls
end

-- Terrain given in the scenario: { type =, x =, y =, w =, d = } in cm (x, y
-- the centre).
function setup.given_terrain(S, list, locate)
  local pieces = {}
  for n, t in ipairs(list) do
    if type(t) ~= "table" or not TYPES[t.type] or t.type == "open" then
      local ids = {}
      for _, e in ipairs(tables.terrain) do if e.id ~= "open" then ids[#ids + 1] = e.id end end
      fail("%s: terrain entry needs type = one of %s", where(locate, "/table/terrain/" .. (n - 1)), table.concat(ids, ", "))
    end
    local x, y, w, d = (t.x or 0) * 10, (t.y or 0) * 10, (t.w or 30) * 10, (t.d or 30) * 10
    pieces[#pieces + 1] = { id = #pieces + 1, type = t.type, x0 = x - w / 2, y0 = y - d / 2, x1 = x + w / 2, y1 = y + d / 2 }
  end
  return pieces
end

-- The terrain throw after placement: "both players throw a six sided die,
-- the player with the highest score can remove up to two pieces or swap the
-- positions of two pieces"; "if one player exceeds his opponent's score by 5,
-- the loser must ... march across one of the table's diagonals". Ties are
-- thrown again (READING: the text needs a highest score).
function setup.terrain_roll(dice)
  while true do
    local a = dice:roll(6, "Historicon terrain throw, side 1 (The Table)")
    local b = dice:roll(6, "Historicon terrain throw, side 2 (The Table)")
    if a ~= b then
      return a > b and 1 or 2, { a, b }, abs(a - b) >= 5
    end
  end
end

-- changes = { remove = { id, id } } | { swap = { id, id } }. Returns what was
-- done, as a list of { remove = id, type = } / { swap = { a, b } }.
function setup.apply_terrain_changes(pieces, changes)
  local done = {}
  if not changes then return pieces, done end
  local by_id = {}
  for _, p in ipairs(pieces) do by_id[p.id] = p end
  if changes.swap then
    local a, b = by_id[changes.swap[1]], by_id[changes.swap[2]]
    if a and b and a ~= b then
      a.type, b.type = b.type, a.type
      done[1] = { swap = { a.id, b.id } }
    end
  elseif changes.remove then
    local gone = {}
    for n = 1, min(2, #changes.remove) do
      local p = by_id[changes.remove[n]]
      if p and not gone[p.id] then gone[p.id] = true; done[#done + 1] = { remove = p.id, type = p.type } end
    end
    local kept = {}
    for _, p in ipairs(pieces) do if not gone[p.id] then kept[#kept + 1] = p end end
    pieces = kept
  end
  return pieces, done
end

function setup.piece_polygon(p)
  return { p.x0, p.y0, p.x1, p.y0, p.x1, p.y1, p.x0, p.y1 }
end

-- Puts the pieces on the battlefield (features carry the Table 1 id as type,
-- and the type's meanings as attributes for bf:terrain_probe: `impassable`,
-- `disorders` for the ** pieces).
function setup.place_terrain(bf, pieces)
  for _, t in ipairs(tables.terrain) do
    bf:terrain_type(t.id, { impassable = t.impassable == true, disorders = t.disorders_formed == true })
  end
  for _, p in ipairs(pieces) do
    p.feature = bf:add_terrain{ type = p.type, polygon = setup.piece_polygon(p), blocks_los = BLOCKS[p.type] == true,
                                height = HEIGHT[p.type] or 0 }
  end
end

-- Terrain facts the turn needs, by Table 1 id.
setup.disorders_formed = {}
setup.impassable = {}
setup.hill = { gentle_hill = true, steep_hill = true }
setup.combat_hill = {}
for _, t in ipairs(tables.terrain) do
  if t.disorders_formed then setup.disorders_formed[t.id] = true end
  if t.impassable then setup.impassable[t.id] = true end
  if t.combat_advantage then setup.combat_hill[t.id] = true end
end

---------------------------------------------------------------------------
-- Geometry helpers on plain rectangles (deployment runs before the pieces
-- and units are on the battlefield).

function setup.corners(x, y, facing, w, d)
  local a = rad(facing)
  local fx, fy = -sin(a), cos(a)          -- ahead
  local rx, ry = cos(a), sin(a)           -- to the right
  local hw, hd = w / 2, d / 2
  return {
    x + fx * hd - rx * hw, y + fy * hd - ry * hw,
    x + fx * hd + rx * hw, y + fy * hd + ry * hw,
    x - fx * hd + rx * hw, y - fy * hd + ry * hw,
    x - fx * hd - rx * hw, y - fy * hd - ry * hw,
  }
end

local function box_of(c)
  local x0, y0, x1, y1 = c[1], c[2], c[1], c[2]
  for i = 3, #c, 2 do
    x0, x1 = min(x0, c[i]), max(x1, c[i])
    y0, y1 = min(y0, c[i + 1]), max(y1, c[i + 1])
  end
  return x0, y0, x1, y1
end
setup.box_of = box_of

-- Axis-aligned overlap of a footprint's bounding box with a piece (exact for
-- units facing north or south, as deployed).
function setup.box_hits_piece(x0, y0, x1, y1, p, slack)
  slack = slack or 0
  return x0 < p.x1 + slack and x1 > p.x0 - slack and y0 < p.y1 + slack and y1 > p.y0 - slack
end

---------------------------------------------------------------------------
-- Deployment: "Troops are deployed within 30cm of their side's table edge.
-- Troops cannot be deployed within 40cm of the table's left or right side."

-- The zone of a side: x0, x1, y0, y1 in mm; and the facing towards the enemy.
function setup.zone(S, edge)
  local x0, x1 = S.deploy_side, S.width - S.deploy_side
  if edge == "south" then return x0, x1, 0, S.deploy_depth, 0 end
  return x0, x1, S.depth - S.deploy_depth, S.depth, 180
end

-- Whether a point is inside (or on) a convex polygon given as a corner list.
local function inside(px, py, c)
  local n, sign = #c // 2, 0
  for i = 1, n do
    local j = i % n + 1
    local ax, ay, bx, by = c[2 * i - 1], c[2 * i], c[2 * j - 1], c[2 * j]
    local cr = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
    if cr ~= 0 then
      local sg = cr > 0 and 1 or -1
      if sign == 0 then sign = sg elseif sg ~= sign then return false end
    end
  end
  return true
end

-- Edge-to-edge distance between two convex polygons given as corner lists
-- (setup.corners); 0 when they touch or overlap.
-- The distance of each corner to each edge of the other (the nearest point
-- of the segment), written out in the loop (SPEED), and the nearest of the
-- squared distances rooted once at the end (the square root is monotonic
-- and correctly rounded: the root of the least square is the least root,
-- bit for bit).
function setup.polygon_gap(c1, c2)
  local best2 = math.huge
  for pass = 1, 2 do
    local a, b = c1, c2
    if pass == 2 then a, b = c2, c1 end
    local n = #b // 2
    for i = 1, #a, 2 do
      local px, py = a[i], a[i + 1]
      if inside(px, py, b) then return 0 end
      for k = 1, n do
        local j = k % n + 1
        local ax, ay, bx, by = b[2 * k - 1], b[2 * k], b[2 * j - 1], b[2 * j]
        local dx, dy = bx - ax, by - ay
        local l2 = dx * dx + dy * dy
        local t = l2 > 0 and max(0, min(1, ((px - ax) * dx + (py - ay) * dy) / l2)) or 0
        local qx, qy = ax + dx * t - px, ay + dy * t - py
        local d2 = qx * qx + qy * qy
        if d2 < best2 then best2 = d2 end
      end
    end
  end
  return sqrt(best2)
end

-- Whether a placement stands within the march winner's distance of the
-- marching column (`column`: placements of the loser) without overlapping it.
-- SPEED: two bases whose centres stand further apart than their half
-- diagonals and `limit` (1 mm to spare for rounding) are more than `limit`
-- apart edge to edge: each base lies within its circle (the deployment
-- checks asked polygon_gap and overlap of every pair, a sixth of a short
-- Mohi battle).
local function far_apart(p, q, limit)
  local dx, dy = q.x - p.x, q.y - p.y
  local r = (sqrt(p.w * p.w + p.d * p.d) + sqrt(q.w * q.w + q.d * q.d)) / 2 + limit + 1
  return dx * dx + dy * dy > r * r
end

function setup.near_column(S, p, column)
  local c = nil
  local near = false
  for _, q in ipairs(column) do
    -- (a base that far off is neither near nor overlapping: the answer below
    -- without polygon_gap)
    if far_apart(p, q, S.march_near + 0.5) then goto next_base end
    c = c or setup.corners(p.x, p.y, p.facing, p.w, p.d)
    local g = setup.polygon_gap(c, setup.corners(q.x, q.y, q.facing, q.w, q.d))
    if g < 0.5 and setup.overlap(p, q) then return false end
    if g <= S.march_near + 0.5 then near = true end
    ::next_base::
  end
  return near
end

-- Whether two placements overlap by more than 0.5 mm.
function setup.overlap(p, q)
  -- SPEED: bases further apart than their half diagonals cannot overlap
  if far_apart(p, q, 0) then return false end
  local hw1, hd1, hw2, hd2 = p.w / 2 - 0.5, p.d / 2 - 0.5, q.w / 2 - 0.5, q.d / 2 - 0.5
  local a1, a2 = math.rad(p.facing), math.rad(q.facing)
  local axes = { { cos(a1), sin(a1) }, { -sin(a1), cos(a1) }, { cos(a2), sin(a2) }, { -sin(a2), cos(a2) } }
  local dx, dy = q.x - p.x, q.y - p.y
  for _, ax in ipairs(axes) do
    local p1 = hw1 * math.abs(axes[1][1] * ax[1] + axes[1][2] * ax[2]) + hd1 * math.abs(axes[2][1] * ax[1] + axes[2][2] * ax[2])
    local p2 = hw2 * math.abs(axes[3][1] * ax[1] + axes[3][2] * ax[2]) + hd2 * math.abs(axes[4][1] * ax[1] + axes[4][2] * ax[2])
    if math.abs(dx * ax[1] + dy * ax[2]) >= p1 + p2 then return false end
  end
  return true
end

-- placements: { { name, x, y, facing, w, d } }. Returns problem strings.
-- `column`: when the side won the march throw, the loser's column; a unit
-- within 15 cm (scaled) of it is also placed legally.
function setup.check_deployment(S, edge, placements, column)
  local problems = {}
  local zx0, zx1, zy0, zy1 = setup.zone(S, edge)
  for _, p in ipairs(placements) do
    local x0, y0, x1, y1 = box_of(setup.corners(p.x, p.y, p.facing, p.w, p.d))
    if column and setup.near_column(S, p, column) then
      -- "The higher scoring may deploy anywhere within 15cm of his opponent"
    elseif x0 < zx0 - 0.5 or x1 > zx1 + 0.5 or y0 < zy0 - 0.5 or y1 > zy1 + 0.5 then
      problems[#problems + 1] = string.format("%s stands outside the deployment zone (within %.0f cm of the %s edge, %.0f cm clear of the sides)",
        p.name, S.deploy_depth / 10, edge, S.deploy_side / 10)
    end
  end
  -- no two bases may stand on each other (units are deployed one at a time
  -- on the table: a base can only go where there is room for it)
  for i, p in ipairs(placements) do
    for j = i + 1, #placements do
      local q = placements[j]
      if setup.overlap(p, q) then
        problems[#problems + 1] = string.format("%s overlaps %s", p.name, q.name)
      end
    end
    for _, q in ipairs(column or {}) do
      if setup.overlap(p, q) then
        problems[#problems + 1] = string.format("%s overlaps %s of the marching column", p.name, q.name or "a unit")
      end
    end
  end
  return problems
end

-- The march across a diagonal (Time scale and battle readiness). READING: a
-- written order of march cannot be followed literally; the loser's army is
-- caught in column on the diagonal from its own left (or right) corner,
-- the head of the column at the centre of the table, every unit facing along
-- the march, in the order of march, and the battle starts there.
-- Returns { { x, y, facing } } per unit of `list` ({ w, dp } in order of march).
function setup.march_column(S, edge, corner, list)
  local sx = corner == "left" and (edge == "south" and 0 or S.width) or (edge == "south" and S.width or 0)
  local sy = edge == "south" and 0 or S.depth
  local cx, cy = S.width / 2, S.depth / 2
  local dx, dy = cx - sx, cy - sy
  local len = sqrt(dx * dx + dy * dy)
  local ux, uy = dx / len, dy / len
  local facing = math.deg(math.atan(-ux, uy))
  local out, along = {}, len - S.cm(5)
  for n, u in ipairs(list) do
    along = along - u.dp / 2
    local a = max(along, u.dp / 2 + u.w / 2)
    local x, y = sx + ux * a, sy + uy * a
    -- keep the footprint on the table
    local x0, y0, x1, y1 = box_of(setup.corners(x, y, facing, u.w, u.dp))
    if x0 < 0 then x = x - x0 end
    if x1 > S.width then x = x - (x1 - S.width) end
    if y0 < 0 then y = y - y0 end
    if y1 > S.depth then y = y - (y1 - S.depth) end
    -- near the corner the table pushes a wide base back onto units already
    -- in the column: it stands at the nearest clear place on the table
    -- instead, never on another unit
    local function clear(px, py)
      -- 2 mm larger: setup.overlap lets 1 mm of overlap pass
      local p = { x = px, y = py, facing = facing, w = u.w + 2, d = u.dp + 2 }
      local bx0, by0, bx1, by1 = box_of(setup.corners(px, py, facing, u.w, u.dp)) -- its real size
      if bx0 < -0.5 or by0 < -0.5 or bx1 > S.width + 0.5 or by1 > S.depth + 0.5 then return false end
      for k = 1, n - 1 do
        local q = out[k]
        if setup.overlap(p, { x = q.x, y = q.y, facing = q.facing, w = list[k].w, d = list[k].dp }) then return false end
      end
      return true
    end
    if not clear(x, y) then
      -- the nearest clear place: rings of 1 cm, 16 directions each
      local done = false
      for k = 1, 200 do
        for j = 0, 15 do
          local th = math.rad(j * 22.5)
          local px, py = x + math.cos(th) * k * S.cm(1), y + math.sin(th) * k * S.cm(1)
          if clear(px, py) then x, y, done = px, py, true; break end
        end
        if done then break end
      end
    end
    out[n] = { x = x, y = y, facing = facing }
    along = along - u.dp / 2 - S.cm(2)
  end
  return out
end

return setup
