-- Phalanx setup: Table 1 and "What Table Shall I Use", Table 2 terrain, the
-- pre-battle throws, and deployment legality (The Table, Deployment).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local setup = require("phalanx.setup")
local battle = require("phalanx.battle")
local armies = require("phalanx.armies")
local loader = require("sandtable.loader")

T.case("What Table Shall I Use: 6'x4', 15-20mm option 2", function()
  local S = setup.scale{ size = "6x4", scale = "15-20mm", basing = 2 }
  T.eq({ S.width, S.depth }, { 1800, 1200 })
  T.eq(S.frontage, 80, "Table 1: 8cm")
  T.eq({ S.nx, S.ny }, { 6, 4 }, "12 inch squares")
  T.near(S.tile_w, 300, 1e-9)
  T.eq(S.flank, 450, "flank sector 45cm on a 6' table")
  T.near(S.rear, 203.2, 1e-9, "rear zone 8in")
end)

T.case("What Table Shall I Use: 8'x5' uses 16 or 20 inch squares, 60cm flank sectors", function()
  local S = setup.scale{ size = "8x5", scale = "25mm", basing = 3, tile = 20 }
  T.eq({ S.width, S.depth, S.frontage, S.flank }, { 2400, 1500, 180, 600 })
  T.eq({ S.nx, S.ny }, { 5, 3 })
  T.raises(function() setup.scale{ size = "8x5", scale = "25mm", basing = 3, tile = 12 } end, "16 or 20")
end)

T.case("What Table Shall I Use: a table the chart says No to is refused", function()
  T.raises(function() setup.scale{ size = "6x4", scale = "6mm", basing = 1 } end, "not used with 6mm basing option 1")
  T.raises(function() setup.scale{ size = "9x9" } end, "table.size")
  T.raises(function() setup.scale{ basing = 4 } end, "basing option 1, 2 or 3")
end)

-- 4'x4' at 15-20mm option 1: 4 x 4 squares, twelve of them on the edge.
local small = setup.scale{ size = "4x4", scale = "15-20mm", basing = 1 }

