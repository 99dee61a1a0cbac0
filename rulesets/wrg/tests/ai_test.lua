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

-- The ordered moves of one period, as a watching referee is told of them
-- (lib.manoeuvre's record), each with whether it moved the unit at all:
-- the quality report's "moved 0" (a declared move that moved nothing).
local function moves_of_period(G, uid)
  local out, start = {}, nil
  G.referee = { record = function(_, id, kind)
    if id == uid and (kind == "move" or kind == "charge") then out[#out + 1] = kind end
  end }
  local x0, y0, f0 = G.bf:pos(uid)
  F.play(G)
  G.referee = nil
  local x, y, f = G.bf:pos(uid)
  local still = math.sqrt((x - x0) ^ 2 + (y - y0) ^ 2) < 1 and math.abs(require("wrg.turn").norm(f - f0)) < 1
  return out, still
end

T.case("WRG commander (issue #13): no charge at a router the unit already touches", function()
  -- ROUT AND PURSUIT: touching a router is pursuit, not melee; a charge at
  -- one already touched goes nowhere and strikes nothing (Ctesiphon at
  -- night: light horse "charged" a pinned router period after period)
  local function situation(gap)
    local G, u, r = facing(unit("u", "LC", 0, 0, 0, { class = "C", figures = 8, ranks = 1, weapons = { "javelin" } }),
      unit("r", "LC", 0, 0, 180, { class = "D", figures = 6, ranks = 1, weapons = { "javelin" } }), gap)
    G.D[r].routing, G.D[r].has_routed, G.D[r].rout_periods = true, true, 1
    G.sides[1].commander = F.commander{ charge_target = ai.charge_target, move = ai.move }
    return G, u, r
  end
  local G, u, r = situation(20)
  T.eq(ai.charge_target(G, u), r, "a router 20 paces ahead is charged")
  G, u, r = situation(0)
  T.truthy(G.bf:distance(u, r) <= 0.5, "the router touches the unit")
  T.eq(ai.charge_target(G, u), nil, "the router it touches is not charged")
  local moves = moves_of_period(G, u)
  local charged = false
  for _, k in ipairs(moves) do if k == "charge" then charged = true end end
  T.eq(charged, false, "played through the battle engine: no charge declared")
end)

T.case("WRG commander (issue #13): a unit already a pace off its enemy is ordered no move of a fraction of a pace", function()
  -- an "attack" unit within charge reach that does not charge closes to a
  -- pace off; one already there was ordered the remainder (0.2 paces, half
  -- a millimetre), a move that moved nothing (Hydaspes' elephants, period
  -- after period)
  local function situation(gap)
    local G, u, e = facing(unit("u", "HI", 0, 0, 0, { figures = 8, ranks = 2 }),
      unit("e", "HI", 0, 0, 180, { figures = 8, ranks = 2 }), gap)
    G.sides[1].commander = F.commander{ move = ai.move }
    return G, u, e
  end
  local G, u = situation(10)
  local p = ai.move(G, u)
  T.truthy(p and p.distance > 1, "10 paces off: it closes (" .. tostring(p and p.distance) .. " paces)")
  G, u = situation(1.2)
  T.eq(ai.move(G, u), nil, "1.2 paces off: no move")
  local moves, still = moves_of_period(G, u)
  T.truthy(still, "played through the battle engine: the unit stands")
  T.eq(#moves, 0, "and no move was declared")
end)

T.case("WRG commander (issue #13, mirror matches): the two sides go round what bars the way by the same hand, each from its own side", function()
  -- the same situation for side 1 and, reflected across the table's middle
  -- line (as the scenarios deploy the two sides), for side 2: a skirmisher
  -- closing to range whose way straight on is barred while 30 degrees
  -- either side are both open. Tried in the board's order (30 degrees
  -- clockwise first) both sides went clockwise: not the same move seen
  -- from the two sides. (The trial moves are the battle's own, except that
  -- the straight run is barred by hand: turn.advance moves nothing on the
  -- unit's start facing.)
  local turn = require("wrg.turn")
  local function plan(s)
    local G0 = fight{ side1 = { unit("z", "HI", 100, 100, 0) } }
    local depth = G0.S.depth
    local function y(v) return s == 1 and v or depth - v end
    local start = s == 1 and 0 or 180
    local sk = unit("s", "LI", 600, y(300), start, { figures = 4, ranks = 1, weapons = { "bow" }, set = { order = "skirmish" } })
    local en = unit("e", "HI", 600, y(1000), start + 180)
    local G
    if s == 1 then G = fight{ side1 = { sk }, side2 = { en } } else G = fight{ side1 = { en }, side2 = { sk } } end
    local id = G.by_id[s].s
    local advance = turn.advance
    turn.advance = function(G2, uid, paces, ...)
      local _, _, f = G2.bf:pos(uid)
      if uid == id and math.abs(turn.norm(f - start)) < 1 then return "barred", 0 end
      return advance(G2, uid, paces, ...)
    end
    local ok, p = pcall(ai.move, G, id)
    turn.advance = advance
    assert(ok, p)
    return p
  end
  local p1, p2 = plan(1), plan(2)
  T.truthy(p1 and p2, "both are ordered a move")
  T.truthy(math.abs(p1.bearing) > 15, "side 1 goes round (bearing " .. tostring(p1.bearing) .. ")")
  T.near(turn.norm(p2.bearing - (180 - p1.bearing)), 0, 0.5,
    "side 2's bearing is side 1's reflected (" .. tostring(p1.bearing) .. " and " .. tostring(p2.bearing) .. ")")
end)

T.case("WRG commander (issue #13): a move or charge that went nowhere last period is not ordered again from the same place", function()
  -- the trial moves skip the checks the battle makes for a unit touching
  -- another, so a few moves look open and are not; a player who saw the
  -- move fail does not order it again (a warband ordered the same 3 paces
  -- eight periods running at the Medway)
  local G, u = facing(unit("u", "HI", 0, 0, 0, { figures = 8, ranks = 2 }), unit("e", "HI", 0, 0, 180), 300)
  G.turn = 1
  local p = ai.move(G, u)
  T.truthy(p and p.distance > 0, "period 1: a move towards the enemy")
  G.turn = 2
  T.eq(ai.move(G, u), nil, "period 2, the unit where it stood: the same move is not ordered again")
  G.turn = 3
  p = ai.move(G, u)
  T.truthy(p and p.distance > 0, "period 3: tried once more (something may have moved out of its way)")
  G.turn = 4
  local x, y, f = G.bf:pos(u)
  G.bf:place(u, x, y + 10, f)
  p = ai.move(G, u)
  T.truthy(p and p.distance > 0, "period 4, the unit moved on (by other means): it is ordered a move")
  -- charges likewise
  local G2, c, t = facing(unit("c", "HC", 0, 0, 0, { class = "B", figures = 8, ranks = 2 }),
    unit("t", "LMI", 0, 0, 180, { class = "D", figures = 8, ranks = 2, weapons = { "javelin" } }), 40)
  G2.turn = 1
  T.eq(ai.charge_target(G2, c), t, "period 1: the cavalry charge")
  G2.turn = 2
  T.eq(ai.charge_target(G2, c), nil, "period 2, still where they stood: the charge that went nowhere is not declared again")
  G2.turn = 3
  T.eq(ai.charge_target(G2, c), t, "period 3: it may be tried once more")
end)

T.case("WRG commander (issue #13): with ai.WHEEL_ROOM (off by default) an attacking unit keeps room to wheel onto the enemy it will charge", function()
  -- CHARGING: the charger turns to face its target before it runs in; a
  -- unit that ends its move with a friend in the sweep of that turn cannot
  -- charge from there (at Gaugamela 17 times a battle an "attack" unit
  -- with an enemy in reach and in its front found its charge's turn stopped
  -- by a friend). The enemy 35 degrees off its front, 150 paces away, a
  -- friend ahead on that side: straight ahead (keeping the line) would end
  -- with the friend in the sweep; the commander goes at the enemy instead.
  -- Played through the battle engine: one period of ordinary moves.
  local default = ai.WHEEL_ROOM
  local function period(wheel_room)
    ai.WHEEL_ROOM = wheel_room
    local u = unit("u", "HI", 600, 300, 0, { figures = 8, ranks = 2, set = { order = "attack" } })
    local f = unit("f", "HI", 660, 460, 0, { figures = 4, ranks = 1, set = { order = "hold" } })
    local e = unit("e", "HI", 600 + 150 * math.sin(math.rad(35)) * MM, 300 + 150 * math.cos(math.rad(35)) * MM, 180)
    local G = fight{ side1 = { u, f }, side2 = { e }, cmd1 = F.commander{ move = ai.move } }
    local id, eid = G.by_id[1].u, G.by_id[2].e
    F.play(G)
    ai.WHEEL_ROOM = default
    local turn = require("wrg.turn")
    local stopped = turn.probe(G, id, function()
      local r = G.bf:move(id, "turn", turn.norm(turn.bearing(G, id, eid) - select(3, G.bf:pos(id))))
      return r and r.stopped_by
    end)
    return stopped, G.bf:distance(id, eid) / MM, turn.charge_move(G.D[id]), G.by_id[1].f
  end
  local stopped, dist, reach, fid = period(false)
  T.truthy(dist <= reach, "the enemy is within charge reach after the move (" .. dist .. " paces)")
  T.eq(stopped, fid, "keeping the line: the turn onto the enemy would be stopped by the friend")
  stopped, dist = period(true)
  T.truthy(dist <= reach, "the enemy within charge reach (" .. dist .. " paces)")
  T.eq(stopped, nil, "keeping room to wheel: the turn onto the enemy is clear")
end)

T.case("WRG commander (issue #13): an attacking unit whose every trial move goes nowhere is ordered none", function()
  -- the enemy 5 paces ahead (the charge declined), every way barred (by
  -- hand: turn.advance moves nothing): straight ahead's bonus for keeping
  -- the line took its score just under the "barred" mark and the move was
  -- ordered anyway (a Medway warband, 3 paces, four periods running)
  local turn = require("wrg.turn")
  local G, u = facing(unit("u", "LMI", 0, 0, 0, { class = "D", figures = 8, ranks = 2, weapons = { "javelin" } }),
    unit("e", "HI", 0, 0, 180), 5)
  local p = ai.move(G, u)
  T.truthy(p and p.distance > 0, "way open: it closes to a pace off (" .. tostring(p and p.distance) .. " paces)")
  local advance = turn.advance
  turn.advance = function(G2, uid, ...)
    if uid == u then return "barred", 0 end
    return advance(G2, uid, ...)
  end
  local ok, q = pcall(ai.move, G, u)
  turn.advance = advance
  assert(ok, q)
  T.eq(q, nil, "every way barred: no move is ordered")
end)

T.case("WRG commander (issue #13, facing-oscillates): a skirmisher keeps harassing the enemy it made for last period", function()
  -- GENERAL FEATURES OF ORDERS 4: skirmishers "close to within their own
  -- missile range and shoot". Two enemies ahead, one to each side: the one
  -- to the left a little nearer. Making for whichever was nearest each
  -- period swung skirmishing light horse between two targets (Chalons,
  -- Ctesiphon: their facing back and forth three periods running).
  local function plan(last)
    local s = unit("s", "LC", 600, 300, 0, { figures = 4, ranks = 1, weapons = { "bow" }, set = { order = "skirmish" } })
    local left = unit("l", "HI", 450, 1000, 180)   -- the nearer
    local right = unit("r", "HI", 800, 1050, 180)
    local G = fight{ side1 = { s }, side2 = { left, right } }
    local su, l, r = G.by_id[1].s, G.by_id[2].l, G.by_id[2].r
    T.truthy(G.bf:distance(su, l) < G.bf:distance(su, r), "the enemy on the left is the nearer")
    T.truthy(G.bf:distance(su, r) <= 1.5 * G.bf:distance(su, l), "the other within half as far again")
    if last then G.D[su].ai_skirmish_target = last == "r" and r or l end
    local p = ai.move(G, su)
    local function towards(id) return math.abs(require("wrg.turn").norm(p.bearing - require("wrg.turn").bearing(G, su, id))) < 1 end
    return p, towards, l, r, G, su
  end
  local p, towards, l = plan(nil)
  T.truthy(p and towards(l), "no target yet: the nearest")
  local p2, towards2, _, r, G, su = plan("r")
  T.truthy(p2 and towards2(r), "it made for the other last period: it keeps to it")
  T.eq(G.D[su].ai_skirmish_target, r, "and remembers it")
end)

T.case("WRG commander (issue #13, light-charges-heavy-front): a charge is declared only at an enemy its order allows, the one its path strikes first", function()
  -- Standing order "Harass": "Skirmish with heavy or medium troops facing
  -- in good order, but charge light, disorganised or outflanked troops".
  -- A skirmisher's charge at disorganised light foot beyond a body of heavy
  -- foot strikes the heavy foot first, and the charge is declared at the
  -- enemy struck first (Chalons seed 24: Hunnic horse into Legio Ioviani).
  local turn = require("wrg.turn")
  local s = unit("s", "LC", 600, 300, 0, { figures = 4, ranks = 1, weapons = { "bow" }, set = { order = "skirmish" } })
  local heavy = unit("h", "HI", 600, 450, 180)
  local light = unit("l", "LI", 600, 600, 180, { weapons = { "javelin" }, set = { disorganised = true } })
  local G = fight{ side1 = { s }, side2 = { heavy, light } }
  local su, h, l = G.by_id[1].s, G.by_id[2].h, G.by_id[2].l
  T.truthy(G.bf:distance(su, l) < turn.charge_move(G.D[su]) * MM, "the light foot are within the horse's charge reach")
  T.eq(ai.charge_path(G, su, l), h, "a charge at the light foot strikes the heavy foot first")
  T.eq(ai.charge_target(G, su), nil, "no charge is declared")
  -- through the battle engine: one period, the default commander on side 1
  G.sides[1].commander = ai
  F.play(G)
  for _, e in ipairs(F.events(G, "charge", 1)) do
    T.truthy(not (e.unit == su and e.target == h), "the horse did not charge the heavy foot")
  end
  local x, y = G.bf:pos(su)
  T.truthy(G.bf:distance(su, h) > 0.5, "the horse stand off the heavy foot (at " .. x .. ", " .. y .. ")")
end)

T.case("WRG commander (issue #13, facing-oscillates): a unit that swung one way and back does not swing the first way again", function()
  -- no player swings his line to and fro period after period (the
  -- referee's facing-oscillates: three turns of 30 degrees or more running,
  -- each against the last). The enemy 60 degrees to the left: a fresh
  -- unit wheels towards it; one that turned 40 degrees left two periods ago
  -- and 40 back right last period keeps its line this period (one period
  -- through the battle engine, the default commander on side 1).
  local turn = require("wrg.turn")
  local function period(history)
    local u = unit("u", "HI", 600, 300, 0, { figures = 8, ranks = 2, set = { order = "attack" } })
    local r = 500
    local G = fight{ side1 = { u }, side2 = { unit("e", "HI", 600 - r * math.sin(math.rad(60)), 300 + r * math.cos(math.rad(60)), 120) } }
    local id = G.by_id[1].u
    if history then G.D[id].ai_facings = { [G.turn - 2] = 0, [G.turn - 1] = 40 } end
    G.sides[1].commander = ai
    local x0, y0, f0 = G.bf:pos(id)
    F.play(G)
    local x1, y1, f1 = G.bf:pos(id)
    return turn.norm(f1 - f0), math.sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2) / MM
  end
  local turned = period(false)
  T.truthy(turned >= ai.SWING - 0.5, "no swings behind it: it wheels left towards the enemy (turned " .. turned .. ")")
  local turned2, moved2 = period(true)
  T.truthy(turned2 < ai.SWING - 0.5, "after 40 left and 40 back right: no third swing left (turned " .. turned2 .. ")")
  T.truthy(moved2 >= 30, "it still comes on (" .. moved2 .. " paces)")
end)

T.case("WRG commander (issue #13, facing-oscillates): the swings are read from each period's start, charges included", function()
  -- the facing is remembered when the commander first looks at the unit in
  -- a period (its charge declaration, before any move), so a period in
  -- which it charged and made no ordinary move still counts: 40 degrees
  -- left, then 40 back right bars a third turn left, not right
  local u = unit("u", "HI", 600, 300, 0, { figures = 8, ranks = 2, set = { order = "attack" } })
  local G = fight{ side1 = { u }, side2 = { unit("e", "HI", 600, 1500, 180) } }
  local id = G.by_id[1].u
  local d = G.D[id]
  for i, turn_by in ipairs({ 40, -40 }) do
    T.eq(ai.charge_target(G, id), nil, "no enemy within reach (period " .. i .. ")")
    G.bf:move(id, "turn", turn_by)
    G.turn = G.turn + 1
  end
  T.eq(ai.charge_target(G, id), nil, "no enemy within reach (period 3)")
  T.eq(ai.barred_sense(G, d), 1, "a third turn left is barred")
  G.D[id].ai_facings[G.turn - 2] = 80 -- 40 right, then 40 right again: no swing
  T.eq(ai.barred_sense(G, d), nil, "after two turns the same way nothing is barred")
end)

T.case("WRG commander (issue #13, facing-oscillates): no charge that swings the unit back a third time, not even at a router or a disorganised enemy", function()
  -- the enemy 35 degrees to the left, within charge reach: charged by a
  -- fresh unit; not by one that turned 40 left and 40 back right in the
  -- last two periods (it would swing its line left a third time running);
  -- since session ten not at a routing or disorganised enemy there either
  -- (facing_swings_test.lua; a fresh unit charges those)
  local turn = require("wrg.turn")
  local function target(history, routing)
    local u = unit("u", "HI", 600, 300, 0, { figures = 8, ranks = 2, set = { order = "attack" } })
    local r = 200
    local G = fight{ side1 = { u }, side2 = { unit("e", "LMI", 600 - r * math.sin(math.rad(35)), 300 + r * math.cos(math.rad(35)), 180,
      { class = "D", figures = 6, ranks = 1, weapons = { "javelin" } }) } }
    local id, e = G.by_id[1].u, G.by_id[2].e
    T.truthy(G.bf:distance(id, e) < turn.charge_move(G.D[id]) * MM, "the enemy is within charge reach")
    if routing == "routing" then G.D[e].routing, G.D[e].has_routed, G.D[e].rout_periods = true, true, 1 end
    if routing == "disorganised" then G.D[e].disorganised = true end
    if history then G.D[id].ai_facings = { [G.turn - 2] = 0, [G.turn - 1] = 40 } end
    return ai.charge_target(G, id), e
  end
  local t, e = target(false)
  T.eq(t, e, "a fresh unit charges it")
  t = target(true)
  T.eq(t, nil, "after 40 left and 40 back right: no charge")
  t, e = target(false, "routing")
  T.eq(t, e, "a fresh unit charges a router")
  t = target(true, "routing")
  T.eq(t, nil, "after the two swings: not a router")
  t = target(true, "disorganised")
  T.eq(t, nil, "nor a disorganised enemy")
end)

T.case("WRG 1973 STANDING ORDERS (Harass, issue #13 session nine): skirmishers charge outflanked or disorganised troops, not heavy foot in good order to their front", function()
  -- "you might write the simple order "Harass", and define this in standing
  -- orders as meaning "Skirmish with heavy or medium troops facing in good
  -- order, but charge light, disorganised or outflanked troops"" (ai.HARASS)
  local function situation(enemy_facing, disorganised)
    local s = unit("s", "LC", 600, 300, 0, { figures = 4, ranks = 1, weapons = { "bow" }, set = { order = "skirmish" } })
    local h = unit("h", "HI", 600, 430, enemy_facing, { figures = 8, ranks = 1, set = { disorganised = disorganised or nil } })
    local G = fight{ side1 = { s }, side2 = { h } }
    return G, G.by_id[1].s, G.by_id[2].h
  end
  local turn = require("wrg.turn")
  local was = ai.HARASS
  ai.HARASS = true
  -- heavy foot facing across the horse's front: its flank is presented
  local G, su, h = situation(90)
  T.truthy(G.bf:distance(su, h) < turn.charge_move(G.D[su]) * MM, "the heavy foot stand within the horse's charge reach")
  T.truthy(turn.edge(G, h, su) ~= "front", "the horse stand off the heavy foot's flank")
  T.eq(ai.charge_target(G, su), h, "outflanked heavy foot are charged")
  -- through the battle engine: one period, the default commander on side 1
  G.sides[1].commander = ai
  F.play(G)
  local charged = false
  for _, e in ipairs(F.events(G, "charge", 1)) do if e.unit == su and e.target == h then charged = true end end
  T.truthy(charged, "the charge is declared in the battle")
  -- the same foot facing the horse, in good order: skirmish, no charge
  local G2, su2, h2 = situation(180)
  T.eq(turn.edge(G2, h2, su2), "front", "the horse stand before the heavy foot's front")
  T.eq(ai.charge_target(G2, su2), nil, "heavy foot in good order to the front are not charged")
  -- the same foot disorganised: charged
  local G3, su3, h3 = situation(180, true)
  T.eq(ai.charge_target(G3, su3), h3, "disorganised heavy foot are charged")
  -- without the standing order: only light troops disorganised or routing
  ai.HARASS = false
  local G4, su4 = situation(90)
  T.eq(ai.charge_target(G4, su4), nil, "ai.HARASS off: outflanked heavy foot are not charged")
  ai.HARASS = was
end)
