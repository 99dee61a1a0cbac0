-- The trial module behind `sandtable campaign -n N`: one whole campaign per
-- trial, its seed the trial's. The experiment runner counts result.winner
-- as the campaign's winner (nil: a drawn campaign) and result.turns as its
-- length in battles.
local file = require("lib.campaign.file")
local runner = require("lib.campaign.runner")

local trial = {}

-- params: { campaign = path, house_rules = { paths } (a variant's),
-- referee = true (check every phase) }
function trial.prepare(params)
  local P = runner.prepare(file.load(params.campaign), params.house_rules)
  P.referee = params.referee == true
  return P
end

function trial.sides(P)
  local names = {}
  for i, a in ipairs(P.prepared.armies) do names[i] = a.fields and a.fields.name or ("side " .. i) end
  return names
end

function trial.trial(P, seed)
  local r = runner.run(P, { seed = seed, referee = P.referee })
  return { winner = r.winner, turns = #r.battles, reason = r.reason, hash = r.hash }
end

return trial
