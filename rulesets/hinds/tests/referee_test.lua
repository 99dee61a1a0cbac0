-- The referee's checks for Hinds' rules (rulesets/hinds/referee.lua): each
-- invariant against a situation set up by hand that breaks it, and one
-- that keeps it; the allowances from §2's table in hexagons.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("hinds.battle")
local turn = require("hinds.turn")
local R = require("hinds.referee")
local lreferee = require("lib.referee")
local H = require("hinds.hexes")
local fixtures = require("hinds.tests.fixtures")
local foot = fixtures.foot

local function G_of(units1, units2)
  return battle.skirmish{ dice = dice.forced({}), log = false, table = { cols = 10, rows = 10 },
    sides = { { units = units1 }, { units = units2 } } }
end


local function inv(id)
  for _, i in ipairs(R.invariants) do if i.id == id then return i end end
  error("no invariant " .. id)
end

-- Watches G with the hinds checks; returns a function playing `fn` as the
-- phase `name` of the current turn, and the error the referee raised, if any.
local function watched(G)
  local ref = lreferee.new{ checks = R }
  lreferee.watch({ referee = ref }, G)
  return function(name, fn)
    G.bf:set_time(G.turn, name)
    fn()
    local ok, err = pcall(function() G.bf:set_time(G.turn, name .. " done") end)
    if ok then return nil end
    return tostring(type(err) == "table" and (err.user_message or err.message) or err)
  end
end

T.case("Referee §2 allowances in hexagons: ceil(units / 6) from the table", function()
  local G = G_of({ foot("hi", 1, { 5, 2 }), foot("li", 4, { 3, 2 }), { id = "lc", arm = "mounted", class = 3, bases = 4,
                   per_base = 3, at = { 1, 2 } } }, {})
  local hi, li, lc = G.by_id[1].hi, G.by_id[1].li, G.by_id[1].lc
  T.eq({ R.hexes(G, hi, "forward"), R.hexes(G, hi, "rear"), R.hexes(G, hi, "charge") }, { 1, 1, 1 })
  T.eq({ R.hexes(G, li, "forward"), R.hexes(G, li, "charge") }, { 1, 2 }, "6 units: one hexagon; 7: two")
  T.eq({ R.hexes(G, lc, "forward"), R.hexes(G, lc, "turned") }, { 2, 1 })
  T.eq(R.allowance(G, lc, "forward"), 2 * H.SIZE)
end)

T.case("Referee §2: a unit moving two hexagons in a turn on a one-hexagon allowance is caught (hexes_per_turn)", function()
  local G = G_of({ foot("hi", 1, { 5, 2 }) }, {})
  local uid = G.by_id[1].hi
  local d = G.D[uid]
  local phase = watched(G)
  local step = function()
    for i, dir in ipairs(H.DIRS) do
      if H.relative(d.facing, i) == "front" then turn.place(G, uid, d.q + dir[1], d.r + dir[2], d.facing, "forward"); return end
    end
  end
  T.eq(phase("retreats", step), nil, "one hexagon: within the allowance")
  local err = phase("movement", step)
  T.truthy(err and err:find("hexes_per_turn", 1, true), "a second hexagon in the same turn: " .. tostring(err))
end)

T.case("Referee §4: a retreat toward the enemy is caught (retreat_away); away from it is not", function()
  local G = G_of({ foot("a", 2, { 5, 4 }) }, { foot("e", 2, { 5, 7 }) })
  local uid = G.by_id[1].a
  local d = G.D[uid]
  local e = G.D[G.by_id[2].e]
  local enemies = { { e.q, e.r } }
  local info = { moved = {}, notes = { [uid] = { { retreat_from = { d.q, d.r }, enemies = enemies } } }, name = "movement",
                 turn = 1 }
  local function to(bearing)
    for i, dir in ipairs(H.DIRS) do
      if H.BEARINGS[i] == bearing then turn.place(G, uid, d.q + dir[1], d.r + dir[2], d.facing, "flight"); return end
    end
  end
  to(-150)   -- south-east: toward its own edge
  T.eq(inv("retreat_away").check(G, info), nil)
  info.notes[uid] = { { retreat_from = { d.q, d.r }, enemies = enemies } }
  to(30)     -- north-west: toward the enemy
  to(-30)
  local p = inv("retreat_away").check(G, info)
  T.truthy(p and #p >= 1, "toward the enemy")
end)

T.case("Referee: one unit to a hexagon (one_per_hex)", function()
  local G = G_of({ foot("a", 2, { 5, 4 }), foot("b", 2, { 3, 4 }) }, {})
  local check = inv("one_per_hex").check
  T.eq(check(G, {}), nil)
  local a, b = G.D[G.by_id[1].a], G.D[G.by_id[1].b]
  b.q, b.r = a.q, a.r          -- b's record says it stands on a's hexagon
  local p = check(G, {})
  T.truthy(p and #p >= 1, "two units on one hexagon")
end)

T.case("Referee §4: a ready unit under half strength after the rout phase is caught (leave_field)", function()
  local G = G_of({ foot("a", 2, { 5, 4 }) }, {})
  local d = G.D[G.by_id[1].a]
  T.eq(inv("leave_field").check(G, { name = "rout" }), nil)
  d.figures = 10
  T.truthy(inv("leave_field").check(G, { name = "rout" }), "under half, still in action")
end)
