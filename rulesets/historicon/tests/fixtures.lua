-- What the Historicon scripted-situation tests share: a commander that
-- decides nothing, and a hand-placed battle played through the engine.
local battle = require("historicon.battle")
local lreferee = require("lib.referee")

local F = {}

-- A commander that forms nothing, orders no move, never evades, shoots at
-- the first target offered, follows up and pursues, never breaks off.
F.passive = {
  forms = function() return {} end, move_order = function() return {} end, move = function() return nil end,
  evade = function() return false end, shoot_target = function(_, _, t) return t[1] end,
  follow_up = function() return true end, pursue = function() return true end, break_off = function() return false end,
}

-- A hand-placed battle (historicon.battle.skirmish) with its account kept in
-- G.lines and its event log on (opts.log = false turns it off); sides
-- without a commander get F.passive. With opts.referee a lib.referee
-- watches it with the ruleset's own checks (historicon.referee).
function F.field(opts)
  opts.log = opts.log ~= false
  local lines = {}
  opts.report = opts.report or function(l) lines[#lines + 1] = l end
  for s = 1, 2 do
    opts.sides[s] = opts.sides[s] or { units = {} }
    opts.sides[s].units = opts.sides[s].units or {}
    opts.sides[s].commander = opts.sides[s].commander or F.passive
  end
  local G = battle.skirmish(opts)
  G.lines = lines
  if opts.referee then
    local ref = lreferee.new{ checks = require("historicon.referee") }
    lreferee.watch({ referee = ref }, G)
  end
  return G
end

return F
