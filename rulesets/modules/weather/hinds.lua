-- The weather module in Hinds' Ancient Wargame Rules. Hinds' text says
-- nothing of weather, light or sight (its seed has no weather, rain, fog,
-- night, mud, snow, wind or sun), so every effect here is OUR ADAPTATION of
-- the WRG 1973 optional rules (modules.weather), labelled "(weather module,
-- our adaptation for Hinds)" in the account:
--
--   time          four turns are one WRG period (the weather dice at the
--                 start of turns 1, 5, 9 ...; READING: Hinds battles run to
--                 40 turns, a day of 8 to 12 periods)
--   distances     one distance unit (inch) is 10 paces (READING: Hinds' long
--                 range of 20 units against WRG's 180-240 paces for bows)
--   rain, snow    "All missiles have weapon factors reduced by 1 till the
--                 2nd period without rain": each cast's die counts one lower
--                 (a 1 becomes 0, which no table lists: a miss)
--   sodden        "after 3 periods of rain ... movement -20 paces": every
--                 move allowance 2 units shorter (not below the §2 minimum)
--   snowbound     "after 3 periods fall, all movement rates are halved"
--   fog, night,   visibility 100 / 60 / 30 paces (10 / 6 / 3 units): no cast
--   desert wind   at a gap beyond it, and the commander knows only the
--                 enemies its side sees (lib.sighting)
--   nightfall     "Fighting will normally cease at nightfall": a battle begun
--                 by day ends when night falls, no victor; a battle begun at
--                 night goes on, each commander advancing towards the enemy's
--                 edge while it sees no enemy (as the WRG adapter's orders do)
--   surprise      a new sighting nearer than 50 paces (5 units), or any
--                 unlit one at night, surprises the side's units near the
--                 enemy: their rally throw 2 lower (WRG's -2 on the reaction
--                 test)
--   sun           "Troops facing within 45 degrees of east for the first 2
--                 periods of the day, or within 45 degrees of west for the
--                 last 2, will be dazzled": the dazzled caster's die counts
--                 one lower; in melee a dazzled unit's points are 5/6
--   reaction,     WRG's reaction test as the rally throw (sodden -1, drought
--   drought,      -1, night's unfriendly cover -2, surprise -2); drought: the
--   rivers, wind, cast's die -1, melee 5/6; sodden: fords are streams, streams
--   night         closed; desert winds: no move ending upwind but arabs';
--                 night: allowances at most 6 units, drift by sixths of a
--                 hexagon without lights, lights 6 units round (seen however
--                 far), a camp with guards and sentries: hinds/effects.lua
--
-- Written on the ruleset without editing it (but the commander's two
-- enumerations of enemies): a "weather" phase before the turn's first and
-- a "weather_sighting" phase after the moves (turn.phases), a look before
-- each side moves (turn.move_side), the cast's
-- situation (turn.cast_situation) carrying the flags, the cast's die read
-- through missiles.confirm_faces, the allowance (turn.allowance) reduced by
-- the flags the weather phase sets on each unit.
local W = require("modules.weather")
local C = require("modules.weather.common")
local E = require("modules.weather.adapted")
local effects = require("modules.weather.hinds.effects")

local TITLE = "Hinds"
local A = { id = "weather", title = "Weather and time of day (" .. C.label(TITLE) .. ")",
            rule = "WRG 1973 weather and time of day, adapted (docs/modules.md)" }

A.TURNS_PER_PERIOD = 4
A.PACES_PER_UNIT = 10
A.SODDEN_UNITS = 2        -- "-20 paces"
A.SURPRISE_PACES = 50
local INCH = 25.4

function A.units(paces) return paces / A.PACES_PER_UNIT end
function A.mm(paces) return A.units(paces) * INCH end

local function name_of(G, uid) return G.D[uid] and G.D[uid].name or ("unit " .. uid) end

-- What the weather does this period, as account lines.
local function period_effects(s)
  local out = {}
  if W.missiles_wet(s) then out[#out + 1] = "rain: every cast's die counts one lower (" .. C.label(TITLE) .. ")" end
  if W.snowbound(s) then out[#out + 1] = "snow lying: moves halved (" .. C.label(TITLE) .. ")"
  elseif W.sodden(s) then out[#out + 1] = "sodden ground: moves 2 units shorter (" .. C.label(TITLE) .. ")" end
  local v = W.visibility(s)
  if v then out[#out + 1] = string.format("visibility %d paces: no cast at a gap over %g units (%s)", v, A.units(v),
    C.label(TITLE)) end
  return out
end

-- The order of a commander that sees no enemy (fog, night): advance towards
-- the enemy's edge, straight up its own column (READING, ours: as the WRG
-- adapter's attack orders do when no enemy is seen), or nil to hold.
function A.blind_order(G, d)
  local H = require("hinds.hexes")
  local ai = (G.rules and G.rules.require or require)("hinds.ai")
  local col = H.offset(d.q, d.r)
  local ahead = (G.rules and G.rules.require or require)("hinds.setup").facing(d.side)
  local best, off
  for _, row in ipairs({ 0, G.B.rows - 1 }) do
    local q, r = H.axial(col, row)
    if q ~= d.q or r ~= d.r then
      local o = math.abs(H.norm(H.bearing(G.B, d.q, d.r, q, r) - ahead))
      if not off or o < off then best, off = { q, r }, o end
    end
  end
  if not best or off > 90 then return nil end
  if E.wind_bound(G, d.side) then
    -- desert winds: along the hexagons' line nearest the enemy's edge that
    -- is not upwind, to the board's edge (a tack across the wind), or wait
    local want = W.bearing(ahead)
    local dir, doff
    for i, step in ipairs(H.DIRS) do
      local b = W.bearing(H.BEARINGS[i])
      local o = math.abs((b - want + 180) % 360 - 180)
      if not E.heads_upwind(G, b) and o <= 90 and (not doff or o < doff) then dir, doff = step, o end
    end
    if not dir then return nil end
    local q, r = d.q, d.r
    while H.on_board(G.B, q + dir[1], r + dir[2]) do q, r = q + dir[1], r + dir[2] end
    if q == d.q and r == d.r then return nil end
    best = { q, r }
  end
  return ai.step_to(G, d, best[1], best[2], "forward")
end

function A.begin_turn(G)
  if not G.weather then
    C.start(G)
    C.start_sighting(G, A.mm, A.SURPRISE_PACES)
    G.weather_blind = A.blind_order
  end
  local period = (math.max(G.turn, 1) - 1) // A.TURNS_PER_PERIOD + 1
  if G.weather_period ~= period then
    -- the drift of the period gone, thrown at its end (hinds/effects.lua)
    if G.weather_period then effects.drift(G, (G.rules and G.rules.require or require)("hinds.turn"), require("hinds.hexes")) end
    G.weather_period = period
    local _, nightfall = C.period(G)
    if nightfall then
      -- the battle ends with no victor unless Hinds' victory test has one
      G.over, G.reason = true, "nightfall: fighting ceases (weather module)"
      return
    end
    local s = G.weather
    for _, uid in ipairs(G.bf:units()) do
      local d = G.D[uid]
      if d then
        d.weather_halved = W.snowbound(s) or nil
        d.weather_move_loss = (not W.snowbound(s) and W.sodden(s)) and A.SODDEN_UNITS or nil
      end
    end
    local lines = period_effects(s)
    if #lines > 0 then
      if G.log then G.bf:log("weather_effects", { effects = lines }) end
      if G.report then for _, l in ipairs(lines) do G.report("  Weather: " .. l) end end
    end
  end
  effects.camp(G, false, A.mm)
  effects.flags(G)
  C.look(G, name_of)
end

-- The die a cast reads: one lower for wet missiles, one lower for a
-- dazzled caster.
function A.face(face, sit)
  if sit and sit.weather_wet then face = face - 1 end
  if sit and sit.weather_dazzled then face = face - 1 end
  if sit and sit.weather_parched then face = face - 1 end
  return face
end

function A.apply(rules)
  local turn = rules.require("hinds.turn")
  local missiles = rules.require("hinds.missiles")
  local tables = rules.require("hinds.tables")
  turn.phases:add({ id = "weather", label = "weather", rule = A.rule, run = function(G) A.begin_turn(G) end },
    { before = "retreats" })
  turn.phases:add({ id = "weather_sighting", label = "sighting", rule = A.rule,
    run = function(G)
      effects.note_moves(G)
      effects.camp(G, true, A.mm)
      C.look(G, name_of)
    end }, { after = "movement" })
  -- the battle state keeps the scenario (its weather block)
  local battle = rules.require("hinds.battle")
  local new_state = battle.new_state
  battle.new_state = function(ctx)
    local G = new_state(ctx)
    G.scenario = G.scenario or ctx.scenario
    return G
  end
  -- the second mover moves on what it sees after the first mover's moves
  local move_side = turn.move_side
  turn.move_side = function(G, side)
    if G.weather then C.look(G, name_of) end
    return move_side(G, side)
  end
  local cast_situation = turn.cast_situation
  local HX = require("hinds.hexes")
  turn.cast_situation = function(G, sh, tg)
    local s = G.weather
    local v = s and W.visibility(s)
    -- (Speed: the commander weighs every cast in range, up to 20 units; at
    -- night or in fog most are beyond the visibility. With no side carrying
    -- lights such a cast is refused below whatever its line, so the line is
    -- not traced: the gap is shooting.lua's, H.gap of the hex distance.)
    if v and not next(E.sides(G).lights)
      and HX.gap(HX.distance(sh.q, sh.r, tg.q, tg.r)) > v / A.PACES_PER_UNIT then return nil end
    local sit = cast_situation(G, sh, tg)
    if sit == nil or s == nil then return sit end
    -- not seen: no line of cast (a target in torchlight is seen however far;
    -- who stands in light is asked only of a cast beyond the visibility)
    if v and sit.gap > v / A.PACES_PER_UNIT
      and not (next(E.sides(G).lights) and E.lit(G, A.mm)[tg.uid]) then return nil end
    if E.asleep(G, sh.uid) then return nil end      -- asleep in a night camp
    sit.weather_wet = W.missiles_wet(s)
    sit.weather_dazzled = W.dazzled(s, W.bearing(sh.facing))
    sit.weather_parched = E.parched(G, sh.side)
    return sit
  end
  local confirm_faces = missiles.confirm_faces
  missiles.confirm_faces = function(tbl, class, face, sit, tg)
    return confirm_faces(tbl, class, A.face(face, sit), sit, tg)
  end
  -- WRG's dazzle is -1 hand to hand too: a dazzled unit's point strength
  -- five sixths (READING: one pip of a six-sided die, the form of Hinds' own
  -- "3/4 value" for a pursuer), flags set on each unit before the melee
  rules.require("hinds.melee").modifiers:add({ id = "weather_drought", rule = A.rule,
    text = "drought, no well: 5/6 value (" .. C.label(TITLE) .. ")",
    when = function(c) return c.u.weather_parched == true end,
    apply = function(v) return v * 5 / 6 end })
  rules.require("hinds.melee").modifiers:add({ id = "weather_sun", rule = A.rule,
    text = "dazzled by the sun: 5/6 value (" .. C.label(TITLE) .. ")",
    when = function(c) return c.u.weather_dazzled == true end,
    apply = function(v) return v * 5 / 6 end })
  local melee_phase = turn.melee_phase
  turn.melee_phase = function(G)
    local s = G.weather
    if s then
      for _, uid in ipairs(G.bf:units()) do
        local d = G.D[uid]
        if d then d.weather_dazzled = W.dazzled(s, W.bearing(d.facing)) end
      end
    end
    return melee_phase(G)
  end
  local allowance = turn.allowance
  local NIGHT_UNITS = effects.NIGHT_UNITS
  turn.allowance = function(d, how, opts)
    local a = allowance(d, how, opts)
    if d.weather_halved then a = a / 2
    elseif d.weather_move_loss then a = a - d.weather_move_loss end
    -- the night and the camp (hinds/effects.lua sets the flags each turn),
    -- written out here, not called: the move search asks the allowance of
    -- every unit many times a turn (session eight, docs/performance.md).
    -- A sleeper: no move at all (not even the section 2 minimum).
    if d.weather_asleep then return 0 end
    -- a camp's unit forming up: half its move (hinds/effects.lua, camp)
    if d.weather_half then a = a / 2 end
    -- "all movement except evasion and rout to 60 paces": 6 units but flight's
    if d.weather_night and how ~= "flight" and a > NIGHT_UNITS then a = NIGHT_UNITS end
    local minimum = tables.move_rules.minimum
    if a < minimum then a = minimum end
    return a
  end
  -- WRG's reaction test as the rally throw: its die lower by the weather's terms
  local morale = rules.require("hinds.morale")
  local rally, pending = morale.rally, nil
  morale.rally = function(attempt, dice, purpose)
    if not pending or #pending == 0 then return rally(attempt, dice, purpose) end
    local need = morale.rally_needed(attempt)
    if need <= 1 then return true, nil, need end
    local die = dice:roll(6, purpose or "Hinds rally")
    local score = die
    for _, t in ipairs(pending) do score = score + t.add end
    return score >= need, score, need
  end
  local try_rally = turn.try_rally
  turn.try_rally = function(G, uid)
    if not G.weather then return try_rally(G, uid) end
    pending = effects.rally_terms(G, uid, C.label(TITLE))
    if #pending > 0 and G.log then
      local ids = {}
      for _, t in ipairs(pending) do ids[#ids + 1] = t.id end
      G.bf:log("weather_rally_terms", { unit = uid, terms = ids })
    end
    local r = try_rally(G, uid)
    pending = nil
    return r
  end
  -- rivers after 3 periods of rain: a ford is a stream, a stream is closed
  local tinfo = turn.tinfo
  -- (Speed: every hexagon a move search meets asks these two; the ground
  -- changes only after 3 periods of rain, so nothing more is read before.
  -- W.sodden's test, "3 periods of rain [or snow]", is written out: a
  -- function call per hexagon cost 1 % of a night battle.)
  turn.tinfo = function(G, q, r)
    local t = tinfo(G, q, r)
    local s = G.weather
    if not s or s.rain_periods + s.snow_periods < 3 then return t end
    return effects.terrain(G, t, tables)
  end
  local passable = turn.passable
  turn.passable = function(G, d, q, r)
    if not passable(G, d, q, r) then return false end
    local s = G.weather
    if s and s.rain_periods + s.snow_periods >= 3 and effects.stream_closed(G, tinfo(G, q, r), d, q, r) then
      return false
    end
    return true
  end
  -- desert winds: no hexagon further upwind (moves, charges, pursuits)
  local H = require("hinds.hexes")
  local reachable = turn.reachable
  turn.reachable = function(G, d, facing, dirs, max_steps)
    return effects.downwind_only(G, d, reachable(G, d, facing, dirs, max_steps), H)
  end
  -- the referee: a drift is a move of its own, one hexagon
  local referee = rules.require("hinds.referee")
  local hexes = referee.hexes
  referee.hexes = function(G, uid, kind)
    if kind:match("^drift") then return 1 end
    return hexes(G, uid, kind)
  end
end

return A
