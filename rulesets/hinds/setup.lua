-- The table for Hinds' rules: a board of 6-inch hexagons, its terrain (as
-- agreed before the game: the text has no terrain generation) and the
-- deployment rows of each side.
--
-- Scenario keys (table: in the YAML):
--   cols: 14, rows: 10          the board in hexes (row 0 is the south edge)
--   deploy_rows: 2              rows each side may deploy in, from its edge+1
--   terrain: none | [ { type: wood, hexes: [[col, row], ...] }, ... ]
--     a hill piece may have height: n (1 to 9, default 1): its hexes stand
--     n levels above the ground (level 0); a hill on a hill is higher
-- Terrain types: clear road hill gentle_slope wood marsh swamp dense_forest
-- stream ford obstacle impassable (hinds.tables.terrain).

local fail = require("lib.fail")
local tables = require("hinds.tables")
local H = require("hinds.hexes")

local setup = {}

local TABLE_KEYS = { cols = true, rows = true, deploy_rows = true, terrain = true }

function setup.board(spec, locate)
  spec = spec or {}
  local where = function(p) return locate and locate("/table" .. p) or ("table" .. p) end
  local keys = {}
  for k in pairs(spec) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  for _, k in ipairs(keys) do
    if not TABLE_KEYS[k] then fail("%s: unknown key '%s' (expected cols, rows, deploy_rows, terrain)", where("/" .. k), k) end
  end
  local cols, rows = spec.cols or 14, spec.rows or 10
  for _, k in ipairs({ "cols", "rows" }) do
    local v = k == "cols" and cols or rows
    if math.type(v) ~= "integer" or v < 4 or v > 60 then
      fail("%s: '%s' must be a whole number of hexes from 4 to 60, found %s", where("/" .. k), k, tostring(v))
    end
  end
  local B = H.board(cols, rows)
  B.deploy_rows = spec.deploy_rows or 2
  if math.type(B.deploy_rows) ~= "integer" or B.deploy_rows < 1 or B.deploy_rows * 2 + 2 > rows then
    fail("%s: 'deploy_rows' must be a whole number from 1 to %d, found %s", where("/deploy_rows"), (rows - 2) // 2,
      tostring(B.deploy_rows))
  end
  return B
end

-- hex key -> terrain type, the list of pieces for the battlefield, and hex
-- key -> height (hills; absent: level 0).
function setup.terrain(B, t, locate, dense_woods)
  local map, pieces, heights = {}, {}, {}
  if t == nil or t == "none" or t == "open" then return map, pieces, heights end
  local where = function(p) return locate and locate("/table/terrain" .. p) or ("table.terrain" .. p) end
  if type(t) ~= "table" then fail("%s: terrain must be \"none\" or a list of { type:, hexes: }", where("")) end
  for i, piece in ipairs(t) do
    local p = "/" .. (i - 1)
    if type(piece) ~= "table" or type(piece.type) ~= "string" or type(piece.hexes) ~= "table" then
      fail("%s: a terrain piece is { type: wood, hexes: [[col, row], ...] }", where(p))
    end
    local kind = piece.type
    if not tables.terrain[kind] then
      local names = {}
      for k in pairs(tables.terrain) do names[#names + 1] = k end
      table.sort(names)
      fail("%s: unknown terrain type '%s' (expected one of: %s)", where(p .. "/type"), kind, table.concat(names, ", "))
    end
    if dense_woods and kind == "wood" then kind = "dense_forest" end
    local height = piece.height
    if height ~= nil then
      if kind ~= "hill" then fail("%s: only a hill has a height", where(p .. "/height")) end
      if math.type(height) ~= "integer" or height < 1 or height > 9 then
        fail("%s: a hill's height is a whole number of levels from 1 to 9, found %s", where(p .. "/height"), tostring(height))
      end
    elseif kind == "hill" then
      height = 1
    end
    for j, h in ipairs(piece.hexes) do
      local col, row = type(h) == "table" and h[1], type(h) == "table" and h[2]
      if math.type(col) ~= "integer" or math.type(row) ~= "integer" or col < 0 or row < 0 or col >= B.cols or row >= B.rows then
        fail("%s: a hex is [col, row] on the %dx%d board, found %s", where(p .. "/hexes/" .. (j - 1)), B.cols, B.rows,
          type(h) == "table" and ("[" .. tostring(h[1]) .. ", " .. tostring(h[2]) .. "]") or tostring(h))
      end
      local q, r = H.axial(col, row)
      map[H.key(q, r)] = kind
      heights[H.key(q, r)] = height
      pieces[#pieces + 1] = { type = kind, q = q, r = r }
    end
  end
  return map, pieces, heights
end

function setup.place_terrain(bf, B, pieces)
  for _, p in ipairs(pieces) do
    bf:add_terrain{ type = p.type, polygon = H.polygon(B, p.q, p.r), blocks_los = p.type == "wood" or p.type == "dense_forest" }
  end
end

-- The deployment rows of a side, nearest the enemy first: side 1 deploys
-- from the south edge, side 2 from the north. Row 0 (or rows-1) is kept
-- free behind the lines for retreats.
function setup.deploy_rows(B, s)
  local rows = {}
  for i = B.deploy_rows, 1, -1 do
    rows[#rows + 1] = s == 1 and i or (B.rows - 1 - i)
  end
  return rows
end

function setup.home_row(B, s) return s == 1 and 0 or B.rows - 1 end
function setup.facing(s) return s == 1 and 0 or 180 end

return setup
