-- Each battle's seed in a campaign, derived from the campaign's seed and the
-- battle's number, so battle 3 of campaign seed 7 is the same battle on any
-- machine and thread count, and `sandtable battle` cannot tell it from any
-- other seed. SplitMix64 (Steele, Lea and Flood 2014) on Lua's 64-bit
-- wrapping integers; the top bit is cleared so the seed is a positive
-- integer as the command line takes it.
local seeds = {}

local function mix(z)
  z = (z ~ (z >> 30)) * -4658895280553007687      -- 0xbf58476d1ce4e5b9
  z = (z ~ (z >> 27)) * -7723592293110705685      -- 0x94d049bb133111eb
  return z ~ (z >> 31)
end
seeds.mix = mix

-- The seed of battle `n` (1, 2, ...) of the campaign seeded `seed`.
function seeds.battle(seed, n)
  if math.type(seed) ~= "integer" or math.type(n) ~= "integer" then
    error("campaign seeds: the seed and the battle number must be integers", 2)
  end
  local golden = -7046029254386353131                -- 0x9e3779b97f4a7c15
  return mix(mix(seed) + n * golden) & 0x7fffffffffffffff
end

return seeds
