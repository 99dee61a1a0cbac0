-- Optional rule (Hinds §2): "Dense forests (so declared before the start of
-- the game) are also off limits to heavy or pike equipped medium troops."
-- With this option every wood of the scenario is declared a dense forest
-- (hexes of type dense_forest are dense in any case).
local M = { id = "dense_forests" }
function M.apply(rules) local _ = rules end
return M
