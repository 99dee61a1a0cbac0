-- WRG 1973: the default commander's choices (rulesets/wrg/ai.lua), each on a
-- hand-placed situation of the battle engine.
local T = require("lib.testing")
local F = require("wrg.tests.fixtures")
local setup = require("wrg.setup")
local tables = require("wrg.tables")
local ai = require("wrg.ai")

local MM = tables.MM_PER_PACE
local unit, fight = F.unit, F.fight

-- A side-1 unit under an "attack" order facing a side-2 unit `gap` paces
-- ahead; returns G and the two ids.
local function facing(u, enemy, gap)
  local _, udp = setup.footprint(u)
  local _, edp = setup.footprint(enemy)
  u.at = { 600, 300, 0 }
  u.set = { order = "attack" }
  enemy.at = { 600, 300 + udp / 2 + gap * MM + edp / 2, 180 }
  local G = fight{ side1 = { u }, side2 = { enemy } }
  return G, G.by_id[1][u.id], G.by_id[2][enemy.id]
end

T.case("WRG commander (issue #13): bowmen stand and shoot at an enemy in good order within their range", function()
  -- the referee's missile-charges-instead-of-shooting (wrg.absurd_acts):
  -- a charger does not shoot; Gaugamela's Sparabara charged the Companions
  -- 41 times in 50 battles
  local G, b, h = facing(unit("b", "MI", 0, 0, 0, { class = "A", figures = 12, ranks = 2, weapons = { "bow" } }),
    unit("h", "LMI", 0, 0, 180, { class = "D", figures = 6, ranks = 1, weapons = { "javelin" } }), 40)
  T.truthy(G.bf:distance(b, h) <= G.D[b].range * MM, "the enemy stands within the bows' range")
  T.eq(ai.charge_target(G, b), nil, "the bowmen do not charge it")
  G.D[h].disorganised = true
  T.eq(ai.charge_target(G, b), h, "a disorganised enemy they charge")
  -- javelin-armed foot in the same place charge the enemy in good order
  local G2, j, h2 = facing(unit("j", "MI", 0, 0, 0, { class = "A", figures = 12, ranks = 2, weapons = { "javelin" } }),
    unit("h", "LMI", 0, 0, 180, { class = "D", figures = 6, ranks = 1, weapons = { "javelin" } }), 40)
  T.eq(ai.charge_target(G2, j), h2, "javelin-armed foot charge (the javelins are thrown in the charge)")
end)

T.case("WRG commander (issue #13): a skirmisher whose way is barred is ordered no move", function()
  -- GENERAL FEATURES OF ORDERS 4: skirmishers "close to within their own
  -- missile range"; with a friend standing across its front (touching it:
  -- straight on and 30 or 60 degrees either side all swing or run into
  -- it) the commander used to order the straight move, which went nowhere
  local function plan(with_friend)
    local s = unit("s", "LI", 600, 300, 0, { figures = 4, ranks = 1, weapons = { "bow" }, set = { order = "skirmish" } })
    local _, sdp = setup.footprint(s)
    local side1 = { s }
    if with_friend then
      local f = unit("f", "HI", 600, 0, 0, { figures = 8, ranks = 1 })
      local _, fdp = setup.footprint(f)
      f.at = { 600, 300 + sdp / 2 + fdp / 2, 0 }
      side1[2] = f
    end
    local G = fight{ side1 = side1, side2 = { unit("e", "HI", 600, 1100, 180) } }
    return ai.move(G, G.by_id[1].s)
  end
  local p = plan(false)
  T.truthy(p and math.abs(p.bearing) < 0.5 and p.distance > 0, "nothing in the way: straight at the enemy")
  T.eq(plan(true), nil, "a friend across its front: no move is ordered")
end)

T.case("WRG commander (issue #13): a unit keeps its interval rather than end its move against a friend", function()
  -- the enemy 30 degrees to the left: the unit keeps the line (straight
  -- ahead) unless that move would leave it within ai.CROWD of a friend
  -- standing ahead on its right, when it turns towards the enemy instead
  local function plan(with_friend)
    local u = unit("u", "HI", 600, 300, 0, { figures = 8, ranks = 2, set = { order = "attack" } })
    local uw, udp = setup.footprint(u)
    local side1 = { u }
    local step = 60 * MM -- the unit's normal move (checked below)
    if with_friend then
      local f = unit("f", "HI", 0, 0, 0, { figures = 4, ranks = 1 })
      local fw, fdp = setup.footprint(f)
      f.at = { 600 + uw / 2 + 5 + fw / 2, 300 + step, 0 }
      T.truthy(step - fdp / 2 - udp / 2 > ai.CROWD, "the friend stands clear of the unit at the start")
      side1[2] = f
    end
    local r = 800
    local G = fight{ side1 = side1, side2 = { unit("e", "HI", 600 - r * math.sin(math.rad(30)), 300 + r * math.cos(math.rad(30)), 180) } }
    local id = G.by_id[1].u
    T.near(require("wrg.turn").normal_move(G.D[id]), 60, 0.01, "the unit's normal move")
    return ai.move(G, id)
  end
  local p = plan(false)
  T.truthy(p and math.abs(p.bearing) < 0.5, "no friend: straight ahead, keeping the line (bearing " .. tostring(p and p.bearing) .. ")")
  p = plan(true)
  T.truthy(p and math.abs(p.bearing - 30) < 1, "a friend where the move would end: towards the enemy instead (bearing " .. tostring(p and p.bearing) .. ")")
end)
