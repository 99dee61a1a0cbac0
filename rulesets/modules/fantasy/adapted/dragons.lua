-- WRG 1973 Appendix IV, DRAGONS, beyond flight and flame, in a ruleset
-- without them (our adaptation; the host says what "kill an elephant",
-- "disorganised" and "no orders" are in its terms: historicon/battle.lua,
-- phalanx/battle.lua):
--   appetite   "inordinately fond of elephants, even their own sides, and
--              will attack and kill any that come within 100 paces. They
--              will then take one period to eat them, then snooze for 2
--              periods, not waking even if attacked."
--   dread      "Dragons have the same reaction and disorganisation effects
--              on elephants as do elephants on horses": enemy elephants
--              within 150 paces are abashed (d.fx_dread, read by the host's
--              test), elephants in contact with a dragon disorganised
--   forgetting "will stick to their first order until they forget it":
--              READING, one die at the start of each period after the
--              first, a 1 and the dragon has forgotten for good (d.fx_forgot;
--              the host says what a dragon without orders does)
local S = require("modules.fantasy.states")
local F = require("modules.fantasy.flying")
local K = require("modules.fantasy.adapted.common")

local M = {}

M.ELEPHANT_REACH = 100   -- "any that come within 100 paces"
M.DREAD = 150            -- WRG's reaction distance for "elephants on horses"

-- DRAGONS' appetite: a dragon that ate last period snoozes now; a dragon
-- free to move kills the nearest elephant unit's elephant within 100 paces
-- (any side), landing for it, and eats a period.
local function appetite(G, uid)
  local d = G.D[uid]
  local host = K.host(G)
  if d.fx_ate and not S.has(d.fx, "eating") then
    d.fx_ate = nil
    K.set_state(G, uid, "snoozing", 2)
    return
  end
  if S.flag(d.fx, "no_move") then return end
  for _, q in ipairs(G.bf:query{ of = uid, within = K.mm(G, M.ELEPHANT_REACH) }) do
    if q.id ~= uid and K.live(G, q.id) and host.is_elephant(G, q.id) then
      if F.airborne(d) and not F.land(G.bf, uid, d, G.D) then return end
      if host.moved then host.moved(G, uid) end
      K.say(G, "  %s swoops on the elephants of %s and kills one! (%s)", d.name, K.name(G, q.id), K.label(G))
      K.log(G, "fantasy", { what = "dragon_eats_elephant", unit = uid, target = q.id })
      host.kill_elephant(G, uid, q.id)
      K.set_state(G, uid, "eating", 1)
      d.fx_ate = true
      return
    end
  end
end

local function forgetting(G, uid)
  local d = G.D[uid]
  if d.fx_forgot or G.turn <= 1 then return end
  if G.dice:roll(6, "fantasy: does " .. d.name .. " forget its orders") == 1 then
    d.fx_forgot = true
    K.say(G, "  %s forgets its orders (%s).", d.name, K.label(G))
    K.log(G, "fantasy", { what = "dragon_forgets", unit = uid })
  end
end

local function dread(G)
  local host = K.host(G)
  for _, uid in ipairs(host.units(G)) do G.D[uid].fx_dread = nil end
  for _, uid in ipairs(K.with_trait(G, "frightens_elephants")) do
    local side = G.D[uid].side
    for _, q in ipairs(G.bf:query{ of = uid, within = K.mm(G, M.DREAD), enemy = true }) do
      if K.live(G, q.id) and host.is_elephant(G, q.id) and G.D[q.id].side ~= side then
        G.D[q.id].fx_dread = true
        if q.distance <= 0.5 and not F.airborne(G.D[uid]) then
          K.say(G, "  %s, in contact with %s, is disorganised (%s).", K.name(G, q.id), K.name(G, uid), K.label(G))
          host.disorder(G, q.id)
        end
      end
    end
  end
end

function M.period(G)
  for _, uid in ipairs(K.with_trait(G, "eats_elephants")) do appetite(G, uid) end
  for _, uid in ipairs(K.with_trait(G, "forgets_orders")) do forgetting(G, uid) end
  dread(G)
end

return M
