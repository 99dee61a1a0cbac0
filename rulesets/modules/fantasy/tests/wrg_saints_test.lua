-- WRG 1973 APPENDIX IV SAINT, WARRIOR SAINT, MOSLEM SAINTS and HERO in the
-- WRG battle engine, each in a situation set up by hand.
local T = require("lib.testing")
local X = require("modules.fantasy.tests.fixtures")

local MM = X.MM

-- The terms of a reaction test the battle takes now (dice 4, 4, 4).
local function terms(G, uid)
  local out
  X.forced(G, { 4, 4, 4 }, function() out = X.turn.test(G, uid, "test") end)
  local by = {}
  for _, t in ipairs(out.terms or {}) do by[t.id] = t.after - t.before end
  return by, out
end

T.case("WRG 1973 APPENDIX IV SAINT: he does not have to take reaction tests", function()
  local G, _, id = X.fight{ side1 = { X.creature("st", "saint", 1, 600, 300, 0) } }
  local out
  X.forced(G, {}, function() out = X.turn.test(G, id(1, "st"), "first shot at") end)   -- no dice thrown
  T.eq(out.result, "carry_on")
end)

T.case("WRG 1973 APPENDIX IV SAINT: enemies within 100 paces are abashed, -1 to their reaction totals", function()
  local G, _, id = X.fight{ side1 = { X.creature("st", "saint", 1, 600, 300, 0) },
                            side2 = { X.unit("near", "MI", 600, 300 + 90 * MM + 40, 180), X.unit("far", "MI", 1400, 1000, 180) } }
  T.eq(terms(G, id(2, "near")).saint_abashes, -1, "within 100 paces")
  T.eq(terms(G, id(2, "far")).saint_abashes, nil, "beyond")
end)

T.case("WRG 1973 APPENDIX IV SAINT: he can walk on water", function()
  local G, _, id = X.fight{ side1 = { X.creature("st", "saint", 1, 600, 300, 0), X.unit("mi", "MI", 900, 300, 0) } }
  T.eq(X.turn.may_cross(G.D[id(1, "st")], 1000), true)
  T.eq(X.turn.may_cross(G.D[id(1, "mi")], 1000), false, "a river three times 30 paces wide stops others")
end)

T.case("WRG 1973 APPENDIX IV SAINT and WARRIOR SAINT: martyrs count 125 and 150 points at the end", function()
  local G, _, id = X.fight{ side1 = { X.creature("st", "saint", 1, 600, 300, 0), X.creature("ws", "warrior_saint", 1, 900, 300, 0) } }
  local before = X.victory.points_left(G, 1)
  T.eq(before, 100 + 125, "both alive: their own points")
  X.turn.take_casualties(G, id(1, "st"), 20)
  T.eq(X.victory.points_left(G, 1), 125 + 125, "a martyr: 125 instead of his 100")
  X.turn.take_casualties(G, id(1, "ws"), 20)
  T.eq(X.victory.points_left(G, 1), 125 + 150)
end)

T.case("WRG 1973 APPENDIX IV WARRIOR SAINT: super heavy cavalry with kontos, one figure that fights like a normal figure", function()
  local G, _, id = X.fight{ side1 = { X.creature("ws", "warrior_saint", 1, 600, 300, 0) } }
  local d = G.D[id(1, "ws")]
  T.eq(d.type, "SHC")
  T.eq(d.figures, 1)
  T.eq(X.troops.melee_rows(d, true), { "kontos" })
  T.eq(X.troops.target_column(d, true, false, true), "SHC")
end)

T.case("WRG 1973 APPENDIX IV WARRIOR SAINT: other troops within 150 paces +1 (a rash General near); a hero has no effect on them", function()
  local G, _, id = X.fight{ side1 = { X.creature("ws", "warrior_saint", 1, 600, 300, 0), X.unit("near", "MI", 600 + 120 * MM, 300, 0),
                                      X.creature("h", "hero", 1, 1500, 300, 0), X.unit("by_hero", "MI", 1500 - 120 * MM, 300, 0) } }
  T.eq(terms(G, id(1, "near")).warrior_saint_near, 1)
  T.eq(terms(G, id(1, "by_hero")).warrior_saint_near, nil)
end)

