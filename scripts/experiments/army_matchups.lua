-- Experiment: which Phalanx army beats which? Every pairing of four shipped
-- armies fights N battles (default 200) on a 6'x4' table with diced terrain,
-- default AI against default AI, on every core. Prints side 1's win rate for
-- each pairing with its 95% interval.
--
--   build/sandtable run scripts/experiments/army_matchups.lua [battles]
local experiment = require("sandtable.experiment")

local battles = math.tointeger(tonumber((...) or "")) or 200
local armies = { "alexandrian_macedonian", "early_imperial_roman", "gallic", "achaemenid_persian" }

local function scenario_text(a, b)
  return table.concat({
    "ruleset: phalanx",
    "turns: 15",
    "table: { size: 6x4, scale: 15-20mm, basing: 2, terrain: diced }",
    "armies:",
    "  - army: phalanx/" .. a,
    "  - army: phalanx/" .. b,
  }, "\n")
end

local variants = {}
for i, a in ipairs(armies) do
  for j, b in ipairs(armies) do
    if i < j then
      variants[#variants + 1] = { name = a .. " v " .. b,
        params = { scenario_text = scenario_text(a, b), scenario_name = a .. " v " .. b } }
    end
  end
end

local summary = experiment.run{ module = "lib.battle_trial", variants = variants, trials = battles, seed = 300 }

print(string.format("Phalanx army match-ups: %d battles each, default AI, 6'x4' diced terrain", summary.trials))
print(string.format("%-48s %-24s %-24s %s", "pairing", "first army wins", "second army wins", "failed"))
for _, v in ipairs(summary.variants) do
  local function pct(i) return string.format("%5.1f%% [%4.1f, %4.1f]", i.rate * 100, i.low * 100, i.high * 100) end
  print(string.format("%-48s %-24s %-24s %d", v.name, pct(v.side1_wins), pct(v.side2_wins), v.failed))
end
return summary
