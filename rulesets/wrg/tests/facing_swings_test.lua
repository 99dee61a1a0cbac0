-- WRG commander, issue #13 session ten: the facing swings (the referee's
-- facing-oscillates: an ordered turn of 30 degrees or more one way, then
-- back, three periods running). Each case is a hand-placed situation played
-- one period through the battle engine with the default commander on side 1.
local T = require("lib.testing")
local F = require("wrg.tests.fixtures")
local setup = require("wrg.setup")
local tables = require("wrg.tables")
local turn = require("wrg.turn")
local ai = require("wrg.ai")

local MM = tables.MM_PER_PACE
local unit, fight = F.unit, F.fight

-- Heavy foot under "attack" at (600, 300) facing 0, the enemy 60 degrees to
-- its left 500 mm off, and a friend touching its front on the left half
-- (1 mm ahead, 40 mm to the left): straight on is blocked, and of the
-- commander's bearings only a left wheel (30 degrees or more) moves it.
-- `history`: it turned 40 left two periods ago and 40 back right last
-- period. Returns the facing's turn this period (degrees, + left) and the
-- distance moved (paces).
local function edging(history)
  local u = unit("u", "HI", 600, 300, 0, { figures = 8, ranks = 2, set = { order = "attack" } })
  local _, udp = setup.footprint(u)
  local f = unit("f", "HI", 0, 0, 0, { figures = 8, ranks = 2 })
  local _, fdp = setup.footprint(f)
  f.at = { 560, 300 + udp / 2 + fdp / 2 + 1, 0 }
  local r = 500
  local G = fight{ side1 = { u, f },
    side2 = { unit("e", "HI", 600 - r * math.sin(math.rad(60)), 300 + r * math.cos(math.rad(60)), 120) } }
  local id = G.by_id[1].u
  if history then G.D[id].ai_facings = { [G.turn - 2] = 0, [G.turn - 1] = 40 } end
  G.sides[1].commander = F.commander{ move = ai.move }
  local x0, y0, f0 = G.bf:pos(id)
  F.play(G)
  local x1, y1, f1 = G.bf:pos(id)
  return turn.norm(f1 - f0), math.sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2) / MM
end

T.case("WRG commander (issue #13 session ten, facing-oscillates): blocked ahead, a unit that swung left and back right stands rather than wheel left a third time", function()
  -- the 15mm Medway at the inch (11 of its 12 swings in 200 battles): heavy
  -- foot beside a melee, every bearing blocked but one that swung them
  -- back, edging 2-15 mm with turns of 30-66 degrees period after period.
  -- A fresh unit in the same place wheels left round its friend:
  local turned, moved = edging(false)
  T.truthy(turned >= ai.SWING - 0.5 and moved > 1, string.format("no swings behind it: it wheels left round its friend (turned %.1f, moved %.1f paces)", turned, moved))
  -- after 40 left and 40 back right, that wheel would be the third swing:
  -- it stands this period (no order: not a move that moves nothing)
  local turned2, moved2 = edging(true)
  T.truthy(turned2 < ai.SWING - 1, string.format("no third swing left (turned %.1f)", turned2))
  T.truthy(moved2 < 0.01 and math.abs(turned2) < 0.01, string.format("it stands (turned %.1f, moved %.2f paces)", turned2, moved2))
end)

-- Heavy foot under "attack" at (600, 300) facing 0; a routing enemy 35
-- degrees to its left within charge reach, fleeing away (facing 40: lined
-- up on its rear, the charger ends facing 40 left). `history` as above.
-- Returns the charges declared and the facing's turn this period.
local function charging(history)
  local u = unit("u", "HI", 600, 300, 0, { figures = 8, ranks = 2, set = { order = "attack" } })
  local r = 200
  local e = unit("e", "LMI", 600 - r * math.sin(math.rad(35)), 300 + r * math.cos(math.rad(35)), 40,
    { class = "D", figures = 6, ranks = 1, weapons = { "javelin" } })
  local G = fight{ side1 = { u }, side2 = { e }, dice = F.rigged({}, 3) }
  local id, eid = G.by_id[1].u, G.by_id[2].e
  G.D[eid].routing, G.D[eid].has_routed, G.D[eid].rout_periods = true, true, 1
  T.truthy(G.bf:distance(id, eid) < turn.charge_move(G.D[id]) * MM, "the enemy is within charge reach")
  if history then G.D[id].ai_facings = { [G.turn - 2] = 0, [G.turn - 1] = 40 } end
  G.sides[1].commander = F.commander{ charge_target = ai.charge_target }
  local f0 = select(3, G.bf:pos(id))
  F.play(G)
  local declared = 0
  for _, c in ipairs(F.events(G, "charge")) do if c.unit == id then declared = declared + 1 end end
  return declared, turn.norm(select(3, G.bf:pos(id)) - f0), G, id, eid
end

