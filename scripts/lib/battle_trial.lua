-- The trial module behind `sandtable sim`: one battle per trial, quiet and
-- without an event log. prepare() runs once per worker and variant (it loads,
-- patches and freezes the ruleset and checks the armies); trial() fights.
local loader = require("sandtable.loader")
local battle = require("lib.battle")
local scenario = require("lib.scenario")

local trial = {}

-- params: { scenario = path | scenario_text = YAML (with scenario_name),
--           house_rules = { paths }, referee = true (check every phase) }
-- adjust: optional function(scenario) that changes the parsed scenario
-- before the armies load (a mirror match puts one army on both sides)
function trial.prepare(params, adjust)
  local s
  if params.scenario_text then
    s = scenario.parse(params.scenario_text, params.scenario_name or "experiment scenario")
  else
    s = scenario.parse(loader.read(params.scenario), loader.display(params.scenario),
      params.scenario:match("^(.*)/[^/]*$"))
  end
  if adjust then adjust(s) end
  local prepared = battle.prepare(s, params.house_rules)
  prepared.referee = params.referee == true
  return prepared
end

-- The two sides' names for the summary (the army lists' names, else the
-- lists as the scenario names them), so reports say "Gallic" and not "side 2".
function trial.sides(prepared)
  local names = {}
  for i, entry in ipairs(prepared.scenario.armies) do
    local army = prepared.armies[i]
    names[i] = army and army.fields and army.fields.name or entry.army
  end
  return names
end

function trial.trial(prepared, seed)
  local r = battle.run{ prepared = prepared, seed = seed, log = false, referee = prepared.referee }
  return { winner = r.winner, turns = r.turns, reason = r.reason, losses = r.losses }
end

return trial
