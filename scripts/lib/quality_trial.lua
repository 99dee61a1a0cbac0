-- The trial module behind `sandtable quality`: one battle per trial under the
-- referee, with the event log kept so lib.quality can see who engaged.
-- Returns the battle's result with its quality measures.
--
-- params: as lib.battle_trial's, plus mirror = 1 or 2: that army on both
-- sides (a mirror match: a fair commander wins it as often from either side).
local battle = require("lib.battle")
local battle_trial = require("lib.battle_trial")

local trial = {}

function trial.prepare(params)
  if not params.mirror then return battle_trial.prepare(params) end
  return battle_trial.prepare(params, function(s)
    local a = s.armies[params.mirror]
    s.armies = { a, { army = a.army, commander = a.commander, name = a.name, file = a.file } }
  end)
end

function trial.trial(prepared, seed)
  local r = battle.run{ prepared = prepared, seed = seed, log = true, referee = true, quality = true }
  return { winner = r.winner, turns = r.turns, reason = r.reason, turn_limit = r.turn_limit, quality = r.quality }
end

return trial
