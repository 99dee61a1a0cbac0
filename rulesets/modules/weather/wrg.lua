-- The weather module's WRG adapter: WRG Ancients 1973, OPTIONAL RULES FOR
-- WEATHER AND TIME OF DAY (pp. 33-34), every rule, on WRG's battle engine.
-- A scenario switches it on with `options: [weather]` and sets it with a
-- `weather:` block (docs/modules.md, docs/scenarios.md):
--
--   weather:
--     region: europe          # mediterranean (default) | europe
--     month: 1                # 1-12 (default 6)
--     ground: inland          # inland (default) | coast | mountains | desert | steppe
--     start_period: 1         # period of the day the battle begins, or "dice"
--     potential: 1            # the potential weather die, fixed (else diced)
--     falling: true           # the potential weather falls as the battle begins
--     steady: true            # ... and neither starts nor ceases (no period dice)
--     periods_fallen: 3       # rain or snow already fallen before the battle
--     fog: true               # fog fixed (else thrown for where it may occur)
--     sun: false              # dazzling sun fixed (else as the rules say)
--     wind_from: NE           # the wind's point, fixed (else by the region)
--     lights: [2]             # sides whose troops carry torches (or camp fires)
--     camp: { side: 2, guards: 1 }   # an army encamped at night
--     arabs: [1]              # sides of arabs (desert winds, drought)
--     wells: [2]              # sides with access to a well (drought)
--
-- The generic state (modules/weather/init.lua) lives at G.weather; this
-- adapter's own (sightings, lights, the camp) at G.weather_wrg. The effects
-- are in modules/weather/wrg/*.lua, one file per kind: factors.lua (weapon
-- factors and reaction tests), movement.lua (move distances, rivers, wind,
-- mountain paths), sight.lua (what each side sees), night.lua (nightfall,
-- drift, camps). They act through WRG's hooks: G.shooting_bonus,
-- G.melee_bonus, G.reaction_bonus, G.move_paces, G.sight_filter, G.can_see,
-- G.unseen_move, G.after_movement (rulesets/wrg/period/*.lua, rulesets/wrg/ai.lua).
local W = require("modules.weather")
local fail = require("lib.fail")
local factors = require("modules.weather.wrg.factors")
local movement = require("modules.weather.wrg.movement")
local sight = require("modules.weather.wrg.sight")
local night = require("modules.weather.wrg.night")

local A = { id = "weather", title = "Weather and time of day (weather module)", rule = W.rule }

-- The option itself changes no modifier list: its effects are hooks the
-- battle installs (A.start).
function A.apply(rules) local _ = rules end

local KEYS = {
  region = "string", month = "integer", ground = "string", start_period = "integer|dice", potential = "integer",
  falling = "boolean", steady = "boolean", periods_fallen = "integer", fog = "boolean", sun = "boolean",
  wind_from = "string", lights = "sides", camp = "map", arabs = "sides", wells = "sides",
}

local sorted_keys = require("lib.sorted_keys")

-- The scenario's weather block checked: a clear message naming file, line
-- and what was expected.
function A.read_spec(block, locate)
  local function where(key) return locate and locate("/weather" .. (key and ("/" .. key) or "")) or "weather" end
  if block == nil then return {} end
  if type(block) ~= "table" then fail("%s: weather should be a map of settings", where()) end
  local spec = {}
  for _, k in ipairs(sorted_keys(block)) do
    local want, v = KEYS[k], block[k]
    if not want then fail("%s: unknown weather key '%s' (expected one of: %s)", where(k), k, table.concat(sorted_keys(KEYS), ", ")) end
    local ok
    if want == "integer" then ok = math.type(v) == "integer"
    elseif want == "integer|dice" then ok = math.type(v) == "integer" or v == "dice"
    elseif want == "sides" then
      ok = type(v) == "table"
      for _, s in ipairs(ok and v or {}) do ok = ok and (s == 1 or s == 2) end
    elseif want == "map" then ok = type(v) == "table"
    else ok = type(v) == want end
    if not ok then
      fail("%s: weather '%s' should be %s, found %s", where(k), k,
        want == "sides" and "a list of sides (1 or 2)" or want == "integer|dice" and "an integer or \"dice\"" or ("a " .. want),
        tostring(v))
    end
    spec[k] = v
  end
  if spec.region and not W.TABLES[spec.region] then
    fail("%s: weather region '%s' is not mediterranean or europe", where("region"), spec.region)
  end
  if spec.month and (spec.month < 1 or spec.month > 12) then fail("%s: weather month %d is not 1 to 12", where("month"), spec.month) end
  if spec.ground and not W.GROUNDS[spec.ground] then
    fail("%s: weather ground '%s' is not one of: %s", where("ground"), spec.ground, table.concat(sorted_keys(W.GROUNDS), ", "))
  end
  if spec.potential and (spec.potential < 1 or spec.potential > 6) then
    fail("%s: weather potential %d is not a die score 1 to 6", where("potential"), spec.potential)
  end
  if spec.wind_from then
    local ok = false
    for _, p in ipairs(W.POINTS) do ok = ok or p == spec.wind_from end
    if not ok then fail("%s: weather wind_from '%s' is not one of: %s", where("wind_from"), spec.wind_from, table.concat(W.POINTS, ", ")) end
  end
  if spec.camp then
    local c = spec.camp
    if not (c.side == 1 or c.side == 2) then fail("%s: weather camp needs side: 1 or 2", where("camp")) end
    if c.guards ~= nil and math.type(c.guards) ~= "integer" then fail("%s: weather camp guards should be an integer", where("camp")) end
    for k in pairs(c) do
      if k ~= "side" and k ~= "guards" then fail("%s: unknown camp key '%s' (expected side, guards)", where("camp"), tostring(k)) end
    end
  end
  return spec
end

local function set_of(list)
  local s = {}
  for _, v in ipairs(list or {}) do s[v] = true end
  return s
end

local function describe(G)
  local w = G.weather
  local parts = {}
  if W.raining(w) then parts[#parts + 1] = string.format("rain falling (%d periods of rain)", w.rain_periods) end
  if W.snowing(w) then parts[#parts + 1] = string.format("snow falling (%d periods of snow)", w.snow_periods) end
  if W.strong_wind(w) then parts[#parts + 1] = "strong winds from the " .. W.POINTS[w.wind_from] end
  if not w.falling and (w.rain_possible or w.snow_possible or w.wind_possible) then parts[#parts + 1] = "dry" end
  if W.missiles_wet(w) then parts[#parts + 1] = "missiles -1" end
  if W.sodden(w) then parts[#parts + 1] = "ground sodden" end
  if W.night(w) then parts[#parts + 1] = "night" end
  local v = W.visibility(w)
  if v then parts[#parts + 1] = string.format("visibility %d paces", v) end
  return #parts > 0 and table.concat(parts, ", ") or "fine"
end

-- At the start of the battle (after the terrain, before deployment): the
-- potential weather, the hour, the wind, fog and sun; the hooks installed.
function A.start(G, scenario)
  scenario = scenario or {}
  local spec = A.read_spec(scenario.weather, scenario.locate)
  local ok, w = pcall(W.start, spec, G.dice)
  if not ok then
    fail("%s: %s", scenario.locate and scenario.locate("/weather") or "weather", (tostring(w):gsub("^.-(weather: )", "%1")))
  end
  G.weather = w
  G.weather_wrg = {
    lights = set_of(spec.lights), arabs = set_of(spec.arabs), wells = set_of(spec.wells), camp = spec.camp,
    began_at_night = w.day_period + 1 > w.daylight, seen = nil, lit = {}, -- seen: set each period (sight.lua)
  }
  local say = G.report
  if say then
    say(string.format("Weather (%s, month %d, %s ground): die %d, potential weather: %s. Wind from the %s%s%s.",
      W.TABLES[w.region].title, w.month, w.ground, w.potential_die, w.potential, W.POINTS[w.wind_from],
      w.fog and "; fog for the first 3 periods" or "", w.sun_dazzles and "; a dazzling sun" or ""))
    say(string.format("  The battle begins in period %d of the day (%d periods of daylight)%s.", w.day_period + 1,
      w.daylight, G.weather_wrg.began_at_night and ", at night" or ""))
  end
  if G.log then
    G.bf:log("weather_start", { region = w.region, month = w.month, ground = w.ground, die = w.potential_die,
                                potential = w.potential, wind_from = W.POINTS[w.wind_from], fog = w.fog,
                                sun = w.sun_dazzles, day_period = w.day_period + 1, daylight = w.daylight })
  end
  factors.install(G)
  movement.install(G)
  sight.install(G)
  night.install(G)
  G.after_movement = function(G2)
    movement.after_movement(G2)
    night.drift(G2)
    night.camp_after_movement(G2)
    sight.update(G2)
  end
end

-- At the start of every period: the weather's dice and counters, then what
-- they mean now. Returns "nightfall" when night falls on a battle begun by
-- day ("Fighting will normally cease at nightfall"): the battle ends.
function A.period(G)
  local w = G.weather
  local change = W.period(w, G.dice)
  if not G.weather_wrg.began_at_night and W.night(w) then
    if G.report then G.report("Night falls: fighting ceases (OPTIONAL RULES FOR WEATHER AND TIME OF DAY, Night).") end
    if G.log then G.bf:log("weather", { period = w.period, nightfall = true }) end
    return "nightfall"
  end
  if G.report then
    local what = change == "started" and "the potential weather begins. " or change == "ceased" and "the weather clears. " or ""
    G.report(string.format("Weather: %s%s.", what, describe(G)))
  end
  if G.log then
    G.bf:log("weather", { period = w.period, falling = w.falling, change = change, night = W.night(w),
                          visibility = W.visibility(w), wind_from = W.POINTS[w.wind_from] })
  end
  night.camp_period(G)
  movement.period(G)
  sight.update(G)
  return nil
end

A.describe = describe
return A
