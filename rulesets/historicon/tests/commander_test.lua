-- The default commander's plan between turns (historicon/commander/intent.lua
-- and its use in historicon/ai.lua): who must attack, objectives kept from
-- turn to turn, the charges a sensible player does not make, going round a
-- friend in the way and stopping short of friends. Hand-built situations on
-- an open 240 x 150 cm table at 25mm (positions in cm, side 1 faces north),
-- played through the battle engine where a move is judged.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("historicon.battle")
local turn = require("historicon.turn")
local ai = require("historicon.ai")
local intent = require("historicon.commander.intent")
local fixtures = require("historicon.tests.fixtures")

local function field(sides)
  sides[2].commander = sides[2].commander or fixtures.passive
  return battle.skirmish{ dice = dice.random(1), log = false, sides = sides }
end

local function pos(G, uid) local x, y, f = G.bf:pos(uid); return x, y, f end

local HIS = function(id, at) return { id = id, troop = "AIF HIS", figures = 24, ranks = 3, at = at } end

T.case("Commander: the side behind on victory points attacks; level sides from turn 5; both in the second half", function()
  local G = field{ { units = { HIS("a", { 120, 20 }) } }, { units = { HIS("e", { 120, 130, 180 }) } } }
  G.max_turns = 20
  G.turn = 2
  T.eq(intent.must_attack(G, 1), false, "level, turn 2: no one must attack yet")
  G.sides[1].vp = G.sides[1].vp_start - 2
  T.eq(intent.must_attack(G, 1), true, "behind on points: attacks")
  T.eq(intent.must_attack(G, 2), false, "ahead on points, turn 2: waits")
  G.turn = 10
  T.eq(intent.must_attack(G, 2), false, "turn 10 of 20, ahead on points: still waits")
  G.turn = 11
  T.eq(intent.must_attack(G, 2), true, "the second half of the turns: the leader too")
  G.sides[1].vp = G.sides[1].vp_start
  G.turn = 5
  T.eq(intent.must_attack(G, 2), true, "level on points from turn 5")
end)

T.case("Commander: a unit keeps its objective unless another enemy is clearly better or it is broken", function()
  local G = field{ { units = { { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 120, 20 } } } },
                   { units = { HIS("a", { 100, 90, 180 }), HIS("b", { 140, 90, 180 }) } } }
  local hc, a, b = G.by_id[1].hc, G.by_id[2].a, G.by_id[2].b
  local scores = { [a] = 1.0, [b] = 1.5 }
  local function value(q) return scores[q.id] end
  local foes = { { id = a, distance = 700 }, { id = b, distance = 700 } }
  T.eq(intent.objective(G, hc, foes, value).id, b, "the better one first")
  scores[a] = 2.0 -- better now, but by less than 1 expected hit
  T.eq(intent.objective(G, hc, foes, value).id, b, "kept: the other is not clearly better")
  scores[a] = 3.0
  T.eq(intent.objective(G, hc, foes, value).id, a, "changed: the other is clearly better")
  scores[a] = nil -- no longer worth going for (as when broken or gone)
  T.eq(intent.objective(G, hc, foes, value).id, b, "changed: the objective lapsed")
  T.eq(G.D[hc].ai_objective.target, b, "remembered between turns")
end)

T.case("Commander (Classes of troops): light infantry never plans a charge on the front of ordered heavy infantry", function()
  local G = field{ { units = { { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 30 } } } },
                   { units = { HIS("e", { 120, 45, 180 }) } } }
  local li, e = G.by_id[1].li, G.by_id[2].e
  T.truthy(intent.light_against_heavy_front(G, li, e), "the front of ordered HI")
  local p = ai.move(G, li)
  T.truthy(not p or not p.charge, "no charge planned")
  turn.phase3(G)
  T.eq(#turn.contacts(G, li), 0, "no contact made")
  -- disordered, the same HI may be charged
  G.D[e].disordered = true
  T.eq(intent.light_against_heavy_front(G, li, e), false, "disordered HI is fair game")
end)

T.case("Commander (Phase 4, Classes of troops): HC within range of an ordered, unhurt enemy shoot first and charge once it is hit", function()
  local G = field{ { units = { { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 120, 38 } } } },
                   { units = { HIS("e", { 120, 46, 180 }) } } }
  local hc, e = G.by_id[1].hc, G.by_id[2].e
  T.truthy(intent.shoot_first(G, hc, e), "ordered, unhurt, within 10 cm")
  turn.phase3(G)
  for _, c in ipairs(turn.contacts(G, hc)) do
    T.truthy(G.bf:contact(c, hc) ~= "front", "no charge into its front while it can shoot first")
  end
  G.D[e].hits = 4
  T.eq(intent.shoot_first(G, hc, e), false, "hit: may be charged")
end)

