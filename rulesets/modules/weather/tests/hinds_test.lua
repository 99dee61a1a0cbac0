-- The weather module's adapter for Hinds' Ancient Wargame Rules, each
-- effect played through the real battle engine: units placed by hand on the
-- hex board, dice forced, one phase played. Every effect is OUR ADAPTATION
-- of WRG 1973 "OPTIONAL RULES FOR WEATHER AND TIME OF DAY" (Hinds says
-- nothing of weather): rulesets/modules/weather/hinds.lua, docs/modules.md.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")
local W = require("modules.weather")
local sighting = require("lib.sighting")

-- Holds; casts at the first enemy it may.
local function caster()
  return {
    order = function() return { kind = "hold" } end,
    missile_target = function(G, uid)
      local turn = G.rules_turn
      for _, e in ipairs(turn.units(G, 3 - G.D[uid].side)) do
        if turn.cast_situation(G, G.D[uid], G.D[e]) then return e end
      end
      return nil
    end,
    pursue = function() return false end, occupy = function() return false end,
    cavalry_assisted = function() return "fight" end,
  }
end

-- A Hinds instance with the weather option on (or off); side 1 a body of
-- one-base archers at hex (5, 2), side 2 foot of the 4th class `rows_off`
-- rows north. The scenario's weather block; dice forced.
local function field(with, weather, rows_off, values, extra1)
  local rules = ruleset.load("hinds", { options = with and { "weather" } or {} })
  local battle = rules.require("hinds.battle")
  local bow = { id = "bow", arm = "foot", class = 4, bases = 1, per_base = 4, missile = "bow", at = { 5, 2 } }
  for k, v in pairs(extra1 or {}) do bow[k] = v end
  local G = battle.skirmish{ dice = dice.forced(values or {}), log = true, table = { cols = 10, rows = 10 },
    options = with and { weather = true } or {},
    sides = { { units = { bow }, commander = caster() },
              { units = { { id = "foot", arm = "foot", class = 4, bases = 6, per_base = 4, at = { 5, 2 + rows_off } } },
                commander = caster() } } }
  G.scenario = { weather = weather }
  G.rules_turn = rules.require("hinds.turn")
  return G, rules
end

local function phase(G, rules, id)
  for _, p in ipairs(rules.require("hinds.turn").phases.entries) do
    if p.id == id then G.bf:set_time(G.turn, id); p.run(G); return end
  end
  error("no phase " .. id)
end

