-- The keys of a table in sorted order (nil: none): for messages that list
-- what was expected, and for walking a table in the same order every run
-- (pairs' order is not fixed, and battles must be deterministic).
return function(t)
  local out = {}
  for k in pairs(t or {}) do out[#out + 1] = k end
  table.sort(out)
  return out
end
