-- The fantasy module in Phalanx (option `fantasy`, our adaptation of WRG
-- 1973 Appendix IV: rulesets/modules/fantasy/phalanx/battle.lua), each entry
-- in a situation set up by hand and played through Phalanx's real engine
-- (phalanx.battle.skirmish on an instance loaded with the option; orders,
-- charges, shots and melees as the turn plays them), dice forced where a
-- roll decides. Distances: 100 paces = 1 vignette width (80 mm here).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")
local lreferee = require("lib.referee")
local S = require("modules.fantasy.states")
local F = require("modules.fantasy.flying")
local Hb = require("modules.fantasy.adapted.battle")
local spells = require("modules.fantasy.adapted.spells")
local beasts = require("modules.fantasy.adapted.beasts")
local A = require("modules.fantasy.phalanx.battle")
local pack = require("modules.fantasy.phalanx.army").index

local rules = ruleset.load("phalanx", { options = { "fantasy" } })
local R = rules.require
local battle, turn, shooting = R("phalanx.battle"), R("phalanx.turn"), R("phalanx.shooting")
local host = A.host(rules)

local SAME = { 3, 3 }
local function falsy(v, what) T.truthy(not v, what) end

local function commander(t)
  local c = { activate = function() return {} end, evade = function() return false end,
              free_order = function() return nil end, shoot_target = function(_, _, targets) return targets[1].id end,
              shoot_at_charger = function() return true end, cast = function() return nil end }
  for k, v in pairs(t or {}) do c[k] = v end
  return c
end

-- A vignette (at in mm); a creature of the pack by `creature =`.
local function v(id, class, x, y, f, extra)
  local out = { id = id, class = class, integrity = "III", army = "RA", at = { x, y, f } }
  for k, val in pairs(extra or {}) do out[k] = val end
  return out
end
local function c(id, creature, x, y, f, extra)
  local decl = pack[creature]
  local out = v(id, decl.counts_as.class, x, y, f, extra)
  out.integrity, out.army, out._creature = decl.counts_as.integrity, decl.counts_as.army, creature
  return out
end