local function events(G, kind)
  local out = {}
  for _, e in ipairs(G.bf:events()) do if e.kind == kind then out[#out + 1] = e end end
  return out
end

local function cast_of(G)
  for _, e in ipairs(events(G, "cast")) do if e.unit == G.by_id[1].bow then return e end end
  return nil
end

local RAIN = { region = "mediterranean", month = 3, potential = 2, falling = true }

T.case("Weather (Hinds): the option is the module's adapter; its phases only with the option", function()
  local rules = ruleset.load("hinds", { options = { "weather" } })
  T.eq(rules.options.weather, true)
  T.eq(rules.require("hinds.turn").phases:ids(),
    { "weather", "retreats", "movement", "weather_sighting", "missiles", "melee", "rout" })
  T.eq(#ruleset.load("hinds", {}).require("hinds.turn").phases:ids(), 5)
end)

T.case("Weather (Hinds), rain: a cast's die counts one lower (a long-range 6 against the 4th class kills; wet, it is a 5: a miss)", function()
  -- 3 rows off: a gap of 12 units, long range; the foot casts nothing back (no missile)
  local dry, drules = field(false, RAIN, 3, { 6 })
  phase(dry, drules, "missiles")
  T.eq(cast_of(dry).kills, 1)
  local G, rules = field(true, RAIN, 3, { 2, 6 })   -- the period's die 2 keeps the rain falling, then the cast's 6
  phase(G, rules, "weather")
  T.eq(W.raining(G.weather), true)
  phase(G, rules, "missiles")
  T.eq(cast_of(G).kills, 0)
  local lines = {}
  for _, e in ipairs(events(G, "weather_effects")) do for _, l in ipairs(e.effects) do lines[#lines + 1] = l end end
  T.eq(lines[1], "rain: every cast's die counts one lower (weather module, our adaptation for Hinds)")
end)

T.case("Weather (Hinds), sun: a caster facing within 45 degrees of east early in the day reads its die one lower", function()
  local SUN = { region = "mediterranean", month = 6, potential = 4, start_period = 1 }
  local G, rules = field(true, SUN, 3, { 6 }, { at = { 5, 2, 300 } })   -- facing 300: bearing 60, 30 degrees off east
  phase(G, rules, "weather")
  local turn = rules.require("hinds.turn")
  local sit = turn.cast_situation(G, G.D[G.by_id[1].bow], G.D[G.by_id[2].foot])
  T.eq(sit.weather_dazzled, true)
  T.eq(sit.weather_wet, false)
  local north = field(true, SUN, 3, { 6 })
  phase(north, rules, "weather")
  T.eq(turn.cast_situation(north, north.D[north.by_id[1].bow], north.D[north.by_id[2].foot]).weather_dazzled, false)
end)

T.case("Weather (Hinds), fog: no cast at a gap over 10 units (100 paces) for 3 periods (12 turns); the side knows only what it sees", function()
  local FOG = { region = "mediterranean", month = 6, potential = 4, fog = true, start_period = 4 }
  local G, rules = field(true, FOG, 3, { 6 })
  phase(G, rules, "weather")
  T.eq(W.visibility(G.weather), 100)
  phase(G, rules, "missiles")
  T.eq(cast_of(G), nil, "gap 12 in fog")
  T.eq(sighting.known_enemies(G, 1), {})
  -- the periods advance every 4 turns: turns 2-4 are still the 1st period
  for t = 2, 4 do G.turn = t; phase(G, rules, "weather") end
  T.eq(G.weather.period, 1)
  -- turn 13 begins the 4th period: the fog has lifted
  for _, t in ipairs({ 5, 9, 13 }) do G.turn = t; phase(G, rules, "weather") end
  T.eq(G.weather.period, 4)
  T.eq(W.visibility(G.weather), nil)
  phase(G, rules, "missiles")
  T.eq(cast_of(G).kills, 1)
  -- 2 rows off (gap 6) in fog: seen and cast at
  local near, nrules = field(true, FOG, 2, { 6, 6, 6, 6, 6, 6 })
  phase(near, nrules, "weather")
  T.eq(sighting.known_enemies(near, 1), { near.by_id[2].foot })
  phase(near, nrules, "missiles")
  T.truthy(cast_of(near), "gap 6 in fog: a cast")
end)

T.case("Weather (Hinds), night: 60 paces (6 units); a new sighting nearer than 5 units is a surprise", function()
  local NIGHT = { region = "mediterranean", month = 12, potential = 4, start_period = 9 }
  local G, rules = field(true, NIGHT, 3, {})
  phase(G, rules, "weather")
  T.eq(W.night(G.weather), true)
  T.eq(sighting.known_enemies(G, 1), {})
  -- the foot steps next to the archers (the hexagon north-east of theirs: 0 units apart)
  local bow = G.D[G.by_id[1].bow]
  rules.require("hinds.turn").place(G, G.by_id[2].foot, bow.q, bow.r + 1, 180)
  T.truthy(G.bf:distance(G.by_id[1].bow, G.by_id[2].foot) < 127, "nearer than 5 units (127 mm)")
  phase(G, rules, "weather_sighting")
  local ev = events(G, "sighted")
  T.eq(ev[#ev - 1].side, 1)
  T.eq(ev[#ev - 1].surprise, { G.by_id[2].foot })
end)

T.case("Weather (Hinds), sodden and snow: allowances 2 units shorter after 3 periods of rain (never under 1), halved after 3 of snow", function()
  local G, rules = field(true, RAIN, 3, { 2, 2, 2 })
  local turn = rules.require("hinds.turn")
  local foot = G.D[G.by_id[2].foot]
  local dry = turn.allowance(foot, "forward")
  local charge = turn.allowance(foot, "charge")
  for period = 1, 3 do G.turn = (period - 1) * 4 + 1; phase(G, rules, "weather") end
  T.eq(W.sodden(G.weather), true)
  T.eq(turn.allowance(foot, "forward"), dry - 2)
  T.eq(turn.allowance(foot, "charge"), charge - 2)
  local SNOW = { region = "europe", month = 1, potential = 1, falling = true }
  G, rules = field(true, SNOW, 3, { 1, 3, 2, 2, 2 })   -- the wind's die, the fog's (none), three periods
  turn = rules.require("hinds.turn")
  foot = G.D[G.by_id[2].foot]
  for period = 1, 3 do G.turn = (period - 1) * 4 + 1; phase(G, rules, "weather") end
  T.eq(W.snowbound(G.weather), true)
  T.eq(turn.allowance(foot, "forward"), dry / 2)
end)

T.case("Weather (Hinds): the commander closes only with enemies its side has seen; seeing none, it advances towards the enemy's edge", function()
  local FOG = { region = "mediterranean", month = 6, potential = 4, fog = true, start_period = 4 }
  local function plan(with, spy)
    local rules = ruleset.load("hinds", { options = with and { "weather" } or {} })
    local battle = rules.require("hinds.battle")
    local ai = rules.require("hinds.ai")
    local G = battle.skirmish{ dice = dice.forced({}), log = true, table = { cols = 10, rows = 10 },
      options = with and { weather = true } or {},
      sides = { { units = { { id = "f", arm = "foot", class = 3, bases = 6, per_base = 4, at = { 5, 2 } } } },
                { units = { { id = "e", arm = "foot", class = 4, bases = 6, per_base = 4, at = { 9, 8 } } } } } }
    G.scenario = { weather = FOG }
    if with then
      phase(G, rules, "weather")
      local blind = G.weather_blind
      G.weather_blind = function(G2, d) spy[#spy + 1] = d.uid; return blind(G2, d) end
    end
    return ai.order(G, G.by_id[1].f), G
  end
  local calls = {}
  local blind, G = plan(true, calls)
  T.eq(sighting.known_enemies(G, 1), {}, "the enemy is hidden in the fog")
  T.eq(calls, { G.by_id[1].f }, "the commander found no enemy it knows of and took the blind order")
  T.truthy(blind.kind == "move" or blind.kind == "move_wait", "it advances (" .. blind.kind .. ")")
  T.eq(blind.how, "forward")
  local seen = plan(false)
  T.truthy(seen.kind == "move" or seen.kind == "move_wait", "without the module it closes with the enemy")
  -- clear weather with the module: it sees the enemy and takes no blind order
  local CLEAR = { region = "mediterranean", month = 6, potential = 4, start_period = 4 }
  FOG = CLEAR
  calls = {}
  local _, G2 = plan(true, calls)
  T.eq(sighting.known_enemies(G2, 1), { G2.by_id[2].e })
  T.eq(calls, {}, "an enemy in sight: no blind order")
end)

T.case("Weather (Hinds): the second mover looks again before it moves (it moves on what the first mover's moves showed)", function()
  local NIGHT = { region = "mediterranean", month = 12, potential = 4, start_period = 9 }
  local G, rules = field(true, NIGHT, 3, {})
  phase(G, rules, "weather")
  T.eq(sighting.known_enemies(G, 2), {})
  local bow = G.D[G.by_id[1].bow]
  local turn = rules.require("hinds.turn")
  turn.place(G, G.by_id[2].foot, bow.q, bow.r + 1, 180)   -- as the first mover's move would leave them
  turn.move_side(G, 2)
  T.eq(sighting.known_enemies(G, 2), { G.by_id[1].bow })
end)

T.case("Weather (Hinds), sun: a unit facing east in the morning fights at 5/6 of its points", function()
  local SUN = { region = "mediterranean", month = 6, potential = 4, start_period = 1 }
  local function points(with)
    local rules = ruleset.load("hinds", { options = with and { "weather" } or {} })
    local battle = rules.require("hinds.battle")
    local turn = rules.require("hinds.turn")
    local G = battle.skirmish{ dice = dice.forced({ 3, 3, 3, 3, 4, 4, 4, 4 }), log = true, table = { cols = 10, rows = 10 },
      options = with and { weather = true } or {},
      sides = { { units = { { id = "a", arm = "foot", class = 2, bases = 6, per_base = 4, at = { 4, 4 } } } },
                { units = { { id = "b", arm = "foot", class = 2, bases = 6, per_base = 4, at = { 5, 4, 90 } } } } } }
    G.scenario = { weather = SUN }
    if with then phase(G, rules, "weather") end
    local a, b = G.by_id[1].a, G.by_id[2].b
    T.eq(turn.charge(G, a, b), true)
    phase(G, rules, "melee")
    local m = events(G, "melee")[1]
    return m.points, G.D[a].facing, G.D[b].facing
  end
  local dry = points(false)
  local sun, fa, fb = points(true)
  T.truthy(math.abs(W.bearing(fa) - 90) <= 45, "a charged towards the east (bearing " .. W.bearing(fa) .. ")")
  T.truthy(math.abs(W.bearing(fb) - 270) <= 45, "b faces west")
  T.near(sun[1], dry[1] * 5 / 6, 1e-9, "a is dazzled")
  T.eq(sun[2], dry[2], "b is not")
end)

T.case("Weather (Hinds), night: a battle begun by day ends at nightfall with no victor; one begun at night goes on", function()
  local DUSK = { region = "mediterranean", month = 12, potential = 4, start_period = 8 }
  local G, rules = field(true, DUSK, 3, {})
  for t = 1, 4 do G.turn = t; phase(G, rules, "weather") end
  T.eq(G.over, nil, "turns 1-4 are the 8th period")
  G.turn = 5
  phase(G, rules, "weather")
  T.eq({ G.over, G.reason }, { true, "nightfall: fighting ceases (weather module)" })
  local NIGHT = { region = "mediterranean", month = 12, potential = 4, start_period = 9 }
  G, rules = field(true, NIGHT, 3, {})
  for t = 1, 9 do G.turn = t; phase(G, rules, "weather") end
  T.eq(G.over, nil)
end)
