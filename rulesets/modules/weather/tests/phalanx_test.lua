-- The weather module's adapter for Phalanx (and Into Glory Ride), each
-- effect played through the real battle engine: vignettes placed by hand,
-- dice forced, one phase played. Every effect is OUR ADAPTATION of WRG 1973
-- "OPTIONAL RULES FOR WEATHER AND TIME OF DAY" (Phalanx says nothing of
-- weather): rulesets/modules/weather/phalanx.lua, docs/modules.md.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")
local W = require("modules.weather")
local sighting = require("lib.sighting")

local function commander(t)
  local c = { activate = function() return {} end, evade = function() return false end,
              free_order = function() return nil end, shoot_target = function(_, _, targets) return targets[1].id end,
              shoot_at_charger = function() return false end, field_defences = function() return {} end }
  for k, v in pairs(t or {}) do c[k] = v end
  return c
end

-- A battle of the ruleset with the weather option on (or off), the
-- scenario's weather block, forced dice.
local function skirmish(name, with, weather, s1, s2, values, c1, terrain)
  local rules = ruleset.load(name, { options = with and { "weather" } or {} })
  local battle = rules.require("phalanx.battle")
  local G = battle.skirmish{ rules = rules, dice = dice.forced(values or {}), log = true,
    table = terrain and { terrain = terrain } or nil,
    sides = { { vignettes = s1, commander = c1 or commander() }, { vignettes = s2, commander = commander() } } }
  G.scenario.weather = weather
  return G, rules
end

