-- Historicon optional rule: PASSING THROUGH FRIENDS.
--
-- "Unformed LI, formed or un-formed VLI can pass through any friendly unit
-- with no penalty."
--
-- How it is played here: such a unit moves ignoring its own side's units
-- (the engine's `ignore_side`), but may not end its move overlapping a
-- friend: the move is shortened until it does not.
local passing_through = {
  id = "passing_through",
  title = "Passing through friends",
  rule = "Optional rules",
}

function passing_through.may_pass(d)
  return d.class == "VLI" or (d.class == "LI" and not d.formed)
end

function passing_through.apply() end

return passing_through
