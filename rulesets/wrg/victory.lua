-- WRG Ancients 1973, WINNERS AND LOSERS.
--
--   V.points_left(G, s)   remaining points: units on the table and not in rout
--   V.fled(G, s)          the side has fled the field (nothing left standing)
--   V.decide(G)           winner (1 | 2 | nil) and the reason at the end
local tables = require("wrg.tables")
local armies = require("wrg.armies")
local subunits = require("wrg.units.subunits")
local objectives = require("wrg.objectives")

local V = {}

-- "Count up each side's remaining points. Do not count troops in rout ...
-- or who must leave the table". A unit's points are counted by its
-- remaining figures (its command points in full while it stands).
-- "Include units which have left the table, but which have thrown dice
-- indicating that they are returning and in sight."
local function away(d) return d.off_table ~= nil and d.off_table.returns_at == nil end

function V.unit_points_left(d)
  if d.gone or d.routing or d.leaving or away(d) then return 0 end
  if d.original <= 0 then return 0 end
  -- the points of the figures left (armies.unit_points prices d.figures:
  -- it used to be scaled by figures / original once more, so a unit at half
  -- strength counted a quarter of its figures' points); its detached
  -- sub-units' figures count with it (wrg.units.subunits)
  local left = setmetatable({ figures = d.figures + subunits.figures_standing(d) }, { __index = d })
  return armies.unit_points(left)
end

function V.points_left(G, s)
  local total = 0
  for _, uid in ipairs(G.sides[s].units) do total = total + V.unit_points_left(G.D[uid]) end
  return total
end

function V.fled(G, s)
  for _, uid in ipairs(G.sides[s].units) do
    local d = G.D[uid]
    if not d.gone and not d.routing and not d.leaving and not away(d) then return false end
  end
  return true
end

-- "If one side now has 10% of its original points more than its opponent,
-- it has won. If not, the result is a draw." margin: the fraction (the
-- option sudden_death sets 0: "any margin, however small").
function V.decide(G, margin)
  margin = margin or tables.victory_margin
  local p1, p2 = V.points_left(G, 1), V.points_left(G, 2)
  -- "Add any objective points that have been previously agreed" (wrg.objectives)
  local obj = objectives.points(G)
  p1, p2 = p1 + obj[1], p2 + obj[2]
  G.sides[1].vp, G.sides[2].vp = p1, p2
  if p1 - p2 > margin * G.sides[1].points_start and p1 > p2 then return 1, "points" end
  if p2 - p1 > margin * G.sides[2].points_start and p2 > p1 then return 2, "points" end
  return nil, "draw"
end

return V
