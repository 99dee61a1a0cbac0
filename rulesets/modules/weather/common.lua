-- What the weather adapters of Phalanx, Into Glory Ride, Historicon and
-- Hinds share: reading a scenario's `weather:` block, starting the generic
-- state (modules.weather) at G.weather, advancing it a period at a time,
-- the side's view (lib.sighting) and the label every term carries. Each
-- adapter says what the weather means in its ruleset's own terms.
--
--   weather:              # a scenario's block (every key optional; the keys of
--                         # the generic part, docs/modules.md)
--     region: europe      # mediterranean (default) | europe
--     month: 11           # 1-12 (default 6)
--     ground: inland      # inland (default) | coast | mountains | desert | steppe
--     start_period: 1     # the period of the day the battle begins (1 = dawn), or "dice"
--     potential: 2        # fixes the potential-weather die (1-6) instead of throwing it
--     falling: true       # the potential weather is falling as the battle begins
--     steady: true        # no period dice: the weather neither starts nor ceases
--     periods_fallen: 3   # periods of rain or snow before the battle
--     fog: true           # fixes the fog (true/false) instead of throwing for it
--     sun: false          # fixes the dazzling sun
--     wind_from: NE       # fixes the wind's point
--     lights: [2]         # sides whose troops carry torches (lit 60 paces round, no drift)
--     camp: { side: 2, guards: 1 }   # an army encamped at night (guards at most 1/5)
--     arabs: [1]          # sides of arabs (desert winds, drought)
--     wells: [2]          # sides with access to a well (drought)
local W = require("modules.weather")
local sighting = require("lib.sighting")
local fail = require("lib.fail")
local E = require("modules.weather.adapted")

local C = {}

local KEYS = { region = "string", month = "number", ground = "string", start_period = "any", potential = "number",
               falling = "boolean", steady = "boolean", periods_fallen = "number", fog = "boolean", sun = "boolean",
               wind_from = "string", lights = "sides", camp = "map", arabs = "sides", wells = "sides" }

-- A mistake in the scenario's block: the message names the file and line
-- (scenario.locate) and what was expected; a user error, no traceback.
local function bad(scenario, key, fmt, ...)
  local at = ""
  if scenario and type(scenario.locate) == "function" then
    at = scenario.locate("/weather" .. (key and ("/" .. key) or "")) .. ": "
  end
  fail("%sweather%s: " .. fmt, at, key and ("." .. key) or "", ...)
end

