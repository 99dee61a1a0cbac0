-- WRG 1973: the default commander's choices (rulesets/wrg/ai.lua), each on a
-- hand-placed situation of the battle engine.
local T = require("lib.testing")
local F = require("wrg.tests.fixtures")
local setup = require("wrg.setup")
local tables = require("wrg.tables")
local ai = require("wrg.ai")

local MM = tables.MM_PER_PACE
local unit, fight = F.unit, F.fight

-- A side-1 unit under an "attack" order facing a side-2 unit `gap` paces
-- ahead; returns G and the two ids.
local function facing(u, enemy, gap)
  local _, udp = setup.footprint(u)
  local _, edp = setup.footprint(enemy)
  u.at = { 600, 300, 0 }
  u.set = { order = "attack" }
  enemy.at = { 600, 300 + udp / 2 + gap * MM + edp / 2, 180 }
  local G = fight{ side1 = { u }, side2 = { enemy } }
  return G, G.by_id[1][u.id], G.by_id[2][enemy.id]
end

T.case("WRG commander (issue #13): bowmen stand and shoot at an enemy in good order within their range", function()
  -- the referee's missile-charges-instead-of-shooting (wrg.absurd_acts):
  -- a charger does not shoot; Gaugamela's Sparabara charged the Companions
  -- 41 times in 50 battles
  local G, b, h = facing(unit("b", "MI", 0, 0, 0, { class = "A", figures = 12, ranks = 2, weapons = { "bow" } }),
    unit("h", "LMI", 0, 0, 180, { class = "D", figures = 6, ranks = 1, weapons = { "javelin" } }), 40)
  T.truthy(G.bf:distance(b, h) <= G.D[b].range * MM, "the enemy stands within the bows' range")
  T.eq(ai.charge_target(G, b), nil, "the bowmen do not charge it")
  G.D[h].disorganised = true
  T.eq(ai.charge_target(G, b), h, "a disorganised enemy they charge")
  -- javelin-armed foot in the same place charge the enemy in good order
  local G2, j, h2 = facing(unit("j", "MI", 0, 0, 0, { class = "A", figures = 12, ranks = 2, weapons = { "javelin" } }),
    unit("h", "LMI", 0, 0, 180, { class = "D", figures = 6, ranks = 1, weapons = { "javelin" } }), 40)
  T.eq(ai.charge_target(G2, j), h2, "javelin-armed foot charge (the javelins are thrown in the charge)")
end)
