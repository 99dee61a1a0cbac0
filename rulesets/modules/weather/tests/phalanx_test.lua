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

---------------------------------------------------------------------------
-- WRG's reaction test, drought, wind, night moves, drift, lights, camps:
-- OUR ADAPTATION (modules/weather/phalanx/activation.lua, phalanx/moves.lua).

-- The activation terms of a link's move order, by id.
local function activation_terms(G, rules, side, vid)
  local turn = rules.require("phalanx.turn")
  local cost, terms = turn.activation_cost(G, group_of(G, side, vid), { kind = "move", turn = 0, dist = 10 }, true)
  local ids = {}
  for _, t in ipairs(terms or {}) do ids[t.id] = t.after - t.before end
  return cost, ids
end

-- A Mediterranean summer's day in the desert: die 1, "Strong winds in
-- desert or Steppe only" (June: drought months), the wind from the NE.
local DESERT = { region = "mediterranean", month = 6, ground = "desert", potential = 1, falling = true, steady = true,
                 sun = false, start_period = 4 }

T.case("Weather (Phalanx), WRG 1973 Rain: \"after 3 periods of rain ... reaction totals are reduced by 1\": +1 to the activation cost", function()
  local foot = { { id = "f", class = "HIN", at = { 900, 200 } } }
  local far = { { id = "e", class = "HIN", at = { 900, 1200 } } }
  local G, rules = skirmish("phalanx", true, RAIN, foot, far, { 2, 2, 2 })
  weather_phase(G, rules)
  local dry, ids = activation_terms(G, rules, 1, "f")
  T.eq(ids.weather_sodden, nil, "1 period of rain: not yet")
  for t = 2, 3 do G.turn = t; G.pturn = G.pturn + 1; weather_phase(G, rules) end
  T.eq(W.sodden(G.weather), true)
  local cost
  cost, ids = activation_terms(G, rules, 1, "f")
  T.eq(ids.weather_sodden, 1)
  T.eq(cost, dry + 1)
  T.eq(rules.require("phalanx.command").activation_modifiers:get("weather_sodden").text,
    "after 3 periods of rain or snow: WRG's reaction -1 (weather module, our adaptation for Phalanx)")
end)

T.case("Weather (Phalanx), WRG 1973 Drought: desert troops without a well, not arabs: -1 shooting die, -1 melee factor, +1 activation", function()
  local bows = { { id = "bows", class = "HIB", at = { 900, 200 } } }
  local target = { { id = "t", class = "HIN", at = { 900, 340 } } }
  local CALM = { region = "mediterranean", month = 7, ground = "desert", potential = 4, sun = false, start_period = 4 }
  local scores, costs = {}, {}
  for i, block in ipairs({ CALM, { region = "mediterranean", month = 7, ground = "desert", potential = 4, sun = false,
                                   start_period = 4, wells = { 1 } } }) do
    local G, rules = skirmish("phalanx", true, block, bows, target, { 4 })
    weather_phase(G, rules)
    group_of(G, 1, "bows").activated = true
    rules.require("phalanx.turn").shooting_phase(G, 1)
    local shot = events(G, "shoot")[1]
    scores[i] = shot.score
    local found
    for _, m in ipairs(shot.modifiers) do if m.id == "weather_drought" then found = m.after - m.before end end
    T.eq(found, i == 1 and -1 or nil)
    local _, ids = activation_terms(G, rules, 1, "bows")
    costs[i] = ids.weather_drought
  end
  T.eq(scores[1], scores[2] - 1, "the side with a well shoots at full")
  T.eq(costs, { 1 })
  -- arabs are spared; and in hand to hand, -1 to the parched side's factor
  local east = { { id = "leg", class = "HIN", at = { 880, 500, 270 } } }
  local west = { { id = "d", class = "HIN", at = { 920, 500, 90 } } }
  local block = { region = "mediterranean", month = 7, ground = "desert", potential = 4, sun = false, start_period = 4,
                  arabs = { 2 } }
  local G, rules = skirmish("phalanx", true, block, east, west, { 4 })
  weather_phase(G, rules)
  rules.require("phalanx.turn").melee_phase(G, 1)
  local m = events(G, "melee")[1]
  local a, d = {}, {}
  for _, t in ipairs(m.attacker_modifiers) do a[t.id] = t.after - t.before end
  for _, t in ipairs(m.defender_modifiers) do d[t.id] = t.after - t.before end
  T.eq(a.weather_drought, -1)
  T.eq(d.weather_drought, nil, "arabs")
  -- not in June-August: no drought
  G, rules = skirmish("phalanx", true, { region = "mediterranean", month = 5, ground = "desert", potential = 4,
                                        sun = false, start_period = 4 }, east, west, {})
  weather_phase(G, rules)
  T.eq(G.weather_shot(G, G.by_vid[1].leg).parched, false)
end)

