-- §2 movement on the hex board (issue #11): turning at right angles, moves
-- to the rear and roads, with units placed by hand and the movement phase
-- played through the battle engine's own phase list (turn.phases).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("hinds.battle")
local turn = require("hinds.turn")
local ai = require("hinds.ai")
local H = require("hinds.hexes")
local fixtures = require("hinds.tests.fixtures")
local scripted = fixtures.scripted
local foot, horse, phase, next_turn = fixtures.foot, fixtures.horse, fixtures.phase, fixtures.next_turn

local function G_of(units1, units2, opts)
  opts = opts or {}
  return battle.skirmish{ dice = dice.forced(opts.rolls or {}), log = false,
    table = { cols = 10, rows = 10, terrain = opts.terrain },
    sides = { { units = units1, commander = opts.c1 or scripted() }, { units = units2, commander = opts.c2 or scripted() } } }
end




-- The neighbour of (q, r) at bearing b (degrees).
local function toward(q, r, b)
  for i, dir in ipairs(H.DIRS) do
    if H.BEARINGS[i] == b then return q + dir[1], r + dir[2] end
  end
end

T.case("§2 changes of direction: turning in place is a turned move; the 90-turn allowance left over carries to the next move in the new facing", function()
  -- medium infantry (move 4, 90-turn 3) turns from north to north-west (a
  -- corner) in place: its move of the turn, 3 units gathered; the next
  -- turn 4 + 3 = 7 units cross a hexagon
  local G = G_of({ foot("mi", 2, { 5, 4 }) }, {})
  local uid = G.by_id[1].mi
  local d = G.D[uid]
  G.sides[1].commander = scripted({ [uid] = { kind = "hold", facing = 60 } })
  phase(G, "movement")
  T.eq(d.facing, 60)
  T.eq(d.moved_how, "turned", "the turn is the unit's move")
  T.eq(d.carry, 3, "the 90-turn allowance of medium infantry")
  next_turn(G)
  local q, r = toward(d.q, d.r, 30)
  G.sides[1].commander = scripted({ [uid] = { kind = "move", q = q, r = r, how = "forward" } })
  phase(G, "movement")
  T.eq({ d.q, d.r }, { q, r }, "4 + 3 units: one hexagon ahead in the new facing")
end)

T.case("§2 changes of direction: a turned move toward a hexagon gathers the 90-turn allowance until it reaches it", function()
  -- light cavalry (move 8, 90-turn 5) turned toward a hexagon beside it:
  -- 5 units, not yet a hexagon; the next move (5 + 8) crosses it
  local G = G_of({ horse("lc", 3, { 5, 4 }) }, {})
  local uid = G.by_id[1].lc
  local d = G.D[uid]
  local q, r = toward(d.q, d.r, -90)
  G.sides[1].commander = scripted({ [uid] = { kind = "move", q = q, r = r, how = "turned", facing = -60 } })
  phase(G, "movement")
  T.eq(d.facing, -60, "it turned")
  T.eq(d.carry, 5)
  next_turn(G)
  G.sides[1].commander = scripted({ [uid] = { kind = "move", q = q, r = r, how = "forward" } })
  phase(G, "movement")
  T.eq({ d.q, d.r }, { q, r }, "5 + 8 units")
end)

T.case("§2 a move to the rear: skirmishers step back from close enemies at the retreat rate (the default commander)", function()
  -- light archers (retreat 3 units, 3/4 when casting: 2.25) with an enemy
  -- two hexagons ahead step back: a hexagon in three moves
  local G = G_of({ foot("arch", 4, { 5, 4 }, { missile = "bow" }) }, { foot("e", 2, { 5, 6 }) }, { c1 = ai })
  local uid = G.by_id[1].arch
  local d = G.D[uid]
  local q0, r0 = d.q, d.r
  local e = G.D[G.by_id[2].e]
  T.eq(H.distance(d.q, d.r, e.q, e.r), 2)
  for _ = 1, 3 do
    phase(G, "movement")
    next_turn(G)
  end
  T.eq(H.distance(d.q, d.r, q0, r0), 1, "one hexagon back")
  T.eq(H.distance(d.q, d.r, e.q, e.r), 3, "away from the enemy")
  T.eq(d.facing, 0, "facing kept")
end)

T.case("§3 resupply: light troops whose casts are spent go back behind friends (the default commander)", function()
  -- javelin light infantry with its three casts spent; a friend beside it;
  -- the hexagon behind it is behind the friend: retreat 3 units a move.
  -- The friend holds its ground (the default commander would advance it).
  local cmd = setmetatable({}, { __index = ai })
  local G = G_of({ foot("jav", 4, { 5, 4 }, { missile = "javelin" }), foot("f", 2, { 4, 4 }) },
                 { foot("e", 2, { 5, 9 }) }, { c1 = cmd })
  cmd.order = function(GG, uid)
    if uid == GG.by_id[1].f then return { kind = "hold" } end
    return ai.order(GG, uid)
  end
  local uid = G.by_id[1].jav
  local d = G.D[uid]
  d.casts = 3
  local behind = false
  for i, dir in ipairs(H.DIRS) do
    if H.relative(d.facing, i) == "rear" and turn.behind_friends(G, d, d.q + dir[1], d.r + dir[2]) then behind = true end
  end
  T.eq(behind, true, "a hexagon behind it is behind the friend")
  G.sides[1].reserve_id = false
  for _ = 1, 2 do
    phase(G, "movement")
    next_turn(G)
  end
  T.eq(turn.behind_friends(G, d, d.q, d.r), true, "it stands behind friends")
end)

T.case("§2 roads: a marching column moving along a road adds a unit to its move", function()
  -- medium infantry in march column on a road, one unit gathered toward
  -- the next hexagon: 4 + 1 + 1 (road) = 6 units, a hexagon
  local road = { { 5, 4 }, { 5, 5 }, { 5, 6 }, { 4, 5 }, { 6, 5 } }
  local G = G_of({ foot("mi", 2, { 5, 4 }, { formation = "march" }) }, {},
    { terrain = { { type = "road", hexes = road } } })
  local uid = G.by_id[1].mi
  local d = G.D[uid]
  d.carry, d.carry_facing = 1, d.facing
  local q, r = H.axial(5, 5)
  if H.distance(d.q, d.r, q, r) ~= 1 then q, r = H.axial(4, 5) end
  T.eq(turn.terrain(G, q, r), "road")
  G.sides[1].commander = scripted({ [uid] = { kind = "move", q = q, r = r, how = "forward" } })
  phase(G, "movement")
  T.eq({ d.q, d.r }, { q, r }, "the road bonus makes up the hexagon")
end)
