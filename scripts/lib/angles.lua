-- Facings and bearings in the engine's convention: degrees, 0 = north (+y),
-- counter-clockwise, as battlefield positions and moves use them.
--
--   local angles = require("lib.angles")
--   angles.norm(270)         --> -90
--   angles.heading(1, 0)     --> -90 (looking east)
local angles = {}

local deg, atan = math.deg, math.atan

-- An angle brought into (-180, 180].
function angles.norm(a)
  a = a % 360
  if a > 180 then a = a - 360 end
  return a
end

-- The facing that looks along (dx, dy).
function angles.heading(dx, dy)
  return deg(atan(-dx, dy))
end

return angles
