-- Historicon mirror matches: the engine and the default commander treat
-- side 1 and side 2 alike (issue #13; docs/rulesets/historicon.md, "Battle
-- quality, session ten"): the same army on both sides fights the same battle,
-- reflected north to south, whichever side is numbered 1
-- (historicon.tests.mirror_swap says how). A regression test: a few battles
-- of the two mirrors the quality report fights most often.
local T = require("lib.testing")
local swap = require("historicon.tests.mirror_swap")

local function same_battles(path, which, seeds)
  local prepared = swap.prepare(path, which)
  for _, seed in ipairs(seeds) do
    local a, b = swap.fight(prepared, seed)
    T.truthy(a.turns >= 2, string.format("army %d, seed %d: a battle of %d turns", which, seed, a.turns))
    T.eq(swap.first_difference(prepared, a, b), nil, string.format("%s army %d, seed %d", path, which, seed))
  end
end

T.case("THE TABLE / TURN SEQUENCE: Mohi, each army against itself, is the same battle with the sides' numbers swapped", function()
  same_battles("scenarios/historicon/mohi.yaml", 1, { 1, 2 })
  same_battles("scenarios/historicon/mohi.yaml", 2, { 1, 2 })
end)

T.case("PHASES 2 AND 3, EVASION: a pursuit stopped on an unformed unit leaves the same unused move from either side (Mohi seeds 10, 25)", function()
  -- the pursuit ran 59.99999999999988 mm of a 60 mm gap moving south and
  -- 60.0000000000001 moving north: the evading figures' throws met a
  -- different "charger's move left" on each side of the table
  same_battles("scenarios/historicon/mohi.yaml", 1, { 10, 25 })
end)

T.case("THE TABLE / TURN SEQUENCE: Argentoratum's Gauls against themselves: each side's skirmishers screen the same heavy foot", function()
  same_battles("scenarios/historicon/argentoratum.yaml", 2, { 1, 2 })
end)

T.case("THE TABLE / TURN SEQUENCE: Argentoratum's Romans against themselves: a unit held up tries the same way round from either side", function()
  -- both sides deploy from the table's west; a unit held up tries its
  -- second choices towards the table's west first (it was "left first":
  -- west for one side, east for the other)
  same_battles("scenarios/historicon/argentoratum.yaml", 1, { 1, 2 })
end)

T.case("Mirror swap: the comparison tells two different battles apart", function()
  local prepared = swap.prepare("scenarios/historicon/mohi.yaml", 2)
  local a = swap.fight(prepared, 1)
  local _, c = swap.fight(prepared, 2)
  T.truthy(swap.first_difference(prepared, a, c) ~= nil, "seed 1 against seed 2 swapped: a difference found")
end)

T.case("FORMED MOUNTED ROUND A FLANK: the chaos warhost's Elves against themselves: an enemy square ahead is gone round the same way from either side (seed 1)", function()
  -- turn 3: the tame crows flew straight at the Elf knights and landed
  -- square in front of them (lat 7e-13 mm one way, 2e-13 the other): the
  -- flank point went to the crows' own right both times, which is the
  -- table's east for one side and its west for the other
  same_battles("scenarios/historicon/fantasy_chaos_warhost.yaml", 1, { 1 })
end)

T.case("WRG 1973 APPENDIX IV, DRAGONS (fantasy module, our adaptation for Historicon): the chaos warhost against itself: each dragon throws for forgetting its orders the same from either side (seed 3)", function()
  -- the module's period went through the units side 1 first: the dragon
  -- numbered 6 threw the first "does The Dragon forget its orders" in one
  -- battle and the second in the other, and forgot in one only (turn 3)
  same_battles("scenarios/historicon/fantasy_chaos_warhost.yaml", 2, { 3 })
end)

T.case("THE TABLE (the march across a diagonal): the chaos warhost's Elves against themselves: the column caught on the march starts from the same corner of the table from either side (seed 64)", function()
  -- the terrain throw won by 5: the loser is caught on the march "across
  -- the table's diagonal"; the commander took its own left corner, the
  -- table's south-west for the side on the south edge and its north-east
  -- for the side on the north edge (the column then crossed the table the
  -- other way)
  same_battles("scenarios/historicon/fantasy_chaos_warhost.yaml", 1, { 64 })
end)

T.case("Commander (no swing back and forth): the chaos warhost's Elves against themselves: a half turn is the same swing from either side (seed 16)", function()
  -- turn 6: Arvath's point round the Dwarves' flank stood straight behind
  -- him; the turn towards it came out +180 on one side and the same turn
  -- read the other way round on the other, so the cut of a swing back
  -- (commander/intent.lua) cut it on one side only
  same_battles("scenarios/historicon/fantasy_chaos_warhost.yaml", 1, { 16 })
end)

T.case("TURNING: the chaos warhost's Elves against themselves: a half turn sweeps the same way round from either side (seed 9)", function()
  -- turn 6: Arvath turned about beside a friend; the engine turned +180
  -- (left) on either side, so the sweep of his corners met the friend on
  -- one side of the table only
  same_battles("scenarios/historicon/fantasy_chaos_warhost.yaml", 1, { 9 })
end)

T.case("Commander (skirmishers' prey): the chaos warhost's Elves against themselves: an enemy exactly a move away is in reach from either side (seed 14)", function()
  -- turn 4: the Dwarves stood 150 mm from the Elf archers (a 150 mm move),
  -- 150 but for rounding one way and the other: the archers charged on
  -- one side of the table only
  same_battles("scenarios/historicon/fantasy_chaos_warhost.yaml", 1, { 14 })
end)

T.case("THE TABLE (the march across a diagonal): Mohi's Normans against themselves: the winner lines up along the same flank of the column from either side (seed 64)", function()
  -- "The higher scoring may deploy anywhere within 15cm of his opponent":
  -- with as much room on either flank of the column, the winner took the
  -- column's own left, which is the table's north-west flank of a column
  -- marching from the south-west corner and the north-east flank of its
  -- mirror
  same_battles("scenarios/historicon/mohi.yaml", 1, { 64 })
end)
