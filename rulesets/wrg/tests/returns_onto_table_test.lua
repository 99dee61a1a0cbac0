-- TROOPS LEAVING THE FIELD: "Troops who leave the table for any reason
-- except rout will reappear at the same point". A unit that left with its
-- base partly past the edge (an evade or a retreat stopped by the edge's
-- line) reappears at that point of the edge with its whole base on the
-- table (READING: the same point, on the table: it cannot come back half
-- off it). Found by the referee in a fantasy battle (mods/example_dragon,
-- seed 4294609980812114422: elf archers returned 124 mm past the edge).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("wrg.battle")
local turn = require("wrg.turn")
local M = require("lib.manoeuvre")

T.case("TROOPS LEAVING THE FIELD: a unit that left across the edge reappears at the same point, wholly on the table", function()
  local G = battle.skirmish{ dice = dice.forced({ 4 }), sides = {
    { units = { { id = "u", type = "MI", class = "C", weapons = { "spear" }, figures = 8, ranks = 2, at = { 600, 1215, 0 } } } },
    { units = {} } } }
  G.arrivals = {}
  local u = G.by_id[1].u
  local _, depth = G.bf:size()
  T.truthy(not M.on_table(G, u), "it stands across the far edge as it leaves")
  turn.leave_table(G, u, "evaded off the table")
  G.turn = 2
  turn.returns(G)
  T.eq(G.D[u].off_table, nil, "a 4: it returns")
  T.truthy(M.on_table(G, u), "its whole base on the table")
  local x, y, f = G.bf:pos(u)
  T.eq({ x, f }, { 600, 180 }, "at the same point of the edge, facing the table")
  T.truthy(y < depth and y > depth - 60, "against the edge it left by: " .. y)
end)
