-- Exact odds: the enumerated outcomes of a shot and a melee against
-- probabilities worked out by hand from the dice.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local odds = require("wrg.odds")

local function rows(kind, a, b)
  local adjudicate = odds.prepare(kind, a, b)
  local out = {}
  for _, r in ipairs(dice.odds(adjudicate)) do out[r.outcome] = r.p end
  return out
end

T.case("Odds, SHOOTING RANDOM FACTOR: two probability dice, +1 on 13/36, 0 on 10/36, -1 on 13/36", function()
  -- 10 regular slingers at moving light cavalry: weapon 2, -1 moving: total 1 + random
  local r = rows("shoot", "LI C R 10 sling", "LC C B 10 bow moved=100")
  T.near(r["  6 casualties"], 13 / 36, 1e-12, "total 0: 6 (10 figures at 0)")
  T.near(r["  8 casualties"], 10 / 36, 1e-12, "total 1: 8")
  T.near(r[" 13 casualties"], 13 / 36, 1e-12, "total 2: 13")
end)

T.case("Odds, barbarian shooters: the plus die is a normal die", function()
  -- P(d6 > avg) = sum over avg faces: 2:4/6 3:3/6 x2 4:2/6 x2 5:1/6 -> (4+6+4+1)/36 = 15/36
  local r = rows("shoot", "LI C B 10 sling", "LC C B 10 bow moved=100")
  T.near(r[" 13 casualties"], 15 / 36, 1e-12)
end)

T.case("Odds, melee: the probabilities of every outcome sum to one", function()
  local r = rows("melee", "HI C R 24 ranks=4 pike first", "HI C B 24 ranks=4 spear charging first")
  local sum = 0
  for _, p in pairs(r) do sum = sum + p end
  T.near(sum, 1, 1e-9)
  T.truthy((r["second broken"] or 0) > (r["first broken"] or 0), "the phalanx wins more often")
end)
