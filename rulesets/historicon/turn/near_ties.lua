-- Distances that are equal but for rounding count as equal: such units are
-- listed by id (bf:within lists nearest first, ties by id, but a tie the
-- table's geometry makes exact -- three heavy foot units in one line, each
-- 7.5 mm behind a skirmisher screen -- comes out of floating point as
-- 7.5 and 7.5000000000001 on one side of the table and as three exact 7.5s
-- on the other: side 1's Gallic slingers screened their chieftain's unit and
-- side 2's the warband beside it, in every Argentoratum battle. The mirror
-- match test, tests/mirror_test.lua, found it.)
--
--   local near_ties = require("historicon.turn.near_ties")
--   local n = bf:within(uid, r, side, ids, dists)
--   near_ties.settle(n, ids, dists)
--
-- Distances are compared at a millionth of a millimetre (far below any
-- distance the rules or the commander test against, far above rounding).
local floor = math.floor

local T = {}

T.GRAIN = 1e-6 -- mm

local function key(d) return floor(d / T.GRAIN + 0.5) end

-- A distance rounded to T.GRAIN (for comparisons with the dice: a throw of
-- whole centimetres against a distance that is whole but for rounding).
function T.round(d) return key(d) * T.GRAIN end

-- Reorders the first n entries of ids and dists (nearest first already, but
-- for rounding) by distance at T.GRAIN, then by id. Insertion sort: the list
-- comes sorted, so only near ties move and it costs one pass.
-- SPEED: the list comes sorted, so an entry more than two grains further
-- than the one before it (the largest of those settled: its key is
-- certainly smaller, whatever the rounding) stays where it is, with no key
-- worked out; only near ties are compared by key, written out (no call).
function T.settle(n, ids, dists)
  local grain = T.GRAIN
  local apart = 2 * grain
  for i = 2, n do
    local d = dists[i]
    if d - dists[i - 1] <= apart then
      local id = ids[i]
      local k = floor(d / grain + 0.5)
      local j = i - 1
      while j >= 1 do
        local kj = floor(dists[j] / grain + 0.5)
        if kj < k or (kj == k and ids[j] < id) then break end
        ids[j + 1], dists[j + 1] = ids[j], dists[j]
        j = j - 1
      end
      ids[j + 1], dists[j + 1] = id, d
    end
  end
  return n
end

return T
