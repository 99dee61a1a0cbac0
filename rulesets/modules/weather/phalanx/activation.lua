-- The weather module in Phalanx (and Into Glory Ride): WRG's reaction test
-- read as Phalanx's ACTIVATION. OUR ADAPTATION: Phalanx has no reaction or
-- morale test; a vignette's willingness to do what it is told is the
-- activation points it costs ("The minimum number of AP's required is
-- always 1"), so each minus WRG puts on a reaction total is a plus on the
-- link's activation cost here (WRG -1 = +1 AP, -2 = +2 AP):
--
--   sodden     "After 3 periods of rain ... reaction totals are reduced by 1"   +1
--   drought    "troops other than arabs, who have no access to a well, have
--              all weapon factors and reaction tests reduced by 1"              +1
--   night      "All troops count unfriendly cover" (WRG: -2)                    +2
--   surprise   "Surprised by enemy ..." (WRG: -2), "all unilluminated
--              sightings are surprise sightings" (modules/weather/adapted.lua)  +2
--   trumpets   desert winds: "Trumpet signals will be inaudible": the
--              General's orders reach only as far as he is seen, 30 paces
--              (0.3 widths): a link farther off pays Phalanx's own "line of
--              sight is blocked from the General's vignette" (+1)
--
-- The terms read flags the weather phase sets on each vignette before the
-- activation (d.weather_act), since the activation modifiers see only the
-- link and its situation.
local W = require("modules.weather")
local E = require("modules.weather.adapted")
local C = require("modules.weather.common")

local P = {}

P.TRUMPET_WIDTHS = W.DESERT_WIND_VISIBILITY / 100

local function any(link, key)
  for j = 1, #link do
    local f = link[j].weather_act
    if f and f[key] then return true end
  end
  return false
end
local function all(link, key)
  for j = 1, #link do
    local f = link[j].weather_act
    if not (f and f[key]) then return false end
  end
  return #link > 0
end

-- The modifier entries, labelled for the ruleset's title.
function P.entries(title)
  local label = C.label(title)
  local rule = "WRG 1973 weather and time of day, adapted (docs/modules.md)"
  return {
    { id = "weather_sodden", rule = rule, add = -E.SODDEN,
      text = "after 3 periods of rain or snow: WRG's reaction -1 (" .. label .. ")",
      when = function(c) return any(c.link, "sodden") end },
    { id = "weather_drought", rule = rule, add = -E.PARCHED,
      text = "drought, no well: WRG's reaction -1 (" .. label .. ")",
      when = function(c) return any(c.link, "parched") end },
    { id = "weather_night", rule = rule, add = -E.NIGHT_COVER,
      text = "night: all troops count unfriendly cover, WRG's reaction -2 (" .. label .. ")",
      when = function(c) return any(c.link, "night") end },
    { id = "weather_surprised", rule = rule, add = -E.SURPRISED,
      text = "surprised: WRG's reaction -2 (" .. label .. ")",
      when = function(c) return any(c.link, "surprised") end },
    { id = "weather_trumpets", rule = rule, add = 1,
      text = "desert winds: trumpets inaudible, the General more than 30 paces off, as out of sight (" .. label .. ")",
      when = function(c) return all(c.link, "unheard") and not c.s.line_of_sight_blocked end },
  }
end

-- Sets each vignette's flags (before the activation phase; again after a look).
function P.flags(G)
  local silent = E.trumpets_silent(G)
  local reach = P.TRUMPET_WIDTHS * G.S.frontage
  for s = 1, 2 do
    local gen = G.sides[s].general_uid
    local gd = gen and G.D[gen]
    local parched = E.parched(G, s)
    for _, uid in ipairs(G.alive[s]) do
      local d = G.D[uid]
      local unheard = false
      if silent and gd and not gd.broken and gd.gid ~= d.gid then
        unheard = G.bf:distance(gen, uid) > reach
      end
      local f = { sodden = E.sodden(G), parched = parched, night = E.night(G), surprised = E.surprised(G, uid),
                  unheard = unheard }
      d.weather_act = f
      if d.supporter then d.supporter.weather_act = f end
    end
  end
end

return P
