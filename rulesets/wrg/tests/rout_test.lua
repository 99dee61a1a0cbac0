-- WRG Ancients 1973, ROUT AND PURSUIT: routers meeting friends turn towards
-- a gap, played through the battle engine (turn.play).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("wrg.battle")
local turn = require("wrg.turn")
local tables = require("wrg.tables")
local ai = require("wrg.ai")

local quiet = setmetatable({ charge_target = function() return nil end, countercharge = function() return false end,
                             move = function() return nil end, formation = function() return nil end,
                             challenge = function() return nil end }, { __index = ai })

-- "If they meet friendly troops, they will turn towards any gap at least 20
-- paces wide within 50 paces. Failing this, they will burst through the
-- friendly unit." A router of 2 medium infantry (one file, 6 paces wide)
-- runs south (its first period of rout, no enemy near: straight on, 60 paces) at a line of
-- two friendly units 28 paces ahead, each 118 paces wide; its path meets
-- the right-hand one 20 paces from its left end (the line's ends are more
-- than 50 paces off).
T.case("WRG 1973 ROUT AND PURSUIT: a router turns towards a gap in its friends, else bursts through", function()
  local function run(gap_mm)
    local G = battle.skirmish{
      dice = dice.random(1), report = function() end,
      sides = {
        { units = { { id = "r", type = "MI", regular = false, class = "D", weapons = { "spear" }, figures = 2, ranks = 2,
                      at = { 600, 580, 180 }, set = { routing = true, rout_periods = 0, has_routed = true, disorganised = true } },
                    { id = "a", type = "MI", weapons = { "spear" }, figures = 20, ranks = 1, at = { 700, 480, 0 } },
                    { id = "b", type = "MI", weapons = { "spear" }, figures = 20, ranks = 1, at = { 550 - gap_mm - 150, 480, 0 } } },
          commander = quiet },
        { units = { { id = "far", type = "MI", weapons = { "spear" }, figures = 8, ranks = 2, at = { 1700, 1150, 180 } } },
          commander = quiet },
      },
    }
    turn.play(G)
    local turned = 0
    for _, e in ipairs(G.bf:events()) do if e.kind == "rout_gap" then turned = turned + 1 end end
    return G, turned
  end
  local G, turned = run(60)   -- a gap of 60 mm (24 paces) to the west of "a"
  T.eq(turned, 1, "it turns towards the gap")
  T.truthy(not G.D[G.by_id[1].a].disorganised, "and does not burst through the unit in its way")
  G, turned = run(0)          -- no gap: the two units touch
  T.eq(turned, 0, "no gap: no turn")
  T.truthy(G.D[G.by_id[1].a].disorganised or G.D[G.by_id[1].b].disorganised, "it bursts through (they are disorganised)")
end)
