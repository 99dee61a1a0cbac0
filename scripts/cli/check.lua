-- `sandtable check ARMY.lua...`: validate army lists against their ruleset and
-- report every problem as file:line: message.
local loader = require("sandtable.loader")
local fail = require("lib.fail")
local ruleset = require("lib.ruleset")

local cli = {}

-- The ruleset an army file belongs to: --ruleset, else the folder under armies/.
local function ruleset_of(path, given)
  if given and given ~= "" then return given end
  local name = path:match("armies/([%w_]+)/[^/]+%.lua$")
  if not name then
    fail(path .. ": cannot tell which ruleset this army is for; put it under armies/<ruleset>/ or pass --ruleset")
  end
  return name
end

function cli.run(paths, given_ruleset)
  local instances, problems_total = {}, 0
  for _, path in ipairs(paths) do
    local name = ruleset_of(path, given_ruleset)
    local rules = instances[name] or ruleset.load(name)
    instances[name] = rules
    local manifest = rules.manifest
    if not manifest.armies then fail("ruleset '" .. name .. "' has no army list checker") end
    local armies = rules.require(manifest.armies)
    local troops = manifest.troops and rules.require(manifest.troops) or nil
    local army, load_problems = armies.load(path, loader.read)
    local problems = army and armies.check(army, troops) or load_problems
    if #problems == 0 then
      local title = army.fields and army.fields.name or army.name or name
      print(string.format("%s: ok (%s)", path, title))
    else
      for _, p in ipairs(problems) do print(armies.format and armies.format(p) or (p.file .. ":" .. p.line .. ": " .. p.message)) end
    end
    problems_total = problems_total + #problems
  end
  if problems_total > 0 then
    print(string.format("%d problem%s found", problems_total, problems_total == 1 and "" or "s"))
  end
  return problems_total
end

return cli
