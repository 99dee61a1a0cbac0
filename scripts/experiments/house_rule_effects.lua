-- Experiment: what do the three example house rules do to a battle? The same
-- N battles (default 300; the same seeds, so the comparison is paired) under
-- the rules as written and under each house rule in scripts/house_rules/.
-- Prints each variant's win rates and the change in side 1's win rate.
--
--   build/sandtable run scripts/experiments/house_rule_effects.lua [battles]
local experiment = require("sandtable.experiment")

local battles = math.tointeger(tonumber((...) or "")) or 300
local scenario = "scenarios/phalanx/bench.yaml"
local variants = { { name = "as written", params = { scenario = scenario } } }
for _, rule in ipairs({ "phalanx_hip_steadier", "phalanx_general_inspires", "phalanx_regroup_phase" }) do
  variants[#variants + 1] = { name = rule,
    params = { scenario = scenario, house_rules = { "scripts/house_rules/" .. rule .. ".lua" } } }
end

local summary = experiment.run{ module = "lib.battle_trial", variants = variants, trials = battles, seed = 77 }

local function pct(i) return string.format("%5.1f%% [%4.1f, %4.1f]", i.rate * 100, i.low * 100, i.high * 100) end
print(string.format("House rules on %s: %d battles per variant, same seeds", scenario, summary.trials))
print(string.format("%-26s %-24s %-24s %-10s", "variant", "side 1 wins", "side 2 wins", "turns"))
for _, v in ipairs(summary.variants) do
  print(string.format("%-26s %-24s %-24s %-10.1f", v.name, pct(v.side1_wins), pct(v.side2_wins),
    v.length and v.length.mean or 0))
end
print("Change in side 1's win rate against the rules as written (paired, 95%):")
for _, d in ipairs(summary.differences) do
  local i = d.side1_win_difference
  print(string.format("  %-24s %+5.1f points [%+5.1f, %+5.1f]", d.variant, i.rate * 100, i.low * 100, i.high * 100))
end
return summary
