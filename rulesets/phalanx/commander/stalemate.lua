-- The default commander: when fire alone will not win, charge. Part of
-- phalanx.ai (commander/base.lua).
--
-- Into Glory Ride, Shooting, the results table: "B means the target is
-- Broken if Mounted otherwise RR". Fire breaks no foot; the text gives foot
-- one way to be broken: "D) Melee: Vignettes in contact engage in
-- hand-to-hand combat. A move to contact is called a charge". An army of
-- foot that shoots (Isandlwana's British against British: of 9 MBL
-- vignettes fire can break 3) therefore cannot reach its victory condition
-- by shooting once the enemy's mounted are gone: in 22 drawn mirror battles
-- both sides ended at 1 or 2 of the 3 breaks they needed
-- (docs/rulesets/into_glory_ride.md, "Mirror matches"). A sensible player
-- whose fire cannot finish the enemy closes and charges.
--
-- READING (a computer needs a test for "fire cannot finish the enemy"):
-- the side has broken no enemy vignette for STALL_TURNS turns running and
-- the battle is past half its turn limit. Then (commander/orders.lua):
--   * missile troops with a target close on the enemy instead of standing
--     to shoot (before: only when every target was worn by shooting). An
--     activated link shoots after its move whatever its order (phase D),
--     so closing costs no shot; and
--   * an initiative 2 ("Charge enemy that is directly ahead, or shoot")
--     charges a worn enemy at the day's threshold, not turn 1's.
-- A fresh enemy in the front is still shot rather than charged (the
-- referee's missile-charges warning, referee_warnings.lua): the shot wears
-- it (R or RR) and the charge follows.
local ai = require("phalanx.commander.base")

local STALL_TURNS = 3
ai.STALL_TURNS = STALL_TURNS

-- The number of enemy vignettes of `side` broken so far (those on the
-- table less those still standing: a flank march not yet come is neither).
local function enemy_broken(G, side)
  local e = 3 - side
  return #G.sides[e].units - #G.alive[e]
end

-- Whether the side's path to victory now needs a melee: nothing broken for
-- STALL_TURNS turns and the turn past half the limit. Remembers, per side,
-- the enemy's broken count and the turn it last changed (G.ai_stall); asked
-- every turn by ai.activate so the memory follows the battle.
function ai.needs_melee(G, side)
  local st = G.ai_stall
  if not st then st = {}; G.ai_stall = st end
  local s = st[side]
  local n = enemy_broken(G, side)
  if not s then s = { n = n, since = G.turn or 0 }; st[side] = s end
  if n ~= s.n then s.n, s.since = n, G.turn or 0 end
  local limit = G.max_turns or 12
  return (G.turn or 0) > limit / 2 and (G.turn or 0) - s.since >= STALL_TURNS
end

return ai
