-- The default commander's plan and its sensible charges (commander/plan.lua,
-- commander/estimate.lua, commander/orders.lua), on hand-placed situations
-- played through the battle engine's activation and movement phases
-- (turn.activation_phase, turn.execute_order) with forced dice.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("phalanx.battle")
local turn = require("phalanx.turn")
local ai = require("phalanx.ai")

-- Side 1 south (facing north, +y), side 2 north (facing south). Foot bases
-- are 80 x 40 mm (6'x4', 15-20mm option 2); Table 3: a foot move is 80 mm.
local function skirmish(s1, s2, values)
  local G = battle.skirmish{ dice = dice.forced(values or {}), log = false,
    sides = { { vignettes = s1, commander = ai, activation_points = 6 }, { vignettes = s2, commander = ai } } }
  G.pturn, G.phasing = 1, 1
  return G
end

local function group_of(G, side, vid) return G.groups[G.D[G.by_vid[side][vid]].gid] end

-- Phase A with an activation die of 4 (no modifier): the orders the
-- commander gives, by the vignette id of each link's first member.
local function orders_of(G, side)
  local queued = turn.activation_phase(G, side)
  local out = {}
  for _, q in ipairs(queued) do out[G.D[q.g.ids[1]].vid] = q end
  return out, queued
end

T.case("Commander, Troop Types (Artillery (optional)): a battery does not charge the foot in its reach; bowmen in its place do", function()
  -- the enemy stands within a move and the turn allowance but off the strip
  -- ahead of the shooter, so neither can shoot it: only the charge is in question
  for _, artillery in ipairs({ true, false }) do
    local G = skirmish({ { id = "gun", class = "HIB", at = { 500, 200 } } },
                       { { id = "foe", class = "HIN", at = { 582, 310 } } }, { 4 })
    local gun = G.by_vid[1].gun
    if artillery then G.D[gun].artillery = "amalgamated" end
    G.ai_charge_threshold = -5        -- any charge is worth it: only sense forbids it
    T.truthy(not turn.has_shooting_target(G, gun), "the foe is off the strip ahead")
    local orders = orders_of(G, 1)
    local kind = orders.gun and orders.gun.order.kind
    if artillery then T.truthy(kind ~= "charge", "the battery: " .. tostring(kind))
    else T.eq(kind, "charge", "plain bowmen charge it") end
  end
end)

T.case("Commander, Shooting: missile troops shoot a fresh enemy in their front, and charge one the shooting has repulsed", function()
  for _, worn in ipairs({ false, true }) do
    local G = skirmish({ { id = "bows", class = "HIB", at = { 500, 200 } } },
                       { { id = "foe", class = "HIN", at = { 500, 300 } } }, { 4 })
    G.ai_charge_threshold = -5
    if worn then G.D[G.by_vid[2].foe].accumulated_r = 1 end
    T.truthy(turn.has_shooting_target(G, G.by_vid[1].bows), "in range and ahead")
    local orders = orders_of(G, 1)
    T.eq(orders.bows and orders.bows.order.kind, worn and "charge" or "hold")
  end
end)

