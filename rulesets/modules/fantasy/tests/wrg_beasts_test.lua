-- WRG 1973 APPENDIX IV ELVES, DRAGONS, TROLLS, GIANTS, ENTS, GOBLINS AND
-- ORCS, DEMONS, TAME CROWS, BASILISK and DWARVES in the WRG battle engine,
-- each in a situation set up by hand.
local T = require("lib.testing")
local X = require("modules.fantasy.tests.fixtures")

local MM = X.MM

local function terms(G, uid)
  local out
  X.forced(G, { 4, 4, 4 }, function() out = X.turn.test(G, uid, "test") end)
  local by = {}
  for _, t in ipairs(out.terms or {}) do by[t.id] = t.after - t.before end
  return by
end

-- The period's start alone (the module's rules), with forced dice.
local function start(G, values)
  X.forced(G, values or {}, function() G.period_start(G) end)
end

---------------------------------------------------------------------------
-- ELVES

T.case("WRG 1973 APPENDIX IV ELVES: their shooting random factor is always plus", function()
  local elf = { regular = true, class = "B", traits = { warped_probability = true } }
  local man = { regular = true, class = "B" }
  T.eq(X.chance.shooting_value(elf, 5, 2), 1, "minus higher: still +1")
  T.eq(X.chance.shooting_value(elf, 3, 3), 1, "equal: +1")
  T.eq(X.chance.shooting_value(man, 5, 2), -1)
  -- in the battle: elf archers shooting for three periods, every random factor +1
  local G, lines = X.fight{ side1 = { X.creature("elves", "elf_archer", 12, 600, 300, 0) },
                            side2 = { X.unit("foe", "MI", 600, 300 + 150 * MM, 180, { figures = 24, ranks = 2 }) }, seed = 9 }
  for _ = 1, 3 do X.play(G) end
  local n = 0
  for _, l in ipairs(lines) do
    if l:find("Elf archers shoots", 1, true) then
      n = n + 1
      T.truthy(l:find("random +1", 1, true), l)
    end
  end
  T.truthy(n >= 1, "the elves shot:\n" .. table.concat(lines, "\n"))
end)

T.case("WRG 1973 APPENDIX IV ELVES: plus or minus 1 on their own reaction totals (plus)", function()
  local G, _, id = X.fight{ side1 = { X.creature("elves", "elf_spearman", 12, 600, 300, 0) } }
  T.eq(terms(G, id(1, "elves")).elves, 1)
end)

T.case("WRG 1973 APPENDIX IV ELVES and DWARVES: disorganised by a saint within 100 paces", function()
  local G, _, id = X.fight{ side1 = { X.creature("elves", "elf_spearman", 12, 600, 300, 0), X.creature("dw", "dwarf", 12, 1400, 300, 0),
                                      X.creature("st", "saint", 1, 600 + 80 * MM, 300, 0) } }
  start(G)
  T.eq(G.D[id(1, "elves")].disorganised, true, "the elves, a saint 80 paces off (their own side's)")
  T.eq(G.D[id(1, "dw")].disorganised, false, "the dwarves, the saint far off")
end)

---------------------------------------------------------------------------
-- DRAGONS

T.case("WRG 1973 APPENDIX IV DRAGONS: they fly 200 paces in a period, over units and terrain", function()
  local G, _, id = X.fight{ side1 = { X.creature("drake", "dragon", 1, 600, 200, 0), X.unit("friend", "MI", 600, 450, 0) },
                            side2 = { X.unit("foe", "MI", 600, 1150, 180) },
                            terrain = { { type = "wood", x = 60, y = 70, r = 8 } } }
  local d = id(1, "drake")
  T.eq(G.D[d].altitude, 1, "in the air from the start")
  local _, y0 = G.bf:pos(d)
  X.play(G)
  local _, y1 = G.bf:pos(d)
  T.near(y1 - y0, 200 * MM, 0.5, "200 paces north, over its own unit and a wood")
end)

