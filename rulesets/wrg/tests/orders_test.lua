-- WRG Ancients 1973: ORDERS, CHANGE OF ORDERS, STANDING ORDERS, LOSS OF
-- ORDERS, each rule in a situation set up by hand (battle.skirmish) and played
-- through the battle engine (turn.play). Where a roll does not decide the
-- point the dice are random with a fixed seed; the assertions hold for any
-- roll (the units stand far from any enemy unless the case needs one).
local T = require("lib.testing")
local F = require("wrg.tests.fixtures")
local dice = require("sandtable.dice")
local battle = require("wrg.battle")
local turn = require("wrg.turn")
local tables = require("wrg.tables")
local reaction = require("wrg.reaction")
local ai = require("wrg.ai")
local V = require("wrg.orders.vocabulary")
local S = require("wrg.orders.sheet")
local SG = require("wrg.orders.signals")

local MM = tables.MM_PER_PACE

local unit = F.unit

-- A commander that charges nothing, changes no order and holds every unit
-- unless told; it moves units by their orders (ai.move).
local function commander(t)
  local quiet = { charge_target = function() return nil end, countercharge = function() return false end,
                  formation = function() return nil end, order = function() return "hold" end,
                  change_orders = function() return nil end, voluntary_test = function() return false end }
  for k, v in pairs(t or {}) do quiet[k] = v end
  return setmetatable(quiet, { __index = ai })
end

local FAR = unit("far", "MI", 1700, 1150, 180)

