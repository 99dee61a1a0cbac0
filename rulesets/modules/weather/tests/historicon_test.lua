-- The weather module's adapter for Historicon v2, each effect played
-- through the real battle engine: units placed by hand, dice forced, one
-- phase played. Every effect is OUR ADAPTATION of WRG 1973 "OPTIONAL RULES
-- FOR WEATHER AND TIME OF DAY" (Historicon says nothing of weather):
-- rulesets/modules/weather/historicon.lua, docs/modules.md.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")
local W = require("modules.weather")
local A = require("modules.weather.historicon")
local sighting = require("lib.sighting")

local passive = {
  forms = function() return {} end, move_order = function() return {} end, move = function() return nil end,
  evade = function() return false end, shoot_target = function(_, _, t) return t[1] end,
  follow_up = function() return true end, pursue = function() return true end, break_off = function() return false end,
}

local function threes(n) local t = {}; for i = 1, n do t[i] = 3 end; return t end

-- A hand-placed battle of a Historicon instance with the weather option on
-- (or off) and the scenario's weather block; dice: forced values.
local function field(with, weather, u1, u2, values)
  local rules = ruleset.load("historicon", { options = with and { "weather" } or {} })
  local battle = rules.require("historicon.battle")
  local G = battle.skirmish{ dice = dice.forced(values or threes(60)), log = true,
    options = with and { weather = true } or {},
    sides = { { units = u1, commander = passive }, { units = u2, commander = passive } } }
  G.scenario = { weather = weather }
  return G, rules
end

local function events(G, kind)
  local out = {}
  for _, e in ipairs(G.bf:events()) do if e.kind == kind then out[#out + 1] = e end end
  return out
end

local function shot_by(G, uid)
  for _, e in ipairs(events(G, "shoot")) do if e.unit == uid then return e end end
  return nil
end

-- Mediterranean, March, potential 2: "Rain", falling from the start (no dice
-- at the start; one at each period).
local RAIN = { region = "mediterranean", month = 3, potential = 2, falling = true }
local SUN = { region = "mediterranean", month = 6, potential = 4, start_period = 1 }

-- Formed LI (16 figures, 2 ranks, range 15 cm) 14 cm from an enemy HC.
local LI = { { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 40 } } }
local HC = { { id = "hc", troop = "AIF HC", figures = 16, ranks = 2, at = { 120, 60, 180 } } }

T.case("Weather (Historicon): the option is the module's adapter; its Table 3 entries only with the option", function()
  local rules = ruleset.load("historicon", { options = { "weather" } })
  T.eq(rules.options.weather, true)
  local m = rules.require("historicon.shooting").modifiers
  T.eq(m:get("weather_rain").text, "rain (weather module, our adaptation for Historicon)")
  T.truthy(m:has("weather_sun"))
  T.eq(ruleset.load("historicon", {}).require("historicon.shooting").modifiers:has("weather_rain"), false)
end)

T.case("Weather (Historicon), rain: -1 shooting die per 4 shooting figures while missiles are wet", function()
  local dry = field(false, RAIN, LI, HC)
  local plain_rules = ruleset.load("historicon", {})
  plain_rules.require("historicon.turn").phase4(dry)
  local G, rules = field(true, RAIN, LI, HC, { 2, table.unpack(threes(60)) })
  A.begin_turn(G)
  T.eq(W.raining(G.weather), true)
  rules.require("historicon.turn").phase4(G)
  local a, b = shot_by(dry, dry.by_id[1].li), shot_by(G, G.by_id[1].li)
  T.truthy(a and b, "the LI shoots in both")
  -- 8 figures in the front rank shoot: 2 groups of 4, 2 dice fewer
  T.eq(a.dice - b.dice, 2)
end)

