-- WRG 1973 MOVEMENT, GENERAL: "Both sides move simultaneously, before any
-- shooting or hand-to-hand combat is adjudicated." The battle makes the
-- ordinary moves one after another (wrg.period.simultaneous_charges,
-- S.move_order): the sides' units alternate, and which side moves first is
-- drawn by lot each period, so that neither side always has the table to
-- itself first. (In G.all's order side 1's units always moved first: a
-- Hunnic mirror match at Chalons went 72% to side 1 and, with the order
-- reversed, 72% to side 2.)
local T = require("lib.testing")
local F = require("wrg.tests.fixtures")
local setup = require("wrg.setup")
local tables = require("wrg.tables")
local S = require("wrg.period.simultaneous_charges")

local MM = tables.MM_PER_PACE
local unit, fight, play = F.unit, F.fight, F.play
local LOT = "WRG ordinary moves: which side moves first"

-- Two bodies of foot facing each other 90 paces apart, each ordered to
-- advance 60 paces: they cannot both make the whole move. `lot`: the die of
-- the lot. Returns the paces each side's unit moved and the account.
local function race(lot)
  local a = unit("a", "MI", 600, 300, 0)
  local b = unit("b", "MI", 600, 0, 180)
  local _, adp = setup.footprint(a)
  local _, bdp = setup.footprint(b)
  b.at = { 600, 300 + adp / 2 + 90 * MM + bdp / 2, 180 }
  local function go(G, uid)
    local _, _, f = G.bf:pos(uid)
    return G.turn == 1 and { bearing = f, distance = 60 } or nil
  end
  local G, lines = fight{ dice = F.rigged({ [LOT] = { lot } }), side1 = { a }, side2 = { b },
    cmd1 = F.commander{ move = go }, cmd2 = F.commander{ move = go } }
  local ia, ib = G.by_id[1].a, G.by_id[2].b
  local moved = {}
  G.bf:on_time(function(_, t, phase)
    if t == 1 and phase == "movement" then moved[1], moved[2] = G.D[ia].moved, G.D[ib].moved end
  end)
  play(G)
  G.bf:on_time(nil)
  return moved, table.concat(lines, "\n")
end

T.case("WRG 1973 MOVEMENT, GENERAL: which side makes its ordinary moves first is drawn by lot (1-3 side 1)", function()
  local m, account = race(2)
  T.near(m[1], 60, 0.5, "side 1 drew the lot: its foot make their whole move\n" .. account)
  T.near(m[2], 30, 0.5, "side 2's foot go on until they meet them")
  m, account = race(5)
  T.near(m[2], 60, 0.5, "side 2 drew the lot: its foot make their whole move\n" .. account)
  T.near(m[1], 30, 0.5, "side 1's foot go on until they meet them")
end)

T.case("WRG 1973 MOVEMENT, GENERAL: the sides' units alternate in the order of ordinary moves", function()
  -- three units a side 100 paces apart, and a fourth of side 2 behind
  local function lines(n, y, facing, prefix)
    local out = {}
    for i = 1, n do out[i] = unit(prefix .. i, "MI", 300 + 250 * i, y, facing) end
    return out
  end
  local two = lines(3, 300 + 100 * MM + 60, 180, "b")
  two[4] = unit("b4", "MI", 550, 300 + 100 * MM + 260, 180)
  local G = fight{ dice = F.rigged({ [LOT] = { 6, 1 } }), side1 = lines(3, 300, 0, "a"), side2 = two }
  local a = { G.by_id[1].a1, G.by_id[1].a2, G.by_id[1].a3 }
  local b = { G.by_id[2].b1, G.by_id[2].b2, G.by_id[2].b3, G.by_id[2].b4 }
  T.eq(S.move_order(G), { b[1], a[1], b[2], a[2], b[3], a[3], b[4] },
    "side 2 drew the lot (6): 2, 1, 2, 1, 2, 1, and the larger side's last unit moves last")
  T.eq(S.move_order(G), { a[1], b[1], a[2], b[2], a[3], b[3], b[4] }, "side 1 drew the lot (1)")
end)

T.case("WRG 1973 MOVEMENT, GENERAL: no lot when only one side may move (the other holds)", function()
  local function period(order2)
    local lot = { 6 }
    local G = fight{ dice = F.rigged({ [LOT] = lot }), side1 = { unit("a", "MI", 600, 300, 0) },
                     side2 = { unit("b", "MI", 600, 300 + 200 * MM, 180, { set = { order = order2 } }) },
                     cmd1 = F.commander{ move = function() return nil end },
                     cmd2 = F.commander{ move = function() return nil end } }
    play(G)
    return #lot
  end
  T.eq(period("hold"), 1, "side 2 holds: the lot is not drawn")
  T.eq(period("attack"), 0, "both may move: the lot is drawn")
end)
