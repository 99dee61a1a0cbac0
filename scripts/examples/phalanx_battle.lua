-- A Phalanx battle between two shipped armies, run by hand (before or
-- beside `sandtable battle`):
--   sandtable run scripts/examples/phalanx_battle.lua
-- Edit SEED / ARMIES / OPTIONS below; QUIET = true times a batch instead.
local dice = require("sandtable.dice")
local loader = require("sandtable.loader")
local armies = require("phalanx.armies")
local troops = require("phalanx.troops")
local battle = require("phalanx.battle")

local SEED = 1
local ARMIES = { "armies/phalanx/early_imperial_roman.lua", "armies/phalanx/gallic.lua" }
local OPTIONS = {}

local function load_army(path)
  local army, problems = armies.load(path, loader.read)
  if not army then error(armies.format(problems[1]), 0) end
  local bad = armies.check(army, troops)
  if #bad > 0 then error(armies.format(bad[1]), 0) end
  return army
end

local rules = { options = {}, require = require }
for _, id in ipairs(OPTIONS) do
  require("phalanx.options." .. id).apply(rules)
  rules.options[id] = true
end

local result = battle.run{
  rules = rules,
  scenario = { table = { size = "6x4", scale = "15-20mm", basing = 2, terrain = "diced" }, turns = 12 },
  armies = { load_army(ARMIES[1]), load_army(ARMIES[2]) },
  commanders = { "ai", "ai" },
  dice = dice.random(SEED),
  report = print,
}
print(string.format("winner %s, %s, %d turns", tostring(result.winner), result.reason, result.turns))
