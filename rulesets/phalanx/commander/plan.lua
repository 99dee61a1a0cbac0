-- The default commander, its plan: what a player decides once and keeps
-- from turn to turn rather than working out afresh each turn (issue #13).
-- Part of phalanx.ai (commander/base.lua).
--
--   objectives   each link marches on an objective, an enemy vignette,
--                chosen once (the enemy most nearly ahead of it and near,
--                spread over the enemy's links: a link already the
--                objective of one of ours counts a frontage farther for
--                each) and kept until it is broken or an enemy half as far
--                comes within two of the link's moves. READING of "what a
--                sensible player does": he gives each of his commands a
--                part of the enemy line to go for and does not swing them
--                from one target to the next as the nearest changes (the
--                Isandlwana chest swung +-45 degrees a turn chasing the
--                nearest enemy); and he engages the whole enemy line, not
--                the one enemy nearest to every link.
--   no swinging  a link is not ordered to turn back (15 degrees or more the
--   back         other way) the turn its order of one of its side's last
--                two turns made: it goes straight on or stands. READING of
--                "a sensible player" (as the Hinds commander's): he does not
--                wheel a command to and fro between two headings as the
--                nearest enemy or the way round a friend changes (in 30
--                Gaugamela battles, links swung +-45 degrees on successive
--                orders in 22).
--   blocked      a link whose last paid move left it where it was (a
--                friend, terrain or the line's cohesion in the way) is not
--                paid to make the same move again: the next order turns
--                it round the obstacle or it is not given (one link "moved
--                0 mm, stopped by" a friend 11 turns running).
--
-- The plan lives in G.ai_plan[side] (per battle; nothing is shared between
-- battles). ai.known_enemies is the one place the commander lists the
-- enemies it knows of (a sighting rule narrows it there).
local turn = require("phalanx.turn")
local setup = require("phalanx.setup")
local ai = require("phalanx.commander.base")
local sighting = require("lib.sighting")   -- the enemies the side has seen (weather module)

local abs, max = math.abs, math.max
local pos = turn.pos
local SPREAD = 0

-- The enemy vignettes side `side` knows of: every enemy on the table. The
-- one list the commander plans from (objectives); a sighting rule narrows
-- it here. (The orders' charge scan, threat check and stop-short ask the
-- battlefield for enemies within one or two moves of a link, turn.near and
-- turn.nearest_enemy in commander/orders.lua: enemies that close are seen.)
function ai.known_enemies(G, side)
  if G.sighting then return sighting.known_enemies(G, side) end   -- hook: the weather module's side's view
  return G.alive[3 - side]
end

local function plan_of(G, side)
  local plans = G.ai_plan
  if not plans then plans = {}; G.ai_plan = plans end
  local p = plans[side]
  if not p then
    p = { objective = {}, load = {}, last = {}, swing = {} }
    plans[side] = p
  end
  return p
end
ai.plan_of = plan_of

local function valid(G, e)
  local d = e and G.D[e]
  return d and not d.broken and G.px[e] ~= nil
end

-- The middle of group g (its first member's centre for a single base).
local function middle(G, g)
  local n = #g.ids
  if n == 1 then return pos(G, g.ids[1]) end
  local sx, sy = 0, 0
  for j = 1, n do local uid = g.ids[j]; sx, sy = sx + G.px[uid], sy + G.py[uid] end
  return sx / n, sy / n, G.pf[g.ids[1]]
end

-- Chooses group g's objective: the known enemy with the least cost, the
-- distance between centres weighted by how far off the link's front it
-- lies (up to 1.5x straight behind), plus a frontage for each of our links
-- already going for that enemy's link.
local function choose(G, g, p)
  local x, y, f = middle(G, g)
  local fx, fy = setup.axes(f)
  local fr = G.S.frontage
  local best, best_c
  local enemies = ai.known_enemies(G, g.side)
  for i = 1, #enemies do local e = enemies[i]
    if valid(G, e) then
      local dx, dy = G.px[e] - x, G.py[e] - y
      local dist = math.sqrt(dx * dx + dy * dy)
      local c = dist > 0 and (dx * fx + dy * fy) / dist or 1
      local cost = dist * (1 + 0.25 * (1 - c)) + SPREAD * fr * (p.load[G.D[e].gid] or 0)
      if not best_c or cost < best_c - 1e-9 or (abs(cost - best_c) <= 1e-9 and e < best) then best, best_c = e, cost end
    end
  end
  return best
end

local function assign(G, g, p, e)
  local old = p.objective[g.gid]
  if old and G.D[old] then
    local og = G.D[old].gid
    p.load[og] = max(0, (p.load[og] or 1) - 1)
  end
  p.objective[g.gid] = e
  if e then
    local eg = G.D[e].gid
    p.load[eg] = (p.load[eg] or 0) + 1
  end
end

-- Group g's objective and the distance to it (edge to edge): kept from the
-- plan, revised when broken or when an enemy within two moves is less than
-- half as far. n, nd: the nearest enemy within two of the link's moves and
-- its distance (turn.nearest_enemy; nil when none). Returns nil when the
-- enemy is gone.
function ai.objective(G, g, n, nd)
  local p = plan_of(G, g.side)
  local e = p.objective[g.gid]
  if not valid(G, e) or not sighting.knows(G, g.side, e) then   -- hook: an objective lost to sight is dropped
    e = choose(G, g, p)
    assign(G, g, p, e)
    if not e then return nil end
  end
  local ed = G.bf:distance(g.ids[1], e)
  for j = 2, #g.ids do local dd = G.bf:distance(g.ids[j], e); if dd < ed then ed = dd end end
  if n and n ~= e and nd < 0.5 * ed then
    assign(G, g, p, n)
    return n, nd
  end
  return e, ed
end

local BLOCKED_TURNS = 10   -- player turns (five of its side's)

-- Whether group g's last paid move left it where it was: the plan keeps
-- where its first vignette stood when the move was ordered.
function ai.blocked(G, g)
  local p = plan_of(G, g.side)
  local last = p.last[g.gid]
  if not last then return false end
  local uid = g.ids[1]
  -- (remembered for five of its side's turns, not one: a link that got no
  -- order the turn after was paid again the turn after that, and again:
  -- Leipzig, seed 7, Rayevsky's grenadiers moved 0 mm behind their own
  -- battery in four orders of alternate turns; the referee's
  -- stuck-behind-friend)
  if last.uid ~= uid or last.pturn >= G.pturn or last.pturn < G.pturn - BLOCKED_TURNS then return false end
  local x, y, f = pos(G, uid)
  return abs(x - last.x) < 1 and abs(y - last.y) < 1 and abs(turn.norm(f - last.f)) < 1, last
end

-- Whether turning group g `want` degrees would swing it back: an order of
-- one of its side's last two turns (a move, a charge or an initiative 7+'s
-- free order) turned it 15 degrees or more the other way.
-- Charges count (issue #13, fourth round): the 17th Lancers at Isandlwana
-- (seed 5) charged turning -45 degrees, were ordered on turning +90 the
-- next turn, charged again at -45, and the referee counted a facing
-- swung back and forth three turns running; the plan remembered only
-- paid moves, so the move that swung back was not seen as one.
local SWING = 15
function ai.swings_back(G, g, want)
  if abs(want) < SWING then return false end
  local last = plan_of(G, g.side).swing[g.gid]
  if not last or last.uid ~= g.ids[1] or last.pturn < G.pturn - 4 then return false end
  if abs(last.turn) >= SWING and last.turn * want < 0 then return true end
  -- what its facing did since (the order's turn and any lining up on the
  -- way: Isandlwana, seed 95, a Zulu horn ordered 11 degrees was lined up
  -- 34 more, then ordered 45 back)
  local _, _, f = pos(G, g.ids[1])
  local moved = turn.norm(f - last.f)
  return abs(moved) >= SWING and moved * want < 0
end

-- Remembers the turn an order of group g made (for ai.swings_back): its
-- last order that turned 15 degrees or more, or went straight on, wins.
function ai.remember_turn(G, g, turned)
  local p = plan_of(G, g.side)
  local sw = p.swing[g.gid]
  if not sw then sw = {}; p.swing[g.gid] = sw end
  local _, _, f = pos(G, g.ids[1])
  sw.uid, sw.turn, sw.pturn, sw.f = g.ids[1], turned or 0, G.pturn, f
end

-- Remembers a paid move of group g (for ai.blocked and ai.swings_back).
function ai.remember_move(G, g, order)
  local p = plan_of(G, g.side)
  local uid = g.ids[1]
  local x, y, f = pos(G, uid)
  local last = p.last[g.gid]
  if not last then last = {}; p.last[g.gid] = last end
  last.uid, last.x, last.y, last.f, last.turn, last.pturn = uid, x, y, f, order.turn or 0, G.pturn
  ai.remember_turn(G, g, order.turn)
end

return ai