local function field(s1, s2, opts)
  opts = opts or {}
  local G = battle.skirmish{ rules = rules, dice = opts.dice or dice.random(1), log = true,
    report = function() end,
    sides = { { vignettes = s1, commander = opts.c1 or commander() }, { vignettes = s2, commander = opts.c2 or commander() } } }
  for s, list in ipairs({ s1, s2 }) do
    for _, x in ipairs(list) do
      if x._creature then Hb.attach(G.D[G.by_vid[s][x.id]], pack[x._creature]) end
    end
  end
  if opts.referee then lreferee.watch({ referee = lreferee.new{ checks = R("phalanx.referee") } }, G) end
  A.start(G, host)
  G.pturn, G.phasing = 1, 1
  return G, function(s, id) return G.by_vid[s][id] end
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
  for _, x in ipairs(more or {}) do values[#values + 1] = x end
  forced(G, values, function() spells.cast(G, m, { spell = spell, target = target }) end)
end

local function group(G, uid) return G.groups[G.D[uid].gid] end

T.case("Phalanx fantasy: DRAGONS fly 200 paces (2 widths) on a move order, over units, and land within charge reach (WRG 1973 APPENDIX IV DRAGONS)", function()
  local G, id = field({ c("dragon", "dragon", 500, 100, 0), v("friend", "HIN", 500, 190, 0) },
    { v("foe", "HIN", 500, 480, 180) }, { referee = true })
  local dr, foe = id(1, "dragon"), id(2, "foe")
  T.eq(G.bf:unit(dr).layer, 1, "a flyer starts in the air")
  local _, y0 = G.bf:pos(dr)
  G.bf:set_time(1, "B movement")
  turn.execute_order(G, group(G, dr), { kind = "move", turn = 0 })
  local _, y1 = G.bf:pos(dr)
  T.near(y1 - y0, 160, 0.01, "2 widths, over the friendly vignette in its way")
  T.eq(select(2, turn.pos(G, dr)), y1, "the battle's mirror of positions follows the flight")
  T.eq(G.bf:unit(dr).layer, 1, "the enemy is beyond a charge: still in the air")
  G.bf:set_time(2, "B movement")
  turn.execute_order(G, group(G, dr), { kind = "move", turn = 0 })
  T.near(G.bf:distance(dr, foe), 16, 0.01, "20 paces short of the enemy")
  T.eq(G.bf:unit(dr).layer, 0, "it lands: the enemy is within its move")
  -- landed, within reach: the order is Phalanx's own charge, to contact
  G.bf:set_time(3, "B movement")
  turn.execute_order(G, group(G, dr), { kind = "charge", target = foe, turn = 0 })
  T.truthy(turn.in_contact(G, dr), "the dragon charges home on the ground")
  G.bf:set_time(4, "C initiative")
  T.truthy(G.referee.phases_checked >= 3, "the referee checked the flights")
end)

T.case("Phalanx fantasy: a flyer's charge on the initiative table is its flight; in the air it touches nobody (DRAGONS)", function()
  local G, id = field({ c("dragon", "dragon", 500, 500, 0) }, { v("below", "HIN", 500, 520, 180), v("far", "HIN", 1500, 1000, 180) })
  local dr, below = id(1, "dragon"), id(2, "below")
  T.truthy(G.bf:first_within(dr, 0.5, 2) ~= nil, "the bases meet")
  falsy(turn.in_contact(G, dr), "no contact with the vignette below")
  T.eq(#turn.contacts(G, 1), 0, "no melee")
  turn.charge(G, group(G, dr), id(2, "far"), 0, { any_turn = true })
  T.eq(group(G, dr).did.kind, "fly")
  T.eq(G.bf:unit(dr).layer, 1, "flies at the nearest enemy it may approach, not the one below it")
  falsy(below == nil)
end)

T.case("Phalanx fantasy: TAME CROWS fly 160 paces and hover 5 paces short (WRG 1973 APPENDIX IV TAME CROWS)", function()
  local G, id = field({ c("crows", "crows", 500, 100, 0) }, { v("foe", "HIN", 500, 400, 180) })
  local cr, foe = id(1, "crows"), id(2, "foe")
  local _, y0 = G.bf:pos(cr)
  turn.execute_order(G, group(G, cr), { kind = "move", turn = 0 })
  T.near(select(2, G.bf:pos(cr)) - y0, 128, 0.01, "1.6 widths")
  turn.execute_order(G, group(G, cr), { kind = "move", turn = 0 })
  T.near(G.bf:distance(cr, foe), 4, 0.01, "5 paces short")
  T.eq(G.bf:unit(cr).layer, 1, "crows stay aloft")
end)

T.case("Phalanx fantasy: zone of sanctity -- no spell within 100 paces of a saint; elves halted by a saint (SAINT, ELVES)", function()
  local G, id = field({ c("mage", "magician", 500, 400, 0), c("elves", "elf_archer", 700, 400, 0), c("saint", "saint", 800, 400, 0) },
    { v("foe", "HIN", 500, 480, 180), c("st2", "saint", 600, 560, 180) })
  local m, foe = id(1, "mage"), id(2, "foe")
  cast(G, m, 3, foe)
  falsy(S.has(G.D[foe].fx, "petrified"), "the target stands within a width of a saint")
  Hb.period_start(G)
  T.eq(G.D[id(1, "elves")].halt, G.pturn, "elves within 100 paces of a saint: H")
end)

T.case("Phalanx fantasy: ELVES' shooting always plus: +1 on the die (WRG 1973 APPENDIX IV ELVES)", function()
  local target = { class = "HIN", integrity = "III" }
  local plain = shooting.modifiers:evaluate(3, { shooter = { class = "HIB" }, target = target, s = { range = 1 } })
  local elvish = shooting.modifiers:evaluate(3, { shooter = { class = "HIB", traits = { warped_probability = true } },
                                                  target = target, s = { range = 1 } })
  T.eq(elvish - plain, 1)
end)

T.case("Phalanx fantasy: MAGICIANS spell 3 -- stone: no move order, no shooting, no result but from trolls and giants", function()
  local G, id = field({ c("mage", "magician", 500, 400, 0), c("giants", "giant", 700, 400, 0) }, { v("foe", "HIB", 500, 480, 180) })
  local m, foe = id(1, "mage"), id(2, "foe")
  cast(G, m, 3, foe)
  local x, y = G.bf:pos(foe)
  turn.execute_order(G, group(G, foe), { kind = "move", turn = 0 })
  T.eq({ G.bf:pos(foe) }, { x, y, 180 }, "it stands")
  T.truthy(G.no_shoot(G, foe))
  T.eq(select(2, G.shot_lands(G, m, foe, "RR")), "-", "no result")
  T.eq(select(2, G.shot_lands(G, id(1, "giants"), foe, "RR")), "RR", "giants break stone")
  local ra, rb = G.blow_lands(G, m, foe, "R", "B")
  T.eq({ ra, rb }, { "-", "-" }, "it inflicts nothing and takes nothing")
end)

T.case("Phalanx fantasy: MAGICIANS spell 4 -- invisible: no shot aims at it; spell 7 -- the shot's result falls on the shooter", function()
  local G, id = field({ c("mage", "magician", 500, 400, 0), v("bows", "HIB", 650, 400, 0) }, { v("foe", "HIN", 620, 480, 180) })
  local m, foe, bows = id(1, "mage"), id(2, "foe"), id(1, "bows")
  T.eq(#turn.shooting_targets(G, bows), 1, "a target before the spell")
  cast(G, m, 4, foe)
  A.unseen(G)
  T.eq(#turn.shooting_targets(G, bows), 0, "invisible: not a target")
  local H, hid = field({ c("mage", "magician", 500, 400, 0), v("bows", "HIB", 650, 400, 0) }, { v("foe", "HIN", 620, 480, 180) })
  cast(H, hid(1, "mage"), 7, hid(2, "foe"))
  local at, r = H.shot_lands(H, hid(1, "bows"), hid(2, "foe"), "R")
  T.eq({ at, r }, { hid(1, "bows"), "R" }, "the archers take their own shot's result")
end)

T.case("Phalanx fantasy: MAGICIANS spells 5 and 6 -- +3 lifts a halt; -3 a die, 1-3 halted", function()
  local G, id = field({ c("mage", "magician", 500, 400, 0) }, { v("foe", "HIN", 500, 480, 180) })
  local m, foe = id(1, "mage"), id(2, "foe")
  cast(G, m, 6, foe, { 3 })
  T.eq(G.D[foe].halt, G.pturn, "a 3: halted")
  cast(G, m, 5, foe)
  T.eq(G.D[foe].halt, nil, "steadied")
  cast(G, m, 6, foe, { 4 })
  T.eq(G.D[foe].halt, nil, "a 4: it holds")
end)

T.case("Phalanx fantasy: MAGICIANS spell 10 -- a mythical beast is broken; others sneeze (H); a hostile magician a frog", function()
  local G, id = field({ c("mage", "magician", 500, 400, 0) },
    { c("trolls", "troll", 500, 480, 180), v("men", "HIN", 1500, 900, 180), c("sorc", "black_magician", 1300, 900, 180) })
  local m = id(1, "mage")
  cast(G, m, 10, id(2, "trolls"))
  T.truthy(G.D[id(2, "trolls")].broken, "gone in a puff of blue smoke")
  G.D[m].fx.resting = nil
  turn.place(G, id(2, "men"), 500, 480, 180)
  cast(G, m, 10, id(2, "men"))
  T.eq(G.D[id(2, "men")].halt, G.pturn)
  G.D[m].fx.resting = nil
  turn.place(G, id(2, "sorc"), 380, 480, 180)
  cast(G, m, 10, id(2, "sorc"))
  T.eq(G.D[id(2, "sorc")].fx.frog, 3)
end)

T.case("Phalanx fantasy: MAGICIANS spell 12 -- the move halved for foot; spell 11 -- no order taken; spell 2 -- a linked magician stays", function()
  local G, id = field({ c("mage", "magician", 500, 400, 0) }, { v("foe", "HIN", 500, 480, 180), v("pal", "HIN", 800, 1100, 180) })
  local m, foe = id(1, "mage"), id(2, "foe")
  cast(G, m, 12, foe)
  local _, y0 = G.bf:pos(foe)
  turn.execute_order(G, group(G, foe), { kind = "move", turn = 0 })
  T.near(y0 - select(2, G.bf:pos(foe)), 40, 0.01, "half of its 1 width")
  cast(G, m, 11, foe)
  local x1, y1 = G.bf:pos(foe)
  turn.execute_order(G, group(G, foe), { kind = "move", turn = 0 })
  T.eq({ G.bf:pos(foe) }, { x1, y1, 180 }, "it has forgotten its orders")
  local H, hid = field({ c("mage", "magician", 500, 400, 0, {}), v("mate", "HIN", 580, 400, 0, { in_line_with = "mage" }) },
    { v("foe", "HIN", 500, 700, 180) })
  local x0, yy0 = H.bf:pos(hid(1, "mage"))
  forced(H, SAME, function() spells.cast(H, hid(1, "mage"), { spell = 2, x = x0, y = yy0 + 60 }) end)
  T.eq({ H.bf:pos(hid(1, "mage")) }, { x0, yy0, 0 }, "he stays with his link")
end)

T.case("Phalanx fantasy: TROLLS turn to stone on an H, Phalanx's halt (WRG 1973 APPENDIX IV TROLLS)", function()
  local G, id = field({ c("trolls", "troll", 500, 400, 0), v("men", "HIN", 700, 400, 0) }, { v("foe", "HIN", 500, 440, 180) })
  local tr, foe = id(1, "trolls"), id(2, "foe")
  local ra, rb = G.blow_lands(G, tr, foe, "H", "-")
  T.eq(ra, "-", "no halt: stone instead")
  T.truthy(S.has(G.D[tr].fx, "stone"))
  T.truthy(G.D[tr].broken, "out of the battle")
  local at, r = G.shot_lands(G, foe, id(1, "men"), "H")
  T.eq({ at, r }, { id(1, "men"), "H" }, "other troops halt")
end)

T.case("Phalanx fantasy: DEMONS leave without a black magician within 100 paces; stay in line with him (DEMONS)", function()
  local G, id = field({ c("sorc", "black_magician", 500, 400, 0), c("near", "demon", 580, 400, 0, { in_line_with = "sorc" }),
    c("far", "demon", 1200, 400, 0) }, { v("foe", "HIN", 900, 1100, 180) })
  beasts.demons(G)
  falsy(G.D[id(1, "near")].broken, "in line with the black magician")
  T.truthy(G.D[id(1, "far")].broken, "to the 12th plane")
end)

T.case("Phalanx fantasy: MAGICIANS spells 1, 8, 9 -- vanishes (broken), the target fights itself (H), a frog for 3 periods", function()
  local G, id = field({ c("mage", "magician", 500, 400, 0) }, { v("foe", "HIN", 500, 480, 180) })
  local m, foe = id(1, "mage"), id(2, "foe")
  cast(G, m, 8, foe)
  T.eq(G.D[foe].halt, G.pturn, "brawling: halted")
  T.truthy(S.has(G.D[foe].fx, "brawling"))
  cast(G, m, 9, foe)
  T.eq(G.D[m].fx.frog, 3)
  falsy(spells.may_cast(G, m), "a frog casts nothing")
  G.D[m].fx.frog = nil
  cast(G, m, 1)
  T.truthy(G.D[m].broken, "vanished: broken")
end)

T.case("Phalanx fantasy: an unnatural beast's move on the ground stops short of a zone of sanctity; other troops go on (SAINT)", function()
  local G, id = field({ c("dragon", "dragon", 500, 300, 0), v("knights", "HCC", 900, 300, 0) },
    { c("saint", "saint", 500, 480, 180), c("st2", "saint", 900, 480, 180) })
  local dr, kn = id(1, "dragon"), id(1, "knights")
  T.truthy(F.land(G.bf, dr, G.D[dr], G.D), "the dragon is on the ground")
  G.D[dr].flies = nil   -- (a beast that walks: its move order is Phalanx's own)
  T.truthy(G.bf:distance(dr, id(2, "saint")) > 80, "outside the zone")
  local _, y0 = G.bf:pos(dr)
  turn.execute_order(G, group(G, dr), { kind = "move", turn = 0 })
  T.truthy(select(2, G.bf:pos(dr)) > y0, "it moved")
  T.truthy(G.bf:distance(dr, id(2, "saint")) >= 80 - 0.5, "its base stays a width off the saint's: " .. G.bf:distance(dr, id(2, "saint")))
  turn.execute_order(G, group(G, kn), { kind = "move", turn = 0 })
  T.truthy(G.bf:distance(kn, id(2, "st2")) < 80, "knights walk into the zone")
end)
