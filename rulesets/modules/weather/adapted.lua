-- The effects the adapters of Phalanx, Into Glory Ride, Historicon and Hinds
-- share, said once in the generic part's terms (paces, periods, sides); each
-- adapter puts them in its ruleset's own terms (an activation cost, an
-- integrity test, a rally throw; vignette widths, cm, distance units). The
-- rules are WRG 1973's "OPTIONAL RULES FOR WEATHER AND TIME OF DAY"
-- (pp. 33-34); these rulesets say nothing of weather, so each use is OUR
-- ADAPTATION, labelled so in the account (docs/modules.md).
--
-- The sides' part of a scenario's block (lights, arabs, wells, camp) is at
-- G.weather_sides (common.lua); the camp's state at G.weather_camp.
local W = require("modules.weather")

local E = {}

-- WRG's reaction test factors the weather brings, as WRG scores them
-- (a minus is worse); each adapter gives them the sign of its own test.
--   Rain: "After 3 periods of rain ... reaction totals are reduced by 1"
E.SODDEN = -1
--   Drought: "troops other than arabs, who have no access to a well, have
--   all weapon factors and reaction tests reduced by 1"
E.PARCHED = -1
--   Night: "All troops count unfriendly cover" (Deduction of TWO:
--   "Unfriendly cover within 100 paces")
E.NIGHT_COVER = -2
--   "Surprised by enemy emerging or shooting from cover within 100 paces"
--   (Deduction of TWO); at night "all unilluminated sightings are surprise
--   sightings"
E.SURPRISED = -2

local NONE = { lights = {}, arabs = {}, wells = {} }

local function side_name(G, side) return G.sides and G.sides[side] and G.sides[side].name or ("side " .. side) end
local function unit_name(G, uid) return G.D and G.D[uid] and G.D[uid].name or ("unit " .. uid) end
function E.sides(G) return G.weather_sides or NONE end

-- Drought: in the desert in June, July and August, a side neither of arabs
-- nor with a well.
function E.parched(G, side)
  local s, x = G.weather, E.sides(G)
  return s ~= nil and W.drought(s) and s.ground == "desert" and not x.arabs[side] and not x.wells[side]
end

function E.sodden(G) return G.weather ~= nil and W.sodden(G.weather) end
function E.night(G) return G.weather ~= nil and W.night(G.weather) end

-- Wind: "In desert areas, strong winds ... only arabs can move in any
-- direction except straight down wind." READING (ours, for rulesets whose
-- moves turn then go straight): a move of troops other than arabs must not
-- end further upwind than it began: a heading within 90 degrees of the
-- point the wind blows from gets no move (straight across the wind or down
-- it is free). `bearing`: the compass bearing the move heads (W.bearing of a
-- table facing).
function E.wind_bound(G, side)
  local s = G.weather
  return s ~= nil and W.strong_wind(s) and s.ground == "desert" and not E.sides(G).arabs[side]
end
function E.heads_upwind(G, bearing)
  local from = W.wind_from_bearing(G.weather)
  return math.abs((bearing - from + 180) % 360 - 180) < 90 - 1e-6
end
-- The bearing a commander that wants `bearing` may take in the wind: the
-- same when the wind does not hold the side or the bearing is not upwind;
-- else straight across the wind, on the side nearer the one wanted, when
-- that is within 90 degrees of it (READING, ours: troops tack across the
-- wind rather than stand); else nil (they wait).
function E.heading_in_wind(G, side, bearing)
  if not E.wind_bound(G, side) or not E.heads_upwind(G, bearing) then return bearing end
  local from = W.wind_from_bearing(G.weather)
  local best, off
  for _, b in ipairs({ (from + 90) % 360, (from - 90) % 360 }) do
    local o = math.abs((b - bearing + 180) % 360 - 180)
    if not off or o < off then best, off = b, o end
  end
  if off > 90 then return nil end
  return best
end

-- How far (mm) the point (x1, y1) is upwind of (x0, y0), north the table's
-- far edge (+y): the move's part towards the wind's origin.
function E.upwind_gain(G, x0, y0, x1, y1)
  local b = math.rad(W.wind_from_bearing(G.weather))
  return (x1 - x0) * math.sin(b) + (y1 - y0) * math.cos(b)
end

-- Trumpets: "Trumpet signals will be inaudible" in desert winds.
function E.trumpets_silent(G) return G.weather ~= nil and W.trumpets_inaudible(G.weather) end

-- Night: "Nightfall reduced vision and all movement except evasion and rout
-- to 60 paces." The cap in paces for a move of `kind` (nil: none).
E.NIGHT_FREE = { evade = true, rout = true }
function E.night_cap(G, kind)
  if E.night(G) and not E.NIGHT_FREE[kind] then return W.NIGHT_VISIBILITY end
  return nil
end

-- Night: "Troops moving without lights throw an appropriate dice each
-- period, diverging 10 paces left if they score 1 or 2, right if 5 or 6."
-- Whether a unit of `side` drifts now (night, no lights), and which way:
-- returns "left" | "right" | nil and the die.
function E.drift(G, side, name)
  if not E.night(G) or E.sides(G).lights[side] then return nil end
  local die = G.dice:roll(6, "weather: drift in the dark, " .. name)
  return W.DRIFT[die], die
end

