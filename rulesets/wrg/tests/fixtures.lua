-- What the WRG scripted-situation tests share: units written by hand, a
-- commander that decides nothing unless told, a hand-placed battle played
-- through the engine, dice forced by purpose, the events of a period.
local dice = require("sandtable.dice")
local battle = require("wrg.battle")
local turn = require("wrg.turn")
local ai = require("wrg.ai")

local F = {}

-- A unit for battle.skirmish: C class spearmen, 8 figures in 2 ranks, at
-- (x, y) mm facing `facing`; `extra` overrides any field.
function F.unit(id, ty, x, y, facing, extra)
  local u = { id = id, type = ty, class = "C", weapons = { "spear" }, figures = 8, ranks = 2, at = { x, y, facing or 0 } }
  for k, v in pairs(extra or {}) do u[k] = v end
  return u
end

-- A commander that declares nothing, moves nothing and neither gives nor
-- takes a challenge unless told.
function F.commander(t)
  local quiet = { charge_target = function() return nil end, countercharge = function() return false end,
                  move = function() return nil end, formation = function() return nil end,
                  challenge = function() return nil end, accept_challenge = function() return false end }
  for k, v in pairs(t or {}) do quiet[k] = v end
  return setmetatable(quiet, { __index = ai })
end

-- A unit far from everything, so a side has an army.
F.FAR = F.unit("far", "MI", 1700, 1150, 180)

-- A hand-placed battle: opts.side1, opts.side2 (units), opts.cmd1, opts.cmd2,
-- opts.dice or opts.seed, opts.terrain. Returns G and its account's lines.
function F.fight(opts)
  local lines = {}
  local G = battle.skirmish{
    dice = opts.dice or dice.random(opts.seed or 1),
    report = function(l) lines[#lines + 1] = l end,
    table = opts.terrain and { terrain = opts.terrain } or nil,
    sides = {
      { units = opts.side1, commander = opts.cmd1 or F.commander() },
      { units = opts.side2 or { F.FAR }, commander = opts.cmd2 or F.commander() },
    },
  }
  return G, lines
end

-- A dice source that shows the given values for rolls whose purpose starts
-- with a given text, in order, and seeded random rolls otherwise.
function F.rigged(by_purpose, seed)
  local r = dice.random(seed or 1)
  return {
    roll = function(_, n, purpose)
      for prefix, vals in pairs(by_purpose) do
        if purpose and purpose:sub(1, #prefix) == prefix and #vals > 0 then return table.remove(vals, 1) end
      end
      return r:roll(n, purpose)
    end,
  }
end

-- The logged events of a kind (in period `when`, if given).
function F.events(G, kind, when)
  local out = {}
  for _, e in ipairs(G.bf:events()) do
    if e.kind == kind and (when == nil or e.turn == when) then out[#out + 1] = e end
  end
  return out
end

-- One period through the engine.
function F.play(G)
  turn.play(G)
  G.turn = G.turn + 1
end

return F