T.case("The Table, Table 2: a d8 per square, +2 on the squares bordering the table edge", function()
  -- rolls go row by row from the south-west corner; a piece also rolls a
  -- d6 for its size. Edge square (0,0) throws 7 -> 9: impassable; interior
  -- square (1,1) throws 7: wood; interior 4: open; edge 2 -> 4: open;
  -- edge 3 -> 5: gentle hill.
  local values = {}
  local function row(...) for _, v in ipairs({ ... }) do values[#values + 1] = v end end
  row(7, 6, 2, 3, 6, 2)           -- row 0: (0,0) 7 +size, (1,0) 2, (2,0) 3 +size, (3,0) 2
  row(1, 7, 1, 4, 1)              -- row 1: (0,1) 1, (1,1) 7 +size, (2,1) 4, (3,1) 1
  row(2, 4, 8, 1, 2)              -- row 2: (0,2) 2, (1,2) 4, (2,2) 8 +size, (3,2) 2
  row(1, 1, 1, 1)                 -- row 3
  local src = dice.forced(values)
  local terrain, rolls = setup.dice_terrain(small, src)
  T.eq(src:remaining(), 0)
  local by = {}
  for _, r in ipairs(rolls) do by[r.i .. "," .. r.j] = r end
  T.eq({ by["0,0"].at_edge, by["0,0"].score, by["0,0"].terrain }, { true, 9, "impassable" })
  T.eq({ by["1,0"].score, by["1,0"].terrain }, { 4, "open" })
  T.eq({ by["2,0"].score, by["2,0"].terrain }, { 5, "gentle_hill" })
  T.eq({ by["1,1"].at_edge, by["1,1"].score, by["1,1"].terrain }, { false, 7, "wood" })
  T.eq({ by["2,1"].terrain, by["2,2"].terrain }, { "open", "built_up_area" })
  T.eq(#terrain.pieces, 4)
end)

T.case("The Table: pieces between half and a whole square, a frontage apart", function()
  local S = setup.scale{}
  for die = 1, 6 do
    local w, d = setup.piece_side(S, die)
    T.truthy(w >= S.tile_w / 2 - 1e-9 and w <= S.tile_w, "width within the square")
    T.truthy(d >= S.tile_d / 2 - 1e-9 and d <= S.tile_d, "depth within the square")
    T.truthy(S.tile_w - w >= S.frontage or w == S.tile_w / 2, "a frontage between neighbours")
  end
  T.near(setup.piece_side(S, 1), 150, 1e-9, "a d6 of 1: half the square")
end)

T.case("The Table: Bad Going from any part of the base; roads negate it; impassable", function()
  local S = setup.scale{}
  local terrain = setup.given_terrain(S, {
    { type = "wood", rect = { 100, 100, 300, 300 } },
    { type = "impassable", rect = { 600, 100, 800, 300 } },
    { type = "gentle_hill", circle = { 1000, 200, 100 } },
    { type = "road", rect = { 1400, 0, 1450, 1200 } },
    { type = "wood", rect = { 1300, 500, 1600, 700 } },
  })
  local bad, imp, hill = terrain:under(320, 200, 0, 80, 40)       -- left corners 2cm inside the wood
  T.eq({ bad, imp, hill }, { true, false, nil })
  bad = terrain:under(360, 200, 0, 80, 40)
  T.eq(bad, false, "clear of the wood")
  bad, imp = terrain:under(590, 200, 0, 80, 40)
  T.eq({ bad, imp }, { false, true })
  local _, _, h = terrain:under(1000, 200, 0, 80, 40)
  T.eq(h, 3, "centre on the gentle hill")
  T.eq(terrain:under(1425, 600, 0, 80, 40), false, "on the road through the wood")
  T.eq(terrain:under(1350, 600, 0, 80, 40), true, "in the wood off the road")
end)

T.case("Line of sight: blocked by a wood between, not by one the viewer stands in", function()
  local S = setup.scale{}
  local terrain = setup.given_terrain(S, { { type = "wood", rect = { 400, 400, 600, 600 } } })
  T.eq(terrain:blocked(300, 500, 700, 500), true)
  T.eq(terrain:blocked(300, 300, 700, 300), false)
  T.eq(terrain:blocked(500, 500, 900, 500), false, "from inside the wood")
end)

T.case("The Table: pre-battle throw; beating the opponent by 5 forces the flank march", function()
  local w, scores, march = setup.pre_battle_roll(dice.forced{ 6, 1 })
  T.eq({ w, scores, march }, { 1, { 6, 1 }, true })
  w, scores, march = setup.pre_battle_roll(dice.forced{ 2, 5 })
  T.eq({ w, march }, { 2, false })
  w, scores = setup.pre_battle_roll(dice.forced{ 3, 3, 4, 2 })
  T.eq({ w, scores }, { 1, { 4, 2 } }, "ties are thrown again")
  T.eq(setup.first_move_roll(dice.forced{ 1, 5 }), 2)
end)

T.case("The Table: the winner removes up to two pieces, or swaps two", function()
  local S = setup.scale{}
  local terrain = setup.given_terrain(S, {
    { type = "wood", rect = { 0, 0, 100, 100 } },
    { type = "impassable", rect = { 500, 500, 600, 600 } },
    { type = "steep_hill", rect = { 1000, 0, 1100, 100 } },
  })
  local done = setup.apply_terrain_changes(terrain, { swap = { 1, 2 } })
  T.eq(#done, 1)
  T.eq(terrain.pieces[1].type, "wood")
  T.eq(terrain:under(550, 550, 0, 40, 40), true, "the wood now stands where the impassable piece was")
  done = setup.apply_terrain_changes(terrain, { remove = { 1, 2, 3 } })
  T.eq(#done, 2, "at most two")
  T.eq(#terrain.pieces, 1)
  T.eq(terrain.pieces[1].type, "steep_hill")
end)

local S = setup.scale{}
local function place(vid, part, class, mbl, u, v, extra)
  local x, y, f = setup.to_table(S, "south", u, v)
  local p = { vid = vid, part = part, class = class, mbl = mbl, x = x, y = y, facing = f, w = 80, d = 40 }
  for k, val in pairs(extra or {}) do p[k] = val end
  return p
end

T.case("Deployment: rear zone, sectors, MBL gap of three frontages, who may leave the MBL", function()
  local ok = {
    place("a", "centre", "HIN", true, 600, 180),
    place("b", "centre", "HIN", true, 682, 180),
    place("c", "left", "HSC", true, 400, 180),
    place("s", "centre", "LIN", false, 640, 120),
  }
  T.eq(setup.check_deployment(S, "south", ok, {}), {})
  local bad = {
    place("a", "centre", "HIN", true, 600, 260),              -- out of the 8in rear zone
    place("b", "centre", "HIN", true, 1100, 180),             -- 320mm gap from c: more than 240
    place("c", "left", "HSC", true, 700, 180),                -- a wing in the centre sector
    place("d", "centre", "HIP", false, 900, 100),             -- HIP may not leave the MBL
  }
  local problems = setup.check_deployment(S, "south", bad, {})
  local text = table.concat(problems, "\n")
  T.truthy(text:find("a is outside the rear zone", 1, true), text)
  T.truthy(text:find("gap of", 1, true), text)
  T.truthy(text:find("c belongs to the left", 1, true), text)
  T.truthy(text:find("d (HIP) may not deploy off the main battle line", 1, true), text)
  T.eq(setup.check_deployment(S, "south", { place("d", "centre", "HIP", false, 900, 100) },
    { multiple_lines = true }), {}, "unless the army list permits multiple lines")
end)

local SHIPPED = { "achaemenid_persian", "alexandrian_macedonian", "carthaginian", "early_imperial_roman",
  "early_sumerian", "gallic", "medieval_english", "new_kingdom_egyptian", "sassanid_persian", "seleucid" }

-- (The Medieval English list once had a centre of one three-vignette link,
-- which could not keep within three frontages of both wings across a 90cm
-- centre sector; its archers are now their own vignettes: deployment_test.lua.)
T.case("Deployment: the default commander deploys every shipped army legally on an open table", function()
  for i, name in ipairs(SHIPPED) do
    local other = SHIPPED[i % #SHIPPED + 1]
    local a = armies.load("armies/phalanx/" .. name .. ".lua", loader.read)
    local b = armies.load("armies/phalanx/" .. other .. ".lua", loader.read)
    local r = battle.run{ scenario = { table = { terrain = "none" } }, armies = { a, b },
                          dice = dice.random(i), turns = 0, log = false }
    for s = 1, 2 do
      local who = s == 1 and name or other
      T.eq(r.state.sides[s].deployment_problems, {}, who .. " deployment")
    end
  end
end)

T.case("Deployment: alternate, one vignette at a time, the loser of the pre-battle throw first", function()
  local a = armies.load("armies/phalanx/gallic.lua", loader.read)
  local b = armies.load("armies/phalanx/seleucid.lua", loader.read)
  -- terrain none; pre-battle 2 v 4: side 2 wins, side 1 deploys first
  local r = battle.run{ scenario = { table = { terrain = "none" } }, armies = { a, b },
                        dice = dice.random(5), turns = 0 }
  local sides = {}
  for _, e in ipairs(r.bf:events()) do
    if e.kind == "deploy" then sides[#sides + 1] = e.side end
  end
  local loser = 3 - r.state.pre_battle.winner
  T.eq(sides[1], loser)
  for k = 2, math.min(#sides, 20) do T.truthy(sides[k] ~= sides[k - 1], "alternating at " .. k) end
end)

-- The battlefield answers `under` and the move bisection once the terrain is
-- attached to it (Terrain:attach); the answers must be the Lua code's, to the
-- bit: diced tables, and given polygons, circles and roads, probed by bases
-- at random places and facings, including ones exactly on piece edges.
T.case("Terrain in the core: under and clear_advance agree with the Lua code", function()
  local bfmod = require("sandtable.battlefield")
  local S = setup.scale{ size = "6x4", scale = "15-20mm", basing = 2 }
  local rng = dice.random(20240607)
  local function terrains()
    local list = {}
    for k = 1, 6 do list[#list + 1] = (setup.dice_terrain(S, dice.random(k))) end
    list[#list + 1] = setup.given_terrain(S, {
      { type = "wood", polygon = { 100, 100, 400, 150, 350, 420, 120, 300 } },
      { type = "impassable", circle = { 900, 600, 140 } },
      { type = "gentle_hill", polygon = { 1000, 100, 1300, 100, 1150, 400 } },
      { type = "gentle_hill", rect = { 1100, 200, 1400, 500 } },
      { type = "road", rect = { 0, 560, 1800, 640 } },
      { type = "steep_hill", circle = { 1500, 900, 120 } },
      { type = "impassable", polygon = { 300, 800, 600, 800, 600, 1000, 300, 1000 } },
    })
    return list
  end
  local checked = 0
  for _, terrain in ipairs(terrains()) do
    local bf = bfmod.new{ width = S.width, depth = S.depth, keep_events = false }
    local edges = {}
    for _, p in ipairs(terrain.pieces) do
      local b = p.box
      edges[#edges + 1] = { b[1], b[2] }; edges[#edges + 1] = { b[3], b[4] }
    end
    local probes = {}
    for i = 1, 400 do
      local w = ({ 80, 40, 80 })[rng:roll(3)]
      local d = ({ 40, 80, 20 })[rng:roll(3)]
      local x, y = rng:roll(S.width) - 0.5, rng:roll(S.depth) - 0.5
      local f = ({ 0, 180, 90, 45, rng:roll(360) * 1.37 })[rng:roll(5)]
      if i % 4 == 0 and #edges > 0 then   -- a base edge exactly on a piece's
        local e = edges[rng:roll(#edges)]
        x, y, f = e[1] + w / 2, e[2] + d / 2, 0
      end
      probes[i] = { x, y, f, w, d, rng:roll(400) }
    end
    local expect = {}
    for i, q in ipairs(probes) do
      local bad, imp, hill, road = terrain:under(q[1], q[2], q[3], q[4], q[5])
      expect[i] = { bad, imp, hill or false, road, terrain:clear_advance(q[1], q[2], q[3], q[4], q[5], q[6]) }
    end
    terrain:attach(bf)
    T.truthy(terrain.bf, "attached")
    for i, q in ipairs(probes) do
      local bad, imp, hill, road = terrain:under(q[1], q[2], q[3], q[4], q[5])
      local got = { bad, imp, hill or false, road, terrain:clear_advance(q[1], q[2], q[3], q[4], q[5], q[6]) }
      T.eq(got, expect[i], string.format("probe %d at (%.1f, %.1f, %.1f) %gx%g", i, q[1], q[2], q[3], q[4], q[5]))
      checked = checked + 1
    end
    terrain:reindex()
    T.eq(terrain.bf, nil, "a change to the pieces unlinks the battlefield")
  end
  T.truthy(checked >= 2800)
end)

-- Line of sight in the core (bf:terrain_sight_blocked once the pieces are
-- attached) must answer as the Lua code does, to the bit: diced tables and
-- given polygons and circles, on random sight lines and on the awkward ones:
-- an end inside or on a piece, lines along edges, through corners, tangent
-- to circles, and of zero length.
T.case("Terrain in the core: line of sight agrees with the Lua code", function()
  local bfmod = require("sandtable.battlefield")
  local S = setup.scale{ size = "6x4", scale = "15-20mm", basing = 2 }
  local rng = dice.random(20261122)
  local c, s = math.cos(math.rad(30)), math.sin(math.rad(30))
  local function turned(cx, cy, hw, hd)   -- a rectangle turned 30 degrees
    return { cx - c * hw + s * hd, cy - s * hw - c * hd, cx + c * hw + s * hd, cy + s * hw - c * hd,
             cx + c * hw - s * hd, cy + s * hw + c * hd, cx - c * hw - s * hd, cy - s * hw + c * hd }
  end
  local list = {}
  for k = 1, 6 do list[#list + 1] = (setup.dice_terrain(S, dice.random(100 + k))) end
  list[#list + 1] = setup.given_terrain(S, {
    { type = "wood", polygon = { 100, 100, 400, 150, 350, 420, 120, 300 } },
    { type = "impassable", circle = { 900, 600, 140 }, blocks_los = true },
    { type = "gentle_hill", polygon = { 1000, 100, 1300, 100, 1150, 400 } },
    { type = "gentle_hill", rect = { 1100, 200, 1400, 500 } },
    { type = "road", rect = { 0, 560, 1800, 640 } },
    { type = "steep_hill", circle = { 1500, 900, 120 } },
    { type = "built_up_area", polygon = turned(500, 900, 120, 70) },
    { type = "wood", circle = { 1250.25, 1000.5, 90.125 } },
    { type = "wood", polygon = { 1600, 200, 1750, 260, 1720, 420, 1580, 380, 1540, 280 } },
  })
  local function coord(n) return rng:roll(n * 8) / 8 - 4 end
  local function in_box(b) return b[1] + (b[3] - b[1]) * rng:roll(99) / 100, b[2] + (b[4] - b[2]) * rng:roll(99) / 100 end
  local function lines(terrain)
    local out = {}
    local function add(x1, y1, x2, y2) out[#out + 1] = { x1, y1, x2, y2 } end
    for _ = 1, 300 do add(coord(S.width), coord(S.depth), coord(S.width), coord(S.depth)) end
    for _, p in ipairs(terrain.pieces) do
      local b = p.box
      for _ = 1, 8 do   -- an end inside (or near) the piece
        local x, y = in_box(b)
        add(x, y, coord(S.width), coord(S.depth))
        add(coord(S.width), coord(S.depth), x, y)
      end
      for _, corner in ipairs{ { b[1], b[2] }, { b[3], b[2] }, { b[3], b[4] }, { b[1], b[4] } } do
        add(corner[1], corner[2], coord(S.width), coord(S.depth))      -- an end on the box's corner
        add(corner[1] - 50, corner[2], corner[1] + 50, corner[2])      -- along its edges, and past
        add(corner[1], corner[2] - 50, corner[1], corner[2] + 50)
        add(corner[1] - 40, corner[2] - 30, corner[1] + 40, corner[2] + 30)  -- through the corner
        add(corner[1], corner[2], corner[1], corner[2])                -- zero length
      end
      add(b[1] - 20, b[2], b[3] + 20, b[2]); add(b[1] - 20, b[4], b[3] + 20, b[4])   -- grazing
      add(b[1], b[2] - 20, b[1], b[4] + 20); add(b[3], b[2] - 20, b[3], b[4] + 20)
      if p.poly then
        for k = 1, #p.poly, 2 do   -- through, to and from each vertex
          local vx, vy = p.poly[k], p.poly[k + 1]
          local x, y = coord(S.width), coord(S.depth)
          add(x, y, vx, vy); add(vx, vy, x, y); add(x, y, 2 * vx - x, 2 * vy - y)
        end
      end
      local x, y = in_box(b)
      add(x, y, x, y)                                                   -- zero length, maybe inside
    end
    return out
  end
  local checked, seen = 0, { [true] = 0, [false] = 0 }
  for _, terrain in ipairs(list) do
    local segs = lines(terrain)
    local expect = {}
    for i, q in ipairs(segs) do expect[i] = terrain:blocked(q[1], q[2], q[3], q[4]) end
    terrain:attach(bfmod.new{ width = S.width, depth = S.depth, keep_events = false })
    T.truthy(terrain.bf, "attached")
    for i, q in ipairs(segs) do
      local got = terrain:blocked(q[1], q[2], q[3], q[4])
      T.eq(got, expect[i], string.format("sight line %d (%.17g, %.17g)-(%.17g, %.17g)", i, q[1], q[2], q[3], q[4]))
      seen[got] = seen[got] + 1
      checked = checked + 1
    end
  end
  T.truthy(checked >= 3000, "thousands of sight lines: " .. checked)
  T.truthy(seen[true] >= 500 and seen[false] >= 500, string.format("both answers: %d, %d", seen[true], seen[false]))
end)

-- check_deployment's overlap test in the core (battlefield.overlapping_bases)
-- against the Lua code (setup.overlapping_pairs) on random crowded tables:
-- the same pairs, bases touching, just apart and turned included.
T.case("Deployment: the core finds the same overlapping bases as the Lua code", function()
  local battlefield = require("sandtable.battlefield")
  local seed = 4242
  local function rand(n)
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % n + 1
  end
  local facings = { 0, 180, 90, 45, 0, 180 }
  local found = 0
  for case = 1, 400 do
    local list = {}
    for i = 1, rand(20) do
      local f = facings[rand(#facings)]
      if rand(5) == 1 then f = rand(3600) / 10 end
      list[i] = { vid = "v" .. i, x = rand(12) * 80 + (rand(4) - 2) * 0.25, y = rand(6) * 40 + (rand(3) - 2) * 0.5,
                  facing = f, w = 80, d = rand(2) * 40 }
    end
    local xs, ys, fs, ws, ds = {}, {}, {}, {}, {}
    for i, a in ipairs(list) do xs[i], ys[i], fs[i], ws[i], ds[i] = a.x, a.y, a.facing, a.w, a.d end
    local slack = rand(2) == 1 and 0.5 or 0
    local lua_pairs = setup.overlapping_pairs(list, slack)
    T.eq(battlefield.overlapping_bases(xs, ys, fs, ws, ds, slack), lua_pairs, "case " .. case)
    found = found + #lua_pairs // 2
  end
  T.truthy(found > 100, "overlaps exercised: " .. found)
end)

-- setup.axes remembers each facing's sine and cosine (speed): what it
-- returns must be what the sum gives, to the bit, on the first call and
-- after, and the sign of a zero kept (0 and -0 share a table key).
T.case("Geometry: setup.axes, remembered, gives the computed numbers and the signs of zero", function()
  local function computed(f)
    local a = math.rad(f)
    local s, c = math.sin(a), math.cos(a)
    return { -s, c, c, s }
  end
  local function same(a, b) return a == b and 1 / a == 1 / b end
  for _, f in ipairs({ 0, 0.0, -0.0, 90, 180, -180, 45.5, 359.9, 1e-300, -1e-300, 180.0, 270, 33.3333 }) do
    for call = 1, 2 do
      local want, got = computed(f), { setup.axes(f) }
      for i = 1, 4 do
        T.truthy(same(got[i], want[i]), string.format("facing %s, call %d, value %d: %s against %s",
          tostring(f), call, i, tostring(got[i]), tostring(want[i])))
      end
    end
  end
  -- more facings than it keeps: it starts afresh and stays right
  for k = 1, 5000 do
    local f = k / 7
    local want, got = computed(f), { setup.axes(f) }
    if got[1] ~= want[1] or got[2] ~= want[2] then T.eq(got, want, "facing " .. f) end
  end
  T.eq({ setup.axes(1 / 7) }, computed(1 / 7), "after the refill")
end)
