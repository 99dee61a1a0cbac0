-- The pieces every ruleset's mirror-swap test shares (issue #13: "Mirror
-- matches (the same army on both sides, sides swapped): win rates equal").
-- A mirror match is fought twice, the second time with each paired throw's
-- two rolls exchanged between the sides; a ruleset whose engine and
-- commander never look at a side's number then fights the same battle with
-- the sides' roles swapped (rulesets/phalanx/tests/mirror_swap.lua,
-- rulesets/historicon/tests/mirror_swap.lua say what "the same" is for
-- each: the same places, or the same places reflected).
--
--   local mirror_swap = require("lib.mirror_swap")
--   local prepared = mirror_swap.prepare("scenarios/x.yaml", 2, adjust)
--   local d = mirror_swap.swapped_dice(dice.random(seed), paired)
local battle_trial = require("lib.battle_trial")
local dice = require("sandtable.dice")

local M = {}

-- A scenario's army `which` on both sides (as `quality --mirror` fights it);
-- adjust(s), if given, changes the scenario further (open ground, say).
function M.prepare(path, which, adjust)
  return battle_trial.prepare({ scenario = path }, function(s)
    local a = s.armies[which]
    s.armies = { a, { army = a.army, commander = a.commander, name = a.name, file = a.file } }
    if adjust then adjust(s) end
  end)
end

-- Whether a roll's purpose is side n's half of a paired throw: the purpose
-- names ", side n" at its end or before " (" (the rule's name). A ruleset
-- whose purposes are narrower passes its own test.
function M.paired(purpose, n)
  if not purpose then return false end
  return purpose:find(", side " .. n .. "$") ~= nil or purpose:find(", side " .. n .. " (", 1, true) ~= nil
end

-- The dice `inner` with each paired throw's two rolls exchanged: side 1's
-- throw (rolled first, by the rules' order) returns what side 2's would
-- have, and side 2's the roll side 1 made; every other roll unchanged.
-- paired(purpose, n) says which rolls pair (default M.paired).
function M.swapped_dice(inner, paired)
  paired = paired or M.paired
  local w = {}
  function w:roll(die, purpose)
    if paired(purpose, 1) then
      local one = inner:roll(die, purpose)
      local two = inner:roll(die, (purpose:gsub(", side 1", ", side 2", 1)))
      self.pending = one
      return two
    elseif paired(purpose, 2) then
      local one = self.pending
      if one == nil then error("mirror_swap: a side 2 throw without side 1's before it: " .. purpose) end
      self.pending = nil
      return one
    end
    return inner:roll(die, purpose)
  end
  return setmetatable(w, { __index = function(_, k)
    local v = inner[k]
    if type(v) == "function" then return function(_, ...) return v(inner, ...) end end
    return v
  end })
end

-- One battle of a prepared mirror, quiet: the run's result (winner, reason,
-- turns, first, state) and, per turn, what snapshot(bf) makes of the table.
-- swap_sides: the paired throws exchanged (paired as for swapped_dice);
-- default_turns: the turn limit when the scenario gives none.
function M.fight_one(prepared, seed, swap_sides, default_turns, snapshot, paired)
  local s = prepared.scenario
  local commanders = {}
  for i, entry in ipairs(s.armies) do commanders[i] = entry.commander end
  local d = dice.random(seed)
  local places = {}
  local r = prepared.battle.run{
    rules = prepared.rules, scenario = s, armies = prepared.armies, commanders = commanders,
    dice = swap_sides and M.swapped_dice(d, paired) or d, seed = seed, turns = s.turns or default_turns,
    log = false,
    turn_ended = function(bf, t) places[t] = snapshot(bf) end,
  }
  return r, places
end

return M
