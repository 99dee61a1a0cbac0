-- Which commander leads a side: a scenario names "ai" (or nothing) for the
-- ruleset's default commander, a module name for another one, or a test
-- hands in a commander table directly. Every ruleset's battle asks this.
--
--   local commander = require("lib.commander")
--   local cmd = commander.resolve(ctx.rules, ctx.commanders[s], "phalanx.ai")
local loader = require("sandtable.loader")
local fail = require("lib.fail")

local commander = {}

-- rules: the ruleset instance (its require loads the instance's copy); spec:
-- nil, "ai", "default", a module name or a table; default: the module of the
-- default commander (else the manifest's `commander`).
function commander.resolve(rules, spec, default)
  local req = rules and rules.require or require
  if type(spec) == "table" then return spec end
  if spec == nil or spec == "ai" or spec == "default" then
    spec = default or (rules and rules.manifest and rules.manifest.commander)
    if not spec then error("commander.resolve: no default commander given", 2) end
    return req(spec)
  end
  if type(spec) == "string" then
    if not loader.find(spec) then
      fail("commander '%s': no such module (use \"ai\" for the ruleset's default commander, or a module name " ..
        "such as phalanx.ai)", spec)
    end
    return req(spec)
  end
  error("commander: expected \"ai\", a module name or a commander table, found " .. type(spec), 2)
end

return commander
