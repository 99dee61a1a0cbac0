-- The weather module in Historicon v2. Historicon's text says nothing of
-- weather, light or sight (its seed has no weather, rain, fog, night, mud,
-- snow, wind or sun), so every effect here is OUR ADAPTATION of the WRG
-- 1973 optional rules (modules.weather), labelled "(weather module, our
-- adaptation for Historicon)" in the account:
--
--   time          one turn is one WRG period (the weather dice at its start)
--   distances     one pace is 1 mm at 25mm (READING: Historicon's 15 cm bow
--                 range against WRG's 150-180 paces), scaled as the ruleset
--                 scales its ranges (tables.scale_factor: 15mm 0.5, 6mm 0.25)
--   rain, snow    "All missiles have weapon factors reduced by 1 till the
--                 2nd period without rain": -1 shooting die per 4 shooting
--                 figures (a Table 3 entry's form)
--   sodden        "after 3 periods of rain ... movement -20 paces": every
--                 move rate 2 cm (25mm) shorter
--   snowbound     "after 3 periods fall, all movement rates are halved"
--   fog, night,   visibility 100 / 60 / 30 paces (10 / 6 / 3 cm at 25mm): no
--   desert wind   shot beyond it, and the commander knows only the enemies
--                 its side sees (lib.sighting)
--   nightfall     "Fighting will normally cease at nightfall": a battle begun
--                 by day ends when night falls (victory on points, as at the
--                 turn limit)
--   blind         a unit that sees no enemy steers towards the enemy's edge
--   surprise      a new sighting nearer than 50 paces (5 cm), or any unlit
--                 one at night, surprises the side's units near the enemy:
--                 -2 on their integrity tests (WRG's -2 on the reaction test)
--   sun           "Troops facing within 45 degrees of east for the first 2
--                 periods of the day, or within 45 degrees of west for the
--                 last 2, will be dazzled": -1 shooting die and -1 melee die
--                 per 4 figures
--   reaction,     WRG's reaction test as the integrity test (sodden -1,
--   drought,      drought -1, night's unfriendly cover -2, surprise -2);
--   wind, night   drought -1 die per 4 figures; desert winds: no move ending
--                 upwind but arabs'; night: move rate at most 6 cm, drift 1
--                 cm without lights, lights 6 cm round (seen, shot at, however far), a
--                 camp with guards and sentries: historicon/effects.lua
--
-- How it is written on the ruleset (no edit of its files but the
-- commander's enumeration of enemies): a Table 3 entry per effect on
-- historicon.shooting's modifier list, reading flags the adapter sets on
-- each unit's data before shooting (weather_wet, weather_dazzled,
-- weather_sight_cm); the range function capped by weather_sight_cm; the
-- turn (turn.play) and phases 2, 3 and 4 wrapped to throw the weather dice
-- and look before each.
local W = require("modules.weather")
local C = require("modules.weather.common")
local E = require("modules.weather.adapted")
local effects = require("modules.weather.historicon.effects")

local TITLE = "Historicon"
local A = { id = "weather", title = "Weather and time of day (" .. C.label(TITLE) .. ")",
            rule = "WRG 1973 weather and time of day, adapted (docs/modules.md)" }

A.SODDEN_PACES = 20
-- Heights for the side's view (bf:sighted): troops on a gentle hill stand 1
-- high, on a steep hill 2 (the heights the ruleset's terrain carries); woods
-- and built-up areas are 0.5 high (READING: ours; the text gives none).
A.SIGHT = { ground = { gentle_hill = 1, steep_hill = 2 }, tops = { wood = 0.5, built_up = 0.5 } }
A.SURPRISE_PACES = 50

-- Paces to mm on this battle's table.
function A.mm(G, paces)
  local tables = (G.rules and G.rules.require or require)("historicon.tables")
  return paces * tables.scale_factor[G.S.scale]
end

local function name_of(G, uid) return G.D[uid] and G.D[uid].name or ("unit " .. uid) end

-- The move rate (mm) after the weather, from the unit's rate in the tables.
function A.move(G, base)
  local s = G.weather
  if W.snowbound(s) then return base / 2 end
  if W.sodden(s) then return math.max(0, base - A.mm(G, A.SODDEN_PACES)) end
  return base
end

-- Before shooting: each unit's flags (the modifiers read them) and its sight.
function A.before_shooting(G)
  local s = G.weather
  local v = W.visibility(s)
  local sight_cm = v and A.mm(G, v) / 10 or nil
  local wet = W.missiles_wet(s)
  for _, uid in ipairs(G.bf:units()) do
    local d = G.D[uid]
    if d and not d.gone then
      local _, _, facing = G.bf:pos(uid)
      d.weather_wet = wet
      d.weather_dazzled = W.dazzled(s, W.bearing(facing))
      d.weather_sight_cm = sight_cm
      -- someone in torchlight: the full range, each target then judged by
      -- sight or light (turn.clear_of_units below)
      d.weather_sees_lit = sight_cm ~= nil and G.weather_lit ~= nil and next(G.weather_lit) ~= nil
      -- a sleeper in a night camp does not shoot (modules/weather/adapted.lua)
      if E.asleep(G, uid) then d.weather_sight_cm, d.weather_sees_lit = 0, false end
      d.weather_parched = E.parched(G, d.side)
    end
  end
end

-- The start of each turn: the weather (started at the first), the move
-- rates, the sides' view.
-- The plan of a unit that sees no enemy (fog, night): steer towards the
-- enemy's edge straight across the table (READING, ours: as the WRG
-- adapter's attack orders do when no enemy is seen).
-- In desert winds a unit that may not go upwind tacks across the wind, or
-- waits (modules/weather/adapted.lua: E.heading_in_wind).
function A.blind_plan(G, uid)
  local turn = (G.rules and G.rules.require or require)("historicon.turn")
  local d = G.D[uid]
  local x, y = G.bf:pos(uid)
  local north = G.sides[d.side].edge == "south"
  local ty = north and G.S.depth or 0
  local bearing = E.heading_in_wind(G, d.side, north and 0 or 180)
  if not bearing then return nil end
  if bearing ~= (north and 0 or 180) then
    -- a point far along the bearing (north the table's +y, east +x)
    local far = G.S.depth + G.S.width
    return turn.steer(G, uid, x + math.sin(math.rad(bearing)) * far, y + math.cos(math.rad(bearing)) * far)
  end
  return turn.steer(G, uid, x, ty)
end

function A.begin_turn(G)
  local tables = (G.rules and G.rules.require or require)("historicon.tables")
  if not G.weather then
    C.start(G)
    C.start_sighting(G, function(paces) return A.mm(G, paces) end, A.SURPRISE_PACES, A.SIGHT)
    G.weather_blind = A.blind_plan
  end
  if G.weather_turn ~= G.turn then
    G.weather_turn = G.turn
    local _, nightfall = C.period(G)
    -- the battle ends; Historicon's own end of battle judges it (victory on points)
    if nightfall then G.over = true; return end
    effects.camp(G, false, function(p) return A.mm(G, p) end)
    for _, uid in ipairs(G.bf:units()) do
      local d = G.D[uid]
      local row = d and tables.troop_by_scale[G.S.scale][d.class]
      if row and row.move then
        d.move = effects.rate(G, uid, A.move(G, row.move * 10), function(p) return A.mm(G, p) end)
      end
    end
  end
  C.look(G, name_of)
  effects.flags(G)
end

function A.apply(rules)
  local shooting = rules.require("historicon.shooting")
  local turn = rules.require("historicon.turn")
  local battle = rules.require("historicon.battle")
  shooting.modifiers:add({ id = "weather_rain", rule = A.rule, text = "rain (" .. C.label(TITLE) .. ")",
    when = function(c) return c.shooter.weather_wet == true end, add = function(c) return -c.per4 end })
  shooting.modifiers:add({ id = "weather_sun", rule = A.rule, text = "dazzled by the sun (" .. C.label(TITLE) .. ")",
    when = function(c) return c.shooter.weather_dazzled == true end, add = function(c) return -c.per4 end })
  -- WRG's dazzle is -1 hand to hand too: -1 melee die per 4 front figures (Table 4's form)
  rules.require("historicon.melee").modifiers:add({ id = "weather_sun", rule = A.rule,
    text = "dazzled by the sun (" .. C.label(TITLE) .. ")",
    when = function(c) return c.unit.weather_dazzled == true end, add = function(c) return -c.per4 end })
  -- "all weapon factors ... reduced by 1" (drought): a die per 4 figures
  shooting.modifiers:add({ id = "weather_drought", rule = A.rule, text = "drought, no well (" .. C.label(TITLE) .. ")",
    when = function(c) return c.shooter.weather_parched == true end, add = function(c) return -c.per4 end })
  rules.require("historicon.melee").modifiers:add({ id = "weather_drought", rule = A.rule,
    text = "drought, no well (" .. C.label(TITLE) .. ")",
    when = function(c) return c.unit.weather_parched == true end, add = function(c) return -c.per4 end })
  -- WRG's reaction test as the integrity test
  local integrity = rules.require("historicon.integrity").modifiers
  for _, e in ipairs(effects.integrity_entries(C.label(TITLE), A.rule)) do integrity:add(e) end
  -- desert winds: no move ending upwind (the commander's trial moves too)
  local move = turn.move
  turn.move = function(G, uid, plan, opts)
    local r = move(G, uid, plan, opts)
    if not G.weather then return r end
    return effects.wind_check(G, uid, r, function(G2, id, x, y, f)
      if G2.log then G2.bf:set_logging(false) end
      G2.bf:place(id, x, y, f)
      if G2.log then G2.bf:set_logging(true) end
    end)
  end
  -- the referee: a drift in the dark is a move of its own, 10 paces
  local referee = rules.require("historicon.referee")
  local allowance = referee.allowance
  referee.allowance = function(G, uid, kind)
    if kind:match("^drift") then return A.mm(G, W.DRIFT_PACES) end
    return allowance(G, uid, kind)
  end
  -- fog, night: nobody shoots further than they see
  local range = shooting.range
  shooting.range = function(unit, scale)
    local r = range(unit, scale)
    if r and unit.weather_sight_cm and unit.weather_sight_cm < r and not unit.weather_sees_lit then
      r = unit.weather_sight_cm
    end
    return r
  end
  -- "A fire or torch lights an area 60 paces around it": beyond the sight
  -- only a target in light
  local clear = turn.clear_of_units
  turn.clear_of_units = function(G, uid, target)
    local d = G.D[uid]
    if G.weather and d and d.weather_sees_lit and not (G.weather_lit and G.weather_lit[target])
        and G.bf:distance(uid, target) > d.weather_sight_cm * 10 + 0.01 then
      return false
    end
    return clear(G, uid, target)
  end
  -- the battle state keeps the scenario (its weather block)
  local new_state = battle.new_state
  battle.new_state = function(ctx)
    local G = new_state(ctx)
    G.scenario = G.scenario or ctx.scenario
    return G
  end
  local play = turn.play
  turn.play = function(G)
    A.begin_turn(G)
    return play(G)
  end
  -- the HI move (phase 2), then the others (phase 3): each on what was seen
  -- after the moves before it
  for _, name in ipairs({ "phase2", "phase3" }) do
    local phase = turn[name]
    turn[name] = function(G)
      if G.weather and name == "phase2" then effects.before_moves(G) end
      C.look(G, name_of)
      effects.flags(G)
      return phase(G)
    end
  end
  local phase4 = turn.phase4
  turn.phase4 = function(G)
    if G.weather then
      -- after the moves: the drift in the dark, the camp's sentries
      local mm = function(p) return A.mm(G, p) end
      effects.drift(G, mm, turn.in_contact, function(G2, uid) return (turn.terrain_under(G2, uid)) end)
      effects.camp(G, true, mm)
    end
    C.look(G, name_of)          -- after the moves: new sightings, surprises
    effects.flags(G)
    A.before_shooting(G)
    return phase4(G)
  end
  local phase5 = turn.phase5
  turn.phase5 = function(G)
    A.before_shooting(G)        -- the facings the melee is fought at (sun)
    return phase5(G)
  end
end

return A
