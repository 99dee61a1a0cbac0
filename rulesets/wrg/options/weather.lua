-- WRG Ancients 1973, OPTIONAL RULES FOR WEATHER AND TIME OF DAY (part).
--
-- "Dice at the start of the game to find out the potential weather. If the
-- table says fine, this will last for the whole game. Other types are
-- potential, and will occur if a 1 is thrown at the start of any period, and
-- cease if a 5 or 6 is thrown." Played here: the Mediterranean table for
-- May-September (G.weather_table = "mediterranean", G.weather_season =
-- "summer") unless the battle sets others (the Europe table's seasons are
-- jan_feb, autumn, jul_aug, may_jun_sep); rain: "All missiles have weapon
-- factors reduced by 1 till the 2nd period without rain" and "After 3
-- periods of rain during the entire game ... reaction totals are reduced by
-- 1" (G.reaction_bonus; the movement and river effects are not played).
-- Wind, fog, sun, night and snow are listed in the coverage document as not
-- played.
local tables = require("wrg.tables")

local W = { id = "weather", title = "Weather", rule = "OPTIONAL RULES FOR WEATHER AND TIME OF DAY" }

function W.apply(rules) local _ = rules end

function W.start(G)
  local t = tables.weather[G.weather_table or "mediterranean"]
  local season = G.weather_season or "summer"
  local die = G.dice:roll(6, "WRG weather: potential weather")
  local potential = t[season][die]
  G.weather = { potential = potential, raining = false, rain_periods = 0, dry_since = 99 }
  G.weather.wet = potential:find("rain", 1, true) ~= nil or potential == "snow"
  if G.report then G.report(string.format("Weather: die %d, potential weather: %s.", die, potential)) end
  G.shooting_bonus = function(G2)
    local w = G2.weather
    if w and (w.raining or w.dry_since < 2) then
      return { { id = "rain", text = "rain: missile weapon factors reduced by 1", add = tables.weather.rain_weapon,
                 rule = W.rule, layer = "option weather" } }
    end
    return nil
  end
  G.reaction_bonus = function(G2)
    local w = G2.weather
    if w and w.rain_periods >= tables.weather.rain_after_periods then
      return { { id = "rain", text = "after 3 periods of rain: reaction totals reduced by 1",
                 add = tables.weather.rain_reaction, rule = W.rule, layer = "option weather" } }
    end
    return nil
  end
end

function W.period(G)
  local w = G.weather
  if not w or not w.wet then return end
  local die = G.dice:roll(6, "WRG weather: does it rain")
  if not w.raining and die == tables.weather.starts_on then w.raining = true
  elseif w.raining and (die == 5 or die == 6) then w.raining = false; w.dry_since = 0 end
  if w.raining then w.rain_periods = w.rain_periods + 1 else w.dry_since = w.dry_since + 1 end
  if G.report then G.report(w.raining and "It is raining." or "No rain.") end
end

return W
