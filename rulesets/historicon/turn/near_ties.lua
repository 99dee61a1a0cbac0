-- Distances that are equal but for rounding count as equal. The core lists
-- such units by id (bf:within, bf:query: distances compared at its contact
-- tolerance, docs/geometry.md); this ruleset settled the ties itself until
-- session eleven, after the mirror match test (tests/mirror_test.lua) found
-- side 1's Gallic slingers screening their chieftain's unit and side 2's
-- the warband beside it in every Argentoratum battle: three heavy foot units
-- in one line, each 7.5 mm behind the screen, came out of floating point as
-- 7.5 and 7.5000000000001 on one side of the table and as exact 7.5s on the
-- other. What is left here is the rounding of a distance for comparisons the
-- rules make with it (a throw of whole centimetres, a move's length).
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

return T
