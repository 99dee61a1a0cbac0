-- WRG 1973 Appendix IV, MOSLEM SAINTS and WARRIOR SAINT, in a ruleset
-- without them (our adaptation):
--   "they add 3 to the reaction totals of all troops of their own side
--   within 150 paces"; a warrior saint's "influence on other troops
--   reaction ... equivalent to those of a rash general" (READING WRG's +1
--   for a rash General near, within 150 paces): d.fx_exhort, the sum, set
--   at the period's start; the host's test reads it
--   "Should one come within 100 paces of a Christian saint, the two will
--   home on each other and indulge in a heated theological discussion with
--   their staves ... the controversy lasting until one is promoted to be a
--   Martyr. If the winner is wounded, he must then remain where he is
--   praying for the rest of the battle." READING: saints of opposing sides;
--   each homes on the other as the host's loss of control
--   (host.out_of_control, as elf_haters.lua); "wounded": host.wounds(G,
--   uid) rose during the discussion.
local S = require("modules.fantasy.states")
local Z = require("modules.fantasy.zones")
local K = require("modules.fantasy.adapted.common")

local M = {}

M.EXHORT = Z.KINDS.exhortation.radius   -- 150
M.RASH = 150
M.DISCUSSION = 100

local function christian(d) return K.has(d, "saint") and not K.has(d, "moslem_saint") end

function M.period(G)
  local host = K.host(G)
  for _, uid in ipairs(host.units(G)) do
    local d = G.D[uid]
    local add = 0
    if K.live(G, uid) then
      for _, m in ipairs(K.near(G, uid, "exhorts_own", M.EXHORT, d.side)) do if m ~= uid then add = add + 3; break end end
      if not K.has(d, "rash_general") then
        for _, w in ipairs(K.near(G, uid, "rash_general", M.RASH, d.side)) do if w ~= uid then add = add + 1; break end end
      end
    end
    d.fx_exhort = add ~= 0 and add or nil
  end
  -- discussions begin
  for _, uid in ipairs(K.with_trait(G, "moslem_saint")) do
    local d = G.D[uid]
    if not d.fx_discussing then
      for _, other in ipairs(K.near(G, uid, "saint", M.DISCUSSION)) do
        local o = G.D[other]
        if o.side ~= d.side and christian(o) and not o.fx_discussing then
          d.fx_discussing, o.fx_discussing = other, uid
          d.fx_wounds0, o.fx_wounds0 = host.wounds(G, uid), host.wounds(G, other)
          K.say(G, "  %s and %s home on each other for a heated theological discussion! (%s)", d.name, o.name, K.label(G))
          K.log(G, "fantasy", { what = "theological_discussion", unit = uid, target = other })
          break
        end
      end
    end
  end
  -- and end when one is a martyr
  for _, uid in ipairs(K.with_trait(G, "saint")) do
    local d = G.D[uid]
    local other = d.fx_discussing
    if other and not K.live(G, other) then
      d.fx_discussing = nil
      if host.wounds(G, uid) > (d.fx_wounds0 or 0) then
        K.set_state(G, uid, "praying")
        K.say(G, "  %s wins the argument, wounded: he remains where he is, praying.", d.name)
      end
    end
  end
end

-- The saint uid homes on (nil: none).
function M.homes_on(G, uid)
  local other = G.D[uid].fx_discussing
  if other and K.live(G, other) and not S.flag(G.D[uid].fx, "no_move") then return other end
  return nil
end

return M