local function events(G, kind)
  local out = {}
  for _, e in ipairs(G.bf:events()) do if e.kind == kind then out[#out + 1] = e end end
  return out
end

local function group_of(G, side, vid) return G.groups[G.D[G.by_vid[side][vid]].gid] end

-- The weather phase as the turn runs it (weather dice, then the sides' view).
local function weather_phase(G, rules)
  rules.require("phalanx.turn").phases:get("weather").run(G, 1, {})
end

local function wet(G) return G.weather_shot(G, G.by_vid[1].bows).wet end

-- Mediterranean, March, potential die 2: "Rain" (no dice at the start: the
-- wind is fixed there, no fog inland, no sun dazzle in March).
local RAIN = { region = "mediterranean", month = 3, potential = 2, falling = true }
-- A clear Mediterranean June morning: the sun dazzles troops facing east.
local SUN = { region = "mediterranean", month = 6, potential = 4, start_period = 1 }

T.case("Weather (Phalanx): the option is the module's adapter, phases added before activation and after initiative", function()
  local rules = ruleset.load("phalanx", { options = { "weather" } })
  T.eq(rules.options.weather, true)
  local ids = rules.require("phalanx.turn").phases:ids()
  T.eq(ids, { "weather", "activation", "movement", "initiative", "weather_sighting", "shooting", "melee" })
  T.truthy(rules.require("phalanx.shooting").modifiers:has("weather_rain"))
  local plain = ruleset.load("phalanx", {})
  T.eq(plain.require("phalanx.shooting").modifiers:has("weather_rain"), false)
  T.eq(#plain.require("phalanx.turn").phases:ids(), 5)
end)

T.case("Weather (Phalanx), rain: -1 to the shooting die while missiles are wet (our adaptation of WRG's -1 weapon factor)", function()
  local bows = { { id = "bows", class = "HIB", at = { 900, 200 } } }
  local target = { { id = "t", class = "HIN", at = { 900, 340 } } }   -- 1.25 widths (frontage 80 mm, depths 40)
  local scores = {}
  for _, with in ipairs({ false, true }) do
    -- the weather phase's period die 2 (keeps the rain falling), then the shot's die 4
    local G, rules = skirmish("phalanx", with, RAIN, bows, target, with and { 2, 4 } or { 4 })
    if with then weather_phase(G, rules) end
    group_of(G, 1, "bows").activated = true
    rules.require("phalanx.turn").shooting_phase(G, 1)
    local shot = events(G, "shoot")[1]
    scores[#scores + 1] = shot.score
    if with then
      T.eq(W.raining(G.weather), true)
      local found
      for _, m in ipairs(shot.modifiers) do if m.id == "weather_rain" then found = m end end
      T.truthy(found, "the rain term is in the shot's account")
      T.eq(found.after - found.before, -1)
      T.eq(found.layer, "option weather")
      local text = rules.require("phalanx.shooting").modifiers:get("weather_rain").text
      T.eq(text, "rain (weather module, our adaptation for Phalanx)")
    end
  end
  T.eq(scores[2], scores[1] - 1)
end)

T.case("Weather (Phalanx), rain: missiles stay wet till the 2nd period without rain", function()
  local bows = { { id = "bows", class = "HIB", at = { 900, 200 } } }
  local target = { { id = "t", class = "HIN", at = { 900, 340 } } }
  -- periods: rain falling, then 5 (ceases: 1st dry period), then 3 (2nd dry period)
  local G, rules = skirmish("phalanx", true, RAIN, bows, target, { 2, 5, 3 })
  weather_phase(G, rules); T.eq(wet(G), true)
  G.turn = 2; weather_phase(G, rules); T.eq(W.raining(G.weather), false); T.eq(wet(G), true)
  G.turn = 3; weather_phase(G, rules); T.eq(wet(G), false)
end)

T.case("Weather (Phalanx), sun: a shooter facing within 45 degrees of east in the first 2 periods is dazzled, -1", function()
  local east = { { id = "bows", class = "HIB", at = { 600, 500, 270 } } }   -- facing 270: towards +x, east
  local target = { { id = "t", class = "HIN", at = { 740, 500, 90 } } }
  local G, rules = skirmish("phalanx", true, SUN, east, target, { 4 })
  weather_phase(G, rules)
  T.eq(G.weather.day_period, 1)
  group_of(G, 1, "bows").activated = true
  rules.require("phalanx.turn").shooting_phase(G, 1)
  local shot = events(G, "shoot")[1]
  local ids = {}
  for _, m in ipairs(shot.modifiers) do ids[m.id] = m.after - m.before end
  T.eq(ids.weather_sun, -1)
  -- the one facing west is not dazzled in the morning
  T.eq(G.weather_shot(G, G.by_vid[2].t).dazzled, false)
  -- nor is anyone at noon (period 3 of 12)
  G.weather.day_period = 3
  T.eq(G.weather_shot(G, G.by_vid[1].bows).dazzled, false)
end)

T.case("Weather (Phalanx), fog: no shot beyond 100 paces (1 width) for the first 3 periods, then the full range", function()
  local bows = { { id = "bows", class = "HIB", at = { 900, 200 } } }
  local target = { { id = "t", class = "HIN", at = { 900, 340 } } }   -- 100 mm edge to edge: 1.25 widths
  local FOG = { region = "mediterranean", month = 6, potential = 4, fog = true, start_period = 4 }
  local G, rules = skirmish("phalanx", true, FOG, bows, target, {})
  local turn = rules.require("phalanx.turn")
  weather_phase(G, rules)
  T.eq(W.visibility(G.weather), 100)
  T.eq(#turn.shooting_targets(G, G.by_vid[1].bows), 0, "in fog")
  T.eq(sighting.known_enemies(G, 1), {}, "nor does its side know of the target")
  for t = 2, 4 do G.turn = t; weather_phase(G, rules) end
  T.eq(W.visibility(G.weather), nil)
  T.eq(#turn.shooting_targets(G, G.by_vid[1].bows), 1, "the fog has lifted (period 4)")
  T.eq(sighting.known_enemies(G, 1), { G.by_vid[2].t })
  -- without the option: in range
  local plain, prules = skirmish("phalanx", false, FOG, bows, target, {})
  T.eq(#prules.require("phalanx.turn").shooting_targets(plain, plain.by_vid[1].bows), 1)
end)

T.case("Weather (Phalanx), night: vision 60 paces (0.6 widths) once the day's periods are past", function()
  local bows = { { id = "bows", class = "HIB", at = { 900, 200 } } }
  local near = { { id = "t", class = "HIN", at = { 900, 280 } } }     -- 40 mm: 0.5 widths
  -- December: 8 periods of daylight; the battle begins in the 9th period of the day
  local NIGHT = { region = "mediterranean", month = 12, potential = 4, start_period = 9 }
  local G, rules = skirmish("phalanx", true, NIGHT, bows, near, {})
  weather_phase(G, rules)
  T.eq(W.night(G.weather), true)
  T.eq(#rules.require("phalanx.turn").shooting_targets(G, G.by_vid[1].bows), 1, "0.5 widths: seen")
  G.bf:place(G.by_vid[2].t, 900, 300, 180)                               -- 60 mm: 0.75 widths
  T.eq(#rules.require("phalanx.turn").shooting_targets(G, G.by_vid[1].bows), 0, "0.75 widths: not")
  -- the same hour in June is daylight (12 periods)
  local day = { region = "mediterranean", month = 6, potential = 4, start_period = 9 }
  G, rules = skirmish("phalanx", true, day, bows, near, {})
  weather_phase(G, rules)
  T.eq(W.night(G.weather), false)
end)

T.case("Weather (Phalanx), sodden ground and snow: moves 20 paces (0.2 widths) shorter after 3 periods of rain; halved after 3 of snow", function()
  local foot = { { id = "f", class = "HIN", at = { 900, 200 } } }
  local far = { { id = "e", class = "HIN", at = { 900, 1200 } } }
  local G, rules = skirmish("phalanx", true, RAIN, foot, far, { 2, 2, 2 })
  local turn = rules.require("phalanx.turn")
  local g = group_of(G, 1, "f")
  local dry = turn.allowances(G, g, 0)
  for t = 1, 2 do G.turn = t; weather_phase(G, rules) end
  T.eq(turn.allowances(G, g, 0), dry, "2 periods of rain: not yet")
  G.turn = 3; weather_phase(G, rules)
  T.eq(W.sodden(G.weather), true)
  T.near(turn.allowances(G, g, 0), dry - 0.2 * G.S.frontage, 1e-9)
  -- Europe, January, die 1: "Snow"
  local SNOW = { region = "europe", month = 1, potential = 1, falling = true }
  -- the European wind's die and the fog's (3: none) at the start, then three periods of snow
  G, rules = skirmish("phalanx", true, SNOW, foot, far, { 1, 3, 2, 2, 2 })
  turn = rules.require("phalanx.turn")
  g = group_of(G, 1, "f")
  for t = 1, 3 do G.turn = t; weather_phase(G, rules) end
  T.eq(W.snowbound(G.weather), true)
  T.near(turn.allowances(G, g, 0), dry / 2, 1e-9)
end)

T.case("Weather (Phalanx): the commander advances only on enemies its side has seen; seeing none, towards the enemy's edge", function()
  local ai = require("phalanx.ai")
  local foot = { { id = "f", class = "HIN", at = { 900, 200 } } }
  -- the enemy 500 mm ahead and well off to the right: the plain commander turns towards it
  local far = { { id = "e", class = "HIN", at = { 1500, 700 } } }
  local FOG = { region = "mediterranean", month = 6, potential = 4, fog = true, start_period = 4 }
  local G, rules = skirmish("phalanx", true, FOG, foot, far, {}, ai)
  weather_phase(G, rules)
  T.eq(sighting.known_enemies(G, 1), {}, "hidden in the fog")
  local calls = 0
  local blind = G.weather_blind
  G.weather_blind = function(...) calls = calls + 1; return blind(...) end
  local orders = ai.activate(G, 1, 10)
  T.eq(calls, 1, "no enemy known: the blind order")
  T.eq(#orders, 1)
  T.eq({ orders[1].kind, orders[1].turn }, { "move", 0 }, "straight on towards the enemy's (north) edge")
  local plain = skirmish("phalanx", false, FOG, foot, far, {}, ai)
  local seen = ai.activate(plain, 1, 10)
  T.eq(#seen, 1)
  T.truthy(seen[1].kind == "move" and seen[1].turn < -20, "without the module it turns towards the enemy it cannot see")
end)

T.case("Weather (Phalanx): a new sighting nearer than 50 paces is a surprise, logged for the replay", function()
  local foot = { { id = "f", class = "HIN", at = { 900, 200 } } }
  local far = { { id = "e", class = "HIN", at = { 900, 1000, 180 } } }
  local NIGHT = { region = "mediterranean", month = 12, potential = 4, start_period = 9 }
  local G, rules = skirmish("phalanx", true, NIGHT, foot, far, {})
  weather_phase(G, rules)
  T.eq(sighting.known_enemies(G, 1), {})
  G.bf:place(G.by_vid[2].e, 900, 270, 180)   -- 30 mm: 37.5 paces
  rules.require("phalanx.turn").phases:get("weather_sighting").run(G, 1, {})
  local ev = events(G, "sighted")
  T.eq(ev[#ev - 1].side, 1)
  T.eq(ev[#ev - 1].surprise, { G.by_vid[2].e })
end)

T.case("Weather (Into Glory Ride): the Phalanx adapter, labelled for Into Glory Ride", function()
  local rules = ruleset.load("into_glory_ride", { options = { "weather" } })
  local m = rules.require("phalanx.shooting").modifiers:get("weather_rain")
  T.eq(m.text, "rain (weather module, our adaptation for Into Glory Ride)")
  local bows = { { id = "bows", class = "HIM", epoch = "III", at = { 900, 200 } } }
  local target = { { id = "t", class = "HIM", epoch = "III", at = { 900, 300 } } }
  local scores = {}
  for _, with in ipairs({ false, true }) do
    local G, r = skirmish("into_glory_ride", with, RAIN, bows, target, with and { 2, 4, 1 } or { 4, 1 })  -- 1: the return fire
    if with then weather_phase(G, r) end
    group_of(G, 1, "bows").activated = true
    r.require("phalanx.turn").shooting_phase(G, 1)
    local shot = events(G, "shoot")[1]
    T.truthy(shot, "a shot")
    scores[#scores + 1] = shot.score
  end
  T.eq(scores[2], scores[1] - 1)
end)

T.case("Weather (Phalanx): the side's view with heights: from a hill over a wood; not from the flat", function()
  local CLEAR = { region = "mediterranean", month = 6, potential = 4, start_period = 4 }
  local foot = { { id = "f", class = "HIN", at = { 900, 200 } } }
  local far = { { id = "e", class = "HIN", at = { 900, 750, 180 } } }
  local wood = { type = "wood", circle = { 900, 400, 60 } }
  -- on a gentle hill (eye 2) the line to the enemy on the flat is 2 * (1 - 260 / 550) = 1.05 high
  -- at the wood's far edge (y 460): over the wood's 1
  local G, rules = skirmish("phalanx", true, CLEAR, foot, far, {}, nil,
    { { type = "gentle_hill", circle = { 900, 200, 100 } }, wood })
  G.T:attach(G.bf)   -- the pieces on the battlefield, as battle.run puts them
  T.eq(#G.bf:terrain(), 2)
  weather_phase(G, rules)
  T.eq(sighting.known_enemies(G, 1), { G.by_vid[2].e })
  -- the same without the hill: the wood hides it
  G, rules = skirmish("phalanx", true, CLEAR, foot, far, {}, nil, { wood })
  G.T:attach(G.bf)
  weather_phase(G, rules)
  T.eq(sighting.known_enemies(G, 1), {})
end)

T.case("Weather (Phalanx), sun: a vignette facing within 45 degrees of east in the morning fights at -1 (WRG's -1 hand to hand too)", function()
  local SUN = { region = "mediterranean", month = 6, potential = 4, start_period = 1 }
  -- two HIN in contact across the line x = 900: the one facing east (table facing 270) is dazzled
  local east = { { id = "leg", class = "HIN", at = { 880, 500, 270 } } }
  local west = { { id = "d", class = "HIN", at = { 920, 500, 90 } } }
  local cfs = {}
  for _, with in ipairs({ false, true }) do
    local G, rules = skirmish("phalanx", with, SUN, east, west, { 4 })
    if with then weather_phase(G, rules) end
    rules.require("phalanx.turn").melee_phase(G, 1)
    local m = events(G, "melee")[1]
    T.truthy(m, "a melee")
    cfs[#cfs + 1] = { m.attacker_cf, m.defender_cf }
    if with then
      local ids = {}
      for _, t in ipairs(m.attacker_modifiers) do ids[t.id] = t.after - t.before end
      T.eq(ids.weather_sun, -1)
    end
  end
  T.eq(cfs[2][1], cfs[1][1] - 1, "the one facing east loses 1")
  T.eq(cfs[2][2], cfs[1][2], "the one facing west does not")
end)

T.case("Weather (Phalanx), night: \"Fighting will normally cease at nightfall\": a battle begun by day ends; one begun at night goes on", function()
  local foot = { { id = "f", class = "HIN", at = { 900, 200 } } }
  local far = { { id = "e", class = "HIN", at = { 900, 1000, 180 } } }
  -- December: 8 periods of daylight; begun in the 8th
  local DUSK = { region = "mediterranean", month = 12, potential = 4, start_period = 8 }
  local G, rules = skirmish("phalanx", true, DUSK, foot, far, {})
  weather_phase(G, rules)
  T.eq(G.over, nil)
  G.turn = 2
  weather_phase(G, rules)
  T.eq(G.over, true, "night fell: the battle is over")
  local ev = events(G, "weather_period")
  T.eq(ev[#ev].nightfall, true)
  -- begun at night (the 9th period): it goes on
  local NIGHT = { region = "mediterranean", month = 12, potential = 4, start_period = 9 }
  G, rules = skirmish("phalanx", true, NIGHT, foot, far, {})
  for t = 1, 3 do G.turn = t; weather_phase(G, rules) end
  T.eq(W.night(G.weather), true)
  T.eq(G.over, nil)
end)
