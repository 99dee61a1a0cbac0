-- The weather module in Historicon v2: WRG's reaction test, drought, wind
-- and the night's moves, drift and camp in Historicon's terms. OUR
-- ADAPTATION of WRG 1973 (Historicon says nothing of weather); one pace is
-- 1 mm at 25mm (historicon.lua: A.mm).
--
--   reaction   WRG's reaction test read as Historicon's integrity test
--              (Phase 6, 2D6 "modified as follows"), WRG's figures as they
--              stand: after 3 periods of rain -1; drought -1; night, "All
--              troops count unfriendly cover" -2; surprised -2
--   drought    desert, June-August, no well, not arabs: -1 die per 4 figures
--              shooting and in melee (a Table 3 / Table 4 entry's form),
--              and -1 on the integrity test
--   wind       desert strong winds, troops other than arabs: a move may not
--              end further upwind than it began (it is not made; a turn on
--              the spot stands). Trumpets: Historicon has no orders or
--              command radius: nothing to silence
--   night      "all movement except evasion and rout to 60 paces": the move
--              rate at most 6 cm (25mm); evasions, recoils, breaks and
--              pursuits throw their own dice and are not capped
--   drift      after the moves (phase 3), each unit that moved, is in
--              contact with no enemy and carries no lights throws a die:
--              1-2 slides it 10 paces (1 cm) to its left, 5-6 to its right;
--              a slide that meets another base, leaves the table or ends on
--              impassable ground is not made
--   camp       modules/weather/adapted.lua: sleepers neither move (rate 0)
--              nor shoot; regular = RA (IF: barbarian); one turn is one
--              period, the look after the moves half a period on
--   rivers     Historicon has none to cross (a major river is impassable)
--   fires      nothing burns in Historicon's field battle: the state only
local W = require("modules.weather")
local E = require("modules.weather.adapted")
local manoeuvre = require("lib.manoeuvre")

local H = {}

-- Each unit's flags for the integrity test (Table: "The die score is
-- modified as follows"): set at each turn's start and after each look.
function H.flags(G)
  for _, uid in ipairs(G.bf:units()) do
    local d = G.D[uid]
    if d then
      d.weather_test = { sodden = E.sodden(G), parched = E.parched(G, d.side), night = E.night(G),
                         surprised = E.surprised(G, uid) }
      d.weather_parched = E.parched(G, d.side)
    end
  end
end

-- The integrity modifier entries, labelled.
function H.integrity_entries(label, rule)
  local function flag(key) return function(c) return c.unit.weather_test ~= nil and c.unit.weather_test[key] == true end end
  return {
    { id = "weather_sodden", rule = rule, add = E.SODDEN, when = flag("sodden"),
      text = "after 3 periods of rain or snow: WRG's reaction -1 (" .. label .. ")" },
    { id = "weather_drought", rule = rule, add = E.PARCHED, when = flag("parched"),
      text = "drought, no well: WRG's reaction -1 (" .. label .. ")" },
    { id = "weather_night", rule = rule, add = E.NIGHT_COVER, when = flag("night"),
      text = "night: all troops count unfriendly cover, WRG's -2 (" .. label .. ")" },
    { id = "weather_surprised", rule = rule, add = E.SURPRISED, when = flag("surprised"),
      text = "surprised: WRG's -2 (" .. label .. ")" },
  }
end

-- The move rate after the night and the camp (mm), from the rate after the
-- ground (sodden, snow). mm: paces to mm.
function H.rate(G, uid, rate, mm)
  local camp = G.weather_camp
  if camp then
    if camp.asleep[uid] then return 0 end
    if camp.half and camp.half[uid] == G.turn then rate = rate / 2 end
  end
  local cap = E.night_cap(G, nil)
  if cap then rate = math.min(rate, mm(cap)) end
  return rate
end

-- Wind: the result of turn.move, refused when it ends further upwind.
function H.wind_check(G, uid, r, put_back)
  local d = G.D[uid]
  if not (d and r and r.start and E.wind_bound(G, d.side)) then return r end
  local x, y = G.bf:pos(uid)
  if E.upwind_gain(G, r.start[1], r.start[2], x, y) > 0.5 then
    put_back(G, uid, r.start[1], r.start[2], r.start[3])
    return { moved = 0, start = r.start }
  end
  return r
end

-- Where each unit stands before the moves (phase 2), to know who moved.
function H.before_moves(G)
  local at = {}
  for _, uid in ipairs(G.bf:units()) do local x, y = G.bf:pos(uid); at[uid] = { x, y } end
  G.weather_before_moves = at
end

-- Drift in the dark, after the moves. in_contact(G, uid), impassable(G,
-- uid): the ruleset's.
function H.drift(G, mm, in_contact, impassable)
  local at = G.weather_before_moves
  G.weather_before_moves = nil
  if not at or not E.night(G) then return end
  local step = mm(W.DRIFT_PACES)
  for _, uid in ipairs(G.bf:units()) do
    local d = G.D[uid]
    local was = at[uid]
    local x0, y0, f = G.bf:pos(uid)
    if d and not d.gone and not d.broken and was and math.abs(x0 - was[1]) + math.abs(y0 - was[2]) > 1
        and not in_contact(G, uid) then
      local way, die = E.drift(G, d.side, d.name or ("unit " .. uid))
      if way then
        local a = math.rad(f)
        local sign = way == "right" and 1 or -1
        local r = G.bf:move(uid, "slide", sign * math.cos(a) * step, sign * math.sin(a) * step)
        local undo = r.stopped_by ~= nil or math.abs((r.distance or 0) - step) > 0.01 or impassable(G, uid)
          or #G.bf:query{ of = uid, within = 0.5 } > 0
        if undo then
          G.bf:place(uid, x0, y0, f)
        else
          manoeuvre.record(G, uid, "drift")
          if G.log then G.bf:log("drift", { unit = uid, way = way, die = die }) end
          if G.report then
            G.report(string.format("  %s drifts %d paces %s in the dark (die %d; weather module, our adaptation)",
              d.name or ("unit " .. uid), W.DRIFT_PACES, way, die))
          end
        end
      end
    end
  end
end

-- The camp (set at the first turn; the alarm looked for at the turn's start
-- and after the moves).
function H.camp(G, after_moves, mm)
  if not E.sides(G).camp then return end
  E.camp_set(G)
  local camp = E.camp_update(G, G.turn + (after_moves and 0.5 or 0), mm,
    function(uid) return (G.D[uid].army or "RA") == "RA" end)
  if not camp then return end
  camp.half = camp.half or {}
  for uid in pairs(E.camp_wake(G, G.turn, 1)) do camp.half[uid] = G.turn end
end

return H
