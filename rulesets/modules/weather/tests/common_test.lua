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
  T.eq(C.spec(scenario{ region = "europe", month = 11, ground = "coast", hour = 3, potential = 2, fog = true,
                        falling = true }),
    { region = "europe", month = 11, ground = "coast", start_period = 3, potential = 2, fog = true, falling = true })
  T.eq(C.spec({}), {})
  T.eq(C.spec(scenario{ hour = "dice" }).start_period, "dice")
end)

T.case("weather block: a mistake names the file, line and key, and what was expected", function()
  T.eq(message{ mnth = 3 },
    "s.yaml:7:3 (/weather/mnth): weather.mnth: unknown key (expected one of: falling, fog, ground, hour, month, potential, region)")
  T.eq(message{ month = 13 }, "s.yaml:7:3 (/weather/month): weather.month: expected 1 to 12")
  T.eq(message{ month = "may" }, "s.yaml:7:3 (/weather/month): weather.month: expected a number, found string")
  T.eq(message{ potential = 7 }, "s.yaml:7:3 (/weather/potential): weather.potential: expected a die score 1 to 6")
  T.eq(message{ hour = 0 }, "s.yaml:7:3 (/weather/hour): weather.hour: expected a period of the day (1, 2, ...) or \"dice\"")
  T.eq(message{ region = "atlantis" },
    "s.yaml:7:3 (/weather/region): weather.region: expected mediterranean or europe, found 'atlantis'")
  T.eq(message{ ground = "swamp" },
    "s.yaml:7:3 (/weather/ground): weather.ground: expected inland, coast, mountains, desert or steppe, found 'swamp'")
  T.eq(message{ fog = "yes" }, "s.yaml:7:3 (/weather/fog): weather.fog: expected a boolean, found string")
  local ok, err = pcall(C.spec, scenario("rain"))
  T.eq(ok, false)
  T.eq(err.user_message, "s.yaml:7:3 (/weather): weather: expected a map (region, month, ground, hour ...)")
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
  T.eq(C.describe({ falling = false, fog = false, period = 1, day_period = 1, daylight = 12, rain_periods = 0,
                    snow_periods = 0 }), "dry")
end)
