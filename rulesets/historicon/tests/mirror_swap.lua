-- A Historicon mirror match fought twice, the second time with the sides'
-- numbers swapped, for the tests that check the engine and the default
-- commander treat side 1 and side 2 alike (issue #13: "Mirror matches (the
-- same army on both sides, sides swapped): win rates equal"). After
-- rulesets/phalanx/tests/mirror_swap.lua, with one difference: Historicon's
-- side 1 always deploys on the south edge and side 2 on the north (no throw
-- chooses the edge) and both sides lay their line out from the table's
-- west, so the swapped battle is the first one reflected north to south
-- (x kept, y -> depth - y, facing -> 180 - facing).
--
--   local swap = require("historicon.tests.mirror_swap")
--   local prepared = swap.prepare("scenarios/historicon/mohi.yaml", 2)
--   local a, b = swap.fight(prepared, seed)          -- as numbered, swapped
--   local diff = swap.first_difference(prepared, a, b) -- nil: the same battle
--
-- The rolls the text gives a side by number are the paired throws: the
-- terrain throw (The Table: "both players throw a six sided die"), the
-- deployment throw ("The one deploying first being decided by the highest
-- score of a die") and each turn's initiative ("Each player throws a D6"),
-- each rolled side 1 then side 2. The swapped battle hands side 2 what side
-- 1 threw and side 1 what side 2 threw, every other roll unchanged. With the
-- same army on both sides the same army then wins every throw, deploys
-- first (units are numbered in deployment order, so each keeps its number)
-- and moves first. If nothing in the engine or the commander looks at a
-- side's number, nor prefers its own left where the other side's left is
-- the other way, every unit stands at the end of every turn where it stood
-- in the first battle, reflected, and the winner is the other number.
--
-- The terrain is taken off (`terrain: none`): the diced or given terrain is
-- not symmetric about the table's centre line, so the swapped battle would
-- be fought on other ground. Positions are compared to 0.5 mm and 0.1
-- degree: the reflected battle computes the same distances from other
-- numbers (y and depth - y), and a rounding can differ in the last bit.
local mirror_swap = require("lib.mirror_swap")

local swap = {}

-- A scenario's army `which` on both sides (as `quality --mirror` fights it),
-- on open ground.
function swap.prepare(path, which)
  return mirror_swap.prepare(path, which, function(s)
    s.table = s.table or {}
    s.table.terrain = "none"
  end)
end

-- The battle's dice with each paired throw's two rolls exchanged: the
-- paired throws' purposes end in ", side n" or name the rule after it
-- ("..., side 1 (The Table)"): lib.mirror_swap's own test.
local swapped = mirror_swap.swapped_dice

-- Every unit's place and side at the end of a turn.
local function snapshot(bf)
  local list = {}
  for _, id in ipairs(bf:units()) do
    local x, y, f = bf:pos(id)
    local data = bf:data(id)
    list[id] = { x = x, y = y, f = f, side = data and data.side, gone = data and data.gone,
                 broken = data and data.broken }
  end
  return list
end

-- One battle, quiet; returns the result and, per turn, every unit's place
-- and side.
local function fight_one(prepared, seed, swap_sides)
  local r, places = mirror_swap.fight_one(prepared, seed, swap_sides, 20, snapshot)
  return { winner = r.winner, reason = r.reason, turns = r.turns, places = places }
end

-- (the dice wrapper itself, for probes that replay one battle with an account)
swap._swapped = swapped

function swap.fight(prepared, seed)
  return fight_one(prepared, seed, false), fight_one(prepared, seed, true)
end

-- The table's size in mm (the scale record the battle made).
local function table_size(prepared)
  local setup = require("historicon.setup")
  local S = setup.scale(prepared.scenario.table or {})
  return S.width, S.depth
end

-- nil when b is a with the sides' numbers swapped and the table turned half
-- round, else what differs first.
function swap.first_difference(prepared, a, b)
  local _, D = table_size(prepared)
  for t = 1, math.min(a.turns, b.turns) do
    local pa, pb = a.places[t], b.places[t]
    for id, u in pairs(pa) do
      local v = pb[id]
      if not v then return string.format("turn %d: unit %d is missing from the swapped battle", t, id) end
      local ex, ey, ef = u.x, D - u.y, 180 - u.f
      local df = ((v.f - ef) + 540) % 360 - 180
      if v.side ~= 3 - u.side or math.abs(v.x - ex) > 0.5 or math.abs(v.y - ey) > 0.5
          or math.abs(df) > 0.1 or (v.broken or false) ~= (u.broken or false) or (v.gone or false) ~= (u.gone or false) then
        return string.format("turn %d: unit %d (side %s) at %.1f, %.1f facing %.1f; swapped: side %s at %.1f, %.1f facing %.1f"
          .. " (expected %.1f, %.1f facing %.1f)", t, id, tostring(u.side), u.x, u.y, u.f, tostring(v.side), v.x, v.y, v.f,
          ex, ey, (ef + 180) % 360 - 180)
      end
    end
  end
  if a.turns ~= b.turns or a.reason ~= b.reason then
    return string.format("end: turn %d (%s), swapped turn %d (%s)", a.turns, tostring(a.reason), b.turns,
      tostring(b.reason))
  end
  if (a.winner == nil) ~= (b.winner == nil) or (a.winner and b.winner ~= 3 - a.winner) then
    return string.format("winner: %s, swapped %s", tostring(a.winner), tostring(b.winner))
  end
  return nil
end

return swap
