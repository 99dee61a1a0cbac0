-- Weather and time of day, the generic part: the state every ruleset's
-- adapter reads. Source: WRG Ancients 4th edition (1973), "OPTIONAL RULES
-- FOR WEATHER AND TIME OF DAY" (pp. 33-34); docs/modules.md says what each
-- ruleset's adapter makes of it.
--
--   local weather = require("modules.weather")
--   local w = weather.start({ region = "europe", month = 10, ground = "inland" }, dice)
--   weather.period(w, dice)      -- at the start of every period
--   weather.missiles_wet(w), weather.visibility(w, "desert"), weather.dazzled(w, facing) ...
--
-- The state is plain data (it goes into the battle log and snapshots).
-- Readings of what the text leaves open are marked READING and listed in
-- docs/modules.md.
local W = {
  name = "weather",
  title = "Weather and time of day",
  rule = "WRG 1973, OPTIONAL RULES FOR WEATHER AND TIME OF DAY",
  -- the adapter of each ruleset: the option a scenario switches on
  adapters = { wrg = "modules.weather.wrg" },
}
W.adapters.phalanx = "modules.weather.phalanx"
W.adapters.into_glory_ride = "modules.weather.into_glory_ride"
W.adapters.historicon = "modules.weather.historicon"
W.adapters.hinds = "modules.weather.hinds"

-- "Dice at the start of the game to find out the potential weather. If the
-- table says fine, this will last for the whole game. Other types are
-- potential, and will occur if a 1 is thrown at the start of any period, and
-- cease if a 5 or 6 is thrown."
W.STARTS_ON = { [1] = true }
W.CEASES_ON = { [5] = true, [6] = true }

-- The weather of a table cell as its parts. `where` says on which ground a
-- part falls: everywhere, mountains (only), elsewhere (not in mountains),
-- desert_steppe (only), not_desert.
local function cell(text, parts) parts.text = text; return parts end
local FINE = cell("Fine", {})

-- MEDITERRANEAN COUNTRIES, THE MIDDLE EAST, THE INDO-PERSIAN BORDER: a
-- column by month, a row by the die (4, 5, 6: Fine).
W.TABLES = {
  mediterranean = {
    title = "Mediterranean countries, the Middle East, the Indo-Persian border",
    columns = {
      { months = { 11, 12, 1, 2 }, rows = {
        cell("Strong winds, snow in mountains, rain elsewhere.", { wind = "everywhere", snow = "mountains", rain = "elsewhere" }),
        cell("Snow in mountains, rain elsewhere.", { snow = "mountains", rain = "elsewhere" }),
        cell("Strong Winds", { wind = "everywhere" }),
        FINE, FINE, FINE } },
      { months = { 3, 4, 10 }, rows = {
        cell("Strong winds and rain.", { wind = "everywhere", rain = "everywhere" }),
        cell("Rain", { rain = "everywhere" }),
        cell("Rain except in desert", { rain = "not_desert" }),
        FINE, FINE, FINE } },
      { months = { 5, 6, 7, 8, 9 }, rows = {
        cell("Strong winds in desert or Steppe only.", { wind = "desert_steppe" }),
        FINE, FINE, FINE, FINE, FINE } },
    },
  },
  -- EUROPE NORTH OF THE ALPS AND PYRENEES AND WEST OF THE RIVER ELBE
  europe = {
    title = "Europe north of the Alps and Pyrenees and west of the river Elbe",
    columns = {
      { months = { 1, 2 }, rows = {
        cell("Snow", { snow = "everywhere" }),
        cell("Snow in mountains, rain elsewhere", { snow = "mountains", rain = "elsewhere" }),
        cell("Rain and strong winds", { rain = "everywhere", wind = "everywhere" }),
        FINE, FINE, FINE } },
      { months = { 3, 4, 10, 11, 12 }, rows = {
        cell("Snow in mountains, rain elsewhere", { snow = "mountains", rain = "elsewhere" }),
        cell("Rain and strong winds", { rain = "everywhere", wind = "everywhere" }),
        cell("Strong winds", { wind = "everywhere" }),
        FINE, FINE, FINE } },
      { months = { 7, 8 }, rows = {
        cell("Rain", { rain = "everywhere" }),
        cell("Rain", { rain = "everywhere" }),
        FINE, FINE, FINE, FINE } },
      { months = { 5, 6, 9 }, rows = {
        cell("Rain", { rain = "everywhere" }),
        FINE, FINE, FINE, FINE, FINE } },
    },
  },
}

W.GROUNDS = { mountains = true, desert = true, steppe = true, coast = true, inland = true }

