-- The weather module in Into Glory Ride: Phalanx's adapter (Into Glory Ride
-- runs Phalanx's engine; its shooting module keeps the situation and the
-- modifier list the adapter writes on), with its terms labelled "(weather
-- module, our adaptation for Into Glory Ride)". The IGR text says nothing of
-- weather either (its seed has none of weather, rain, fog, night, snow,
-- wind or sun), so the effects are those of modules/weather/phalanx.lua.
return require("modules.weather.phalanx").make("Into Glory Ride")