T.case("Commander, Troop Types (LIS): light foot does not charge heavy foot's front, but charges its rear", function()
  -- front: the LIS stands before the HIN's front (the HIN faces south, -y)
  local G = skirmish({ { id = "lis", class = "LIS", at = { 500, 200 } } },
                     { { id = "foe", class = "HIN", at = { 500, 290 } } }, { 4 })
  G.ai_charge_threshold = -5
  local orders = orders_of(G, 1)
  T.truthy(not (orders.lis and orders.lis.order.kind == "charge"), "no charge into its front")
  -- rear: the HIN faces away (north, +y is side 1's way; the HIN faces 0)
  G = skirmish({ { id = "lis", class = "LIS", at = { 500, 200 } } },
               { { id = "foe", class = "HIN", at = { 500, 290, 0 } } }, { 4 })
  G.ai_charge_threshold = -5
  orders = orders_of(G, 1)
  T.eq(orders.lis and orders.lis.order.kind, "charge", "into its rear")
  -- LIS are HIW's disadvantage (Table 7): that front charge is sense
  G = skirmish({ { id = "lis", class = "LIS", at = { 500, 200 } } },
               { { id = "foe", class = "HIW", at = { 500, 290 } } }, { 4 })
  G.ai_charge_threshold = -5
  orders = orders_of(G, 1)
  T.eq(orders.lis and orders.lis.order.kind, "charge", "LIS into HIW's front")
end)

T.case("Commander plan: a link keeps its objective as a second enemy comes a little nearer, and takes another when it is broken", function()
  local G = skirmish({ { id = "leg", class = "HIN", at = { 600, 200 } } },
                     { { id = "e1", class = "HIN", at = { 640, 900 } }, { id = "e2", class = "HIN", at = { 1000, 1000 } } }, { 4 })
  local g = group_of(G, 1, "leg")
  local e1, e2 = G.by_vid[2].e1, G.by_vid[2].e2
  local mv = turn.allowances(G, g, 0)
  local function objective() return (ai.objective(G, g, turn.nearest_enemy(G, g, 2 * mv))) end
  T.eq(objective(), e1, "the nearest ahead")
  -- e2 moves nearer than e1, but not half as far: the plan stands
  turn.place(G, e2, 560, 850, 180)
  T.truthy(G.bf:distance(g.ids[1], e2) < G.bf:distance(g.ids[1], e1), "e2 is now the nearer")
  T.eq(objective(), e1, "kept")
  -- e1 broken: a new objective
  G.D[e1].broken = true
  T.eq(objective(), e2, "revised")
end)

T.case("Commander plan: an enemy within two moves and less than half as far as the objective becomes the objective", function()
  local G = skirmish({ { id = "leg", class = "HIN", at = { 600, 200 } } },
                     { { id = "e1", class = "HIN", at = { 640, 900 } }, { id = "e2", class = "HIN", at = { 1400, 1000 } } }, { 4 })
  local g = group_of(G, 1, "leg")
  local mv = turn.allowances(G, g, 0)
  local function objective() return (ai.objective(G, g, turn.nearest_enemy(G, g, 2 * mv))) end
  T.eq(objective(), G.by_vid[2].e1)
  turn.place(G, G.by_vid[2].e2, 760, 330, 180)
  T.eq(objective(), G.by_vid[2].e2, "the threat at hand")
end)

T.case("Commander plan: a link whose paid move went nowhere is not paid to make it again", function()
  -- the way ahead looks open to the commander's plan; the engine stopped the
  -- move all the same (as the line's cohesion or a base the plan did not
  -- foresee can): the plan sees the link where it was ordered from
  local G = skirmish({ { id = "leg", class = "HIN", at = { 600, 200 } } },
                     { { id = "e", class = "HIN", at = { 600, 1100 } } }, { 4, 4 })
  local g = group_of(G, 1, "leg")
  local order = ai.best_order(G, g)
  T.truthy(order and order.kind == "move" and math.abs(order.turn) < 0.5, "first: straight ahead")
  ai.remember_move(G, g, order)
  T.truthy(not ai.blocked(G, g), "not before its side's next turn")
  G.pturn = G.pturn + 2        -- its side's next turn, and it has not moved
  T.truthy(ai.blocked(G, g), "the plan knows the move went nowhere")
  local again = ai.best_order(G, g)
  T.truthy(again == nil or math.abs((again.turn or 0) - order.turn) >= 5,
    "no order, or one that turns round the obstacle: " .. tostring(again and again.turn))
  -- given no order then, it is not paid for the same move the turn after
  -- either (Leipzig, seed 7: paid on alternate turns, four times), for
  -- five of its side's turns
  G.pturn = G.pturn + 2
  T.truthy(ai.blocked(G, g), "two of its side's turns on, still where it was")
  G.pturn = G.pturn + 8
  T.truthy(not ai.blocked(G, g), "forgotten after five of its side's turns")
  G.pturn = G.pturn - 10
  -- a link that did move is planned afresh
  turn.place(G, g.ids[1], 600, 280, 0)
  T.truthy(not ai.blocked(G, g), "it moved")
  T.truthy(math.abs(ai.best_order(G, g).turn) < 0.5, "straight ahead again")
end)

T.case("Commander, Results (R or RR into friends within half the move: B): a link stops more than a move behind its General's vignette", function()
  -- `gen` (the General's vignette, 80 mm move) stands 200 mm ahead of `leg`
  -- in its lane: leg may close to 80 mm (one move of the General's) and a
  -- tenth of a frontage more, not nearer; a plain friend there does not hold it
  for _, general in ipairs({ true, false }) do
    local G = skirmish({ { id = "leg", class = "HIN", at = { 600, 200 } },
                         { id = "gen", class = "HIN", general = general, off_main_line = true, at = { 600, 440 } } },
                       { { id = "e", class = "HIN", at = { 600, 1100 } } }, { 4 })
    local g = group_of(G, 1, "leg")
    local room = ai.behind_key_room(G, g, 0, 80)
    -- centres 240 apart: 240 - 20 - 20 - 80 - 8 = 112 mm of room, more than a move
    T.eq(room, 80, "a move's room either way")
    turn.place(G, g.ids[1], 600, 300, 0)
    room = ai.behind_key_room(G, g, 0, 80)
    if general then T.truthy(math.abs(room - 12) < 1e-6, "cut to 12 mm: " .. room)
    else T.eq(room, 80, "a friend that is neither General nor key does not hold it") end
  end
end)

T.case("Commander, The Table: a move is not paid for beyond the table's edge", function()
  -- a base 80 x 40 facing south (180) with its front edge 30 mm from the
  -- south edge (y = 0): 30 mm of room straight on, a move's room facing north
  local G = skirmish({ { id = "s", class = "HIN", at = { 600, 50, 180 } } }, { { id = "e", class = "HIN", at = { 600, 1100 } } }, { 4 })
  local g = group_of(G, 1, "s")
  T.truthy(math.abs(ai.edge_room(G, g, 0, 80) - 30) < 1e-6, "30 mm: " .. ai.edge_room(G, g, 0, 80))
  T.eq(ai.edge_room(G, g, 180, 80), 80)
  turn.place(G, g.ids[1], 600, 20, 180)      -- its front edge on the table's edge
  T.eq(ai.edge_room(G, g, 0, 80), 0)
  -- the commander turns it about to face the enemy, or gives no order; it
  -- never orders the move that would go nowhere
  local order = ai.best_order(G, g)
  T.truthy(order == nil or math.abs(order.turn or 0) >= 5 or (order.dist or 0) < 1, "no paid move into the edge")
end)

T.case("Commander plan: no swinging back; a link that turned one way is not ordered to turn back at once", function()
  local G = skirmish({ { id = "leg", class = "HIN", at = { 600, 200 } } },
                     { { id = "e", class = "HIN", at = { 300, 700 } } }, { 4 })
  local g = group_of(G, 1, "leg")
  local order = ai.best_order(G, g)
  T.truthy(order and order.kind == "move" and order.turn > 15, "first it turns (left, positive) towards the enemy: " .. tostring(order and order.turn))
  ai.remember_move(G, g, order)
  turn.execute_order(G, g, order)
  -- the enemy is now off to the right: the turn back is not ordered at once
  turn.place(G, G.by_vid[2].e, 1000, 700, 180)
  G.pturn = G.pturn + 2
  T.truthy(ai.swings_back(G, g, -30), "a turn of 30 the other way swings it back")
  T.truthy(not ai.swings_back(G, g, 30), "further the same way does not")
  local again = ai.best_order(G, g)
  T.truthy(again == nil or math.abs(again.turn or 0) < 15, "straight on, or no order: " .. tostring(again and again.turn))
  -- two of its side's turns later the plan may turn it
  G.pturn = G.pturn + 4
  T.truthy(not ai.swings_back(G, g, -30), "the memory is of its last two turns")
end)

T.case("Commander plan: no swinging back to charge; the last order's turn and its lining up both count (issue #13, facing-oscillates)", function()
  -- HCC (a turn of 90) at (600, 200) facing north; an LIS foe off to
  -- its right and a little ahead, within a move (120 mm) and the turn allowance
  local G = skirmish({ { id = "horse", class = "HCC", at = { 600, 200 } } },
                     { { id = "foe", class = "LIS", at = { 680, 280 } } }, { 4 })
  G.ai_charge_threshold = -5        -- any charge is worth it: only the plan forbids it
  local g = group_of(G, 1, "horse")
  local a = turn.turn_towards(G, g, G.by_vid[2].foe)
  T.truthy(a < -15, "the foe lies to the right (negative): " .. a)
  local first = ai.best_order(G, g)
  T.eq(first and first.kind, "charge", "unplanned, it charges")
  -- its last order (this side's previous turn) turned it 40 degrees left:
  -- the charge back to the right is not ordered
  ai.remember_turn(G, g, 40)
  G.pturn = G.pturn + 2
  local again = ai.best_order(G, g)
  T.truthy(not again or again.kind ~= "charge", "no charge swinging back: " .. tostring(again and again.kind))
  -- an order of a small turn, its facing then lined up 40 degrees left on
  -- the way (the engine, not the order): the swing back is seen too
  G = skirmish({ { id = "horse", class = "HCC", at = { 600, 200 } } },
               { { id = "foe", class = "LIS", at = { 680, 280 } } }, { 4 })
  G.ai_charge_threshold = -5
  g = group_of(G, 1, "horse")
  ai.remember_turn(G, g, 5)
  turn.place(G, g.ids[1], 600, 200, 40)
  G.pturn = G.pturn + 2
  T.truthy(ai.swings_back(G, g, -30), "its facing went 40 left since its last order")
  T.truthy(not ai.swings_back(G, g, 30), "further left is no swing back")
end)

T.case("Commander plan (following a friend): a link whose lane a friend shuts follows it when the friend is ordered forward, and moves that far", function()
  -- `leg` (HIN, 80 x 40) stands 20 mm behind the skirmishers `vli` in its
  -- lane; the skirmishers are ordered 120 mm straight on: leg may follow
  -- into the way they open, 20 + 120 mm less a tenth of a frontage, but
  -- not beyond its own move (80 mm)
  local G = skirmish({ { id = "leg", class = "HIN", at = { 600, 200 } },
                       { id = "vli", class = "VLI", off_main_line = true, at = { 600, 260 } } },
                     { { id = "e", class = "HIN", at = { 600, 1100 } } }, { 4 })
  local leg, vli = group_of(G, 1, "leg"), group_of(G, 1, "vli")
  local b, gap = ai.blocker_ahead(G, leg, 0, 80)
  T.eq(b, vli.ids[1], "the skirmishers shut its lane")
  T.truthy(math.abs(gap - 19) < 1e-6, "19 mm of it open: " .. tostring(gap))
  local out = { { gid = vli.gid, kind = "move", turn = 0, dist = 120 } }
  local left = ai.follow_friends(G, 1, out, { { g = leg, pending = { step = 80 } } }, 6)
  T.eq(#out, 2, "a second order, after the skirmishers'")
  T.eq(out[2].gid, leg.gid)
  T.eq(out[2].dist, 80, "its whole move: the skirmishers open 131 mm")
  T.eq(left, 5, "one point for an RA link")
  -- carried out in that order by the engine, both move their full distance
  turn.execute_order(G, vli, out[1])
  turn.execute_order(G, leg, out[2])
  T.truthy(math.abs(G.py[vli.ids[1]] - 380) < 0.5, "the skirmishers went 120 mm: " .. G.py[vli.ids[1]])
  T.truthy(math.abs(G.py[leg.ids[1]] - 280) < 0.5, "the legion followed 80 mm: " .. G.py[leg.ids[1]])
  -- a friend that stands (no order) or turns away is not followed
  G = skirmish({ { id = "leg", class = "HIN", at = { 600, 200 } },
                 { id = "vli", class = "VLI", off_main_line = true, at = { 600, 260 } } },
               { { id = "e", class = "HIN", at = { 600, 1100 } } }, { 4 })
  leg, vli = group_of(G, 1, "leg"), group_of(G, 1, "vli")
  for _, o in ipairs({ {}, { { gid = vli.gid, kind = "move", turn = 90, dist = 120 } } }) do
    local n = #o
    ai.follow_friends(G, 1, o, { { g = leg, pending = { step = 80 } } }, 6)
    T.eq(#o, n, "no order to follow")
  end
end)

T.case("Commander plan (following a friend): the friend that shuts a link's lane is bought first for it", function()
  -- by its own value the skirmishers' advance (off the main line) ranks
  -- below the legion's, and would be carried out after it, the legion's
  -- planned from where the skirmishers stood (checked: without ai.make_way
  -- it comes second)
  local G = skirmish({ { id = "leg", class = "HIN", general = true, at = { 600, 200 } },
                       { id = "vli", class = "VLI", off_main_line = true, at = { 600, 260 } } },
                     { { id = "e", class = "HIN", at = { 600, 1100 } } }, { 4 })
  local orders, queued = orders_of(G, 1)
  T.truthy(orders.vli and orders.vli.order.kind == "move", "the skirmishers are ordered on")
  T.truthy(orders.leg and orders.leg.order.kind == "move", "the legion is ordered on")
  local first
  for i, q in ipairs(queued) do if q.g.gid == group_of(G, 1, "vli").gid then first = i end end
  T.eq(first, 1, "the skirmishers' order is carried out first")
end)

T.case("Commander, Recovery (the reserve committed at the appropriate time): in the last four turns before the limit the reserve is no longer held", function()
  local G = skirmish({ { id = "res", class = "HIN", at = { 600, 200 } },
                       { id = "a", class = "HIN", at = { 300, 200 } }, { id = "b", class = "HIN", at = { 900, 200 } },
                       { id = "c", class = "HIN", at = { 1200, 200 } } },
                     { { id = "e", class = "HIN", at = { 600, 1100 } } }, { 4 })
  G.D[G.by_vid[1].res].last_line = true
  G.max_turns = 15
  for _, case in ipairs({ { 11, false }, { 12, true }, { 15, true } }) do
    G.turn = case[1]
    T.eq(ai.last_turns(G), case[2], "turn " .. case[1])
    local losing = ai.reserve_state(G, 1)
    T.eq(losing, case[2], "the reserve committed at turn " .. case[1])
  end
  G.max_turns = nil
  G.turn = 14
  T.eq(ai.last_turns(G), false, "no limit known: never")
end)

T.case("Commander (weather hook): a blind advance is planned round a friend, and a link that cannot go on holds", function()
  -- no enemy on the table: the weather module's blind order (the hook)
  -- is asked; a line of friends 1 mm ahead, seven wide, shuts every way
  local function blind(G, g, mv) return { gid = g.gid, kind = "move", turn = 0, dist = mv }, 5 end
  local G = skirmish({ { id = "leg", class = "HIN", at = { 600, 200 } } }, { }, { 4 })
  G.weather_blind = blind
  local g = group_of(G, 1, "leg")
  local order = ai.best_order(G, g)
  T.eq(order and order.kind, "move", "the way open: it goes on")
  T.eq(order.dist, 80)
  local line = { { id = "leg", class = "HIN", at = { 600, 200 } } }
  for i = -3, 3 do line[#line + 1] = { id = "f" .. i, class = "HIN", at = { 600 + 80 * i, 241 } } end
  G = skirmish(line, { }, { 4 })
  G.weather_blind = blind
  order = ai.best_order(G, group_of(G, 1, "leg"))
  T.eq(order and order.kind, "hold", "shut in: it holds (no paid move of 0 mm)")
end)

T.case("Commander, Shooting (an activated link shoots after its move): missile troops close on a target their shooting has worn, and stand to shoot a fresh one", function()
  -- the foe stands 110 mm off, edge to edge: within the bowmen's range
  -- (2 widths, 160 mm) and beyond their charge (one move, 80 mm)
  for _, worn in ipairs({ false, true }) do
    local G = skirmish({ { id = "bows", class = "HIB", at = { 500, 200 } } },
                       { { id = "foe", class = "HIN", at = { 500, 350 } } }, { 4 })
    if worn then G.D[G.by_vid[2].foe].accumulated_r = 1 end
    local g = group_of(G, 1, "bows")
    T.truthy(turn.has_shooting_target(G, g.ids[1]), "in range and ahead")
    T.eq(ai.close_on_worn(G, g), worn)
    local orders = orders_of(G, 1)
    local o = orders.bows and orders.bows.order
    T.eq(o and o.kind, worn and "move" or "hold", worn and "worn: it closes" or "fresh: it shoots from where it stands")
    if worn then
      -- carried out, it still has its target for phase D
      turn.execute_order(G, orders.bows.g, o)
      T.truthy(G.py[g.ids[1]] > 200.5, "it went forward: " .. G.py[g.ids[1]])
      T.truthy(turn.has_shooting_target(G, g.ids[1]), "and shoots after the move")
    end
  end
end)

T.case("Commander, Movement (a module's own advance planned, the fantasy module's magician): the way open it goes the distance asked; a friend against its front, no paid move of 0 mm", function()
  -- the way open: the order asked is the order given, and the engine moves it so far
  local G = skirmish({ { id = "mage", class = "HIN", at = { 600, 200 } } },
                     { { id = "e", class = "HIN", at = { 600, 1100 } } }, { 4 })
  local g = group_of(G, 1, "mage")
  local order = ai.plan_advance(G, g, 0, 60)
  T.eq(order and order.kind, "move")
  T.eq(order.dist, 60)
  turn.execute_order(G, g, order)
  local _, y = turn.pos(G, g.ids[1])
  T.near(y, 260, 0.5, "moved 60 mm ahead")
  -- a line of friends 1 mm ahead, seven wide (fantasy_holy_war, seed 33: the
  -- magician of Baghdad was paid to move 0 mm behind the holy imam nine
  -- turns running): no order that the engine would stop at once
  local line = { { id = "mage", class = "HIN", at = { 600, 200 } } }
  for i = -3, 3 do line[#line + 1] = { id = "f" .. i, class = "HIN", at = { 600 + 80 * i, 241 } } end
  G = skirmish(line, { { id = "e", class = "HIN", at = { 600, 1100 } } }, { 4 })
  g = group_of(G, 1, "mage")
  order = ai.plan_advance(G, g, 0, 80)
  if order then
    -- only a turn round the friends is acceptable, and it must turn the base
    T.truthy(math.abs(order.turn or 0) >= 1, "a straight move into the friend: " .. tostring(order.dist))
    local _, _, f0 = turn.pos(G, g.ids[1])
    turn.execute_order(G, g, order)
    local _, _, f1 = turn.pos(G, g.ids[1])
    T.truthy(math.abs(turn.norm(f1 - f0)) >= 1, "the order turned it")
  end
  -- a friend 40 mm ahead: it goes up to him (part of the move), and the engine moves it
  G = skirmish({ { id = "mage", class = "HIN", at = { 600, 200 } }, { id = "imam", class = "HIN", at = { 600, 280 } } },
               { { id = "e", class = "HIN", at = { 600, 1100 } } }, { 4 })
  g = group_of(G, 1, "mage")
  order = ai.plan_advance(G, g, 0, 80)
  T.truthy(order ~= nil, "a part of the move is open")
  T.truthy(order.dist < 80 and order.dist >= 8, "short of the friend: " .. tostring(order.dist))
  local x0, y0 = turn.pos(G, g.ids[1])
  turn.execute_order(G, g, order)
  local x1, y1 = turn.pos(G, g.ids[1])
  T.truthy(math.sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2) >= 1, "it moved")
end)

T.case("Commander, Movement (Table 3's turn, a friend at the side): a blocked link is not paid for a turning order whose turn the engine will not make", function()
  -- Isandlwana, seed 90, turn 6 (the bases as they stood): the 17th Lancers
  -- (HCC, pivoting on its centre) facing -177 degrees with the Frontier
  -- Light Horse ahead and to its right, 4 mm clear of its lane. Ordered to
  -- turn towards it, the engine does not make the turn (the pivot would
  -- overlap the friend) and the move then goes nowhere: four paid moves of
  -- 0 mm, "stopped by Frontier Light Horse" (the referee's stuck-behind-friend)
  local G = skirmish({ { id = "horse", class = "HCC", at = { 220.07, 1036.6, -177.06 } },
                       { id = "flh", class = "LSC", at = { 303.91, 960.8, -177.06 } } },
                     { { id = "e", class = "HIN", at = { 900, 300, 0 } } }, { 4 })
  local g = group_of(G, 1, "horse")
  -- its last paid move (its side's turn before) went nowhere
  ai.remember_move(G, g, { kind = "move", turn = -22.5, dist = 40 })
  G.pturn = G.pturn + 2
  T.truthy(ai.blocked(G, g), "the plan knows its last move went nowhere")
  for _, want in ipairs({ -22.5, 22.5 }) do
    local order = ai.plan_advance(G, g, want, 40)
    if order then
      local snap = turn.snapshot_group(G, g)
      local x0, y0, f0 = turn.pos(G, g.ids[1])
      turn.execute_order(G, g, order)
      local x1, y1, f1 = turn.pos(G, g.ids[1])
      T.truthy(math.sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2) >= 1 or math.abs(turn.norm(f1 - f0)) >= 1,
        "asked " .. want .. ": the order paid for moved or turned it (turn " .. tostring(order.turn) .. ", " .. tostring(order.dist) .. " mm)")
      turn.restore_group(G, g, snap)
    end
  end
end)

T.case("Commander, Deployment (the main battle line's three-frontage gap kept in play): no turn in place paid for that the engine undoes", function()
  -- a link of two in line (HIN, 80 x 40 mm) with the only other MBL vignette
  -- straight behind its left member, `gap` mm edge to edge (the limit is 240):
  -- pivoting swings that member forward; apart from the line, the engine
  -- (turn.move_group) puts the link back where it stood (Isandlwana, seeds
  -- 1-25: the 1/24th Foot paid 17 times for such turns)
  local function situation(gap)
    local G = battle.skirmish{ dice = dice.forced({}), log = false,
      sides = { { vignettes = {
          { id = "anchor", class = "HIN", at = { 500, 400 - 40 - gap } },
          { id = "a", class = "HIN", at = { 500, 400 } },
          { id = "b", class = "HIN", at = { 580, 400 }, in_line_with = "a" } } },
        { vignettes = { { id = "e", class = "HIN", at = { 600, 1100 } } } } } }
    G.pturn, G.phasing = 1, 1
    return G, group_of(G, 1, "a")
  end
  local function try(gap, want)
    local G, g = situation(gap)
    local order = ai.plan_advance(G, g, want, 0)
    if not order then return nil end
    local f0 = G.pf[g.ids[1]]
    turn.execute_order(G, g, order)
    return turn.norm(G.pf[g.ids[1]] - f0)
  end
  -- 232 mm: turning left takes the left member out of reach; turning right keeps it
  T.eq(try(232, -30), nil, "no order to turn left")
  T.near(try(232, 30), 22.5, 0.5, "the turn right is made")
  -- 238 mm: either way takes it out of reach
  T.eq(try(238, -30), nil)
  T.eq(try(238, 30), nil)
  -- well within reach (200 mm) both are made
  T.near(try(200, -30), -22.5, 0.5)
  T.near(try(200, 30), 22.5, 0.5)
end)

T.case("Commander standing plan: a far link's advance is kept while its situation stands, and priced afresh when it moved, an enemy came within two moves or its objective broke", function()
  -- one legion far from two enemies (no enemy within two of its 80 mm moves)
  local function setup_battle()
    local G = skirmish({ { id = "leg", class = "HIN", at = { 600, 200 } } },
                       { { id = "e1", class = "HIN", at = { 640, 900 } }, { id = "e2", class = "HIN", at = { 200, 1000 } } }, { 4 })
    return G, group_of(G, 1, "leg")
  end
  local G, g = setup_battle()
  local out = ai.activate(G, 1, 6)
  T.eq(#out, 1, "one order: the advance")
  T.eq(out[1].kind, "move")
  T.eq(ai.kept_price(G, g), nil, "nothing kept for the turn it was priced in")
  -- its side's next turn, the link where it stood (its move not made): the
  -- kept price comes back, the score and turn it was priced with
  G.pturn = G.pturn + 2
  local o, score = ai.kept_price(G, g)
  T.truthy(o and o.kind == "move" and o.pending and o.pending.far, "kept")
  T.truthy(score and score > 0, "with its score")
  -- reused at most KEEP_TURNS (3) of its side's turns, then priced afresh
  G.pturn = G.pturn + 2; T.truthy(ai.kept_price(G, g) ~= nil, "second reuse")
  G.pturn = G.pturn + 2; T.truthy(ai.kept_price(G, g) ~= nil, "third reuse")
  G.pturn = G.pturn + 2; T.eq(ai.kept_price(G, g), nil, "a fourth: priced afresh")
  -- the link bought and moved: priced afresh
  G, g = setup_battle()
  local bought = ai.activate(G, 1, 6)[1]
  turn.execute_order(G, g, bought)
  T.truthy(select(2, turn.pos(G, g.ids[1])) > 200, "it advanced")
  G.pturn = G.pturn + 2
  T.eq(ai.kept_price(G, g), nil, "bought and moved")
  -- moved back without turning by the initiative table (no order of ours):
  -- still kept; turned: priced afresh
  G, g = setup_battle()
  ai.activate(G, 1, 6)
  ai.plan_of(G, 1).last[g.gid] = nil     -- as if the points had not bought it
  G.pturn = G.pturn + 2
  local x, y, f = turn.pos(G, g.ids[1])
  turn.place(G, g.ids[1], x, y - 80, f)
  T.truthy(ai.kept_price(G, g) ~= nil, "moved by the initiative table, unturned")
  G, g = setup_battle()
  ai.activate(G, 1, 6)
  G.pturn = G.pturn + 2
  turn.place(G, g.ids[1], x, y, f + 20)
  T.eq(ai.kept_price(G, g), nil, "turned")
  -- an enemy within two moves: priced afresh
  G, g = setup_battle()
  ai.activate(G, 1, 6)
  G.pturn = G.pturn + 2
  turn.place(G, G.by_vid[2].e2, 600, 330, 180)
  T.eq(ai.kept_price(G, g), nil, "an enemy within two moves")
  -- the objective broken: priced afresh
  G, g = setup_battle()
  ai.activate(G, 1, 6)
  G.pturn = G.pturn + 2
  G.D[G.by_vid[2].e1].broken = true
  T.eq(ai.kept_price(G, g), nil, "objective broken")
  -- a near link (an enemy within two moves when priced) keeps nothing
  G, g = setup_battle()
  turn.place(G, G.by_vid[2].e1, 600, 400, 180)
  ai.activate(G, 1, 6)
  G.pturn = G.pturn + 2
  T.eq(ai.kept_price(G, g), nil, "a near link is priced every turn")
end)

T.case("Commander, Shooting / Melee (into_glory_ride: \"B means the target is Broken if Mounted otherwise RR\"): when fire alone will not win, missile troops close on fresh enemies they would have stood to shoot", function()
  -- two fresh foes in range (2 widths) and beyond the charge (one move).
  -- Early, or while breaks still come, the bowmen stand and shoot (no
  -- target is worn); past half the limit with no enemy broken for
  -- ai.STALL_TURNS turns, they close (and shoot after the move)
  local function situation()
    local G = skirmish({ { id = "bows", class = "HIB", at = { 500, 200 } } },
                       { { id = "a", class = "HIN", at = { 500, 350 } },
                         { id = "b", class = "HIN", at = { 580, 350 } } }, { 4, 4, 4 })
    G.max_turns = 30
    return G, group_of(G, 1, "bows")
  end
  local G, g = situation()
  T.truthy(#turn.shooting_targets(G, g.ids[1]) == 2, "both foes in range and ahead")
  T.eq(ai.close_on_worn(G, g), false, "no target worn")
  -- turn 10: the first activation remembers the broken count
  G.turn = 10
  local o = orders_of(G, 1).bows
  T.eq(o and o.order.kind, "hold", "turn 10: it shoots")
  -- each turn afresh (one activation phase a battle here), the side's
  -- memory of its last break carried over
  local function again(turn_no)
    local memory = G.ai_stall
    G, g = situation()
    G.ai_stall, G.turn = memory, turn_no
    return orders_of(G, 1).bows
  end
  -- turn 14: nothing broken for 4 turns, but not past half of 30
  o = again(14)
  T.eq(o and o.order.kind, "hold", "turn 14 (not past half the limit): it shoots")
  T.eq(G.sides[1].needs_melee, false)
  -- turn 16: nothing broken since turn 10, past half the limit: it closes
  o = again(16)
  T.eq(G.sides[1].needs_melee, true, "fire has broken nothing for 6 turns, turn 16 of 30")
  T.eq(o and o.order.kind, "move", "turn 16: it closes")
  turn.execute_order(G, o.g, o.order)
  T.truthy(G.py[g.ids[1]] > 200.5, "it went forward: " .. G.py[g.ids[1]])
  T.truthy(turn.has_shooting_target(G, g.ids[1]), "and shoots after the move")
  -- a break resets the count: an enemy broken at turn 16 leaves the side
  -- shooting at turn 17 and 18, and closing again at turn 19
  G, g = situation()
  G.turn = 10; orders_of(G, 1)
  G.turn = 16
  table.insert(G.sides[2].units, 9999)   -- one more base on the table than stands: one broken
  T.eq(ai.needs_melee(G, 1), false, "a break this turn")
  G.turn = 18
  T.eq(ai.needs_melee(G, 1), false, "two turns since the break")
  G.turn = 19
  T.eq(ai.needs_melee(G, 1), true, "three turns since the break")
end)

T.case("Commander, Activation (initiative 2, \"Charge enemy that is directly ahead, or shoot\"): when fire alone will not win, a worn enemy ahead in reach is charged, a fresh one still shot", function()
  for _, case in ipairs({ { false, false, "shoot" }, { true, false, "charge" }, { true, true, "shoot" } }) do
    local needs, fresh, want = case[1], case[2], case[3]
    local G = skirmish({ { id = "bows", class = "HIB", at = { 500, 200 } } },
                       { { id = "foe", class = "HIN", at = { 500, 290 } } }, { 4 })
    local foe = G.by_vid[2].foe
    if not fresh then G.D[foe].accumulated_r = 1 end
    G.turn = 20
    G.sides[1].needs_melee = needs
    local g = group_of(G, 1, "bows")
    T.truthy(#turn.shooting_targets(G, g.ids[1], foe) > 0, "it could shoot the foe")
    T.eq(ai.charge_or_shoot(G, g, foe), want,
      (needs and "fire alone will not win" or "fire may still win") .. (fresh and ", fresh foe" or ", worn foe"))
  end
end)
