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