T.case("WRG 1973 APPENDIX IV DRAGONS: they must land before charging; in the air they cannot be charged", function()
  local G, _, id = X.fight{ side1 = { X.creature("drake", "dragon", 1, 600, 300, 0) },
                            side2 = { X.unit("foe", "HC", 600, 300 + 60 * MM + 60, 180, { weapons = { "lance" }, figures = 8 }) } }
  local d, foe = id(1, "drake"), id(2, "foe")
  T.eq(G.no_charge(G, d), true, "airborne: no charge")
  T.eq(G.no_charge_at(G, foe, d), true, "nor can it be charged")
  X.F.land(G.bf, d, G.D[d], G.D)
  T.eq(G.no_charge(G, d), false, "landed: it may charge")
  T.eq(G.no_charge_at(G, foe, d), false)
end)

T.case("WRG 1973 APPENDIX IV DRAGONS: a dragon lands when its flight ends within charge reach of the enemy", function()
  local G, _, id = X.fight{ side1 = { X.creature("drake", "dragon", 1, 600, 200, 0) },
                            side2 = { X.unit("foe", "MI", 600, 200 + 250 * MM, 180) } }
  local d = id(1, "drake")
  X.play(G)
  T.eq(G.D[d].altitude, 0, "on the ground")
  T.truthy(X.paces(G, d, id(2, "foe")) <= 120, "within its 120-pace charge")
end)

T.case("WRG 1973 APPENDIX IV DRAGONS: they flame at 40 paces, from the air or grounded, as 5 fire-javelin hurlers", function()
  local G, _, id = X.fight{ side1 = { X.creature("drake", "dragon", 1, 600, 300, 0) },
                            side2 = { X.unit("foe", "MI", 600, 300 + 30 * MM + 60, 180, { figures = 12 }) } }
  local d = G.D[id(1, "drake")]
  T.eq({ X.troops.missile(d), X.troops.range(d), d.figures }, { "javelin", 40, 5 })
  G.own_move = function() return true end   -- it stays where it is
  X.play(G)
  local shot = X.events(G, "shoot")[1]
  T.truthy(shot and shot.unit == id(1, "drake") and shot.figures == 5, "5 figures flame at 30 paces from the air")
end)

T.case("WRG 1973 APPENDIX IV DRAGONS: in melee 5 super heavy cavalry with kontos", function()
  local G, _, id = X.fight{ side1 = { X.creature("drake", "dragon", 1, 600, 300, 0) } }
  local d = G.D[id(1, "drake")]
  T.eq(X.troops.melee_rows(d, true), { "kontos" })
  T.eq(X.troops.target_column(d, true, true, true), "SHC")
  T.eq(d.type, "SHC")
end)

