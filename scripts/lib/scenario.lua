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
--   armies:                     # exactly two
--     - army: phalanx/gallic    # armies/<this>.lua, or a path to a .lua file
--       commander: ai           # default: the ruleset's default commander
local loader = require("sandtable.loader")
local ruleset = require("lib.ruleset")
local fail = require("lib.fail")

local scenario = {}

local KEYS = {
  ruleset = "string", options = "list", house_rules = "list", seed = "integer", turns = "integer",
  table = "map", armies = "list", name = "string", description = "string",
}
local ARMY_KEYS = { army = "string", commander = "string", name = "string" }

local function kind(v)
  if math.type(v) == "integer" then return "integer" end
  if type(v) == "table" then return (#v > 0 or next(v) == nil) and "list" or "map" end
  return type(v)
end

local function sorted_keys(t)
  local out = {}
  for k in pairs(t) do out[#out + 1] = k end
  table.sort(out)
  return out
end

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

-- Where a bare army name lives: "phalanx/gallic" -> armies/phalanx/gallic.lua.
local function army_path(ref, base_dir)
  if ref:match("%.lua$") then
    if loader.exists(ref) then return ref end
    if base_dir and loader.exists(base_dir .. "/" .. ref) then return base_dir .. "/" .. ref end
    return nil
  end
  local module_path = loader.find(ref:gsub("/", "."))
  return module_path
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
    a.file = army_path(a.army, base_dir)
    if not a.file then
      fail("%s: no army list '%s' (looked for armies/%s.lua)", locate(path .. "/army"), a.army,
        a.army)
    end
  end
  for i, p in ipairs(s.house_rules or {}) do
    if base_dir and not loader.exists(p) and loader.exists(base_dir .. "/" .. p) then
      s.house_rules[i] = base_dir .. "/" .. p
    end
  end
  s.locate = locate
  s.file = name
  return s
end

return scenario
