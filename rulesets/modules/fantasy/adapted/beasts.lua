-- WRG 1973 Appendix IV's creatures beyond their "counts as" terms, in a
-- ruleset without them (our adaptation): DEMONS (materialisation), ENTS
-- (roused), TROLLS (stone; the host says which of its results is "halt 2
-- periods"), stone and who breaks it (GIANTS, TROLLS).
local S = require("modules.fantasy.states")
local Z = require("modules.fantasy.zones")
local K = require("modules.fantasy.adapted.common")

local M = {}

M.DEMON_REACH = Z.KINDS.materialisation.radius   -- "an operative black magician within 100 paces"
M.ENT_WOOD = 100   -- READING: "until enemies come within 100 paces of their wood": of the ents

-- DEMONS: "They cannot maintain materialisation without an operative black
-- magician within 100 paces, and will leave permanently for the 12th plane
-- when deprived of one." Operative: live and not a frog.
function M.demons(G)
  for _, uid in ipairs(K.with_trait(G, "demon")) do
    local d = G.D[uid]
    if not M.materialised(G, uid) then
      K.say(G, "  %s leave permanently for the 12th plane: no black magician within 100 paces (%s).", d.name, K.label(G))
      K.log(G, "fantasy", { what = "demons_dematerialise", unit = uid })
      K.host(G).remove(G, uid, "gone to the 12th plane (no black magician within 100 paces)")
    end
  end
end

-- Whether a demon has an operative black magician of its side within 100
-- paces.
function M.materialised(G, uid)
  for _, m in ipairs(K.near(G, uid, "black_magician", M.DEMON_REACH, G.D[uid].side)) do
    if not S.has(G.D[m].fx, "frog") then return true end
  end
  return false
end

-- ENTS: "Unless roused, Ents will just stand around near their wood until
-- enemies come within 100 paces". READING: roused for good when an enemy
-- first comes within 100 paces of them; until then they hold.
function M.ents_hold(G, uid)
  local d = G.D[uid]
  if not K.has(d, "ent") or d.fx_roused then return false end
  for _, q in ipairs(G.bf:query{ of = uid, within = K.mm(G, M.ENT_WOOD), enemy = true }) do
    if K.live(G, q.id) then
      d.fx_roused = true
      K.say(G, "  %s are roused by the enemy within 100 paces (%s).", d.name, K.label(G))
      K.log(G, "fantasy", { what = "ents_roused", unit = uid })
      return false
    end
  end
  return true
end

-- TROLLS: "If such a unit gets a "halt 2 periods" reaction result ... the
-- unit has turned permanently to stone." The host calls this on its result
-- that stands for "halt 2 periods"; returns true when the trolls are stone.
function M.turn_to_stone(G, uid)
  local d = G.D[uid]
  if not K.has(d, "turns_to_stone") then return false end
  K.say(G, "  %s: the spells against daylight break down -- turned permanently to stone! (%s)", d.name, K.label(G))
  K.log(G, "fantasy", { what = "trolls_turn_to_stone", unit = uid })
  K.set_state(G, uid, "stone")
  K.host(G).stone(G, uid)
  return true
end

-- Spell 3: "cannot be damaged except by Giants, Trolls, or stone-throwing
-- engines" (a stone-throwing engine: a creature with the trait too).
function M.breaks_stone(G, by)
  return K.has(G.D[by], "breaks_stone")
end

return M
