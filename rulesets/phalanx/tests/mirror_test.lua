-- Phalanx mirror matches: the engine and the default commander treat side 1
-- and side 2 alike (issue #13; docs/rulesets/phalanx.md, "Mirror matches:
-- side 1 and side 2"): the same army on both sides fights the same battle
-- whichever side is numbered 1 (phalanx.tests.mirror_swap says how).
local T = require("lib.testing")
local swap = require("phalanx.tests.mirror_swap")

T.case("THE TABLE / THE GAME TURN: the default scenario, each army against itself, is the same battle with the sides' numbers swapped", function()
  for which = 1, 2 do
    local prepared = swap.prepare("scenarios/phalanx/default.yaml", which)
    for _, seed in ipairs({ 1, 2, 3 }) do
      local a, b = swap.fight(prepared, seed)
      T.eq(b.edge1, a.edge1 == "south" and "north" or "south", "seed " .. seed .. ": the sides' edges are swapped")
      T.eq(swap.first_difference(a, b), nil, string.format("army %d, seed %d", which, seed))
    end
  end
end)
