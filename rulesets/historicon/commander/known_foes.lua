-- SPEED: the enemies a unit of the default commander knows -- not gone, not
-- broken, seen by its side (lib.sighting: the weather module) -- nearest
-- first (ties by id), as { id =, distance = } entries: ai.lua's `enemies`,
-- which every plan starts from.
--
-- Two savings, the same list:
--   * bf:within into kept tables instead of bf:query{ within = 1e9, enemy =
--     true } (a table for every unit on the other side, the gone and broken
--     too). In Historicon every unit stands on side 1 or 2 (battle.lua's
--     add_unit), so "the other side" and "not my side" are the same units;
--     bf:within finds them in bf:query's order with the same distances.
--   * ai.plan lists them and ai.move asks again straight after (to stop a
--     move short of an enemy it should not touch): nothing moves in between,
--     so the list ai.plan made is handed to ai.move (`kept`), once, for the
--     same unit standing in the same place.
local sighting = require("lib.sighting")
local near_ties = require("historicon.turn.near_ties")

local F = {}
local floor = math.floor

local ids, dists = {}, {}
local last -- { G, uid, x, y, f, list } of the latest list made

function F.list(G, uid)
  local D, bf = G.D, G.bf
  local side = D[uid].side
  local out = {}
  -- (ties but for rounding listed by id: the core's order)
  local n = bf:within(uid, 1e9, 3 - side, ids, dists)
  -- SPEED: sighting.knows is asked only where a module keeps sighting
  -- (without it every enemy is known: lib.sighting), and the rounding below
  -- is near_ties.round written out (the same expression)
  local sighted = G.sighting ~= nil
  local grain = near_ties.GRAIN
  for i = 1, n do
    local id = ids[i]
    local e = D[id]
    -- hook: with the weather module, only the enemies the side has seen
    if not e.gone and not e.broken and (not sighted or sighting.knows(G, side, id)) then
      -- the distance rounded to near_ties.GRAIN: the commander compares it
      -- with moves and reaches, and a distance whole but for rounding
      -- (150.0000000001 mm one side of the table, 149.9999999999 the other,
      -- against a 150 mm move) put an enemy in reach from one side only
      -- (the chaos warhost's Elf archers and Dwarves: tests/mirror_test.lua)
      out[#out + 1] = { id = id, distance = floor(dists[i] / grain + 0.5) * grain }
    end
  end
  local x, y, f = bf:pos(uid)
  last = { G, uid, x, y, f, out }
  return out
end

-- The list F.list last made, when it was made for this unit of this battle
-- standing where it stands now (taken once); else a fresh one.
function F.kept(G, uid)
  local l = last
  last = nil
  if l and l[1] == G and l[2] == uid then
    local x, y, f = G.bf:pos(uid)
    if x == l[3] and y == l[4] and f == l[5] then return l[6] end
  end
  return F.list(G, uid)
end

return F
