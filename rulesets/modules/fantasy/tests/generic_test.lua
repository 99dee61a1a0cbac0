-- The fantasy module's generic parts against WRG 1973 Appendix IV
-- ("Suggested adaptions for Sword and Sorcery fanatics"): the twelve
-- spells as the book prints them, the spell roll and its exact odds,
-- resting, timed states, zones, allegiances and creature declarations.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local magic = require("modules.fantasy.magic")
local S = require("modules.fantasy.states")
local Z = require("modules.fantasy.zones")
local A = require("modules.fantasy.allegiance")
local C = require("modules.fantasy.creatures")

-- The book's list, word for word.
local SPELLS = {
  "Magician vanishes in puff of blue smoke, leaving strong smell of sulphur, and does not return.",
  "Magician flies through air in straight line to position nominated within 100 paces. If he passes through a zone of sanctity, he crashes and breaks his neck.",
  "Target turns to stone for 2 periods, cannot move or fight, but cannot be damaged except by Giants, Trolls, or stone-throwing engines.",
  "Target becomes invisible for 3 periods. At close quarters, blows struck against it count disorganised. It cannot be shot at.",
  "Target takes immediate reaction test, adding 3.",
  "Target takes immediate reaction test, deducting 3.",
  "Any arrows travelling to or from target reverse direction and hit shooters.",
  "Target unit fights among itself for one period.",
  "Magician turns into frog for 3 periods, loses magical powers for that time. Recovers shape if a Saint comes within 100 paces, but becomes frog again if he leaves the influence zone.",
  "Mythical beast targets disappear in puff of blue smoke. Other targets sneeze heavily for one period, disorganised. Hostile magician turns into frog.",
  "Target forgets its orders, and is incapable of understanding any fresh orders for two periods, or obeying any previously arranged signals.",
  "Target moves as if climbing steep hill, the effect lasting for 2 periods.",
}