T.case("Weather (Phalanx), WRG 1973 Wind: in desert winds a move may not end further upwind (arabs excepted); trumpets silent beyond 30 paces", function()
  -- wind from the NE: a vignette facing north (table facing 0) heads within 90 degrees of it
  local foot = { { id = "f", class = "HIN", at = { 900, 200, 0 }, general = true },
                 { id = "g", class = "HIN", at = { 1300, 200, 0 } } }
  local far = { { id = "e", class = "HIN", at = { 900, 1200 } } }
  local G, rules = skirmish("phalanx", true, DESERT, foot, far, {})
  weather_phase(G, rules)
  T.eq(W.strong_wind(G.weather), true)
  local turn = rules.require("phalanx.turn")
  local g = group_of(G, 1, "g")
  T.eq(turn.allowances(G, g, 0), 0, "north, into the NE wind: no move")
  T.truthy(turn.allowances(G, g, 180) > 0, "south, down wind")
  -- (table turn -90 faces east, bearing 90: 45 degrees off the NE: upwind)
  T.eq(turn.allowances(G, g, -90), 0)
  T.truthy(turn.allowances(G, g, 90) > 0, "west: 135 degrees off the wind's point, free")
  T.truthy(turn.allowances(G, g, 0, "evade") > 0, "an evade goes to the rear, down wind")
  -- trumpets: "g" is 400 mm (5 widths) from its General: out of his sight; "f" is his own group
  local _, ids = activation_terms(G, rules, 1, "g")
  T.eq(ids.weather_trumpets, 1)
  _, ids = activation_terms(G, rules, 1, "f")
  T.eq(ids.weather_trumpets, nil)
  -- seeing no enemy, the commander's blind order tacks across the wind (bearing 315, NW: table facing 45)
  -- rather than north into it
  local order = G.weather_blind(G, g, 100)
  T.eq({ order.kind, order.turn }, { "move", 45 })
  T.truthy(turn.allowances(G, g, order.turn) > 0, "a move the wind allows")
  -- arabs move in any direction
  local arab = { region = "mediterranean", month = 6, ground = "desert", potential = 1, falling = true, steady = true,
                 sun = false, start_period = 4, arabs = { 1 } }
  G, rules = skirmish("phalanx", true, arab, foot, far, {})
  weather_phase(G, rules)
  T.truthy(rules.require("phalanx.turn").allowances(G, group_of(G, 1, "g"), 0) > 0)
end)

