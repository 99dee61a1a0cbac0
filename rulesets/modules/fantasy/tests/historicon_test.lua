-- The fantasy module in Historicon v2 (option `fantasy`, our adaptation of
-- WRG 1973 Appendix IV: rulesets/modules/fantasy/historicon/battle.lua),
-- each entry in a situation set up by hand and played through Historicon's
-- real engine (historicon.battle.skirmish on an instance loaded with the
-- option; the turn's phases as the battle plays them), dice forced where a
-- roll decides. Distances: 1 mm a pace at 25mm (100 paces = 10 cm).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")
local lreferee = require("lib.referee")
local S = require("modules.fantasy.states")
local F = require("modules.fantasy.flying")
local Hb = require("modules.fantasy.adapted.battle")
local spells = require("modules.fantasy.adapted.spells")
local saints = require("modules.fantasy.adapted.saints")
local beasts = require("modules.fantasy.adapted.beasts")
local A = require("modules.fantasy.historicon.battle")
local pack = require("modules.fantasy.historicon.army").index

local rules = ruleset.load("historicon", { options = { "fantasy" } })
local R = rules.require
local battle, turn = R("historicon.battle"), R("historicon.turn")
local integrity, shooting = R("historicon.integrity"), R("historicon.shooting")
local host = A.host(rules)

local SAME = { 3, 3 }   -- minus and plus dice equal: the spell named comes up

-- A commander that does nothing (and casts nothing) unless told.
local function commander(t)
  local c = {
    forms = function() return {} end, move_order = function() return {} end, move = function() return nil end,
    evade = function() return false end, shoot_target = function(_, _, ts) return ts[1] end,
    follow_up = function() return true end, pursue = function() return true end, break_off = function() return false end,
    cast = function() return nil end,
  }
  for k, v in pairs(t or {}) do c[k] = v end
  return c
end

-- Units at (x, y) cm; a creature of the pack carries its traits.
local function unit(id, troop, figures, ranks, x, y, f)
  return { id = id, troop = troop, figures = figures, ranks = ranks, at = { x, y, f } }
end
local function creature(id, c, figures, ranks, x, y, f)
  local decl = pack[c]
  local u = unit(id, decl.counts_as.troop, figures, ranks, x, y, f)
  u.name, u.set = decl.name, Hb.attach({}, decl)
  return u
end

local function field(side1, side2, opts)
  opts = opts or {}
  local lines = {}
  local G = battle.skirmish{ dice = opts.dice or dice.random(1), log = true, options = { fantasy = true },
    report = function(l) lines[#lines + 1] = l end,
    sides = { { units = side1, commander = opts.cmd1 or commander() },
              { units = side2, commander = opts.cmd2 or commander() } } }
  if opts.referee then lreferee.watch({ referee = lreferee.new{ checks = R("historicon.referee") } }, G) end
  Hb.start(G, host)
  return G, lines, function(s, n) return G.by_id[s][n] end
end

local function forced(G, values, fn)
  local before = G.dice
  G.dice = dice.forced(values)
  local ok, err = pcall(fn)
  G.dice = before
  if not ok then error(err, 0) end
end

local function cast(G, m, spell, target, more)
  local values = { SAME[1], SAME[2] }
  for _, v in ipairs(more or {}) do values[#values + 1] = v end
  local r
  forced(G, values, function() r = spells.cast(G, m, { spell = spell, target = target }) end)
  return r
end

local function events(G, kind, unit_id)
  local out = {}
  for _, e in ipairs(G.bf:events()) do
    if e.kind == kind and (unit_id == nil or e.unit == unit_id) then out[#out + 1] = e end
  end
  return out
end

local CM = 10
local function falsy(v, what) T.truthy(not v, what) end

T.case("Historicon fantasy: DRAGONS fly 200 paces over units, then land within charge reach (WRG 1973 APPENDIX IV DRAGONS)", function()
  local G, _, id = field(
    { creature("dragon", "dragon", 16, 2, 90, 10, 0), unit("guard", "ARA HIN", 16, 2, 90, 22, 0) },
    { unit("foe", "ARA HIN", 16, 2, 90, 55, 180) }, { referee = true })
  local dr, foe = id(1, "dragon"), id(2, "foe")
  T.eq(G.bf:unit(dr).layer, 1, "a flyer starts in the air")
  local d0 = G.bf:distance(dr, foe)
  T.truthy(d0 > 330 and d0 < 420, "the enemy is beyond one flight and a charge, within two: " .. d0)
  local _, y0 = G.bf:pos(dr)
  turn.phase3(G)
  local _, y1 = G.bf:pos(dr)
  T.near(y1 - y0, 20 * CM, 0.01, "200 paces: 20 cm, over the friendly unit in its way")
  T.eq(G.bf:unit(dr).layer, 1, "still in the air: the enemy is beyond its charge reach")
  G.turn = 2
  turn.phase3(G)
  T.near(G.bf:distance(dr, foe), 2 * CM, 0.01, "stops 20 paces short of the enemy")
  T.eq(G.bf:unit(dr).layer, 0, "lands: the enemy is within its 10 cm move")
  falsy(F.airborne(G.D[dr]))
  -- next move, landed and in reach: the commander moves it on the ground
  T.eq(Hb.own_move(G, dr), false, "a landed dragon charges as Historicon's knights do")
end)

T.case("Historicon fantasy: a flyer in the air touches no unit below it (DRAGONS: they must land before charging into melee)", function()
  local G, _, id = field({ creature("dragon", "dragon", 16, 2, 90, 50, 0) }, { unit("foe", "ARA HIN", 16, 2, 90, 50, 180) })
  local dr, foe = id(1, "dragon"), id(2, "foe")
  T.truthy(#G.bf:query{ of = dr, within = 0, enemy = true } > 0, "the bases overlap")
  T.eq(turn.contacts(G, dr), {}, "the dragon above is in contact with nobody")
  T.eq(turn.contacts(G, foe), {}, "nor is the unit below it")
  turn.phase5(G)
  T.eq(#events(G, "melee"), 0, "no melee")
end)

T.case("Historicon fantasy: DRAGONS flame at 40 paces as 5 figures, from the air", function()
  local G, _, id = field({ creature("dragon", "dragon", 16, 2, 90, 50, 0) }, { unit("near", "GIF LI", 16, 2, 90, 58, 180) })
  T.eq(shooting.range(G.D[id(1, "dragon")], "25mm"), 4, "40 paces: 4 cm")
  T.eq(shooting.basic_dice(G.D[id(1, "dragon")], {}), 5, "as 5 figures: 5 dice")
  turn.phase4(G)
  local shots = events(G, "shoot", id(1, "dragon"))
  T.eq(#shots, 1, "it flames the unit within 4 cm")
  local H, _, hid = field({ creature("dragon", "dragon", 16, 2, 90, 50, 0) }, { unit("far", "GIF LI", 16, 2, 90, 64, 180) })
  turn.phase4(H)
  T.eq(#events(H, "shoot", hid(1, "dragon")), 0, "not at a unit beyond 40 paces")
end)

T.case("Historicon fantasy: TAME CROWS fly at light cavalry speed and hover 5 paces short (WRG 1973 APPENDIX IV TAME CROWS)", function()
  local G, _, id = field({ creature("crows", "crows", 16, 1, 90, 10, 0) }, { unit("foe", "ARA HIN", 16, 2, 90, 40, 180) })
  local cr, foe = id(1, "crows"), id(2, "foe")
  local _, y0 = G.bf:pos(cr)
  turn.phase3(G)
  local _, y1 = G.bf:pos(cr)
  T.near(y1 - y0, 16 * CM, 0.01, "160 paces: 16 cm")
  G.turn = 2
  turn.phase3(G)
  T.near(G.bf:distance(cr, foe), 0.5 * CM, 0.01, "5 paces short")
  T.eq(G.bf:unit(cr).layer, 1, "crows stay aloft")
end)

T.case("Historicon fantasy: SAINT takes no integrity tests; enemies within 100 paces -1 (WRG 1973 APPENDIX IV SAINT)", function()
  local G, _, id = field({ creature("saint", "saint", 8, 2, 90, 50, 0) }, { unit("foe", "ARA HIN", 16, 2, 90, 62, 180),
    unit("far", "ARA HIN", 16, 2, 30, 62, 180) })
  local st = id(1, "saint")
  forced(G, {}, function() T.eq(turn.test(G, st, { "becomes_disordered" }, {}), "pass", "no dice thrown") end)
  T.eq(#events(G, "integrity", st), 0)
  saints.period(G)
  T.truthy(G.D[id(2, "foe")].fx_abashed, "an enemy 7 cm (70 paces) away")
  falsy(G.D[id(2, "far")].fx_abashed, "an enemy beyond 100 paces")
  local out = integrity.test(G.D[id(2, "foe")], { reason = "x" }, dice.forced({ 4, 4 }), true)
  local found
  for _, t in ipairs(out.terms) do if t.id == "fantasy_saint_abashes" then found = t.after - t.before end end
  T.eq(found, -1)
end)

T.case("Historicon fantasy: zone of sanctity -- no spells within 100 paces of a saint; unnatural beasts keep out (SAINT)", function()
  local G, _, id = field({ creature("mage", "magician", 8, 2, 90, 40, 0) },
    { unit("foe", "ARA HIN", 16, 2, 90, 50, 180), creature("saint", "saint", 8, 2, 100, 58, 180) })
  local m, foe = id(1, "mage"), id(2, "foe")
  cast(G, m, 3, foe)
  falsy(S.has(G.D[foe].fx, "petrified"), "the target stands in the zone: no spell works")
  local H, _, hid = field({ creature("mage", "magician", 8, 2, 90, 40, 0), creature("saint", "saint", 8, 2, 100, 40, 0) },
    { unit("foe", "ARA HIN", 16, 2, 90, 50, 180) })
  falsy(spells.may_cast(H, hid(1, "mage")), "a magician in the zone (a saint of his own side) cannot cast")
  -- a dragon flying at an enemy beyond a saint stops at the zone's edge
  local J, _, jid = field({ creature("dragon", "dragon", 16, 2, 90, 10, 0) },
    { creature("saint", "saint", 8, 2, 90, 45, 180), unit("foe", "ARA HIN", 16, 2, 40, 100, 180) })
  local dr, stn = jid(1, "dragon"), jid(2, "saint")
  turn.phase3(J)
  T.truthy(J.bf:distance(dr, stn) > 100 - 1, "the dragon keeps 100 paces from the saint: " .. J.bf:distance(dr, stn))
end)

T.case("Historicon fantasy: ELVES disordered by a saint within 100 paces; shooting always plus (WRG 1973 APPENDIX IV ELVES)", function()
  local G, _, id = field({ creature("elves", "elf_archer", 16, 2, 90, 40, 0), creature("saint", "saint", 8, 2, 110, 40, 0) },
    { unit("foe", "ARA HIN", 16, 2, 90, 52, 180) })
  local el = id(1, "elves")
  falsy(G.D[el].disordered)
  Hb.period_start(G)
  T.truthy(G.D[el].disordered, "a saint (of their own side) within 100 paces")
  local foe = G.D[id(2, "foe")]
  local plain = shooting.pool({ class = "LI", figures = 16, ranks = 2, formed = true, grade = "A" }, foe, {}).dice
  local elvish = shooting.pool({ class = "LI", figures = 16, ranks = 2, formed = true, grade = "A",
                                 traits = { warped_probability = true } }, foe, {}).dice
  T.eq(elvish - plain, 2, "+1 die per 4 of the 8 front-rank figures")
end)

T.case("Historicon fantasy: MAGICIANS spell 3 stone 2 periods -- no move, no shooting, no damage but from trolls and giants", function()
  local mover = commander{ move = function() return { advance = 100 } end }
  local G, _, id = field({ creature("mage", "magician", 8, 2, 90, 40, 0), creature("giants", "giant", 16, 2, 130, 40, 0) },
    { unit("foe", "ARA LI", 16, 2, 90, 50, 180) }, { cmd2 = mover })
  local m, foe = id(1, "mage"), id(2, "foe")
  cast(G, m, 3, foe)
  T.eq(G.D[foe].fx.petrified, 2)
  local x, y = G.bf:pos(foe)
  turn.phase3(G)
  local x2, y2 = G.bf:pos(foe)
  T.eq({ x2, y2 }, { x, y }, "it cannot move")
  T.truthy(G.no_shoot(G, foe), "it cannot shoot")
  T.eq(select(2, G.shot_lands(G, m, foe, 4)), 0, "a magician's unit does it no damage")
  T.eq(select(2, G.shot_lands(G, id(1, "giants"), foe, 4)), 4, "giants' boulders do")
  T.eq(G.blow_lands(G, m, foe, 3), 0)
  Hb.period_start(G); Hb.period_start(G)
  falsy(S.has(G.D[foe].fx, "petrified"), "ends after 2 periods")
end)

T.case("Historicon fantasy: MAGICIANS spell 4 invisible -- cannot be shot at, blows halved", function()
  local G, _, id = field({ creature("mage", "magician", 8, 2, 90, 40, 0), unit("bows", "ARA LI", 16, 2, 75, 40, 0) },
    { unit("foe", "ARA HIN", 16, 2, 85, 48, 180) })
  local m, foe = id(1, "mage"), id(2, "foe")
  cast(G, m, 4, foe)
  turn.phase4(G)
  T.eq(#events(G, "shoot", id(1, "bows")), 0, "not a target")
  T.eq(G.blow_lands(G, id(1, "bows"), foe, 5), 2, "5 blows count as 2")
  local H, _, hid = field({ unit("bows", "ARA LI", 16, 2, 75, 40, 0) }, { unit("foe", "ARA HIN", 16, 2, 85, 48, 180) })
  turn.phase4(H)
  T.eq(#events(H, "shoot", hid(1, "bows")), 1, "without the spell it is shot at")
end)

T.case("Historicon fantasy: MAGICIANS spells 5 and 6 -- an immediate integrity test +3 / -3", function()
  local SIXES = { 6, 6, 6, 6, 6, 6, 6, 6, 6, 6 }
  local function score(spell)
    local G, _, id = field({ creature("mage", "magician", 8, 2, 90, 40, 0) }, { unit("foe", "ARA HIN", 16, 2, 90, 48, 180) })
    local m, foe = id(1, "mage"), id(2, "foe")
    local more = { 4, 4 }
    for _, v in ipairs(SIXES) do more[#more + 1] = v end
    if spell then cast(G, m, spell, foe, more)
    else forced(G, more, function() turn.test(G, foe, { "fantasy_plain" }, {}) end) end
    local ev = events(G, "integrity", foe)
    T.eq(#ev, 1, "one test")
    return ev[1].score
  end
  local plain = score(nil)
  T.eq(score(6), plain - 3, "spell 6: -3")
  T.eq(score(5), plain + 3, "spell 5: +3")
end)

T.case("Historicon fantasy: MAGICIANS spell 7 -- missiles to or from the target hit the shooter", function()
  local G, _, id = field({ creature("mage", "magician", 8, 2, 90, 40, 0), unit("bows", "ARA LI", 16, 2, 75, 40, 0) },
    { unit("foe", "ARA HIN", 16, 2, 85, 48, 180) })
  local m, foe, bows = id(1, "mage"), id(2, "foe"), id(1, "bows")
  cast(G, m, 7, foe)
  forced(G, { 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6 }, function() turn.phase4(G) end)
  T.truthy(G.D[bows].hits > 0, "the archers are hit by their own arrows")
  T.eq(G.D[foe].hits, 0, "the target is not")
end)

T.case("Historicon fantasy: MAGICIANS spell 10 -- a mythical beast vanishes (a broken unit's victory points), others disordered", function()
  local G, _, id = field({ creature("mage", "magician", 8, 2, 90, 40, 0) },
    { creature("trolls", "troll", 16, 2, 90, 50, 180), unit("men", "ARA HIN", 16, 2, 20, 100, 180) })
  local m, tr, men = id(1, "mage"), id(2, "trolls"), id(2, "men")
  local vp = G.sides[2].vp
  cast(G, m, 10, tr)
  T.truthy(G.D[tr].gone, "gone in a puff of blue smoke")
  T.truthy(G.sides[2].vp < vp, "deducted as a broken unit")
  Hb.period_start(G); Hb.period_start(G)   -- he rests a period after spell 10
  G.bf:place(men, 900, 500, 180)
  cast(G, m, 10, men)
  T.truthy(G.D[men].disordered, "sneezes, disordered")
  falsy(G.D[men].gone)
end)

T.case("Historicon fantasy: MAGICIANS spells 1, 2, 8, 9, 11, 12", function()
  local G, _, id = field({ creature("mage", "magician", 8, 2, 90, 40, 0) }, { unit("foe", "ARA HIN", 16, 2, 90, 48, 180) })
  local m, foe = id(1, "mage"), id(2, "foe")
  -- 2: flies 100 paces at most, in a straight line
  local x0, y0 = G.bf:pos(m)
  forced(G, SAME, function() spells.cast(G, m, { spell = 2, x = x0 + 300, y = y0 }) end)
  local x1 = G.bf:pos(m)
  T.near(x1 - x0, 10 * CM, 0.01, "100 paces: 10 cm")
  T.truthy(S.has(G.D[m].fx, "resting"), "rests after spell 2")
  falsy(spells.may_cast(G, m), "resting: no spell")
  -- 12: moves as up a steep hill, halved for foot, for 2 periods
  G.D[m].fx.resting = nil
  local move = G.D[foe].move
  cast(G, m, 12, foe)
  T.eq(G.D[foe].move, move / 2)
  Hb.period_start(G); Hb.period_start(G)
  T.eq(G.D[foe].move, move, "restored after 2 periods")
  -- 11: forgets its orders: its commander's moves are not taken for 2 periods
  cast(G, m, 11, foe)
  T.truthy(Hb.own_move(G, foe), "it stands")
  -- 8: fights among itself: its own melee dice at itself
  G.D[m].fx.resting = nil
  local hits = G.D[foe].hits
  cast(G, m, 8, foe, { 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6 })
  T.truthy(G.D[foe].hits > hits, "hits on itself")
  T.truthy(G.D[foe].disordered, "disordered")
  -- 9: a frog for 3 periods: no magic
  cast(G, m, 9, foe)
  T.eq(G.D[m].fx.frog, 3)
  falsy(spells.may_cast(G, m))
  -- 1: vanishes
  G.D[m].fx.frog = nil
  cast(G, m, 1)
  T.truthy(G.D[m].gone)
end)

T.case("Historicon fantasy: TROLLS turn to stone on the recoil result, Historicon's \"halt 2 periods\" (WRG 1973 APPENDIX IV TROLLS)", function()
  local G, _, id = field({ creature("trolls", "troll", 16, 2, 90, 40, 0) }, { unit("foe", "ARA HIN", 16, 2, 90, 60, 180) })
  local tr = id(1, "trolls")
  local vp = G.sides[1].vp
  turn.apply_result(G, tr, "recoil", "becomes_disordered", {})
  T.truthy(S.has(G.D[tr].fx, "stone"))
  T.truthy(G.D[tr].gone, "out of the battle")
  T.truthy(G.sides[1].vp < vp, "counted as a broken unit")
  local H, _, hid = field({ unit("men", "ARA HIN", 16, 2, 90, 40, 0) }, { unit("foe", "ARA HIN", 16, 2, 90, 60, 180) })
  turn.apply_result(H, hid(1, "men"), "recoil", "becomes_disordered", {})
  falsy(H.D[hid(1, "men")].gone, "other troops recoil")
end)

T.case("Historicon fantasy: DEMONS leave without a black magician within 100 paces (WRG 1973 APPENDIX IV DEMONS)", function()
  local G, _, id = field({ creature("sorc", "black_magician", 8, 2, 90, 40, 0), creature("near", "demon", 16, 2, 75, 48, 0),
    creature("far", "demon", 16, 2, 20, 40, 0) }, { unit("foe", "ARA HIN", 16, 2, 150, 110, 180) })
  beasts.demons(G)
  falsy(G.D[id(1, "near")].gone, "within 100 paces of the black magician")
  T.truthy(G.D[id(1, "far")].gone, "to the 12th plane")
  G.D[id(1, "sorc")].fx.frog = 3
  beasts.demons(G)
  T.truthy(G.D[id(1, "near")].gone, "a frog is not an operative magician")
end)

T.case("Historicon fantasy: ENTS stand until an enemy comes within 100 paces (WRG 1973 APPENDIX IV ENTS)", function()
  local G, _, id = field({ creature("ents", "ent", 16, 2, 90, 40, 0) }, { unit("foe", "ARA HIN", 16, 2, 90, 70, 180) })
  local en = id(1, "ents")
  T.truthy(Hb.own_move(G, en), "the enemy 25 cm off: they stand")
  G.bf:place(id(2, "foe"), 900, 520, 180)
  falsy(Hb.own_move(G, en), "roused: they move as the commander says")
  G.bf:place(id(2, "foe"), 900, 1100, 180)
  falsy(Hb.own_move(G, en), "roused for good")
end)

T.case("Historicon fantasy: HERO -- with his unit as a rash general (+2 integrity); vain near another hero (WRG 1973 APPENDIX IV HERO)", function()
  local G, _, id = field({ creature("h1", "hero", 8, 1, 90, 40, 0), creature("h2", "hero", 8, 1, 110, 40, 0) },
    { unit("foe", "ARA HIN", 16, 2, 90, 90, 180) })
  local out = integrity.test(G.D[id(1, "h1")], { reason = "x" }, dice.forced({ 4, 4 }), true)
  local found
  for _, t in ipairs(out.terms) do if t.id == "fantasy_hero" then found = t.after - t.before end end
  T.eq(found, 2)
  saints.period(G)
  T.truthy(G.D[id(1, "h1")].disordered, "another hero of his side within 100 paces")
end)

T.case("Historicon fantasy: a landed dragon's move on the ground stops short of a zone of sanctity; other troops go on (SAINT)", function()
  local G, _, id = field({ creature("dragon", "dragon", 16, 2, 90, 30, 0), unit("knights", "AIF KC", 16, 2, 140, 30, 0) },
    { creature("saint", "saint", 8, 2, 90, 54, 180), creature("st2", "saint", 8, 2, 140, 54, 180) })
  local dr, kn = id(1, "dragon"), id(1, "knights")
  T.truthy(F.land(G.bf, dr, G.D[dr], G.D), "the dragon is on the ground")
  local before = G.bf:distance(dr, id(2, "saint"))
  T.truthy(before > 100, "outside the zone: " .. before)
  turn.do_move(G, dr, { advance = 100 })
  local after = G.bf:distance(dr, id(2, "saint"))
  T.truthy(after < before, "it moved")
  T.truthy(after >= 100 - 1, "its base stays 100 paces (10 cm) off the saint's: " .. after)
  turn.do_move(G, kn, { advance = 100 })
  T.truthy(G.bf:distance(kn, id(2, "st2")) < 100, "knights walk into the zone")
end)

T.case("Historicon fantasy: the default commander keeps its demons within 100 paces of their black magician (DEMONS)", function()
  local ai = R("historicon.ai")
  local G, _, id = field({ creature("sorc", "black_magician", 8, 2, 90, 30, 0), creature("demons", "demon", 16, 2, 90, 40, 0) },
    { unit("foe", "ARA HIN", 16, 2, 90, 110, 180) }, { cmd1 = ai })
  local dm = id(1, "demons")
  turn.do_move(G, dm, { advance = 150 })
  T.truthy(beasts.materialised(G, dm), "still within 10 cm of him: " .. G.bf:distance(dm, id(1, "sorc")))
  T.truthy(G.bf:distance(dm, id(1, "sorc")) > 50, "it went as far as it could")
  -- another commander may let them stray (and lose them at the next period)
  local H, _, hid = field({ creature("sorc", "black_magician", 8, 2, 90, 30, 0), creature("demons", "demon", 16, 2, 90, 40, 0) },
    { unit("foe", "ARA HIN", 16, 2, 90, 110, 180) })
  turn.do_move(H, hid(1, "demons"), { advance = 150 })
  falsy(beasts.materialised(H, hid(1, "demons")), "beyond his reach")
  beasts.demons(H)
  T.truthy(H.D[hid(1, "demons")].gone, "to the 12th plane")
end)
