-- Running one battle from a scenario: load the ruleset in its layers, load
-- and check both armies, hand everything to the ruleset's battle module, and
-- return its result. Used by `sandtable battle`, the experiment runner and
-- scripts.
--
--   local battle = require("lib.battle")
--   local result = battle.run{ scenario = s, seed = 7, report = print }
local dice = require("sandtable.dice")
local loader = require("sandtable.loader")
local fail = require("lib.fail")
local ruleset = require("lib.ruleset")
local referee = require("lib.referee")

local battle = {}

local function problems_text(list, format)
  local lines = {}
  for _, p in ipairs(list) do lines[#lines + 1] = format and format(p) or (p.file .. ":" .. p.line .. ": " .. p.message) end
  return table.concat(lines, "\n")
end

-- Loads the ruleset instance of a parsed scenario (shared by every trial of
-- an experiment: loading and freezing happen once).
function battle.prepare(s, extra_house_rules)
  local house = {}
  for _, p in ipairs(s.house_rules or {}) do house[#house + 1] = p end
  for _, p in ipairs(extra_house_rules or {}) do house[#house + 1] = p end
  local rules = ruleset.load(s.ruleset, { options = s.options, house_rules = house, scale = s.scale })
  local manifest = rules.manifest
  local armies_mod = rules.require(manifest.armies)
  local troops = manifest.troops and rules.require(manifest.troops) or nil
  local armies = {}
  for i, entry in ipairs(s.armies) do
    -- Read from where the scenario found it, named in messages as shown
    -- (a shipped list relative to the shipped data: armies/phalanx/gallic.lua).
    local shown = entry.shown or entry.file
    local army, load_problems = armies_mod.load(shown, function() return loader.read(entry.file) end)
    local problems = army and armies_mod.check(army, troops) or load_problems
    if #problems > 0 then
      fail("army %d (%s) is not a legal list:\n%s", i, shown, problems_text(problems, armies_mod.format))
    end
    armies[i] = army
  end
  rules.freeze()
  s.extra_house_rules = extra_house_rules
  return { rules = rules, armies = armies, scenario = s, battle = rules.require(manifest.battle) }
end

-- opts: scenario (parsed) or prepared, seed, turns, report (function or nil),
-- log (false: no event log, for bulk trials), referee (true: check every
-- phase, lib.referee; a violation raises a user error naming the rule and
-- the replay command), replay (the command that replays this battle, for
-- the referee's message; default built from the scenario's file), quality
-- (true, with referee and the log on: result.quality holds lib.quality's
-- measures of the battle)
function battle.run(opts)
  local prepared = opts.prepared or battle.prepare(opts.scenario)
  local s = prepared.scenario
  local seed = opts.seed or s.seed or 1
  local commanders = {}
  for i, entry in ipairs(s.armies) do commanders[i] = entry.commander end
  local ctx = {
    rules = prepared.rules,
    scenario = s,
    armies = prepared.armies,
    commanders = commanders,
    dice = dice.random(seed),
    seed = seed,
    turns = opts.turns or s.turns or 12,
    report = opts.report,
    log = opts.log ~= false,
  }
  if opts.referee then
    local replay = opts.replay
    if not replay then
      replay = string.format("sandtable battle %s --seed %d --referee", s.file or "SCENARIO", seed)
      for _, h in ipairs(s.extra_house_rules or {}) do replay = replay .. " --house-rule " .. h end
    end
    ctx.referee = referee.new{ rules = prepared.rules, replay = replay, quality = opts.quality }
  end
  -- A hash of the state at each turn's end goes into the log, so a replay
  -- that drifts is caught at the turn where it drifts.
  -- It also records every unit's ruleset fields, so a replay can show a
  -- unit's state (strength, hits, markers) without loading the rules.
  ctx.turn_ended = function(bf, turn)
    if not ctx.log then return end
    local units = {}
    for _, id in ipairs(bf:units()) do units[#units + 1] = { unit = id, data = bf:data(id) } end
    bf:log("turn_end", { turn = turn, hash = bf:hash(), units = units })
  end
  local result = prepared.battle.run(ctx)
  if ctx.referee then
    if not ctx.referee.G then
      fail("referee: the %s battle never called referee.watch(ctx, G), so nothing was checked",
        prepared.rules.manifest.name or "ruleset's")
    end
    ctx.referee:finish()
    result.referee = { phases = ctx.referee.phases_checked, warnings = ctx.referee.warnings }
    result.quality = ctx.referee.metrics
    result.turn_limit = ctx.turns
  end
  result.seed = seed
  return result
end

return battle