local function fight(opts)
  local lines = {}
  local G = battle.skirmish{
    dice = opts.dice or dice.random(opts.seed or 1),
    report = function(l) lines[#lines + 1] = l end,
    sides = {
      { units = opts.side1, commander = opts.cmd1 or commander() },
      { units = opts.side2 or { FAR }, commander = opts.cmd2 or commander() },
    },
  }
  G.lines = lines
  return G, lines
end

local function events(G, kind, pred)
  local out = {}
  for _, e in ipairs(G.bf:events()) do
    if e.kind == kind and (pred == nil or pred(e)) then out[#out + 1] = e end
  end
  return out
end

local play = F.play

local GENERAL = { figures = 4, ranks = 1, weapons = { "lance" }, general = "c_in_c" }

---------------------------------------------------------------------------
-- ORDERS: the vocabulary and what the text forbids

T.case("ORDERS / GENERAL FEATURES OF ORDERS 2, 4: orders the text forbids are refused", function()
  local G = fight{ side1 = {
    unit("hi", "HI", 300, 300), unit("li", "LI", 500, 300, 0, { weapons = { "javelin" }, ranks = 1 }),
    unit("gen", "HC", 700, 300, 0, { figures = 8, ranks = 1, weapons = { "lance" }, general = "c_in_c" }) } }
  local hi, li = G.by_id[1].hi, G.by_id[1].li
  -- "Light or light-medium infantry, cavalry, camelry and chariots may be
  -- ordered to skirmish if armed with missile weapons"
  T.truthy(V.check(G, hi, { kind = "skirmish", bearing = 0 }), "heavy infantry may not be ordered to skirmish")
  T.eq(V.check(G, li, { kind = "skirmish", bearing = 0 }), nil, "javelin-armed light infantry may")
  -- "Orders to ... "Attack suitable targets" are no orders at all"
  T.truthy(V.check(G, hi, { kind = "attack" }), "an attack naming neither enemy nor direction is no order")
  T.eq(V.check(G, hi, { kind = "attack", bearing = 0 }), nil, "attack to the north is an order")
  T.truthy(V.check(G, hi, { kind = "dance" }), "an unknown verb")
  T.truthy(V.check(G, hi, { kind = "support", friend = hi }), "support must name another unit")
  -- CHANGE OF ORDERS 4: "He cannot do this if he controls a bodyguard of
  -- more than 5 figures including his own."
  T.truthy(V.check(G, hi, { kind = "follow_me" }), "a General with 8 figures cannot shout follow me")
  T.eq(V.text(G, { kind = "attack", bearing = 45 }), "attack the enemy to the north-west", "the order sheet's text")
end)

T.case("ORDERS 2: a unit cannot be told to move to a feature it cannot see", function()
  local lines = {}
  local G = battle.skirmish{
    dice = dice.random(1), report = function(l) lines[#lines + 1] = l end,
    table = { terrain = { { type = "wood", x = 60, y = 60, r = 15 } } },
    sides = { { units = { unit("a", "MI", 600, 200) }, commander = commander() }, { units = { FAR }, commander = commander() } } }
  local a = G.by_id[1].a
  T.truthy(V.check(G, a, { kind = "advance", to = { x = 600, y = 1000 }, feature = "hill" }),
    "a hill behind the wood is not visible")
  T.eq(V.check(G, a, { kind = "advance", bearing = 0 }), nil, "it can be told to move in that direction")
  T.eq(V.check(G, a, { kind = "advance", to = { x = 1200, y = 200 }, feature = "hill" }), nil, "a feature in view")
end)

T.case("ORDERS: the orders written before the battle are kept in the battle log", function()
  local s = require("lib.scenario").parse(require("sandtable.loader").read("scenarios/wrg/medway.yaml"), "medway.yaml",
    "scenarios/wrg")
  local r = require("lib.battle").run{ scenario = s, seed = 43, log = true, turns = 1 }
  local G = r.state
  local written = events(G, "order", function(e) return e.how == "start" end)
  T.eq(#written, #G.all, "one order for each unit")
  for _, e in ipairs(written) do
    T.truthy(type(e.text) == "string" and #e.text > 0, "the order's text is logged")
    T.eq(e.turn, 0, "written before the first period")
  end
  T.eq(#events(G, "signals_defined"), 2, "each side's signals defined in writing")
end)

---------------------------------------------------------------------------
-- CHANGE OF ORDERS 1, 2: dictation, the messenger's ride, digestion

-- A General (heavy cavalry: normal move 120, charge 180 paces) dictates an
-- order in period 1 for a unit whose edge is 630 mm (248 paces) away. The
-- messenger sets out after the period of dictation: period 2 at charge
-- speed (180 paces), period 3 at normal speed: it arrives in period 3. The
-- unit digests it in period 4 and acts on it from period 5.
local function messenger_case(extra_side2)
  local G
  G = fight{
    side1 = { unit("gen", "HC", 300, 200, 0, GENERAL), unit("mi", "MI", 960, 200) },
    side2 = extra_side2 or { FAR },
    cmd1 = commander{ change_orders = function(_, s)
      if s == 1 and G.turn == 1 then return { dictate = { kind = "advance", bearing = 0, units = { G.by_id[1].mi } } } end
    end } }
  return G
end

T.case("CHANGE OF ORDERS 1, 2: the messenger arrives after the right number of periods; the order is digested a period", function()
  local G = messenger_case()
  local mi = G.by_id[1].mi
  local _, y0 = G.bf:pos(mi)
  local moved_at
  for _ = 1, 5 do
    play(G)
    local _, y = G.bf:pos(mi)
    if not moved_at and y > y0 + 1 then moved_at = G.turn - 1 end
  end
  local dictated = events(G, "order_dictated")
  T.eq(#dictated, 1, "one order dictated")
  T.eq(dictated[1].turn, 1, "dictated in period 1")
  local got = events(G, "order_received", function(e) return e.unit == mi end)
  T.eq(#got, 1, "received once")
  T.eq(got[1].turn, 3, "received in period 3: 180 + 120 paces ride from period 2")
  local on = events(G, "order", function(e) return e.unit == mi and e.how == "messenger" end)
  T.eq(on[1] and on[1].turn, 5, "in force from period 5 (one complete period to digest it)")
  T.eq(moved_at, 5, "the unit holds until then and advances in period 5")
  T.eq(G.D[mi].order, "advance")
end)

T.case("CHANGE OF ORDERS 1: a messenger riding round an enemy's charge reach gets through", function()
  -- light cavalry facing south 580 mm off the messenger's road: the
  -- bottom of its 240-pace (610 mm) reach crosses the road for about 470 mm;
  -- the messenger dips south under it
  local G = messenger_case({ FAR, unit("lc", "LC", 630, 780, 180, { figures = 4, ranks = 1, weapons = { "javelin" } }) })
  T.truthy(require("wrg.orders.messengers").interceptor(G, 1, 630, 200), "the straight road is within its reach")
  local mi = G.by_id[1].mi
  for _ = 1, 5 do play(G) end
  T.eq(#events(G, "messenger_lost"), 0, "not lost")
  T.eq(#events(G, "order_received", function(e) return e.unit == mi end), 1, "the order arrives")
end)

T.case("CHANGE OF ORDERS 1: a messenger riding into an enemy's charge reach is lost with its order", function()
  -- light cavalry facing the unit from 90 mm: the unit stands within its
  -- reach, no way in is safe
  local G = messenger_case({ FAR, unit("lc", "LC", 960, 330, 180, { figures = 4, ranks = 1, weapons = { "javelin" } }) })
  local mi, lc = G.by_id[1].mi, G.by_id[2].lc
  for _ = 1, 5 do play(G) end
  local lost = events(G, "messenger_lost")
  T.eq(#lost, 1, "the messenger is lost")
  T.eq(lost[1].by, lc, "ridden down by the light cavalry")
  T.eq(#events(G, "order_received", function(e) return e.unit == mi end), 0, "the order never arrives")
  T.eq(G.D[mi].order, "hold", "the unit keeps its old order")
end)

T.case("CHANGE OF ORDERS 1: the messenger is not lost behind its own troops screening it", function()
  -- the same light cavalry, with a friendly unit standing between it and
  -- the road along the whole of the ride within its reach
  local G = messenger_case({ FAR, unit("lc", "LC", 630, 450, 180, { figures = 4, ranks = 1, weapons = { "javelin" } }) })
  local mi = G.by_id[1].mi
  local wall = G.bf:add_unit{ side = 1, name = "wall", x = 630, y = 330, facing = 0, width = 700, depth = 20,
                              data = battle.unit_spec(G, 1, { id = "wall", type = "HI", class = "C", regular = true,
                                weapons = { "spear" }, figures = 40, ranks = 1, crew = {}, sub_units = 0 }) }
  G.D[wall] = G.bf:data(wall)
  G.D[wall].order = "hold"
  G.all[#G.all + 1] = wall
  table.insert(G.sides[1].units, wall)
  for _ = 1, 4 do play(G) end
  T.eq(#events(G, "messenger_lost"), 0, "no messenger lost")
  T.eq(#events(G, "order_received", function(e) return e.unit == mi end), 1, "the order arrives")
end)

---------------------------------------------------------------------------
-- CHANGE OF ORDERS 3: signals

T.case("CHANGE OF ORDERS 3: 2 signals for barbarians, 5 for regulars; one a period; 250 paces; obeyed next period", function()
  local defs = {}
  for i = 1, 5 do
    defs[i] = { type = "horn " .. i, text = "advance", order = { kind = "advance", bearing = 0 } }
  end
  local G
  local made = {}
  local barbarian_gen = { figures = 4, ranks = 1, weapons = { "lance" }, general = "c_in_c", regular = false }
  G = fight{
    side1 = { unit("gen", "HC", 300, 200, 0, GENERAL), unit("near", "MI", 450, 200),
              unit("barb", "MI", 300, 350, 0, { regular = false }), unit("far1", "MI", 300 + 300 * MM, 200) },
    side2 = { FAR, unit("bgen", "HC", 300, 1000, 180, barbarian_gen) },
    cmd1 = commander{ signals = function() return defs end, change_orders = function(_, s)
      if s ~= 1 then return nil end
      if G.turn == 1 then
        made[1] = { SG.make(G, 1, 3) }
        made[2] = { SG.make(G, 1, 1) }
      end
    end },
    cmd2 = commander{ signals = function() return defs end } }
  SG.define(G, 1)
  SG.define(G, 2)
  T.eq(#G.signals[1], 5, "a regular General makes 5 signals")
  T.eq(#G.signals[2], 2, "a barbarian General only 2")
  T.eq(#events(G, "signal_refused", function(e) return e.side == 2 end), 3, "signals 3-5 refused to the barbarian")
  play(G)
  local near, barb, far1 = G.by_id[1].near, G.by_id[1].barb, G.by_id[1].far1
  T.eq(made[1][1] and #made[1][1] or -1, 2, "signal 3 reaches the General's own unit and the regular unit within 250 paces")
  T.eq(made[2][1], nil, "only one signal can be made each period")
  T.truthy(made[2][2]:find("one signal"), "and says why")
  T.eq(G.D[near].order, "hold", "troops receiving them obey next period")
  play(G)
  T.eq(G.D[near].order, "advance", "the signal's meaning is the unit's order in period 2")
  local e = events(G, "order", function(x) return x.unit == near and x.how == "signal" end)
  T.eq(e[1] and e[1].turn, 2, "in force in period 2")
  T.eq(G.D[barb].order, "hold", "barbarian troops do not understand signal 3")
  T.eq(G.D[far1].order, "hold", "a unit 300 paces away does not see it")
end)

---------------------------------------------------------------------------
-- CHANGE OF ORDERS 4: "Follow me"

T.case("CHANGE OF ORDERS 4: follow me is obeyed next period without digesting", function()
  local G
  G = fight{
    side1 = { unit("gen", "HC", 600, 400, 0, GENERAL), unit("mi", "MI", 600, 200) },
    cmd1 = commander{ change_orders = function(_, s)
      if s == 1 and G.turn == 1 then return { follow_me = G.by_id[1].mi } end
    end } }
  local gen, mi = G.by_id[1].gen, G.by_id[1].mi
  -- the General joins the unit: his base touching its front
  local _, _, _ = G.bf:pos(gen)
  local gy = 200 + G.D[mi].dp / 2 + G.D[gen].dp / 2
  G.bf:place(gen, 600, gy, 0)
  play(G)
  T.eq(#events(G, "follow_me"), 1, "the General shouts follow me in period 1")
  T.eq(G.D[mi].order, "hold", "obeyed next period")
  -- the General rides on 100 mm; the unit follows him in period 2
  G.bf:place(gen, 600, gy + 100, 0)
  local _, y0 = G.bf:pos(mi)
  play(G)
  T.eq(G.D[mi].order, "follow_me", "following in period 2, no period of digestion")
  local _, y1 = G.bf:pos(mi)
  T.truthy(y1 > y0 + 20, "the unit moved after the General: " .. y0 .. " -> " .. y1)
end)

---------------------------------------------------------------------------
-- LOSS OF ORDERS, STANDING ORDERS

T.case("LOSS OF ORDERS: after an uncontrolled advance all orders are forgotten; no order comes back", function()
  local G = fight{ side1 = { unit("mi", "MI", 600, 300) },
                   cmd1 = commander{ order = function() return "attack" end, voluntary_test = ai.voluntary_test } }
  local mi = G.by_id[1].mi
  T.eq(G.D[mi].order, "attack")
  -- chart 1: "UNCONTROLLED ADVANCE IN ATTEMPT TO CONTACT (2 PERIODS) AND
  -- CONSIDER CURRENT ORDER CANCELLED"
  turn.apply_result(G, mi, { result = "uncontrolled_advance", rank = 6 }, false)
  T.eq(G.D[mi].order, nil, "the order is crossed out at once")
  T.eq(G.D[mi].forgot, true, "standing orders forgotten too")
  play(G)
  play(G)
  play(G)
  T.eq(G.D[mi].state, nil, "the uncontrolled advance is over (2 periods)")
  T.eq(G.D[mi].order, nil, "and no order comes back by itself (it used to be \"attack\")")
  T.eq(#events(G, "order_crossed_out", function(e) return e.unit == mi and e.why == "uncontrolled advance" end), 1)
  -- the test it would now take is on chart 2
  T.eq(turn.situation(G, mi).chart, 2, "a reaction test now reads chart 2 (no current order)")
end)

T.case("LOSS OF ORDERS: a broken unit forgets its orders, a rallied one waits for new ones", function()
  local G = fight{ side1 = { unit("mi", "MI", 600, 300) } }
  local mi = G.by_id[1].mi
  turn.rout(G, mi, nil)
  T.eq(G.D[mi].order, nil)
  T.eq(G.D[mi].forgot, true)
  T.eq(events(G, "order_crossed_out", function(e) return e.unit == mi end)[1].why, "broken")
end)

T.case("STANDING ORDERS: a unit without orders tests when threatened; one that forgot them just waits", function()
  -- enemy heavy cavalry 100 paces in front: within its 180-pace charge reach
  local G = fight{ side1 = { unit("mi", "MI", 600, 300) },
                   side2 = { unit("hc", "HC", 600, 300 + 20 + 100 * MM + 10, 180, { figures = 4, ranks = 1 }) } }
  local mi = G.by_id[1].mi
  S.cross_out(G, mi, "carried out")
  T.eq(ai.voluntary_test(G, mi), true, "the default standing order: take a no-current-order test")
  G.D[mi].forgot = true
  T.eq(ai.voluntary_test(G, mi), false, "standing orders forgotten: it just waits")
  -- "When ... a "without orders" reaction test is taken, standing orders
  -- will once more apply."
  turn.test(G, mi, "voluntary test")
  T.eq(G.D[mi].forgot, nil, "a chart 2 test restores the standing orders")
end)

---------------------------------------------------------------------------
-- Reaction results that depend on having a current order

T.case("THE REACTION TEST: chart 1 with a current order, chart 2 without; act as C in C writes one at once", function()
  local function run(has_order)
    local G = fight{ side1 = { unit("mi", "MI", 600, 300) }, dice = dice.forced({ 3, 3, 3 }) }
    local mi = G.by_id[1].mi
    if not has_order then S.cross_out(G, mi, "carried out") end
    return turn.test(G, mi, "voluntary test"), G, mi
  end
  local with = run(true)
  local without = run(false)
  T.eq({ with.chart, without.chart }, { 1, 2 })
  T.eq(with.score, without.score, "the same score on both charts")
  T.eq(with.result, reaction.chart_result(1, "C", with.score))
  T.eq(without.result, reaction.chart_result(2, "C", without.score))
  T.truthy(with.result ~= without.result, "score " .. with.score .. ": " .. with.result .. " with an order, " ..
    without.result .. " without")
  -- CHANGE OF ORDERS 7: "When a reaction test results in "Act as general
  -- wishes" a new order may be written down, underlined and acted on
  -- immediately."
  local G = fight{ side1 = { unit("mi", "MI", 600, 300) },
                   side2 = { unit("e", "MI", 600, 900, 180) },
                   cmd1 = commander{ act_as_c_in_c = ai.act_as_c_in_c } }
  local mi = G.by_id[1].mi
  S.cross_out(G, mi, "carried out")
  turn.obey(G, mi, { result = "act_as_c_in_c", rank = 5 }, false)
  T.eq(G.D[mi].order, "attack", "the new order is in force at once")
  local e = events(G, "order", function(x) return x.unit == mi and x.how == "act_as_c_in_c" end)
  T.eq(#e, 1)
  local _, y0 = G.bf:pos(mi)
  play(G)
  local _, y1 = G.bf:pos(mi)
  T.truthy(y1 > y0 + 10, "and acted on in this period")
end)

T.case("CHANGE OF ORDERS 6: an order carried out is crossed out; the unit waits for a new one", function()
  local G = fight{ side1 = { unit("mi", "MI", 600, 300) },
                   cmd1 = commander{ orders = function(G2, s)
                     if s ~= 1 then return {} end
                     return { { kind = "advance", to = { x = 600, y = 300 + 60 * MM }, feature = "point", units = { G2.by_id[1].mi } } }
                   end } }
  local mi = G.by_id[1].mi
  S.write_initial(G)
  T.eq(G.D[mi].order, "advance")
  play(G)
  play(G)
  T.eq(G.D[mi].order, nil, "arrived: the order is crossed out")
  T.eq(#events(G, "order_crossed_out", function(e) return e.unit == mi and e.why == "carried out" end), 1)
  local _, y0 = G.bf:pos(mi)
  play(G)
  local _, y1 = G.bf:pos(mi)
  T.near(y1, y0, 0.01, "without an order it stays where it is")
end)

T.case("The default commander changes orders only through its General: signal near him, messenger beyond", function()
  local G = fight{
    side1 = { unit("gen", "HC", 300, 200, 0, GENERAL), unit("near", "MI", 450, 200), unit("far1", "MI", 1400, 200) },
    side2 = { unit("e", "MI", 900, 1000, 180) },
    cmd1 = setmetatable({ charge_target = function() return nil end }, { __index = ai }),
    cmd2 = commander() }
  local near, far1 = G.by_id[1].near, G.by_id[1].far1
  SG.define(G, 1)
  S.cross_out(G, near, "carried out")
  S.cross_out(G, far1, "carried out")
  play(G)
  T.eq(#events(G, "signal", function(e) return e.side == 1 end), 1, "a signal for the unit within 250 paces")
  local d = events(G, "order_dictated", function(e) return e.side == 1 end)
  T.eq(#d, 1, "an order dictated for the unit beyond")
  T.eq(d[1].units[1], far1)
  T.eq(G.D[near].order, nil, "nobody gets an order for free")
  T.eq(G.D[far1].order, nil)
  play(G)
  T.eq(G.D[near].order, "attack", "the signal obeyed next period")
  T.eq(G.D[far1].order, nil, "the messenger still riding or the order being digested")
end)

---------------------------------------------------------------------------
-- TARGET PRIORITIES 3 from the written orders

T.case("TARGET PRIORITIES 3: archers ordered to support a unit shoot the enemy that shot at it", function()
  local function shot_at(order)
    local G = fight{
      side1 = { unit("a", "MI", 600, 300, 0, { weapons = { "bow" }, ranks = 1 }), unit("f", "MI", 1000, 300) },
      side2 = { unit("e1", "MI", 600, 300 + 20 + 100 * MM, 180, { ranks = 1 }),
                unit("e2", "MI", 760, 300 + 20 + 150 * MM, 180, { ranks = 1 }) },
      -- standing where they are (the move under the order is not the point)
      cmd1 = commander{ move = function() return nil end } }
    local a, f, e2 = G.by_id[1].a, G.by_id[1].f, G.by_id[2].e2
    G.D[e2].fired_turn, G.D[e2].fired_at = 0, f
    if order then S.enter(G, a, { kind = "support", friend = f }, "start") end
    play(G)
    for _, e in ipairs(events(G, "shoot")) do if e.unit == a then return e.target, G end end
    error("no shot:\n" .. table.concat(G.lines or {}, "\n"))
  end
  local t, G = shot_at(false)
  T.eq(t, G.by_id[2].e1, "without the order: the nearest (priority 6)")
  t, G = shot_at(true)
  T.eq(t, G.by_id[2].e2, "ordered to support f: the enemy that shot at f (priority 3)")
end)

T.case("STANDING ORDERS: handed to the umpire at the start (logged before the first period)", function()
  local s = require("lib.scenario").parse(require("sandtable.loader").read("scenarios/wrg/gaugamela.yaml"), "g.yaml",
    "scenarios/wrg")
  local r = require("lib.battle").run{ scenario = s, seed = 1, log = true, turns = 1 }
  local so = events(r.state, "standing_orders")
  T.eq(#so, 2, "each side's standing orders")
  T.eq(so[1].turn, 0, "before the first period")
  T.eq(#so[1].orders, #ai.standing_orders(), "every text the commander's scripts carry out")
end)

T.case("CHARGING: a unit ordered to support another counts as countercharging when it is charged", function()
  local function run(order)
    local G
    G = fight{
      side1 = { unit("f", "MI", 600, 300), unit("s", "HC", 760, 300, 0, { figures = 4, ranks = 1, weapons = { "lance" } }) },
      side2 = { unit("e", "HC", 640, 300 + 20 + 110 * MM, 180, { figures = 4, ranks = 1, weapons = { "lance" }, fanatic = true }) },
      cmd2 = commander{ charge_target = function() return G.by_id[1].f end } }
    local f, s = G.by_id[1].f, G.by_id[1].s
    if order then S.enter(G, s, { kind = "support", friend = f }, "start") end
    local cc
    G.bf:on_time(function(_, t, phase) if t == 1 and phase == "orders" then cc = G.D[s].countercharging end end)
    play(G)
    G.bf:on_time(nil)
    T.eq(#events(G, "charge", function(e) return e.target == f end), 1, "the enemy charges f")
    return cc
  end
  T.eq(run(true), true, "ordered to support f: it countercharges")
  T.eq(run(false), false, "without the order: it does not (the commander declined)")
end)

T.case("ORDERS: a commander that writes something other than an order is told what was expected", function()
  local G = fight{ side1 = { unit("mi", "MI", 600, 300) }, cmd1 = commander{ orders = function() return { "attack!" } end } }
  local ok, err = pcall(S.write_initial, G)
  T.eq(ok, false)
  local msg = type(err) == "table" and err.user_message or tostring(err)
  T.truthy(msg:find("expected a table { kind = ..., units = { unit ids } }", 1, true), msg)
  G = fight{ side1 = { unit("mi", "MI", 600, 300) },
             cmd1 = commander{ orders = function() return { { kind = "attack", bearing = 0, units = { 999 } } } end } }
  S.write_initial(G)
  T.eq(events(G, "order_refused")[1].reason, "no such unit: 999")
end)

T.case("GENERALS: the General commands his own bodyguard in person: no messenger, no digestion", function()
  local G
  G = fight{
    side1 = { unit("gen", "HC", 300, 200, 0, GENERAL) },
    cmd1 = commander{ change_orders = function(_, s)
      if s == 1 and G.turn == 1 then return { dictate = { kind = "advance", bearing = 0, units = { G.by_id[1].gen } } } end
    end } }
  local gen = G.by_id[1].gen
  play(G)
  T.eq(#events(G, "order_dictated"), 0, "no messenger rides")
  T.eq(G.D[gen].order, "hold")
  local _, y0 = G.bf:pos(gen)
  play(G)
  T.eq(G.D[gen].order, "advance", "in force next period")
  local _, y1 = G.bf:pos(gen)
  T.truthy(y1 > y0 + 10, "and acted on")
end)
