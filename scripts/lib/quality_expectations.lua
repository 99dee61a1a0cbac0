-- A scenario's own word on where it falls short of the project's battle-
-- quality goals, and why (docs/quality.md, "A scenario's documented
-- shortfalls"). Issue #13 asks for 90% of battles decided "unless a scenario
-- documents why not"; the same block lets a scenario say so for any goal,
-- with a floor (or ceiling) the quality test still holds it to, so a
-- documented shortfall cannot quietly get worse:
--
--   quality:
--     decided: { at_least: 0.70, why: "the Persians may hold the river line all day" }
--     mirror:  { why: "a siege: the town is one side's; the same army on both sides is no siege" }
--
-- decided / engaged take at_least, moved_nothing / absurd take at_most (the
-- figures of `sandtable quality`, as fractions: 0.70 = 70%); mirror takes
-- only why (the mirror matches are then not fought). Every entry needs why.
local sorted_keys = require("lib.sorted_keys")
local fail = require("lib.fail")

local expectations = {}

-- goal -> the bound it takes ("at_least" or "at_most"; nil: why only)
expectations.BOUNDS = { decided = "at_least", engaged = "at_least", moved_nothing = "at_most", absurd = "at_most",
                        mirror = false }

-- Checks a scenario's quality: block (q, already known to be a map) and
-- returns it; locate(path) names the file, line and column of a key.
function expectations.check(q, locate)
  for _, goal in ipairs(sorted_keys(q)) do
    local path = "/quality/" .. goal
    local bound = expectations.BOUNDS[goal]
    if bound == nil then
      fail("%s: unknown goal '%s' in quality: (expected one of: %s)", locate(path), goal,
        table.concat(sorted_keys(expectations.BOUNDS), ", "))
    end
    local e = q[goal]
    if type(e) ~= "table" then fail("%s: expected a map with why: (and %s:)", locate(path), bound or "nothing else") end
    for _, key in ipairs(sorted_keys(e)) do
      if key ~= "why" and key ~= bound then
        fail("%s: unknown key '%s' (expected: why%s)", locate(path .. "/" .. key), key, bound and (", " .. bound) or "")
      end
    end
    if type(e.why) ~= "string" or e.why:match("^%s*$") then
      fail("%s: say why the scenario falls short of this goal (why: \"...\")", locate(path))
    end
    if bound then
      local v = e[bound]
      if type(v) ~= "number" or v < 0 or (goal ~= "absurd" and v > 1) then
        fail("%s: '%s' should be a number%s (a fraction: 0.70 = 70%%)", locate(path .. "/" .. bound), bound,
          goal ~= "absurd" and " from 0 to 1" or " of at least 0")
      end
    end
  end
  return q
end

-- The verdict on one figure: "met" (the project's goal), "documented" (short
-- of the goal but within the scenario's documented bound) or "missed".
function expectations.verdict(goal_met, figure, documented, bound)
  if goal_met then return "met" end
  if not documented or not bound then return "missed" end
  local v = documented[bound]
  if bound == "at_least" and figure >= v - 1e-9 then return "documented" end
  if bound == "at_most" and figure <= v + 1e-9 then return "documented" end
  return "missed"
end

return expectations
