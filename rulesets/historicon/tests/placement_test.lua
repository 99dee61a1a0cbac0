-- The default commander's deployment search (commander/placement.lua): the
-- jump past obstacles finds exactly the place the old 1 cm stepping found
-- (the first free place: the smallest step, then the earlier direction, then
-- the earlier row), on layouts where the answer is known by hand and on 300
-- generated layouts checked against the stepping search itself.
local T = require("lib.testing")
local placement = require("historicon.commander.placement")
local setup = require("historicon.setup")

-- The old search, kept here as the reference: every step tested against
-- every obstacle (the same tests as placement.row_obstacles).
local function stepping(pieces, boxes, q)
  for k = 0, q.kmax, q.step do
    for _, sgn in ipairs(q.signs) do
      if not (k == 0 and sgn == q.skip_k0) then
        local cx = q.x + sgn * k * q.unit
        if cx >= q.xlo - 0.01 and cx <= q.xhi + 0.01 then
          for _, f in ipairs(q.fronts) do
            if q.row_ok(f) then
              local cy = q.centre_y(f)
              local x0, y0, x1, y1 = cx - q.w / 2, cy - q.dp / 2, cx + q.w / 2, cy + q.dp / 2
              local hit = false
              for _, b in ipairs(boxes) do
                if x0 < b[3] + q.gap and x1 > b[1] - q.gap and y0 < b[4] + q.gap and y1 > b[2] - q.gap then hit = true end
              end
              if q.level < 3 then
                for _, p in ipairs(pieces) do
                  if (setup.impassable[p.type] or (q.level <= 1 and setup.disorders_formed[p.type]))
                      and setup.box_hits_piece(x0, y0, x1, y1, p, 1) then hit = true end
                  if (q.level == 0 and (setup.impassable[p.type] or setup.disorders_formed[p.type]))
                      or (q.level == 0.5 and setup.impassable[p.type]) then
                    local ly0, ly1 = y0, y1
                    if q.lane > 0 then ly1 = y1 + q.lane else ly0 = y0 + q.lane end
                    if setup.box_hits_piece(x0, ly0, x1, ly1, p, 1) then hit = true end
                  end
                end
              end
              if not hit then return cx, cy end
            end
          end
        end
      end
    end
  end
  return nil
end

local function query(over)
  local q = { x = 1200, w = 160, dp = 40, lane = 400, kmax = 160, unit = 10, xlo = 480, xhi = 1920,
    signs = { 1, -1 }, skip_k0 = -1, gap = 5, level = 0, step = 1, fronts = { 300 },
    row_ok = function(f) return f - 40 >= -0.01 and f <= 300.01 end,
    centre_y = function(f) return f - 20 end }
  for k, v in pairs(over or {}) do q[k] = v end
  return q
end

T.case("Deployment search: a free line puts the unit where it was asked", function()
  local x, y = placement.first_free({}, {}, query())
  T.eq(x, 1200, "x")
  T.eq(y, 280, "y: front edge 300 mm from the edge, 40 mm deep")
end)

T.case("Deployment search: a unit in the way is passed on the nearer side, 5 mm clear", function()
  -- a unit 1150..1300 across the row: rightwards the first free centre is
  -- 1300 + 5 + 80 = 1385 (k = 18.5 -> 19: 1390); leftwards 1150 - 5 - 80 =
  -- 1065 (k = 13.5 -> 14: 1060). The nearer is leftwards, k = 14.
  local x = placement.first_free({}, { { 1150, 200, 1300, 300 } }, query())
  T.eq(x, 1060, "leftwards, 14 steps")
  -- asked rightwards first and the two sides at the same distance, the right wins
  local x2 = placement.first_free({}, { { 1100, 200, 1300, 300 } }, query())
  T.eq(x2, 1390, "a tie (k = 19 both ways): rightwards, the first sign")
end)

