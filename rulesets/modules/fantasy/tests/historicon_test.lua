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
local mplan = require("modules.fantasy.adapted.magician_plan")
local dragons = require("modules.fantasy.adapted.dragons")
local basilisk = require("modules.fantasy.adapted.basilisk")
local theology = require("modules.fantasy.adapted.theology")
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

-- The score of a plain integrity test of uid, dice forced (3s): to compare
-- two units, or one unit before and after a modifier.
local function test_score(G, uid)
  local r
  forced(G, { 3, 3, 3, 3 }, function() turn.test(G, uid, { "fantasy_plain" }, {}) end)
  for _, e in ipairs(events(G, "integrity", uid)) do r = e.score end
  return r
end

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

T.case("Historicon fantasy: MAGICIANS -- the default commander brings its magician within 100 paces of a worthwhile target, holds him there, and he casts (our adaptation: a magician's plan)", function()
  local ai = R("historicon.ai")
  local G, _, id = field({ creature("wiz", "magician", 8, 2, 90, 20, 0) },
    { unit("foe", "ARA HIN", 16, 2, 90, 51, 180), creature("saint", "saint", 8, 2, 20, 51, 180) }, { cmd1 = ai, referee = true })
  local wiz, foe = id(1, "wiz"), id(2, "foe")
  local d0 = G.bf:distance(wiz, foe)
  T.truthy(d0 > 20 * CM, "the enemy is beyond two moves of his: " .. d0)
  T.eq(mplan.goal(G, wiz).target, foe, "the foe is the target (the saint's flock stands in its own zone of sanctity)")
  turn.phase2(G)
  local d1 = G.bf:distance(wiz, foe)
  T.near(d0 - d1, G.D[wiz].move, 0.5, "a whole move towards it")
  G.turn = 2
  turn.phase2(G)
  local d2 = G.bf:distance(wiz, foe)
  T.near(d2, 7 * CM, 0.5, "he closes to 70 paces of it, no nearer")
  G.turn = 3
  turn.phase2(G)
  T.near(G.bf:distance(wiz, foe), d2, 0.01, "within his reach he holds")
  forced(G, SAME, function() Hb.period_start(G) end)
  local cast_ev = events(G, "spell", wiz)
  T.eq(#cast_ev, 1, "at the next period's start he casts")
  T.eq(cast_ev[1].target, foe, "at it")
  -- a commander's plan only: the do-nothing commander leaves him where he is
  local H, _, hid = field({ creature("wiz", "magician", 8, 2, 90, 20, 0) }, { unit("foe", "ARA HIN", 16, 2, 90, 51, 180) })
  turn.phase2(H)
  T.near(H.bf:distance(hid(1, "wiz"), hid(2, "foe")), d0, 0.01, "another commander decides for itself")
end)

T.case("Historicon fantasy: DWARVES go out of control and charge enemy elves in reach -- Historicon's uncontrolled advance (WRG 1973 APPENDIX IV DWARVES)", function()
  -- the commander does nothing: the dwarves move on their own
  local G, lines, id = field({ creature("dwarves", "dwarf", 16, 4, 90, 40, 0) },
    { creature("elves", "elf_spearman", 16, 4, 100, 52, 180), unit("men", "ARA HIN", 16, 4, 60, 52, 180) }, { referee = true })
  local dw, elves = id(1, "dwarves"), id(2, "elves")
  T.truthy(G.bf:distance(dw, elves) <= G.D[dw].move, "the elves are within the dwarves' charge reach")
  turn.phase2(G)
  T.truthy(turn.in_contact(G, dw), "they charged home")
  T.eq(turn.contacts(G, dw)[1], elves, "at the elves, not the men")
  T.eq(#events(G, "fantasy", dw), 1, "logged: out_of_control_at_elves")
  T.eq(events(G, "fantasy", dw)[1].what, "out_of_control_at_elves")
  -- men are no elves: dwarves facing men stand as their commander says
  local H, _, hid = field({ creature("dwarves", "dwarf", 16, 4, 90, 40, 0) }, { unit("men", "ARA HIN", 16, 4, 90, 52, 180) })
  local x0, y0 = H.bf:pos(hid(1, "dwarves"))
  turn.phase2(H)
  local x1, y1 = H.bf:pos(hid(1, "dwarves"))
  T.eq({ x1, y1 }, { x0, y0 }, "no elves, no loss of control")
end)

T.case("Historicon fantasy: DRAGONS go out of control at elves in reach, landing for it (WRG 1973 APPENDIX IV DRAGONS)", function()
  local G, _, id = field({ creature("dragon", "dragon", 16, 2, 90, 40, 0) },
    { creature("elves", "elf_archer", 16, 2, 90, 52, 180) }, { referee = true })
  local dr, elves = id(1, "dragon"), id(2, "elves")
  T.truthy(F.airborne(G.D[dr]), "in the air")
  turn.phase3(G)
  falsy(F.airborne(G.D[dr]), "it landed to charge")
  T.truthy(turn.in_contact(G, dr), "and charged home")
  T.eq(turn.contacts(G, dr)[1], elves)
end)

T.case("Historicon fantasy: DRAGONS kill an elephant within 100 paces (5 hits, one EI model), eat 1 period, snooze 2 (WRG 1973 APPENDIX IV DRAGONS)", function()
  local G, _, id = field({ creature("dragon", "dragon", 16, 2, 90, 40, 0), unit("own_el", "ARA EI", 2, 1, 20, 20, 0) },
    { unit("el", "ARA EI", 2, 1, 90, 52, 180) })
  local dr, el = id(1, "dragon"), id(2, "el")
  local dice0 = G.dice
  dragons.period(G)   -- turn 1: no die for forgetting
  T.eq(G.D[el].hits, 5, "one elephant model killed: 5 hits")
  T.eq(G.D[id(1, "own_el")].hits, 0, "its own side's elephants beyond 100 paces are safe")
  T.truthy(S.has(G.D[dr].fx, "eating"), "eating")
  falsy(F.airborne(G.D[dr]), "it landed for it")
  T.eq(Hb.own_move(G, dr), true, "an eating dragon does not move")
  S.tick(G.D[dr].fx)
  G.turn = 2
  forced(G, { 6 }, function() dragons.period(G) end)
  T.truthy(S.has(G.D[dr].fx, "snoozing"), "then snoozes")
  T.eq(G.D[el].hits, 5, "a snoozing dragon eats no more")
  T.truthy(Hb.no_strike(G, dr), "not waking even if attacked: it strikes no blow")
  T.eq(G.D[dr].fx.snoozing, 2, "for 2 periods")
  T.eq(G.dice, dice0)
end)

T.case("Historicon fantasy: DRAGONS -- enemy elephants within 150 paces -2 on integrity, in contact disordered (as elephants on horses)", function()
  local G, _, id = field({ creature("dragon", "dragon", 16, 2, 90, 40, 0) },
    { unit("el", "ARA EI", 2, 1, 90, 51.3, 180), unit("far", "ARA EI", 2, 1, 20, 100, 180) })
  local dr, el, far = id(1, "dragon"), id(2, "el"), id(2, "far")
  G.D[dr].traits.eats_elephants = nil   -- this dragon has eaten
  F.land(G.bf, dr, G.D[dr], G.D)
  turn.do_move(G, el, { advance = G.bf:distance(el, dr) })
  T.near(G.bf:distance(el, dr), 0, 0.01, "the elephants touch the dragon")
  dragons.period(G)
  T.truthy(G.D[el].fx_dread, "within 150 paces")
  T.truthy(G.D[el].disordered, "in contact: disordered")
  falsy(G.D[far].fx_dread, "beyond")
  local function score(uid) return test_score(G, uid) end
  G.D[el].disordered, G.D[far].disordered = false, false
  T.eq(score(el), score(far) - 2, "-2")
end)

T.case("Historicon fantasy: DRAGONS forget their orders on a 1 after the first period, then advance uncontrolled (WRG 1973 APPENDIX IV DRAGONS)", function()
  local G, lines, id = field({ creature("dragon", "dragon", 16, 2, 90, 40, 0) }, { unit("foe", "ARA HIN", 16, 2, 90, 52, 180) })
  local dr = id(1, "dragon")
  F.land(G.bf, dr, G.D[dr], G.D)
  G.D[dr].traits.eats_elephants = nil
  G.turn = 1
  dragons.period(G)
  falsy(G.D[dr].fx_forgot, "no die in the first period")
  G.turn = 2
  forced(G, { 2 }, function() dragons.period(G) end)
  falsy(G.D[dr].fx_forgot, "2: remembers")
  -- remembering, within reach on the ground: its commander (here: stand) decides
  T.eq(Hb.own_move(G, dr), false)
  G.turn = 3
  forced(G, { 1 }, function() dragons.period(G) end)
  T.truthy(G.D[dr].fx_forgot, "1: forgotten")
  T.eq(events(G, "fantasy", dr)[1].what, "dragon_forgets")
  turn.phase3(G)
  T.truthy(turn.in_contact(G, dr), "without orders it advances on the nearest enemy, into contact")
end)

T.case("Historicon fantasy: BASILISK holds figures in stone while it looks: the target's melee dice (WRG 1973 APPENDIX IV BASILISK)", function()
  local G, _, id = field({ creature("bas", "basilisk", 4, 2, 90, 40, 0), unit("side", "ARA HIN", 16, 2, 20, 40, 0) },
    { unit("foe", "ARA HIN", 16, 4, 90, 52, 180), unit("beside", "ARA HIN", 16, 4, 20, 52, 180) })
  local bas, foe, beside = id(1, "bas"), id(2, "foe"), id(2, "beside")
  basilisk.period(G)
  T.eq(G.D[foe].fx_gazed, 2, "its 2 front-rank basilisks hold 2 figures of the enemy in front")
  T.eq(G.D[beside].fx_gazed, nil, "not one out of its front")
  local melee = R("historicon.melee")
  local held = melee.pool(G.D[foe], G.D[bas], {}).dice
  G.D[foe].fx_gazed = nil
  local free = melee.pool(G.D[foe], G.D[bas], {}).dice
  T.eq(held, free - 2, "2 dice fewer (HI: 1 die a figure)")
  -- it looks again each period: a stone basilisk looks at nobody
  S.set(G.D[bas].fx, "petrified", 2)
  basilisk.period(G)
  T.eq(G.D[foe].fx_gazed, nil, "the gaze ends")
end)

T.case("Historicon fantasy: GOBLINS AND ORCS on wolves count as hostile huns: enemies within 150 paces -1 (WRG 1973 APPENDIX IV GOBLINS AND ORCS)", function()
  local G, _, id = field({ creature("wolves", "wolf_rider", 16, 1, 90, 40, 0) },
    { unit("near", "ARA HIN", 16, 2, 90, 55, 180), unit("far", "ARA HIN", 16, 2, 20, 100, 180) })
  T.truthy(G.bf:distance(id(1, "wolves"), id(2, "near")) < 15 * CM, "near: within 15 cm")
  beasts.huns(G)
  T.truthy(G.D[id(2, "near")].fx_huns, "within 150 paces")
  falsy(G.D[id(2, "far")].fx_huns, "beyond")
  falsy(G.D[id(1, "wolves")].fx_huns, "not their own side")
  local function score(uid) return test_score(G, uid) end
  T.eq(score(id(2, "near")), score(id(2, "far")) - 1, "-1")
end)

T.case("Historicon fantasy: MAGICIANS -- a saint with his own magician in his zone of sanctity stands; the magician's goal lies out of it (our adaptation: a magician's plan)", function()
  local ai = R("historicon.ai")
  local G, _, id = field({ creature("wiz", "magician", 8, 2, 90, 20, 0), creature("saint", "saint", 8, 2, 100, 20, 0) },
    { unit("foe", "ARA HIN", 16, 2, 90, 90, 180) }, { cmd1 = ai, referee = true })
  local wiz, saint, foe = id(1, "wiz"), id(1, "saint"), id(2, "foe")
  T.truthy(saints.in_sanctity(G, wiz), "the wizard starts in his saint's zone")
  T.eq(ai.plan(G, saint), nil, "the saint stands")
  local goal = mplan.goal(G, wiz)
  T.eq(goal.target, foe)
  local sx, sy = G.bf:pos(saint)
  local r = math.sqrt((goal.x - sx) ^ 2 + (goal.y - sy) ^ 2)
  T.truthy(r > 10 * CM, "his goal lies outside the zone: " .. r)
  -- his magician out of his zone, the saint follows his commander again
  G.bf:place(wiz, 300, 200, 0)
  falsy(saints.in_sanctity(G, wiz))
  falsy(mplan.saint_stands(G, saint))
  T.truthy(ai.plan(G, saint) ~= nil, "his magician gone, the saint moves again")
end)

T.case("Historicon fantasy: MOSLEM SAINTS -- +3 to their side within 150 paces; a theological discussion: the saints home on each other, the wounded winner prays (WRG 1973 APPENDIX IV MOSLEM SAINTS)", function()
  local G, _, id = field({ creature("imam", "moslem_saint", 8, 2, 90, 40, 0), unit("faithful", "ARA HIN", 16, 2, 70, 30, 0),
      unit("far", "ARA HIN", 16, 2, 10, 10, 0) },
    { creature("monk", "saint", 8, 2, 100, 50, 180) }, { referee = true })
  local imam, monk, faithful, far = id(1, "imam"), id(2, "monk"), id(1, "faithful"), id(1, "far")
  Hb.period_start(G)
  T.eq(G.D[faithful].fx_exhort, 3, "+3 within 150 paces")
  falsy(G.D[far].fx_exhort, "beyond")
  falsy(G.D[monk].fx_exhort, "not the enemy")
  local function score(uid) return test_score(G, uid) end
  local exhorted = score(faithful)
  G.D[faithful].fx_exhort = nil
  T.eq(exhorted, score(faithful) + 3, "+3 on integrity")
  T.eq(G.D[imam].fx_discussing, monk, "within 100 paces of a Christian saint")
  T.eq(G.D[monk].fx_discussing, imam)
  T.eq(events(G, "fantasy", imam)[1].what, "theological_discussion")
  turn.phase2(G)
  T.truthy(turn.in_contact(G, imam), "they home on each other")
  -- the monk is promoted to be a Martyr; the imam took hits in it
  G.D[imam].hits = 2
  host.remove(G, monk, "a martyr")
  Hb.period_start(G)
  T.truthy(S.has(G.D[imam].fx, "praying"), "wounded, he prays for the rest of the battle")
  T.eq(Hb.own_move(G, imam), true, "and does not move")
end)

T.case("Historicon fantasy: WARRIOR SAINT -- with his unit as a rash general (+2), others of his side within 150 paces +1; no integrity tests; a zone of sanctity (WRG 1973 APPENDIX IV WARRIOR SAINT)", function()
  local G, _, id = field({ creature("ws", "warrior_saint", 8, 2, 90, 40, 0), unit("near", "ARA HIN", 16, 2, 70, 30, 0),
      unit("far", "ARA HIN", 16, 2, 10, 10, 0) }, { unit("foe", "ARA HIN", 16, 2, 150, 110, 180) })
  local ws, near, far = id(1, "ws"), id(1, "near"), id(1, "far")
  Hb.period_start(G)
  T.eq(G.D[near].fx_exhort, 1)
  falsy(G.D[far].fx_exhort)
  falsy(G.D[ws].fx_exhort, "not himself")
  local integ = R("historicon.integrity")
  local with = integ.odds(G.D[ws], { reason = "rallies" })
  T.eq(turn.test(G, ws, { "fantasy_plain" }, {}), "pass", "a saint: no integrity tests")
  local mods = 0
  for _, e in ipairs(integ.modifiers.entries) do
    if e.id == "fantasy_hero" and e.when({ unit = G.D[ws] }) then mods = mods + 1 end
  end
  T.eq(mods, 1, "his unit has the rash general's +2")
  T.truthy(saints.in_sanctity(G, ws), "a zone of sanctity")
  T.truthy(with ~= nil)
end)

T.case("Historicon fantasy: HERO -- the magic sword (+1 melee die per 4 figures) unless a saint is within 100 paces; alone +3 (WRG 1973 APPENDIX IV HERO)", function()
  local melee = R("historicon.melee")
  local integ = R("historicon.integrity")
  local G, _, id = field({ creature("hero", "hero", 8, 1, 90, 40, 0) }, { unit("foe", "ARA HIN", 16, 2, 90, 48, 180),
    creature("saint", "saint", 8, 2, 20, 110, 180) })
  local hero, foe = id(1, "hero"), id(2, "foe")
  Hb.period_start(G)
  falsy(G.D[hero].fx_saint_near)
  local sword = melee.pool(G.D[hero], G.D[foe], {}).dice
  G.D[hero].traits.magic_sword = nil
  local plain = melee.pool(G.D[hero], G.D[foe], {}).dice
  T.eq(sword, plain + 2, "8 figures in the front rank: +2 dice")
  G.D[hero].traits.magic_sword = true
  G.bf:place(id(2, "saint"), 760, 470, 180)
  Hb.period_start(G)
  T.truthy(G.D[hero].fx_saint_near, "a saint within 100 paces")
  T.eq(melee.pool(G.D[hero], G.D[foe], {}).dice, plain, "no magic sword near a saint")
  local alone = integ.test(G.D[hero], { reason = "rallies", no_friend_within_30cm = true }, dice.forced({ 3, 3 }), true)
  local with = integ.test(G.D[hero], { reason = "rallies", no_friend_within_30cm = false }, dice.forced({ 3, 3 }), true)
  local function has(out, idv) for _, t in ipairs(out.terms or {}) do if t.id == idv then return true end end return false end
  T.truthy(has(alone, "fantasy_hero_alone"), "alone: +3")
  falsy(has(with, "fantasy_hero_alone"), "with friends near: no +3")
end)

T.case("Historicon fantasy: Martyrs' points -- a saint's unit lost gives its side the victory points a broken unit costs (WRG 1973 APPENDIX IV SAINT)", function()
  local G, _, id = field({ creature("saint", "saint", 8, 2, 90, 40, 0), unit("men", "ARA HIN", 16, 2, 40, 40, 0) },
    { unit("foe", "ARA HIN", 16, 2, 90, 110, 180) })
  local vp = G.sides[1].vp
  host.remove(G, id(1, "saint"), "killed")
  T.eq(G.sides[1].vp, vp + 2, "promoted to be a Martyr: +2 (a broken unit's 2)")
  host.remove(G, id(1, "men"), "broken")
  T.eq(G.sides[1].vp, vp, "other units cost 2 as ever")
end)
