-- WRG Ancients 1973: rules played in the battle, each in a situation set up
-- by hand (battle.skirmish) with forced dice where a roll decides.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("wrg.battle")
local turn = require("wrg.turn")
local setup = require("wrg.setup")
local tables = require("wrg.tables")

local MM = tables.MM_PER_PACE
local function mm_of(p) return p * MM end

-- Scripted dice (dice.forced) that also answer the ordinary moves' lot
-- (wrg.period.simultaneous_charges): side 1 first. For situations where the
-- order of the two sides' moves is not the point.
local function forced_with_lot(values)
  local src = dice.forced(values)
  return {
    roll = function(_, n, purpose)
      if purpose and purpose:find("^WRG ordinary moves:") then return 1 end
      return src:roll(n, purpose)
    end,
    faces = function(_, list, purpose) return src:faces(list, purpose) end,
  }
end

-- A unit entry for battle.skirmish.
local function mi(id, x, y, facing, extra)
  local u = { id = id, type = "MI", class = "C", weapons = { "spear" }, figures = 8, ranks = 2, at = { x, y, facing } }
  for k, v in pairs(extra or {}) do u[k] = v end
  return u
end
local MI_W = setup.footprint{ type = "MI", figures = 8, ranks = 2 }

local function terms_of(out)
  local t = {}
  for _, x in ipairs(out.terms or {}) do t[x.id] = x.after - x.before end
  return t
end