T.case("WRG 1973 APPENDIX IV DRAGONS: they forget their first order, will not obey new ones, and eat the messenger", function()
  local G, lines, id = X.fight{ side1 = { X.creature("drake", "dragon", 1, 600, 300, 0) } }
  local d = G.D[id(1, "drake")]
  local first = d.order
  T.truthy(first ~= nil)
  G.turn = 2
  d.order = "hold"                       -- a messenger brings a new order
  start(G, { 6 })                        -- it remembers (not a 1)
  T.eq(d.order, first, "new orders are not obeyed")
  T.eq(#X.events(G, "fantasy", "dragon_eats_messenger"), 1, table.concat(lines, "\n"))
  start(G, { 1 })
  T.eq(d.order, nil, "forgotten on a 1: 'no orders' reaction tests")
  d.order = "attack"
  start(G, {})
  T.eq(d.order, nil, "a forgetful dragon will not take a new order either")
  T.eq(#X.events(G, "fantasy", "dragon_eats_messenger"), 2)
end)

T.case("WRG 1973 APPENDIX IV DRAGONS and DWARVES: out of control to charge elves in reach", function()
  local G, lines, id = X.fight{ side1 = { X.creature("drake", "dragon", 1, 600, 300, 0), X.creature("dw", "dwarf", 12, 1200, 300, 0) },
                            side2 = { X.creature("elves", "elf_spearman", 12, 600, 300 + 80 * MM + 60, 180),
                                      X.creature("elves2", "elf_archer", 12, 1200, 300 + 50 * MM + 60, 180) } }
  local d, dw = id(1, "drake"), id(1, "dw")
  start(G, { 6 })
  T.eq(G.D[d].state, "uncontrolled")
  T.eq(G.D[d].altitude, 0, "landed to charge")
  T.eq(G.D[dw].state, "uncontrolled")
  -- the rest of the period: they charge
  G.period_start = function() end
  X.turn.play(G)
  local text = table.concat(lines, "\n")
  T.truthy(text:find("Dragon charges Elf spearmen", 1, true) and text:find("Dwarves charges Elf archers", 1, true), "both charge:\n" .. text)
  local contact = false
  for _, e in ipairs(G.bf:events()) do if e.kind == "contact" and e.unit == d then contact = true end end
  T.truthy(contact, "the dragon charges home")
end)

T.case("WRG 1973 APPENDIX IV DRAGONS: elephants within 100 paces killed, one period eating, two snoozing even if attacked", function()
  local G, _, id = X.fight{ side1 = { X.creature("drake", "dragon", 1, 600, 300, 0),
                                      X.unit("jumbo", "EL", 600 + 80 * MM, 300, 0, { figures = 3, crew = { "javelin" }, weapons = {} }) },
                            side2 = { X.unit("foe", "MI", 600, 300 + 300 * MM, 180) } }
  local d, el = id(1, "drake"), id(1, "jumbo")
  start(G)
  T.eq(G.D[el].figures, 2, "even its own side's: one elephant killed")
  T.truthy(X.S.has(G.D[d].fx, "eating"))
  G.turn = 2
  start(G, { 6 })   -- (it remembers its order)
  T.truthy(X.S.has(G.D[d].fx, "snoozing"), "then snoozes")
  T.eq(G.D[el].figures, 2, "no more elephants eaten meanwhile")
  T.truthy(G.no_strike(G, d), "not waking even if attacked")
  T.truthy(G.own_move(G, d), "it does not move")
  start(G, { 6 }); start(G, { 6 })
  T.eq(X.S.has(G.D[d].fx, "snoozing"), false, "awake after 2 periods")
end)

T.case("WRG 1973 APPENDIX IV DRAGONS: reaction effects on elephants as elephants on horses", function()
  local G, _, id = X.fight{ side1 = { X.creature("drake", "dragon", 1, 600, 300, 0) },
                            side2 = { X.unit("jumbo", "EL", 600 + 140 * MM, 300, 0, { figures = 3, crew = { "javelin" }, weapons = {} }) } }
  T.eq(terms(G, id(2, "jumbo")).dragon_fear, -2, "as enemy elephants within 150 paces: -2")
end)

---------------------------------------------------------------------------
-- TROLLS, GIANTS, ENTS

T.case("WRG 1973 APPENDIX IV TROLLS: a 'halt 2 periods' reaction result turns the unit permanently to stone", function()
  local G, _, id = X.fight{ side1 = { X.creature("trolls", "troll", 6, 600, 300, 0) } }
  local t = id(1, "trolls")
  X.turn.apply_result(G, t, { result = "halt" }, false)
  T.truthy(X.S.has(G.D[t].fx, "stone"))
  for _ = 1, 5 do start(G) end
  T.truthy(X.S.has(G.D[t].fx, "stone"), "permanently")
  T.truthy(G.own_move(G, t) and G.no_strike(G, t))
  local G2, _, id2 = X.fight{ side1 = { X.unit("men", "MI", 600, 300, 0) } }
  X.turn.apply_result(G2, id2(1, "men"), { result = "halt" }, false)
  T.eq(G2.D[id2(1, "men")].state, "halt", "others simply halt")
end)

T.case("WRG 1973 APPENDIX IV GIANTS: boulders at 100 paces as 3 crossbow figures; five axemen; they break stone", function()
  local G, _, id = X.fight{ side1 = { X.creature("g", "giant", 1, 600, 300, 0) },
                            side2 = { X.unit("foe", "MI", 600, 300 + 85 * MM + 60, 180, { figures = 12 }) } }
  local g = G.D[id(1, "g")]
  T.eq({ X.troops.missile(g), X.troops.range(g) }, { "crossbow", 100 })
  T.eq(X.troops.melee_rows(g, false), { "axe" })
  T.eq(X.troops.target_column(g, true, false, true), "HI")
  X.turn.apply_result(G, id(2, "foe"), { result = "halt" }, false)
  G.D[id(2, "foe")].fx.stone = true
  T.eq(G.blow_lands(G, id(1, "g"), id(2, "foe"), 6), 6, "a giant's blows break stone")
  X.play(G)
  local shot = X.events(G, "shoot")[1]
  T.truthy(shot and shot.unit == id(1, "g"), "the giant tosses boulders at under 100 paces")
end)

T.case("WRG 1973 APPENDIX IV ENTS: they stand until axe-bearers or chaos come near, and attack on 'move towards enemy' or better", function()
  local function ents(values, foe)
    local G, lines, id = X.fight{ side1 = { X.creature("ents", "ent", 8, 600, 300, 0) },
                                  side2 = { foe } }
    local e = id(1, "ents")
    start(G, values)
    return G, G.D[e], e, lines
  end
  local far = X.unit("woodsmen", "MI", 600, 900, 180, { weapons = { "axe" } })
  local G, d, e = ents({}, far)
  T.eq(d.fx_roused, nil, "nobody near their wood: no test")
  T.truthy(G.own_move(G, e), "and they stand")
  local near = X.unit("woodsmen", "MI", 600, 300 + 60 * MM + 60, 180, { weapons = { "axe" } })
  local G2, d2, _, lines = ents({ 6, 6, 6 }, near)
  T.truthy(d2.fx_roused and d2.state == "uncontrolled", "roused:\n" .. table.concat(lines, "\n"))
  T.truthy(table.concat(lines, "\n"):find("+2 ents_roused", 1, true), "+2 for axe-bearers")
  local _, d3 = ents({ 1, 1, 1 }, X.unit("woodsmen", "MI", 600, 300 + 60 * MM + 60, 180, { weapons = { "axe" } }))
  T.eq(d3.fx_roused, nil, "a poor result: they stay in their wood")
  local _ = G2
end)

---------------------------------------------------------------------------
-- GOBLINS AND ORCS, DEMONS, TAME CROWS, BASILISK

T.case("WRG 1973 APPENDIX IV GOBLINS AND ORCS: fanatic shieldless E archers at horse archers' range; wolf riders count as hostile huns", function()
  local G, _, id = X.fight{ side1 = { X.creature("gob", "goblin", 20, 600, 300, 0), X.creature("wolves", "wolf_rider", 10, 900, 300, 0) },
                            side2 = { X.unit("foe", "MI", 900, 300 + 100 * MM, 180) } }
  local g = G.D[id(1, "gob")]
  T.eq({ g.class, g.fanatic, g.shield, X.troops.range(g) }, { "E", true, false, 120 })
  T.eq(X.turn.situation(G, id(2, "foe")).huns, true, "the enemy count the wolf riders as hostile huns")
  T.eq(terms(G, id(2, "foe")).huns, -1)
  -- the battle built from army lists asks troops.is_hun of every unit
  T.eq(X.troops.is_hun("Orcish", G.D[id(1, "wolves")]), true)
  T.eq(X.troops.is_hun("Orcish", G.D[id(1, "gob")]), false)
end)

T.case("WRG 1973 APPENDIX IV DEMONS: they leave for the 12th plane without a black magician within 100 paces", function()
  local G, _, id = X.fight{ side1 = { X.creature("near", "demon", 6, 600, 300, 0), X.creature("far", "demon", 6, 1500, 300, 0),
                                      X.creature("bm", "black_magician", 1, 600 + 80 * MM, 300, 0) } }
  start(G)
  T.eq(G.D[id(1, "near")].gone, nil, "materialised within 100 paces")
  T.truthy(G.D[id(1, "far")].gone, "gone permanently")
  X.turn.take_casualties(G, id(1, "bm"), 20)
  start(G)
  T.truthy(G.D[id(1, "near")].gone, "deprived of their magician")
end)

T.case("WRG 1973 APPENDIX IV DEMONS: with more than 2 arms, shielded while using two-handed weapons", function()
  local G, _, id = X.fight{ side1 = { X.creature("d", "demon", 6, 600, 300, 0), X.creature("dw", "dwarf", 6, 900, 300, 0) } }
  T.eq(X.troops.can_use_shield(G.D[id(1, "d")], { melee_weapon = "axe" }), true)
  T.eq(X.troops.row_two_handed(G.D[id(1, "d")], "axe"), false)
  T.eq(X.troops.row_two_handed(G.D[id(1, "dw")], "axe"), true, "two arms: the axe needs both")
end)

T.case("WRG 1973 APPENDIX IV TAME CROWS: at light cavalry speed, ground attack as archers at point blank range", function()
  local G, _, id = X.fight{ side1 = { X.creature("crows", "tame_crows", 6, 600, 300, 0) },
                            side2 = { X.unit("foe", "MI", 600, 300 + 200 * MM, 180) } }
  local c = id(1, "crows")
  local _, y0 = G.bf:pos(c)
  X.play(G)
  local _, y1 = G.bf:pos(c)
  T.near(y1 - y0, 160 * MM, 0.5, "160 paces, the light cavalry's move")
  X.play(G)
  T.truthy(X.paces(G, c, id(2, "foe")) <= 10, "at point blank range")
  local hit = false
  for _, e in ipairs(X.events(G, "shoot")) do if e.unit == c then hit = true end end
  T.truthy(hit, "they attack")
  T.eq(X.troops.target_column(G.D[c], true, false, false), "LC")
end)

T.case("WRG 1973 APPENDIX IV BASILISK: hostile figures turned to stone for as long as it looks", function()
  local G, _, id = X.fight{ side1 = { X.creature("bas", "basilisk", 5, 600, 300, 0) },
                            side2 = { X.unit("foe", "MI", 600, 300 + 50 * MM + 60, 180, { figures = 12 }) } }
  local b, foe = id(1, "bas"), id(2, "foe")
  start(G)
  T.eq(G.D[foe].figures, 7, "5 basilisks hold 5 figures")
  T.eq(G.bf:unit(foe).strength, 7)
  X.turn.take_casualties(G, b, 200)
  start(G)
  T.eq(G.D[foe].figures, 12, "the gaze ends: they come back")
end)

T.case("WRG 1973 APPENDIX IV SAINT: unnatural beasts such as Dragons will not enter his zone of sanctity", function()
  -- the saint 150 paces ahead of the dragon, the enemy beyond him
  local G, _, id = X.fight{ side1 = { X.creature("drake", "dragon", 1, 600, 200, 0) },
                            side2 = { X.creature("st", "saint", 1, 600, 200 + 150 * MM, 180), X.unit("foe", "MI", 600, 200 + 330 * MM, 180) } }
  local d, st = id(1, "drake"), id(2, "st")
  X.play(G)
  local _, y1 = G.bf:pos(d)
  T.truthy(y1 > 200 + 10 * MM, "it flew")
  T.truthy(X.paces(G, d, st) > 100, "it stops outside the zone: " .. X.paces(G, d, st))
  T.eq(G.no_charge_at(G, d, st), true, "nor charges into it")
  -- a bird is no unnatural beast: tame crows fly on
  local G2, _, id2 = X.fight{ side1 = { X.creature("crows", "tame_crows", 6, 600, 200, 0) },
                              side2 = { X.creature("st", "saint", 1, 600, 200 + 150 * MM, 180), X.unit("foe", "MI", 600, 200 + 330 * MM, 180) } }
  X.play(G2)
  T.truthy(X.paces(G2, id2(1, "crows"), id2(2, "st")) < 100, "the crows enter it")
end)

T.case("WRG 1973 APPENDIX IV GIANTS: boulders count as 3 crossbow figures, whatever the giant's 5", function()
  local G, _, id = X.fight{ side1 = { X.creature("g", "giant", 1, 600, 300, 0) },
                            side2 = { X.unit("foe", "MI", 600, 300 + 85 * MM + 60, 180, { figures = 12 }) } }
  local shooting = X.rules.require("wrg.shooting")
  T.eq(shooting.figures(G.D[id(1, "g")], {}), 3)
  X.play(G)
  local shot = X.events(G, "shoot")[1]
  T.truthy(shot and shot.unit == id(1, "g") and shot.figures == 3, "the battle's shot: 3 figures")
end)

T.case("WRG 1973 APPENDIX IV DRAGONS: a dragon in the air over a unit is not fighting it, and flies on", function()
  local G, _, id = X.fight{ side1 = { X.creature("drake", "dragon", 1, 600, 300, 0) },
                            side2 = { X.unit("under", "MI", 600, 300, 180), X.unit("foe", "MI", 600, 1100, 180) } }
  local d, under = id(1, "drake"), id(2, "under")
  -- the melee phase finds them in contact (queries see every layer)
  for _, u in ipairs({ d, under }) do G.D[u].in_melee, G.D[u].opponents = true, { u == d and under or d } end
  local _, y0 = G.bf:pos(d)
  X.play(G)
  local _, y1 = G.bf:pos(d)
  T.truthy(y1 - y0 > 100 * MM, "the dragon flies on")
  T.eq(#X.events(G, "melee"), 0, "no blows were struck")
end)

T.case("WRG 1973 APPENDIX IV DRAGONS: an order cancelled by a reaction result, or forgotten by spell 11, is no messenger", function()
  local G, _, id = X.fight{ side1 = { X.creature("drake", "dragon", 1, 600, 300, 0) } }
  local d = G.D[id(1, "drake")]
  G.turn = 2
  d.order = nil                     -- "consider current order cancelled"
  start(G, {})                      -- no order: no forgetting die either
  T.eq(d.order, nil)
  T.eq(#X.events(G, "fantasy", "dragon_eats_messenger"), 0)
end)

T.case("WRG 1973 APPENDIX IV ENTS: +1 for chaos troops within charge reach; unroused, they do not move whatever their orders", function()
  local G, lines, id = X.fight{ side1 = { X.creature("ents", "ent", 8, 600, 300, 0) },
                                side2 = { X.creature("gobs", "goblin", 12, 600, 300 + 60 * MM + 60, 180) },
                                cmd1 = X.commander{ move = function() return { bearing = 0, distance = 80, advancing = true } end } }
  local e = id(1, "ents")
  local x0, y0 = G.bf:pos(e)
  -- their test: three dice 1 (they stay in their wood)
  local start = G.period_start
  G.period_start = function(G2) X.forced(G2, { 1, 1, 1 }, function() start(G2) end) end
  X.play(G)
  local text = table.concat(lines, "\n")
  T.truthy(text:find("+1 ents_roused", 1, true), "+1 for goblins (chaos) in reach:\n" .. text)
  local x1, y1 = G.bf:pos(e)
  T.near(x1, x0, 1e-6); T.near(y1, y0, 1e-6, "the ents stand, though their commander would advance")
end)

T.case("WRG 1973 APPENDIX IV DRAGONS: a grounded dragon cannot rise into another flyer above it; it moves on the ground", function()
  local G, _, id = X.fight{ side1 = { X.creature("a", "dragon", 1, 600, 300, 0), X.creature("b", "dragon", 1, 900, 300, 0) },
                            side2 = { X.unit("foe", "MI", 600, 1100, 180) } }
  local a, b = id(1, "a"), id(1, "b")
  X.F.land(G.bf, a, G.D[a], G.D)
  G.bf:place(b, 620, 310, 30)          -- b hovers over a
  local flight = require("modules.fantasy.wrg.flight")
  T.eq(flight.move(G, a), false, "left to the ground move")
  T.eq(G.D[a].altitude, 0, "still on the ground")
  T.eq(G.bf:unit(a).layer, 0, "on the ground layer")
end)

T.case("WRG 1973 APPENDIX IV DRAGONS: an order brought by a messenger is refused and the messenger eaten; no signal taken", function()
  local sheet = X.rules.require("wrg.orders.sheet")
  local G, _, id = X.fight{ side1 = { X.creature("drake", "dragon", 1, 600, 300, 0), X.unit("men", "MI", 1200, 300, 0) } }
  local d, men = id(1, "drake"), id(1, "men")
  local first = G.D[d].order
  sheet.receive(G, d, { kind = "hold" }, "messenger")
  T.eq(G.D[d].pending, nil, "not received")
  T.eq(#X.events(G, "fantasy", "dragon_eats_messenger"), 1)
  T.eq(sheet.enter(G, d, { kind = "hold" }, "signal"), nil, "a signal: not taken")
  T.eq(G.D[d].order, first, "it sticks to its first order")
  sheet.receive(G, men, { kind = "hold" }, "messenger")
  T.truthy(G.D[men].pending ~= nil, "others receive their orders")
  -- forgetting: the order crossed out as the order sheet does (LOSS OF ORDERS)
  G.turn = 2
  X.forced(G, { 1 }, function() G.period_start(G) end)
  T.eq(G.D[d].order, nil)
  T.eq(G.D[d].forgot, true)
end)

T.case("WRG 1973 APPENDIX IV TAME CROWS: messages for their master at light cavalry speed, past enemies on the ground", function()
  local messengers = X.rules.require("wrg.orders.messengers")
  local G, _, id = X.fight{ side1 = { X.unit("gen", "MI", 600, 300, 0, { general = "c_in_c", class = "A" }),
                                      X.unit("far", "MI", 1500, 300, 0), X.creature("crows", "tame_crows", 5, 300, 300, 0) },
                            side2 = { X.unit("foe", "HC", 1050, 380, 180, { weapons = { "lance" } }) } }
  local far = id(1, "far")
  local m = messengers.dictate(G, 1, { kind = "hold", units = { far } })
  T.truthy(m, "dictated")
  T.eq({ m.normal, m.charge, m.by_crows }, { 160, 240, true }, "light cavalry's moves, not the General's 60/80")
  -- two periods of flight cover the 900 mm (the enemy horse in the way rides down no crow)
  for t = 2, 4 do G.turn = t; messengers.ride_all(G) end
  T.eq(#X.events(G, "messenger_lost"), 0, "no crow ridden down")
  T.truthy(G.D[far].pending ~= nil, "delivered")
  local G2, _, id2 = X.fight{ side1 = { X.unit("gen", "MI", 600, 300, 0, { general = "c_in_c", class = "A" }),
                                        X.unit("far", "MI", 1500, 300, 0) } }
  local m2 = messengers.dictate(G2, 1, { kind = "hold", units = { id2(1, "far") } })
  T.eq({ m2.normal, m2.charge, m2.by_crows }, { 60, 80, nil }, "no crows: the General's riders")
end)
