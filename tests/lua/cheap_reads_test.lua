-- bf:removed, bf:footprint and bf:terrain_ids_under answer exactly what
-- bf:unit(id).removed, its width and depth, and the ids of
-- bf:terrain_under(id) answer, without making their tables (they exist for
-- speed only: rules swap one for the other and must get the same battles).
-- Random units on random overlapping terrain, some removed, compared one by
-- one.
local T = require("lib.testing")
local B = require("sandtable.battlefield")

local lcg = T.seeded  -- the same numbers every run

local function table_with_terrain(rnd)
  local bf = B.new{ width = 1200, depth = 900 }
  for i = 1, 60 do
    local x, y = rnd(1100), rnd(800)
    if i % 3 == 0 then
      bf:add_terrain{ type = "pond" .. (i % 4), circle = { x, y, rnd(80) + 5 } }
    else
      local w, h = rnd(200) + 2, rnd(150) + 2
      -- a slanted quadrilateral: not every feature an axis-aligned box
      bf:add_terrain{ type = "wood" .. (i % 5), polygon = { x, y, x + w, y + rnd(40), x + w - rnd(30), y + h, x - rnd(30), y + h } }
    end
  end
  return bf
end

T.case("battlefield: bf:removed, bf:footprint and bf:terrain_ids_under answer as bf:unit and bf:terrain_under", function()
  local rnd = lcg(29)
  local bf = table_with_terrain(rnd)
  local units = {}
  for i = 1, 80 do
    units[i] = bf:add_unit{ side = i % 2 + 1, x = rnd(1150) + 20, y = rnd(850) + 20, facing = rnd(360) - 1,
                            width = rnd(120) + 10, depth = rnd(60) + 5 }
  end
  local removed, with_terrain, checked = 0, 0, 0
  for round = 1, 3 do
    for _, id in ipairs(units) do
      if rnd(7) == 1 then bf:remove(id) end
      local u = bf:unit(id)
      if u.removed then removed = removed + 1 end
      T.eq(bf:removed(id), u.removed, "removed, unit " .. id .. " round " .. round)
      local w, d = bf:footprint(id)
      T.eq({ w, d }, { u.width, u.depth }, "footprint, unit " .. id)
      local want = {}
      for _, t in ipairs(bf:terrain_under(id)) do want[#want + 1] = t.id end
      if #want > 0 then with_terrain = with_terrain + 1 end
      T.eq(bf:terrain_ids_under(id), want, "terrain under unit " .. id .. " round " .. round)
      checked = checked + 1
    end
    -- move the ones left somewhere else for the next round
    for _, id in ipairs(units) do
      if not bf:removed(id) then bf:place(id, rnd(1150) + 20, rnd(850) + 20, rnd(360) - 1) end
    end
  end
  -- the comparison covered both answers of each question
  T.truthy(removed > 10 and removed < checked, "some units removed, not all")
  T.truthy(with_terrain > 20, "many units stand on some terrain")
end)

T.case("battlefield: bf:removed and bf:footprint name a unit that does not exist", function()
  local bf = B.new{ width = 100, depth = 100 }
  T.raises(function() bf:removed(7) end, "7")
  T.raises(function() bf:footprint(7) end, "7")
  T.raises(function() bf:terrain_ids_under(7) end, "7")
end)
