-- §4 the melee and Retreat & Pursuit on the board (issue #11): units placed
-- by hand with battle.skirmish, dice forced, one phase at a time played
-- through the battle engine's own phase list (turn.phases), then the
-- assertions.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("hinds.battle")
local turn = require("hinds.turn")
local fixtures = require("hinds.tests.fixtures")
local scripted = fixtures.scripted
local foot, phase, next_turn = fixtures.foot, fixtures.phase, fixtures.next_turn

local function G_of(units1, units2, rolls)
  return battle.skirmish{ dice = dice.forced(rolls or {}), log = true, table = { cols = 10, rows = 10 },
    sides = { { units = units1, commander = scripted() }, { units = units2, commander = scripted() } } }
end




-- The melee events of the log, in order.
local function melees(G)
  local out = {}
  for _, e in ipairs(G.bf:events()) do if e.kind == "melee" then out[#out + 1] = e end end
  return out
end

T.case("§4 Gauls are rated as medium infantry for the first throw of the combat they join, light thereafter", function()
  -- a (side 1) fights b (side 2) for one throw; then the Gaul charges a
  -- and fights its first throw as medium infantry (2 points a figure), its
  -- second as light (1 point)
  local rolls = { 3, 3, 3, 3, 4, 4, 4, 4,  -- throw 1: 49 x 6 (a charging) against 48 x 6, casualty throw equal
                  3, 3, 3, 3, 4, 4, 4, 4,  -- throw 2: side 2 wins, casualty throw equal
                  3, 3, 3, 3, 4, 4, 4, 4 } -- throw 3
  local G = G_of({ foot("a", 2, { 5, 4 }) }, { foot("b", 2, { 5, 5 }), foot("gaul", 3, { 6, 4 }, { gaul = true }) }, rolls)
  local a, b, g = G.by_id[1].a, G.by_id[2].b, G.by_id[2].gaul
  T.eq(turn.charge(G, a, b), true)
  phase(G, "melee")
  next_turn(G)
  G.sides[2].commander = scripted({ [g] = { kind = "charge", target = a } })
  phase(G, "movement")
  T.eq(G.D[g].combat, G.D[a].combat, "the Gaul joined the fight")
  phase(G, "melee")
  local m = melees(G)
  T.eq(turn.edge(G, G.D[g], G.D[a]), "flank", "the Gaul strikes a's flank (+3 a base)")
  -- side 2: b 48 + the Gaul 24 figures x 2 (medium) + 3 x 6 bases (flank) + 1 (infantry charging)
  T.eq(m[2].points[2], 48 + 24 * 2 + 18 + 1, "first throw of the Gaul: medium infantry")
  next_turn(G)
  phase(G, "movement")
  phase(G, "melee")
  m = melees(G)
  T.eq(m[3].points[2], 48 + 24 * 1 + 18, "its second throw: light infantry")
end)

T.case("§4 a unit joining a fight is bound only by the throws it fought: newcomers do not retreat on their predecessors' defeats", function()
  -- b loses throws 1 and 2 against a; c joins for throw 3, which side 2
  -- wins: b has lost two of three and retreats; c lost none and fights on
  local rolls = { 6, 6, 1, 1, 4, 4, 3, 3,   -- throw 1: side 1 wins, loses 1 figure (half of 2, up)
                  6, 6, 1, 1, 4, 4, 3, 3,   -- throw 2: the same
                  1, 1, 6, 6, 3, 3, 4, 4 }  -- throw 3: side 2 (b + c) wins
  local G = G_of({ foot("a", 2, { 5, 4 }) }, { foot("b", 2, { 5, 5 }), foot("c", 2, { 6, 4 }) }, rolls)
  local a, b, c = G.by_id[1].a, G.by_id[2].b, G.by_id[2].c
  T.eq(turn.charge(G, a, b), true)
  phase(G, "melee")
  next_turn(G)
  phase(G, "movement")
  phase(G, "melee")
  next_turn(G)
  G.sides[2].commander = scripted({ [c] = { kind = "charge", target = a } })
  phase(G, "movement")
  T.eq(G.D[c].combat, G.D[a].combat, "c joined the fight for its third throw")
  phase(G, "melee")
  T.eq(G.D[b].state, "fleeing", "b lost two of its three throws")
  T.eq(G.D[c].state, "ready", "c won the one throw it fought")
  T.truthy(G.D[c].combat ~= nil and G.D[c].combat == G.D[a].combat, "c and a fight on")
end)

T.case("§4 Retreat & Pursuit: victory goes automatically to the attacker of broken or disordered troops, not to whoever is in good order", function()
  -- a, in disorder, charges b (in good order): no automatic victory for b;
  -- the throw is made (a wins it with 6+6 against 1+1)
  local rolls = { 6, 6, 1, 1, 4, 4, 4, 4 }
  local G = G_of({ foot("a", 2, { 5, 4 }) }, { foot("b", 2, { 5, 5 }) }, rolls)
  local a, b = G.by_id[1].a, G.by_id[2].b
  G.D[a].disordered_until = G.turn
  G.sides[1].commander = scripted({ [a] = { kind = "charge", target = b } })
  phase(G, "movement")
  T.eq(G.D[a].combat ~= nil, true, "a charged")
  phase(G, "melee")
  local m = melees(G)
  T.eq(m[1].automatic, false, "the attacked side is not in disorder: no automatic victory")
  T.eq(m[1].loser, 2, "the throw decides")
  T.eq(G.D[a].state, "ready")
end)

T.case("§4 Retreat & Pursuit: a pursuer beaten and put to flight stops pursuing", function()
  -- a pursues the fleeing q; b charges a, which is in disorder: b wins
  -- automatically and a flees; it is no longer a pursuer
  local rolls = { 4, 4, 4, 4 }
  local G = G_of({ foot("a", 2, { 5, 4 }) }, { foot("b", 2, { 5, 5 }), foot("q", 2, { 1, 8 }) }, rolls)
  local a, b, q = G.by_id[1].a, G.by_id[2].b, G.by_id[2].q
  turn.rout(G, q, false, "beaten earlier")
  G.D[a].pursuing, G.D[a].pursuit_moves = q, 2
  G.D[a].disordered_until = G.turn
  G.D[a].moved = true                     -- it made its pursuit move already
  G.sides[2].commander = scripted({ [b] = { kind = "charge", target = a } })
  turn.move_side(G, 2)
  T.eq(G.D[b].combat ~= nil, true, "b charged a")
  phase(G, "melee")
  T.eq(G.D[a].state, "fleeing")
  T.eq(G.D[a].pursuing, nil, "a routed unit is no pursuer")
end)

T.case("§4 Retreat & Pursuit: every unit of a combat under half strength leaves the field, not every other one", function()
  -- a1 and a2 (side 1) are both under half strength when b's throw is
  -- made, a3 is not: a1 and a2 must leave, a3 fights on (found by the
  -- referee's leave_field check)
  local rolls = { 1, 1, 6, 6, 4, 4, 4, 4 }
  local G = G_of({ foot("a1", 2, { 5, 4 }), foot("a2", 2, { 6, 4 }), foot("a3", 2, { 3, 4 }) },
                 { foot("b", 2, { 5, 5 }) }, rolls)
  local a1, a2, a3, b = G.by_id[1].a1, G.by_id[1].a2, G.by_id[1].a3, G.by_id[2].b
  T.eq(turn.charge(G, a1, b), true)
  turn.join_combat(G, a2, b, false)
  turn.join_combat(G, a3, b, false)
  G.D[a1].figures, G.D[a2].figures = 10, 10
  phase(G, "melee")
  T.eq({ G.D[a1].state, G.D[a2].state, G.D[a3].state }, { "leaving", "leaving", "ready" })
end)

T.case("§4 infantry against cavalry: cavalry with no hexagon to withdraw to must fight both units", function()
  -- c (side 2, facing south) fights lc; both its rear hexagons are held by
  -- friends; mi charges it and its commander would rather withdraw: it
  -- cannot, so it stays in the fight
  local H = require("hinds.hexes")
  local G = G_of({ { id = "lc", arm = "mounted", class = 3, bases = 4, per_base = 3, at = { 5, 4 } },
                   foot("mi", 2, { 6, 4 }) },
                 { { id = "c", arm = "mounted", class = 3, bases = 4, per_base = 3, at = { 5, 5 } } })
  local c = G.D[G.by_id[2].c]
  local rear = {}
  for i, dir in ipairs(H.DIRS) do
    if H.relative(c.facing, i) == "rear" then rear[#rear + 1] = { c.q + dir[1], c.r + dir[2] } end
  end
  for k, h in ipairs(rear) do
    G.by_id[2]["f" .. k] = battle.add_unit(G, 2, battle.unit_spec(2, { id = "f" .. k, name = "f" .. k, arm = "foot",
      class = 2, bases = 6, per_base = 4, type = "medium_infantry" }), h[1], h[2], 180)
  end
  T.eq(turn.charge(G, G.by_id[1].lc, c.uid), true)
  G.sides[2].commander.cavalry_assisted = function() return "retreat" end
  local mi = G.by_id[1].mi
  T.eq(H.distance(G.D[mi].q, G.D[mi].r, c.q, c.r), 1, "mi touches c")
  T.eq(turn.charge(G, mi, c.uid), true)
  T.truthy(c.combat ~= nil and c.combat == G.D[mi].combat, "no hexagon behind it: it fights both")
end)

T.case("§4 Retreat & Pursuit: a fleeing unit never runs at the enemy (an enemy across its way home)", function()
  -- f (side 1, light infantry: charge move 7, one hexagon) flees south; an
  -- enemy stands two hexagons straight south of it, touching both hexagons
  -- toward f's edge: f may slide along its row, not step next to the enemy
  local H = require("hinds.hexes")
  local G = G_of({ foot("f", 4, { 5, 5 }) }, { foot("e", 2, { 5, 3 }) }, { 1 })
  local f, e = G.D[G.by_id[1].f], G.D[G.by_id[2].e]
  T.eq(H.distance(f.q, f.r, e.q, e.r), 2)
  turn.rout(G, f.uid, false, "beaten")
  local home = 0
  for i, dir in ipairs(H.DIRS) do
    if H.relative(f.facing, i) == "front" then
      T.eq(H.distance(f.q + dir[1], f.r + dir[2], e.q, e.r), 1, "both hexagons toward its edge touch the enemy")
      home = home + 1
    end
  end
  T.eq(home, 2)
  f.flight_moves = 1                  -- its second move of flight: the charge move
  next_turn(G)
  phase(G, "movement")                -- it fails to rally (1) and flees
  T.truthy(H.distance(f.q, f.r, e.q, e.r) >= 2, "no nearer the enemy")
end)