T.case("Weather (Historicon), sun: a shooter facing within 45 degrees of east in the morning loses a die per 4 figures", function()
  -- the LI faces east (table facing 270: towards +x) at an HC 14 cm east of it
  local li = { { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 100, 75, 270 } } }
  local hc = { { id = "hc", troop = "AIF HC", figures = 16, ranks = 2, at = { 120, 75, 90 } } }
  local dry = field(false, SUN, li, hc)
  ruleset.load("historicon", {}).require("historicon.turn").phase4(dry)
  local G, rules = field(true, SUN, li, hc)
  A.begin_turn(G)
  T.eq(G.weather.day_period, 1)
  rules.require("historicon.turn").phase4(G)
  T.eq(G.D[G.by_id[1].li].weather_dazzled, true)
  T.eq(G.D[G.by_id[2].hc].weather_dazzled, false, "facing west in the morning")
  local a, b = shot_by(dry, dry.by_id[1].li), shot_by(G, G.by_id[1].li)
  T.eq(a.dice - b.dice, 2)
end)

T.case("Weather (Historicon), fog: no shot beyond 100 paces (10 cm at 25mm) for 3 periods; the side knows only what it sees", function()
  local FOG = { region = "mediterranean", month = 6, potential = 4, fog = true, start_period = 4 }
  local G, rules = field(true, FOG, LI, HC)
  A.begin_turn(G)
  T.eq(W.visibility(G.weather), 100)
  rules.require("historicon.turn").phase4(G)
  T.eq(shot_by(G, G.by_id[1].li), nil, "14 cm off in fog: no shot")
  T.eq(sighting.known_enemies(G, 1), {})
  for t = 2, 4 do G.turn = t; A.begin_turn(G) end
  T.eq(W.visibility(G.weather), nil)
  rules.require("historicon.turn").phase4(G)
  T.truthy(shot_by(G, G.by_id[1].li), "the fog lifted: it shoots")
  T.eq(sighting.known_enemies(G, 1), { G.by_id[2].hc })
end)

