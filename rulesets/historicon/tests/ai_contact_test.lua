-- The "contact" commander (historicon/ai_contact.lua), the measuring
-- instrument for how much engagement the rules allow (docs/rulesets/
-- historicon.md, "Engagement: the ceiling (session nine)"): hand-placed
-- units on an open 240 x 150 cm table at 25mm (positions in cm, side 1 faces
-- north), one movement phase played through the battle engine, the enemy
-- passive (tests/fixtures.lua).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local turn = require("historicon.turn")
local shooting = require("historicon.shooting")
local contact = require("historicon.ai_contact")
local unpaced = require("historicon.ai_contact_unpaced")
local ai = require("historicon.ai")
local fixtures = require("historicon.tests.fixtures")

local function field(mine, theirs, commander)
  return fixtures.field{ dice = dice.random(1), log = false, referee = true,
    sides = { { units = mine, commander = commander or contact }, { units = theirs } } }
end

-- The distance the commander reads (base to base, bf:query's).
local function dist(G, a, b)
  for _, q in ipairs(G.bf:query{ of = a, within = 1e9, enemy = true }) do
    if q.id == b then return q.distance end
  end
end

local HIS = function(id, at) return { id = id, troop = "AIF HIS", figures = 24, ranks = 3, at = at } end

T.case("Contact commander (Phase 3 other movement): a unit out of reach closes at its full move toward the nearest enemy", function()
  local G = field({ { id = "kn", troop = "AIF KC", figures = 16, ranks = 1, at = { 120, 20 } } },
                  { HIS("far", { 200, 130, 180 }), HIS("near", { 120, 120, 180 }) })
  local kn, near = G.by_id[1].kn, G.by_id[2].near
  local before = dist(G, kn, near)
  local _, y0 = G.bf:pos(kn)
  turn.phase3(G)
  local _, y1 = G.bf:pos(kn)
  T.near(before - dist(G, kn, near), G.D[kn].move, 5, "its full move spent closing on the nearest enemy")
  T.truthy(y1 - y0 > 0.9 * G.D[kn].move, "forward, toward the enemy's edge")
end)

T.case("Contact commander (Phase 3, Table 4): it charges an enemy within reach whatever the odds", function()
  -- heavy cavalry into the front of three ranks of spearmen: Table 4 makes
  -- it a losing fight (HI-S +2 fighting mounted, +4 a rank deeper), which the
  -- default commander does not make; 13 cm centre to centre, beyond its
  -- 10 cm shooting range (no "shoot first")
  local G = field({ { id = "kn", troop = "ARA HC", figures = 8, ranks = 2, at = { 120, 40 } } },
                  { HIS("sp", { 120, 53, 180 }) })
  local kn, sp = G.by_id[1].kn, G.by_id[2].sp
  T.truthy(ai.charge_value(G, kn, sp) <= 0, "a losing charge by the default commander's own reckoning")
  turn.phase3(G)
  local touching = false
  for _, c in ipairs(turn.contacts(G, kn)) do if c == sp then touching = true end end
  T.truthy(touching, "in contact with the spearmen")
end)

T.case("Contact commander (Classes of troops): light infantry still never charges the front of ordered heavy infantry", function()
  local G = field({ { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 30 } } },
                  { HIS("e", { 120, 45, 180 }) })
  turn.phase3(G)
  T.eq(#turn.contacts(G, G.by_id[1].li), 0, "no contact made (an absurd act by the referee's count)")
end)

T.case("Contact commander (Phase 4 shooting): a shooter stands in range, out of range it closes to nine tenths of it", function()
  -- (side by side: the army's unit-separation distances hold, movement.lua)
  local G = field({ { id = "a", troop = "ARA LI", figures = 16, ranks = 2, at = { 60, 30 } },
                    { id = "b", troop = "ARA LI", figures = 16, ranks = 2, at = { 100, 30 } } },
                  { { id = "x", troop = "ARA LI", figures = 16, ranks = 2, at = { 60, 40, 180 } },
                    { id = "y", troop = "ARA LI", figures = 16, ranks = 2, at = { 100, 55, 180 } } })
  local a, b, y = G.by_id[1].a, G.by_id[1].b, G.by_id[2].y
  local range = shooting.range(G.D[a], G.S.scale) * 10
  local ax0, ay0 = G.bf:pos(a)
  local before = dist(G, b, y)
  T.truthy(before > range and before - G.D[b].move < range, "b starts out of range, within a move of it")
  turn.phase3(G)
  local ax1, ay1 = G.bf:pos(a)
  T.near(ax1, ax0, 0.01, "a (enemy within range) stands")
  T.near(ay1, ay0, 0.01, "a stands")
  T.near(dist(G, b, y), 0.9 * range, 10, "b closes to nine tenths of its range")
end)

T.case("Contact commander (Phase 3): the pace -- horse beside slow spearmen wait to arrive with them; unpaced, they do not", function()
  local function knights_moved(commander)
    local G = field({ { id = "kn", troop = "ARA HC", figures = 8, ranks = 2, at = { 80, 20 } },
                      HIS("sp", { 160, 20 }) },
                    { HIS("e1", { 80, 130, 180 }), HIS("e2", { 160, 130, 180 }) }, commander)
    local kn = G.by_id[1].kn
    local _, y0 = G.bf:pos(kn)
    turn.phase3(G)
    local _, y1 = G.bf:pos(kn)
    return y1 - y0, G.D[kn].move, G.D[G.by_id[1].sp].move
  end
  local paced, move, slow = knights_moved(contact)
  local free = knights_moved(unpaced)
  T.truthy(slow < move, "the spearmen are the slower")
  T.near(free, move, 1, "unpaced: the horse's full move")
  T.truthy(paced < move - 10, "paced: less than their full move")
  T.truthy(paced > 0, "paced: still closing")
end)
