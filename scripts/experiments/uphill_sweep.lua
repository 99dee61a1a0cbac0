-- Experiment: what is a hill worth? Sweeps the Phalanx uphill melee modifier
-- from -2 to +2 and fights 10,000 melees at each value (HIN III uphill
-- against HIN III), on every core, then prints how often each side breaks.
--
--   build/sandtable run scripts/experiments/uphill_sweep.lua [trials]
local experiment = require("sandtable.experiment")

local trials = math.tointeger(tonumber((...) or "")) or 10000
local variants = {}
for add = -2, 2 do
  variants[#variants + 1] = {
    name = string.format("uphill %+d", add),
    params = { attacker = "HIN III RA", defender = "HIN III RA",
               attacker_situation = { uphill = true },
               set_modifier = { id = "uphill", add = add } },
  }
end

local summary = experiment.run{ module = "experiments.trials.phalanx_melee", variants = variants,
                                trials = trials, seed = 2024 }

print(string.format("Phalanx melee, HIN III uphill against HIN III, %d melees per value (95%% intervals)",
  summary.trials))
print(string.format("%-10s %-26s %-26s", "modifier", "defender breaks", "attacker breaks"))
local function rate(outcomes, pattern)
  -- Sum the outcome rates whose text matches, with a conservative interval.
  local p = 0
  for key, iv in pairs(outcomes) do
    if key:find(pattern) then p = p + iv.rate end
  end
  local _, low, high = experiment.wilson(math.floor(p * summary.trials + 0.5), summary.trials)
  return string.format("%5.1f%% [%4.1f, %4.1f]", p * 100, low * 100, high * 100)
end
for _, v in ipairs(summary.variants) do
  print(string.format("%-10s %-26s %-26s", v.name, rate(v.outcomes, "defender B"), rate(v.outcomes, "attacker B")))
end
return summary
