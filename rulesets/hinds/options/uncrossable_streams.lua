-- Optional rule (Hinds §2): "Unless a stream is specifically agreed to be
-- uncrossable, troops may ford or swim it with a delay of one move." With
-- this option the players have agreed: stream hexes are uncrossable (fords
-- and bridges, terrain type ford, still cross with no delay).
local M = { id = "uncrossable_streams" }
function M.apply(rules) local _ = rules end
return M
