-- WRG 1973 APPENDIX IV MAGICIANS in the WRG battle engine: each of the
-- twelve spells cast in a situation set up by hand (modules.fantasy.wrg.spells
-- with the spell dice forced: minus 3, plus 3 leaves the number as named),
-- then the period played where the spell's effect is on the table.
local T = require("lib.testing")
local X = require("modules.fantasy.tests.fixtures")

local MM = X.MM
local SAME = { 3, 3 }   -- minus and plus dice equal: the spell named comes up

local function mage(x, y, f) return X.creature("mage", "magician", 1, x or 600, y or 300, f or 0) end

-- A magician of side 1 at (600, 300) and an enemy unit 60 paces north.
local function setup(target, extra)
  local foe = target or X.unit("foe", "MI", 600, 300 + 60 * MM + 60, 180, { figures = 12, ranks = 2 })
  local side1 = { mage() }
  for _, u in ipairs(extra and extra.side1 or {}) do side1[#side1 + 1] = u end
  local side2 = { foe }
  for _, u in ipairs(extra and extra.side2 or {}) do side2[#side2 + 1] = u end
  local G, lines, id = X.fight{ side1 = side1, side2 = side2, cmd1 = extra and extra.cmd1, cmd2 = extra and extra.cmd2 }
  return G, lines, id(1, "mage"), id(2, foe.id), id
end

local function cast(G, m, spell, target, more)
  local r
  local values = { SAME[1], SAME[2] }
  for _, v in ipairs(more or {}) do values[#values + 1] = v end
  X.forced(G, values, function() r = X.spells.cast(G, m, { spell = spell, target = target }) end)
  return r
end

-- Casts in the next period's start, as the battle does ("before movement
-- commences"), and plays that period.
local function cast_and_play(G, m, spell, target, more)
  local start = G.period_start
  local r
  G.period_start = function(G2) start(G2); r = cast(G2, m, spell, target, more) end
  X.play(G)
  G.period_start = start
  return r
end

T.case("WRG 1973 APPENDIX IV MAGICIANS spell 1: the magician vanishes and does not return", function()
  local G, _, m = setup()
  cast(G, m, 1)
  T.truthy(G.D[m].gone, "gone")
  T.truthy(G.bf:unit(m).removed, "off the table")
end)

T.case("WRG 1973 APPENDIX IV MAGICIANS spell 2: flies in a straight line within 100 paces; crashes through a zone of sanctity", function()
  local G, _, m = setup()
  local x0, y0 = G.bf:pos(m)
  X.forced(G, SAME, function() X.spells.cast(G, m, { spell = 2, x = x0 + 80 * MM, y = y0 }) end)
  local x1, y1 = G.bf:pos(m)
  T.near(x1 - x0, 80 * MM, 0.01, "80 paces east")
  T.near(y1, y0, 0.01)
  T.truthy(X.S.has(G.D[m].fx, "resting"), "spell 2: rests")
  -- a saint (of either side) 60 paces off the line: the path crosses his zone
  local G2, _, m2 = setup(nil, { side2 = { X.creature("st", "saint", 1, 600 + 40 * MM, 300 - 60 * MM, 0) } })
  X.forced(G2, SAME, function() X.spells.cast(G2, m2, { spell = 2, x = x0 + 80 * MM, y = y0 }) end)
  T.truthy(G2.D[m2].gone and G2.D[m2].gone:find("crashed", 1, true), "crashed: " .. tostring(G2.D[m2].gone))
  -- more than 100 paces: he stops at 100
  local G3, _, m3 = setup()
  X.forced(G3, SAME, function() X.spells.cast(G3, m3, { spell = 2, x = x0 + 300 * MM, y = y0 }) end)
  T.near(G3.bf:pos(m3) - x0, 100 * MM, 0.01, "no further than 100 paces")
end)

T.case("WRG 1973 APPENDIX IV MAGICIANS spell 3: stone for 2 periods, cannot move or fight, damaged only by giants, trolls, stone-throwers", function()
  local wants = function() return { bearing = 180, distance = 60, advancing = true } end
  local G, _, m, foe = setup(nil, { cmd2 = X.commander{ move = wants } })
  local x0, y0 = G.bf:pos(foe)
  cast_and_play(G, m, 3, foe)       -- the first period of stone
  X.play(G)                         -- the second
  local x1, y1 = G.bf:pos(foe)
  T.near(x1, x0, 1e-6); T.near(y1, y0, 1e-6, "cannot move in either period")
  T.truthy(G.no_strike(G, foe), "cannot fight")
  T.eq(G.blow_lands(G, m, foe, 7), 0, "a magician's blows do nothing")
  local _, n = G.shot_lands(G, m, foe, 5)
  T.eq(n, 0, "nor missiles")
  G.D[m].traits.breaks_stone = true
  T.eq(G.blow_lands(G, m, foe, 7), 7, "a giant or troll damages stone")
  G.D[m].traits.breaks_stone = nil
  X.play(G)
  T.eq(X.S.has(G.D[foe].fx, "petrified"), false, "the third period: stone no longer")
  local x2, y2 = G.bf:pos(foe)
  T.truthy(math.abs(x2 - x1) + math.abs(y2 - y1) > 1, "and it moves")
end)

T.case("WRG 1973 APPENDIX IV MAGICIANS spell 4: invisible 3 periods, cannot be shot at, blows count disorganised", function()
  local archers = X.unit("bows", "LI", 600 + 200, 300 + 60 * MM + 60, 180, { weapons = { "bow" }, figures = 8, ranks = 1 })
  local G, _, m, foe, id = setup(X.unit("foe", "MI", 600, 300 + 60 * MM + 60, 180), { side1 = { X.unit("ally", "MI", 600 + 200, 300, 0, {}) } })
  local _ = archers
  cast(G, m, 4, foe)
  T.truthy(G.untargetable(G, foe), "cannot be shot at")
  T.eq(G.blow_lands(G, m, foe, 9), 4, "blows against it count disorganised: half, rounded down")
  -- side 1's archers in range of the invisible unit do not shoot at it
  local G2, _, m2, foe2, id2 = setup(nil, { side1 = { X.unit("bows", "LI", 700, 300, 0, { weapons = { "bow" }, figures = 8, ranks = 1 }) } })
  cast(G2, m2, 4, foe2)
  X.play(G2)
  for _, e in ipairs(X.events(G2, "shoot")) do T.truthy(e.target ~= foe2, "no shot at the invisible unit") end
  T.truthy(X.S.has(G2.D[m2].fx, "resting"), "spell 4: rests")
  local _, _ = id, id2
end)

T.case("WRG 1973 APPENDIX IV MAGICIANS spells 5 and 6: an immediate reaction test adding or deducting 3", function()
  local function score(spell)
    local G, _, m, foe = setup()
    local out
    -- the reaction test's three dice after the spell's two
    cast(G, m, spell, foe, { 4, 4, 4 })
    for _, e in ipairs(G.bf:events()) do if e.kind == "reaction" and e.unit == foe then out = e end end
    return out
  end
  local up, down = score(5), score(6)
  T.truthy(up and down, "both tested at once")
  T.eq(up.natural, 12); T.eq(down.natural, 12)
  T.eq(up.score - down.score, 6, "+3 against -3")
  T.truthy(up.why == "spell 5" and down.why == "spell 6")
end)

T.case("WRG 1973 APPENDIX IV MAGICIANS spell 7: arrows to or from the target reverse and hit the shooters", function()
  local G, _, m, foe = setup(X.unit("foe", "LI", 600, 300 + 60 * MM + 60, 180, { weapons = { "bow" }, figures = 8, ranks = 1 }))
  cast_and_play(G, m, 7, foe)
  local shots = X.events(G, "shoot")
  T.truthy(#shots > 0, "the archers shot")
  for _, e in ipairs(shots) do
    if e.unit == foe then T.eq(e.target, foe, "its own arrows come back at it") end
  end
  T.truthy(#X.events(G, "fantasy", "missiles_reversed") > 0)
  T.truthy(X.S.has(G.D[m].fx, "resting"), "spell 7: rests")
end)

T.case("WRG 1973 APPENDIX IV MAGICIANS spell 8: the target fights among itself for one period", function()
  local wants = function() return { bearing = 180, distance = 60, advancing = true } end
  local G, _, m, foe = setup(nil, { cmd2 = X.commander{ move = wants } })
  local before = G.D[foe].figures
  local x0, y0 = G.bf:pos(foe)
  -- its own blow: minus 2, plus 5 (a regular's probability dice)
  cast_and_play(G, m, 8, foe, { 2, 5 })
  local brawl = X.events(G, "fantasy", "brawl")[1]
  T.truthy(brawl and brawl.casualties > 0, "it strikes itself")
  T.truthy(G.D[foe].figures < before or G.D[foe].carried > 0, "and takes the casualties")
  local x1, y1 = G.bf:pos(foe)
  T.near(x1, x0, 1e-6); T.near(y1, y0, 1e-6, "it does not move that period")
  X.play(G)
  T.eq(X.S.has(G.D[foe].fx, "brawling"), false, "one period only")
  local x2, y2 = G.bf:pos(foe)
  T.truthy(math.abs(x2 - x1) + math.abs(y2 - y1) > 1, "it moves again the period after")
end)

T.case("WRG 1973 APPENDIX IV MAGICIANS spell 9: a frog for 3 periods without magic; a man again near a saint", function()
  local G, _, m = setup()
  cast_and_play(G, m, 9)
  T.eq(X.spells.may_cast(G, m), false, "no magical powers")
  X.play(G); X.play(G)
  T.eq(X.spells.may_cast(G, m), false, "still a frog in the third period")
  X.play(G)
  T.eq(X.spells.may_cast(G, m), true, "a man again in the fourth")
  local G2, _, m2 = setup(nil, { side1 = { X.creature("st", "saint", 1, 600 + 60 * MM, 300, 0) } })
  cast(G2, m2, 9)
  X.play(G2)
  T.truthy(G2.D[m2].fx_man_again, "recovers shape with a saint within 100 paces")
  G2.bf:place(G2.by_id[1].st, 100, 100, 0)
  X.play(G2)
  T.eq(G2.D[m2].fx_man_again, nil, "a frog again when the saint is gone")
end)

T.case("WRG 1973 APPENDIX IV MAGICIANS spell 10: beasts vanish, a hostile magician becomes a frog, others sneeze", function()
  local G, _, m, beast = setup(X.creature("troll", "troll", 6, 600, 300 + 60 * MM + 60, 180))
  cast(G, m, 10, beast)
  T.truthy(G.D[beast].gone, "the mythical beast is gone")
  T.truthy(X.S.has(G.D[m].fx, "resting"), "spell 10: rests")
  local G2, _, m2, wiz = setup(X.creature("wiz", "black_magician", 1, 600, 300 + 60 * MM + 60, 180))
  cast(G2, m2, 10, wiz)
  T.truthy(X.S.has(G2.D[wiz].fx, "frog"), "the hostile magician is a frog")
  local G3, _, m3, foe = setup()
  cast(G3, m3, 10, foe)
  T.truthy(X.S.has(G3.D[foe].fx, "sneezing") and G3.D[foe].disorganised, "others sneeze, disorganised")
end)

T.case("WRG 1973 APPENDIX IV MAGICIANS spell 11: orders forgotten; no fresh order understood for two periods", function()
  local sheet = X.rules.require("wrg.orders.sheet")
  local G, _, m, foe = setup()
  cast_and_play(G, m, 11, foe)
  T.eq(G.D[foe].order, nil, "forgotten (crossed out): 'no orders' reaction tests (chart 2)")
  sheet.receive(G, foe, { kind = "hold" }, "messenger")
  T.eq(G.D[foe].pending, nil, "a messenger's order is not understood")
  T.eq(sheet.enter(G, foe, { kind = "hold" }, "signal"), nil, "nor a signal obeyed")
  X.play(G)
  sheet.receive(G, foe, { kind = "hold" }, "messenger")
  T.eq(G.D[foe].pending, nil, "still not in the second period")
  X.play(G)
  sheet.receive(G, foe, { kind = "hold" }, "messenger")
  T.truthy(G.D[foe].pending ~= nil, "the third period: an order is received again")
end)

T.case("WRG 1973 APPENDIX IV MAGICIANS spell 12: moves as if climbing a steep hill for 2 periods", function()
  local G, _, m, foe = setup()
  local normal = G.D[foe].moves[1]
  cast_and_play(G, m, 12, foe)
  T.eq(G.D[foe].moves[1], normal / 2, "infantry: twice the distance, half the move")
  X.play(G)
  T.eq(G.D[foe].moves[1], normal / 2, "the second period")
  X.play(G)
  T.eq(G.D[foe].moves[1], normal, "after 2 periods")
end)

T.case("WRG 1973 APPENDIX IV MAGICIANS: resting a period after spells 2, 4, 7, 10 and 11", function()
  for _, n in ipairs({ 4, 7, 11 }) do
    local G, _, m, foe = setup(nil, { cmd1 = X.commander{ cast = function() return nil end } })
    cast_and_play(G, m, n, foe)
    X.play(G)
    T.eq(X.spells.may_cast(G, m), false, "spell " .. n .. ": not in the next period")
    X.play(G)
    T.eq(X.spells.may_cast(G, m), true, "spell " .. n .. ": again the period after")
  end
  local G, _, m, foe = setup()
  cast_and_play(G, m, 3, foe)
  X.play(G)
  T.eq(X.spells.may_cast(G, m), true, "spell 3 needs no rest")
end)

T.case("WRG 1973 APPENDIX IV SAINT: no spells will work within 100 paces of him", function()
  local G, _, m = setup(nil, { side2 = { X.creature("st", "saint", 1, 600 - 80 * MM, 300, 0) } })
  T.eq(X.spells.may_cast(G, m), false, "the magician stands in the zone of sanctity")
  local G2, _, m2, foe2 = setup(nil, { side2 = { X.creature("st", "saint", 1, 600 + 100, 300 + 60 * MM + 60, 180) } })
  T.eq(X.spells.may_cast(G2, m2), false, "the caster is within 100 paces of the saint beside his target")
  local G3, _, m3, foe3 = setup(nil, { side2 = { X.creature("st", "saint", 1, 600 + 80 * MM, 300 + 60 * MM + 60 + 60 * MM, 180) } })
  T.eq(X.spells.may_cast(G3, m3), true, "caster out of the zone")
  cast(G3, m3, 3, foe3)
  T.eq(X.S.has(G3.D[foe3].fx, "petrified"), false, "the target in the zone: the spell does not work")
  local _ = foe2
end)

T.case("WRG 1973 APPENDIX IV MAGICIANS: a number modified below 1 names no spell", function()
  local G, _, m = setup()
  local r
  X.forced(G, { 4, 2 }, function() r = X.spells.cast(G, m, { spell = 1 }) end)
  T.eq(r.spell, nil)
  T.eq(G.D[m].gone, nil, "nothing happens")
end)

T.case("WRG 1973 APPENDIX IV MAGICIANS: the default magician's choice (10, 6, 7, 12, 3), cast in the period's start", function()
  local G, _, m, beast = setup(X.creature("troll", "troll", 6, 600, 300 + 60 * MM + 60, 180))
  T.eq(X.spells.choose(G, m), { spell = 10, target = beast })
  local G2, _, m2, foe = setup()
  T.eq(X.spells.choose(G2, m2), { spell = 3, target = foe })
  local G3, _, m3 = setup(X.unit("foe", "MI", 600, 300 + 150 * MM, 180))
  T.eq(X.spells.choose(G3, m3), nil, "nothing within 100 paces")
  local G4, _, m4, bows = setup(X.unit("bows", "LI", 600, 300 + 60 * MM + 60, 180, { weapons = { "bow" } }))
  T.eq(X.spells.choose(G4, m4), { spell = 7, target = bows }, "archers: their arrows reversed")
  G4.D[bows].advancing = true
  T.eq(X.spells.choose(G4, m4), { spell = 7, target = bows }, "shooting comes before advancing")
  G4.D[bows].in_melee = true
  T.eq(X.spells.choose(G4, m4), { spell = 6, target = bows }, "fighting hand-to-hand: a test at -3")
  local G5, _, m5, adv = setup()
  G5.D[adv].advancing = true
  T.eq(X.spells.choose(G5, m5), { spell = 12, target = adv }, "advancing: as up a steep hill")
  -- a commander without its own choice: the battle casts the default's
  -- spell at the start of period 1
  G2.sides[1].commander.cast = nil
  X.play(G2)
  local ev = X.events(G2, "spell")[1]
  T.truthy(ev and ev.turn == 1 and ev.nominated == 3 and ev.target == foe, "spell 3 cast at the foe in period 1")
end)

T.case("WRG 1973 APPENDIX IV MAGICIANS spell 12: the target's move in the period is half its normal move", function()
  local wants = function() return { bearing = 180, distance = 60, advancing = true } end
  local G, _, m, foe = setup(nil, { cmd2 = X.commander{ move = wants } })
  local _, y0 = G.bf:pos(foe)
  cast_and_play(G, m, 12, foe)
  local _, y1 = G.bf:pos(foe)
  T.near(y0 - y1, 30 * MM, 0.01, "30 paces of its 60")
end)

T.case("WRG 1973 APPENDIX IV MAGICIANS: a target more than 100 paces off cannot be nominated", function()
  local G, _, m, foe = setup(X.unit("foe", "MI", 600, 300 + 150 * MM, 180))
  local r
  X.forced(G, {}, function() r = X.spells.cast(G, m, { spell = 3, target = foe }) end)   -- no dice thrown
  T.eq(r, nil)
  T.eq(X.S.has(G.D[foe].fx, "petrified"), false)
end)
