-- The WRG pack of WRG 1973 Appendix IV: each creature's price and "counts
-- as" terms against the text, and creatures in army lists (the checker's
-- expansion, and its problems at file and line).
local T = require("lib.testing")
local A = require("modules.fantasy.wrg.army")
local armies = require("wrg.armies")

local P = A.PACK

local function ca(id) local c = P[id].counts_as; return { c.move, c.vulnerability, c.fighting, c.reaction } end

T.case("WRG 1973 APPENDIX IV: every creature of the pack is well declared", function()
  local n = 0
  for _ in pairs(P) do n = n + 1 end
  T.eq(A.PACK_PROBLEMS, {}, "the pack checks clean against WRG's terms")
  T.eq(n, 19, "saint, warrior saint, Moslem saint, hero, 3 elves, dragon, troll, giant, ent, goblin, wolf rider, demon, crows, basilisk, dwarf, 2 magicians")
end)

T.case("WRG 1973 APPENDIX IV SAINT: 100 points, an unarmed shieldless medium infantryman, martyr 125", function()
  T.eq(P.saint.points, 100)
  T.eq(ca("saint"), { "MI", "MI", "missile_man", "A" })
  T.eq(P.saint.shield, false)
  T.eq(P.saint.never_for, "chaos")
end)

T.case("WRG 1973 APPENDIX IV WARRIOR SAINT: 25 points more, super heavy cavalry with kontos, martyr 150", function()
  T.eq(P.warrior_saint.points, P.saint.points + 25)
  T.eq(ca("warrior_saint"), { "SHC", "SHC", "kontos", "A" })
  T.truthy(P.warrior_saint.single, "one figure that fights like a normal figure")
end)

T.case("WRG 1973 APPENDIX IV MOSLEM SAINTS: as unarmed Christian saints", function()
  T.eq(ca("moslem_saint"), ca("saint"))
  T.eq(P.moslem_saint.points, P.saint.points)
end)

T.case("WRG 1973 APPENDIX IV HERO: 50 points", function() T.eq(P.hero.points, 50) end)

T.case("WRG 1973 APPENDIX IV ELVES: 10 points as LI archers or spearmen, 20 as heavy cavalry with lance", function()
  T.eq({ P.elf_archer.points, P.elf_spearman.points, P.elf_knight.points }, { 10, 10, 20 })
  T.eq(ca("elf_archer")[1], "LI")
  T.eq(P.elf_archer.missile, "bow")
  T.eq(ca("elf_knight"), { "HC", "HC", "kontos", "B" })
end)

T.case("WRG 1973 APPENDIX IV DRAGONS: 100 points, D barbarian, SHC, flies 200, flames at 40 as 5 javelins, 5 SHC with kontos", function()
  local d = P.dragon
  T.eq(d.points, 100)
  T.eq(ca("dragon"), { "SHC", "SHC", "kontos", "D" })
  T.eq(d.regular, nil)
  T.eq(d.flies, 200)
  T.eq({ d.missile, d.missile_range, d.figures_per_model, d.single }, { "javelin", 40, 5, true })
end)

T.case("WRG 1973 APPENDIX IV TROLLS: 25 points, D, SHC vulnerability, HI mobility, axe, no missiles, only chaos", function()
  T.eq(P.troll.points, 25)
  T.eq(ca("troll"), { "HI", "SHC", "axe", "D" })
  T.eq(P.troll.missile, nil)
  T.eq(P.troll.only_for, "chaos")
end)

T.case("WRG 1973 APPENDIX IV GIANTS: 50 points, D units, HI vulnerability, MI movement, 5 axemen, boulders 100 as 3 crossbows", function()
  T.eq(P.giant.points, 50)
  T.eq(ca("giant"), { "MI", "HI", "axe", "D" })
  T.eq({ P.giant.figures_per_model, P.giant.missile, P.giant.missile_range }, { 5, "crossbow", 100 })
end)

T.case("WRG 1973 APPENDIX IV ENTS: 25 points, move as LMI, receive blows as SHC, deal them as axemen", function()
  T.eq(P.ent.points, 25)
  T.eq(ca("ent"), { "LMI", "SHC", "axe", "D" })
end)

T.case("WRG 1973 APPENDIX IV GOBLINS AND ORCS: 5 points, fanatic shieldless LMI E archers, horse archers' range; on wolves 10", function()
  T.eq(P.goblin.points, 5)
  T.eq(ca("goblin"), { "LMI", "LMI", "missile_man", "E" })
  T.eq({ P.goblin.shield, P.goblin.missile, P.goblin.missile_range }, { false, "bow", 120 })
  T.eq(P.wolf_rider.points, 10)
  T.eq(ca("wolf_rider")[1], "LC")
end)

T.case("WRG 1973 APPENDIX IV DEMONS: 10 points, otherwise as goblins", function()
  T.eq(P.demon.points, 10)
  T.eq(ca("demon")[1], "LMI")
  T.eq(ca("demon")[4], "E")
end)

T.case("WRG 1973 APPENDIX IV TAME CROWS: 25 points, light cavalry speed, shielded LC vulnerability", function()
  T.eq(P.tame_crows.points, 25)
  T.eq(ca("tame_crows")[2], "LC")
  T.eq(P.tame_crows.shield, true)
  T.eq(P.tame_crows.flies, 160, "the light cavalry's normal move")
end)

