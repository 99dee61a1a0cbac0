-- WRG Ancients 1973, THE REACTION TEST: "Hostile Huns within 150 paces"
-- (-1), worked out from the army list (a list of nation "Hun": its units
-- but the subject peoples), played on the Chalons battlefield as deployed
-- (wrg.battle.run, one period) and the engine's own reaction test.
-- Before issue #12's second half the flag it reads was never set.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local loader = require("sandtable.loader")
local parse = require("lib.scenario").parse
local lbattle = require("lib.battle")
local wbattle = require("wrg.battle")
local turn = require("wrg.turn")
local tables = require("wrg.tables")

local MM = tables.MM_PER_PACE

T.case("WRG 1973 THE REACTION TEST: hostile Huns within 150 paces", function()
  local p = lbattle.prepare(parse(loader.read("scenarios/wrg/chalons.yaml"), "chalons.yaml", "scenarios/wrg"))
  local r = wbattle.run{ rules = p.rules, scenario = p.scenario, armies = p.armies, commanders = { "ai", "ai" },
                         dice = dice.random(1), turns = 1, log = false }
  local G = r.state
  local hun, gepid, roman
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if d.id == "horde_a" then hun = uid end
    if d.id == "gepids" then gepid = uid end
    if d.side == 1 and d.id == "legio" then roman = uid end
  end
  T.truthy(G.D[hun].huns, "a horde of the Hunnic list is Huns")
  T.truthy(not G.D[gepid].huns, "its Gepid subjects are not")
  T.eq(G.D[gepid].allegiance, "subject", "they are subject levies")
  -- put the horde 100 paces in front of the legion, everything else far off
  for _, uid in ipairs(G.all) do
    if uid ~= roman and uid ~= hun and not G.D[uid].gone and not G.D[uid].off_table then
      G.bf:place(uid, G.D[uid].side == 1 and 100 or 1700, G.D[uid].side == 1 and 100 + uid * 5 or 1150 - uid * 5, 0)
    end
  end
  local x, y = G.bf:pos(roman)
  G.bf:place(hun, x, y + 100 * MM + 60, 180)
  local out = turn.test(G, roman, "test")
  local f
  for _, t in ipairs(out.terms or {}) do if t.id == "huns" then f = t.after - t.before end end
  if not out.terms then
    G.report = function() end
    out = turn.test(G, roman, "test")
    for _, t in ipairs(out.terms or {}) do if t.id == "huns" then f = t.after - t.before end end
  end
  T.eq(f, -1, "hostile Huns within 150 paces: -1")
end)
