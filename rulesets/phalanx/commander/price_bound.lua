-- The default commander, a cheap bound on a link's order (issue #13,
-- session eleven: "the commander prices a link cheaply first ... and prices
-- fully only the links whose bound could beat what the turn's points will
-- buy"). Part of phalanx.ai (commander/base.lua).
--
-- ai.activate (commander/orders.lua) spends its points on the orders of
-- most value per point. Pricing a link's order (best_order: its charges,
-- its objective, its way ahead) is the dear part of a turn, and on average
-- the points buy 2.2 of the 5.6 links priced (bench, 20 battles). So each
-- link first gets an upper bound on the value best_order can give it, from
-- one proximity query; the links are priced in order of bound per point
-- and bought in order of value per point, and a link is priced only while
-- its bound per point could still beat the best order priced and not yet
-- tried. The points run out before the far links of low bound are reached.
--
-- The bound, read off best_order's scores (commander/orders.lua):
--   - an enemy (known or not) within two of the link's good-going moves:
--     no bound (a charge's value, 10 + 3 x its estimate + links, has none
--     cheaply); priced whenever its turn comes;
--   - none: no charge (best_order charges only an enemy within one move),
--     no threat, no stop short. Its order is then an advance on its
--     objective, 3 + links + (6 - distance to it in frontages, at least 0)
--     + the line term (the side's average front less its own, in frontages,
--     within +-1) - 1 when not MBL (the reserve scores 2 less); a hold of a
--     shooter, 3 + links; a rally, 5; a hold when halted, 6. With no enemy
--     within two moves the objective's distance is what ai.objective gives
--     (commander/plan.lua: the plan's objective while it stands, edge to
--     edge from the nearest member), worked out here the same way; when it
--     must be chosen afresh, at least the nearest enemy's. The line term is
--     worked out as best_order does. So the bound is
--     max(6, 3 + links, 3 + links + max(0, 6 - distance / frontage) + line
--     - (not MBL)): the advance's own score unless the link is the reserve.
-- No bound either (priced always, as before) when something else scores
-- the order: a commander variant's rescore (commander/engage_all.lua) or the
-- weather module's blind advance (G.weather_blind).
--
-- The move's upper bound is the good-going allowance (turn.group_rates);
-- the weather module may change a move (G.weather_move), so with it the
-- link's own allowance is asked (turn.allowances, exact).
local turn = require("phalanx.turn")
local ai = require("phalanx.commander.base")
local sighting = require("lib.sighting")   -- the enemies the side has seen (weather module)

local max, min = math.max, math.min
local FAR = ai.FAR

-- An upper bound on the score best_order gives group g (FAR: no bound).
function ai.price_bound(G, g)
  local sd0 = G.sides[g.side]
  if (sd0.style and sd0.style.rescore) or G.weather_blind then return FAR end
  local ids = g.ids
  local n = #ids
  if n == 0 then return FAR end
  local mv
  if G.weather_move then mv = turn.allowances(G, g, 0)
  else mv = turn.group_rates(G, g, false) end
  local fr = G.S.frontage
  local reach = 2 * mv
  local within = max(6 * fr, reach) + 1
  local e, dist = G.bf:nearest(ids, 3 - g.side, within)
  -- within two moves (and a millimetre for rounding): a charge may be in question
  if e and dist <= reach + 1 then return FAR end
  if not e then dist = within end
  local side = g.side
  local obj = ai.plan_of(G, side).objective[g.gid]
  local od = obj and G.D[obj]
  if od and not od.broken and G.px[obj] ~= nil and sighting.knows(G, side, obj) then   -- hook: as ai.objective
    local bf = G.bf
    dist = bf:distance(ids[1], obj)
    for j = 2, n do local dd = bf:distance(ids[j], obj); if dd < dist then dist = dd end end
  end
  local b = 3 + n + max(0, 6 - dist / fr)
  local sd = G.sides[side]
  local y = G.py[ids[1]]
  local avg = sd.avg_front or y
  local fwd = sd.edge == "south" and 1 or -1
  b = b + max(-1, min(1, (avg - y) * fwd / fr))
  if not G.D[ids[1]].mbl then b = b - 1 end
  b = max(b, 3 + n)
  return max(6, b) + 1e-9
end

return ai
