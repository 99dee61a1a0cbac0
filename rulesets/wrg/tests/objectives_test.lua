-- WRG Ancients 1973, WINNERS AND LOSERS: objective points, with units set
-- by hand on the battlefield (battle.skirmish) and the battle's own
-- adjudication of the result (victory.decide).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("wrg.battle")
local victory = require("wrg.victory")
local objectives = require("wrg.objectives")
local tables = require("wrg.tables")

local MM = tables.MM_PER_PACE

local function field(side2_at, extra1)
  local side1 = { { id = "a", type = "MI", weapons = { "spear" }, figures = 8, ranks = 2, at = { 600, 600, 0 } } }
  for _, u in ipairs(extra1 or {}) do side1[#side1 + 1] = u end
  return battle.skirmish{
    dice = dice.random(1),
    table = { terrain = "none", objectives = { { name = "the hill top", x = 60, y = 60, r = 3, points = 100 } } },
    sides = { { units = side1 },
              { units = { { id = "b", type = "MI", weapons = { "spear" }, figures = 8, ranks = 2, at = side2_at } } } },
  }
end

-- "A feature is defined as under control if a friendly force is occupying
-- it ... and if no enemy is able to charge that force next period. If an
-- enemy is able to charge next period, the blocking or occupying force may
-- claim half the points, the other side none."
T.case("WRG 1973 WINNERS AND LOSERS: objective points, full, half when the enemy can charge, none when contested", function()
  local G = field({ 1600, 1100, 180 })
  T.eq({ objectives.control(G, G.objectives[1]) }, { 1, 1 }, "occupied, no enemy able to charge: side 1, full")
  local p = objectives.points(G)
  T.eq(p, { 100, 0 }, "100 objective points")
  local winner, reason = victory.decide(G)
  T.eq({ winner, reason }, { 1, "points" }, "equal armies: the objective decides (10% of the original points)")
  -- an enemy 60 paces off (within its 80-pace charge): half
  G = field({ 600, 600 + 40 + 60 * MM, 180 })
  T.eq({ objectives.control(G, G.objectives[1]) }, { 1, 0.5 }, "an enemy able to charge: half")
  -- both on it: nobody's
  G = field({ 600, 600 + 40, 180 })
  G.bf:place(G.by_id[2].b, 600, 600 + 38, 180)
  T.eq(objectives.control(G, G.objectives[1]), nil, "contested: nobody's")
end)

-- "... or blocking direct enemy access to it": nobody on it, a friendly
-- unit on the line from the only enemy within reach of it.
T.case("WRG 1973 WINNERS AND LOSERS: blocking direct enemy access", function()
  -- the enemy 75 paces from the hill top's edge (within its 80-pace charge
  -- of it); side 1 between them, 20 paces from the edge
  local G = field({ 600, 600 + 30 + 75 * MM, 180 })
  G.bf:place(G.by_id[1].a, 600, 600 + 30 + 20 * MM + 20, 0)
  local side, share = objectives.control(G, G.objectives[1])
  T.eq(side, 1, "side 1 blocks it")
  T.eq(share, 0.5, "the enemy, 31 paces from the blockers, can charge them: half")
  G.bf:place(G.by_id[1].a, 800, 600 + 30 + 20 * MM + 20, 0)
  T.eq(objectives.control(G, G.objectives[1]), nil, "off the line of the enemy's access: no hold")
end)

T.case("WRG 1973 WINNERS AND LOSERS: a malformed objective is refused with its place", function()
  T.raises(function() objectives.parse({ { x = 1, y = 2, r = 3 } }, function(p) return "scen.yaml:7 (" .. p .. ")" end) end,
    "scen.yaml:7 (/table/objectives/0): an objective is", "missing points")
end)
