-- SPEED: how far ai.move must look for an enemy that stops its move short.
-- ai.move caps every choice of a move 1 cm (scaled) short of the nearest
-- enemy it would not welcome: `c.advance = min(c.advance or 0, cap)`, cap =
-- max(0, that enemy's distance - 1 cm). Enemies come nearest first, and
-- weighing each (ai.charge_value: Table 4 pools both ways) was a seventh of
-- the commander's time at Argentoratum. Once an enemy stands so far off
-- that its cap is at least every choice's advance, no cap from it or from
-- any enemy further on changes a choice: the search stops there, with the
-- same choices as a search to the end.
local R = {}

-- The longest advance of the choices, or nil when a choice has none (a
-- cap would set it to 0: the search must go on).
function R.longest(chain)
  local longest = 0
  for _, c in ipairs(chain) do
    local a = c.advance
    if a == nil then return nil end
    if a > longest then longest = a end
  end
  return longest
end

-- Whether an enemy at `distance` (and every one further) is too far to cap
-- any choice no longer than `reach`.
function R.beyond(G, distance, reach)
  return reach ~= nil and math.max(0, distance - G.S.cm(1)) >= reach
end

return R
