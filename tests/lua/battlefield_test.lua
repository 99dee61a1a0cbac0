-- sandtable.battlefield: resizing a base and bringing a unit back, with their events.
local T = require("lib.testing")
local B = require("sandtable.battlefield")

T.case("battlefield: a resized base keeps its centre and facing and collides at its new size", function()
  local bf = B.new{ width = 1000, depth = 1000 }
  local a = bf:add_unit{ side = 1, x = 500, y = 100, width = 80, depth = 40 }
  local b = bf:add_unit{ side = 2, x = 500, y = 400, facing = 180, width = 80, depth = 40 }
  T.eq(bf:distance(a, b), 260.0)             -- 400 - 100 - 20 - 20
  bf:resize(a, 40, 120)                      -- into column: 40 wide, 120 deep
  T.eq({ bf:pos(a) }, { 500.0, 100.0, 0.0 })
  T.eq(bf:distance(a, b), 220.0)             -- 400 - 100 - 60 - 20
  local r = bf:move(a, "advance", 500)
  T.eq({ r.distance, r.stopped_by }, { 220.0, b })
  local last = bf:events()[#bf:events()]
  T.eq(last.kind, "unit_moved")
  T.raises(function() bf:resize(a, 0, 10) end, "positive width and depth")
end)

T.case("battlefield: a removed unit is brought back where it returns, with its data", function()
  local bf = B.new{ width = 1000, depth = 1000 }
  local a = bf:add_unit{ side = 1, x = 100, y = 100, width = 80, depth = 40, data = { figures = 12 } }
  bf:remove(a)
  T.eq(#bf:units(1), 0)
  T.raises(function() bf:bring_back(a + 1, 0, 0) end, "no unit with id")
  bf:bring_back(a, 300, 50, 90)
  T.eq(bf:units(1), { a })
  T.eq({ bf:pos(a) }, { 300.0, 50.0, 90.0 })
  T.eq(bf:data(a).figures, 12)
  T.raises(function() bf:bring_back(a, 0, 0) end, "is on the table")
  local kinds = {}
  for _, e in ipairs(bf:events()) do kinds[#kinds + 1] = e.kind end
  T.eq(kinds, { "table", "unit_added", "unit_removed", "unit_returned" })
end)

-- The methods check `self` by its metatable (closures over it): anything
-- else raises the usual type error, and a snapshot is a battlefield too.
T.case("battlefield: a method called on something else raises a type error", function()
  local bf = B.new{ width = 100, depth = 100 }
  local dice = require("sandtable.dice")
  T.raises(function() bf.terrain(dice.random(1)) end, "sandtable.Battlefield expected")
  T.raises(function() bf.terrain({}) end, "sandtable.Battlefield expected")
  T.raises(function() bf.terrain(nil) end, "sandtable.Battlefield expected")
  T.raises(function() bf:restore(dice.random(1)) end, "sandtable.Battlefield expected")
  local snap = bf:snapshot()
  T.eq(snap:terrain(), {})
  bf:restore(snap)
end)

T.case("battlefield: terrain that changes during play keeps its id, answers at once and is logged", function()
  local bf = B.new{ width = 1000, depth = 1000 }
  local wall = bf:add_terrain{ type = "wall", polygon = { 100, 480, 900, 480, 900, 520, 100, 520 }, blocks_los = true,
                               impassable = true }
  bf:terrain_type("wall", {})
  local a = bf:add_unit{ side = 1, x = 500, y = 300, width = 80, depth = 40 }
  local b = bf:add_unit{ side = 2, x = 500, y = 700, facing = 180, width = 80, depth = 40 }
  T.eq(bf:line_of_sight(a, b), false)
  T.eq(bf:terrain_probe(500, 500, 0, 80, 40, { "impassable" }), true)
  bf:change_terrain(wall, { type = "breach", blocks_los = false, impassable = false })
  T.eq(bf:line_of_sight(a, b), true)
  T.eq(bf:terrain_probe(500, 500, 0, 80, 40, { "impassable" }), false)
  T.eq(bf:terrain()[wall].type, "breach")
  T.eq(#bf:terrain(), 1)
  local last = bf:events()[#bf:events()]
  T.eq({ last.kind, last.id, last.feature.type, last.feature.blocks_los }, { "terrain_changed", wall, "breach", false })
  -- a new shape replaces the old one
  bf:change_terrain(wall, { circle = { 500, 500, 30 } })
  T.eq(bf:terrain()[wall].polygon, nil)
  T.eq(#bf:terrain_at(500, 500), 1)
  T.eq(#bf:terrain_at(150, 500), 0)
end)

T.case("battlefield: a bad terrain change is refused and changes nothing", function()
  local bf = B.new{ width = 1000, depth = 1000 }
  local wood = bf:add_terrain{ type = "wood", circle = { 500, 500, 100 } }
  T.raises(function() bf:change_terrain(2, { type = "x" }) end, "no terrain feature 2 (the table has 1)")
  T.raises(function() bf:change_terrain(wood, {}) end, "expected a table of changes")
  T.raises(function() bf:change_terrain(wood, { circle = { 500, 500, -5 } }) end, "radius")
  T.eq(bf:terrain()[wood].circle, { 500, 500, 100 })
  T.eq(#bf:terrain_at(500, 500), 1)
end)

T.case("battlefield: a changed feature survives save and load, and a snapshot", function()
  local bf = B.new{ width = 1000, depth = 1000 }
  local gate = bf:add_terrain{ type = "gate", polygon = { 0, 0, 10, 0, 10, 10, 0, 10 }, open = false }
  bf:change_terrain(gate, { open = true })
  T.eq(B.load(bf:save()):terrain()[gate].open, true)
  T.eq(bf:snapshot():terrain()[gate].open, true)
end)

T.case("battlefield: a unit on another layer neither blocks nor is blocked; queries see it; layers are saved", function()
  local bf = B.new{ width = 1000, depth = 1000 }
  local knight = bf:add_unit{ side = 1, x = 500, y = 100, width = 80, depth = 40 }
  local dragon = bf:add_unit{ side = 2, x = 500, y = 300, facing = 180, width = 80, depth = 80, layer = 1 }
  local spear = bf:add_unit{ side = 2, x = 500, y = 600, facing = 180, width = 80, depth = 40 }
  T.eq(bf:unit(dragon).layer, 1)
  T.eq(bf:unit(knight).layer, 0)
  -- the knight rides under the dragon and stops at the spearmen
  local r = bf:move(knight, "advance", 1000)
  T.eq(r.stopped_by, spear)
  T.eq(bf:distance(knight, spear), 0.0)
  -- the dragon flies over the spearmen and the knight to the table edge
  local f = bf:move(dragon, "advance", 1000)
  T.eq(f.stopped_by, "edge")
  -- distance queries see every layer
  bf:place(dragon, 500, 700, 180)
  T.eq(bf:nearest({ knight }, 2, 1000), spear)
  T.eq(#bf:query{ of = knight, within = 200, enemy = true }, 2)
  -- it lands: now it blocks
  bf:set_layer(dragon, 0)
  local last = bf:events()[#bf:events()]
  T.eq({ last.kind, last.unit, last.layer }, { "unit_layer", dragon, 0 })
  bf:place(dragon, 500, 900, 180)
  T.eq(bf:move(spear, "advance", -1000).stopped_by, dragon)
  bf:set_layer(dragon, 1)
  local copy = B.load(bf:save())
  T.eq(copy:unit(dragon).layer, 1)
  T.eq(bf:snapshot():unit(dragon).layer, 1)
  T.raises(function() bf:add_unit{ side = 1, x = 1, y = 1, width = 1, depth = 1, layer = 0.5 } end, "whole number")
end)

T.case("battlefield: a save of ground units only is unchanged by layers (same text, same hash)", function()
  local bf = B.new{ width = 1000, depth = 1000 }
  bf:add_unit{ side = 1, x = 500, y = 100, width = 80, depth = 40 }
  T.eq(bf:save():find("layer", 1, true), nil)
end)

T.case("battlefield: a side's view (bf:sighted): range edge to edge, lines of sight through blocking terrain", function()
  local bf = B.new{ width = 2000, depth = 2000 }
  bf:add_terrain{ type = "wood", circle = { 1000, 1000, 100 }, blocks_los = true }
  local scout = bf:add_unit{ side = 1, x = 1000, y = 700, width = 80, depth = 40 }
  local camp = bf:add_unit{ side = 1, x = 300, y = 300, width = 80, depth = 40 }
  local hidden = bf:add_unit{ side = 2, x = 1000, y = 1300, facing = 180, width = 80, depth = 40 } -- behind the wood
  local open = bf:add_unit{ side = 2, x = 1400, y = 900, facing = 180, width = 80, depth = 40 }
  local far = bf:add_unit{ side = 2, x = 1900, y = 1900, facing = 180, width = 80, depth = 40 }
  T.eq(bf:sighted(1, 1000), { open })             -- the wood hides one, the range the other
  T.eq(bf:sighted(1, 5000), { hidden, open, far }) -- the camp, further off, sees past the wood
  T.eq(bf:sighted(1, 100), {})                     -- fog: nobody that near
  T.eq(bf:sighted(2, 1000), { scout })             -- and what side 2 sees
  bf:move(scout, "slide", 400, 0)                  -- the scout rides round the wood
  T.eq(bf:sighted(1, 1000), { hidden, open })
  bf:remove(open)
  T.eq(bf:sighted(1, 1000), { hidden })
  T.raises(function() bf:sighted(1, -1) end, "0 or more")
  local _ = camp
end)

T.case("battlefield: a side's view with heights (bf:sighted opts): over woods from a hill, further from high ground", function()
  local bf = B.new{ width = 3000, depth = 3000 }
  bf:add_terrain{ type = "hill", circle = { 1000, 400, 150 } }                       -- 1: high ground, does not block
  bf:add_terrain{ type = "wood", circle = { 1000, 1000, 100 }, blocks_los = true }   -- 2: trees
  bf:add_terrain{ type = "ridge", circle = { 2500, 1000, 100 }, blocks_los = true }  -- 3: blocks, no height given
  local on_hill = bf:add_unit{ side = 1, x = 1000, y = 400, width = 80, depth = 40 }
  local behind = bf:add_unit{ side = 2, x = 1000, y = 1250, facing = 180, width = 80, depth = 40 }
  local beyond_ridge = bf:add_unit{ side = 2, x = 2500, y = 1300, facing = 180, width = 80, depth = 40 }
  -- flat sight (no heights): the wood hides the one behind it
  T.eq(bf:sighted(1, 1500), {})
  T.eq(bf:sighted(1, 1500, 0), {})
  -- the hill raises the eye 30 mm; trees 5 mm tall: the line from 30 (y 400) to 0 (y 1250)
  -- is 30 * 150 / 850 = 5.3 mm high at the wood's far edge (y 1100): seen over
  T.eq(bf:sighted(1, 1500, { ground = { hill = 30 }, tops = { wood = 5 } }), { behind })
  -- trees 6 mm tall: not
  T.eq(bf:sighted(1, 1500, { ground = { hill = 30 }, tops = { wood = 6 } }), {})
  -- the ridge gives no height: never seen over; the one behind the wood is out of a 700 mm range ...
  T.eq(bf:sighted(1, 700, { ground = { hill = 30 }, tops = { wood = 5 } }), {})
  -- ... but high ground sees further: 700 + 10 * 30 mm reaches it (edge distance 810 mm)
  T.eq(bf:sighted(1, 700, { ground = { hill = 30 }, tops = { wood = 5 }, range_per_mm = 10 }), { behind })
  -- sight is mutual: the one behind the wood sees the one on the hill along the same line
  T.eq(bf:sighted(2, 1500, { ground = { hill = 30 }, tops = { wood = 5 } }), { on_hill })
  T.eq(bf:sighted(2, 1500, { ground = { hill = 30 }, tops = { wood = 6 } }), {})
  -- off the hill, to x 2500 y 400: the ridge lies straight between it and the one beyond it;
  -- a ridge of no height (ground 0, top 0) still blocks a line from the table to the table
  bf:move(on_hill, "slide", 1500, 0)
  T.eq(bf:sighted(1, 2000, { ground = { hill = 30, ridge = 0 }, tops = { wood = 5 } }), { behind })
  T.eq(bf:sighted(1, 2000), { behind })
  T.raises(function() bf:sighted(1, 100, { ground = { hill = -1 } }) end, "0 mm or more")
  T.raises(function() bf:sighted(1, 100, { ground = 5 }) end, "map of terrain type")
  local _ = beyond_ridge
end)

T.case("battlefield: distances equal but for rounding are ties, listed by id, and a limit is met within the contact tolerance", function()
  -- Two units ahead of a third, one 7.5 mm away and one 7.5 mm and 1e-10
  -- away: equal but for rounding (a tie the table's geometry makes exact can
  -- come out of floating point as 7.5 and 7.5000000000001 on one side of the
  -- table and as two exact 7.5s on the other). Nearest-first lists give them
  -- by id, whichever way rounding leans; a limit of 7.5 takes both.
  local bf = B.new{ width = 1000, depth = 1000 }
  local of = bf:add_unit{ side = 1, x = 500, y = 500, width = 40, depth = 20 }          -- front at y = 510
  local far = bf:add_unit{ side = 2, x = 475, y = 527.5 + 1e-10, width = 20, depth = 20 } -- rear 7.5 + 1e-10 away
  local near = bf:add_unit{ side = 2, x = 525, y = 527.5, width = 20, depth = 20 }         -- rear 7.5 away
  T.truthy(bf:distance(of, far) > bf:distance(of, near), "the rounding is there")
  local ids, dists = {}, {}
  T.eq(bf:within(of, 100, 2, ids, dists), 2)
  T.eq(ids, { far, near }, "bf:within: the tie by id")
  T.eq(bf:within(of, 7.5, 2, ids, dists), 2, "bf:within: a limit met but for rounding")
  T.eq(ids, { far, near })
  local q = bf:query{ of = of, within = 100, enemy = true }
  T.eq({ q[1].id, q[2].id }, { far, near }, "bf:query: the tie by id")
  T.eq((bf:nearest({ of }, 2, 100)), far, "bf:nearest: the tie by id")
  T.eq((bf:nearest({ of }, 2, 7.5)), far, "bf:nearest: a limit met but for rounding")
  T.eq(bf:first_within(of, 7.5, 2), far, "bf:first_within: a limit met but for rounding")
  -- Beyond the tolerance a distance is a distance.
  bf:place(far, 475, 527.5 + 1e-4, 0)
  T.eq(bf:within(of, 100, 2, ids, dists), 2)
  T.eq(ids, { near, far })
  T.eq(bf:within(of, 7.5, 2, ids, dists), 1)
  T.eq((bf:nearest({ of }, 2, 100)), near)
  T.eq(bf:first_within(of, 7.5, 2), near)
end)

T.case("battlefield: a move ending on an enemy but for rounding meets it moving either way across the table", function()
  -- A charge of exactly the gap: moving north the sum came out 1e-13 mm
  -- short and bf:move reported the enemy as stopped_by; the mirror charge
  -- moving south came out 1e-13 mm over and reported nothing (Historicon's
  -- mirror-swap test found it: Mohi army 1 seed 26).
  for _, e in ipairs({ -1e-13, 0, 1e-13, 5e-7 }) do
    for _, way in ipairs({ 1, -1 }) do
      local bf = B.new{ width = 1000, depth = 1000 }
      local facing = way == 1 and 0 or 180
      local mover = bf:add_unit{ side = 1, x = 500, y = 500, facing = facing, width = 40, depth = 20 }
      -- the enemy's near edge 100 + e mm beyond the mover's front
      local enemy = bf:add_unit{ side = 2, x = 500, y = 500 + way * (10 + 100 + e + 10), facing = facing + 180,
                                 width = 40, depth = 20 }
      local r = bf:move(mover, "advance", 100)
      T.eq(r.stopped_by, enemy, "gap 100 + " .. e .. ", facing " .. facing)
      T.truthy(math.abs(r.distance - 100) < 1e-6, "moved the whole charge")
    end
  end
end)
