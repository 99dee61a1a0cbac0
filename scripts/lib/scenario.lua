-- Reading a scenario file: the keys every ruleset shares, checked with
-- errors that name the file, line and column. The ruleset reads its own keys
-- (table size, terrain ...) from scenario.table and reports them the same way
-- through scenario.locate.
--
--   ruleset: phalanx            # rulesets/<name>/init.lua
--   options: [recovery]         # the ruleset's optional rules, by id
--   house_rules: [my_rule.lua]  # files returning function(rules)
--   seed: 42                    # default 1; --seed overrides
--   turns: 12                   # turn limit; --turns overrides
--   table: { ... }              # the ruleset's own keys (see its docs)
--   scale: 15mm                 # optional: a figure scale the ruleset offers
--   quality: { ... }            # optional: documented shortfalls (lib.quality_expectations)
--   history: { ... }            # optional: the historical day's result (lib.scenario_history)
--   armies:                     # exactly two
--     - army: phalanx/gallic    # armies/<this>.lua, or a path to a .lua file
--       commander: ai           # default: the ruleset's default commander
local loader = require("sandtable.loader")
local ruleset = require("lib.ruleset")
local fail = require("lib.fail")
local quality_expectations = require("lib.quality_expectations")
local scenario_history = require("lib.scenario_history")

local scenario = {}

local KEYS = {
  ruleset = "string", options = "list", house_rules = "list", seed = "integer", turns = "integer",
  table = "map", armies = "list", name = "string", description = "string", scale = "string",
  weather = "map", -- the weather module's settings, read by the ruleset's adapter (docs/modules.md)
  quality = "map", -- where the scenario falls short of the battle-quality goals, and why (docs/quality.md)
  history = "map", -- the historical result the scenario stands for (docs/quality.md, "History and the sim")
}
local ARMY_KEYS = { army = "string", commander = "string", name = "string" }

