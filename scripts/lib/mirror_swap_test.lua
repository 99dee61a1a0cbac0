-- lib.mirror_swap: the swapped dice exchange exactly the paired throws.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local mirror_swap = require("lib.mirror_swap")

-- Rolls of one purpose list, from a fresh source of the seed.
local function rolls(d, purposes)
  local out = {}
  for i, p in ipairs(purposes) do out[i] = d:roll(6, p) end
  return out
end

T.case("mirror_swap: paired throws exchanged, every other roll as it was", function()
  local purposes = { "terrain, side 1", "terrain, side 2", "morale", "initiative, side 1 (The Turn)",
                     "initiative, side 2 (The Turn)", "melee" }
  for seed = 1, 20 do
    local plain = rolls(dice.random(seed), purposes)
    local swapped = rolls(mirror_swap.swapped_dice(dice.random(seed)), purposes)
    T.eq({ swapped[1], swapped[2], swapped[3], swapped[4], swapped[5], swapped[6] },
         { plain[2], plain[1], plain[3], plain[5], plain[4], plain[6] }, "seed " .. seed)
  end
end)

T.case("mirror_swap: a narrower pairing leaves the other throws alone; a lone side 2 throw is an error", function()
  local only_brackets = function(p, n) return p ~= nil and p:find(", side " .. n .. " (", 1, true) ~= nil end
  local purposes = { "terrain, side 1", "terrain, side 2", "initiative, side 1 (The Turn)", "initiative, side 2 (The Turn)" }
  local plain = rolls(dice.random(7), purposes)
  local swapped = rolls(mirror_swap.swapped_dice(dice.random(7), only_brackets), purposes)
  T.eq(swapped, { plain[1], plain[2], plain[4], plain[3] })
  T.raises(function() mirror_swap.swapped_dice(dice.random(1)):roll(6, "terrain, side 2") end,
    "side 2 throw without side 1's")
end)
