-- What the weather adapters share (rulesets/modules/weather/common.lua): the
-- scenario's `weather:` block checked with messages that name the file and
-- line, and the account's description of the weather.
local T = require("lib.testing")
local C = require("modules.weather.common")
local W = require("modules.weather")

local function scenario(block)
  return { weather = block, locate = function(path) return "s.yaml:7:3 (" .. path .. ")" end }
end

local function message(block)
  local ok, err = pcall(C.spec, scenario(block))
  T.eq(ok, false)
  T.eq(type(err), "table", "a user error (lib.fail): no traceback")
  return err.user_message
end

T.case("weather block: every key read; none given is the defaults of modules.weather", function()
  T.eq(C.spec(scenario{ region = "europe", month = 11, ground = "coast", start_period = 3, potential = 2, fog = true,
                        falling = true, steady = true, periods_fallen = 2, sun = false, wind_from = "NE" }),
    { region = "europe", month = 11, ground = "coast", start_period = 3, potential = 2, fog = true, falling = true,
      steady = true, periods_fallen = 2, sun = false, wind_from = "NE" })
  T.eq(C.spec({}), {})
  -- the sides' keys the WRG adapter reads are read for every ruleset (modules/weather/adapted.lua)
  T.eq(C.spec(scenario{ lights = { 2 }, arabs = { 1 }, wells = { 1, 2 }, camp = { side = 2, guards = 1 } }),
    { lights = { 2 }, arabs = { 1 }, wells = { 1, 2 }, camp = { side = 2, guards = 1 } })
  T.eq(C.spec(scenario{ start_period = "dice" }).start_period, "dice")
end)

T.case("weather block: a mistake names the file, line and key, and what was expected", function()
  T.eq(message{ mnth = 3 },
    "s.yaml:7:3 (/weather/mnth): weather.mnth: unknown key (expected one of: arabs, camp, falling, fog, ground, lights, month, periods_fallen, potential, region, start_period, steady, sun, wells, wind_from)")
  T.eq(message{ month = 13 }, "s.yaml:7:3 (/weather/month): weather.month: expected 1 to 12")
  T.eq(message{ month = "may" }, "s.yaml:7:3 (/weather/month): weather.month: expected a number, found string")
  T.eq(message{ potential = 7 }, "s.yaml:7:3 (/weather/potential): weather.potential: expected a die score 1 to 6")
  T.eq(message{ start_period = 0 },
    "s.yaml:7:3 (/weather/start_period): weather.start_period: expected a period of the day (1, 2, ...) or \"dice\"")
  T.eq(message{ periods_fallen = -1 },
    "s.yaml:7:3 (/weather/periods_fallen): weather.periods_fallen: expected a number of periods, 0 or more")
  T.eq(message{ wind_from = "NNE" },
    "s.yaml:7:3 (/weather/wind_from): weather.wind_from: expected a point of the compass (N, NE, E, SE, S, SW, W, NW), found 'NNE'")
  T.eq(message{ lights = { 3 } }, "s.yaml:7:3 (/weather/lights): weather.lights: expected a list of sides (1 or 2), found other values")
  T.eq(message{ arabs = 1 }, "s.yaml:7:3 (/weather/arabs): weather.arabs: expected a list of sides (1 or 2), found number")
  T.eq(message{ camp = { side = 3 } }, "s.yaml:7:3 (/weather/camp): weather.camp: expected side: 1 or 2")
  T.eq(message{ camp = { side = 1, sentries = 2 } },
    "s.yaml:7:3 (/weather/camp): weather.camp: unknown key 'sentries' (expected side, guards)")
  T.eq(message{ camp = { side = 1, guards = -1 } },
    "s.yaml:7:3 (/weather/camp): weather.camp: expected guards: a number of units, 0 or more")
  T.eq(message{ region = "atlantis" },
    "s.yaml:7:3 (/weather/region): weather.region: expected mediterranean or europe, found 'atlantis'")
  T.eq(message{ ground = "swamp" },
    "s.yaml:7:3 (/weather/ground): weather.ground: expected inland, coast, mountains, desert or steppe, found 'swamp'")
  T.eq(message{ fog = "yes" }, "s.yaml:7:3 (/weather/fog): weather.fog: expected a boolean, found string")
  local ok, err = pcall(C.spec, scenario("rain"))
  T.eq(ok, false)
  T.eq(err.user_message, "s.yaml:7:3 (/weather): weather: expected a map (region, month, ground, start_period ...)")
end)

T.case("weather: the account's description and label", function()
  T.eq(C.label("Hinds"), "weather module, our adaptation for Hinds")
  local s = { falling = true, rain_possible = true, snow_possible = false, wind_possible = true, wind_from = 7,
              fog = true, period = 1, day_period = 9, daylight = 8, rain_periods = 3, snow_periods = 0 }
  T.eq(C.describe(s), "raining, strong winds from the W, fog, night, ground sodden")
  s.snow_periods, s.rain_periods, s.falling, s.fog = 3, 0, false, false
  s.day_period = 2
  T.eq(W.snowbound(s), true)
  T.eq(C.describe(s), "snow lying (moves halved)")
  -- the desert in June to August: drought (modules/weather/adapted.lua)
  T.eq(C.describe({ falling = false, rain_possible = false, snow_possible = false, wind_possible = false, fog = false,
                    period = 1, day_period = 3, daylight = 12, rain_periods = 0, snow_periods = 0, month = 7,
                    ground = "desert" }), "drought")
  T.eq(C.describe({ falling = false, fog = false, period = 1, day_period = 1, daylight = 12, rain_periods = 0,
                    snow_periods = 0 }), "dry")
end)

T.case("weather block: the scenario fixes the weather over the dice (fog, sun, wind, falling, periods fallen)", function()
  local dice = require("sandtable.dice")
  local bf = require("sandtable.battlefield").new{ width = 1000, depth = 1000, keep_events = true }
  -- Europe, November, die 2: "Rain and strong winds"; the wind's point fixed: no wind die; fog fixed: no fog die
  local G = { scenario = { weather = { region = "europe", month = 11, potential = 2, fog = true, sun = true,
                                       wind_from = "SW", falling = true, periods_fallen = 3 } },
              dice = dice.forced({ 8 }), bf = bf, log = true }
  local s = C.start(G)
  T.eq({ s.fog, s.sun_dazzles, W.POINTS[s.wind_from], s.falling }, { true, true, "SW", true })
  T.eq(s.rain_periods, 3)
  T.eq(W.sodden(s), true)
  -- nothing can fall in a Fine day: falling is a mistake
  local ok, err = pcall(C.start, { scenario = { weather = { potential = 4, falling = true } }, dice = dice.forced({}),
                                   bf = bf, log = false })
  T.eq(ok, false)
  T.eq(type(err), "table", "a user error")
  T.truthy(err.user_message:find("'Fine' on inland ground: nothing to fall", 1, true), err.user_message)
end)

T.case("weather block: steady weather throws no period die and neither starts nor ceases", function()
  local dice = require("sandtable.dice")
  local bf = require("sandtable.battlefield").new{ width = 1000, depth = 1000, keep_events = true }
  -- Mediterranean, March, die 2: "Rain", falling and steady: no die at the start or at any period
  local G = { scenario = { weather = { region = "mediterranean", month = 3, potential = 2, falling = true, steady = true } },
              dice = dice.forced({}), bf = bf, log = true }
  C.start(G)
  for _ = 1, 4 do C.period(G) end
  T.eq(W.raining(G.weather), true)
  T.eq(G.weather.rain_periods, 4)
end)