-- Whether a part of the weather that falls `where` falls on `ground`.
local function falls_on(where, ground)
  if where == nil then return false end
  if where == "everywhere" then return true end
  if where == "mountains" then return ground == "mountains" end
  if where == "elsewhere" then return ground ~= "mountains" end
  if where == "desert_steppe" then return ground == "desert" or ground == "steppe" end
  if where == "not_desert" then return ground ~= "desert" end
  error("weather: unknown ground class '" .. tostring(where) .. "'")
end
W.falls_on = falls_on

-- The table cell for a region, month (1-12) and die.
function W.potential(region, month, die)
  local t = W.TABLES[region]
  if not t then error(string.format("weather: no region '%s' (mediterranean or europe)", tostring(region)), 2) end
  for _, col in ipairs(t.columns) do
    for _, m in ipairs(col.months) do
      if m == month then return col.rows[die] end
    end
  end
  error(string.format("weather: month %s is not 1 to 12", tostring(month)), 2)
end

-- Exact chances of each potential weather of a region and month (one d6):
-- { { text =, chance = }, ... } in the table's order, equal cells merged.
function W.odds(region, month)
  local out, index = {}, {}
  for die = 1, 6 do
    local c = W.potential(region, month, die)
    if not index[c.text] then
      out[#out + 1] = { text = c.text, chance = 0 }
      index[c.text] = #out
    end
    local o = out[index[c.text]]
    o.chance = o.chance + 1 / 6
  end
  return out
end

-- The chance that potential weather is falling at period n (it starts on a
-- 1 and ceases on a 5 or 6 at the start of each period, nothing falling
-- before the first): the two-state chain worked exactly.
function W.chance_falling(n)
  local p_start, p_stop = 1 / 6, 2 / 6
  local falling = 0
  for _ = 1, n do falling = falling * (1 - p_stop) + (1 - falling) * p_start end
  return falling
end

-- Wind: "Mediterranean winds can be assumed to blow from the north east.
-- European winds should be diced for, westerlies being slightly more
-- common. They shift one point anticlockwise when rain starts to fall."
-- Eight points, 1 = N clockwise to 8 = NW. READING: the European wind on a
-- nine-faced die whose faces are the eight points and W once more (the
-- westerly half-circle SW, W, NW then comes up 4 times in 9, not 3 in 8).
W.POINTS = { "N", "NE", "E", "SE", "S", "SW", "W", "NW" }
W.EUROPE_WIND_DIE = { 1, 2, 3, 4, 5, 6, 7, 7, 8 }
-- A point by number (1-8) or name ("NE").
function W.point(p)
  if math.type(p) == "integer" and p >= 1 and p <= 8 then return p end
  for i, name in ipairs(W.POINTS) do if name == p then return i end end
  error(string.format("weather: wind_from '%s' is not a point of the compass (%s)", tostring(p),
    table.concat(W.POINTS, ", ")), 3)
end
local function point_heading(p) return ((p - 1) * 45) % 360 end -- compass bearing the wind blows FROM

-- Fog: "These may occur at any time of year in seacoast areas and during
-- October to March in mountains and inland in western Europe. Throw 1 or 2 at
-- the start of the game except in strong winds. Visibility is reduced to 100
-- paces for the first 3 periods."
W.FOG_ON = { [1] = true, [2] = true }
W.FOG_PERIODS = 3
W.FOG_VISIBILITY = 100
local FOG_MONTHS = { [10] = true, [11] = true, [12] = true, [1] = true, [2] = true, [3] = true }
function W.fog_possible(region, month, ground)
  if ground == "coast" then return true end
  return region == "europe" and FOG_MONTHS[month] == true and (ground == "mountains" or ground == "inland")
end

-- Night: "each period represents 1/8 of the daylight hours available between
-- October and February, 1/10 during September or March, and 1/12 during the
-- rest of the year."
function W.periods_of_daylight(month)
  if month == 10 or month == 11 or month == 12 or month == 1 or month == 2 then return 8 end
  if month == 9 or month == 3 then return 10 end
  return 12
end
W.NIGHT_VISIBILITY = 60
W.DESERT_WIND_VISIBILITY = 30

-- spec: { region = "mediterranean" | "europe", month = 1..12, ground =
-- "inland" (default) | "coast" | "mountains" | "desert" | "steppe",
-- start_period = period of the day the battle begins (default 1; "dice": "An
-- optional method is to dice at the start of the game, counting the number
-- scored as the number of periods already elapsed"), potential = a fixed
-- potential weather die (the scenario fixes the weather), and to fix the
-- rest: falling = true (the potential weather is falling as the battle
-- begins), steady = true (no period dice: it neither starts nor ceases),
-- periods_fallen = n (periods of rain or snow already fallen before the
-- battle, towards "after 3 periods"), fog = true | false, sun = true | false
-- (dazzling sun on a clear day), wind_from = "N" ... "NW" }
-- dice: the battle's dice. Returns the state.
function W.start(spec, dice)
  local region = spec.region or "mediterranean"
  local month = spec.month or 6
  local ground = spec.ground or "inland"
  if not W.GROUNDS[ground] then error(string.format("weather: unknown ground '%s'", tostring(ground)), 2) end
  local die = spec.potential or dice:roll(6, "weather: potential weather")
  local potential = W.potential(region, month, die)
  local s = {
    region = region, month = month, ground = ground, potential_die = die, potential = potential.text,
    rain_possible = falls_on(potential.rain, ground), snow_possible = falls_on(potential.snow, ground),
    wind_possible = falls_on(potential.wind, ground),
    falling = false, periods_falling = 0, rain_periods = 0, snow_periods = 0, dry_since = nil,
    fires_out = false, period = 0, daylight = W.periods_of_daylight(month),
    steady = spec.steady == true,
  }
  if spec.falling then
    if not (s.rain_possible or s.snow_possible or s.wind_possible) then
      error(string.format("weather: '%s' on %s ground: nothing to fall", potential.text, ground), 2)
    end
    s.falling = true
    s.fell_before = true -- so its ceasing starts the count of dry periods
  end
  if spec.periods_fallen then
    local n = spec.periods_fallen
    if s.snow_possible then s.snow_periods = n elseif s.rain_possible then s.rain_periods = n
    elseif n > 0 then error(string.format("weather: '%s' on %s ground: no rain or snow to have fallen", potential.text, ground), 2) end
    if n > 0 then s.fires_out = true end
  end
  -- the hour
  local start = spec.start_period or 1
  if start == "dice" then start = dice:roll(6, "weather: periods of the day already gone") + 1 end
  s.day_period = start - 1
  -- the wind
  if spec.wind_from then s.wind_from = W.point(spec.wind_from)
  elseif region == "mediterranean" then s.wind_from = 2
  else s.wind_from = dice:roll(W.EUROPE_WIND_DIE, "weather: the wind's direction") end
  -- fog, except in strong winds (the potential wind counts only once it blows: READING, fog is thrown
  -- for unless the potential weather is strong winds on this ground)
  if spec.fog ~= nil then
    s.fog = spec.fog == true
  elseif W.fog_possible(region, month, ground) and not s.wind_possible then
    s.fog = W.FOG_ON[dice:roll(6, "weather: fog at the start")] == true
  else
    s.fog = false
  end
  -- the sun: clear Mediterranean days from May to September dazzle; in
  -- Europe "a similar effect requires a 1 on the dice"
  s.sunny_month = month >= 5 and month <= 9
  if spec.sun ~= nil then
    s.sun_dazzles = spec.sun == true
  elseif s.sunny_month and region == "europe" then
    s.sun_dazzles = dice:roll(6, "weather: dazzling sun") == 1
  else
    s.sun_dazzles = s.sunny_month
  end
  return s
end

-- The start of a period: potential weather begins on a 1 and ceases on a 5
-- or 6; counters for the effects that last. Returns what changed: "started",
-- "ceased" or nil.
function W.period(s, dice)
  s.period = s.period + 1
  s.day_period = s.day_period + 1
  local change
  if (s.rain_possible or s.snow_possible or s.wind_possible) and not s.steady then
    local die = dice:roll(6, "weather: does the potential weather come or go")
    if not s.falling and W.STARTS_ON[die] then
      s.falling, change = true, "started"
      -- "They shift one point anticlockwise when rain starts to fall."
      if s.rain_possible then s.wind_from = (s.wind_from - 2) % 8 + 1 end
    elseif s.falling and W.CEASES_ON[die] then
      s.falling, change = false, "ceased"
    end
  end
  if s.falling then
    s.periods_falling = s.periods_falling + 1
    if s.rain_possible then s.rain_periods = s.rain_periods + 1; s.fires_out = true end
    if s.snow_possible then s.snow_periods = s.snow_periods + 1; s.fires_out = true end
    s.dry_since = nil
  elseif s.periods_falling > 0 or s.fell_before then
    s.dry_since = (s.dry_since or 0) + 1
  end
  return change
end

-- What the weather does now (the adapters say what it means in their rules).
function W.raining(s) return s.falling and s.rain_possible end
function W.snowing(s) return s.falling and s.snow_possible end
function W.strong_wind(s) return s.falling and s.wind_possible end
-- "All missiles have weapon factors reduced by 1 till the 2nd period without
-- rain" (snow: "as for rain").
function W.missiles_wet(s)
  if not (s.rain_possible or s.snow_possible) then return false end
  if s.falling then return true end
  return s.dry_since ~= nil and s.dry_since < 2
end
-- "After 3 periods of rain during the entire game": movement -20 paces
-- except on paved roads, reaction -1, rivers one class harder.
function W.sodden(s) return s.rain_periods + s.snow_periods >= 3 end
-- Snow: "after 3 periods fall, all movement rates are halved and no extra
-- charge distance is allowed except in rout".
function W.snowbound(s) return s.snow_periods >= 3 end
-- Night: the period of the day is past the daylight's periods.
function W.night(s) return s.day_period > s.daylight end
-- The farthest anyone sees, in paces (nil: no limit from the weather): fog
-- for its first 3 periods, strong winds in the desert, night.
-- (No closure or table built per call: the Hinds adapter asks this of every
-- cast; session eight, docs/performance.md "Session eight: weather".)
function W.visibility(s, ground)
  local v
  if s.fog and s.period <= W.FOG_PERIODS then v = W.FOG_VISIBILITY end
  if W.strong_wind(s) and (ground or s.ground) == "desert" then
    local x = W.DESERT_WIND_VISIBILITY
    if not v or x < v then v = x end
  end
  if W.night(s) then
    local x = W.NIGHT_VISIBILITY
    if not v or x < v then v = x end
  end
  return v
end
-- "Troops facing within 45 degrees of east for the first 2 periods of the
-- day, or within 45 degrees of west for the last 2, will be dazzled" on
-- clear days. `bearing`: the compass bearing the troops face (0 north, 90
-- east); the table's own facings convert with W.bearing.
function W.dazzled(s, bearing)
  if not s.sun_dazzles or s.falling or W.night(s) then return false end
  local function within(a, b) local d = math.abs((a - b + 180) % 360 - 180); return d <= 45 end
  if s.day_period <= 2 then return within(bearing, 90) end
  if s.day_period > s.daylight - 2 then return within(bearing, 270) end
  return false
end
-- The table's facing (degrees counter-clockwise from north, the y axis) as
-- a compass bearing, when north is up the table (READING: the scenario's
-- table has north at its far edge unless it says otherwise).
function W.bearing(facing) return (-facing) % 360 end
-- The bearing the wind blows from, and whether a heading is "straight down
-- wind" (within 22.5 degrees of the way the wind blows to).
function W.wind_from_bearing(s) return point_heading(s.wind_from) end
function W.down_wind(s, bearing)
  local to = (point_heading(s.wind_from) + 180) % 360
  return math.abs((bearing - to + 180) % 360 - 180) <= 22.5
end
-- Drought: June, July and August.
function W.drought(s) return s.month >= 6 and s.month <= 8 end
-- "During June, July and August, grass fires become possible in steppe
-- country during high winds."
function W.grass_fires_possible(s) return W.drought(s) and s.ground == "steppe" and W.strong_wind(s) end
-- "In desert areas, strong winds reduce vision to 30 paces ... Trumpet
-- signals will be inaudible."
function W.trumpets_inaudible(s) return W.strong_wind(s) and s.ground == "desert" end
-- Night: "A fire or torch lights an area 60 paces around it" and
-- "Engineering work without illumination goes at half pace": the rate of
-- engineering work (1 by day or when lit).
W.LIGHT_RADIUS = 60
function W.engineering_rate(s, illuminated)
  if W.night(s) and not illuminated then return 0.5 end
  return 1
end
-- Night: "Troops moving without lights throw an appropriate dice each
-- period, diverging 10 paces left if they score 1 or 2, right if 5 or 6."
W.DRIFT_PACES = 10
W.DRIFT = { [1] = "left", [2] = "left", [5] = "right", [6] = "right" }
-- Snow: "Bodies of troops on mountain paths with a drop on one side must
-- then dice each time they move. 1 means a figure or model has been lost
-- over the edge."
W.MOUNTAIN_PATH_LOSS = { [1] = true }
-- Night camps: "An army encamped at night may have up to 1/5 of its units
-- on guard. Others are asleep. Their sentries will detect approaching enemy
-- at 60 paces, but a regular unit will take half a period to form up,
-- barbarians, a full period."
W.SENTRY_PACES = 60
W.FORM_UP_PERIODS = { regular = 0.5, barbarian = 1 }
function W.camp_guards(units) return units // 5 end

return W
