-- WRG 1973 MOVEMENT, GENERAL: "Both sides move simultaneously, before any
-- shooting or hand-to-hand combat is adjudicated." The battle moves every
-- charge together in sub-steps (wrg.period.simultaneous_charges); within a
-- sub-step one side's chargers still run before the other's, so two charges
-- that reach the same ground in the same sub-step are decided by which side
-- runs first. That side is drawn by lot each period (1-3 side 1) and the
-- sides then alternate sub-step by sub-step. It used to follow the period's
-- number alone: the Macedonian mirror at Gaugamela, fought twice with the
-- same throws and the sides' roles exchanged, gave side 1 the win both times
-- (issue #13, session nine: docs/rulesets/wrg.md, "Mirror matches, session
-- nine").
local T = require("lib.testing")
local F = require("wrg.tests.fixtures")
local tables = require("wrg.tables")

local MM = tables.MM_PER_PACE
local unit, fight, play = F.unit, F.fight, F.play
local LOT = "WRG charges: which side moves first in the first sub-step"

-- Two bodies of horse charging across each other's path: p runs north at
-- foot r, q runs west at foot s; both are 40 paces (and the same distance)
-- from the crossing, so both reach it in the same sub-step. `swap`: p and s
-- on side 2, q and r on side 1 (the same table, the sides' roles
-- exchanged); `lot`: the die of the charges' lot; `period`: the period the
-- charges are declared in. Returns the account's charges and contacts.
local function crossing(swap, lot, period)
  local horse = { figures = 4, ranks = 1, weapons = { "lance" }, fanatic = true }
  local D = 40 * MM + 40
  local p = unit("p", "HC", 600, 700 - D, 0, horse)
  local q = unit("q", "HC", 600 + D, 700, 90, horse)
  local r = unit("r", "MI", 600, 700 + 80 * MM, 180)
  local s = unit("s", "MI", 600 - 80 * MM, 700, -90)
  local ps, qs = swap and 2 or 1, swap and 1 or 2
  local G, lines
  local function id(side, name) return G.by_id[side][name] end
  local cmd_p = F.commander{ charge_target = function(_, uid)
    return G.turn == period and uid == id(ps, "p") and id(qs, "r") or nil end }
  local cmd_q = F.commander{ charge_target = function(_, uid)
    return G.turn == period and uid == id(qs, "q") and id(ps, "s") or nil end }
  local sides, cmds = {}, {}
  sides[ps], sides[qs] = { p, s }, { q, r }
  cmds[ps], cmds[qs] = cmd_p, cmd_q
  G, lines = fight{ dice = F.rigged({ [LOT] = { lot } }), side1 = sides[1], side2 = sides[2], cmd1 = cmds[1], cmd2 = cmds[2] }
  for _ = 1, period do play(G) end
  local out = {}
  for _, l in ipairs(lines) do if l:find(" contacts ", 1, true) then out[#out + 1] = l end end
  return table.concat(out, "\n"), table.concat(lines, "\n")
end

T.case("WRG 1973 MOVEMENT, GENERAL: which side's chargers run first in a sub-step is drawn by lot", function()
  local one, account1 = crossing(false, 1, 1)
  local six, account6 = crossing(false, 6, 1)
  T.eq(one, "  p contacts q (left).", "side 1 (p) drew the lot: p reaches the crossing first and strikes q's left flank\n" .. account1)
  T.eq(six, "  q contacts p (right).", "side 2 (q) drew the lot: q strikes p's right flank\n" .. account6)
end)

T.case("WRG 1973 MOVEMENT, GENERAL: the same charges with the sides' roles and the lot exchanged give the same contacts", function()
  for _, lot in ipairs({ 1, 6 }) do
    local a, account_a = crossing(false, lot, 1)
    local b, account_b = crossing(true, 7 - lot, 1)
    T.eq(b, a, "p's side drew the lot (die " .. lot .. " with p on side 1, " .. (7 - lot) .. " with p on side 2)\n"
      .. account_a .. "\n--- sides exchanged:\n" .. account_b)
  end
end)

T.case("WRG 1973 MOVEMENT, GENERAL: the period's number does not decide which side's chargers run first", function()
  for _, lot in ipairs({ 1, 6 }) do
    local first, account1 = crossing(false, lot, 1)
    local second, account2 = crossing(false, lot, 2)
    T.eq(second, first, "the same lot (die " .. lot .. ") in period 1 and period 2\n" .. account1 .. "\n--- period 2:\n" .. account2)
  end
end)
