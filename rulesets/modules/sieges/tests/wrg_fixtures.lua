-- What the sieges module's WRG tests share: a WRG instance with the
-- `sieges` option, a square test fort (and a palisaded camp), a unit maker,
-- a commander that does nothing unless told, and a situation set up by hand
-- on a real battlefield (battle.skirmish), played through the battle engine.
--
--   local F = require("modules.sieges.tests.wrg_fixtures")
--   local G, lines = F.situation{ side1 = { F.unit("lp", "MI", 600, 300) } }
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")
local ST = require("modules.sieges.wrg.state")

local F = {}

F.rules = ruleset.load("wrg", { options = { "sieges" } })
F.battle = F.rules.require("wrg.battle")
F.turn = F.rules.require("wrg.turn")
F.ai = F.rules.require("wrg.ai")
F.tables = F.rules.require("wrg.tables")
F.MM = F.tables.MM_PER_PACE

-- A square fort 40 x 40 cm, its south face at y = 500 mm: a wall, a gate in
-- the middle (x 550-650), a wall; the other faces walls.
F.FORT = {
  type = "fortification", name = "test fort", defender = 2, sections = {
    { kind = "wall", from = { 40, 50 }, to = { 55, 50 } }, { kind = "gate", from = { 55, 50 }, to = { 65, 50 } },
    { kind = "wall", from = { 65, 50 }, to = { 80, 50 } }, { kind = "wall", from = { 80, 50 }, to = { 80, 90 } },
    { kind = "wall", from = { 80, 90 }, to = { 40, 90 } }, { kind = "wall", from = { 40, 90 }, to = { 40, 50 } } } }
-- A palisaded camp 27 x 30 cm, its south face at y = 500 mm, in 9 cm stretches.
F.PALISADE = {
  type = "fortification", name = "test camp", defender = 2, sections = {
    { kind = "palisade", from = { 40, 50 }, to = { 49, 50 } }, { kind = "palisade", from = { 49, 50 }, to = { 58, 50 } },
    { kind = "palisade", from = { 58, 50 }, to = { 67, 50 } }, { kind = "palisade", from = { 67, 50 }, to = { 67, 80 } },
    { kind = "palisade", from = { 67, 80 }, to = { 40, 80 } }, { kind = "palisade", from = { 40, 80 }, to = { 40, 50 } } } }

-- A unit of 8 class C figures in 2 ranks with spears, at (x, y, facing);
-- `extra` overrides any field.
function F.unit(id, ty, x, y, facing, extra)
  local u = { id = id, type = ty, class = "C", weapons = { "spear" }, figures = 8, ranks = 2, at = { x, y, facing or 0 } }
  for k, v in pairs(extra or {}) do u[k] = v end
  return u
end

-- A commander that declares nothing and moves nothing unless told.
function F.commander(t)
  local quiet = { charge_target = function() return nil end, countercharge = function() return false end,
                  move = function() return nil end, formation = function() return nil end }
  for k, v in pairs(t or {}) do quiet[k] = v end
  return setmetatable(quiet, { __index = F.ai })
end

-- A garrison unit far off in the north-east corner (each side needs one).
F.FAR = F.unit("far", "MI", 1700, 1150, 180)

-- opts: side1, side2 (unit lists), cmd1, cmd2 (commanders; default: quiet),
-- terrain (default: the test fort besieged by side 1, with opts.engines),
-- dice or seed. Returns G and the account's lines.
function F.situation(opts)
  local lines = {}
  local G = F.battle.skirmish{
    dice = opts.dice or dice.random(opts.seed or 1),
    report = function(l) lines[#lines + 1] = l end,
    table = { terrain = opts.terrain or { F.FORT, { type = "siege", besieger = 1, engines = opts.engines } } },
    sides = {
      { units = opts.side1 or { F.unit("far1", "MI", 100, 100) }, commander = opts.cmd1 or F.commander() },
      { units = opts.side2 or { F.FAR }, commander = opts.cmd2 or F.commander() },
    },
  }
  ST.init(G)
  return G, lines
end

-- One period played through the engine.
function F.play(G)
  F.turn.play(G)
  G.turn = G.turn + 1
end

-- The y of a unit of depth d standing with its front 1 mm off the south face (y = 500).
function F.at_foot(depth) return 500 - 1 - depth / 2 end

return F
