-- bf:change_terrain remakes only the feature it changes (not the whole
-- terrain map, its probe flags and its barriers): after every change the
-- battlefield must answer as one built afresh from its saved state, which
-- makes every feature anew. A grid of grass areas that burn, become
-- impassable and burn out, as the sieges module's grass fire changes them.
local T = require("lib.testing")
local B = require("sandtable.battlefield")

local SIDE = 100

local lcg = T.seeded  -- the same numbers every run

local function grid(bf, cols, rows)
  local ids = {}
  for j = 0, rows - 1 do
    for i = 0, cols - 1 do
      local x0, y0 = i * SIDE, j * SIDE
      ids[#ids + 1] = bf:add_terrain{ type = "grass", polygon = { x0, y0, x0 + SIDE, y0, x0 + SIDE, y0 + SIDE, x0, y0 + SIDE } }
    end
  end
  return ids
end

-- What the probes and moves answer at a few places: the attributes under a
-- base, the features at a point, and how far a unit walks before terrain
-- that blocks moves stops it.
local function answers(bf, unit, rnd)
  local out = {}
  for _ = 1, 6 do
    local x, y = rnd(780) + 10, rnd(580) + 10
    out[#out + 1] = bf:terrain_probe(x, y, 0, 40, 20, { "burning", "@impassable", "blocks_move" })
    out[#out + 1] = #bf:terrain_at(x, y)
    bf:place(unit, x, y, rnd(8) * 45)
    local r = bf:move(unit, "advance", 150)
    out[#out + 1] = string.format("%s %.9f", tostring(r.stopped_by), r.distance)
  end
  return out
end

T.case("battlefield: terrain changed one feature at a time answers as terrain built afresh", function()
  local bf = B.new{ width = 800, depth = 600 }
  bf:terrain_type("grass", { burning = false })
  local ids = grid(bf, 8, 6)
  local unit = bf:add_unit{ side = 1, x = 50, y = 50, width = 40, depth = 20 }
  local rnd = lcg(17)
  local states = {
    { burning = true },
    { burning = true, impassable = true, blocks_move = true },
    { type = "burnt", burning = false, impassable = false, blocks_move = false },
    { type = "grass" },
  }
  local changed_barriers = 0
  for step = 1, 120 do
    local id = ids[rnd(#ids)]
    local change = states[rnd(#states)]
    if change.blocks_move ~= nil then changed_barriers = changed_barriers + 1 end
    bf:change_terrain(id, change)
    if step % 4 == 0 then
      -- the same random places asked of both
      local seed = rnd(100000)
      local fresh = B.load(bf:save())
      T.eq(answers(bf, unit, lcg(seed)), answers(fresh, unit, lcg(seed)), "step " .. step)
    end
  end
  T.truthy(changed_barriers > 10, "some changes made or unmade walls of fire")
end)