T.case("WRG commander (issue #13 session ten, facing-oscillates): no third swing for a charge, not even at a router", function()
  -- session eight let a router, a disorganised enemy or a flank or rear be
  -- worth the third swing: at the Holy War, the Dark Host and Ctesiphon
  -- those charges were the third swing of 8 of 9 facing-oscillates read
  -- one by one once moves no longer swung back. CHARGING: the charger "must
  -- turn to face its target", and the battle lines it up on the edge it
  -- strikes: both facings are read.
  local n, turned = charging(false)
  T.truthy(n == 1 and turned > 5, string.format("a fresh unit charges it, wheeling left after it (%d declared, turned %.1f)", n, turned))
  local n2, turned2 = charging(true)
  T.eq(n2, 0, "after 40 left and 40 back right: no charge declared")
  T.truthy(math.abs(turned2) < ai.SWING - 1, string.format("and no third swing (turned %.1f)", turned2))
end)

T.case("WRG commander (issue #13 session ten, facing-oscillates): a unit barred from a third swing charges no skirmisher that would evade, even straight ahead", function()
  -- GENERAL FEATURES OF ORDERS 4: skirmishing horse "may always choose to
  -- evade"; the charger turns to face its target when it moves, after the
  -- evade, so the evader's flight decides its facing (Chalons: a charge
  -- declared straight ahead swung the unit 32 degrees back, its third
  -- swing). Heavy horse facing 0, skirmishing light horse 120 mm straight
  -- ahead.
  local function declared(history)
    local u = unit("u", "HC", 600, 300, 0, { figures = 4, ranks = 1, weapons = { "lance" }, set = { order = "attack" } })
    local e = unit("e", "LC", 600, 420, 180, { figures = 4, ranks = 1, weapons = { "bow" }, set = { order = "skirmish" } })
    local G = fight{ side1 = { u }, side2 = { e }, dice = F.rigged({}, 3) }
    local id, eid = G.by_id[1].u, G.by_id[2].e
    if history then G.D[id].ai_facings = { [G.turn - 2] = 0, [G.turn - 1] = 40 } end
    G.sides[1].commander = F.commander{ charge_target = ai.charge_target }
    G.sides[2].commander = F.commander{ evade = function() return true end }
    F.play(G)
    local n = 0
    for _, c in ipairs(F.events(G, "charge")) do if c.unit == id and c.target == eid then n = n + 1 end end
    return n
  end
  T.eq(declared(false), 1, "a fresh unit charges the light horse")
  T.eq(declared(true), 0, "after 40 left and 40 back right: no charge at them this period")
end)

T.case("WRG commander (issue #13 session ten, facing-oscillates): a unit barred from a third swing charges no enemy half a swing (15 degrees) or more the barred way", function()
  -- the contact may land on another edge than the trial's (the 15mm Medway
  -- at the inch: a charge declared at 29 degrees was lined up on a flank
  -- at 46, the third swing). Heavy foot facing 0, light-medium foot in good order
  -- 20 degrees to its left within reach, facing it (lined up on its front
  -- the charger would face 20 left: under a swing).
  local function target(history)
    local u = unit("u", "HI", 600, 300, 0, { figures = 8, ranks = 2, set = { order = "attack" } })
    local r = 150
    local e = unit("e", "LMI", 600 - r * math.sin(math.rad(20)), 300 + r * math.cos(math.rad(20)), 200,
      { class = "D", figures = 6, ranks = 1, weapons = { "javelin" } })
    local G = fight{ side1 = { u }, side2 = { e } }
    local id, eid = G.by_id[1].u, G.by_id[2].e
    if history then G.D[id].ai_facings = { [G.turn - 2] = 0, [G.turn - 1] = 40 } end
    return ai.charge_target(G, id), eid
  end
  local t, e = target(false)
  T.eq(t, e, "a fresh unit charges it")
  T.eq(target(true), nil, "after 40 left and 40 back right: not this period")
end)

T.case("WRG commander (issue #13 session ten, facing-oscillates): a unit barred from a third swing charges no pursuer and no charger, even straight ahead", function()
  -- a pursuer moves on after its router before the charge lands (Chalons:
  -- a legion's charge declared straight ahead at Attila's nobles, who were
  -- pursuing, swung it 32 degrees back, its third swing); so does an enemy
  -- that declared a charge of its own at another unit this period (charges
  -- move together: at the Holy War, seed 2, horse charging straight ahead
  -- at charging horse swung 79 degrees)
  local function target(history, flag)
    local u = unit("u", "HI", 600, 300, 0, { figures = 8, ranks = 2, set = { order = "attack" } })
    local e = unit("e", "LMI", 600, 450, 0, { class = "D", figures = 6, ranks = 1, weapons = { "javelin" } })
    local G = fight{ side1 = { u }, side2 = { e } }
    local id, eid = G.by_id[1].u, G.by_id[2].e
    G.D[eid][flag] = true
    if history then G.D[id].ai_facings = { [G.turn - 2] = 0, [G.turn - 1] = 40 } end
    return ai.charge_target(G, id), eid
  end
  for _, flag in ipairs({ "pursuing", "charging" }) do
    local t, e = target(false, flag)
    T.eq(t, e, "a fresh unit charges it (" .. flag .. ")")
    T.eq(target(true, flag), nil, "after 40 left and 40 back right: not this period (" .. flag .. ")")
  end
end)