T.case("Weather (Phalanx), WRG 1973 Night: moves at most 60 paces (0.6 widths) but evades; +2 activation (unfriendly cover)", function()
  local foot = { { id = "f", class = "LIS", at = { 900, 200 } } }
  local far = { { id = "e", class = "HIN", at = { 900, 1200 } } }
  local NIGHT = { region = "mediterranean", month = 12, potential = 4, start_period = 9, lights = { 1, 2 } }
  local DAY = { region = "mediterranean", month = 12, potential = 4, start_period = 3 }
  local G, rules = skirmish("phalanx", true, DAY, foot, far, {})
  weather_phase(G, rules)
  local turn = rules.require("phalanx.turn")
  local day = turn.allowances(G, group_of(G, 1, "f"), 0)
  T.truthy(day > 0.6 * G.S.frontage, "a light vignette's move is longer than 60 paces")
  G, rules = skirmish("phalanx", true, NIGHT, foot, far, {})
  weather_phase(G, rules)
  turn = rules.require("phalanx.turn")
  local g = group_of(G, 1, "f")
  T.near(turn.allowances(G, g, 0), 0.6 * G.S.frontage, 1e-9)
  T.near(turn.allowances(G, g, 0, "evade"), day, 1e-9)
  local _, ids = activation_terms(G, rules, 1, "f")
  T.eq(ids.weather_night, 2)
  -- a move order played: 48 mm (0.6 widths), no further
  turn.order_move(G, g, 0, 1000)
  local _, y = G.bf:pos(G.by_vid[1].f)
  T.near(y - 200, 0.6 * G.S.frontage, 1e-6)
end)

