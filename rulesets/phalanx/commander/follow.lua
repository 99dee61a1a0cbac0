-- The default commander, following a friend: a link whose way ahead is
-- shut by a friend of its own side is ordered to follow that friend when
-- the friend is ordered forward the same turn (the orders are carried out
-- in the order given, so the friend goes first and opens the way). Part of
-- phalanx.ai (commander/base.lua).
--
-- READING of "what a sensible player does" (issue #13: "a warband sits
-- behind its own skirmishers for four turns"): he moves the front rank
-- and the rank behind it in the same turn; he does not leave a command
-- standing behind a friend because the friend has not moved yet. Before,
-- the commander planned every order from where the bases stood before any
-- of them moved, so a link behind a friend had "nothing to gain but a
-- turn" and got no order (at Isandlwana, seed 2, the Zulu loins behind
-- the chest and both horns behind their scouts stood for the whole battle
-- while the chest went on alone until the main battle line's cohesion
-- stopped it).
local setup = require("phalanx.setup")
local turn = require("phalanx.turn")
local ai = require("phalanx.commander.base")

local abs, min, max = math.abs, math.min, math.max
local pos = turn.pos

-- The friend (a unit of group g's side, not of g) nearest ahead in the
-- lane of group g after turning `a`, within `dist` plus the bases' depths,
-- and the gap to it (mm). The arithmetic of ai.free_ahead's friends part,
-- read straight from the mirror (no lists built: it is asked for every
-- link whose lane is shut, every turn).
function ai.blocker_ahead(G, g, a, dist)
  local best, best_gap
  local px, py, pf, D = G.px, G.py, G.pf, G.D
  local alive = G.alive[g.side]
  local gid = g.gid
  for j = 1, #g.ids do local uid = g.ids[j]
    local d = D[uid]
    local x, y, f = px[uid], py[uid], pf[uid]
    local fx, fy, rx, ry = setup.axes(f + a)
    for i = 1, #alive do local o = alive[i]
      local od = D[o]
      if od.gid ~= gid then
        local dx, dy = px[o] - x, py[o] - y
        local ahead = dx * fx + dy * fy
        if ahead > 0 and ahead < dist + d.d + od.r * 2 then
          local t = math.rad(pf[o] - (f + a))
          local co, sn = abs(math.cos(t)), abs(math.sin(t))
          local lat = dx * rx + dy * ry
          if abs(lat) < d.w / 2 + co * od.w / 2 + sn * od.d / 2 - 0.5 then
            local gap = max(0, ahead - d.d / 2 - (sn * od.w / 2 + co * od.d / 2) - 1)
            if not best_gap or gap < best_gap then best, best_gap = o, gap end
          end
        end
      end
    end
  end
  return best, best_gap
end

-- Making way: a candidate order (ai.activate's list, { order, score =
-- value per point, raw = value, cost, gid }) whose link is an advance
-- straight into a friend within its move lends its value to that
-- friend's candidate move (forward, not turning back), so that the
-- friend is bought first and the link can follow it (ai.follow_friends).
-- The link's own lane is asked of the battlefield first (bf:free_ahead,
-- one call); only a shut one is looked at further.
function ai.make_way(G, cands)
  local by_gid
  for j = 1, #cands do local c = cands[j]
    local o = c.order
    if o.pending and abs(o.turn or 0) < 20 then
      local g = G.groups[c.gid]
      local step = o.pending.step
      if step > 0 and G.bf:free_ahead(g.ids, o.turn or 0, step) < 0.75 * step then
        local b = ai.blocker_ahead(G, g, o.turn or 0, step)
        if b then
          if not by_gid then
            by_gid = {}
            for k = 1, #cands do by_gid[cands[k].gid] = cands[k] end
          end
          local bc = by_gid[G.D[b].gid]
          if bc and bc ~= c and bc.order.kind == "move" then
            bc.raw = bc.raw + c.raw
            bc.score = bc.raw / bc.cost
          end
        end
      end
    end
  end
end

-- Follow-up orders for the links left without one because a friend
-- shuts their way (`deferred`: { g =, pending = } from ai.activate), given
-- the orders already chosen (`out`, in the order they will be carried
-- out) and the points left; appended to `out`. Returns the points left.
-- A link follows only a friend whose link goes (nearly) straight ahead in
-- (nearly) the same heading, and only as far as that friend's move opens
-- the way, less a tenth of a frontage; its own allowance, the table's edge
-- and the main battle line's cohesion still bound it.
function ai.follow_friends(G, side, out, deferred, left)
  if #deferred == 0 or left < 1 then return left end
  local moving = {}
  for j = 1, #out do local o = out[j]
    if o.kind == "move" and (o.dist or 0) > 0 then moving[o.gid] = o end
  end
  local fr = G.S.frontage
  for k = 1, #deferred do local df = deferred[k]
    if left < 1 then break end
    local g, p = df.g, df.pending
    local b, gap = ai.blocker_ahead(G, g, 0, p.step)
    local bo = b and moving[G.D[b].gid]
    if bo and abs(bo.turn or 0) <= 15 and abs(turn.norm(G.pf[b] - G.pf[g.ids[1]])) <= 20 then
      local step = min(p.step, gap + bo.dist - 0.1 * fr)
      step = min(step, ai.edge_room(G, g, 0, step))
      if step >= 0.25 * fr then step = ai.cohesion_allows(G, g, step) end
      if step >= 0.25 * fr then
        local order = { gid = g.gid, kind = "move", turn = 0, dist = step, detach = p.detach, follows = bo.gid }
        local cost = turn.activation_cost(G, g, order)
        if cost <= left then
          out[#out + 1] = order
          left = left - cost
          moving[g.gid] = order     -- a link behind this one may follow it in turn
          ai.remember_move(G, g, order)
        end
      end
    end
  end
  return left
end

return ai
