-- A magician's plan (our adaptation; a commander's sense, not a rule of
-- Appendix IV): where a magician goes so that he can cast. The appendix
-- lets him cast "at any individual or unit within 100 paces" at the start
-- of a period, "No spells will work within 100 paces of" a saint, and a
-- magician who never comes within 100 paces of a target never casts (in
-- seeds 1-50 of the shipped scenarios: 10 spells in Historicon, 23 in
-- Phalanx, while the host's commanders moved him as any heavy foot). The
-- adapters wrap their host's default commander with this
-- (historicon/battle.lua wraps historicon.ai's plan, phalanx/battle.lua
-- phalanx.ai's activation); no file of the commanders changes.
--
-- The goal: the worthwhile target (an enemy he may cast at: live, on the
-- table, out of every zone of sanctity, not stone) that is nearest once a
-- mythical beast or a hostile magician counts 100 paces nearer (spell 10
-- rids the field of either: the default magician's first choice). He
-- closes to CLOSE paces of it (inside his reach with room for the target's
-- own move before the next period's casting) and holds there, out of
-- every zone of sanctity (his own side's saint's too).
local S = require("modules.fantasy.states")
local K = require("modules.fantasy.adapted.common")
local saints = require("modules.fantasy.adapted.saints")
local magic = require("modules.fantasy.magic")

local M = {}

M.CLOSE = 70          -- paces from the target's edge he closes to
M.PRIZE = 100         -- paces: how much nearer a beast or magician counts
M.MARGIN = 10         -- paces he keeps clear of a zone of sanctity's edge

local function worthwhile(G, uid)
  local t = G.D[uid]
  return K.live(G, uid) and not saints.in_sanctity(G, uid) and not S.flag(t.fx, "immune")
end

-- The magician's goal: { target = uid, advance = mm } (advance 0: hold,
-- he is where he can cast), or nil when no enemy is worth a spell.
function M.goal(G, uid)
  local best, best_score, best_dist
  for _, q in ipairs(G.bf:query{ of = uid, within = 1e9, enemy = true }) do
    if worthwhile(G, q.id) then
      local t = G.D[q.id]
      local score = q.distance
      if K.has(t, "mythical") or K.has(t, "magician") then score = score - K.mm(G, M.PRIZE) end
      if not best_score or score < best_score then best, best_score, best_dist = q.id, score, q.distance end
    end
  end
  if not best then return nil end
  -- already within his reach, and out of every zone of sanctity: he holds
  if best_dist <= K.mm(G, magic.RANGE) and not saints.in_sanctity(G, uid) then
    return { target = best, advance = 0, distance = best_dist }
  end
  local mx, my = G.bf:pos(uid)
  local tx, ty = G.bf:pos(best)
  local len = math.max(1e-9, math.sqrt((tx - mx) ^ 2 + (ty - my) ^ 2))
  local go = math.max(0, best_dist - K.mm(G, M.CLOSE))
  local px, py = mx + (tx - mx) * go / len, my + (ty - my) * go / len
  -- "No spells will work within 100 paces of" a saint (his own side's
  -- too): the point is pushed out of every zone it falls in, straight away
  -- from that saint (a saint walking beside him kept him from casting
  -- all battle)
  local me = G.bf:unit(uid)
  for _, s in ipairs(K.with_trait(G, "sanctity")) do
    local sx, sy = G.bf:pos(s)
    local su = G.bf:unit(s)
    local r = K.mm(G, saints.SANCTITY) + math.max(su.width, su.depth) / 2 + math.max(me.width, me.depth) / 2 + K.mm(G, M.MARGIN)
    local dx, dy = px - sx, py - sy
    local d = math.sqrt(dx * dx + dy * dy)
    if d < r then
      if d < 1e-6 then dx, dy, d = -(ty - my), tx - mx, len end
      px, py = sx + dx / d * r, sy + dy / d * r
    end
  end
  local advance = math.sqrt((px - mx) ^ 2 + (py - my) ^ 2)
  return { target = best, advance = advance, distance = best_dist, x = px, y = py }
end

-- A saint whose zone of sanctity holds a magician of his own side (live,
-- able to cast but for the saint) stands this move, so that the magician
-- can walk out of it (a saint at his side, keeping pace, kept the Grey
-- Wizard from casting in 49 of 50 Historicon battles).
function M.saint_stands(G, uid)
  local d = G.D[uid]
  if not K.has(d, "sanctity") then return false end
  for _, m in ipairs(K.near(G, uid, "magician", saints.SANCTITY, d.side)) do
    if magic.may_cast(G.D[m].fx) then return true end
  end
  return false
end

return M
