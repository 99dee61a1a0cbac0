-- `sandtable battle`: parse the scenario, run it, print the account and the
-- result. The C++ side handles flags and writes the event log.
local loader = require("sandtable.loader")
local scenario = require("lib.scenario")
local battle = require("lib.battle")

local cli = {}

local function losses_line(losses)
  local parts = {}
  local classes = {}
  for class in pairs(losses or {}) do classes[#classes + 1] = class end
  table.sort(classes)
  for _, class in ipairs(classes) do parts[#parts + 1] = string.format("%d %s", losses[class], class) end
  return #parts > 0 and table.concat(parts, ", ") or "none"
end

-- opts: path (or nil), text (a scenario's text when path is nil), seed,
-- turns, quiet, referee
function cli.run(opts)
  local text, name = opts.text, opts.name or "default scenario"
  local base_dir
  if opts.path then
    text, name = loader.read(opts.path), loader.display(opts.path)
    base_dir = opts.path:match("^(.*)/[^/]*$")
  end
  local s = scenario.parse(text, name, base_dir)
  local report = (not opts.quiet) and print or nil
  local prepared = battle.prepare(s, opts.house_rules)
  local result = battle.run{ prepared = prepared, seed = opts.seed, turns = opts.turns, report = report,
                             referee = opts.referee }
  -- Armies by their list's name ("Gallic"), else by the list given.
  local names = {}
  for i, a in ipairs(s.armies) do
    local army = prepared.armies[i]
    names[i] = army and army.fields and army.fields.name or a.army
  end
  print("")
  if result.winner then
    print(string.format("Result: %s wins (%s) after %d turns, seed %d.", names[result.winner], result.reason,
      result.turns, result.seed))
  else
    print(string.format("Result: no victory after %d turns (%s), seed %d.", result.turns, result.reason or "turn limit",
      result.seed))
  end
  for i = 1, 2 do
    print(string.format("  Losses of %s: %s", names[i], losses_line(result.losses and result.losses[i])))
  end
  if result.referee then
    print(string.format("  Referee: %d phases checked, no violation.", result.referee.phases))
  end
  return result
end

return cli
