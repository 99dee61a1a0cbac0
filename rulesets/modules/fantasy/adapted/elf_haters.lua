-- WRG 1973 Appendix IV in a ruleset without it (our adaptation): DRAGONS
-- "having heard that elves have pots of it concealed at the ends of
-- rainbows, they will always go out of control and charge any in reach";
-- DWARVES "If elves oppose them, they will go out of control and charge
-- them." READING: a unit with the trait `hates_elves` that has an enemy elf
-- unit within its charge reach (the host's) charges the nearest one, whatever
-- its commander wants (the host plays the charge as its own loss of
-- control: historicon/battle.lua, phalanx/battle.lua); a dragon in the air
-- lands for it first (where it cannot land, it flies on).
local S = require("modules.fantasy.states")
local F = require("modules.fantasy.flying")
local K = require("modules.fantasy.adapted.common")

local M = {}

-- The enemy elf unit uid charges now, or nil.
function M.quarry(G, uid)
  local d = G.D[uid]
  if not K.has(d, "hates_elves") or not K.live(G, uid) or S.flag(d.fx, "no_move") then return nil end
  for _, q in ipairs(G.bf:query{ of = uid, within = K.host(G).charge_reach(G, uid), enemy = true }) do
    if K.live(G, q.id) and K.has(G.D[q.id], "elf") and not F.airborne(G.D[q.id]) then return q.id end
  end
  return nil
end

-- The unit goes out of control at `elf` (said and logged); false when it
-- cannot (a dragon that cannot land where it is).
function M.goes_out_of_control(G, uid, elf)
  local d = G.D[uid]
  if F.airborne(d) then
    if not F.land(G.bf, uid, d, G.D) then return false end
    if K.host(G).moved then K.host(G).moved(G, uid) end
  end
  K.say(G, "  %s sees elves within reach and goes out of control at %s! (%s)", d.name, K.name(G, elf), K.label(G))
  K.log(G, "fantasy", { what = "out_of_control_at_elves", unit = uid, target = elf })
  return true
end

return M
