-- The trial module behind `sandtable quality`: one battle per trial under the
-- referee, with the event log kept so lib.quality can see who engaged.
-- Returns the battle's result with its quality measures.
local battle = require("lib.battle")
local battle_trial = require("lib.battle_trial")

local trial = {}

trial.prepare = battle_trial.prepare

function trial.trial(prepared, seed)
  local r = battle.run{ prepared = prepared, seed = seed, log = true, referee = true, quality = true }
  return { winner = r.winner, turns = r.turns, reason = r.reason, turn_limit = r.turn_limit, quality = r.quality }
end

return trial