-- "A fire or torch lights an area 60 paces around it": at night, the units
-- of a side carrying lights and every unit within 60 paces of one (`mm`:
-- paces to mm). A set of ids.
function E.lit(G, mm)
  local lit = {}
  if not E.night(G) then return lit end
  local lights = E.sides(G).lights
  if not next(lights) then return lit end
  for _, uid in ipairs(G.bf:units()) do
    local side = G.bf:unit(uid).side
    if lights[side] then
      lit[uid] = true
      for _, q in ipairs(G.bf:query{ of = uid, within = mm(W.LIGHT_RADIUS) }) do lit[q.id] = true end
    end
  end
  return lit
end

-- The sighting's extra (lib.sighting's `also`): the lit enemies a side has
-- a line of sight to, however far (a set; nil when none).
function E.also_seen(G, side, mm, sight)
  local lit = E.lit(G, mm)
  if not next(lit) then return nil end
  local out = {}
  for _, id in ipairs(G.bf:sighted(side, 1e9, sight)) do if lit[id] then out[#out + 1] = id end end
  return out
end

-- Surprise: the units of the side that sighted `enemy` within `within_mm`
-- of it are surprised (G.weather_surprised[uid] = the turn). A unit counts
-- surprised in the turn of the sighting and the next (READING: the next
-- test it takes after the sighting, whoever's turn comes first).
function E.mark_surprised(G, side, enemy, within_mm)
  G.weather_surprised = G.weather_surprised or {}
  local out = {}
  for _, q in ipairs(G.bf:query{ of = enemy, within = within_mm, enemy = true }) do
    if G.bf:unit(q.id).side == side then
      G.weather_surprised[q.id] = G.turn
      out[#out + 1] = q.id
    end
  end
  return out
end
function E.surprised(G, uid)
  local t = G.weather_surprised and G.weather_surprised[uid]
  return t ~= nil and (G.turn or 0) - t <= 1
end

-- Night camps: "An army encamped at night may have up to 1/5 of its units
-- on guard. Others are asleep. Their sentries will detect approaching enemy
-- at 60 paces, but a regular unit will take half a period to form up,
-- barbarians, a full period."
-- READING (as the WRG adapter's): the guards (camp guards, default and at
-- most 1/5 of the units, rounded down) are the units nearest the enemy; the
-- rest sleep from the first period and neither move nor shoot (they fight
-- if contacted). The alarm is raised when an enemy unit is within 60 paces
-- of any unit of the camp, looked at each period's start and after the
-- moves (half a period on); a sleeper then forms up half a period (regular)
-- or a full period (barbarian) after the alarm. Time `now` is in periods
-- (a fraction within one); `regular(uid)` says whether a unit is regular.
function E.camp_set(G)
  local x = E.sides(G)
  if not x.camp or G.weather_camp then return G.weather_camp end
  local side = x.camp.side
  local units = {}
  for _, uid in ipairs(G.bf:units()) do
    if G.bf:unit(uid).side == side then units[#units + 1] = uid end
  end
  local most = W.camp_guards(#units)
  local guards = math.min(x.camp.guards or most, most)
  local near = {}
  for _, uid in ipairs(units) do
    local q = G.bf:query{ of = uid, within = 1e9, enemy = true }
    near[uid] = q[1] and q[1].distance or math.huge
  end
  table.sort(units, function(a, b) if near[a] ~= near[b] then return near[a] < near[b] end return a < b end)
  local camp = { side = side, asleep = {}, guards = {}, ready_at = {} }
  for i, uid in ipairs(units) do
    if i <= guards then camp.guards[uid] = true else camp.asleep[uid] = true end
  end
  G.weather_camp = camp
  if G.report then
    G.report(string.format("  %s is encamped: %d of %d units on guard, the rest asleep (weather module).",
      side_name(G, side), guards, #units))
  end
  if G.log then G.bf:log("weather_camp", { side = side, guards = guards, size = #units }) end
  return camp
end

-- Looks for the alarm at time `now` (periods) and wakes the sleepers whose
-- time has come by `now`: a sleeper ready part-way through the step from
-- `now` (the next `step` periods) is up, with `half[uid] = true` (it moves
-- half its distance in that step, the WRG adapter's reading).
function E.camp_update(G, now, mm, regular)
  local camp = G.weather_camp
  if not camp then return nil end
  if not camp.alarm then
    for _, uid in ipairs(G.bf:units()) do
      if G.bf:unit(uid).side == camp.side and #G.bf:query{ of = uid, within = mm(W.SENTRY_PACES), enemy = true } > 0 then
        camp.alarm = now
        break
      end
    end
    if camp.alarm then
      for uid in pairs(camp.asleep) do
        camp.ready_at[uid] = now + W.FORM_UP_PERIODS[regular(uid) and "regular" or "barbarian"]
      end
      if G.report then G.report(string.format("  The sentries of %s give the alarm (weather module).", side_name(G, camp.side))) end
      if G.log then G.bf:log("camp_alarm", { side = camp.side }) end
    end
  end
  return camp
end

-- Wakes the sleepers ready within the step [now, now + step): returns the
-- set of those up only part-way through it.
function E.camp_wake(G, now, step)
  local camp = G.weather_camp
  local half = {}
  if not camp or not camp.alarm then return half end
  local ids = {}
  for uid in pairs(camp.asleep) do ids[#ids + 1] = uid end
  table.sort(ids)
  for _, uid in ipairs(ids) do
    local at = camp.ready_at[uid]
    if at and at < now + step - 1e-9 then
      camp.asleep[uid] = nil
      if at > now + 1e-9 then half[uid] = true end
      if G.report then G.report(string.format("  %s has formed up (weather module).", unit_name(G, uid))) end
    end
  end
  return half
end

function E.asleep(G, uid) return G.weather_camp ~= nil and G.weather_camp.asleep[uid] == true end

return E