T.case("WRG 1973 APPENDIX IV MAGICIANS: the twelve spells as printed", function()
  T.eq(#magic.SPELLS, 12)
  for n, text in ipairs(SPELLS) do T.eq(magic.SPELLS[n].text, text, "spell " .. n) end
end)

T.case("WRG 1973 APPENDIX IV MAGICIANS: spells 2, 4, 7, 10 and 11 require the Magician to rest", function()
  local rests = {}
  for n = 1, 12 do if magic.SPELLS[n].rests then rests[#rests + 1] = n end end
  T.eq(rests, { 2, 4, 7, 10, 11 })
  T.eq(magic.RANGE, 100, "within 100 paces")
end)

-- "(b) Throw minus and plus regular dice. (c) Modify spell number according
-- to the dice." Regular dice: 2,3,3,4,4,5.
T.case("WRG 1973 APPENDIX IV MAGICIANS: the dice modify the spell number", function()
  T.eq(magic.REGULAR_DIE, { 2, 3, 3, 4, 4, 5 })
  T.eq(magic.spell_number(5, 3, 4), 6, "plus higher: one up")
  T.eq(magic.spell_number(5, 5, 2), 4, "minus higher: one down, whatever the difference")
  T.eq(magic.spell_number(5, 4, 4), 5, "equal: the spell nominated")
  T.eq(magic.spell_number(1, 3, 2), nil, "below 1: no spell")
  T.eq(magic.spell_number(12, 2, 3), nil, "above 12: no spell")
  local r = magic.roll(7, dice.forced({ 2, 5 }))
  T.eq({ r.nominated, r.spell, r.minus, r.plus, r.shift }, { 7, 8, 2, 5, 1 })
end)

-- Exact: P(plus > minus) = P(minus > plus) = 13/36, P(equal) = 10/36 for two
-- dice 2,3,3,4,4,5 (faces 2 and 5 once, 3 and 4 twice: equal 1+4+4+1 = 10).
T.case("WRG 1973 APPENDIX IV MAGICIANS: exact odds of the spell roll", function()
  local function as_map(list) local m = {} for _, o in ipairs(list) do m[o.spell] = o.p end return m end
  local m = as_map(magic.odds(5))
  T.near(m[4], 13 / 36, 1e-12, "spell 4")
  T.near(m[5], 10 / 36, 1e-12, "spell 5")
  T.near(m[6], 13 / 36, 1e-12, "spell 6")
  local edge = as_map(magic.odds(1))
  T.near(edge[0], 13 / 36, 1e-12, "nominating 1: no spell 13/36")
  T.near(edge[1], 10 / 36, 1e-12)
  T.near(edge[2], 13 / 36, 1e-12)
  -- the same by counting the 36 pairs of faces by hand
  local up, down, same = 0, 0, 0
  for _, a in ipairs(magic.REGULAR_DIE) do
    for _, b in ipairs(magic.REGULAR_DIE) do
      if b > a then up = up + 1 elseif a > b then down = down + 1 else same = same + 1 end
    end
  end
  T.eq({ up, down, same }, { 13, 13, 10 })
end)

T.case("WRG 1973 APPENDIX IV states: petrified 2 periods, frog 3, invisible 3, snoozing 2, stone for ever", function()
  T.eq(S.KINDS.petrified.periods, 2)
  T.eq(S.KINDS.frog.periods, 3)
  T.eq(S.KINDS.invisible.periods, 3)
  T.eq(S.KINDS.snoozing.periods, 2)
  T.eq(S.KINDS.eating.periods, 1)
  T.eq(S.KINDS.stone.periods, nil)
  local st = {}
  S.set(st, "frog")
  S.set(st, "stone")
  T.truthy(S.flag(st, "no_magic") and S.flag(st, "no_move") and S.flag(st, "immune"))
  T.eq(S.tick(st), {})
  T.eq(S.tick(st), {})
  T.eq(S.tick(st), { "frog" }, "the frog's 3 periods run out at the third tick")
  T.truthy(S.has(st, "stone"), "stone stays")
  T.eq(S.flag(st, "no_magic"), false)
  T.truthy(S.flag({ invisible = 2 }, "untargetable"))
  T.eq(pcall(S.set, {}, "toad"), false, "an unknown state is an error")
end)

T.case("WRG 1973 APPENDIX IV zones: sanctity 100, abashing 100, Moslem saints 150, materialisation 100", function()
  T.eq(Z.KINDS.sanctity.radius, 100)
  T.eq(Z.KINDS.abashing.radius, 100)
  T.eq(Z.KINDS.abashing.reaction, -1)
  T.eq(Z.KINDS.exhortation.radius, 150)
  T.eq(Z.KINDS.exhortation.reaction, 3)
  T.eq(Z.KINDS.materialisation.radius, 100)
  local zones = { Z.zone("sanctity", 7, 1), Z.zone("exhortation", 3, 2), Z.zone("sanctity", 9, 2) }
  local dist = { [7] = 120, [3] = 140, [9] = 60 }
  local inside = Z.inside(zones, "sanctity", function(src) return dist[src] end)
  T.eq(#inside, 1)
  T.eq(inside[1].zone.source, 9)
  T.eq(#Z.inside(zones, nil, function(src) return dist[src] end), 2)
  -- spell 2's path through a zone
  T.truthy(Z.path_crosses(0, 0, 100, 0, 50, 10, 20), "passes 10 from the centre of a 20 zone")
  T.eq(Z.path_crosses(0, 0, 100, 0, 50, 30, 20), false, "passes 30 away")
  T.eq(Z.path_crosses(0, 0, 100, 0, 130, 0, 20), false, "stops 30 short")
end)

T.case("WRG 1973 APPENDIX IV allegiances: trolls only for chaos, saints never for chaos", function()
  local troll = { id = "troll", name = "Trolls", only_for = "chaos" }
  local saint = { id = "saint", name = "Saint", never_for = "chaos" }
  T.eq(A.may_serve(troll, "chaos"), true)
  T.eq(A.may_serve(troll, "law"), false)
  T.eq(A.may_serve(saint, "chaos"), false)
  T.eq(A.may_serve(saint, "law"), true)
  T.eq(A.may_serve(troll, nil), true, "an army that names no allegiance")
  T.eq(A.first_of_chaos({ saint, { id = "elf" }, troll }), troll, "SAINT: a side including creatures of chaos")
  T.eq(A.first_of_chaos({ saint, { id = "elf" } }), nil)
end)

T.case("Creatures as data: a declaration is checked against the host's terms, each problem at file and line", function()
  local vocab = { move = { HI = true }, vulnerability = { SHC = true }, fighting = { axe = true }, reaction = { D = true },
                  traits = { mythical = true } }
  local ok = C.check({ id = "wyvern", points = 60, counts_as = { move = "HI", vulnerability = "SHC", fighting = "axe", reaction = "D" },
                       traits = { "mythical" } }, vocab, "mods/x.lua", 4)
  T.eq(ok, {})
  local bad = C.check({ id = "wyvern", points = -1, counts_as = { move = "HJ", vulnerability = "SHC", fighting = "axe" },
                        traits = { "flying_teeth" }, colour = "green" }, vocab, "mods/x.lua", 4)
  local text = {}
  for _, p in ipairs(bad) do
    T.eq(p.file, "mods/x.lua"); T.eq(p.line, 4)
    text[#text + 1] = p.message
  end
  local all = table.concat(text, "\n")
  T.truthy(all:find("unknown key 'colour'", 1, true), all)
  T.truthy(all:find("'points' must be a number of at least 0", 1, true), all)
  T.truthy(all:find("counts_as.move = \"HJ\" is not a term this ruleset knows (expected one of HI)", 1, true), all)
  T.truthy(all:find("counts_as.reaction is missing", 1, true), all)
  T.truthy(all:find("unknown trait \"flying_teeth\"", 1, true), all)
end)
