-- sandtable.grid from Lua: tiles and hexes, worked by hand.
local T = require("lib.testing")
local grid = require("sandtable.grid")

T.case("grid: a 6 x 4 table of 300 mm tiles", function()
  local sq = { tile = 300, cols = 6, rows = 4 }
  T.eq({ grid.tile_of(sq, 450, 100) }, { 1, 0 })
  T.eq({ grid.tile_of(sq, 2000, 100) }, {}, "off the table: nothing")
  T.eq({ grid.tile_centre(sq, 1, 0) }, { 450.0, 150.0 })
  T.eq(grid.tile_on_edge(sq, 0, 2), true)
  T.eq(grid.tile_on_edge(sq, 2, 2), false)
end)

T.case("grid: hexes 100 mm across the flats", function()
  local hx = { size = 100 }
  T.eq({ grid.hex_of(hx, 0, 0) }, { 0, 0 })
  local x, y = grid.hex_centre(hx, 1, 0)
  T.near(math.sqrt(x * x + y * y), 100, 1e-9, "neighbouring centres are one hex apart")
  T.eq({ grid.hex_of(hx, x, y) }, { 1, 0 })
  T.eq(grid.hex_distance(0, 0, 2, -1), 2)
  T.eq(grid.hex_distance(0, 0, 3, 0), 3)
  local n = grid.hex_neighbours(0, 0)
  T.eq(#n, 6)
  for _, h in ipairs(n) do T.eq(grid.hex_distance(0, 0, h[1], h[2]), 1) end
end)