local function kind(v)
  if math.type(v) == "integer" then return "integer" end
  if type(v) == "table" then return (#v > 0 or next(v) == nil) and "list" or "map" end
  return type(v)
end

local sorted_keys = require("lib.sorted_keys")

local function check_keys(value, spec, path, where)
  for _, key in ipairs(sorted_keys(value)) do
    local want = spec[key]
    if not want then
      fail("%s: unknown key '%s' (expected one of: %s)", where(path .. "/" .. key), key,
        table.concat(sorted_keys(spec), ", "))
    end
    local got = kind(value[key])
    if got ~= want and not (want == "map" and got == "list" and next(value[key]) == nil) then
      fail("%s: '%s' should be a %s, found a %s", where(path .. "/" .. key), key, want, got)
    end
  end
end

-- How paths resolve (docs/scenarios.md, "How paths resolve"): a path in a
-- scenario (it ends in .lua) against the scenario's folder, or as written when
-- absolute; a bare name ("phalanx/gallic") is looked for as <name>.lua under
-- armies/ beside the scenario, armies/ of the current directory, each
-- --lua-path folder, then the shipped armies/. A user's list found before a
-- shipped one of the same name is used, and a note says so.

local function join(dir, path)
  if path:sub(1, 1) == "/" or not dir or dir == "" or dir == "." then return path end
  return dir .. "/" .. path
end
scenario.join = join

-- The file a scenario's path names: path, nil | nil, problem.
local function scenario_file(ref, base_dir, what)
  local path = join(base_dir, ref)
  local status, why = loader.probe(path)
  if status == "file" then return path end
  if status == "refused" then return nil, string.format("%s '%s': %s", what, ref, why) end
  return nil, string.format("no %s '%s' (looked for %s)", what, ref, path)
end

local function army_file(ref, base_dir)
  if ref:match("%.lua$") then return scenario_file(ref, base_dir, "army list") end
  local rel = ref .. ".lua"
  local candidates = {}
  if base_dir and base_dir ~= "." and base_dir ~= "" then
    candidates[#candidates + 1] = { path = join(base_dir, "armies/" .. rel), kind = "yours" }
  end
  candidates[#candidates + 1] = { path = "./armies/" .. rel, kind = "yours" }
  for _, d in ipairs(loader.search_dirs()) do
    candidates[#candidates + 1] = { path = d.dir .. "/" .. (d.kind == "shipped" and "armies/" or "") .. rel,
      kind = d.kind }
  end
  local found, tried, refused = nil, {}, nil
  for _, c in ipairs(candidates) do
    local status, why = loader.probe(c.path)
    if status == "file" then
      if not found then
        found = c
      elseif c.kind == "shipped" and found.kind ~= "shipped" and not loader.same_file(found.path, c.path) then
        loader.note(string.format("army '%s' is read from %s, which shadows the shipped list %s", ref, found.path,
          loader.display(c.path)))
      end
    elseif status == "refused" then
      refused = refused or why
    elseif not found then
      tried[#tried + 1] = c.kind == "shipped" and (c.path .. " (shipped)") or c.path
    end
  end
  if found then return found.path, nil, loader.display(found.path) end
  if refused then return nil, string.format("army list '%s': %s", ref, refused) end
  return nil, string.format("no army list '%s' (looked for %s)", ref, table.concat(tried, ", "))
end

-- text: the YAML text; name: its file name (for messages); base_dir: where
-- relative army and house rule paths are resolved.
function scenario.parse(text, name, base_dir)
  local s, locate = loader.yaml(text, name)
  if type(s) ~= "table" then fail(name .. ": a scenario is a map of keys such as ruleset: and armies:") end
  check_keys(s, KEYS, "", locate)
  if not s.ruleset then fail(locate("") .. ": missing 'ruleset' (for example ruleset: phalanx)") end
  local offered = ruleset.options_of(s.ruleset)
  if not offered then
    fail("%s: unknown ruleset '%s' (there is no rulesets/%s/init.lua)", locate("/ruleset"), s.ruleset, s.ruleset)
  end
  for i, id in ipairs(s.options or {}) do
    local known = false
    for _, o in ipairs(offered) do known = known or o == id end
    if not known then
      fail("%s: ruleset '%s' has no option '%s' (it has: %s)", locate("/options/" .. (i - 1)), s.ruleset,
        tostring(id), table.concat(offered, ", "))
    end
  end
  -- scale: one the ruleset's manifest offers (WRG: 15mm, Appendix III)
  if s.scale and not ruleset.scales_of(s.ruleset)[s.scale] then
    local names = {}
    for k in pairs(ruleset.scales_of(s.ruleset)) do names[#names + 1] = k end
    table.sort(names)
    fail("%s: ruleset '%s' has no scale '%s' (%s)", locate("/scale"), s.ruleset, s.scale,
      #names > 0 and ("it has: " .. table.concat(names, ", ")) or "it offers only its own")
  end
  -- the weather module's settings mean nothing unless the module is on
  if s.weather ~= nil then
    local on = false
    for _, id in ipairs(s.options or {}) do on = on or id == "weather" end
    if not on then fail("%s: a weather: block needs the weather module on (options: [weather])", locate("/weather")) end
  end
  if s.quality ~= nil then quality_expectations.check(s.quality, locate) end
  if s.history ~= nil then scenario_history.check(s.history, locate) end
  if not s.armies or #s.armies ~= 2 then
    fail(locate("/armies") .. ": 'armies' must list exactly two armies")
  end
  for i, a in ipairs(s.armies) do
    local path = "/armies/" .. (i - 1)
    if type(a) ~= "table" then fail(locate(path) .. ": expected a map with 'army:'") end
    check_keys(a, ARMY_KEYS, path, locate)
    if not a.army then fail(locate(path) .. ": missing 'army' (for example army: phalanx/gallic)") end
    if a.commander and a.commander ~= "ai" and a.commander ~= "default" and not loader.find(a.commander) then
      fail("%s: no commander module '%s' (use ai for the ruleset's default commander)", locate(path .. "/commander"),
        a.commander)
    end
    local file, problem, shown = army_file(a.army, base_dir)
    if not file then fail("%s: %s", locate(path .. "/army"), problem) end
    a.file, a.shown = file, shown or file
  end
  for i, p in ipairs(s.house_rules or {}) do
    if type(p) ~= "string" then
      fail("%s: expected the path of a house rule file (a .lua file returning function(rules))",
        locate("/house_rules/" .. (i - 1)))
    end
    local file, problem = scenario_file(p, base_dir, "house rule file")
    if not file then fail("%s: %s", locate("/house_rules/" .. (i - 1)), problem) end
    s.house_rules[i] = file
  end
  s.locate = locate
  s.file = name
  return s
end

return scenario
