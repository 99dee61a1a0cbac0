-- WRG Ancients 1973, EVADING: chargers following evaders through their
-- friends.
--
-- "Evading troops can pass through a friendly unit. If chargers wish to
-- follow, both must test reaction, irrespective of the distance at which the
-- second enemy formation is first sighted. If contact results, the chargers
-- are not disorganised by their pursuit, as it is still part of the
-- original charge."
--
-- READINGS: the charge is one move, played at once; a charger whose
-- declared target evaded this period and that strikes another enemy unit
-- in its path has followed the evaders. Both test at the moment of
-- contact: the unit struck for being charged (whatever the distance the
-- charger came), the chargers as "attempting to charge" (2(ii)). The struck
-- unit obeys a result worse than carry on at once (as any unit charged at
-- contact); the chargers' contact stands this period (the move is made) and
-- a result worse than carry on is obeyed from then on (a halt or retire
-- takes them out of the fight at the next declarations if they break off,
-- as instructions do). Nothing here disorganises the chargers.
local F = {}

-- Whether charger c (a G.charges entry) is following evaders into `hit`.
function F.following(G, c, hit)
  local t = G.D[c.target]
  return hit ~= c.target and t ~= nil and t.evaded_turn == G.turn
end

-- The chargers' own test.
function F.charger_test(G, uid)
  local d = G.D[uid]
  if d.fanatic or d.state == "uncontrolled" then return end  -- as 2(ii): fanatics and uncontrolled troops do not test
  local turn = require("wrg.turn")
  local out = turn.test(G, uid, "following evaders through their friends")
  if out.rank < 4 then turn.apply_result(G, uid, out, true) end
end

return F
