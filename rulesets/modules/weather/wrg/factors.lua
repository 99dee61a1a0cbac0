-- The weather module's WRG adapter: what the weather does to weapon factors
-- and reaction tests (WRG 1973, OPTIONAL RULES FOR WEATHER AND TIME OF
-- DAY). Installed as WRG's G.shooting_bonus, G.melee_bonus and
-- G.reaction_bonus (each a list of { id, text, add } the adjudication adds
-- and the account shows, rule and layer named).
local W = require("modules.weather")

local F = {}
local LAYER = "option weather"

local function entry(id, text, add, section)
  return { id = id, text = text, add = add, rule = W.rule .. ", " .. section, layer = LAYER }
end

-- The compass bearing a unit faces (north is the table's far edge: W.bearing).
local function bearing_of(G, uid)
  local _, _, f = G.bf:pos(uid)
  return W.bearing(f)
end

-- Sun: "Troops facing within 45 degrees of east for the first 2 periods of
-- the day, or within 45 degrees of west for the last 2, will be dazzled on
-- clear Mediterranean days from May to September ... Dazzled troops have
-- their weapon factors reduced by 1."
function F.dazzled(G, uid) return W.dazzled(G.weather, bearing_of(G, uid)) end

-- Drought: "In desert during the same months [June, July and August],
-- troops other than arabs, who have no access to a well, have all weapon
-- factors and reaction tests reduced by 1." (weather: arabs, wells name the sides)
function F.parched(G, uid)
  local w, x, d = G.weather, G.weather_wrg, G.D[uid]
  return W.drought(w) and w.ground == "desert" and not x.arabs[d.side] and not x.wells[d.side]
end

local function weapon_factors(G, uid, out)
  if F.dazzled(G, uid) then out[#out + 1] = entry("sun", "dazzled by the sun: weapon factors reduced by 1", -1, "Sun") end
  if F.parched(G, uid) then
    out[#out + 1] = entry("drought", "drought, no well: weapon factors reduced by 1", -1, "Drought")
  end
end

-- Rain: "All missiles have weapon factors reduced by 1 till the 2nd period
-- without rain"; Snow: "As for rain".
function F.shooting(G, uid, target)
  local _ = target
  local out = {}
  if W.missiles_wet(G.weather) then
    local what = G.weather.snow_possible and "snow" or "rain"
    out[#out + 1] = entry("rain", what .. ": missile weapon factors reduced by 1 till the 2nd period without it", -1,
      what == "snow" and "Snow" or "Rain")
  end
  weapon_factors(G, uid, out)
  return #out > 0 and out or nil
end

function F.melee(G, uid, target)
  local _ = target
  local out = {}
  weapon_factors(G, uid, out)
  return #out > 0 and out or nil
end

-- Rain: "After 3 periods of rain during the entire game ... reaction totals
-- are reduced by 1" (snow "as for rain"). Night: "All troops count
-- unfriendly cover, and all unilluminated sightings are surprise
-- sightings": the test's own factors (-2 each) are set on the situation `s`.
function F.reaction(G, uid, s)
  local w, d = G.weather, G.D[uid]
  local out = {}
  if W.sodden(w) then
    out[#out + 1] = entry("rain", "after 3 periods of rain or snow: reaction totals reduced by 1", -1, "Rain")
  end
  if F.parched(G, uid) then out[#out + 1] = entry("drought", "drought, no well: reaction reduced by 1", -1, "Drought") end
  if s and W.night(w) then
    s.unfriendly_cover, s.friendly_cover = true, nil
    if d.surprised_turn == G.turn then s.surprised = true end
  end
  return #out > 0 and out or nil
end

-- Another option's bonus, if any, is kept: both lists are added.
local function chain(prev, mine)
  if not prev then return mine end
  return function(...)
    local a, b = prev(...), mine(...)
    if not a then return b end
    if not b then return a end
    local out = {}
    for _, e in ipairs(a) do out[#out + 1] = e end
    for _, e in ipairs(b) do out[#out + 1] = e end
    return out
  end
end

function F.install(G)
  G.shooting_bonus = chain(G.shooting_bonus, F.shooting)
  G.melee_bonus = chain(G.melee_bonus, F.melee)
  G.reaction_bonus = chain(G.reaction_bonus, F.reaction)
end

return F
