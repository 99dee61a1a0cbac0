-- WRG Ancients 1973: reorganising (RALLYING BROKEN TROOPS "Once having
-- rallied from rout, troops require a further period to reorganise before
-- they can move forward again"; EVADING "remain halted reorganising for the
-- whole of the next period"; UNCONTROLLED ADVANCE "the unit will halt and
-- spend a period reorganising"), played through the battle engine.
-- Found while rating the sections for issue #12: the period's counter went
-- down at the upkeep before the movement, so a reorganising unit moved in
-- its period of reorganising, and the charge declaration read the spent
-- counter (0, true in Lua) as still reorganising, so a unit that had once
-- reorganised never charged again.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("wrg.battle")
local turn = require("wrg.turn")
local tables = require("wrg.tables")
local ai = require("wrg.ai")

local MM = tables.MM_PER_PACE

T.case("WRG 1973 RALLYING BROKEN TROOPS: a period reorganising standing, then free to move and charge", function()
  local G
  G = battle.skirmish{
    dice = dice.random(1),
    sides = {
      { units = { { id = "c", type = "HC", weapons = { "lance" }, figures = 4, ranks = 1, fanatic = true,
                    at = { 600, 300, 0 }, set = { reorganising = 1 } } },
        commander = setmetatable({ charge_target = function() return G.by_id[2].e end,
                                   countercharge = function() return false end,
                                   move = function() return { bearing = 0, distance = 1000, advancing = true } end,
                                   formation = function() return nil end,
                                   challenge = function() return nil end }, { __index = ai }) },
      { units = { { id = "e", type = "MI", weapons = { "spear" }, figures = 8, ranks = 2,
                    at = { 600, 300 + 20 + 150 * MM + 20, 180 } } },
        commander = setmetatable({ charge_target = function() return nil end, countercharge = function() return false end,
                                   move = function() return nil end, formation = function() return nil end,
                                   challenge = function() return nil end }, { __index = ai }) },
    },
  }
  local c = G.by_id[1].c
  local x0, y0 = G.bf:pos(c)
  turn.play(G); G.turn = G.turn + 1
  local x1, y1 = G.bf:pos(c)
  T.near(math.sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2), 0, 0.01, "period 1: reorganising, it stands")
  T.truthy(not G.D[c].charging, "and does not charge")
  turn.play(G); G.turn = G.turn + 1
  local charged = false
  for _, e in ipairs(G.bf:events()) do if e.kind == "charge" and e.unit == c then charged = true end end
  T.truthy(charged, "period 2: reorganised, it charges the enemy 150 paces off (its charge reach is 180)")
end)
