-- §4 RETREAT & PURSUIT: leaving the field under half strength, the rally
-- throws, pursuers who prevent a rally, retreats after the third throw.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local morale = require("hinds.morale")

local function unit(figures, start, officers)
  return { arm = "foot", class = 2, figures = figures, start_figures = start, officers = officers or 0,
           start_officers = officers or 0 }
end

T.case("§4 less than 1/2 of their strength remaining must leave the field", function()
  T.eq(morale.must_leave(unit(12, 24)), false, "exactly half stays")
  T.eq(morale.must_leave(unit(11, 24)), true)
  T.eq(morale.must_leave(unit(12, 24, 1)), false, "12 + 1 of 25")
  T.eq(morale.must_leave(unit(11, 24, 1)), true, "11 + 1 of 25")
end)

T.case("§4 rally: 4, 5 or 6; on the second turn 2 to 6; thereafter automatic", function()
  T.eq(morale.rally_needed(1), 4)
  T.eq(morale.rally_needed(2), 2)
  T.eq(morale.rally_needed(3), 1)
  T.eq(morale.rally_needed(7), 1)
  T.eq({ morale.rally(1, dice.forced({ 3 })) }, { false, 3, 4 })
  T.eq({ morale.rally(1, dice.forced({ 4 })) }, { true, 4, 4 })
  T.eq({ morale.rally(2, dice.forced({ 1 })) }, { false, 1, 2 })
  T.eq({ morale.rally(2, dice.forced({ 2 })) }, { true, 2, 2 })
  local src = dice.forced({})
  T.eq(morale.rally(3, src), true)
  T.eq(src:rolls(), 0, "no die thrown")
end)

T.case("§4 rally only if over 1/2 strength", function()
  T.eq(morale.may_rally(unit(13, 24)), true)
  T.eq(morale.may_rally(unit(12, 24)), false)
end)

T.case("§4 pursuers prevent a rally with half the beaten unit's strength, or under constant fire", function()
  T.eq(morale.prevents_rally(10, 20, false), true)
  T.eq(morale.prevents_rally(9, 20, false), false)
  T.eq(morale.prevents_rally(1, 20, true), true)
end)

T.case("§4 at the end of the third roll the side which lost two or more times must retreat", function()
  T.eq(morale.retreats(2, 1), "a")
  T.eq(morale.retreats(0, 3), "b")
  T.eq(morale.retreats(1, 1), nil, "a drawn throw: neither lost twice")
end)

T.case("§4 pursuers stop and regroup after two moves, light cavalry excepted", function()
  T.eq(morale.pursuit_moves({ arm = "foot", class = 2 }), 2)
  T.eq(morale.pursuit_moves({ arm = "mounted", class = 1 }), 2)
  T.eq(morale.pursuit_moves({ arm = "mounted", class = 3 }), math.huge)
end)
