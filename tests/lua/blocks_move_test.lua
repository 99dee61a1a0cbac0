-- Terrain that stops moves (bf:add_terrain{ blocks_move = true }): walls and
-- shut gates hold units on the ground as a base would; a unit starting on the
-- feature walks off it; other layers pass; a change lets troops through.
local T = require("lib.testing")
local B = require("sandtable.battlefield")

local WALL = { 300, 500, 700, 500, 700, 524, 300, 524 }   -- 400 x 24 mm, face at y = 500

T.case("battlefield: a blocks_move wall stops an advance at its face, reported as terrain", function()
  local bf = B.new{ width = 1000, depth = 1000 }
  local wall = bf:add_terrain{ type = "wall", polygon = WALL, blocks_move = true }
  local u = bf:add_unit{ side = 1, x = 500, y = 300, width = 80, depth = 40 }
  local r = bf:move(u, "advance", 400)
  T.eq(r.stopped_by, "terrain")
  T.eq(r.terrain, wall)
  local _, y = bf:pos(u)
  T.near(y, 480, 1e-6, "front edge on the face")
  -- sliding along the face is free (touching is not blocking)
  local s = bf:move(u, "slide", 50, 0)
  T.eq(s.stopped_by, nil)
  T.near(s.distance, 50, 1e-6)
  -- turning into it is blocked
  local t = bf:move(u, "turn", 30)
  T.eq(t.stopped_by, "terrain")
end)

T.case("battlefield: blocks_move: a unit on the wall walks off; ignore_terrain and other layers pass; a breach opens it", function()
  local bf = B.new{ width = 1000, depth = 1000 }
  local wall = bf:add_terrain{ type = "wall", polygon = WALL, blocks_move = true }
  local on = bf:add_unit{ side = 2, x = 400, y = 512, facing = 180, width = 60, depth = 20 }
  T.eq(bf:move(on, "advance", 100).stopped_by, nil, "a unit on the wall leaves it")
  local climber = bf:add_unit{ side = 1, x = 600, y = 300, width = 60, depth = 20 }
  T.eq(bf:move(climber, "advance", 400, { ignore_terrain = true }).stopped_by, nil, "over the wall")
  T.near(select(2, bf:pos(climber)), 700, 1e-6)
  local miner = bf:add_unit{ side = 1, x = 200, y = 300, width = 20, depth = 20, layer = -1 }
  bf:place(miner, 450, 300)
  T.eq(bf:move(miner, "advance", 400).stopped_by, nil, "underground")
  local u = bf:add_unit{ side = 1, x = 350, y = 300, width = 40, depth = 20 }
  bf:change_terrain(wall, { type = "breach", blocks_move = false })
  T.eq(bf:move(u, "advance", 300).stopped_by, nil, "through the breach")
  -- the change survives save/load and snapshots
  local bf2 = B.load(bf:save())
  local v = bf2:add_unit{ side = 1, x = 500, y = 400, width = 40, depth = 20 }
  T.eq(bf2:move(v, "advance", 200).stopped_by, nil)
  bf:change_terrain(wall, { blocks_move = true })
  local snap = bf:snapshot()
  local w = snap:add_unit{ side = 1, x = 500, y = 400, width = 40, depth = 20 }
  T.eq(snap:move(w, "advance", 200).stopped_by, "terrain")
end)

T.case("battlefield: blocks_move needs a rectangle", function()
  local bf = B.new{ width = 1000, depth = 1000 }
  T.raises(function() bf:add_terrain{ type = "wall", circle = { 5, 5, 5 }, blocks_move = true } end,
    "blocks_move needs polygon = a rectangle's 4 corners in order")
  T.raises(function() bf:add_terrain{ type = "wall", polygon = { 0, 0, 10, 0, 12, 10, 0, 10 }, blocks_move = true } end,
    "blocks_move needs polygon")
  local ok = bf:add_terrain{ type = "gate", polygon = { 0, 0, 10, 0, 10, 10, 0, 10 } }
  T.raises(function() bf:change_terrain(ok, { blocks_move = true, polygon = { 0, 0, 10, 0, 5, 10 } }) end, "blocks_move needs")
  -- a rotated rectangle is fine
  bf:add_terrain{ type = "wall", polygon = { 0, 0, 30, 40, 22, 46, -8, 6 }, blocks_move = true }
end)
