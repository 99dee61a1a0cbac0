-- lib.sighting: a side's memory of what it has seen, surprise sightings,
-- and the enemies a commander may know of (issue #18, "Sighting").
local T = require("lib.testing")
local B = require("sandtable.battlefield")
local sighting = require("lib.sighting")

local function kinds(bf, kind)
  local out = {}
  for _, e in ipairs(bf:events()) do if e.kind == kind or e.type == kind then out[#out + 1] = e end end
  return out
end

-- A wood between two scouts; a far enemy; the range set by the "weather".
local function table_with_wood()
  local bf = B.new{ width = 3000, depth = 3000, keep_events = true }
  bf:add_terrain{ type = "wood", circle = { 1000, 1000, 100 }, blocks_los = true }
  local G = { bf = bf, log = true }
  G.scout = bf:add_unit{ side = 1, x = 1000, y = 700, width = 80, depth = 40 }
  G.hidden = bf:add_unit{ side = 2, x = 1000, y = 1300, facing = 180, width = 80, depth = 40 }
  G.near = bf:add_unit{ side = 2, x = 1300, y = 800, facing = 180, width = 80, depth = 40 }
  G.far = bf:add_unit{ side = 2, x = 2800, y = 2800, facing = 180, width = 80, depth = 40 }
  return G
end

T.case("sighting: no state, every living enemy is known (the module is off)", function()
  local G = table_with_wood()
  T.eq(sighting.active(G), false)
  T.eq(sighting.known_enemies(G, 1), { G.hidden, G.near, G.far })
  T.eq(sighting.knows(G, 1, G.far), true)
  T.eq(sighting.update(G), {})
  -- nearest_known is bf:nearest as it was
  T.eq({ sighting.nearest_known(G, { G.scout }, 2, 5000) }, { G.bf:nearest({ G.scout }, 2, 5000) })
end)

T.case("sighting: a side knows only what it sees within the range; new sightings are logged", function()
  local G = table_with_wood()
  local range = 1000
  sighting.start(G, { range = function() return range end })
  -- the wood hides one, the range the far one
  T.eq(sighting.known_enemies(G, 1), { G.near })
  T.eq(sighting.knows(G, 1, G.hidden), false)
  T.eq(sighting.known_enemies(G, 2), { G.scout })
  local ev = kinds(G.bf, "sighted")
  T.eq(#ev, 2)
  -- the commander's nearest enemy is the one it knows of, not the hidden one
  T.eq((sighting.nearest_known(G, { G.scout }, 2, 5000)), G.near)
  T.eq((G.bf:nearest({ G.scout }, 2, 5000)), G.near)
  -- the scout rides round the wood: the hidden one is a new sighting
  G.bf:move(G.scout, "slide", 400, 0)
  local news = sighting.update(G)
  T.eq(#news, 1)
  T.eq(news[1].side, 1); T.eq(news[1].unit, G.hidden); T.eq(news[1].surprise, false)
  -- nothing new at the next look: no event
  local before = #kinds(G.bf, "sighted")
  T.eq(sighting.update(G), {})
  T.eq(#kinds(G.bf, "sighted"), before)
  -- night falls: 10 mm; the near one (about 20 mm off now) and the rest lost from sight, logged as lost
  T.eq(G.bf:distance(G.scout, G.near) > 10, true)
  range = 10
  T.eq(sighting.update(G), {})
  T.eq(sighting.known_enemies(G, 1), {})
  local last = kinds(G.bf, "sighted")
  T.eq(last[#last].lost ~= nil, true)
  T.eq(sighting.nearest_known(G, { G.scout }, 2, 5000), nil)
end)

T.case("sighting: a surprise is an enemy first seen closer than surprise_within", function()
  local G = table_with_wood()
  sighting.start(G, { range = function() return 150 end, surprise_within = 120 })
  T.eq(sighting.known_enemies(G, 1), {})
  -- the near one comes out of the dark 100 mm (edge to edge) from the scout: a surprise
  G.bf:place(G.near, 1000 + 80 + 100, 700, 180)
  local news = sighting.update(G)
  T.eq(#news, 2)                                   -- each side sees the other
  T.eq(news[1].side, 1); T.eq(news[1].unit, G.near); T.eq(news[1].surprise, true)
  T.eq(news[2].side, 2); T.eq(news[2].unit, G.scout); T.eq(news[2].surprise, true)
  local ev = kinds(G.bf, "sighted")
  T.eq(ev[#ev - 1].surprise, { G.near })
  -- one first seen at 140 mm (inside the 150 range, beyond 120) is no surprise
  local G2 = table_with_wood()
  sighting.start(G2, { range = function() return 150 end, surprise_within = 120 })
  G2.bf:place(G2.near, 1000 + 80 + 140, 700, 180)
  news = sighting.update(G2)
  T.eq(news[1].unit, G2.near); T.eq(news[1].surprise, false)
end)

T.case("sighting: a removed enemy is not known", function()
  local G = table_with_wood()
  sighting.start(G, { range = function() return 5000 end })
  T.eq(sighting.known_enemies(G, 1), { G.near, G.far })
  G.bf:remove(G.near)
  sighting.update(G)
  T.eq(sighting.known_enemies(G, 1), { G.far })
end)

T.case("sighting: troops in contact always know of each other, even one inside a wood", function()
  local G = table_with_wood()
  sighting.start(G, { range = function() return 5000 end })
  -- the hidden one walks into the wood's edge facing the scout: the wood still hides it
  G.bf:place(G.hidden, 1000, 1050, 180)
  G.bf:place(G.scout, 300, 300, 0)
  sighting.update(G)
  T.eq(sighting.knows(G, 1, G.hidden), false)
  -- the scout comes into contact with it (edge to edge 0): known
  G.bf:place(G.scout, 1000, 1050 - 40, 0)
  T.eq(G.bf:distance(G.scout, G.hidden) <= 1, true)
  sighting.update(G)
  T.eq(sighting.knows(G, 1, G.hidden), true)
end)

T.case("sighting: a module's 'also' list is seen however far (torchlight), once, and lost when it goes out", function()
  local G = table_with_wood()
  local lit = { G.far }
  sighting.start(G, { range = function() return 10 end, also = function(_, side) return side == 1 and lit or nil end })
  T.eq(sighting.known_enemies(G, 1), { G.far }, "the far one in light")
  T.eq(sighting.known_enemies(G, 2), {})
  lit = { G.far, G.far }
  T.eq(sighting.update(G), {}, "listed twice: one sighting, nothing new")
  T.eq(sighting.known_enemies(G, 1), { G.far })
  lit = {}
  sighting.update(G)
  T.eq(sighting.known_enemies(G, 1), {}, "the torch goes out")
end)
