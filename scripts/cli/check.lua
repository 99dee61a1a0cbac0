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

local function num(v) return math.type(v) == "integer" and string.format("%d", v) or string.format("%g", v) end

-- A ruleset's armies.summary(army, troops): { measure = "points", units =
-- { {name, detail, value} }, groups = { {title, rows = { {name, value,
-- percent, limit, ok} }} }, total, limit = "points_limit 200", over }.
local function print_summary(s)
  local measure = s.measure or "points"
  print(string.format("  %s by unit:", measure))
  for _, u in ipairs(s.units or {}) do
    local label = u.detail and string.format("%s (%s)", u.name, u.detail) or tostring(u.name)
    print(string.format("    %-64s %6s", label, num(u.value)))
  end
  for _, g in ipairs(s.groups or {}) do
    print(string.format("  %s:", g.title))
    for _, r in ipairs(g.rows or {}) do
      local mark = r.ok == false and "  OVER THE LIMIT" or ""
      print(string.format("    %-12s %6s  %5.1f%%%s%s", tostring(r.name), num(r.value), r.percent or 0,
        r.limit and ("  " .. r.limit) or "", mark))
    end
  end
  print(string.format("  total: %s %s%s%s", num(s.total or 0), measure, s.limit and (" (" .. s.limit .. ")") or "",
    s.over and "  OVER THE LIMIT" or ""))
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
    if army and armies.summary then
      -- A list with problems may not add up: then the summary is left out.
      local ok, summary = pcall(armies.summary, army, troops)
      if ok and type(summary) == "table" then print_summary(summary) end
    end
    problems_total = problems_total + #problems
  end
  if problems_total > 0 then
    print(string.format("%d problem%s found", problems_total, problems_total == 1 and "" or "s"))
  end
  return problems_total
end

return cli
