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
-- own move before the next period's casting) and holds there.
local S = require("modules.fantasy.states")
local K = require("modules.fantasy.adapted.common")
local saints = require("modules.fantasy.adapted.saints")
local magic = require("modules.fantasy.magic")

local M = {}

M.CLOSE = 70          -- paces from the target's edge he closes to
M.PRIZE = 100         -- paces: how much nearer a beast or magician counts

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
  local advance = math.max(0, best_dist - K.mm(G, M.CLOSE))
  -- already within his reach, and out of every zone of sanctity: he holds
  if best_dist <= K.mm(G, magic.RANGE) and not saints.in_sanctity(G, uid) then advance = 0 end
  return { target = best, advance = advance, distance = best_dist }
end

return M
