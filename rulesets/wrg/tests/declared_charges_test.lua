-- WRG Ancients 1973, CHARGING: the charger "must turn to face its target"
-- before it runs in (MOVEMENT: turns are made before the normal move
-- distance is exceeded), and "a charge normally terminates on the line of
-- first contact". The default commander tries a charge on the table
-- (ai.charge_path) and declares it at the enemy the trial strikes first; the
-- battle then turns the charger to face THAT enemy. A trial run at one enemy
-- that strikes another on its way says nothing of a charge turned to face
-- the other: the commander must try the charge it declares.
--
-- Issue #13, session eight: the Medway at 15mm, one inch to ten paces
-- (`battle --seed 8988006683792899478`, period 4). Cohors I Batavorum stood
-- touching Legio XIV, which was locked in melee with the Warband of the
-- Catuvellauni. Its trial charge at the Chariots of the nobles, turned to
-- face them, ran into the warband first; the commander declared a charge at
-- the warband; turned to face the warband, the cohort's first step ran into
-- the legion and the charge moved 6e-14 mm (the quality report's "moved 0").
-- The positions below are that battle's at the start of period 4.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")

local function situation()
  local rules = ruleset.load("wrg", { scale = "15mm_inch" })
  local battle, ai = rules.require("wrg.battle"), rules.require("wrg.ai")
  local turn = rules.require("wrg.turn")
  -- side 2 declares nothing and does not move; side 1 is the default commander
  local still = setmetatable({ charge_target = function() return nil end, countercharge = function() return false end,
    move = function() return nil end, formation = function() return nil end }, { __index = ai })
  local lines = {}
  local G = battle.skirmish{ rules = rules, dice = dice.random(1), report = function(l) lines[#lines + 1] = l end, sides = {
    { units = {
      { id = "leg", type = "HI", class = "C", weapons = { "pilum", "javelin" }, figures = 24, ranks = 4,
        at = { 817.1726423334397, 562.7006129387579, 1.38865000649327 } },
      { id = "coh", type = "LHI", class = "C", weapons = { "javelin" }, figures = 16, ranks = 2,
        at = { 880.4768829327288, 608.2019454879339, 48.457063722483085 } },
    }, commander = ai },
    { units = {
      { id = "wb", type = "LMI", class = "D", regular = false, weapons = { "sword", "javelin" }, figures = 40, ranks = 4,
        at = { 814.6558452539304, 666.5234722832885, -131.54293627751693 } },
      { id = "ch", type = "CH", class = "B", regular = false, weapons = {}, figures = 8, ranks = 1,
        at = { 636.1712715170427, 631.927290524334, -99.1860401755493 } },
    }, commander = still } } }
  local ids = { leg = G.by_id[1].leg, coh = G.by_id[1].coh, wb = G.by_id[2].wb, ch = G.by_id[2].ch }
  -- the legion and the warband are fighting (they touch front to front)
  for _, k in ipairs({ "leg", "wb" }) do G.D[ids[k]].in_melee = true end
  G.D[ids.leg].opponents = { ids.wb }
  G.D[ids.wb].opponents = { ids.leg }
  -- the legion holds; the cohort attacks
  G.D[ids.leg].order = "hold"
  G.D[ids.coh].order = "attack"
  return G, ids, ai, turn, lines
end

T.case("WRG 1973 CHARGING: the commander tries the charge it declares (the enemy struck on the way to another)", function()
  local G, u, ai = situation()
  T.near(G.bf:distance(u.coh, u.leg), 0, 0.01, "the cohort touches the legion")
  T.truthy(G.bf:distance(u.coh, u.wb) > 20, "the warband is some way off")
  -- the situation: a charge run at the chariots strikes the warband first;
  -- one turned to face the warband runs into the legion
  T.eq(ai.charge_path(G, u.coh, u.ch), u.wb, "turned to face the chariots, the path's first enemy is the warband")
  T.eq(ai.charge_path(G, u.coh, u.wb), nil, "turned to face the warband, the cohort runs into the legion")
  local t = ai.charge_target(G, u.coh)
  T.truthy(t ~= u.wb, "no charge declared at the warband (declared: " .. tostring(t) .. ")")
  if t then T.eq(ai.charge_path(G, u.coh, t), t, "a charge declared is one whose own trial strikes its target") end
end)

T.case("WRG 1973 CHARGING: no charge the default commander declares moves nothing (one period played)", function()
  local G, u, _, turn, lines = situation()
  turn.play(G)
  local account = table.concat(lines, "\n")
  for _, e in ipairs(G.bf:events()) do
    if e.kind == "charge" and e.unit == u.coh then
      T.truthy(G.D[u.coh].moved > 0.5 or G.D[u.coh].in_melee,
        "the cohort's declared charge moves it or brings it into contact (moved " .. G.D[u.coh].moved .. ")\n" .. account)
    end
  end
  T.truthy(G.D[u.coh].moved > 0.5, "the cohort does something: it moves (moved " .. tostring(G.D[u.coh].moved) .. ")\n" .. account)
end)
