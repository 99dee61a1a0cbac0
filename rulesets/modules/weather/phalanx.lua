-- The weather module in Phalanx (and Into Glory Ride, which runs Phalanx's
-- engine and takes this adapter: it changes nothing the weather touches).
-- Phalanx's text says nothing of weather, light or sight (its seed has no
-- weather, rain, fog, night, mud, snow, wind or sun), so every effect here is
-- OUR ADAPTATION of the WRG 1973 optional rules (modules.weather), labelled
-- "(weather module, our adaptation for Phalanx)" in the account:
--
--   time          one game turn is one WRG period (weather dice at its start)
--   distances     one vignette width is 100 paces (READING: Phalanx's bow
--                 ranges of 1-3 widths against WRG's 60-240 paces)
--   rain, snow    "All missiles have weapon factors reduced by 1 till the
--                 2nd period without rain": -1 to the shooting die
--   sodden        "after 3 periods of rain ... movement -20 paces": every
--                 move allowance 0.2 widths shorter
--   snowbound     "after 3 periods fall, all movement rates are halved"
--   fog, night,   visibility 100 / 60 / 30 paces (1, 0.6, 0.3 widths): no
--   desert wind   shot beyond it, and the commander knows only the enemies
--                 its side sees (lib.sighting)
--   nightfall     "Fighting will normally cease at nightfall": a battle begun
--                 by day ends when night falls (judged as at the turn limit)
--   blind         a link that sees no enemy advances towards the enemy's edge
--   surprise      a new sighting nearer than 50 paces, or any unlit one at
--                 night, surprises the side's vignettes near the enemy: +2
--                 to their activation cost (WRG's -2 on the reaction test)
--   sun           "Troops facing within 45 degrees of east for the first 2
--                 periods of the day, or within 45 degrees of west for the
--                 last 2, will be dazzled ... -1": -1 to the dazzled shooter's
--                 die and to a dazzled vignette's melee factor (north is the
--                 table's far edge)
--   reaction      WRG's reaction test read as the activation cost (sodden +1,
--                 drought +1, night's unfriendly cover +2, surprise +2;
--                 desert winds' silent trumpets: beyond 30 paces of the
--                 General as out of his sight): phalanx/activation.lua
--   drought       desert, June-August, no well, not arabs: -1 to the
--                 shooting die and the melee factor, +1 activation
--   night, wind   moves at most 60 paces (0.6 widths) but evades; drift 10
--                 paces without lights; lights 60 paces round (seen and shot
--                 at however far); a camp with guards and sentries; desert winds: no
--                 move ending further upwind but arabs': phalanx/moves.lua
--   rivers        Phalanx has none to cross (a Major River is impassable):
--                 nothing to make one class harder
--   fires         nothing burns in Phalanx's battle: the state only
local W = require("modules.weather")
local C = require("modules.weather.common")
local E = require("modules.weather.adapted")
local activation = require("modules.weather.phalanx.activation")
local moves = require("modules.weather.phalanx.moves")

-- make(title): the adapter for Phalanx or a variant running its engine,
-- its terms labelled with the variant's title.
local function make(title)
  local A = { id = "weather", title = "Weather and time of day (" .. C.label(title) .. ")",
              rule = "WRG 1973 weather and time of day, adapted (docs/modules.md)" }

  A.PACES_PER_WIDTH = 100
  -- Heights for the side's view (bf:sighted): troops on a hill (either kind;
  -- Phalanx's hills block sight) stand 2 high and see over woods and
  -- built-up areas 1 high; from the flat nobody sees over a hill (READING:
  -- relative heights, ours; the text gives none).
  A.SIGHT = { ground = { gentle_hill = 2, steep_hill = 2 }, tops = { wood = 1, built_up_area = 1 } }
  A.SODDEN_WIDTHS = 0.2       -- "-20 paces"
  A.SURPRISE_PACES = 50

  -- Visibility (paces) in vignette widths; nil: unlimited.
  function A.visibility_widths(s)
    local v = W.visibility(s)
    return v and v / A.PACES_PER_WIDTH or nil
  end

  -- What the weather makes of one shot: the flags the shooting modifiers read
  -- (situation.weather).
  function A.shot(G, uid)
    local s = G.weather
    return { wet = W.missiles_wet(s), dazzled = W.dazzled(s, W.bearing(G.pf[uid])),
             parched = E.parched(G, G.D[uid].side), label = G.weather_label }
  end

  -- The move allowance (mm) after the weather: sodden ground takes 20 paces
  -- off, snow lying 3 periods halves it.
  function A.move(G, mv, g, turn_deg, kind)
    local s = G.weather
    if W.snowbound(s) then mv = mv / 2
    elseif W.sodden(s) then mv = math.max(0, mv - A.SODDEN_WIDTHS * G.S.frontage) end
    -- night, desert wind, the camp (phalanx/moves.lua)
    return moves.allowance(G, mv, g, turn_deg, kind)
  end

  -- A shooter's range (widths) under the visibility: none for a sleeper in
  -- a night camp; when someone stands in torchlight, the full range, the
  -- targets then sorted by A.shot_seen.
  function A.sight_limit(G, d)
    if d and E.asleep(G, d.uid) then return 0 end
    local v = A.visibility_widths(G.weather)
    if v and G.weather_lit and next(G.weather_lit) then return math.huge end
    return v or math.huge
  end

  -- The targets a shooter sees (shooting_targets' list): within the
  -- visibility, or in light ("A fire or torch lights an area 60 paces
  -- around it").
  function A.shot_seen(G, uid, q)
    local v = A.visibility_widths(G.weather)
    local lit = G.weather_lit
    if not v or not (lit and next(lit)) then return q end
    local reach = v * G.S.frontage + 0.01
    local k = 0
    for i = 1, #q do
      if lit[q[i].id] or q[i].distance <= reach then k = k + 1; q[k] = q[i] end
    end
    for i = #q, k + 1, -1 do q[i] = nil end
    return q
  end

  -- The order of a link that sees no enemy (fog, night): a full move
  -- towards the enemy's edge, turned to face it (READING, ours: as the WRG
  -- adapter's attack orders do when no enemy is seen). Returns order, score
  -- as the commander's own advance does.
  -- In desert winds a link that may not go upwind tacks across the wind,
  -- or waits (modules/weather/adapted.lua: E.heading_in_wind).
  function A.blind_order(G, g, mv)
    local heading = G.sides[g.side].edge == "south" and 0 or 180
    local bearing = E.heading_in_wind(G, g.side, W.bearing(heading))
    if not bearing then return nil end
    heading = W.bearing(bearing)   -- a bearing back to a table facing (the same conversion)
    local want = (heading - G.pf[g.ids[1]] + 180) % 360 - 180
    return { gid = g.gid, kind = "move", turn = want, dist = mv }, 3 + #g.ids
  end

  local function name_of(G, uid) return G.D[uid] and G.D[uid].name or ("unit " .. uid) end

  -- The start of the battle's weather (once, at the first player turn) and of
  -- each period (the first player turn of each game turn).
  function A.begin_turn(G)
    if not G.weather then
      C.start(G)
      G.weather_label = C.label(title)
      G.weather_shot = A.shot
      G.weather_move = A.move
      G.sight_limit = A.sight_limit
      G.shot_seen = A.shot_seen
      G.weather_blind = A.blind_order
      local frontage = G.S.frontage
      C.start_sighting(G, function(paces) return paces / A.PACES_PER_WIDTH * frontage end, A.SURPRISE_PACES, A.SIGHT)
    end
    if G.weather_turn ~= G.turn then
      G.weather_turn = G.turn
      local _, nightfall = C.period(G)
      -- the battle ends; Phalanx's own end of battle judges it (as at its turn limit)
      if nightfall then G.over = true; return end
    end
    moves.camp(G, false)
    C.look(G, name_of)
    activation.flags(G)
  end

  -- After the phasing side's moves: its drift in the dark, the camp's
  -- sentries, new sightings (and surprises) before anyone shoots.
  function A.after_moves(G, side, turn)
    moves.drift(G, side, turn)
    moves.camp(G, true)
    C.look(G, name_of)
    activation.flags(G)
  end

  function A.apply(rules)
    local shooting = rules.require("phalanx.shooting")
    local turn = rules.require("phalanx.turn")
    shooting.modifiers:add({ id = "weather_rain", rule = A.rule,
      text = "rain (" .. C.label(title) .. ")",
      when = function(c) return c.s.weather ~= nil and c.s.weather.wet end, add = -1 })
    shooting.modifiers:add({ id = "weather_sun", rule = A.rule,
      text = "dazzled by the sun (" .. C.label(title) .. ")",
      when = function(c) return c.s.weather ~= nil and c.s.weather.dazzled end, add = -1 })
    -- "will be dazzled ... -1" (WRG: weapon factors, shooting and hand to hand)
    rules.require("phalanx.melee").modifiers:add({ id = "weather_sun", rule = A.rule,
      text = "dazzled by the sun (" .. C.label(title) .. ")",
      when = function(c) return c.side.weather ~= nil and c.side.weather.dazzled end, add = -1 })
    turn.phases:add({ id = "weather", label = "weather", rule = A.rule,
      run = function(G) A.begin_turn(G) end }, { before = "activation" })
    -- after the moves: new sightings (and surprises) before anyone shoots
    turn.phases:add({ id = "weather_sighting", label = "sighting", rule = A.rule,
      run = function(G, side) A.after_moves(G, side, turn) end }, { after = "initiative" })
    -- WRG's reaction test as the activation cost (phalanx/activation.lua)
    local act = rules.require("phalanx.command").activation_modifiers
    for _, e in ipairs(activation.entries(title)) do act:add(e) end
    -- "have all weapon factors ... reduced by 1" (drought)
    shooting.modifiers:add({ id = "weather_drought", rule = A.rule,
      text = "drought, no well (" .. C.label(title) .. ")",
      when = function(c) return c.s.weather ~= nil and c.s.weather.parched end, add = -1 })
    rules.require("phalanx.melee").modifiers:add({ id = "weather_drought", rule = A.rule,
      text = "drought, no well (" .. C.label(title) .. ")",
      when = function(c) return c.side.weather ~= nil and c.side.weather.parched end, add = -1 })
    -- the referee: a drift in the dark is a move of its own, 10 paces
    local referee = rules.require("phalanx.referee")
    local allowance = referee.allowance
    referee.allowance = function(G, uid, kind)
      if kind:match("^drift") then return W.DRIFT_PACES / 100 * G.S.frontage end
      return allowance(G, uid, kind)
    end
  end

  A.make = make
  return A
end

return make("Phalanx")