-- The scenario's block checked: a plain table, or an error naming the key.
function C.spec(scenario)
  local block = scenario and scenario.weather or {}
  if type(block) ~= "table" then bad(scenario, nil, "expected a map (region, month, ground, start_period ...)") end
  local keys = {}
  for k in pairs(KEYS) do keys[#keys + 1] = k end
  table.sort(keys)
  local given = {}
  for k in pairs(block) do given[#given + 1] = tostring(k) end
  table.sort(given)
  for _, k in ipairs(given) do
    local want, v = KEYS[k], block[k]
    if not want then bad(scenario, k, "unknown key (expected one of: %s)", table.concat(keys, ", ")) end
    if want == "sides" then
      local ok = type(v) == "table"
      for i, side in pairs(ok and v or {}) do ok = ok and math.type(i) == "integer" and (side == 1 or side == 2) end
      if not ok then bad(scenario, k, "expected a list of sides (1 or 2), found %s", type(v) == "table" and "other values" or type(v)) end
    elseif want == "map" then
      if type(v) ~= "table" then bad(scenario, k, "expected a map (side, guards), found %s", type(v)) end
    elseif want ~= "any" and type(v) ~= want then bad(scenario, k, "expected a %s, found %s", want, type(v)) end
  end
  local camp = block.camp
  if camp ~= nil then
    for ck in pairs(camp) do
      if ck ~= "side" and ck ~= "guards" then bad(scenario, "camp", "unknown key '%s' (expected side, guards)", tostring(ck)) end
    end
    if camp.side ~= 1 and camp.side ~= 2 then bad(scenario, "camp", "expected side: 1 or 2") end
    if camp.guards ~= nil and (math.type(camp.guards) ~= "integer" or camp.guards < 0) then
      bad(scenario, "camp", "expected guards: a number of units, 0 or more")
    end
  end
  local sp = block.start_period
  if sp ~= nil and sp ~= "dice" and (math.type(sp) ~= "integer" or sp < 1) then
    bad(scenario, "start_period", "expected a period of the day (1, 2, ...) or \"dice\"")
  end
  if block.periods_fallen ~= nil and (math.type(block.periods_fallen) ~= "integer" or block.periods_fallen < 0) then
    bad(scenario, "periods_fallen", "expected a number of periods, 0 or more")
  end
  if block.wind_from ~= nil and not C.point(block.wind_from) then
    bad(scenario, "wind_from", "expected a point of the compass (%s), found '%s'", table.concat(W.POINTS, ", "),
      block.wind_from)
  end
  if block.potential ~= nil and (math.type(block.potential) ~= "integer" or block.potential < 1 or block.potential > 6) then
    bad(scenario, "potential", "expected a die score 1 to 6")
  end
  if block.month ~= nil and (math.type(block.month) ~= "integer" or block.month < 1 or block.month > 12) then
    bad(scenario, "month", "expected 1 to 12")
  end
  if block.region ~= nil and not W.TABLES[block.region] then
    bad(scenario, "region", "expected mediterranean or europe, found '%s'", block.region)
  end
  if block.ground ~= nil and not W.GROUNDS[block.ground] then
    bad(scenario, "ground", "expected inland, coast, mountains, desert or steppe, found '%s'", block.ground)
  end
  return { region = block.region, month = block.month, ground = block.ground, start_period = block.start_period,
           potential = block.potential, falling = block.falling, steady = block.steady,
           periods_fallen = block.periods_fallen,
           fog = block.fog, sun = block.sun, wind_from = block.wind_from,
           lights = block.lights, camp = block.camp, arabs = block.arabs, wells = block.wells }
end

local function set_of(list)
  local out = {}
  for _, v in ipairs(list or {}) do out[v] = true end
  return out
end

-- The wind's point (1-8) by name ("NE"), or nil.
function C.point(name)
  for i, p in ipairs(W.POINTS) do if p == name then return i end end
  return nil
end

-- "-1 rain (weather module, our adaptation for Phalanx)"
function C.label(title) return "weather module, our adaptation for " .. title end

-- A one-line description of the weather now (for the account).
function C.describe(s)
  local parts = {}
  if W.raining(s) then parts[#parts + 1] = "raining" end
  if W.snowing(s) then parts[#parts + 1] = "snowing" end
  if W.strong_wind(s) then parts[#parts + 1] = "strong winds from the " .. W.POINTS[s.wind_from] end
  if s.fog and s.period <= W.FOG_PERIODS then parts[#parts + 1] = "fog" end
  if W.night(s) then parts[#parts + 1] = "night" end
  if s.month and s.ground == "desert" and W.drought(s) then parts[#parts + 1] = "drought" end
  if W.snowbound(s) then parts[#parts + 1] = "snow lying (moves halved)"
  elseif W.sodden(s) then parts[#parts + 1] = "ground sodden" end
  if #parts == 0 then parts[1] = "dry" end
  return table.concat(parts, ", ")
end

-- Starts the weather at G.weather (once) from the scenario's block; G.dice
-- throws. Returns the state.
function C.start(G)
  if G.weather then return G.weather end
  local spec = C.spec(G.scenario)
  -- the generic part may refuse a combination (nothing to fall ...): a
  -- mistake of the scenario's, reported at its block
  local ok, s = pcall(W.start, spec, G.dice)
  if not ok then
    local why = type(s) == "string" and (s:match("weather: (.*)$") or s) or tostring(s)
    bad(G.scenario, nil, "%s", why)
  end
  -- the scenario fixes the weather: its choice stands over the dice (the
  -- generic W.start may already have done so; the same values again)
  if spec.fog ~= nil then s.fog = spec.fog end
  if spec.sun ~= nil then s.sun_dazzles = spec.sun end
  if spec.wind_from ~= nil then s.wind_from = C.point(spec.wind_from) end
  if spec.falling then
    if not (s.rain_possible or s.snow_possible or s.wind_possible) then
      bad(G.scenario, "falling", "'%s' on %s ground: nothing to fall", s.potential, s.ground)
    end
    s.falling = true
    s.fell_before = true   -- its ceasing starts the count of dry periods
  end
  if spec.periods_fallen and spec.periods_fallen > 0 then
    if s.snow_possible then s.snow_periods = spec.periods_fallen
    elseif s.rain_possible then s.rain_periods = spec.periods_fallen
    else bad(G.scenario, "periods_fallen", "'%s' on %s ground: no rain or snow to have fallen", s.potential, s.ground) end
    s.fires_out = true
  end
  G.weather = s
  -- the sides' own part (not the generic state): lights, arabs, wells, the camp
  G.weather_sides = { lights = set_of(spec.lights), arabs = set_of(spec.arabs), wells = set_of(spec.wells),
                      camp = spec.camp }
  if G.log then
    G.bf:log("weather", { potential = s.potential, die = s.potential_die, fog = s.fog, region = s.region,
                          month = s.month, ground = s.ground, day_period = s.day_period })
  end
  if G.report then
    G.report(string.format("Weather (weather module): %s, month %d, %s ground; potential weather (die %d): %s%s.",
      s.region, s.month, s.ground, s.potential_die, (s.potential:gsub("%.$", "")), s.fog and "; fog" or ""))
  end
  return s
end

-- The start of a period (a game turn): the weather dice, then the account.
-- Returns the change ("started", "ceased" or nil) and whether night has
-- fallen on a battle begun by day: "Fighting will normally cease at
-- nightfall" (WRG 1973, Night): the adapter then ends the battle.
function C.period(G)
  local s = G.weather
  local change = W.period(s, G.dice)
  if s.period == 1 then G.weather_began_at_night = W.night(s) end
  if not G.weather_began_at_night and W.night(s) then
    if G.log then G.bf:log("weather_period", { period = s.period, day_period = s.day_period, nightfall = true }) end
    if G.report then
      G.report("Night falls: fighting ceases (WRG 1973, Night: \"Fighting will normally cease at nightfall\"; weather module).")
    end
    return change, true
  end
  if G.log then
    G.bf:log("weather_period", { period = s.period, day_period = s.day_period, falling = s.falling, change = change,
                                 night = W.night(s), visibility = W.visibility(s) })
  end
  if G.report then
    G.report(string.format("Weather, period %d (of the day %d): %s%s.", s.period, s.day_period, C.describe(s),
      change and (" (the potential weather " .. change .. ")") or ""))
  end
  return change
end

-- Starts the side's view: `paces_to_mm` converts the generic visibility
-- (paces) to the table; nil visibility is the table's (unlimited).
-- surprise_paces: a new sighting nearer than this is a surprise. At night a
-- unit in light (modules.weather.adapted: lit) is seen however far.
function C.start_sighting(G, paces_to_mm, surprise_paces, sight)
  G.weather_mm = paces_to_mm
  G.weather_surprise_mm = paces_to_mm(surprise_paces)
  sighting.start(G, {
    range = function(G2) local v = W.visibility(G2.weather); return v and paces_to_mm(v) or nil end,
    surprise_within = paces_to_mm(surprise_paces),
    sight = sight,
    also = function(G2, side) return E.also_seen(G2, side, paces_to_mm, sight) end,
  })
end

-- Looks again. A surprise (a new sighting nearer than the surprise
-- distance; at night, "all unilluminated sightings are surprise sightings")
-- surprises the sighting side's units within that distance of the enemy
-- (within the visibility at night): WRG's "Surprised by enemy ... -2" on
-- their test (each adapter's). Each goes into the account.
function C.look(G, name_of)
  local news = sighting.update(G)
  local night = W.night(G.weather)
  local lit = night and E.lit(G, G.weather_mm) or {}
  G.weather_lit = lit   -- who stands in light now: shooting reads it (each adapter)
  for _, n in ipairs(news) do
    local surprise = n.surprise or (night and not lit[n.unit])
    if surprise then
      local within = G.weather_surprise_mm
      if night then within = math.max(within, G.weather_mm(W.NIGHT_VISIBILITY)) end
      local who = E.mark_surprised(G, n.side, n.unit, within)
      if G.report then
        local side = G.sides and G.sides[n.side] and G.sides[n.side].name or ("side " .. n.side)
        G.report(string.format("  Surprise: %s sights %s %s%.0f mm off%s (weather module): %d unit(s) surprised",
          side, name_of and name_of(G, n.unit) or ("unit " .. n.unit), n.surprise and "only " or "", n.distance,
          n.surprise and "" or " in the dark", #who))
      end
    end
  end
  return news
end

return C
