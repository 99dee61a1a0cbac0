-- The weather module's WRG adapter: the night (WRG 1973, OPTIONAL RULES FOR
-- WEATHER AND TIME OF DAY, Night): troops drifting in the dark, and an army
-- encamped at night with its guards and sentries. Nightfall itself (the
-- battle's end) is in modules/weather/wrg.lua, the 60-pace vision in
-- sight.lua, the 60-pace movement in movement.lua, unfriendly cover and
-- surprise sightings in factors.lua.
local W = require("modules.weather")

local N = {}

local function live(d) return d and not d.gone and not d.off_table end

-- "Troops moving without lights throw an appropriate dice each period,
-- diverging 10 paces left if they score 1 or 2, right if 5 or 6."
-- READING: after the movement, each unit that moved this period (not one
-- now fighting hand-to-hand or touching another unit: it has found what
-- is there) and whose side carries no lights throws one die and slides 10
-- paces to its left or right; a slide that would run into another unit or
-- onto ground the unit may not enter is not made (the troops feel their
-- way round).
function N.drift(G)
  local w, x = G.weather, G.weather_wrg
  if not W.night(w) then return end
  local turn = G.rules.require("wrg.turn")
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    -- not one touching another base: the engine's slide passes through
    -- bases a unit already touches
    if live(d) and not x.lights[d.side] and (d.moved or 0) > 0 and not d.in_melee
      and #G.bf:query{ of = uid, within = 1 } == 0 then
      local die = G.dice:roll(6, "WRG weather: drift in the dark, " .. d.name)
      local way = W.DRIFT[die]
      if way then
        local x0, y0, f = G.bf:pos(uid)
        local a = math.rad(f)
        local sign = way == "left" and -1 or 1
        local dx, dy = sign * math.cos(a) * G.S.mm(W.DRIFT_PACES), sign * math.sin(a) * G.S.mm(W.DRIFT_PACES)
        local r = G.bf:move(uid, "slide", dx, dy)
        local undo = type(r.stopped_by) == "number" or #G.bf:query{ of = uid, within = 0.5 } > 0
        local keys = G.has_impassable and turn.impassable_keys(d)
        if not undo and keys then
          local u = G.bf:unit(uid)
          local on = G.bf:terrain_probe(u.x, u.y, u.facing, u.width, u.depth, keys)
          local was = G.bf:terrain_probe(x0, y0, f, u.width, u.depth, keys)
          for _, k in ipairs(keys) do undo = undo or (on[k] and not was[k]) end
        end
        if undo then
          G.bf:place(uid, x0, y0, f)
        elseif r.distance > 0 then
          turn.record(G, uid, "drift", 1)
          if G.report then G.report(string.format("  %s drifts %.0f paces %s in the dark (die %d).", d.name, r.distance / G.S.mm(1), way, die)) end
          if G.log then G.bf:log("drift", { unit = uid, way = way, die = die }) end
        end
      end
    end
  end
end

-- "An army encamped at night may have up to 1/5 of its units on guard.
-- Others are asleep. Their sentries will detect approaching enemy at 60
-- paces, but a regular unit will take half a period to form up,
-- barbarians, a full period."
-- READING: the guards (weather camp guards, default and at most 1/5 of the
-- units, rounded down) are the units nearest the enemy; the others sleep
-- from the first period: a sleeping unit does not move, see, shoot or
-- charge (it fights if it is contacted). The alarm is raised when an enemy
-- unit comes within 60 paces of any unit of the camp, looked at the start
-- of each period and after the movement (half a period on); each sleeper
-- then forms up in half a period (regular) or a full period (barbarian):
-- ready at a period's start it moves in full, ready half-way through it
-- moves half its distance that period.
local function set_camp(G)
  local x = G.weather_wrg
  local c = x.camp
  local units = {}
  for _, uid in ipairs(G.sides[c.side].units) do if live(G.D[uid]) then units[#units + 1] = uid end end
  local most = W.camp_guards(#units)
  local guards = math.min(c.guards or most, most)
  local near = {}
  for _, uid in ipairs(units) do
    local q = G.bf:query{ of = uid, within = math.max(G.S.width, G.S.depth) * 2, enemy = true }
    near[uid] = q[1] and q[1].distance or math.huge
  end
  table.sort(units, function(a, b) if near[a] ~= near[b] then return near[a] < near[b] end return a < b end)
  for i, uid in ipairs(units) do
    local d = G.D[uid]
    if i <= guards then d.on_guard = true else d.asleep = true end
  end
  x.camp_set, x.alarm = true, nil
  if G.report then
    G.report(string.format("  %s is encamped: %d of %d units on guard, the rest asleep.", G.sides[c.side].name, guards, #units))
  end
end

local function alarm(G, half)
  local x = G.weather_wrg
  local side = x.camp.side
  for _, uid in ipairs(G.sides[side].units) do
    local d = G.D[uid]
    if live(d) and #G.bf:query{ of = uid, within = G.S.mm(W.SENTRY_PACES), enemy = true } > 0 then
      x.alarm = 2 * G.turn + half -- in half periods
      break
    end
  end
  if not x.alarm then return end
  for _, uid in ipairs(G.sides[side].units) do
    local d = G.D[uid]
    if d.asleep and not d.ready_at then
      d.ready_at = x.alarm + math.floor(2 * W.FORM_UP_PERIODS[d.regular and "regular" or "barbarian"] + 0.5)
    end
  end
  if G.report then G.report(string.format("  The sentries of %s give the alarm.", G.sides[side].name)) end
  if G.log then G.bf:log("camp_alarm", { side = side }) end
end

local function wake(G)
  local x = G.weather_wrg
  for _, uid in ipairs(G.sides[x.camp.side].units) do
    local d = G.D[uid]
    if d.asleep and d.ready_at and d.ready_at // 2 <= G.turn then
      d.asleep = nil
      if d.ready_at % 2 == 1 and d.ready_at // 2 == G.turn then d.half_period_turn = G.turn end
      if G.report then G.report(string.format("  %s has formed up.", d.name)) end
    end
  end
end

-- At the start of each period.
function N.camp_period(G)
  local x = G.weather_wrg
  if not x.camp then return end
  if not x.camp_set then set_camp(G) end
  if not x.alarm then alarm(G, 0) end
  wake(G)
end

-- After the movement (half a period on).
function N.camp_after_movement(G)
  local x = G.weather_wrg
  if x.camp and x.camp_set and not x.alarm then alarm(G, 1) end
end

function N.install(G) local _ = G end

return N
