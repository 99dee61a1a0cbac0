-- `sandtable quality`'s "decided": a winner by the rules' own victory
-- conditions, not one judged when play stopped (docs/quality.md).
local T = require("lib.testing")
local quality = require("cli.quality")
local decided = quality.decided

T.case("decided: a winner by a victory rule before the limit", function()
  T.eq(decided{ winner = 1, reason = "fled the field", turns = 7, turn_limit = 12 }, true)
  T.eq(decided{ winner = 2, reason = "a third of the MBL broken", turns = 9, turn_limit = 30 }, true)
end)

T.case("decided: Historicon's 25% rule is a victory rule, even in the last turn", function()
  T.eq(decided{ winner = 1, reason = "victory points reduced by 25%", turns = 12, turn_limit = 12 }, true)
end)

T.case("not decided: a draw, the turn limit, points at the end", function()
  T.eq(decided{ reason = "draw", turns = 12, turn_limit = 12 }, false)
  T.eq(decided{ winner = 1, reason = "turn limit: 60% of its victory points left against 40%", turns = 12,
                turn_limit = 12 }, false)
  T.eq(decided{ winner = 2, reason = "points", turns = 12, turn_limit = 12 }, false)
end)

T.case("not decided: points at a nightfall before the scenario's turn limit", function()
  -- WRG ends a battle begun by day at nightfall and judges it on points: the
  -- turn is below the scenario's limit, but no victory rule decided it
  T.eq(decided{ winner = 2, reason = "points", turns = 8, turn_limit = 12 }, false)
  T.eq(decided{ winner = 1, reason = "nightfall: fighting ceases (weather module)", turns = 9, turn_limit = 20 }, false)
end)
