-- The commander variant built to engage (commander/engage_all.lua), on
-- hand-placed situations played through the battle engine's activation
-- phase (turn.activation_phase) with forced dice, each against the default
-- commander in the same situation: what it changes, and only that.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("phalanx.battle")
local turn = require("phalanx.turn")
local ai = require("phalanx.ai")
local engage_all = require("phalanx.commander.engage_all")

-- Side 1 south (facing north, +y), side 2 north (facing south). Foot bases
-- are 80 x 40 mm (6'x4', 15-20mm option 2); Table 3: a foot move is 80 mm.
local function skirmish(cmd, s1, s2, points)
  local G = battle.skirmish{ dice = dice.forced({ 4 }), log = false,
    sides = { { vignettes = s1, commander = cmd, activation_points = points or 6 }, { vignettes = s2, commander = ai } } }
  G.pturn, G.phasing = 1, 1
  return G
end

-- Phase A with an activation die of 4 (no modifier): the orders given, by
-- the vignette id of each link's first member.
local function orders_of(G, side)
  local out = {}
  for _, q in ipairs(turn.activation_phase(G, side)) do out[G.D[q.g.ids[1]].vid] = q.order end
  return out
end

T.case("Commander engage_all (Activation: the points buy the link furthest from the enemy first): the default buys the nearest", function()
  -- one point, two links of one HIN each abreast (neither lags behind the
  -- other), no enemy within two moves of either: `near` 360 mm (edge to
  -- edge) from its enemy, `far` 760 mm from its own; both off the main
  -- battle line (its cohesion is not in question here)
  local s1 = { { id = "near", class = "HIN", off_main_line = true, at = { 300, 200 } },
               { id = "far", class = "HIN", off_main_line = true, at = { 1300, 200 } } }
  local s2 = { { id = "e1", class = "HIN", at = { 300, 600 } }, { id = "e2", class = "HIN", at = { 1300, 1000 } } }
  local G = skirmish(ai, s1, s2, 1)
  local orders = orders_of(G, 1)
  T.eq(orders.near and orders.near.kind, "move", "the default: the nearest link")
  T.eq(orders.far, nil, "the default: not the far one")
  G = skirmish(engage_all, s1, s2, 1)
  orders = orders_of(G, 1)
  T.eq(orders.far and orders.far.kind, "move", "engage_all: the link furthest from its enemy")
  T.eq(orders.near, nil, "engage_all: not the near one")
end)

T.case("Commander engage_all (Victory: the battle ends on the General's vignette broken): the General advances only out of the enemy's reach", function()
  -- the enemy HIN's reach: an advance and a charge, 160 mm, and a quarter
  -- frontage (commander/reserve.lua): 180 mm. `gen` stands 220 mm (edge
  -- to edge) from it: the default advances a full move; engage_all
  -- advances only to 180 mm, a plain vignette in its place the full move.
  -- Four MBL vignettes far on the right: one break does not lose the
  -- battle (else the guard, as the reserve's, is lifted)
  for _, case in ipairs({ { ai, true, 80 }, { engage_all, true, 40 }, { engage_all, false, 80 } }) do
    local cmd, general, want = case[1], case[2], case[3]
    local G = skirmish(cmd, { { id = "gen", class = "HIN", general = general, off_main_line = true, at = { 600, 200 } },
                              { id = "m1", class = "HIN", at = { 1300, 100 } }, { id = "m2", class = "HIN", at = { 1500, 100 } },
                              { id = "m3", class = "HIN", at = { 1700, 100 } }, { id = "m4", class = "HIN", at = { 1100, 100 } } },
                       { { id = "e", class = "HIN", at = { 600, 460 } } })
    local orders = orders_of(G, 1)
    local o = orders.gen
    T.eq(o and o.kind, "move", "an advance")
    T.truthy(o and math.abs(o.dist - want) < 1e-6 and math.abs(o.turn or 0) < 1e-6,
      string.format("%s, general %s: %s mm straight on (want %d)", cmd == ai and "default" or "engage_all",
        tostring(general), o and tostring(o.dist) or "-", want))
  end
end)

T.case("Commander engage_all (Shooting: fire spread over the enemies not yet engaged): the default shoots the nearest", function()
  -- bowmen with two targets in range ahead; the nearer has been shot at
  local G = skirmish(engage_all, { { id = "bows", class = "HIB", at = { 600, 200 } } },
                     { { id = "a", class = "HIN", at = { 600, 300 } }, { id = "b", class = "HIN", at = { 675, 360 } } })
  local bows, a, b = G.by_vid[1].bows, G.by_vid[2].a, G.by_vid[2].b
  local targets = turn.shooting_targets(G, bows)
  T.eq(#targets, 2, "both in range and ahead")
  T.eq(targets[1].id, a, "a is the nearer")
  T.eq(ai.shoot_target(G, bows, targets), a, "the default: the nearest")
  T.eq(engage_all.shoot_target(G, bows, targets), a, "engage_all: the nearest while neither has engaged")
  T.eq(engage_all.shoot_target(G, bows, turn.shooting_targets(G, bows)), b, "then the one not yet shot at")
  T.eq(engage_all.shoot_target(G, bows, turn.shooting_targets(G, bows)), a, "both engaged: the nearest again")
end)

T.case("Commander engage_all option release_turn (the General guarded only until that share of the turn limit): the guard is lifted after it", function()
  -- the General's situation of the case above: 40 mm while guarded, the
  -- full move once the guard is lifted (turn 16 of 30 with release_turn 0.5)
  local cmd = engage_all.make({ spread = true, release_turn = 0.5 })
  for _, case in ipairs({ { 15, 40 }, { 16, 80 } }) do
    local G = skirmish(cmd, { { id = "gen", class = "HIN", general = true, off_main_line = true, at = { 600, 200 } },
                              { id = "m1", class = "HIN", at = { 1300, 100 } }, { id = "m2", class = "HIN", at = { 1500, 100 } },
                              { id = "m3", class = "HIN", at = { 1700, 100 } }, { id = "m4", class = "HIN", at = { 1100, 100 } } },
                       { { id = "e", class = "HIN", at = { 600, 460 } } })
    G.max_turns, G.turn = 30, case[1]
    local o = orders_of(G, 1).gen
    T.truthy(o and o.kind == "move" and math.abs(o.dist - case[2]) < 1e-6,
      string.format("turn %d: %s mm (want %d)", case[1], o and tostring(o.dist) or "-", case[2]))
  end
end)