T.case("Deployment search: a wood in the lane ahead is avoided at level 0 only", function()
  local wood = { type = "wood", x0 = 1100, x1 = 1300, y0 = 500, y1 = 700 }
  T.truthy(setup.disorders_formed.wood, "a wood disorders formed troops (Table 1)")
  local x0 = placement.first_free({ wood }, {}, query({ level = 0 }))
  T.truthy(x0 ~= 1200, "level 0 keeps the lane clear: " .. tostring(x0))
  local x1 = placement.first_free({ wood }, {}, query({ level = 1 }))
  T.eq(x1, 1200, "level 1 looks at the footprint only")
end)

T.case("Deployment search: impassable ground in the lane ahead is avoided at level 0.5, a wood there is not", function()
  -- (Mohi seed 19: knights placed at the table edge behind an impassable
  -- piece never moved all battle)
  local rock = { type = "impassable", x0 = 1100, x1 = 1300, y0 = 500, y1 = 700 }
  local wood = { type = "wood", x0 = 1100, x1 = 1300, y0 = 500, y1 = 700 }
  local x = placement.first_free({ rock }, {}, query({ level = 0.5 }))
  -- the piece with its 1 mm margin spans 1099..1301: rightwards the first
  -- centre clear of it is past 1381 (k = 19: 1390), leftwards short of 1019
  -- (k = 19: 1010); a tie, and rightwards is the first sign
  T.eq(x, 1390, "past the impassable piece's right end, 19 steps")
  T.eq(placement.first_free({ wood }, {}, query({ level = 0.5 })), 1200, "a wood ahead is no reason to move")
  T.eq(placement.first_free({ rock }, {}, query({ level = 1 })), 1200, "level 1 looks at the footprint only")
  -- under the footprint, a wood still counts at level 0.5
  local wood_under = { type = "wood", x0 = 1100, x1 = 1300, y0 = 200, y1 = 300 }
  T.truthy(placement.first_free({ wood_under }, {}, query({ level = 0.5 })) ~= 1200, "not on a wood")
end)

T.case("Deployment search: the jump finds the same place as stepping on 300 generated layouts", function()
  local seed = 12345
  local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n end
  local types = { "wood", "steep_hill", "gentle_hill", "built_up", "impassable", "open" }
  local found, mismatches = 0, {}
  for case = 1, 300 do
    local boxes, pieces = {}, {}
    for _ = 1, rnd(40) do
      local x, y = 480 + rnd(1440), rnd(300)
      boxes[#boxes + 1] = { x, y, x + 20 + rnd(500), y + 10 + rnd(150) }
    end
    for _ = 1, rnd(4) do
      local x, y = 400 + rnd(1600), rnd(800)
      pieces[#pieces + 1] = { type = types[1 + rnd(#types)], x0 = x, x1 = x + 50 + rnd(300), y0 = y, y1 = y + 50 + rnd(300) }
    end
    local rightwards = rnd(2) == 0
    local levels = { 0, 0.5, 1, 2, 3 }
    local q = query({ x = 480 + 80 + rnd(1280) + rnd(10) / 7, w = 80 + rnd(300), level = levels[1 + rnd(5)],
      signs = rightwards and { 1, -1 } or { -1, 1 }, skip_k0 = rightwards and -1 or nil,
      fronts = { 300 - rnd(50), 220, 299.5, 100 + rnd(100) } })
    q.step = q.level <= 1 and 1 or 2
    q.xlo, q.xhi = 480 + q.w / 2, 1920 - q.w / 2
    local ax, ay = stepping(pieces, boxes, q)
    local bx, by = placement.first_free(pieces, boxes, q)
    if ax then found = found + 1 end
    if ax ~= bx or ay ~= by then
      mismatches[#mismatches + 1] = string.format("case %d: stepping %s,%s jump %s,%s", case, tostring(ax),
        tostring(ay), tostring(bx), tostring(by))
    end
  end
  T.eq(#mismatches, 0, table.concat(mismatches, "\n"))
  T.truthy(found > 100 and found < 300, "the layouts include free and full rows: " .. found .. " of 300 found a place")
end)
