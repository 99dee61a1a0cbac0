-- lib.commander: which commander leads a side.
local T = require("lib.testing")
local commander = require("lib.commander")
local ruleset = require("lib.ruleset")

T.case("commander: 'ai' and nothing give the ruleset's default; a table is used as given", function()
  local rules = ruleset.load("phalanx")
  local ai = rules.require("phalanx.ai")
  T.truthy(commander.resolve(rules, nil) == ai)
  T.truthy(commander.resolve(rules, "ai") == ai)
  T.truthy(commander.resolve(rules, "default", "phalanx.ai") == ai)
  local mine = { deployment = function() end }
  T.truthy(commander.resolve(rules, mine) == mine)
end)

T.case("commander: an unknown module name is a user error naming it", function()
  T.raises(function() commander.resolve(ruleset.load("phalanx"), "phalanx.nobody") end,
    "commander 'phalanx.nobody': no such module")
end)
