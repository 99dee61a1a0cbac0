-- The 2d6 histogram of 10,000 seeded rolls, with a bar chart.
--   sandtable run scripts/examples/dice_histogram.lua [seed]
-- The same seed prints the same histogram on every run and every machine:
-- all randomness comes from the engine's seeded dice (xoshiro256**).
local dice = require("sandtable.dice")

local seed = math.tointeger(tonumber((...) or "1"))
if not seed then error("the seed must be an integer, got '" .. tostring((...)) .. "'", 0) end
local ROLLS = 10000

local source = dice.random(seed)
local counts = {}
for total = 2, 12 do counts[total] = 0 end
for _ = 1, ROLLS do
  local total = source:roll(6, "histogram") + source:roll(6, "histogram")
  counts[total] = counts[total] + 1
end

local most = 0
for total = 2, 12 do most = math.max(most, counts[total]) end

print(("2d6, %d rolls, seed %d"):format(ROLLS, seed))
print("total  count  share  expected")
for total = 2, 12 do
  local ways = 6 - math.abs(7 - total)
  local bar = string.rep("#", (counts[total] * 50) // most)
  print(("%5d  %5d  %4.1f%%  %4.1f%%  %s"):format(total, counts[total], 100 * counts[total] / ROLLS,
    100 * ways / 36, bar))
end
