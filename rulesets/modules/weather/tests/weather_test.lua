-- The weather module's generic part against the WRG 1973 text, "OPTIONAL
-- RULES FOR WEATHER AND TIME OF DAY" (pp. 33-34): every cell of both
-- regional tables, the dice procedure, and each effect's timing.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local W = require("modules.weather")

-- Every cell as the book prints it: region, months, the texts for dice 1, 2, 3 (4-6 are Fine).
local CELLS = {
  { "mediterranean", { 11, 12, 1, 2 }, { "Strong winds, snow in mountains, rain elsewhere.",
    "Snow in mountains, rain elsewhere.", "Strong Winds" } },
  { "mediterranean", { 3, 4, 10 }, { "Strong winds and rain.", "Rain", "Rain except in desert" } },
  { "mediterranean", { 5, 6, 7, 8, 9 }, { "Strong winds in desert or Steppe only.", "Fine", "Fine" } },
  { "europe", { 1, 2 }, { "Snow", "Snow in mountains, rain elsewhere", "Rain and strong winds" } },
  { "europe", { 3, 4, 10, 11, 12 }, { "Snow in mountains, rain elsewhere", "Rain and strong winds", "Strong winds" } },
  { "europe", { 7, 8 }, { "Rain", "Rain", "Fine" } },
  { "europe", { 5, 6, 9 }, { "Rain", "Fine", "Fine" } },
}

T.case("WRG weather tables: every cell of both regions, every month, every die", function()
  local seen = 0
  for _, c in ipairs(CELLS) do
    for _, month in ipairs(c[2]) do
      for die = 1, 6 do
        T.eq(W.potential(c[1], month, die).text, die <= 3 and c[3][die] or "Fine",
          string.format("%s, month %d, die %d", c[1], month, die))
        seen = seen + 1
      end
    end
  end
  T.eq(seen, 2 * 12 * 6) -- every month of both regions
end)

T.case("WRG weather tables: where each part falls (mountains, elsewhere, desert, steppe)", function()
  local c = W.potential("mediterranean", 12, 1)  -- strong winds, snow in mountains, rain elsewhere
  T.eq({ W.falls_on(c.snow, "mountains"), W.falls_on(c.rain, "mountains"), W.falls_on(c.wind, "mountains") },
    { true, false, true })
  T.eq({ W.falls_on(c.snow, "inland"), W.falls_on(c.rain, "inland") }, { false, true })
  local d = W.potential("mediterranean", 4, 3)   -- rain except in desert
  T.eq({ W.falls_on(d.rain, "desert"), W.falls_on(d.rain, "steppe") }, { false, true })
  local e = W.potential("mediterranean", 7, 1)   -- strong winds in desert or steppe only
  T.eq({ W.falls_on(e.wind, "desert"), W.falls_on(e.wind, "steppe"), W.falls_on(e.wind, "inland") },
    { true, true, false })
end)