-- THE REACTION TEST, "Each secure flank" (+1 each, players' choice: added):
-- "a friendly unit in contact with the flank, or within charge reach of it
-- and not already engaged in hand-to-hand combat".
T.case("THE REACTION TEST: secure flanks from friends in contact or within their charge reach", function()
  local gap = 40 * MM                            -- 40 paces: within a medium infantry charge (80)
  local G = battle.skirmish{
    dice = dice.forced({}),
    sides = {
      { units = { mi("left", 600 - MI_W - gap, 300), mi("mid", 600, 300), mi("right", 600 + MI_W, 300),
                  mi("far", 1400, 300) } },
      { units = {} },
    },
  }
  local id = G.by_id[1]
  T.eq(G.bf:contact(id.mid, id.right), "right", "east of a unit facing north is its right")
  T.eq(select(4, turn.cover_and_flanks(G, id.mid)), 2, "a friend touching its right, one 40 paces off its left")
  T.eq(select(4, turn.cover_and_flanks(G, id.left)), 1, "the left-hand unit: its right only")
  T.eq(select(4, turn.cover_and_flanks(G, id.far)), 0, "a unit standing alone")
  -- a friend engaged in hand-to-hand combat secures a flank only in contact
  G.D[id.left].in_melee = true
  T.eq(select(4, turn.cover_and_flanks(G, id.mid)), 1, "the engaged friend 40 paces off no longer counts")
  G.D[id.right].in_melee = true
  T.eq(select(4, turn.cover_and_flanks(G, id.mid)), 1, "the engaged friend in contact still does")
  -- in the test itself: 3 average dice of 3 = 9, +1 per secure flank
  G.D[id.left].in_melee, G.D[id.right].in_melee = false, false
  G.dice = dice.forced({ 3, 3, 3 })
  G.report = function() end
  local out = turn.test(G, id.mid, "test")
  T.eq(terms_of(out).secure_flanks, 2, "+1 for each secure flank")
end)

-- "Friendly cover within 100 paces" +1, "unfriendly cover within 100 paces"
-- -2, "troops behind cover" +2 (players' choice), cover within 10 paces of a
-- flank secures it.
T.case("THE REACTION TEST: friendly and unfriendly cover, behind cover, cover securing a flank", function()
  local r = 100                                   -- a wood of radius 10 cm
  local function situation(enemy_in_wood, unit_x)
    local G = battle.skirmish{
      dice = dice.forced({}),
      table = { terrain = { { type = "wood", x = 60, y = 60, r = 10 } } },
      sides = {
        { units = { mi("u", unit_x, 600 - r - 50 * MM) } },
        { units = { enemy_in_wood and mi("e", 600, 600, 180) or mi("e", 1600, 1100, 180) } },
      },
    }
    return G, turn.situation(G, G.by_id[1].u)
  end
  local _, s = situation(false, 600)
  T.eq({ s.friendly_cover, s.unfriendly_cover, s.cover_square_defences }, { true, nil, nil }, "an empty wood 50 paces off")
  _, s = situation(true, 600)
  T.eq({ s.friendly_cover, s.unfriendly_cover }, { nil, true }, "enemy in the wood")
  local G = battle.skirmish{
    dice = dice.forced({}),
    table = { terrain = { { type = "wood", x = 60, y = 60, r = 10 } } },
    sides = { { units = { mi("u", 600, 600) } }, { units = {} } },
  }
  s = turn.situation(G, G.by_id[1].u)
  T.eq({ s.friendly_cover, s.cover_square_defences }, { true, true }, "in the wood: behind cover")
  -- the wood's edge 5 paces off the unit's right flank
  G = battle.skirmish{
    dice = dice.forced({}),
    table = { terrain = { { type = "wood", x = 60, y = 60, r = 10 } } },
    sides = { { units = { mi("u", 600 - r - 5 * MM - MI_W / 2, 600) } }, { units = {} } },
  }
  T.eq(select(4, turn.cover_and_flanks(G, G.by_id[1].u)), 1, "friendly cover within 10 paces of the flank")
  local _, sfar = situation(false, 600 - 400)
  T.eq(sfar.friendly_cover, nil, "a wood more than 100 paces off")
end)

-- HAND-TO-HAND COMBAT, FIGURES ELIGIBLE 3: lapping round in a second or
-- subsequent period, not after a push-back, prevented by the attacked unit's
-- unengaged figures.
T.case("HAND-TO-HAND COMBAT: lapping round in later periods, and what prevents it", function()
  local function fight(enemy, lines)
    local ew, ed = setup.footprint(enemy)
    local ww, wd = setup.footprint{ type = "MI", figures = 12, ranks = 1 }
    enemy.id, enemy.at = "e", { 600, 400 + wd / 2 + ed / 2, 180 }
    local G = battle.skirmish{
      dice = dice.random(5), report = lines and function(l) lines[#lines + 1] = l end,
      sides = {
        { units = { mi("wide", 600, 400, 0, { figures = 12, ranks = 1 }) } },
        { units = { enemy } },
      },
    }
    local a, b = G.by_id[1].wide, G.by_id[2].e
    T.eq(G.bf:distance(a, b), 0, "front to front")
    T.eq(ww - ew, 120, "the wide line reaches 60 mm past each flank")
    for _, id in ipairs({ a, b }) do
      G.D[id].in_melee, G.D[id].melee_periods = true, 1
      G.D[id].opponents = { id == a and b or a }
      G.D[id].engaged_since = { [id == a and b or a] = G.turn - 1 }
    end
    return G, a, b
  end
  -- a regular pike block 4 files by 2 ranks: every figure fights (pikes
  -- fight 4 ranks), none is spare to meet the attempt
  local pikes = { type = "HI", class = "C", weapons = { "pike" }, figures = 8, ranks = 2 }
  local G, a, b = fight(pikes)
  -- 4 figures past each flank, one of them the overlapping figure of rule 1;
  -- 2 fit along a flank 2 ranks (40 mm) deep
  T.eq(turn.lapping(G, a, b), { left = 2, right = 2 })
  G.D[a].engaged_since[b] = G.turn
  T.eq(turn.lapping(G, a, b), nil, "not in the first period of the melee")
  G.D[a].engaged_since[b], G.D[a].pushed_period = G.turn - 1, G.turn - 1
  T.eq(turn.lapping(G, a, b), nil, "not after being pushed back the previous period")
  -- a barbarian warband 4 deep fights with its front rank: 12 figures spare
  local warband = { type = "MI", class = "C", regular = false, weapons = { "spear" }, figures = 16, ranks = 4 }
  G, a, b = fight(warband)
  T.eq(turn.lapping(G, a, b), nil, "the unengaged rear ranks turn to meet it")
  -- in the melee phase: the lapping figures strike the flanks with the
  -- unit's own random factor (no further dice)
  local lines = {}
  G, a, b = fight(pikes, lines)
  G.turn = 2
  turn.play(G)
  local text = table.concat(lines, "\n")
  T.truthy(text:find("laps round e's left flank: 2 figures", 1, true), text)
  T.truthy(text:find("laps round e's right flank: 2 figures", 1, true), text)
end)

-- INTERPENETRATION and ROUT AND PURSUIT, bursting through: "Light infantry
-- can pass through any stationary troops in good order. Light cavalry can
-- pass through stationary light cavalry or light infantry in good order. All
-- other interpenetrations result in both parties becoming disorganised."
-- "Barbarian troops burst through in this way will be swept away and join
-- the rout, except that barbarian light infantry will only sweep away their
-- own kind."
T.case("INTERPENETRATION: free passes, both disorganised, routers sweeping barbarians away", function()
  local function through(mover, friend)
    local G = battle.skirmish{
      dice = dice.forced({}),
      sides = {
        { units = { mover, friend } },
        { units = {} },
      },
    }
    G.burst_through = {}
    local m, f = G.by_id[1].m, G.by_id[1].f
    return G, m, f
  end
  local function run_through(G, m)
    local x0, y0 = G.bf:pos(m)
    G.bf:place(m, x0, y0 - 300, 180)               -- back through the friend, 300 mm
    turn.interpenetrate(G, m, x0, y0)
  end
  local li = { id = "m", type = "LI", class = "C", weapons = { "javelin" }, figures = 6, ranks = 1, at = { 600, 600, 0 } }
  local lc = { id = "m", type = "LC", class = "C", weapons = { "javelin" }, figures = 6, ranks = 1, at = { 600, 600, 0 } }
  local hi = { id = "m", type = "HI", class = "C", weapons = { "spear" }, figures = 8, ranks = 2, at = { 600, 600, 0 } }
  local function line(extra)
    local u = mi("f", 600, 450)
    for k, v in pairs(extra or {}) do u[k] = v end
    return u
  end
  local G, m, f = through(li, line())
  run_through(G, m)
  T.eq({ G.D[m].disorganised, G.D[f].disorganised }, { false, false }, "light infantry through stationary troops in good order")
  G, m, f = through(lc, line())
  run_through(G, m)
  T.eq({ G.D[m].disorganised, G.D[f].disorganised }, { true, true }, "light cavalry through medium infantry: both disorganised")
  G, m, f = through(lc, line{ type = "LI", weapons = { "bow" } })
  run_through(G, m)
  T.eq({ G.D[m].disorganised, G.D[f].disorganised }, { false, false }, "light cavalry through light infantry")
  G, m, f = through(li, line{ set = { disorganised = true } })
  run_through(G, m)
  T.eq(G.D[m].disorganised, true, "not through troops out of good order")
  -- a router bursts through
  G, m, f = through(hi, line{ regular = false })
  turn.rout(G, m, nil)
  run_through(G, m)
  T.eq(G.D[f].routing, true, "a barbarian unit burst through is swept away")
  -- "barbarian light infantry will only sweep away their own kind": the
  -- router of barbarian light infantry sweeps away light infantry only
  local bli = { id = "m", type = "LI", class = "C", weapons = { "javelin" }, figures = 6, ranks = 1, regular = false,
                at = { 600, 600, 0 } }
  G, m, f = through(bli, line{ regular = false })
  turn.rout(G, m, nil)
  run_through(G, m)
  T.eq({ G.D[f].routing, G.D[f].disorganised }, { false, true }, "barbarian light infantry do not sweep away medium infantry")
  T.eq(G.burst_through, { f }, "and it tests at the end of the period (2(iv))")
  G, m, f = through(bli, line{ type = "LI", regular = false, weapons = { "javelin" } })
  turn.rout(G, m, nil)
  run_through(G, m)
  T.eq(G.D[f].routing, true, "barbarian light infantry sweep away their own kind")
  G, m, f = through(hi, line{ type = "LI", regular = false, weapons = { "javelin" } })
  turn.rout(G, m, nil)
  run_through(G, m)
  T.eq(G.D[f].routing, true, "heavy infantry sweep away barbarian light infantry")
  G, m, f = through(hi, line())
  turn.rout(G, m, nil)
  run_through(G, m)
  T.eq({ G.D[f].routing, G.D[f].disorganised }, { false, true }, "regulars are not swept away")
  -- a unit that only comes up to touch a friend has not passed through it
  G, m, f = through(li, line())
  local x0, y0 = G.bf:pos(m)
  local fu = G.bf:unit(f)
  G.bf:place(m, x0, fu.y + fu.depth / 2 + G.bf:unit(m).depth / 2, 0)
  turn.interpenetrate(G, m, x0, y0)
  T.eq(G.D[f].disorganised, false, "touching is not passing through")
end)

-- RISK TO THE GENERAL: his figure's share of the casualties, times one die
-- (a probability die for regulars), against the men left in it at the start
-- of the period; the loss counts -2 within 250 paces.
T.case("RISK TO THE GENERAL: share of casualties, wounded or dead, the -2 factor within 250 paces", function()
  local function setup_general(die)
    local G = battle.skirmish{
      dice = dice.forced(die and { die } or {}),
      sides = {
        { units = { mi("gen", 600, 300, 0, { general = "c_in_c", figures = 12, ranks = 2 }),
                    mi("near", 600 + 200 * MM, 300), mi("far", 600 + 300 * MM, 300) } },
        { units = {} },
      },
    }
    G.general_losses = {}
    return G, G.by_id[1].gen
  end
  -- 20 men received, 10 figures fighting in the front rank: 2 men on the
  -- figure; die 5: 10, not more than the 20 men at the start of the period
  local G, gen = setup_general(5)
  G.D[gen].received, G.D[gen].front_fighting = 20, 10
  turn.risk_to_general(G, gen)
  T.eq({ G.D[gen].general_men, G.D[gen].general_lost, G.sides[1].general }, { 18, nil, gen }, "unhurt")
  -- next period 40 men on 4 front figures: 10 men on the figure, die 3: 30 > 18
  G.dice = dice.forced({ 3 })
  G.D[gen].received, G.D[gen].front_fighting = 40, 4
  local figures = G.D[gen].figures
  turn.risk_to_general(G, gen)
  T.eq(G.D[gen].general_lost, "wounded and escorted from the field")
  T.eq(G.D[gen].figures, figures - 1, "his figure goes with him")
  T.eq(G.sides[1].general, nil, "no more influence")
  T.eq(#G.general_losses, 1, "his side's units within 150 paces test (2(viii))")
  local s = turn.situation(G, G.by_id[1].near)
  T.eq(s.general_lost, true, "-2 within 250 paces")
  T.eq(turn.situation(G, G.by_id[1].far).general_lost, nil, "not 300 paces off")
  -- missiles: 60 men on 12 figures under fire: 5 men each; die 2 (10) but
  -- the figure had only 4 men: dead
  G, gen = setup_general(2)
  G.D[gen].general_men = 4
  G.D[gen].missile, G.D[gen].under_fire = 60, 12
  turn.risk_to_general(G, gen)
  T.eq(G.D[gen].general_lost, "dead")
  -- a General whose unit leaves the table is lost with it
  G, gen = setup_general()
  turn.remove(G, gen, "routed off the table")
  T.eq({ G.D[gen].general_lost, #G.sides[1].generals_lost }, { "routed off the table", 1 })
end)

-- Two units front to front in hand-to-hand combat.
local function in_melee(a, b, opts)
  local _, ad = setup.footprint(a)
  local _, bd = setup.footprint(b)
  a.id, a.at = a.id or "a", { 600, 400, 0 }
  b.id, b.at = b.id or "b", { 600, 400 + ad / 2 + bd / 2, 180 }
  local lines = {}
  local G = battle.skirmish{
    dice = (opts and opts.dice) or dice.random(3), report = function(l) lines[#lines + 1] = l end,
    sides = { { units = { a } }, { units = { b } } },
  }
  local x, y = G.by_id[1][a.id], G.by_id[2][b.id]
  for _, id in ipairs({ x, y }) do
    G.D[id].in_melee, G.D[id].melee_periods, G.D[id].opponents = true, 1, { id == x and y or x }
  end
  return G, x, y, lines
end

-- AFTER HAND-TO-HAND FIGHTING: "troops engaged in hand-to-hand fighting can
-- break off voluntarily and retire. All except chariots and elephants ...
-- will receive blows without reply as they turn. All will be broken if, and
-- only if, they fail to outdistance pursuit that period. Such breaking off
-- must be justified by orders or standing orders."
T.case("AFTER HAND-TO-HAND FIGHTING: breaking off, blows without reply, outdistancing pursuit", function()
  local function li() return { type = "LI", class = "C", weapons = { "javelin" }, figures = 6, ranks = 1 } end
  -- skirmishers (their standing order is to avoid contact) against medium
  -- infantry: an 80-pace retire outdistances a 50-pace pursuit (80 - 30)
  local G, a, b, lines = in_melee(li(), mi("b", 0, 0))
  T.eq(G.D[a].order, "skirmish")
  turn.play(G)
  local text = table.concat(lines, "\n")
  T.truthy(text:find("a breaks off", 1, true), text)
  T.truthy(text:find("b strikes a as it turns", 1, true), "blows without reply")
  T.truthy(text:find("a outdistances b", 1, true), text)
  T.eq({ G.D[a].routing, G.D[a].in_melee, G.D[b].in_melee }, { false, false, false })
  T.truthy(({ G.bf:pos(a) })[2] < 400 - 79 * MM, "a normal move (80 paces) back")
  -- against light cavalry (pursuit 240 - 30 = 210 paces) it is caught: broken
  G, a, b, lines = in_melee(li(), { type = "LC", class = "C", weapons = { "javelin" }, figures = 6, ranks = 1,
                                   set = { order = "attack" } })
  turn.play(G)
  T.eq({ G.D[a].routing or G.D[a].gone ~= nil, G.D[b].pursuing }, { true, a }, table.concat(lines, "\n"))
  -- not justified by orders: a unit with "attack" orders stays in the fight
  G, a, b, lines = in_melee(mi("a", 0, 0), mi("b", 0, 0))
  turn.play(G)
  T.truthy(not table.concat(lines, "\n"):find("breaks off", 1, true), "attack orders: no breaking off")
  -- a retire instruction justifies it; elephants receive no blows
  G, a, b, lines = in_melee({ type = "EL", class = "C", weapons = {}, figures = 2, crew = { "javelin" },
                              set = { state = "retire", state_periods = 2 } }, mi("b", 0, 0))
  turn.play(G)
  text = table.concat(lines, "\n")
  T.truthy(text:find("a breaks off", 1, true), text)
  T.truthy(not text:find("as it turns", 1, true), "elephant crews fight all round: no free blows")
end)

-- TROOPS LEAVING THE FIELD: "Troops who leave the table for any reason
-- except rout will reappear at the same point if at the beginning of any of
-- the next three periods a 3 or 4 is thrown ... A score of 4 indicates an
-- immediate return. If the score is 3, throw the same dice again, the score
-- this time indicating the number of periods before the force ... returns."
T.case("TROOPS LEAVING THE FIELD: return on a 4 at once, on a 3 after a second throw, else gone", function()
  local function off(die_list)
    local G = battle.skirmish{ dice = dice.forced(die_list), sides = { { units = { mi("u", 600, 300) } }, { units = {} } } }
    G.arrivals = {}
    local u = G.by_id[1].u
    turn.leave_table(G, u, "retreated off the table")
    return G, u
  end
  local G, u = off({ 4 })
  T.truthy(G.D[u].off_table, "off the table")
  T.eq(turn.live(G.D[u]), false)
  T.eq(G.bf:units(1), {}, "off the table: no query finds it (bf:remove)")
  G.turn = 2
  turn.returns(G)
  T.eq({ G.D[u].off_table, turn.live(G.D[u]), ({ G.bf:pos(u) })[2] }, { nil, true, 300 }, "a 4: back at the same point")
  T.eq({ G.bf:units(1), select(3, G.bf:pos(u)) }, { { u }, 180.0 }, "on the table again (bf:bring_back), facing the table")
  local kinds = {}
  for _, e in ipairs(G.bf:events()) do kinds[e.kind] = (kinds[e.kind] or 0) + 1 end
  T.eq({ kinds.unit_removed, kinds.unit_returned }, { 1, 1 }, "logged for replays")
  G, u = off({ 3, 2 })
  G.turn = 2; turn.returns(G)
  T.eq(G.D[u].off_table.returns_at, 4, "a 3, then a 2: two periods on")
  G.turn = 3; turn.returns(G)
  T.truthy(G.D[u].off_table, "no more dice while waiting")
  G.turn = 4; turn.returns(G)
  T.eq(G.D[u].off_table, nil, "returns")
  G, u = off({ 2, 5, 2 })
  for t = 2, 4 do G.turn = t; turn.returns(G) end
  T.eq(G.D[u].gone, "gone from the field", "no 3 or 4 in three periods")
  T.eq(#G.bf:units(1), 0, "and never comes back")
  -- the points of a unit off the table count only once it is returning
  local victory = require("wrg.victory")
  G, u = off({ 3, 5 })
  T.eq(victory.unit_points_left(G.D[u]), 0, "away")
  G.turn = 2; turn.returns(G)
  T.truthy(victory.unit_points_left(G.D[u]) > 0, "returning and in sight")
end)

-- THE REACTION TEST 2(vii): "When a fresh enemy force of at least 50
-- figures appears on the battlefield at least 5 periods after the start".
T.case("THE REACTION TEST 2(vii): a fresh enemy force of 50 figures after 5 periods", function()
  local function arrive(figures, period)
    local lines = {}
    local G = battle.skirmish{
      dice = dice.random(1), report = function(l) lines[#lines + 1] = l end,
      sides = { { units = { mi("big", 600, 200, 0, { figures = figures, ranks = 4 }) } },
                { units = { mi("e", 600, 1000, 180) } } },
    }
    local u = G.by_id[1].big
    G.arrivals = {}
    turn.leave_table(G, u, "retreated off the table")
    G.D[u].off_table.returns_at = period
    G.turn = period
    turn.play(G)
    return table.concat(lines, "\n")
  end
  local text = arrive(50, 6)
  T.truthy(text:find("reaction test of e (fresh enemy force appears)", 1, true), text)
  T.truthy(text:find("fresh_enemy", 1, true), "with its factor")
  T.truthy(not arrive(50, 5):find("fresh enemy force appears", 1, true), "not in period 5")
  T.truthy(not arrive(48, 8):find("fresh enemy force appears", 1, true), "not under 50 figures")
end)

-- CHOICE OF TERRAIN and DIFFICULT TERRAIN: rivers, fords, bridges, roads and
-- buildings.
T.case("DIFFICULT TERRAIN: rivers (who may cross, at what cost), fords, bridges, roads, buildings", function()
  -- an east-west river 30 paces wide at y = 60 cm with a ford at the middle
  -- and a bridge near the west end; a road north-south at x = 150 cm
  local function on_table(unit, extra_pieces)
    local pieces = { { type = "river", from = { 0, 60 }, to = { 183, 60 }, width = 30,
                       crossings = { { type = "ford", at = 0.5 }, { type = "bridge", at = 0.2 } } } }
    for _, p in ipairs(extra_pieces or {}) do pieces[#pieces + 1] = p end
    local G = battle.skirmish{ dice = dice.forced({}), table = { terrain = pieces },
                               sides = { { units = { unit } }, { units = {} } } }
    return G, G.by_id[1][unit.id]
  end
  local bank = 600 - 15 * MM                       -- the south bank
  local function go(u, x, paces)
    u.at = { x, bank - 100, 0 }                    -- 100 mm south of the bank, facing north
    local G, id = on_table(u)
    local stop, moved = turn.advance(G, id, paces)
    return stop, moved, ({ G.bf:pos(id) })[2], G, id
  end
  local function hi() return { id = "u", type = "HI", class = "C", weapons = { "spear" }, figures = 8, ranks = 2 } end
  local _, depth = setup.footprint(hi())
  -- heavy infantry may not cross a river 30 paces wide: it stops on the bank
  local stop, _, y = go(hi(), 1200, 60)
  T.eq(stop, "river")
  T.near(y + depth / 2, bank, 1, "its front on the bank")
  -- cavalry cross at four times the distance: 180 paces of a charge, the
  -- first (100 mm - bank) at 1, the rest at 1/4
  local hc = { id = "u", type = "HC", class = "C", weapons = { "spear" }, figures = 4, ranks = 1 }
  local _, hd = setup.footprint(hc)
  local gap = 100 - hd / 2                        -- mm from its front to the bank
  local _, moved = go(hc, 1200, 180)
  T.near(moved * MM, gap + (180 * MM - gap) / 4, 0.5, "the rest of the move counts four times in the river")
  -- at the ford (30 paces across: "double distance for all troops") heavy
  -- infantry wade: standing in it, it moves at half
  local u = hi(); u.at = { 915, 600, 0 }
  local G, id = on_table(u)
  T.eq(turn.terrain_factor(G, id, G.D[id]), 2, "a deep ford counts double")
  -- the bridge: no obstacle
  u = hi(); u.at = { 366, 600, 0 }
  G, id = on_table(u)
  T.eq(turn.terrain_factor(G, id, G.D[id]), 1, "on the bridge")
  -- through the ford gap the path is clear of the river
  stop = go(hi(), 915, 60)
  T.eq(stop, nil, "the ford is no river")
  T.eq({ turn.may_cross({ type = "LI" }, 30), turn.may_cross({ type = "MI" }, 30), turn.may_cross({ type = "LC" }, 60),
         turn.may_cross({ type = "HC" }, 60), turn.may_cross({ type = "LC" }, 90), turn.may_cross({ type = "CH" }, 20) },
       { true, false, true, false, false, false }, "swimmers, light cavalry only at twice the width, none at three, no vehicles")
  -- a road through a wood: good going on the road
  local pieces = { { type = "wood", x = 100, y = 30, r = 20 }, { type = "road", from = { 100, 0 }, to = { 100, 120 }, width = 4 } }
  u = hi(); u.at = { 1000, 300, 0 }
  G, id = on_table(u, pieces)
  T.eq(turn.terrain_factor(G, id, G.D[id]), 1, "on the road")
  G.bf:place(id, 1100, 300, 0)
  T.eq(turn.terrain_factor(G, id, G.D[id]), 2, "off the road in the wood")
  -- a building: difficult going, cover, partial cover in melee
  pieces = { { type = "building", x = 100, y = 30, r = 4 } }
  u = mi("u", 1000, 300)
  G, id = on_table(u, pieces)
  T.eq(turn.terrain_factor(G, id, G.D[id]), 2, "among buildings: twice for infantry")
  T.eq({ turn.in_cover(G, id, true), turn.situation(G, id).cover_square_defences }, { true, true }, "a wall to fight behind, cover")
end)

T.case("CHOICE OF TERRAIN: a die picks one of the six terrain units; a bridge or ford lies across the nearest river", function()
  -- 1 nomination each + die 4 = 2 per square metre on a 1 x 1 m table: 2 units
  local S = setup.scale{ size = "100x100" }
  local pieces = setup.choose_terrain(S, dice.forced({ 4, 5, 1, 3, 3, 6, 1, 6, 2, 3, 3, 5 }), { 1, 1 })
  T.eq(#pieces, 1)
  local r = pieces[1]
  T.eq({ r.type, r.width, r.crossings[1].type }, { "river", setup.RIVER_PACES, "bridge" })
  T.near(r.x2 - r.x1, 250, 0.01, "250 mm of unfordable river, east-west")
end)

-- THE REACTION TEST 2(v) and PURSUERS: holding troops whose attackers break
-- test, "and will only pursue if this results in "uncontrolled advance""; a
-- "Halt" is obeyed, worse results are ignored.
T.case("THE REACTION TEST 2(v): troops with orders to hold test whether they pursue", function()
  local function hold(rolls, wishes)
    local cmd = setmetatable({ hold_pursuit = function() return wishes end }, { __index = require("wrg.ai") })
    local G = battle.skirmish{ dice = dice.forced(rolls), report = function() end,
                               sides = { { commander = cmd, units = { mi("h", 600, 300, 0, { set = { order = "hold" } }) } },
                                         { units = { mi("e", 600, 600, 180) } } } }
    local h, e = G.by_id[1].h, G.by_id[2].e
    turn.hold_pursuit(G, h, e)
    return G.D[h]
  end
  -- class C regulars on chart 1, 3 probability dice, no factors on an open
  -- table: 15 is "act as C in C would wish", 10 "carry on"
  T.eq(hold({ 5, 5, 5 }, true).pursuing ~= nil, true, "act as C in C, and the general so wishes: it pursues")
  T.eq(hold({ 5, 5, 5 }, false).pursuing, nil, "act as C in C, the general does not wish it")
  T.eq(hold({ 4, 3, 3 }, true).pursuing, nil, "carry on: it holds")
end)

-- 2(iv) "routs past" and BROKEN TROOPS that cannot run surrender half.
T.case("THE REACTION TEST 2(iv) routs past; ROUT AND PURSUIT: half of a unit that cannot run surrenders", function()
  local lines = {}
  local G = battle.skirmish{ dice = dice.random(2), report = function(l) lines[#lines + 1] = l end,
                             sides = { { units = { { id = "r", type = "LC", weapons = { "javelin" }, figures = 6, ranks = 1, at = { 900, 900, 0 } },
                                                   mi("f", 1200, 300, 0) } },
                                       { units = {} } } }
  local r, f = G.by_id[1].r, G.by_id[1].f
  turn.rout(G, r, nil)
  G.D[r].rout_periods = 1                          -- later periods: towards its own (south) edge
  G.bf:place(r, 900, 900, 180)
  G.D[f].tested_first_reach = true
  T.truthy(G.bf:distance(r, f) > 150 * MM, "more than 150 paces off before")
  turn.play(G)
  T.truthy(table.concat(lines, "\n"):find("reaction test of f (friendly unit routs past)", 1, true), table.concat(lines, "\n"))
  -- a router backed against a river it may not cross cannot run
  lines = {}
  G = battle.skirmish{ dice = dice.random(2), report = function(l) lines[#lines + 1] = l end,
                       table = { terrain = { { type = "river", from = { 0, 20 }, to = { 183, 20 }, width = 30 } } },
                       sides = { { units = { mi("r", 900, 200 + 15 * MM + 21, 0, { general = "c_in_c", set = { general_men = 10 } }) } },
                                 { units = { mi("e", 900, 200 + 15 * MM + 42 + 21, 180) } } } }
  r = G.by_id[1].r
  local before = G.D[r].figures
  turn.rout(G, r, G.by_id[2].e)
  G.routs_past = {}
  turn.play(G)
  T.truthy(table.concat(lines, "\n"):find("4 figures surrender", 1, true), table.concat(lines, "\n"))
  T.truthy(G.D[r].figures <= before - 4, "half the unit is gone")
  T.eq(G.D[r].general_lost, "captured", "the General's figure at half strength: he surrenders")
end)

-- FORMATION CHANGES: "Regular units frontages can be expanded or reduced by
-- 4 figures in each 1/4 period, barbarians frontages by only 2 figures,
-- reducing time available for other movement. Difficult terrain reduces
-- expansion or contraction in the same degree as it reduces movement."
-- EFFECT OF DISORGANISATION ON MANOEUVRE: "All delays and movement
-- reductions for changes of direction or formation are doubled".
-- DISORGANISATION 2: "Being contacted in a charge before completing, a
-- formation change".
T.case("FORMATION CHANGES: 4 figures (regulars) or 2 (barbarians) a 1/4 period, the base resized, caught in a charge", function()
  local ai = require("wrg.ai")
  local function commander(files, plan)
    return setmetatable({ formation = function() return files end, move = function() return plan end,
                          charge_target = function() return nil end, countercharge = function() return false end },
                        { __index = ai })
  end
  local function one(unit, files, extra_pieces)
    local lines = {}
    local G = battle.skirmish{
      dice = forced_with_lot({}), report = function(l) lines[#lines + 1] = l end,
      table = extra_pieces and { terrain = extra_pieces } or nil,
      sides = { { units = { unit }, commander = commander(files, { distance = 60 }) },
                { units = { mi("far", 1600, 1150, 180) }, commander = commander(nil, nil) } },
    }
    return G, G.by_id[1][unit.id], lines
  end
  -- regulars: 4 files to 8 (+4) in 1/4 period: 15 of the 60 paces; the base
  -- becomes 8 x 15 mm wide and one rank of 20 mm deep, its centre kept
  local G, u, lines = one(mi("u", 600, 300), 8)
  T.eq({ G.D[u].files, G.D[u].ranks }, { 4, 2 })
  turn.play(G)
  local b = G.bf:unit(u)
  T.eq({ G.D[u].files, G.D[u].ranks, b.width, b.depth, G.D[u].reforming }, { 8, 1, 120.0, 20.0, nil }, table.concat(lines, "\n"))
  T.eq(G.D[u].moved, 45, "the 1/4 period is not available for movement")
  T.eq(b.x, 600.0, "centre kept")
  local kinds = {}
  for _, e in ipairs(G.bf:events()) do kinds[e.kind] = true end
  T.truthy(kinds.unit_resized, "bf:resize, logged for replays")
  -- barbarians: 2 figures a quarter; 4 files to 10 (+6) takes 3/4 period
  G, u = one(mi("u", 600, 300, 0, { regular = false, figures = 12, ranks = 3 }), 10)
  turn.play(G)
  T.eq({ G.D[u].files, G.D[u].ranks, G.D[u].moved }, { 10, 2, 15 })
  -- reducing: 8 files in 1 rank to 4 (-4): 1/4 period, 2 ranks
  G, u = one(mi("u", 600, 300, 0, { ranks = 1 }), 4)
  turn.play(G)
  T.eq({ G.D[u].files, G.D[u].ranks, G.bf:unit(u).width }, { 4, 2, 60.0 })
  -- disorganised: doubled; 5 files to 20 (+15, four quarters) takes two
  -- periods, the time spent carried into the second
  G, u = one(mi("u", 600, 300, 0, { figures = 20, ranks = 4 }), 20)
  local d = G.D[u]
  d.reforming, d.disorganised = 20, true
  T.eq(turn.reform(G, u, 60), 60, "a whole period")
  T.eq({ d.files, d.reforming }, { 13, 20 }, "two quarters done (at 30 paces each)")
  T.eq(turn.reform(G, u, 60), 60)
  T.eq({ d.files, d.reforming }, { 20, nil })
  -- difficult terrain: in a wood (infantry x2) a quarter costs 30 paces
  G, u = one(mi("u", 600, 600), 8, { { type = "wood", x = 60, y = 60, r = 10 } })
  T.eq(turn.quarter_cost(G, u, G.D[u]), 30)
  -- models keep their line
  T.eq(turn.can_reform({ type = "EL" }), false)
  -- caught: a fanatic cavalry unit within its normal move (no reaction tests)
  -- charges a unit that has declared a change: disorganised, the change left
  lines = {}
  G = battle.skirmish{
    dice = dice.random(5), report = function(l) lines[#lines + 1] = l end,
    sides = { { units = { mi("u", 600, 300) }, commander = commander(8, nil) },
              { units = { { id = "hc", type = "HC", class = "C", weapons = { "lance" }, figures = 4, ranks = 1,
                            fanatic = true, at = { 600, 300 + 10 + 20 + 80 * MM, 180 } } },
                commander = setmetatable({ charge_target = function(_, id) return G.by_id[1].u end, move = function() end },
                                         { __index = ai }) } },
  }
  u = G.by_id[1].u
  turn.play(G)
  local text = table.concat(lines, "\n")
  T.truthy(text:find("u is caught changing formation", 1, true), text)
  T.eq({ G.D[u].files, G.D[u].reforming }, { 4, nil }, "the frontage it had")
end)

-- THE REACTION TEST 3: "Tests similar to those under 2. can also be taken
-- voluntarily at the players discretion at any time except: (i) ... engaged
-- in hand-to-hand combat. (ii) ... in rout ... (iii) ... a compulsory period
-- of pursuit. (iv) When rallying back or reorganising. (v) When carrying out
-- a positive reaction table instruction".
T.case("THE REACTION TEST 3: voluntary tests at the player's discretion, with their five exceptions", function()
  local ai = require("wrg.ai")
  local asked = {}
  local cmd = setmetatable({ voluntary_test = function(_, uid) asked[#asked + 1] = uid; return true end,
                             charge_target = function() return nil end, countercharge = function() return false end,
                             move = function() return nil end }, { __index = ai })
  local quiet = setmetatable({ charge_target = function() return nil end, countercharge = function() return false end,
                               move = function() return nil end }, { __index = ai })
  local lines = {}
  local G = battle.skirmish{
    dice = forced_with_lot({ 6, 6, 6 }), report = function(l) lines[#lines + 1] = l end,
    sides = { { units = { mi("u", 600, 300, 0, { regular = false }) }, commander = cmd },
              { units = { mi("far", 1600, 1150, 180) }, commander = quiet } },
  }
  local u = G.by_id[1].u
  turn.play(G)
  T.eq(asked, { u }, "the commander is asked for its free unit")
  local took
  for _, e in ipairs(G.bf:events()) do if e.kind == "voluntary_test" then took = e end end
  T.truthy(took, table.concat(lines, "\n"))
  -- barbarian dice 6+6+6 = 18 on class C's chart 1: the best result, so the
  -- instruction is followed as a compulsory one's is
  T.eq(took.data and took.data.result or took.result, "uncontrolled_advance", table.concat(lines, "\n"))
  T.eq(G.D[u].state, "uncontrolled")
  -- the exceptions
  local d = { figures = 8 }
  T.eq(turn.may_test_voluntarily(d), true, "a unit with no instruction")
  for _, k in ipairs{ "in_melee", "routing", "pursuing" } do
    local x = { figures = 8 }; x[k] = true
    T.eq(turn.may_test_voluntarily(x), false, k)
  end
  T.eq(turn.may_test_voluntarily({ state = "rally_back" }), false, "(iv) rallying back")
  T.eq(turn.may_test_voluntarily({ reorganising = 1 }), false, "(iv) reorganising")
  T.eq(turn.may_test_voluntarily({ state = "halt", state_periods = 2 }), false, "(v) under an instruction")
  T.eq(turn.may_test_voluntarily({ state = "uncontrolled", state_periods = 2 }), false, "(v) uncontrolled advance")
end)

-- MOVING IN HOLLOW SQUARE: "Troops moving in hollow square do so at half
-- normal speed only. They require 1/4 period to turn to meet an attack from
-- any direction except that in which they are moving, regardless of troop
-- type. Squares have no flank or rear, but the troops comprising them may
-- still present an unshielded side while in movement." Reaction: "Troops
-- behind cover, forming hollow square or behind field defences" +2.
T.case("MOVING IN HOLLOW SQUARE: formed as a formation change, half speed, 1/4 period turns, no flank or rear", function()
  local ai = require("wrg.ai")
  local function commander(sq, plan)
    return setmetatable({ square = function() return sq end, move = function() return plan end,
                          formation = function() return nil end,
                          charge_target = function() return nil end, countercharge = function() return false end },
                        { __index = ai })
  end
  local lines = {}
  local G = battle.skirmish{
    dice = forced_with_lot({}), report = function(l) lines[#lines + 1] = l end,
    sides = { { units = { mi("u", 600, 300), mi("b", 1000, 300, 0, { regular = false }) },
                commander = commander(true, { distance = 60 }) },
              { units = { mi("far", 1600, 1150, 180) }, commander = commander(nil, nil) } },
  }
  local u, b = G.by_id[1].u, G.by_id[1].b
  turn.play(G)
  local d = G.D[u]
  -- 8 figures in 4 files: a face of 2 files, -2 figures = one 1/4 period;
  -- the other 3/4 at half of 60 paces = 22.5 paces
  T.eq({ d.square, d.files, d.ranks }, { true, 2, 1 }, table.concat(lines, "\n"))
  T.eq(d.moved, 22.5, "half speed after the 1/4 period spent forming")
  local bu = G.bf:unit(u)
  T.eq(bu.width, bu.depth, "a square base")
  -- barbarians take 1/2 period to turn in line, 1/4 in a square
  G.sides[1].commander = commander(nil, { distance = 60, bearing = 90 })
  G.turn = 2
  G.D[b].moved = 0
  turn.play(G)
  T.eq(G.D[b].moved, 30 - 7.5, "1/4 of the period (of a 30-pace move) to turn, not 1/2")
  -- no flank or rear: an enemy off its right or rear touches a "front"
  local e = G.by_id[2].far
  local x, y = G.bf:pos(u)
  G.bf:place(u, x, y, 0)                          -- facing north again
  G.bf:place(e, x + mm_of(40), y, 270)
  T.eq(G.bf:contact(u, e), "right")
  T.eq(turn.edge(G, u, e), "front", "a square has no flank")
  G.D[u].moved = 0
  T.eq(turn.unshielded_side(G, u, e), false, "halted: its right face is shielded")
  G.D[u].moved = 10
  T.eq(turn.unshielded_side(G, u, e), true, "moving: the right face presents an unshielded side")
  G.D[u].moved = 0
  G.bf:place(e, x, y - mm_of(40), 0)
  local s = turn.situation(G, u)
  T.eq({ s.enemy_in_rear, s.enemy_behind_flank, s.cover_square_defences }, { nil, nil, true },
    "no enemy in its rear; +2 for the square")
  T.eq(turn.lapping(G, e, u), nil, "a square cannot be lapped round")
  -- leaving it: the line's 4 files back, in 1/4 period
  G.sides[1].commander = commander(false, nil)
  G.bf:place(e, 1600, 1150, 180)
  G.turn = 3
  turn.play(G)
  T.eq({ d.square, d.files, d.ranks }, { false, 4, 2 })
end)

-- FORMATION CHANGES: "Mounting or dismounting takes a 1/2 period. No animal
-- holders are required as the horses or camels are assumed to be picketed
-- 60 paces behind the initial position of the fighting line. The troops
-- must return to this spot to remount." MOVE DISTANCES: "Dismounted cavalry
-- 20 paces less than equivalent infantry in all respects"; "Mounted
-- infantry ... 120 None". DISORGANISATION 2: "Mounted infantry will always
-- attempt to dismount to fight." TARGET: "Cavalry engaged in mounting or
-- dismounting always count as a mounted target."
T.case("FORMATION CHANGES: mounting and dismounting, 1/2 period, the picket 60 paces behind", function()
  local ai = require("wrg.ai")
  local troops = require("wrg.troops")
  local function commander(m, plan)
    return setmetatable({ mount = function() return m end, move = function() return plan end,
                          formation = function() return nil end,
                          charge_target = function() return nil end, countercharge = function() return false end },
                        { __index = ai })
  end
  local lines = {}
  local G = battle.skirmish{
    dice = forced_with_lot({}), report = function(l) lines[#lines + 1] = l end,
    sides = { { units = { { id = "c", type = "HC", class = "C", weapons = { "spear" }, figures = 8, ranks = 2,
                            at = { 600, 300, 0 }, dismount = "HI" } },
                commander = commander(false, { distance = 200 }) },
              { units = { mi("far", 1600, 1150, 180) }, commander = commander(nil, nil) } },
  }
  local c = G.by_id[1].c
  local d = G.D[c]
  T.eq({ d.type, d.moves[1], d.on_horse }, { "HC", 120, true })
  local _, y0 = G.bf:pos(c)
  turn.play(G)
  -- 1/2 period dismounting, the other half at 60 - 20 = 40 paces
  T.eq({ d.type, d.moves[1], d.moves[2], d.on_horse }, { "HI", 40, 60, false }, table.concat(lines, "\n"))
  T.eq(d.moved, 20, "half a period on foot")
  T.eq(d.picket[2], y0 - 60 * MM, "picketed 60 paces behind where it dismounted")
  T.eq(troops.target_column(d, true), "HI", "dismounted cavalry count as their infantry equivalent")
  d.mounting = true
  T.eq(troops.target_column(d, true), "HC", "a mounted target while mounting")
  d.mounting = nil
  -- away from the picket it cannot remount
  G.sides[1].commander = commander(true, nil)
  G.turn = 2
  turn.play(G)
  T.eq(d.on_horse, false, "80 paces from its horses")
  -- back at the picket: 1/2 period to mount
  G.bf:place(c, d.picket[1], d.picket[2], 0)
  G.turn = 3
  turn.play(G)
  T.eq({ d.type, d.moves[1], d.on_horse }, { "HC", 120, true })
  -- mounted infantry: 120 paces and no charge; dismount when the enemy is in reach
  local G2 = battle.skirmish{
    dice = forced_with_lot({ 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3 }),
    sides = { { units = { mi("m", 600, 300, 0, { mounted_infantry = true }) }, commander = commander(nil, nil) },
              { units = { mi("e", 600, 300 + MI_W + 50 * MM, 180) }, commander = commander(nil, nil) } },
  }
  local m = G2.D[G2.by_id[1].m]
  T.eq({ m.moves[1], m.moves[2], m.on_horse }, { 120, false, true })
  turn.play(G2)
  T.eq({ m.type, m.moves[1], m.on_horse }, { "MI", 60, false }, "dismounted to fight")
end)

-- DISORGANISATION AND DISTRACTION 3: "Formation split by a gap at least 10
-- paces wide": ground the unit may not stand on (a river it may not cross)
-- running through its line with figures on both sides.
T.case("DISORGANISATION 3: a formation split by a gap of 10 paces or more", function()
  -- a north-south river 30 paces wide at x = 60 cm, a ford 30 cm from its south end
  local function on_river(u, width, ford)
    local river = { type = "river", from = { 60, 0 }, to = { 60, 122 }, width = width,
                    crossings = ford and { { type = "ford", at = 30 / 122 } } or nil }
    local G = battle.skirmish{ dice = dice.forced({}), table = { terrain = { river } },
                               sides = { { units = { u } }, { units = {} } } }
    G.report = function() end
    return G, G.by_id[1][u.id]
  end
  local function hi(x, y) return { id = "u", type = "HI", class = "C", weapons = { "spear" }, figures = 24, ranks = 2, at = { x, y, 0 } } end
  local w = setup.footprint(hi(0, 0))
  T.truthy(w / MM > 60, "a line of 12 files, wider than the river")
  -- heavy infantry astride a 30-pace river: split by 30 paces
  local G, id = on_river(hi(600, 800), 30)
  T.near(turn.split_gap(G, id), 30, 1.5, "the river's width")
  turn.upkeep(G)
  T.eq(G.D[id].disorganised, true, "split: disorganised")
  -- moved off the river: the cause is gone at the next count
  G.bf:place(id, 300, 800, 0)
  T.eq(turn.split_gap(G, id), 0)
  turn.upkeep(G)
  T.eq(G.D[id].disorganised, false, "recovered when the cause is removed")
  -- its flank in the river: no figures beyond it, no split
  G.bf:place(id, 600 - w / 2 + 10, 800, 0)
  T.eq(turn.split_gap(G, id), 0, "the river at one end of the line")
  -- a stream it may cross is no gap; light cavalry swim a 30-pace river
  G, id = on_river(hi(600, 800), 20)
  T.eq(turn.split_gap(G, id), 0, "a stream under 30 paces")
  local lc = { id = "u", type = "LC", class = "C", weapons = { "javelin" }, figures = 24, ranks = 1, at = { 600, 800, 0 } }
  G, id = on_river(lc, 30)
  T.eq(turn.split_gap(G, id), 0, "light cavalry may cross it")
  -- across the ford the line is whole
  G, id = on_river(hi(600, 300), 30, true)
  T.eq(turn.split_gap(G, id), 0, "standing in the ford")
  -- after movement: a unit that wheels onto the river is split at once
  G, id = on_river(hi(600, 800, 0), 30)
  G.bf:place(id, 300, 800, 0)
  turn.upkeep(G)
  G.bf:place(id, 600, 800, 0)
  turn.check_split(G)
  T.eq(G.D[id].disorganised, true, "counted again after movement")
  T.eq(tables.disorganisation.split_gap, 10)
end)

-- DISORGANISATION AND DISTRACTION 5: "Troops other than light or
-- light-medium infantry, having had their movement obstructed by difficult
-- terrain during the current period."
T.case("DISORGANISATION 5: troops other than LI or LMI whose movement difficult terrain obstructed", function()
  local function in_wood(kind, x)
    local u = { id = "u", type = kind, class = "C", weapons = { "javelin" }, figures = 8, ranks = 2, at = { x or 1000, 300, 0 } }
    local G = battle.skirmish{ dice = dice.forced({}),
                               table = { terrain = { { type = "wood", x = 100, y = 30, r = 20 } } },
                               sides = { { units = { u } }, { units = {} } } }
    G.report = function() end
    return G, G.by_id[1].u
  end
  -- heavy infantry moving in a wood: twice the distance, disorganised
  local G, id = in_wood("HI")
  T.eq(turn.terrain_factor(G, id, G.D[id]), 2)
  local _, moved = turn.advance(G, id, 40)
  T.near(moved, 20, 0.5, "40 paces of its move, 20 on the table")
  T.eq(G.D[id].disorganised, true, "obstructed: disorganised this period")
  -- the next period the cause is gone unless it moves in the wood again
  turn.upkeep(G)
  T.eq(G.D[id].disorganised, false, "recovered at the next period")
  -- standing in the wood without moving: not obstructed
  T.eq(G.D[id].disorganised, false)
  -- light and light-medium infantry are spared; light-heavy infantry are not
  for kind, want in pairs({ LI = false, LMI = false, LHI = true, MI = true, HC = true }) do
    G, id = in_wood(kind)
    turn.advance(G, id, 40)
    T.eq(G.D[id].disorganised, want, kind)
  end
  -- good going: nothing
  G, id = in_wood("HI", 300)
  turn.advance(G, id, 40)
  T.eq(G.D[id].disorganised, false, "moving in the open")
  -- a trial move (a commander looking at a path) marks nothing
  G, id = in_wood("HI")
  turn.probe(G, id, function() return turn.advance(G, id, 40) end)
  T.eq(G.D[id].disorganised, false, "a trial move")
  -- stopped at the bank of a river it may not cross
  local u = { id = "u", type = "HI", class = "C", weapons = { "spear" }, figures = 8, ranks = 2, at = { 1200, 600 - 15 * MM - 100, 0 } }
  G = battle.skirmish{ dice = dice.forced({}),
                       table = { terrain = { { type = "river", from = { 0, 60 }, to = { 183, 60 }, width = 30 } } },
                       sides = { { units = { u } }, { units = {} } } }
  G.report = function() end
  id = G.by_id[1].u
  local stop = turn.advance(G, id, 60)
  T.eq({ stop, G.D[id].disorganised }, { "river", true }, "the river stops it: obstructed")
end)
