-- A mirror match fought twice, the second time with the sides' numbers
-- swapped, for the tests that check the engine and the default commander
-- treat side 1 and side 2 alike (issue #13: "Mirror matches (the same army
-- on both sides, sides swapped): win rates equal").
--
--   local swap = require("phalanx.tests.mirror_swap")
--   local a, b = swap.fight(prepared, seed)          -- as numbered, swapped
--   local diff = swap.first_difference(a, b)        -- nil: the same battle
--
-- The only rolls the text gives a side by number are the paired throws
-- before the battle (The Table: "Both players throw a d6"; The Game Turn:
-- "decided by another die throw"), rolled side 1 then side 2. The swapped
-- battle hands side 2 what side 1 threw and side 1 what side 2 threw, every
-- other roll unchanged. With the same army on both sides the same army
-- then wins the throws, chooses the same edge, deploys first (units are
-- numbered in deployment order, so each base keeps its number) and moves
-- first: if nothing in the engine or the commander looks at a side's number,
-- every base stands where it stood in the first battle at the end of every
-- turn, and the winner is the other side's number.
local mirror_swap = require("lib.mirror_swap")

local swap = {}

-- A scenario's army `which` on both sides (as `quality --mirror` fights it).
function swap.prepare(path, which)
  return mirror_swap.prepare(path, which)
end

-- Phalanx's paired purposes all name the rule: ", side 1 (The Table)".
local function paired(purpose, n)
  return purpose ~= nil and purpose:find(", side " .. n .. " (", 1, true) ~= nil
end

-- Every base's place at the end of a turn.
local function snapshot(bf)
  local parts = {}
  for _, id in ipairs(bf:units()) do
    local x, y, f = bf:pos(id)
    parts[#parts + 1] = string.format("%d:%.3f,%.3f,%.2f", id, x, y, f)
  end
  return table.concat(parts, " ")
end

-- One battle, quiet; returns the result and, per turn, every base's place.
local function fight_one(prepared, seed, swap_sides)
  local r, places = mirror_swap.fight_one(prepared, seed, swap_sides, 12, snapshot, paired)
  return { winner = r.winner, reason = r.reason, turns = r.turns, first = r.first,
           edge1 = r.state.sides[1].edge, places = places }
end

function swap.fight(prepared, seed)
  return fight_one(prepared, seed, false), fight_one(prepared, seed, true)
end

-- nil when b is a with the sides' numbers swapped, else what differs.
function swap.first_difference(a, b)
  if b.first ~= 3 - a.first then return string.format("first move: side %d, swapped side %d", a.first, b.first) end
  if (a.winner == nil) ~= (b.winner == nil) or (a.winner and b.winner ~= 3 - a.winner) then
    return string.format("winner: %s, swapped %s", tostring(a.winner), tostring(b.winner))
  end
  if a.turns ~= b.turns or a.reason ~= b.reason then
    return string.format("end: turn %d (%s), swapped turn %d (%s)", a.turns, a.reason, b.turns, b.reason)
  end
  for t = 1, a.turns do
    if a.places[t] ~= b.places[t] then return string.format("the bases' places at the end of turn %d", t) end
  end
  return nil
end

return swap
