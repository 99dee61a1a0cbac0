-- A scenario's history: block (lib.scenario_history): the historical day's
-- result, checked with errors that name file and line, and the sim's win
-- rates judged against it (docs/quality.md, "History and the sim").
local T = require("lib.testing")
local scenario = require("lib.scenario")
local history = require("lib.scenario_history")

local BASE = [[
name: test
ruleset: tutorial
armies:
  - army: tutorial/hill_tribe
  - army: tutorial/river_kingdom
]]

local function parse(extra) return scenario.parse(BASE .. extra, "test.yaml") end

T.case("history: a full block is read as written", function()
  local s = parse('history:\n  winner: 2\n  result: "the river kingdom held the ford"\n  source: "a chronicle"\n')
  T.eq(s.history, { winner = 2, result = "the river kingdom held the ford", source = "a chronicle" })
  s = parse('history:\n  winner: draw\n  result: "night fell"\n  source: "a chronicle"\n')
  T.eq(s.history.winner, "draw")
end)

T.case("history: a winner that is no army is refused, naming file and line", function()
  local three = function() parse('history:\n  winner: 3\n  result: "x"\n  source: "y"\n') end
  T.raises(three, "test.yaml:7")
  T.raises(three, "winner should be 1 or 2")
  T.raises(function() parse('history:\n  result: "x"\n  source: "y"\n') end, "found nothing")
end)

T.case("history: a misspelt key and a missing source are refused", function()
  local typo = function() parse('history:\n  winner: 1\n  reslt: "x"\n  source: "y"\n') end
  T.raises(typo, "test.yaml:8")
  T.raises(typo, "unknown key 'reslt'")
  T.raises(function() parse('history:\n  winner: 1\n  result: "x"\n') end, "say where it is told")
end)

local function share(rate, low, high) return { rate = rate, low = low, high = high } end

T.case("history: the sim agrees when the historical winner's interval lies above the other's", function()
  local o = { side1_wins = share(0.7, 0.63, 0.76), side2_wins = share(0.25, 0.19, 0.31), draws = share(0.05, 0.03, 0.09) }
  T.eq(history.verdict({ winner = 1 }, o), "agrees")
  T.eq(history.verdict({ winner = 2 }, o), "reversed")
end)

T.case("history: overlapping intervals are even; a drawn day is judged by the draws", function()
  local o = { side1_wins = share(0.48, 0.41, 0.55), side2_wins = share(0.44, 0.37, 0.51), draws = share(0.08, 0.05, 0.13) }
  T.eq(history.verdict({ winner = 1 }, o), "even")
  T.eq(history.verdict({ winner = "draw" }, o), "decides")
  local drawn = { side1_wins = share(0.2, 0.15, 0.26), side2_wins = share(0.2, 0.15, 0.26), draws = share(0.6, 0.53, 0.67) }
  T.eq(history.verdict({ winner = "draw" }, drawn), "agrees")
end)
