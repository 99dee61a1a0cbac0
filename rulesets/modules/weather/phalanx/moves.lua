-- The weather module in Phalanx (and Into Glory Ride): what the weather does
-- to a link's moves, its drift in the dark and a night camp. OUR
-- ADAPTATION of WRG 1973 (Phalanx says nothing of weather), one vignette
-- width = 100 paces:
--
--   sodden, snow  (phalanx.lua) 0.2 widths off every move; halved in snow
--   night         "all movement except evasion and rout to 60 paces": no
--                 move longer than 0.6 widths but evades (Phalanx has no rout
--                 move: a broken vignette leaves the table); follow-ups are
--                 the melee's result, not movement (as the WRG adapter reads
--                 push-backs)
--   wind          desert strong winds, troops other than arabs: a move may
--                 not end further upwind than it began (a heading within 90
--                 degrees of the wind's point gets no move; an evade or a
--                 retreat heads to the rear)
--   drift         "Troops moving without lights throw an appropriate dice
--                 each period, diverging 10 paces left if they score 1 or 2,
--                 right if 5 or 6": after its side's moves, each link that
--                 moved and touches no enemy slides 0.1 widths; a slide that
--                 would meet another base, leave the table or end on
--                 impassable ground is not made
--   camp          (modules/weather/adapted.lua) sleepers neither move nor
--                 shoot; regular = RA (IF, IA: barbarian); one game turn is
--                 one period, the look after the moves half a period on
local W = require("modules.weather")
local E = require("modules.weather.adapted")

local M = {}

local BACKWARDS = { evade = true, retreat = true }

-- The allowance (mm) after the night, the wind and the camp; `mv` already
-- after the ground (sodden, snow). g: the link; turn_deg: its turn; kind:
-- nil for an ordered move or charge, "evade", "retreat", "follow_up".
function M.allowance(G, mv, g, turn_deg, kind)
  if not g or kind == "follow_up" then return mv end
  local camp = G.weather_camp
  if camp then
    for j = 1, #g.ids do
      local uid = g.ids[j]
      if camp.asleep[uid] then return 0 end
      if camp.half and camp.half[uid] == G.turn then mv = mv / 2; break end
    end
  end
  local cap = E.night_cap(G, kind)
  if cap then mv = math.min(mv, cap / 100 * G.S.frontage) end
  if E.wind_bound(G, g.side) then
    local facing = G.pf[g.ids[1]] + (turn_deg or 0) + (BACKWARDS[kind] and 180 or 0)
    if E.heads_upwind(G, W.bearing(facing)) then return 0 end
  end
  return mv
end

-- Drift: after the phasing side's moves. `turn` is phalanx.turn.
function M.drift(G, side, turn)
  if not E.night(G) or E.sides(G).lights[side] then return end
  local step = W.DRIFT_PACES / 100 * G.S.frontage
  for _, gid in ipairs(G.sides[side].groups) do
    local g = G.groups[gid]
    local did = g.did and g.did.kind
    if #g.ids > 0 and (did == "move" or did == "charge" or did == "retreat") and (g.did.dist or 0) ~= 0
        and not turn.group_in_contact(G, g) then
      local first = G.D[g.ids[1]]
      local way, die = E.drift(G, side, first.name)
      if way then
        local f = G.pf[g.ids[1]]
        local a = math.rad(f)
        -- the base's right is (cos f, sin f) in the table's frame (axes: front (-sin f, cos f))
        local sign = way == "right" and 1 or -1
        local dx, dy = sign * math.cos(a) * step, sign * math.sin(a) * step
        local from, ok = {}, true
        for j = 1, #g.ids do
          local uid = g.ids[j]
          from[j] = { G.px[uid], G.py[uid], G.pf[uid] }
          local r = turn.move(G, uid, "slide", dx, dy, { ignore = g.ids })
          local d = G.D[uid]
          local _, impassable = G.T:under(G.px[uid], G.py[uid], G.pf[uid], d.w, d.d)
          if r.stopped_by ~= nil or math.abs((r.distance or 0) - step) > 0.01 or impassable then ok = false end
        end
        if ok then
          local member = {}
          for j = 1, #g.ids do member[g.ids[j]] = true end
          for j = 1, #g.ids do
            for _, q in ipairs(G.bf:query{ of = g.ids[j], within = 0.5 }) do
              if not member[q.id] then ok = false end
            end
          end
        end
        if not ok then
          for j = 1, #g.ids do turn.place(G, g.ids[j], from[j][1], from[j][2], from[j][3]) end
        else
          for j = 1, #g.ids do turn.record(G, g.ids[j], "drift") end
          if G.log then G.bf:log("drift", { units = g.ids, way = way, die = die }) end
          if G.report then
            G.report(string.format("    %s drifts %d paces %s in the dark (die %d; weather module, our adaptation)",
              first.name, W.DRIFT_PACES, way, die))
          end
        end
      end
    end
  end
end

-- The camp: set at the first weather phase; the alarm looked for at each
-- period's start (now = the turn) and after each side's moves (half a
-- period on); sleepers woken. Regular: RA.
local function regular(G) return function(uid) return G.D[uid].army_class == "RA" end end

function M.camp(G, after_moves)
  if not E.sides(G).camp then return end
  E.camp_set(G)
  local camp = E.camp_update(G, G.turn + (after_moves and 0.5 or 0), G.weather_mm, regular(G))
  if not camp then return end
  camp.half = camp.half or {}
  -- a sleeper whose time comes during this period is up, at half a move
  -- if it comes part-way through it
  for uid in pairs(E.camp_wake(G, G.turn, 1)) do camp.half[uid] = G.turn end
end

return M
