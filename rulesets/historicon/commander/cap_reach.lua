-- SPEED: how far ai.move must look for an enemy that stops its move short.
-- ai.move caps every choice of a move 1 cm (scaled) short of the nearest
-- enemy it would not welcome: `c.advance = min(c.advance or 0, cap)`, cap =
-- max(0, that enemy's distance - 1 cm). Enemies come nearest first, and
-- weighing each (ai.charge_value: Table 4 pools both ways) was a seventh of
-- the commander's time at Argentoratum. Once an enemy stands so far off
-- that its cap is at least every choice's advance, no cap from it or from
-- any enemy further on changes a choice: the search stops there, with the
-- same choices as a search to the end.
local melee = require("historicon.melee")

local R = {}

-- Only where the charge values the search weighs are exact: the commander
-- keeps a value per pair of units while seven Table 4 fields and the flank
-- stay the same (commander/charge_cache.lua), which is the value afresh
-- when the pools read nothing else -- Table 4 as the rules give it (every
-- melee modifier of the rules' own layer, "base"). A module or house rule
-- that adds a modifier reading other fields (the fantasy module: a hero's
-- sword, a basilisk's gaze) can leave a kept value stale, and then which
-- pairs were weighed earlier changes later values: the search is not cut
-- short there (found by 300 seeded Holy War battles, one of which changed).
local exact_lists = setmetatable({}, { __mode = "k" })
local last_list, last_known -- (the frozen list last asked about: asked for every enemy weighed)
local function exact_values()
  local list = melee.modifiers
  if list == last_list then return last_known end
  local known = exact_lists[list]
  if known == nil then
    known = true
    for _, e in ipairs(list.entries) do
      if e.layer ~= "base" then known = false; break end
    end
    -- (a list still open to patches may change: asked afresh next time)
    if list.frozen then exact_lists[list] = known end
  end
  if list.frozen then last_list, last_known = list, known end
  return known
end
R.exact_values = exact_values -- (commander/charge_profiles.lua: the same condition)

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
  return reach ~= nil and math.max(0, distance - G.S.cm(1)) >= reach and exact_values()
end

return R
