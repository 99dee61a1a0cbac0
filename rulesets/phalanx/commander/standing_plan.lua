-- The default commander, its standing plan: a far link's advance is priced
-- once and kept while its situation stands (issue #13, fifth round: "a
-- commander that plans once and revises: it keeps its plan between player
-- turns and revises only what changed, instead of pricing every link every
-- turn"). Part of phalanx.ai (commander/base.lua).
--
-- What is kept. For a link with no enemy within two of its moves whose best
-- order was an advance on its objective (commander/orders.lua, best_order),
-- the order and its score as they were priced, with where the link stood.
--
-- When it is revised (priced afresh, as before this file):
--   - the link turned since, or an order of ours moved it (it was bought,
--     or given an initiative 7+'s free order): its way, its lane and its
--     distances are new. A link the initiative table moved without turning
--     it (a retreat, lining up on a neighbour) keeps its price: it still
--     marches on the same objective, and the advance bought is planned
--     from where it stands (bench: 4.126 -> 4.078 M instructions a
--     battle-turn, the quality figures within their noise);
--   - an enemy it knows of came within two of its moves (a charge, a
--     threat, a stop short are now in question);
--   - its objective was broken or lost to sight;
--   - it has kept the price for KEEP_TURNS of its side's turns (the side's
--     line, on which the score's "keep the line" term reads, has moved on);
--   - it is the reserve, or an order other than an advance (those are
--     decided afresh every turn: commander/reserve.lua).
-- READING of "what a sensible player does": he does not re-appraise every
-- command on the field each turn; the commands far from the enemy keep
-- their marching orders until something reaches them. The price a kept
-- advance carries is last turn's; the way it takes is planned afresh when
-- the points buy it (finish_advance, from where the link stands).
--
-- Measured (bench, callgrind, `sim -n 50` minus `-n 10` over 40) and the
-- quality figures before and after: docs/rulesets/phalanx.md "Fifth round",
-- docs/performance.md "Session eight: Phalanx commander".
local turn = require("phalanx.turn")
local ai = require("phalanx.commander.base")
local sighting = require("lib.sighting")   -- the enemies the side has seen (weather module)

local KEEP_TURNS = 3      -- of its side's turns a kept price is reused at most

local function kept_of(G, side)
  local p = ai.plan_of(G, side)
  local k = p.kept
  if not k then k = {}; p.kept = k end
  return k
end

-- The kept price of group g's advance, or nil when it must be priced afresh
-- (the list above). Returns a fresh order table (the engine and
-- finish_advance may annotate it) and its score.
function ai.kept_price(G, g)
  local k = kept_of(G, g.side)[g.gid]
  if not k then return nil end
  local uid = g.ids[1]
  if k.uid ~= uid or k.n ~= #g.ids or k.uses >= KEEP_TURNS or k.pturn >= G.pturn
      or k.pturn < G.pturn - 2 * KEEP_TURNS then return nil end
  local x, y, f = turn.pos(G, uid)
  if f ~= k.f then return nil end
  if x ~= k.x or y ~= k.y then
    -- moved without turning: kept only when no order of ours moved it (the
    -- initiative table's moves: retreats, lining up on a neighbour)
    local last = ai.plan_of(G, g.side).last[g.gid]
    if last and last.pturn >= k.pturn then return nil end
  end
  local e = k.objective
  local ed = e and G.D[e]
  if not ed or ed.broken or G.px[e] == nil or not sighting.knows(G, g.side, e) then return nil end
  if ai.plan_of(G, g.side).objective[g.gid] ~= e then return nil end
  -- an enemy within two of its moves: priced afresh (the same question
  -- best_order asks first; the move is the one it was priced with, a
  -- bound for the question: the terrain under a link the initiative table
  -- moved may differ)
  if sighting.nearest_known(G, g.ids, 3 - g.side, 2 * k.mv) then return nil end
  k.uses, k.pturn = k.uses + 1, G.pturn
  local o = k.order
  return { gid = o.gid, kind = o.kind, turn = o.turn, dist = o.dist, detach = o.detach, pending = o.pending }, k.score
end

-- Keeps group g's freshly priced order when it is a far advance (best_order
-- marks it `far`); forgets any kept price otherwise. (Its activation cost is
-- not kept: ai.activate asks it afresh, since it reads where the General
-- stands now.)
function ai.keep_price(G, g, order, score)
  local kept = kept_of(G, g.side)
  local pending = order and order.pending
  if not (pending and pending.far and not pending.reserve and not pending.detach) then
    kept[g.gid] = nil
    return
  end
  local uid = g.ids[1]
  local x, y, f = turn.pos(G, uid)
  kept[g.gid] = { uid = uid, n = #g.ids, x = x, y = y, f = f, pturn = G.pturn, uses = 0,
    objective = ai.plan_of(G, g.side).objective[g.gid], mv = pending.mv,
    order = order, score = score }
end

return ai