T.case("WRG 1973 APPENDIX IV WARRIOR SAINT and HERO: a unit they are with counts them as a rash General (+3)", function()
  local G, _, id = X.fight{ side1 = { X.creature("ws", "warrior_saint", 1, 600, 300, 0), X.unit("with", "MI", 600 + 60, 300, 0),
                                      X.unit("alone", "MI", 1200, 300, 0) } }
  T.eq(terms(G, id(1, "with")).rash_general, 3)
  T.eq(terms(G, id(1, "alone")).rash_general, nil)
end)

T.case("WRG 1973 APPENDIX IV MOSLEM SAINTS: +3 to their own side's reaction totals within 150 paces", function()
  local G, _, id = X.fight{ side1 = { X.creature("ms", "moslem_saint", 1, 600, 300, 0), X.unit("near", "MI", 600 + 140 * MM, 300, 0),
                                      X.unit("far", "MI", 600 + 170 * MM + 60, 300, 0) } }
  T.eq(terms(G, id(1, "near")).moslem_saint, 3)
  T.eq(terms(G, id(1, "far")).moslem_saint, nil)
end)

T.case("WRG 1973 APPENDIX IV MOSLEM SAINTS: the theological discussion, staves as two-handed axes, until a martyr", function()
  local G, lines, id = X.fight{ side1 = { X.creature("ms", "moslem_saint", 1, 600, 300, 0) },
                                side2 = { X.creature("cs", "saint", 1, 600, 300 + 80 * MM, 180) }, seed = 5 }
  local ms, cs = id(1, "ms"), id(2, "cs")
  X.play(G)
  T.truthy(#X.events(G, "fantasy", "theological_discussion") == 1, table.concat(lines, "\n"))
  T.eq(X.troops.melee_rows(G.D[ms], false), { "axe" })
  T.eq(X.troops.melee_rows(G.D[cs], false), { "axe" })
  local n = 1
  while not G.D[ms].gone and not G.D[cs].gone and n < 12 do X.play(G); n = n + 1 end
  T.truthy(G.D[ms].gone or G.D[cs].gone, "one is promoted to be a Martyr:\n" .. table.concat(lines, "\n"))
  local winner = G.D[ms].gone and cs or ms
  X.play(G)
  if (G.D[winner].carried or 0) > 0 then
    T.truthy(X.S.has(G.D[winner].fx, "praying"), "a wounded winner prays for the rest of the battle")
    T.truthy(X.S.flag(G.D[winner].fx, "no_move"))
  else
    T.eq(X.S.has(G.D[winner].fx, "praying"), false, "unwounded: free")
  end
end)

T.case("WRG 1973 APPENDIX IV HERO: the magic sword as a two-handed axe, unless a saint is near", function()
  local G, _, id = X.fight{ side1 = { X.creature("h", "hero", 1, 600, 300, 0) } }
  X.play(G)
  T.eq(X.troops.melee_rows(G.D[id(1, "h")], false), { "axe" })
  local G2, _, id2 = X.fight{ side1 = { X.creature("h", "hero", 1, 600, 300, 0) },
                              side2 = { X.creature("st", "saint", 1, 600 + 80 * MM, 300 + 40 * MM, 180) } }
  X.play(G2)
  T.eq(X.troops.melee_rows(G2.D[id2(1, "h")], false), { "cav_spear" }, "a saint of either persuasion within 100 paces")
end)

T.case("WRG 1973 APPENDIX IV HERO: vain, disorganised by another hero of his own side within 100 paces", function()
  local G, _, id = X.fight{ side1 = { X.creature("h1", "hero", 1, 600, 300, 0), X.creature("h2", "hero", 1, 600 + 80 * MM, 300, 0) } }
  local seen
  G.bf:on_time(function(_, t, phase) if t == 1 and phase == "orders" then seen = G.D[id(1, "h1")].disorganised end end)
  X.play(G)
  T.eq(seen, true)
  local G2, _, id2 = X.fight{ side1 = { X.creature("h1", "hero", 1, 600, 300, 0) },
                              side2 = { X.creature("h2", "hero", 1, 600 + 80 * MM, 300, 0) } }
  local seen2
  G2.bf:on_time(function(_, t, phase) if t == 1 and phase == "orders" then seen2 = G2.D[id2(1, "h1")].disorganised end end)
  X.play(G2)
  T.eq(seen2, false, "an enemy hero does not count")
  local G3, _, id3 = X.fight{ side1 = { X.creature("h1", "hero", 1, 600, 300, 0, { set = { blood_brothers = true } }),
                                        X.creature("h2", "hero", 1, 600 + 80 * MM, 300, 0) } }
  local seen3
  G3.bf:on_time(function(_, t, phase) if t == 1 and phase == "orders" then seen3 = G3.D[id3(1, "h1")].disorganised end end)
  X.play(G3)
  T.truthy(G3.D[id3(1, "h1")].traits.hero, "(still a hero)")
  T.eq(seen3, false, "blood brothers")
  -- in an army list: blood_brothers = true on the hero's unit
  local armies = require("wrg.armies")
  local army = armies.load_text([[
return army {
  name = "Heroes",
  units = {
    unit { id = "boss", type = "HC", class = "B", regular = false, weapons = { "lance" }, figures = 8, general = "c_in_c" },
    unit { id = "h", creature = "hero", figures = 1, blood_brothers = true },
  },
}]], "armies/wrg/t.lua")
  T.eq(armies.check(army), {})
  T.eq(armies.units(army)[2].blood_brothers, true)
end)

T.case("WRG 1973 APPENDIX IV HERO: operating alone, plus 3 for his own reaction", function()
  local G, _, id = X.fight{ side1 = { X.creature("h", "hero", 1, 600, 300, 0) } }
  T.eq(terms(G, id(1, "h")).hero_alone, 3)
  local G2, _, id2 = X.fight{ side1 = { X.creature("h", "hero", 1, 600, 300, 0), X.unit("u", "HC", 600 + 60, 300, 0, { weapons = { "lance" } }) } }
  T.eq(terms(G2, id2(1, "h")).hero_alone, nil, "with a unit")
end)

T.case("WRG 1973 APPENDIX IV WARRIOR SAINT and HERO: the unit they are with disregards a minus melee random factor (a rash General in its front rank)", function()
  local G, _, id = X.fight{ side1 = { X.creature("h", "hero", 1, 600, 300, 0), X.unit("with", "MI", 600 + 60, 300, 0),
                                      X.unit("alone", "MI", 1200, 300, 0) } }
  G.period_start(G)
  local with, alone = G.D[id(1, "with")], G.D[id(1, "alone")]
  T.eq(with.fx_rash_general, true)
  T.eq(alone.fx_rash_general, nil)
  T.eq(X.chance.melee_value(with, 5, 2, false), 0, "minus 3 disregarded")
  T.eq(X.chance.melee_value(alone, 5, 2, false), -3)
  T.eq(X.chance.melee_value(with, 2, 5, false), 3, "a plus counts")
end)

T.case("WRG 1973 APPENDIX IV MOSLEM SAINTS: staves as two-handed axes only in the absence of other weapons (a warrior saint keeps his kontos)", function()
  local G, _, id = X.fight{ side1 = { X.creature("ms", "moslem_saint", 1, 600, 300, 0) },
                            side2 = { X.creature("ws", "warrior_saint", 1, 600, 300 + 80 * MM, 180) } }
  G.period_start(G)
  T.eq(#X.events(G, "fantasy", "theological_discussion"), 1)
  T.eq(X.troops.melee_rows(G.D[id(1, "ms")], true), { "axe" })
  T.eq(X.troops.melee_rows(G.D[id(2, "ws")], true), { "kontos" })
end)