T.case("Weather (Phalanx), WRG 1973 Night: a link that moved without lights drifts 10 paces left on 1-2, right on 5-6; with lights it does not", function()
  local foot = { { id = "f", class = "HIN", at = { 900, 200 } } }
  local far = { { id = "e", class = "HIN", at = { 900, 1200, 180 } } }
  local NIGHT = { region = "mediterranean", month = 12, potential = 4, start_period = 9 }
  for _, case in ipairs({ { die = 1, dx = -8 }, { die = 6, dx = 8 }, { die = 3, dx = 0 } }) do
    local G, rules = skirmish("phalanx", true, NIGHT, foot, far, { case.die })
    weather_phase(G, rules)
    local turn = rules.require("phalanx.turn")
    turn.order_move(G, group_of(G, 1, "f"), 0, 20)
    rules.require("phalanx.turn").phases:get("weather_sighting").run(G, 1, {})
    local x = G.bf:pos(G.by_vid[1].f)
    -- facing north (0), its left is -x; 10 paces = 0.1 widths = 8 mm
    T.near(x - 900, case.dx, 1e-6, "die " .. case.die)
    T.eq(#events(G, "drift"), case.dx ~= 0 and 1 or 0)
  end
  -- with lights: no die thrown (none forced), no drift
  local lit = { region = "mediterranean", month = 12, potential = 4, start_period = 9, lights = { 1 } }
  local G, rules = skirmish("phalanx", true, lit, foot, far, {})
  weather_phase(G, rules)
  rules.require("phalanx.turn").order_move(G, group_of(G, 1, "f"), 0, 20)
  rules.require("phalanx.turn").phases:get("weather_sighting").run(G, 1, {})
  T.eq((G.bf:pos(G.by_vid[1].f)), 900)
end)

T.case("Weather (Phalanx), WRG 1973 Night: \"A fire or torch lights an area 60 paces around it\": a lit enemy is seen however far", function()
  local foot = { { id = "f", class = "HIN", at = { 900, 200 } } }
  local far = { { id = "e", class = "HIN", at = { 900, 800, 180 } } }
  local dark = { region = "mediterranean", month = 12, potential = 4, start_period = 9 }
  local G, rules = skirmish("phalanx", true, dark, foot, far, {})
  weather_phase(G, rules)
  T.eq(sighting.known_enemies(G, 1), {})
  local lit = { region = "mediterranean", month = 12, potential = 4, start_period = 9, lights = { 2 } }
  G, rules = skirmish("phalanx", true, lit, foot, far, {})
  weather_phase(G, rules)
  T.eq(sighting.known_enemies(G, 1), { G.by_vid[2].e }, "the torch-bearers are seen")
  T.eq(sighting.known_enemies(G, 2), {}, "they do not see into the dark")
  -- and shot at: a target in torchlight 1.25 widths off (beyond the night's 0.6); an unlit one as far is not
  local bows = { { id = "bows", class = "HIB", at = { 900, 200 } } }
  local two = { { id = "lit", class = "HIN", at = { 900, 340 } } }
  local one = { region = "mediterranean", month = 12, potential = 4, start_period = 9, lights = { 2 } }
  G, rules = skirmish("phalanx", true, one, bows, { two[1] }, {})
  weather_phase(G, rules)
  local targets = rules.require("phalanx.turn").shooting_targets(G, G.by_vid[1].bows)
  T.eq(#targets, 1)
  T.eq(targets[1].id, G.by_vid[2].lit)
  G, rules = skirmish("phalanx", true, dark, bows, { two[1] }, {})
  weather_phase(G, rules)
  T.eq(#rules.require("phalanx.turn").shooting_targets(G, G.by_vid[1].bows), 0, "in the dark: none")
end)

T.case("Weather (Phalanx), WRG 1973 Night: an unlit sighting is a surprise: +2 to the surprised link's activation", function()
  local foot = { { id = "f", class = "HIN", at = { 900, 200 } } }
  local far = { { id = "e", class = "HIN", at = { 900, 1000, 180 } } }
  local NIGHT = { region = "mediterranean", month = 12, potential = 4, start_period = 9 }
  local G, rules = skirmish("phalanx", true, NIGHT, foot, far, {})
  weather_phase(G, rules)
  local _, ids = activation_terms(G, rules, 1, "f")
  T.eq(ids.weather_surprised, nil)
  G.bf:place(G.by_vid[2].e, 900, 285, 180)   -- 45 mm: 56 paces, inside the night's 60
  rules.require("phalanx.turn").phases:get("weather_sighting").run(G, 2, {})
  G.pturn = G.pturn + 1
  _, ids = activation_terms(G, rules, 1, "f")
  T.eq(ids.weather_surprised, 2)
  -- two turns on, no longer
  G.turn, G.pturn = 3, G.pturn + 1
  weather_phase(G, rules)
  _, ids = activation_terms(G, rules, 1, "f")
  T.eq(ids.weather_surprised, nil)
end)

T.case("Weather (Phalanx), WRG 1973 Night: a camp: 1/5 on guard, the others asleep; the alarm at 60 paces; RA up in half a period", function()
  local camp = {}
  for i = 1, 5 do camp[i] = { id = "c" .. i, class = "HIN", at = { 500 + 120 * i, 200 } } end
  local far = { { id = "e", class = "HIN", at = { 900, 1000, 180 } } }
  local NIGHT = { region = "mediterranean", month = 12, potential = 4, start_period = 9, camp = { side = 1 }, lights = { 1, 2 } }
  local G, rules = skirmish("phalanx", true, NIGHT, camp, far, {})
  weather_phase(G, rules)
  local turn = rules.require("phalanx.turn")
  local asleep = 0
  for i = 1, 5 do
    local mv = turn.allowances(G, group_of(G, 1, "c" .. i), 0)
    if mv == 0 then asleep = asleep + 1 end
  end
  T.eq(asleep, 4, "one of five on guard")
  -- a sleeper does not shoot: five VLI (1 width, all round), three of them
  -- within range of an enemy 50 mm off (beyond the sentries' 60 paces, 48 mm)
  local sleepy = {}
  for i = 1, 5 do sleepy[i] = { id = "b" .. i, class = "VLI", at = { 520 + 100 * i, 200 } } end
  local close = { { id = "e", class = "HIN", at = { 820, 290, 180 } } }
  local S, srules = skirmish("phalanx", true, NIGHT, sleepy, close, {})
  weather_phase(S, srules)
  local sturn = srules.require("phalanx.turn")
  local shooters = 0
  for i = 1, 5 do if #sturn.shooting_targets(S, S.by_vid[1]["b" .. i]) > 0 then shooters = shooters + 1 end end
  T.eq(shooters, 1, "only the guard may shoot")
  T.eq(S.weather_camp.alarm, nil, "no alarm yet")
  local plain_night = { region = "mediterranean", month = 12, potential = 4, start_period = 9, lights = { 1, 2 } }
  S, srules = skirmish("phalanx", true, plain_night, sleepy, close, {})
  weather_phase(S, srules)
  shooters = 0
  for i = 1, 5 do if #srules.require("phalanx.turn").shooting_targets(S, S.by_vid[1]["b" .. i]) > 0 then shooters = shooters + 1 end end
  T.eq(shooters, 3, "without a camp three may shoot")
  -- the enemy comes within 60 paces (48 mm) of the camp after side 2's moves: the alarm, half a period on
  G.bf:place(G.by_vid[2].e, 740, 280, 180)
  rules.require("phalanx.turn").phases:get("weather_sighting").run(G, 2, {})
  T.eq(G.weather_camp.alarm, 1.5)
  -- RA form up in half a period: up at 2.0, the next period's start, at a full move
  G.turn, G.pturn = 2, G.pturn + 1
  weather_phase(G, rules)
  local up = 0
  for i = 1, 5 do if turn.allowances(G, group_of(G, 1, "c" .. i), 0) > 0 then up = up + 1 end end
  T.eq(up, 5)
  -- IF (barbarians) take a full period: alarm at 1.5, up at 2.5, half-way through turn 2: half a move
  for i = 1, 5 do camp[i].army = "IF" end
  G, rules = skirmish("phalanx", true, NIGHT, camp, far, {})
  weather_phase(G, rules)
  turn = rules.require("phalanx.turn")
  G.bf:place(G.by_vid[2].e, 740, 280, 180)
  rules.require("phalanx.turn").phases:get("weather_sighting").run(G, 2, {})
  G.turn, G.pturn = 2, G.pturn + 1
  weather_phase(G, rules)
  local halves = 0
  for i = 1, 5 do
    local g = group_of(G, 1, "c" .. i)
    if G.weather_camp.half[g.ids[1]] == 2 then halves = halves + 1 end
  end
  T.eq(halves, 4, "the four sleepers move half this period")
end)

T.case("Weather (Into Glory Ride), WRG 1973 Night: the Phalanx adapter's night terms, labelled for Into Glory Ride; IA camp sleepers take a full period", function()
  local rules = ruleset.load("into_glory_ride", { options = { "weather" } })
  T.eq(rules.require("phalanx.command").activation_modifiers:get("weather_night").text,
    "night: all troops count unfriendly cover, WRG's reaction -2 (weather module, our adaptation for Into Glory Ride)")
  local camp = {}
  for i = 1, 5 do camp[i] = { id = "c" .. i, class = "HIM", epoch = "III", army = "IA", at = { 500 + 120 * i, 200 } } end
  local far = { { id = "e", class = "HIM", epoch = "III", at = { 900, 1000, 180 } } }
  local NIGHT = { region = "mediterranean", month = 12, potential = 4, start_period = 9, camp = { side = 1 }, lights = { 1, 2 } }
  local G, r = skirmish("into_glory_ride", true, NIGHT, camp, far, {})
  weather_phase(G, r)
  local _, ids = activation_terms(G, r, 1, "c1")
  T.eq(ids.weather_night, 2)
  G.bf:place(G.by_vid[2].e, 740, 280, 180)
  r.require("phalanx.turn").phases:get("weather_sighting").run(G, 2, {})
  T.eq(G.weather_camp.alarm, 1.5)
  local ready = {}
  for uid, at in pairs(G.weather_camp.ready_at) do ready[#ready + 1] = at; T.truthy(G.D[uid].army_class == "IA") end
  T.eq(ready, { 2.5, 2.5, 2.5, 2.5 }, "irregulars: a full period after the alarm")
end)
