-- The weather module's WRG adapter: what each side sees (WRG 1973, OPTIONAL
-- RULES FOR WEATHER AND TIME OF DAY): fog ("Visibility is reduced to 100
-- paces for the first 3 periods"), desert winds ("reduce vision to 30
-- paces"), night ("Nightfall reduced vision ... to 60 paces"; "A fire or
-- torch lights an area 60 paces around it"; "all unilluminated sightings
-- are surprise sightings").
--
-- A side has sighted an enemy unit that some unit of the side sees within
-- the visibility (bf:sighted: range and line of sight), or any enemy unit
-- standing in light that some unit of the side has a line of sight to.
-- The sightings are taken at the start of each period (orders, charges and
-- moves are decided on them) and again after the movement (the shooting).
-- WRG's commander and rules then look only at sighted enemies
-- (G.sight_filter on WRG's enemies_within); a shooter shoots only at what it
-- sees itself (G.can_see). With no limit on sight, nothing is filtered.
local W = require("modules.weather")

local S = {}

local function live(d) return d and not d.gone and not d.off_table end

-- The units standing in light at night: those of a side carrying lights
-- (weather: lights) and every unit within 60 paces of one.
local function lit_units(G)
  local x, lit = G.weather_wrg, {}
  if not W.night(G.weather) then return lit end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and x.lights[d.side] then
      lit[uid] = true
      for _, q in ipairs(G.bf:query{ of = uid, within = G.S.mm(W.LIGHT_RADIUS) }) do lit[q.id] = true end
    end
  end
  return lit
end

function S.update(G)
  local x, w = G.weather_wrg, G.weather
  local v = W.visibility(w)
  x.limit = v
  if not v then x.seen, x.lit = nil, {}; return end
  local lit = lit_units(G)
  local far = math.max(G.S.width, G.S.depth) * 2
  local before = x.seen
  local seen = { {}, {} }
  for side = 1, 2 do
    for _, id in ipairs(G.bf:sighted(side, G.S.mm(v))) do seen[side][id] = true end
    if next(lit) then
      for _, id in ipairs(G.bf:sighted(side, far)) do if lit[id] then seen[side][id] = true end end
    end
  end
  -- Night: "all unilluminated sightings are surprise sightings": the units
  -- that first see an enemy unit out of the light count "surprised" in
  -- their reaction tests this period (modules/weather/wrg/factors.lua).
  if W.night(w) then
    for side = 1, 2 do
      for id in pairs(seen[side]) do
        if not lit[id] and not (before and before[side][id]) then
          for _, q in ipairs(G.bf:query{ of = id, within = G.S.mm(v), enemy = true }) do
            G.D[q.id].surprised_turn = G.turn
          end
          if G.log then G.bf:log("surprise_sighting", { side = side, unit = id }) end
        end
      end
    end
  end
  x.seen, x.lit = seen, lit
end

-- WRG's enemies_within, filtered: only enemies the unit's side has
-- sighted; a sleeping unit sees nothing.
function S.filter(G, uid, list)
  local x = G.weather_wrg
  local d = G.D[uid]
  if d.asleep then return {} end
  if not x.seen then return list end
  local seen = x.seen[d.side]
  local out = {}
  for _, q in ipairs(list) do if seen[q.id] then out[#out + 1] = q end end
  return out
end

-- Whether a unit sees a target itself (shooting): within the visibility, or
-- the target in light.
function S.can_see(G, uid, target)
  local x = G.weather_wrg
  if G.D[uid].asleep then return false end
  if not x.limit then return true end
  if x.lit[target] then return true end
  return G.bf:distance(uid, target) <= G.S.mm(x.limit)
end

-- The commander's move for a unit that sees no enemy (WRG's ai.move finds
-- none): READING, a unit ordered to attack goes on a normal move straight
-- towards the enemy's table edge, feeling its way; skirmishers and units
-- holding wait where they are. In desert winds, where troops other than
-- arabs may move only straight down wind, it goes down wind when that is
-- within 90 degrees of the enemy's edge, else it waits.
function S.unseen_move(G, uid)
  local d = G.D[uid]
  if d.asleep or d.order ~= "attack" or d.state ~= nil then return nil end
  local turn = G.rules.require("wrg.turn")
  local w = G.weather
  local bearing = G.sides[d.side].edge == "south" and 0 or 180
  if W.strong_wind(w) and w.ground == "desert" and not G.weather_wrg.arabs[d.side] then
    local down = W.bearing((W.wind_from_bearing(w) + 180) % 360) -- the table facing straight down wind
    if math.abs((down - bearing + 180) % 360 - 180) > 90 then return nil end
    bearing = down
  end
  return { bearing = bearing, distance = turn.normal_move(d), advancing = true }
end

-- CHANGE OF ORDERS 3 (signals, "visual or trumpet", 250 paces) under the
-- weather: in desert winds "Trumpet signals will be inaudible" and vision
-- is 30 paces, so a signal reaches only troops within 30 paces of the
-- General. READING: fog and night leave trumpets audible, so they do not
-- shorten the reach.
function S.signal_reach(G)
  if W.trumpets_inaudible(G.weather) then return W.visibility(G.weather) end
  return nil
end

function S.install(G)
  G.sight_filter = S.filter
  G.can_see = S.can_see
  G.unseen_move = S.unseen_move
  G.signal_reach = S.signal_reach
end

return S
