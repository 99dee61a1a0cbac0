-- The default commander's way round terrain (commander/terrain_route.lua),
-- its trial move that refuses a light unit's contact with the front of
-- ordered heavy troops, and the third swing of its facing cut
-- (commander/intent.lua). Hand-built situations on a 240 x 150 cm table at
-- 25mm (positions in cm, side 1 faces north) played through the battle
-- engine's Phase 3 with the default commander on side 1.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("historicon.battle")
local turn = require("historicon.turn")
local ai = require("historicon.ai")
local intent = require("historicon.commander.intent")
local route = require("historicon.commander.terrain_route")
local setup = require("historicon.setup")
local fixtures = require("historicon.tests.fixtures")

local function field(sides, terrain)
  sides[2].commander = sides[2].commander or fixtures.passive
  return battle.skirmish{ dice = dice.random(1), log = false, sides = sides,
    table = terrain and { terrain = terrain } or nil }
end

local function pos(G, uid) local x, y, f = G.bf:pos(uid); return x, y, f end

local function in_piece(G, uid)
  local x, y, f = G.bf:pos(uid)
  local imp, dis = G.bf:terrain_probe(x, y, f, G.D[uid].w, G.D[uid].dp, { "impassable", "disorders" })
  return imp or dis
end

local HIS = function(id, at) return { id = id, troop = "AIF HIS", figures = 24, ranks = 3, at = at } end

-- A wood 40 x 20 cm at (120, 60): squarely across the way of a unit at
-- (120, 20) going for an enemy at (120, 130).
local WOOD = { { type = "wood", x = 120, y = 60, w = 40, d = 20 } }

T.case("Commander (Table 1 ** terrain): formed cavalry goes round a wood across its way, not into it", function()
  local G = field({ { units = { { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 120, 20 } } } },
                    { units = { HIS("e", { 120, 130, 180 }) } } }, WOOD)
  local hc, e = G.by_id[1].hc, G.by_id[2].e
  T.truthy(setup.disorders_formed.wood, "a wood disorders formed troops (Table 1)")
  G.turn = 6 -- level on points after the opening turns: it goes for the enemy
  local ex, ey = pos(G, e)
  local px, py, piece = route.way_round(G, hc, ex, ey)
  T.truthy(piece ~= nil, "the wood is in the way")
  -- beside the wood (x 100..140 cm) by at least the cavalry's half frontage
  T.truthy(px < 1000 - G.D[hc].w / 2 or px > 1400 + G.D[hc].w / 2,
    string.format("the point steered for is beside the wood: %.0f, %.0f", px, py))
  local y0 = select(2, pos(G, hc))
  for _ = 1, 5 do
    turn.phase3(G)
    T.eq(G.D[hc].disordered, false, "never disordered (turn " .. G.turn .. ")")
    T.truthy(not in_piece(G, hc), "never stands in the wood")
    G.turn = G.turn + 1
  end
  local _, y1 = pos(G, hc)
  -- five 15 cm moves: 31 cm out to the side and 60 cm on takes it level
  -- with the far edge of the wood (70 cm)
  T.truthy(y1 > 700, string.format("past the wood's far edge (centre at %.0f mm, from %.0f)", y1, y0))
end)

T.case("Commander: the way round a wood is not taken when the enemy stands in the wood, nor when the way is clear", function()
  local G = field({ { units = { { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 120, 20 } } } },
                    { units = { HIS("e", { 120, 62, 180 }) } } }, WOOD)
  local hc, e = G.by_id[1].hc, G.by_id[2].e
  local ex, ey = pos(G, e)
  local px, py, piece = route.way_round(G, hc, ex, ey)
  T.eq(piece, nil, "the goal is in the wood")
  T.eq({ px, py }, { ex, ey })
  local G2 = field({ { units = { { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 40 + 20, 20 } } } },
                     { units = { HIS("e", { 60, 130, 180 }) } } }, WOOD)
  local hx, hy = pos(G2, G2.by_id[2].e)
  local qx, qy, p2 = route.way_round(G2, G2.by_id[1].hc, hx, hy)
  T.eq(p2, nil, "a wood off to the side is no obstacle")
  T.eq({ qx, qy }, { hx, hy })
end)

T.case("Commander: skirmishers (unformed) walk through a wood; only impassable ground is gone round", function()
  local G = field({ { units = { { id = "lc", troop = "ARA LC", figures = 8, ranks = 1, formed = false, at = { 120, 20 } } } },
                    { units = { HIS("e", { 120, 130, 180 }) } } }, WOOD)
  local ex, ey = pos(G, G.by_id[2].e)
  local _, _, piece = route.way_round(G, G.by_id[1].lc, ex, ey)
  T.eq(piece, nil, "unformed troops are not disordered by a wood (Table 1: ** disorders formed troops)")
  local G2 = field({ { units = { { id = "lc", troop = "ARA LC", figures = 8, ranks = 1, formed = false, at = { 120, 20 } } } },
                     { units = { HIS("e", { 120, 130, 180 }) } } }, { { type = "impassable", x = 120, y = 60, w = 40, d = 20 } })
  local fx, fy = pos(G2, G2.by_id[2].e)
  local _, _, p2 = route.way_round(G2, G2.by_id[1].lc, fx, fy)
  T.truthy(p2 ~= nil, "impassable ground is gone round")
end)