T.case("Weather (Historicon), night: 60 paces (6 cm); a new sighting nearer than 5 cm is a surprise", function()
  local NIGHT = { region = "mediterranean", month = 12, potential = 4, start_period = 9 }
  local G, rules = field(true, NIGHT, LI, HC)
  A.begin_turn(G)
  T.eq(W.night(G.weather), true)
  rules.require("historicon.turn").phase4(G)
  T.eq(shot_by(G, G.by_id[1].li), nil)
  -- the HC comes to 4 cm of the LI's front (front edge at 42 cm): seen, a surprise, and shot at
  G.bf:place(G.by_id[2].hc, 1200, 480, 180)
  rules.require("historicon.turn").phase4(G)
  local ev = events(G, "sighted")
  T.eq(ev[#ev - 1].side, 1)
  T.eq(ev[#ev - 1].surprise, { G.by_id[2].hc })
  T.truthy(shot_by(G, G.by_id[1].li), "within 6 cm: it shoots")
end)

T.case("Weather (Historicon), sodden and snow: move rates 2 cm shorter after 3 periods of rain, halved after 3 of snow", function()
  local G = field(true, RAIN, LI, HC, { 2, 2, 2 })
  local li = G.D[G.by_id[1].li]
  local base = li.move
  for t = 1, 2 do G.turn = t; A.begin_turn(G) end
  T.eq(li.move, base)
  G.turn = 3; A.begin_turn(G)
  T.eq(li.move, base - 20)
  local SNOW = { region = "europe", month = 1, potential = 1, falling = true }
  G = field(true, SNOW, LI, HC, { 1, 3, 2, 2, 2 })   -- the wind's die, the fog's (none), three periods
  li = G.D[G.by_id[1].li]
  for t = 1, 3 do G.turn = t; A.begin_turn(G) end
  T.eq(W.snowbound(G.weather), true)
  T.eq(li.move, base / 2)
end)

T.case("Weather (Historicon): the commander plans only against enemies its side has seen; seeing none, it steers for the enemy's edge", function()
  local ai = require("historicon.ai")
  local FOG = { region = "mediterranean", month = 6, potential = 4, fog = true, start_period = 4 }
  -- the HC 60 cm ahead and 60 cm to the right
  local hc = { { id = "hc", troop = "AIF HC", figures = 16, ranks = 2, at = { 180, 100, 180 } } }
  local G = field(true, FOG, LI, hc)
  A.begin_turn(G)
  T.eq(sighting.known_enemies(G, 1), {})
  local calls = 0
  local blind = G.weather_blind
  G.weather_blind = function(...) calls = calls + 1; return blind(...) end
  local plan = ai.plan(G, G.by_id[1].li)
  T.eq(calls, 1, "no enemy known in the fog: the blind plan")
  T.truthy(plan and (plan.turn or 0) == 0 and plan.advance and plan.advance > 0, "straight on towards the enemy's edge")
  local plain = field(false, FOG, LI, hc)
  local p2 = ai.plan(plain, plain.by_id[1].li)
  T.truthy(p2 ~= nil, "without the module it plans against the enemy it cannot see")
  T.truthy(p2.turn ~= nil or p2.wheel ~= nil, "turning towards it")
end)

T.case("Weather (Historicon): the sides look again before the HI move (phase 2) and the other moves (phase 3)", function()
  local NIGHT = { region = "mediterranean", month = 12, potential = 4, start_period = 9 }
  local G, rules = field(true, NIGHT, LI, HC)
  A.begin_turn(G)
  T.eq(sighting.known_enemies(G, 1), {})
  G.bf:place(G.by_id[2].hc, 1200, 480, 180)     -- 4 cm from the LI's front
  rules.require("historicon.turn").phase2(G)
  T.eq(sighting.known_enemies(G, 1), { G.by_id[2].hc })
end)

T.case("Weather (Historicon), sun: a unit facing within 45 degrees of east in the morning fights with a die fewer per 4 front figures", function()
  local SUN = { region = "mediterranean", month = 6, potential = 4, start_period = 1 }
  -- two formed HC (16 figures, 2 ranks: 8 in front) in contact front to front across x = 120 cm
  local east = { { id = "a", troop = "ARA HC", figures = 16, ranks = 2, at = { 116, 75, 270 } } }
  local west = { { id = "b", troop = "ARA HC", figures = 16, ranks = 2, at = { 124, 75, 90 } } }
  local function melee_dice(with)
    local G, rules = field(with, SUN, east, west, threes(200))
    if with then A.begin_turn(G) end
    T.truthy(G.bf:distance(G.by_id[1].a, G.by_id[2].b) < 1, "in contact")
    rules.require("historicon.turn").phase5(G)
    local out = {}
    for _, e in ipairs(events(G, "melee")) do out[e.unit] = e.dice end
    return out, G
  end
  local dry, G0 = melee_dice(false)
  local sun, G1 = melee_dice(true)
  T.truthy(dry[G0.by_id[1].a] and sun[G1.by_id[1].a], "both fight")
  T.eq(dry[G0.by_id[1].a] - sun[G1.by_id[1].a], 2, "8 front figures facing east: 2 dice fewer")
  T.eq(dry[G0.by_id[2].b], sun[G1.by_id[2].b], "the one facing west: as many")
end)

T.case("Weather (Historicon), night: a battle begun by day ends at nightfall (on points); one begun at night goes on", function()
  local DUSK = { region = "mediterranean", month = 12, potential = 4, start_period = 8 }
  local G = field(true, DUSK, LI, HC)
  A.begin_turn(G)
  T.eq(G.over, nil)
  G.turn = 2
  A.begin_turn(G)
  T.eq(G.over, true)
  local NIGHT = { region = "mediterranean", month = 12, potential = 4, start_period = 9 }
  G = field(true, NIGHT, LI, HC)
  for t = 1, 3 do G.turn = t; A.begin_turn(G) end
  T.eq(G.over, nil)
end)

---------------------------------------------------------------------------
-- WRG's reaction test, drought, wind, night moves, drift, lights, camps:
-- OUR ADAPTATION (modules/weather/historicon/effects.lua).

-- The weather's terms of an integrity test the engine takes (Phase 6), by id.
local function integrity_terms(G, rules, uid)
  local integrity = rules.require("historicon.integrity")
  local out = integrity.test(G.D[uid], { reason = "becomes_disordered" }, dice.forced({ 3, 3 }), true)
  local ids = {}
  for _, t in ipairs(out.terms or {}) do ids[t.id] = t.after - t.before end
  return ids, out.score
end

local DESERT = { region = "mediterranean", month = 6, ground = "desert", potential = 1, falling = true, steady = true,
                 sun = false, start_period = 4 }

T.case("Weather (Historicon), WRG 1973 Rain: after 3 periods of rain the integrity test is 1 lower (WRG's reaction -1)", function()
  local G, rules = field(true, RAIN, LI, HC, { 2, 2, 2, table.unpack(threes(20)) })
  A.begin_turn(G)
  local ids, dry = integrity_terms(G, rules, G.by_id[1].li)
  T.eq(ids.weather_sodden, nil)
  for t = 2, 3 do G.turn = t; A.begin_turn(G) end
  local score
  ids, score = integrity_terms(G, rules, G.by_id[1].li)
  T.eq(ids.weather_sodden, -1)
  T.eq(score, dry - 1)
  -- the engine's own test (turn.test) logs a score 1 lower than without the module
  rules.require("historicon.turn").test(G, G.by_id[1].li, { "becomes_disordered" }, {})
  local plain = field(false, RAIN, LI, HC)
  ruleset.load("historicon", {}).require("historicon.turn").test(plain, plain.by_id[1].li, { "becomes_disordered" }, {})
  local a, b = events(G, "integrity"), events(plain, "integrity")
  T.eq(a[#a].natural, b[#b].natural)
  T.eq(a[#a].score, b[#b].score - 1)
end)

T.case("Weather (Historicon), WRG 1973 Drought: no well, not arabs: a die fewer per 4 figures shooting and in melee, integrity -1", function()
  local DRY = { region = "mediterranean", month = 7, ground = "desert", potential = 4, sun = false, start_period = 4 }
  local WELL = { region = "mediterranean", month = 7, ground = "desert", potential = 4, sun = false, start_period = 4,
                 wells = { 1 } }
  local shots = {}
  for i, block in ipairs({ WELL, DRY }) do
    local G, rules = field(true, block, LI, HC)
    A.begin_turn(G)
    rules.require("historicon.turn").phase4(G)
    shots[i] = shot_by(G, G.by_id[1].li).dice
    local ids = integrity_terms(G, rules, G.by_id[1].li)
    T.eq(ids.weather_drought, i == 2 and -1 or nil)
  end
  T.eq(shots[1] - shots[2], 2, "8 shooting figures: 2 dice fewer without a well")
  -- hand to hand: the arabs (side 1) fight at full, the other side loses 2 of its dice
  local east = { { id = "a", troop = "ARA HC", figures = 16, ranks = 2, at = { 116, 75, 270 } } }
  local west = { { id = "b", troop = "ARA HC", figures = 16, ranks = 2, at = { 124, 75, 90 } } }
  local function melee_dice(block)
    local G, rules = field(true, block, east, west, threes(200))
    A.begin_turn(G)
    rules.require("historicon.turn").phase5(G)
    local out = {}
    for _, e in ipairs(events(G, "melee")) do out[e.unit == G.by_id[1].a and 1 or 2] = e.dice end
    return out
  end
  local base = melee_dice({ region = "mediterranean", month = 7, ground = "desert", potential = 4, sun = false,
                            start_period = 4, wells = { 1, 2 } })
  local parched = melee_dice({ region = "mediterranean", month = 7, ground = "desert", potential = 4, sun = false,
                               start_period = 4, arabs = { 1 } })
  T.eq(base[1] - parched[1], 0, "arabs")
  T.eq(base[2] - parched[2], 2)
end)

T.case("Weather (Historicon), WRG 1973 Wind: in desert winds a move may not end further upwind; arabs move as they will", function()
  -- the wind from the NE: the LI faces north (table facing 0: +y)
  local li = { { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 40, 0 } } }
  local far = { { id = "hc", troop = "AIF HC", figures = 16, ranks = 2, at = { 40, 110, 180 } } }
  local G, rules = field(true, DESERT, li, far)
  A.begin_turn(G)
  local turn = rules.require("historicon.turn")
  local uid = G.by_id[1].li
  local r = turn.move(G, uid, { advance = 50 })
  T.eq(r.moved, 0, "north, into the NE wind: not made")
  T.eq(select(2, G.bf:pos(uid)), 400)
  r = turn.move(G, uid, { turn = 180, advance = 50 })
  T.near(r.moved, 50, 1e-6, "south, down wind")
  T.near(select(2, G.bf:pos(uid)), 350, 1e-6)
  -- seeing no enemy, the blind plan tacks across the wind (NW) rather than north into it
  G.bf:place(uid, 1200, 400, 0)
  local plan = G.weather_blind(G, uid)
  T.truthy(plan and plan.turn and plan.turn > 0, "it turns left, towards the north west")
  r = turn.move(G, uid, plan)
  T.truthy(r.moved > 0, "a move the wind allows")
  local ARABS = { region = "mediterranean", month = 6, ground = "desert", potential = 1, falling = true, steady = true,
                  sun = false, start_period = 4, arabs = { 1 } }
  G, rules = field(true, ARABS, li, far)
  A.begin_turn(G)
  r = rules.require("historicon.turn").move(G, G.by_id[1].li, { advance = 50 })
  T.near(r.moved, 50, 1e-6, "arabs")
end)

T.case("Weather (Historicon), WRG 1973 Night: the move rate at most 60 paces (6 cm); integrity -2 (all troops count unfriendly cover)", function()
  local NIGHT = { region = "mediterranean", month = 12, potential = 4, start_period = 9 }
  local DAY = { region = "mediterranean", month = 12, potential = 4, start_period = 3 }
  local G = field(true, DAY, LI, HC)
  A.begin_turn(G)
  local day = G.D[G.by_id[1].li].move
  T.truthy(day > 60)
  local rules
  G, rules = field(true, NIGHT, LI, HC)
  A.begin_turn(G)
  T.eq(G.D[G.by_id[1].li].move, 60)
  local ids = integrity_terms(G, rules, G.by_id[1].li)
  T.eq(ids.weather_night, -2)
  -- a move played: 6 cm, no further
  local li = { { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 60, 40, 0 } } }
  G, rules = field(true, NIGHT, li, HC)
  A.begin_turn(G)
  local r = rules.require("historicon.turn").do_move(G, G.by_id[1].li, { advance = 200 })
  T.near(r.moved, 60, 1e-6)
end)

T.case("Weather (Historicon), WRG 1973 Night: a unit that moved without lights drifts 10 paces (1 cm) left on 1-2, right on 5-6", function()
  local NIGHT = { region = "mediterranean", month = 12, potential = 4, start_period = 9 }
  local li = { { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 60, 40, 0 } } }
  for _, case in ipairs({ { die = 2, dx = -10 }, { die = 5, dx = 10 }, { die = 4, dx = 0 } }) do
    local G, rules = field(true, NIGHT, li, HC, { case.die, table.unpack(threes(60)) })
    A.begin_turn(G)
    local turn = rules.require("historicon.turn")
    turn.phase2(G)                                    -- where everyone stands before the moves
    turn.do_move(G, G.by_id[1].li, { advance = 40 })  -- the LI's move
    turn.phase4(G)                                    -- after the moves: the drift
    local x, y = G.bf:pos(G.by_id[1].li)
    T.near(x - 600, case.dx, 1e-6, "die " .. case.die)
    T.near(y, 440, 1e-6)
  end
  -- a unit that did not move does not drift (no die thrown for it)
  local G, rules = field(true, NIGHT, li, HC, { 1, table.unpack(threes(60)) })
  A.begin_turn(G)
  rules.require("historicon.turn").phase2(G)
  rules.require("historicon.turn").phase4(G)
  T.eq((G.bf:pos(G.by_id[1].li)), 600)
end)

T.case("Weather (Historicon), WRG 1973 Night: torches light 60 paces round: a lit enemy is seen however far", function()
  local LIT = { region = "mediterranean", month = 12, potential = 4, start_period = 9, lights = { 2 } }
  local G = field(true, LIT, LI, HC)
  A.begin_turn(G)
  T.eq(sighting.known_enemies(G, 1), { G.by_id[2].hc }, "14 cm off, lit")
  T.eq(sighting.known_enemies(G, 2), {}, "the lit side sees nothing in the dark")
  -- and shot at: the LI shoots the torch-bearers 14 cm off (beyond the night's 6 cm); in the dark it does not
  local rules
  G, rules = field(true, LIT, LI, HC)
  A.begin_turn(G)
  rules.require("historicon.turn").phase4(G)
  T.truthy(shot_by(G, G.by_id[1].li), "a lit target")
  T.eq(shot_by(G, G.by_id[2].hc), nil, "the HC sees no one to shoot in the dark")
  G, rules = field(true, { region = "mediterranean", month = 12, potential = 4, start_period = 9 }, LI, HC)
  A.begin_turn(G)
  rules.require("historicon.turn").phase4(G)
  T.eq(shot_by(G, G.by_id[1].li), nil)
end)

T.case("Weather (Historicon), WRG 1973 Night: an unlit sighting is a surprise: -2 on the surprised unit's integrity test", function()
  local NIGHT = { region = "mediterranean", month = 12, potential = 4, start_period = 9 }
  local G, rules = field(true, NIGHT, LI, HC)
  A.begin_turn(G)
  T.eq(integrity_terms(G, rules, G.by_id[1].li).weather_surprised, nil)
  G.bf:place(G.by_id[2].hc, 1200, 475, 180)   -- 3.5 cm off its front: within the 6 cm
  rules.require("historicon.turn").phase4(G)
  T.eq(integrity_terms(G, rules, G.by_id[1].li).weather_surprised, -2)
  G.turn = 3
  A.begin_turn(G)
  T.eq(integrity_terms(G, rules, G.by_id[1].li).weather_surprised, nil, "two turns on")
end)

T.case("Weather (Historicon), WRG 1973 Night: a camp: 1/5 on guard, the rest asleep (no move, no shot) till the sentries' alarm", function()
  local units = {}
  for i = 1, 5 do units[i] = { id = "u" .. i, troop = "ARA LI", figures = 16, ranks = 2, at = { 20 + 25 * i, 40 } } end
  local CAMP = { region = "mediterranean", month = 12, potential = 4, start_period = 9, camp = { side = 1 } }
  local far = { { id = "hc", troop = "AIF HC", figures = 16, ranks = 2, at = { 120, 110, 180 } } }
  local G, rules = field(true, CAMP, units, far)
  A.begin_turn(G)
  local asleep = 0
  for i = 1, 5 do if G.D[G.by_id[1]["u" .. i]].move == 0 then asleep = asleep + 1 end end
  T.eq(asleep, 4)
  -- the HC comes within 6 cm of the camp, in front of a sleeper (the guard is
  -- u4, the unit nearest the enemy); the look after the moves hears the alarm
  T.eq(G.weather_camp.guards[G.by_id[1].u4], true)
  G.bf:place(G.by_id[2].hc, 700, 480, 180)
  rules.require("historicon.turn").phase4(G)
  T.eq(G.weather_camp.alarm, 1.5)
  -- the shooting that followed: the sleepers (still forming up) did not shoot
  local shooters = {}
  for _, e in ipairs(events(G, "shoot")) do if G.D[e.unit].side == 1 then shooters[#shooters + 1] = e.unit end end
  T.eq(shooters, {}, "u2, asleep, does not shoot the HC in front of it")
  -- awake (no camp), it does
  local awake, arules = field(true, { region = "mediterranean", month = 12, potential = 4, start_period = 9 }, units, far)
  A.begin_turn(awake)
  awake.bf:place(awake.by_id[2].hc, 700, 480, 180)
  arules.require("historicon.turn").phase4(awake)
  T.truthy(shot_by(awake, awake.by_id[1].u2), "u2 shoots")
  G.turn = 2
  A.begin_turn(G)
  local up = 0
  for i = 1, 5 do if G.D[G.by_id[1]["u" .. i]].move > 0 then up = up + 1 end end
  T.eq(up, 5, "RA: formed up half a period after the alarm")
end)