T.case("Commander: formed cavalry goes round a friend standing in its way instead of stopping against it", function()
  -- the HC at (120, 20) goes for the HI at (120, 120); a friendly HI
  -- stands across its way at (120, 40)
  local G = field{ { units = { { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 120, 20 } },
                               HIS("block", { 120, 40 }) } },
                   { units = { HIS("e", { 120, 120, 180 }) } } }
  local hc, block = G.by_id[1].hc, G.by_id[1].block
  G.turn = 6 -- level on points after the opening turns: it goes for the enemy
  local ex, ey = pos(G, G.by_id[2].e)
  local px, py, fid = intent.way_round(G, hc, ex, ey)
  T.eq(fid, block, "the friend is in the way")
  local bx = pos(G, block)
  T.truthy(math.abs(px - bx) >= (G.D[hc].w + G.D[block].w) / 2, string.format("beside it (%.0f against %.0f)", px, bx))
  local x0, y0 = pos(G, hc)
  for _ = 1, 2 do turn.phase3(G); G.turn = G.turn + 1 end
  local x1, y1 = pos(G, hc)
  T.truthy(math.sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2) > 150, "it got on (two moves)")
  T.truthy(y1 > 400, string.format("past the friend (y %.0f mm)", y1))
end)

T.case("Commander: a move that would end against a friend stops short of it (bases jammed together cannot turn)", function()
  -- the HC 8 cm behind a friendly HI that stands: the 15 cm move would
  -- end against it
  local G = field{ { units = { { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 40, 20 } },
                               HIS("f", { 40, 34 }) } },
                   { units = { HIS("e", { 200, 130, 180 }) } } }
  local hc, f = G.by_id[1].hc, G.by_id[1].f
  local plan = { advance = 150 }
  intent.stop_short_of_friends(G, hc, plan)
  T.truthy(plan.advance < 150, "shortened")
  local x, y = pos(G, hc)
  T.eq({ x, y }, { 400, 200 }, "the trial move put back")
  turn.do_move(G, hc, plan)
  T.truthy(G.bf:distance(hc, f) >= 10, string.format("stopped %.1f mm short of the friend", G.bf:distance(hc, f)))
end)

T.case("Commander: a trial move that stands is handed back to the engine, not moved twice; a changed plan or place is moved afresh", function()
  -- the HC with a clear way: its trial ends 15 cm on, and the engine's move
  -- of the same plan (turn.try_choice) takes it without a second move
  local G = field{ { units = { { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 40, 20 } } } },
                   { units = { HIS("e", { 200, 130, 180 }) } } }
  local hc = G.by_id[1].hc
  local plan = { advance = 150, turn = 10 }
  intent.stop_short_of_friends(G, hc, plan)
  T.eq(plan.advance, 150, "not shortened")
  T.truthy(plan.reuse ~= nil, "the trial is kept")
  T.eq({ pos(G, hc) }, { 400, 200, 0 }, "the trial move put back")
  local moves, real = 0, turn.move
  turn.move = function(...) moves = moves + 1; return real(...) end
  local r = turn.try_choice(G, hc, plan, {})
  turn.move = real
  T.eq(moves, 0, "no second move")
  local G2 = field{ { units = { { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 40, 20 } } } },
                    { units = { HIS("e", { 200, 130, 180 }) } } }
  local r2 = turn.move(G2, G2.by_id[1].hc, { advance = 150, turn = 10, careful = plan.careful })
  T.eq({ pos(G, hc) }, { pos(G2, G2.by_id[1].hc) }, "it ends where the engine's own move of the plan ends")
  T.eq(r.moved, r2.moved, "and reports the same distance")
  T.eq(plan.reuse, nil, "a trial is handed back once only")
  -- a plan changed after its trial, or a unit no longer where the trial
  -- began, is moved afresh
  local G3 = field{ { units = { { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 40, 20 } } } },
                    { units = { HIS("e", { 200, 130, 180 }) } } }
  local h3 = G3.by_id[1].hc
  local p3 = { advance = 150 }
  intent.stop_short_of_friends(G3, h3, p3)
  p3.advance = 50
  T.eq(p3.reuse(), nil, "the plan changed: no trial handed back")
  local p4 = { advance = 150 }
  intent.stop_short_of_friends(G3, h3, p4)
  G3.bf:place(h3, 400, 210, 0)
  T.eq(p4.reuse(), nil, "the unit moved: no trial handed back")
  local p5 = { advance = 150 }
  intent.stop_short_of_friends(G3, h3, p5)
  T.eq(p5.reuse({ free = true }), nil, "a move the rules force is moved afresh")
end)

T.case("Commander (Phases 2 and 3): a unit with a clear way is moved once -- its plan's trial is the move, its second choices are never tried", function()
  -- the HC turns towards an enemy off to one side (so its plan has a
  -- second choice, straight on) with nothing in its way
  local G = field{ { units = { { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 40, 20 } } } },
                   { units = { HIS("e", { 200, 130, 180 }) } } }
  local hc = G.by_id[1].hc
  G.turn = 2
  local moves, real = 0, turn.move
  turn.move = function(...) moves = moves + 1; return real(...) end
  local plan = ai.move(G, hc)
  local after_plan = moves
  local r = turn.do_move(G, hc, plan)
  turn.move = real
  T.truthy(plan and (plan.turn or plan.wheel), "the plan turns towards the enemy")
  T.truthy(plan.fallback ~= nil and plan.fallback.prepare ~= nil, "its second choice waits untried")
  T.eq(after_plan, 1, "the plan tried once")
  T.eq(moves, 1, "and not moved again")
  T.truthy(r.moved > 100, string.format("it moved (%.0f mm)", r.moved))