T.case("WRG weather: exact odds of the potential weather (one die)", function()
  local o = W.odds("europe", 7)
  T.eq(#o, 2)
  T.eq(o[1].text, "Rain"); T.near(o[1].chance, 2 / 6, 1e-12)
  T.eq(o[2].text, "Fine"); T.near(o[2].chance, 4 / 6, 1e-12)
  local m = W.odds("mediterranean", 6)
  T.near(m[1].chance, 1 / 6, 1e-12); T.near(m[2].chance, 5 / 6, 1e-12)
end)

T.case("WRG weather: 'occur if a 1 is thrown at the start of any period, and cease if a 5 or 6' — exact odds", function()
  -- against the engine's enumerating dice over three periods
  local function falling_after(n)
    return dice.odds(function(src)
      local s = W.start({ region = "europe", month = 7, potential = 1 }, src)
      for _ = 1, n do W.period(s, src) end
      return s.falling
    end)
  end
  for n = 1, 3 do
    local p = 0
    for _, o in ipairs(falling_after(n)) do if o.outcome == true then p = p + o.p end end
    T.near(W.chance_falling(n), p, 1e-12, "period " .. n)
  end
  T.near(W.chance_falling(1), 1 / 6, 1e-12)
  T.near(W.chance_falling(2), 1 / 6 * 4 / 6 + 5 / 6 * 1 / 6, 1e-12)
end)

T.case("WRG weather: fine lasts the whole game (no period dice)", function()
  local src = dice.forced({})
  local s = W.start({ region = "mediterranean", month = 7, potential = 4 }, src)
  for _ = 1, 5 do T.eq(W.period(s, src), nil) end
  T.eq(src:rolls(), 0)
  T.eq(W.raining(s), false)
end)

T.case("WRG weather, rain: missiles wet till the 2nd period without rain; sodden after 3 periods of rain", function()
  -- potential rain (the start throws the wind, W, and the sun, 2); periods: 1 starts it,
  -- then 3, 3 (it falls on), 6 stops it, then 3, 3
  local src = dice.forced({ 7, 2, 1, 3, 3, 6, 3, 3 })
  local s = W.start({ region = "europe", month = 7, potential = 1 }, src)
  T.eq(W.period(s, src), "started"); T.eq(W.raining(s), true); T.eq(W.missiles_wet(s), true)
  W.period(s, src); W.period(s, src)
  T.eq(s.rain_periods, 3); T.eq(W.sodden(s), true); T.eq(s.fires_out, true)
  T.eq(W.period(s, src), "ceased"); T.eq(W.raining(s), false)
  T.eq(W.missiles_wet(s), true)       -- the 1st period without rain
  W.period(s, src)
  T.eq(W.missiles_wet(s), false)      -- the 2nd period without rain
  W.period(s, src)
  T.eq(W.sodden(s), true)             -- "during the entire game": it stays
end)

T.case("WRG weather, snow: snowbound after 3 periods of snow", function()
  local src = dice.forced({ 7, 3, 1, 2, 2 })   -- the wind, no fog (3), then the periods
  local s = W.start({ region = "europe", month = 1, potential = 1 }, src)
  W.period(s, src); W.period(s, src)
  T.eq(W.snowbound(s), false)
  W.period(s, src)
  T.eq(W.snowbound(s), true); T.eq(W.snowing(s), true); T.eq(W.missiles_wet(s), true)
end)

T.case("WRG weather, wind: Mediterranean from the north east; rain shifts it one point anticlockwise", function()
  local src = dice.forced({ 1 })
  local s = W.start({ region = "mediterranean", month = 4, potential = 1 }, src) -- strong winds and rain
  T.eq(W.POINTS[s.wind_from], "NE")
  W.period(s, src)
  T.eq(W.POINTS[s.wind_from], "N")
  T.eq(W.strong_wind(s), true)
  T.eq(W.down_wind(s, 180), true)     -- from the north: blowing south
  T.eq(W.down_wind(s, 90), false)
end)

T.case("WRG weather, wind: European winds diced, westerlies slightly more common (READING: W twice on 9 faces)", function()
  local west = 0
  for _, p in ipairs(W.EUROPE_WIND_DIE) do
    if W.POINTS[p] == "SW" or W.POINTS[p] == "W" or W.POINTS[p] == "NW" then west = west + 1 end
  end
  T.eq(#W.EUROPE_WIND_DIE, 9); T.eq(west, 4)
  local src = dice.forced({ 8, 2 })  -- the wind die shows 8 (NW); the sun die 2
  local s = W.start({ region = "europe", month = 7, potential = 5, ground = "inland" }, src)
  T.eq(W.POINTS[s.wind_from], "NW")
end)

T.case("WRG weather, fog: 1 or 2 at the start, 100 paces for the first 3 periods; not in strong winds", function()
  local src = dice.forced({ 1, 2 })  -- wind die (Europe), fog die
  local s = W.start({ region = "europe", month = 11, potential = 5, ground = "inland" }, src)
  T.eq(s.fog, true)
  for p = 1, 4 do
    W.period(s, src)
    T.eq(W.visibility(s), p <= 3 and 100 or nil, "period " .. p)
  end
  T.eq(W.fog_possible("europe", 6, "inland"), false)   -- October to March only, inland
  T.eq(W.fog_possible("mediterranean", 6, "coast"), true)  -- seacoasts any time
  -- strong winds: no fog throw at all
  local src2 = dice.forced({ 1 })   -- wind die only
  local s2 = W.start({ region = "europe", month = 11, potential = 3, ground = "inland" }, src2)
  T.eq(s2.fog, false); T.eq(src2:rolls(), 1)
end)

T.case("WRG weather, sun: dazzled facing east in the first 2 periods, west in the last 2", function()
  local s = W.start({ region = "mediterranean", month = 7, potential = 4 }, dice.forced({}))
  local src = dice.forced({})
  W.period(s, src)
  T.eq(W.dazzled(s, 90), true); T.eq(W.dazzled(s, 135), true); T.eq(W.dazzled(s, 136), false)
  W.period(s, src); W.period(s, src)
  T.eq(W.dazzled(s, 90), false)       -- the 3rd period of the day
  for _ = 4, 11 do W.period(s, src) end
  T.eq(s.day_period, 11); T.eq(W.dazzled(s, 270), true)   -- 12 periods of daylight in July
  T.eq(W.dazzled(s, 90), false)
  -- Europe needs a 1 on the dice
  local e = W.start({ region = "europe", month = 7, potential = 4 }, dice.forced({ 1, 2 }))
  T.eq(e.sun_dazzles, false)
  T.eq(W.bearing(-90), 90)            -- the table's facing -90 (clockwise from north) is east
end)

T.case("WRG weather, night: periods of daylight by month; vision 60 paces after nightfall", function()
  T.eq({ W.periods_of_daylight(12), W.periods_of_daylight(3), W.periods_of_daylight(9), W.periods_of_daylight(6) },
    { 8, 10, 10, 12 })
  local s = W.start({ region = "mediterranean", month = 12, potential = 4, start_period = 8 }, dice.forced({}))
  local src = dice.forced({})
  W.period(s, src)
  T.eq(W.night(s), false)             -- the 8th and last period of daylight
  W.period(s, src)
  T.eq(W.night(s), true); T.eq(W.visibility(s), 60)
  -- "dice at the start ... counting the number scored as the number of periods already elapsed"
  local d = W.start({ region = "mediterranean", month = 12, potential = 4, start_period = "dice" }, dice.forced({ 5 }))
  T.eq(d.day_period, 5)
end)

T.case("WRG weather, strong winds in the desert: vision 30 paces", function()
  local src = dice.forced({ 1 })
  local s = W.start({ region = "mediterranean", month = 7, potential = 1, ground = "desert" }, src)
  W.period(s, src)
  T.eq(W.visibility(s), 30)
  T.eq(W.drought(s), true)
end)

T.case("weather: a bad region, month or ground is an error that says what is expected", function()
  T.raises(function() W.potential("atlantis", 1, 1) end, "mediterranean or europe")
  T.raises(function() W.potential("europe", 13, 1) end, "1 to 12")
  T.raises(function() W.start({ ground = "swamp", potential = 4 }, dice.forced({})) end, "unknown ground")
end)
