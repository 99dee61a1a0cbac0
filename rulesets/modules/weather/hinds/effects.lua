-- The weather module in Hinds: WRG's reaction test, drought, rivers, wind
-- and the night's moves, drift and camp in Hinds' terms. OUR ADAPTATION of
-- WRG 1973 (Hinds says nothing of weather); one distance unit is 10 paces,
-- a hexagon 6 units (60 paces), four turns a period (hinds.lua).
--
--   reaction   WRG's reaction test read as Hinds' own test, the rally
--              throw of §4 ("The player must roll a 4, 5 or 6 to do so. On
--              the second turn he must roll a 2, 3, 4, 5 or 6"): its die
--              counts 1 lower after 3 periods of rain and in drought, 2
--              lower at night (unfriendly cover) and when surprised; the
--              automatic third rally stays automatic
--   drought    desert, June-August, no well, not arabs: each cast's die one
--              lower; in melee 5/6 of the unit's points (the sun's form)
--   rivers     "river crossings become one class more difficult": after 3
--              periods of rain a ford is a stream ("ford or swim it with a
--              delay of one move") and a stream may not be entered (as the
--              uncrossable_streams option; a unit already in one may leave)
--   wind       desert strong winds, troops other than arabs: no move or
--              charge ends on a hexagon further upwind than its own (flight
--              takes its own path and is not held). Trumpets: Hinds has no
--              orders or command radius: nothing to silence
--   night      "all movement except evasion and rout to 60 paces": every
--              allowance at most 6 units (one hexagon) but flight's
--   drift      10 paces is a sixth of a hexagon: each unit that moved in a
--              period, fights no combat and carries no lights throws a die
--              at the period's end; 1-2 adds 1 unit of drift to its left,
--              5-6 to its right; 6 units of drift one way shift it one
--              hexagon to that side (if free and open to it; else the drift
--              is lost: it felt its way round)
--   camp       modules/weather/adapted.lua: sleepers neither move nor cast;
--              Hinds draws no line between regulars and barbarians: every
--              unit forms up in half a period (2 turns)
--   fires      nothing burns in Hinds' battle: the state only
local W = require("modules.weather")
local E = require("modules.weather.adapted")

local X = {}

X.TURNS_PER_PERIOD = 4
X.NIGHT_UNITS = W.NIGHT_VISIBILITY / 10
X.DRIFT_UNITS = W.DRIFT_PACES / 10

-- The time in periods at the start of turn t (1 at turn 1).
function X.now(turn) return 1 + (math.max(turn, 1) - 1) / X.TURNS_PER_PERIOD end

-- The rally throw's weather terms for a unit: { {id, text, add} ... }.
function X.rally_terms(G, uid, label)
  local d = G.D[uid]
  local out = {}
  if E.sodden(G) then out[#out + 1] = { id = "weather_sodden", add = E.SODDEN,
    text = "after 3 periods of rain or snow: WRG's reaction -1 (" .. label .. ")" } end
  if E.parched(G, d.side) then out[#out + 1] = { id = "weather_drought", add = E.PARCHED,
    text = "drought, no well: WRG's reaction -1 (" .. label .. ")" } end
  if E.night(G) then out[#out + 1] = { id = "weather_night", add = E.NIGHT_COVER,
    text = "night: all troops count unfriendly cover, WRG's -2 (" .. label .. ")" } end
  if E.surprised(G, uid) then out[#out + 1] = { id = "weather_surprised", add = E.SURPRISED,
    text = "surprised: WRG's -2 (" .. label .. ")" } end
  return out
end

-- Each unit's flags for the allowance (turn.allowance sees only the unit):
-- set at each turn's start.
function X.flags(G)
  local night = E.night(G)
  local camp = G.weather_camp
  for _, uid in ipairs(G.bf:units()) do
    local d = G.D[uid]
    if d then
      d.weather_night = night or nil
      d.weather_asleep = (camp and camp.asleep[uid]) or nil
      d.weather_half = (camp and camp.half and camp.half[uid] == G.turn) or nil
      d.weather_parched = E.parched(G, d.side) or nil
    end
  end