T.case("Commander (Classes of troops): a light unit's move that would strike the front of ordered heavy troops stands", function()
  -- LI 10 cm before the HC's front, facing it: a plan that calls the move
  -- a charge (a flank charge planned from a place that changed, an
  -- objective kept) would strike the front of ordered heavy cavalry
  local G = field({ { units = { { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 26 } } } },
                    { units = { { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 120, 40, 180 } } } } })
  local li, hc = G.by_id[1].li, G.by_id[2].hc
  local plan = { advance = 150, charge = hc }
  local x0, y0, f0 = pos(G, li)
  local r = turn.move(G, li, { advance = 150 })
  T.eq(r.contact, hc, "the move would make contact")
  T.eq(G.bf:contact(hc, li), "front", "with the HC's front")
  G.bf:place(li, x0, y0, f0)
  intent.stop_short_of_friends(G, li, plan, function() return true end)
  T.eq(plan.advance, 0, "the move stands, though the plan called it a charge")
  local x1, y1 = pos(G, li)
  T.eq({ x1, y1 }, { x0, y0 }, "the trial move put the unit back")
end)

T.case("Commander: a third swing of the facing against the last one's sense is cut to 20 degrees, a charge's too", function()
  local G = field({ { units = { { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 120, 20 } } } },
                    { units = { HIS("e", { 120, 120, 180 }) } } })
  local hc, e = G.by_id[1].hc, G.by_id[2].e
  -- turn 4: it swung 40 degrees right (facing 0 from 40)
  G.turn = 4
  G.D[hc].ai_heading = { facing = 40, turn = 3 }
  G.D[hc].ai_swing = { run = 1, left = true } -- turn 3 it swung left
  local p = intent.steady(G, hc, { turn = 40, advance = 150, charge = e })
  T.eq(G.D[hc].ai_swing.run, 2, "two swings in a row, each against the last")
  T.eq(p.turn, 20, "the third swing, a charge, cut to 20 degrees")
  -- one swing only: a charge turns as far as it must
  G.turn = 5
  G.D[hc].ai_heading = { facing = 40, turn = 4 }
  G.D[hc].ai_swing = nil
  p = intent.steady(G, hc, { turn = 40, advance = 150, charge = e })
  T.eq(G.D[hc].ai_swing.run, 1)
  T.eq(p.turn, 40, "the second swing of a charge stands")
  -- a second choice of the move is cut like the plan
  local alt = intent.steady_choice(G, hc, { turn = 60, advance = 150 })
  T.eq(alt.turn, 20, "a second choice swinging back is cut too")
end)

T.case("Commander: the default commander's move into a wood is its last choice, after going round", function()
  local G = field({ { units = { { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 120, 20 } } } },
                    { units = { HIS("e", { 120, 130, 180 }) } } }, WOOD)
  local hc = G.by_id[1].hc
  G.turn = 6
  G.D[hc].stuck = 3
  local plan = ai.move(G, hc)
  local n, careless_at, first_careless = 0, nil, nil
  local p = plan
  while p do
    n = n + 1
    if not p.careful and not careless_at then careless_at = n end
    p = p.fallback
  end
  T.truthy(plan.careful, "the first choice is careful")
  T.truthy(careless_at == nil or careless_at >= 2, "a choice through the wood comes after the careful ones")
  first_careless = careless_at
  T.truthy(first_careless ~= nil, "held up three turns: going through is among the choices (its side must attack)")
end)

T.case("Commander (Phases 2 and 3, ** terrain): no charge through a wood when the disorder test risks breaking the unit", function()
  -- G class HC 12 cm from an enemy HC across a 4 cm strip of wood: the
  -- charge would enter the wood and test at -2 (disordered) -3 (G class)
  local strip = { { type = "wood", x = 120, y = 38, w = 40, d = 4 } }
  local function setup_field(terrain)
    return field({ { units = { { id = "hc", troop = "GIF HC", figures = 8, ranks = 2, at = { 120, 30 } } } },
                   { units = { { id = "e", troop = "GIF HC", figures = 8, ranks = 2, at = { 120, 50, 180 } } } } }, terrain)
  end
  local G = setup_field(strip)
  local hc, e = G.by_id[1].hc, G.by_id[2].e
  local ex, ey = pos(G, e)
  T.truthy(route.charge_crosses_disorder(G, hc, ex, ey), "the way crosses the wood")
  T.truthy(ai.test_odds(G, hc, "becomes_disordered")["break"] > 0.1, "the test risks breaking it")
  G.turn = 2 -- level on points in the opening turns: its side need not attack
  local p = ai.plan(G, hc)
  T.truthy(not (p and p.charge == e), "no charge through the wood")
  -- the same charge over open ground is made
  local G2 = setup_field(nil)
  G2.turn = 2
  local p2 = ai.plan(G2, G2.by_id[1].hc)
  T.eq(p2 and p2.charge, G2.by_id[2].e, "over open ground it charges")
end)

T.case("Commander: a way round much longer than the straight way (over 1.5 moves more) is not taken", function()
  -- a wood 150 cm wide across the way: round it is some 60 cm further
  local wide = { { type = "wood", x = 120, y = 60, w = 150, d = 20 } }
  local G = field({ { units = { { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 120, 20 } } } },
                    { units = { HIS("e", { 120, 130, 180 }) } } }, wide)
  local hc = G.by_id[1].hc
  local ex, ey = pos(G, G.by_id[2].e)
  local px, py, piece = route.way_round(G, hc, ex, ey)
  T.truthy(piece ~= nil, "the wood is in the way")
  T.eq({ px, py }, { ex, ey }, "it keeps its way (and waits at the edge)")
  T.eq(route.MAX_EXTRA_MOVES, 1.5)
end)