end)

T.case("Commander (Phases 2 and 3: evasion): horse archers hold at shooting range of slower knights and shoot; faster HC drive them off", function()
  -- unformed LC (move 15 cm, range 10 cm) 8 cm from formed knights (move 10 cm)
  local G = field{ { units = { { id = "lc", troop = "ARA LC", figures = 8, ranks = 1, formed = false, at = { 120, 60 } } } },
                   { units = { { id = "kc", troop = "AIF KC", figures = 8, ranks = 1, at = { 120, 70, 180 } } } } }
  local lc = G.by_id[1].lc
  local p = ai.plan(G, lc)
  T.truthy(not p or not p.withdraw, "stands its ground against slower knights")
  local H = field{ { units = { { id = "lc", troop = "ARA LC", figures = 8, ranks = 1, formed = false, at = { 120, 60 } } } },
                   { units = { { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 120, 72, 180 } } } } }
  local q = ai.plan(H, H.by_id[1].lc)
  T.truthy(q and q.withdraw, "keeps out of reach of HC as fast as itself")
end)

T.case("Commander: the reserve is committed when its side must attack", function()
  local G = field{
    { units = { { id = "a", troop = "ARA HIS", figures = 24, ranks = 4, at = { 100, 40 } },
                { id = "b", troop = "ARA HIS", figures = 24, ranks = 4, at = { 140, 40 } },
                { id = "res", troop = "ARA HIS", figures = 24, ranks = 4, at = { 120, 20 }, set = { ai_reserve = true } } } },
    { units = { { id = "e", troop = "ARA HIS", figures = 24, ranks = 4, at = { 120, 130, 180 } } } } }
  local res = G.by_id[1].res
  G.max_turns = 20
  ai.plan(G, res)
  T.truthy(ai.held_in_reserve(G, res), "turn 1, level on points: held")
  G.sides[1].vp = G.sides[1].vp_start - 2 -- behind on points: must attack
  ai.plan(G, res)
  T.truthy(not ai.held_in_reserve(G, res), "behind on points: committed")
end)

T.case("Commander: a unit that swung its facing one way last turn does not swing back as far unless it charges", function()
  local G = field{ { units = { { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 120, 20 } } } },
                   { units = { HIS("e", { 120, 120, 180 }) } } }
  local hc = G.by_id[1].hc
  G.turn = 4
  G.D[hc].ai_heading = { facing = -40, turn = 3 } -- it turned 40 degrees left last turn
  local p = intent.steady(G, hc, { turn = -40, advance = 150 })
  T.eq(p.turn, -20, "the swing back cut to 20 degrees")
  G.D[hc].ai_heading = { facing = -40, turn = 3 }
  p = intent.steady(G, hc, { turn = 30, advance = 150 })
  T.eq(p.turn, 30, "on the same way round: as planned")
  G.D[hc].ai_heading = { facing = -40, turn = 3 }
  p = intent.steady(G, hc, { turn = -40, advance = 150, charge = G.by_id[2].e })
  T.eq(p.turn, -40, "a charge turns as far as it must")
end)

T.case("Commander: knights do not chase horse archers faster than themselves when a formed enemy stands to fight", function()
  local G = field{ { units = { { id = "kc", troop = "AIF KC", figures = 8, ranks = 1, at = { 120, 20 } } } },
                   { units = { { id = "lc", troop = "ARA LC", figures = 8, ranks = 1, formed = false, at = { 120, 60, 180 } },
                               { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 160, 65, 180 } } } } }
  local kc = G.by_id[1].kc
  G.max_turns, G.turn = 20, 6 -- level on points after the opening turns: it attacks
  ai.plan(G, kc)
  T.eq(G.D[kc].ai_objective and G.D[kc].ai_objective.target, G.by_id[2].hc, "goes for the HC, not the horse archers")
end)

T.case("Commander (no swing back and forth): a half turn counts as the swing that first heads towards the table's west, from either side", function()
  T.eq(intent.turns_left(30, 0), true, "30 degrees left")
  T.eq(intent.turns_left(-30, 180), false, "30 degrees right")
  -- facing north (0) a left turn heads west first; its mirror, facing
  -- south (180), heads west first turning right: +180 or -180 alike
  T.eq(intent.turns_left(180, 0), true)
  T.eq(intent.turns_left(-180, 0), true)
  T.eq(intent.turns_left(180, 180), false)
  T.eq(intent.turns_left(-180.0000000001, 180), false)
  T.eq(intent.turns_left(180, 38.5), true, "facing north-west")
  T.eq(intent.turns_left(180, 180 - 38.5), false, "its mirror, facing south-west")
end)