T.case("WRG 1973 APPENDIX IV BASILISK: 10 points, HI mobility, SHC vulnerability", function()
  T.eq(P.basilisk.points, 10)
  T.eq({ ca("basilisk")[1], ca("basilisk")[2] }, { "HI", "SHC" })
end)

T.case("WRG 1973 APPENDIX IV DWARVES: 10 points, two-handed axes, HI vulnerability and mobility", function()
  T.eq(P.dwarf.points, 10)
  T.eq({ ca("dwarf")[1], ca("dwarf")[2], ca("dwarf")[3] }, { "HI", "HI", "axe" })
end)

T.case("WRG 1973 APPENDIX IV MAGICIANS: 150 points, medium infantry with sword only, shieldless", function()
  T.eq(P.magician.points, 150)
  T.eq(ca("magician"), { "MI", "MI", "javelin", "B" }, "sword-only infantry fight on the javelin row (WRG: assumed to have throwing weapons)")
  T.eq(P.magician.shield, false)
end)

local function check(text)
  local army, problems = armies.load_text(text, "armies/wrg/test_fantasy.lua")
  if not army then return problems end
  return armies.check(army)
end

T.case("Creatures in WRG army lists: fielded from the pack, priced by the appendix", function()
  local army = armies.load_text([[
return army {
  name = "Dark", allegiance = "chaos",
  units = {
    unit { id = "boss", type = "HC", class = "B", regular = false, weapons = { "lance" }, figures = 8, general = "c_in_c" },
    unit { id = "smaug", creature = "dragon", figures = 1 },
    unit { id = "trolls", creature = "troll", figures = 6 },
  },
}]], "armies/wrg/t.lua")
  T.eq(armies.check(army), {})
  local units = armies.units(army)
  T.eq(units[2].type, "SHC")
  T.eq(units[2].figures, 5, "a dragon fights and dies as 5 figures")
  T.eq(armies.unit_points(units[2]), 100)
  T.eq(armies.unit_points(units[3]), 150, "6 trolls at 25 points")
end)

T.case("Creatures in WRG army lists: each problem at its file and line", function()
  local problems = check([[
return army {
  name = "Bad", allegiance = "law",
  creatures = {
    creature { id = "wyvern", points = 60, counts_as = { move = "HJ", vulnerability = "SHC", fighting = "axe", reaction = "D" } },
  },
  units = {
    unit { id = "boss", type = "HC", class = "B", regular = false, weapons = { "lance" }, figures = 8, general = "c_in_c" },
    unit { id = "trolls", creature = "troll", figures = 6 },
    unit { id = "smaug", creature = "dragn", figures = 1 },
    unit { id = "two", creature = "dragon", figures = 2 },
  },
}]])
  local by_line = {}
  for _, p in ipairs(problems) do
    T.eq(p.file, "armies/wrg/test_fantasy.lua")
    by_line[p.line] = (by_line[p.line] or "") .. p.message
  end
  T.truthy(by_line[4] and by_line[4]:find("counts_as.move = \"HJ\"", 1, true), "line 4: " .. tostring(by_line[4]))
  T.truthy(by_line[8] and by_line[8]:find("Trolls can only fight for chaos", 1, true), "line 8: " .. tostring(by_line[8]))
  T.truthy(by_line[9] and by_line[9]:find("unknown creature \"dragn\"", 1, true), "line 9: " .. tostring(by_line[9]))
  T.truthy(by_line[10] and by_line[10]:find("a unit of one model (figures = 1)", 1, true), "line 10: " .. tostring(by_line[10]))
end)

T.case("Creatures in WRG army lists: a creature declared in the army file", function()
  local problems = check([[
return army {
  name = "Mod", allegiance = "chaos",
  creatures = {
    creature { id = "wyvern", name = "Wyvern", points = 60, single = true, figures_per_model = 3, flies = 200,
               counts_as = { move = "HC", vulnerability = "SHC", fighting = "axe", reaction = "D" },
               traits = { "mythical", "unnatural" } },
  },
  units = {
    unit { id = "boss", type = "HC", class = "B", regular = false, weapons = { "lance" }, figures = 8, general = "c_in_c" },
    unit { id = "wyv", creature = "wyvern", figures = 1 },
  },
}]])
  T.eq(problems, {})
end)

T.case("WRG 1973 APPENDIX IV SAINT: he will not appear on behalf of any side including creatures of chaos", function()
  local problems = check([[
return army {
  name = "Mixed",
  units = {
    unit { id = "boss", type = "HC", class = "B", regular = false, weapons = { "lance" }, figures = 8, general = "c_in_c" },
    unit { id = "st", creature = "saint", figures = 1 },
    unit { id = "gobs", creature = "goblin", figures = 20 },
  },
}]])
  T.eq(#problems, 1)
  T.eq(problems[1].line, 5)
  T.truthy(problems[1].message:find("a saint will not appear on behalf of a side including creatures of chaos (Goblins)", 1, true),
    problems[1].message)
end)
