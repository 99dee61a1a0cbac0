-- WRG 1973 Appendix IV, BASILISK, in a ruleset without it (our
-- adaptation): "can keep one hostile figure turned to stone for as long as
-- it looks at it." READING: at the start of each period every basilisk
-- unit that may fight looks at the nearest enemy unit in its front (45
-- degrees either side) within 100 paces, not stone, not in the air; that
-- unit has host.gaze_figures(G, basilisk) figures held in stone (d.fx_gazed,
-- summed over the basilisks looking at it) until the next period's start,
-- when the gaze is looked again. What held figures cost the target is the
-- host's (its modifiers read d.fx_gazed): Historicon, a melee and a
-- shooting die each; Phalanx, -1 on the vignette's combat factor.
local S = require("modules.fantasy.states")
local F = require("modules.fantasy.flying")
local K = require("modules.fantasy.adapted.common")

local M = {}

M.REACH = 100   -- READING: the appendix gives no range; a spell's 100 paces
M.ARC = 45

function M.period(G)
  local host = K.host(G)
  for _, uid in ipairs(host.units(G)) do G.D[uid].fx_gazed = nil end
  for _, uid in ipairs(K.with_trait(G, "petrifying_gaze")) do
    local d = G.D[uid]
    if not S.flag(d.fx, "no_fight") then
      for _, q in ipairs(G.bf:query{ of = uid, within = K.mm(G, M.REACH), enemy = true, arc = M.ARC }) do
        local t = G.D[q.id]
        if K.live(G, q.id) and not S.flag(t.fx, "immune") and not F.airborne(t) then
          local n = host.gaze_figures(G, uid)
          t.fx_gazed = (t.fx_gazed or 0) + n
          K.say(G, "  %s looks at %s: %d figure(s) held in stone while it looks (%s).", d.name, t.name, n, K.label(G))
          K.log(G, "fantasy", { what = "basilisk_gaze", unit = uid, target = q.id, figures = n })
          break
        end
      end
    end
  end
end

return M
