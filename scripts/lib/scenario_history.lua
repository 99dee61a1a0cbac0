-- A historical scenario's record of the day it stands for, and how the
-- sim's results compare with it (issue #13: "Historical scenarios: say ...
-- what the historical result was and what the sim gives").
--
--   history:
--     winner: 1         # the army listed first won the day; 2, or draw
--     result: "Alexander's Macedonians broke Darius's army; Darius fled."
--     source: "Arrian III.11-15"
--
-- `sandtable quality` prints the sim's win rates beside it and a verdict
-- (agrees / even / reversed, by the 95% intervals); the coverage docs say
-- why the two differ.
local sorted_keys = require("lib.sorted_keys")
local fail = require("lib.fail")

local history = {}

local KEYS = { winner = true, result = true, source = true }

-- Checks a scenario's history: block (h, already known to be a map) and
-- returns it; locate(path) names the file, line and column of a key.
function history.check(h, locate)
  for _, key in ipairs(sorted_keys(h)) do
    if not KEYS[key] then
      fail("%s: unknown key '%s' in history: (expected one of: %s)", locate("/history/" .. key), key,
        table.concat(sorted_keys(KEYS), ", "))
    end
  end
  if h.winner ~= 1 and h.winner ~= 2 and h.winner ~= "draw" then
    fail("%s: winner should be 1 or 2 (the army listed first or second) or draw, found %s",
      locate(h.winner ~= nil and "/history/winner" or "/history"), h.winner == nil and "nothing" or tostring(h.winner))
  end
  for _, key in ipairs({ "result", "source" }) do
    if type(h[key]) ~= "string" or h[key]:match("^%s*$") then
      fail("%s: say %s (%s: \"...\")", locate(h[key] ~= nil and ("/history/" .. key) or "/history"),
        key == "result" and "what happened on the day" or "where it is told", key)
    end
  end
  return h
end

-- The sim against history. outcome: { side1_wins, side2_wins, draws }, each
-- { rate, low, high } (95% interval). Returns "agrees" (the historical
-- winner's interval lies above the other side's, or for a drawn day draws
-- are the commonest result), "even" (the sides' intervals overlap) or
-- "reversed" (the other side's interval lies above); a drawn day the sim
-- mostly decides is "decides".
function history.verdict(h, outcome)
  local a, b, d = outcome.side1_wins, outcome.side2_wins, outcome.draws
  if h.winner == "draw" then
    return (d.rate >= a.rate and d.rate >= b.rate) and "agrees" or "decides"
  end
  local won, lost = a, b
  if h.winner == 2 then won, lost = b, a end
  if won.low > lost.high then return "agrees" end
  if lost.low > won.high then return "reversed" end
  return "even"
end

return history