end

-- The allowance after the night and the camp reads these flags in
-- hinds.lua's turn.allowance (written out there: the move search asks it
-- of every unit many times a turn).

-- Wind: the reachable hexes of a unit, those further upwind than its own
-- left out.
function X.downwind_only(G, d, reach, H)
  if not (G.weather and E.wind_bound(G, d.side)) then return reach end
  local x0, y0 = H.centre(G.B, d.q, d.r)
  local out = {}
  for _, h in ipairs(reach) do
    local x, y = H.centre(G.B, h[1], h[2])
    if E.upwind_gain(G, x0, y0, x, y) <= 0.5 then out[#out + 1] = h end
  end
  return out
end

-- Rivers: the terrain a hex counts as after 3 periods of rain.
function X.terrain(G, info, tables)
  if not E.sodden(G) then return info end
  if info == tables.terrain.ford then return tables.terrain.stream end
  return info
end
function X.stream_closed(G, info, d, q, r)
  return E.sodden(G) and info.stream == true and not (d.q == q and d.r == r)
end

-- Who moved this period (the drift's dice at its end).
function X.note_moves(G)
  G.weather_moved = G.weather_moved or {}
  for _, uid in ipairs(G.bf:units()) do
    local d = G.D[uid]
    if d and d.moved then G.weather_moved[uid] = true end
  end
end

-- The drift at a period's end. turn: hinds.turn; H: hinds.hexes.
function X.drift(G, turn, H)
  local moved = G.weather_moved or {}
  G.weather_moved = {}
  if not E.night(G) then return end
  local ids = {}
  for uid in pairs(moved) do ids[#ids + 1] = uid end
  table.sort(ids)
  for _, uid in ipairs(ids) do
    local d = G.D[uid]
    if d and d.state == "ready" and not d.combat then
      local way, die = E.drift(G, d.side, d.name or ("unit " .. uid))
      if way then
        d.weather_drift = (d.weather_drift or 0) + (way == "left" and -1 or 1) * X.DRIFT_UNITS
        if G.log then G.bf:log("drift", { unit = uid, way = way, die = die, gathered = d.weather_drift }) end
        if math.abs(d.weather_drift) >= H.HEX_UNITS - 1e-9 then
          -- the hexagon on that side: its bearing nearest the unit's left (facing + 90) or right
          local want = d.facing + (d.weather_drift < 0 and 90 or -90)
          local best, off
          for i, dir in ipairs(H.DIRS) do
            local o = math.abs(H.norm(H.BEARINGS[i] - want))
            if not off or o < off - 1e-9 then best, off = dir, o end
          end
          local q, r = d.q + best[1], d.r + best[2]
          local side = d.weather_drift < 0 and "left" or "right"
          d.weather_drift = 0
          if turn.free(G, d, q, r) then
            turn.place(G, uid, q, r, d.facing, "drift")
            if G.report then
              G.report(string.format("  %s has drifted a hexagon to its %s in the dark (weather module, our adaptation)",
                d.name, side))
            end
          end
        end
      end
    end
  end
end

-- The camp: the alarm looked for at each turn's start and after the moves
-- (half a turn on); sleepers woken.
function X.camp(G, after_moves, mm)
  if not E.sides(G).camp then return end
  E.camp_set(G)
  local now = X.now(G.turn) + (after_moves and 0.5 / X.TURNS_PER_PERIOD or 0)
  local camp = E.camp_update(G, now, mm, function() return true end)
  if not camp then return end
  camp.half = camp.half or {}
  for uid in pairs(E.camp_wake(G, X.now(G.turn), 1 / X.TURNS_PER_PERIOD)) do camp.half[uid] = G.turn end
end

return X
