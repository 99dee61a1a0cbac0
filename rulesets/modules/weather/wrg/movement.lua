-- The weather module's WRG adapter: what the weather does to movement (WRG
-- 1973, OPTIONAL RULES FOR WEATHER AND TIME OF DAY). G.move_paces(G, uid,
-- paces, kind, backwards) is called by WRG's advance and back_off
-- (rulesets/wrg/period/movement.lua) with the distance a move is about to
-- go; it returns the distance the weather leaves. The referee's allowance
-- is the rules' fair-weather distance (these only shorten moves).
local W = require("modules.weather")

local M = {}

-- READING: push-backs and the winner's follow-up are the result of a
-- hand-to-hand fight, not movement: the weather does not shorten them.
local NOT_MOVEMENT = { push_back = true, follow_up = true }
-- Snow: "no extra charge distance is allowed except in rout": charges,
-- uncontrolled advances and pursuits go no further than a normal move.
local CHARGE_SPEED = { charge = true, uncontrolled = true, pursuit = true }
-- Night: "all movement except evasion and rout to 60 paces".
local NIGHT_FREE = { evade = true, rout = true }
M.SODDEN_LESS = 20
M.NIGHT_PACES = 60

-- "except on paved roads": READING, WRG's roads (and bridges) are paved;
-- the unit's centre on one, as WRG's "Movement on roads" takes it.
local function on_road(G, uid)
  local x, y = G.bf:pos(uid)
  for _, c in ipairs(G.bf:terrain_at(x, y)) do
    if c.type == "road" or c.type == "bridge" then return true end
  end
  return false
end

function M.paces(G, uid, paces, kind, backwards)
  if NOT_MOVEMENT[kind] or paces <= 0 then return paces end
  local w, x, d = G.weather, G.weather_wrg, G.D[uid]
  -- Night camps: "Others are asleep" (modules/weather/wrg/night.lua)
  if d.asleep and not d.routing then return 0 end
  -- Wind: "In desert areas, strong winds ... only arabs can move in any
  -- direction except straight down wind" (within 22.5 degrees: W.down_wind).
  if W.strong_wind(w) and w.ground == "desert" and not x.arabs[d.side] then
    local _, _, f = G.bf:pos(uid)
    if not W.down_wind(w, W.bearing(backwards and f + 180 or f)) then return 0 end
  end
  local p = paces
  if W.snowbound(w) then
    -- Snow: "As for rain, but after 3 periods fall, all movement rates are
    -- halved and no extra charge distance is allowed except in rout."
    -- READING: the halving takes the place of rain's 20 paces ("but").
    if CHARGE_SPEED[kind] then p = math.min(p, d.moves[1]) end
    p = p / 2
  elseif W.sodden(w) and not on_road(G, uid) then
    -- Rain: "After 3 periods of rain during the entire game, all movement on
    -- land except on paved roads is reduced by 20 paces"
    p = p - M.SODDEN_LESS
  end
  -- a regular unit woken in its camp forms up in half a period (night.lua)
  if d.half_period_turn == G.turn then p = p / 2 end
  if W.night(w) and not NIGHT_FREE[kind] then p = math.min(p, M.NIGHT_PACES) end
  return math.max(0, p)
end

-- At the start of a period: Rain: "river crossings become one class more
-- difficult" after 3 periods (READING: a class is 30 paces of width, the
-- step of WRG's river classes; fords under 30 paces stop being free);
-- d.river_harder is read by WRG's terrain factor and may_cross.
function M.period(G)
  local harder = W.sodden(G.weather) and 1 or nil
  for _, uid in ipairs(G.all) do G.D[uid].river_harder = harder end
end

-- After the movement: Snow: "Bodies of troops on mountain paths with a drop
-- on one side must then dice each time they move. 1 means a figure or model
-- has been lost over the edge." READING: on mountain ground (weather ground:
-- mountains) a hill is a mountain path; a unit that moved this period while
-- standing on one dices once.
function M.after_movement(G)
  local w = G.weather
  if not (W.snowbound(w) and w.ground == "mountains") then return end
  local turn = G.rules.require("wrg.turn")
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if not d.gone and not d.off_table and (d.moved or 0) > 0 then
      local on_path = false
      for _, t in ipairs(G.bf:terrain_under(uid)) do on_path = on_path or t.type == "hill" end
      if on_path then
        local die = G.dice:roll(6, "WRG weather: snow on a mountain path, " .. d.name)
        if W.MOUNTAIN_PATH_LOSS[die] then
          if G.report then G.report(string.format("  %s loses a figure over the edge of a mountain path (snow).", d.name)) end
          if G.log then G.bf:log("weather_fall", { unit = uid }) end
          turn.take_casualties(G, uid, 20) -- one figure (20 men)
        end
      end
    end
  end
end

function M.install(G)
  G.move_paces = M.paces
end

return M
