-- Reading a campaign file (docs/campaigns.md): YAML naming the scenario
-- whose armies, table and ruleset every battle starts from, and what the
-- campaign itself decides. Errors name the file, line and column.
--
--   name: Caesar in Britain          # shown in the account
--   description: ...
--   scenario: ../../scenarios/wrg/medway.yaml   # beside this file, or in the shipped data
--   fortress: siege.yaml             # optional: the table of a siege, when the rules call for one
--   battles: 6                       # the most battles fought (default 6)
--   seed: 55                         # default 1; --seed overrides
--   weather:                         # optional: battles a month apart
--     region: europe                 #   (given to each battle's weather block)
--     month: 3                       #   the first battle's month (default: the ruleset's spring)
local loader = require("sandtable.loader")
local fail = require("lib.fail")
local scenario = require("lib.scenario")
local sorted_keys = require("lib.sorted_keys")

local file = {}

file.KEYS = { name = "string", description = "string", scenario = "string", battles = "integer", seed = "integer",
              weather = "map", fortress = "string" }
file.WEATHER_KEYS = { region = "string", month = "integer" }
file.MAX_BATTLES = 50

local function kind(v)
  if math.type(v) == "integer" then return "integer" end
  if type(v) == "table" then return (#v > 0 or next(v) == nil) and "list" or "map" end
  return type(v)
end


local function check_keys(value, spec, path, locate)
  for _, key in ipairs(sorted_keys(value)) do
    local want = spec[key]
    if not want then
      fail("%s: unknown key '%s' in a campaign (expected one of: %s)", locate(path .. "/" .. tostring(key)),
        tostring(key), table.concat(sorted_keys(spec), ", "))
    end
    local got = kind(value[key])
    if got ~= want then
      fail("%s: '%s' should be a%s %s, found a %s", locate(path .. "/" .. key), key, want == "integer" and "n" or "",
        want == "map" and "map of keys" or want, got)
    end
  end
end

-- The scenario a campaign names: beside the campaign file, else in the
-- shipped data (scenarios/wrg/medway.yaml works from any folder).
local function find_scenario(ref, base_dir, where)
  local tried = {}
  local first = scenario.join(base_dir, ref)
  local status, why = loader.probe(first)
  if status == "file" then return first end
  if status == "refused" then fail("%s: scenario '%s': %s", where, ref, why) end
  tried[#tried + 1] = first
  if ref:sub(1, 1) ~= "/" then
    for _, d in ipairs(loader.search_dirs()) do
      if d.kind == "shipped" then
        local p = d.dir .. "/" .. ref
        if loader.probe(p) == "file" then return p end
        tried[#tried + 1] = p
      end
    end
  end
  fail("%s: no scenario '%s' (looked for %s)", where, ref, table.concat(tried, ", "))
end

-- text: the YAML; name: its file name (messages); base_dir: its folder.
-- Returns the campaign: { name, description, battles, seed, weather,
-- scenario_path, scenario (parsed), file, locate }.
function file.parse(text, name, base_dir)
  local c, locate = loader.yaml(text, name)
  if type(c) ~= "table" or kind(c) ~= "map" then
    fail("%s: a campaign is a map of keys such as scenario: and battles:", locate and locate("") or name)
  end
  check_keys(c, file.KEYS, "", locate)
  if not c.scenario then
    fail("%s: missing 'scenario' (the scenario every battle starts from, for example scenario: "
      .. "scenarios/wrg/medway.yaml)", locate(""))
  end
  c.battles = c.battles or 6
  if c.battles < 1 or c.battles > file.MAX_BATTLES then
    fail("%s: 'battles' must be from 1 to %d, found %d", locate("/battles"), file.MAX_BATTLES, c.battles)
  end
  if c.seed and c.seed < 0 then fail("%s: 'seed' must be 0 or more, found %d", locate("/seed"), c.seed) end
  if c.weather then
    check_keys(c.weather, file.WEATHER_KEYS, "/weather", locate)
    local m = c.weather.month
    if m and (m < 1 or m > 12) then fail("%s: 'month' must be 1 to 12, found %d", locate("/weather/month"), m) end
    -- the weather module's regions (its own tables), named at this line
    local r = c.weather.region
    local W = loader.find("modules.weather") and require("modules.weather") or nil
    if r and W and W.TABLES and not W.TABLES[r] then
      fail("%s: weather region '%s' is not one of: %s", locate("/weather/region"), r,
        table.concat(sorted_keys(W.TABLES), ", "))
    end
  end
  c.scenario_path = find_scenario(c.scenario, base_dir, locate("/scenario"))
  c.scenario = scenario.parse(loader.read(c.scenario_path), loader.display(c.scenario_path),
    c.scenario_path:match("^(.*)/[^/]*$"))
  if c.fortress then
    c.fortress_path = find_scenario(c.fortress, base_dir, locate("/fortress"))
    c.fortress = scenario.parse(loader.read(c.fortress_path), loader.display(c.fortress_path),
      c.fortress_path:match("^(.*)/[^/]*$"))
    if c.fortress.ruleset ~= c.scenario.ruleset then
      fail("%s: the fortress scenario is for ruleset '%s', the campaign's scenario for '%s'", locate("/fortress"),
        c.fortress.ruleset, c.scenario.ruleset)
    end
  end
  c.file, c.locate = name, locate
  return c
end

-- Reads and parses the campaign file at `path`.
function file.load(path)
  return file.parse(loader.read(path), loader.display(path), path:match("^(.*)/[^/]*$"))
end

return file
