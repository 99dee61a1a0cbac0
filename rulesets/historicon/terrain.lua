-- Historicon v2, "The table", Table 1: the terrain of one square.
--
--   local Tr = require("historicon.terrain")
--   Tr.for_score(6).id                       --> "steep_hill"
--   Tr.roll(dice, true)                      --> entry for a square on the table edge

local tables = require("historicon.tables")

local Tr = {}

-- The Table 1 entry for a (modified) d8 score.
function Tr.for_score(score)
  for _, t in ipairs(tables.terrain) do
    if score >= t.low and score <= t.high then return t end
  end
  error("Historicon Table 1: no terrain for score " .. tostring(score), 2)
end

-- "for each square throw an eight sided dice ... Add two to the dice score
-- ... in the squares that border the table edge."
function Tr.roll(dice, at_edge)
  local score = dice:roll(8, "Historicon Table 1 terrain")
  if at_edge then score = score + tables.terrain_edge_bonus end
  return Tr.for_score(score), score
end

return Tr
