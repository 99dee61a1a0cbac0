-- lib.angles: facings and bearings in the engine's convention.
local T = require("lib.testing")
local angles = require("lib.angles")

T.case("angles: norm into (-180, 180], heading in the engine's convention", function()
  T.eq({ angles.norm(270), angles.norm(-180), angles.norm(180), angles.norm(540), angles.norm(0) }, { -90, 180, 180, 180, 0 })
  T.near(angles.heading(0, 1), 0, 1e-9, "north")
  T.near(angles.heading(-1, 0), 90, 1e-9, "west: counter-clockwise")
  T.near(angles.heading(1, 0), -90, 1e-9, "east")
  T.near(math.abs(angles.heading(0, -1)), 180, 1e-9, "south")
end)
