-- The fantasy packs for Historicon and Phalanx: our documented "counts as"
-- adaptations of WRG 1973 Appendix IV's creatures (each a designation or a
-- class of the host's own), and creatures in their army lists: expanded by
-- the army checkers, each problem at its file and line.
local T = require("lib.testing")
local HA = require("modules.fantasy.historicon.army")
local PA = require("modules.fantasy.phalanx.army")
local h_armies = require("historicon.armies")
local p_armies = require("phalanx.armies")
local p_troops = require("phalanx.troops")

local function by_line(problems)
  local out = {}
  for _, p in ipairs(problems) do out[p.line] = (out[p.line] or "") .. p.message .. "\n" end
  return out
end

T.case("Historicon fantasy pack: every creature counts as a designation Historicon knows", function()
  T.eq(HA.problems, {})
  local want = {
    dragon = "EIF KC-A", troll = "AIF HIW", giant = "AIF HIN-A", ent = "AIF HIN-A", goblin = "GIF LI",
    wolf_rider = "GIF LC", demon = "GIF LI", basilisk = "ARA HIN-A", elf_archer = "ARA LI", elf_spearman = "ARA HIS",
    elf_knight = "ERA HC", dwarf = "ARA HIN-A",
    -- with the option `fantasy` (historicon/battle.lua): units of 8 or more
    saint = "ARA HIN", hero = "ARA HC", magician = "ARA HIN", black_magician = "ARA HIN", crows = "GIF LC",
  }
  local n = 0
  for id, c in pairs(HA.index) do
    n = n + 1
    T.eq(c.counts_as.troop, want[id], id)
  end
  T.eq(n, 17)
  T.eq(HA.index.troll.only_for, "chaos", "TROLLS: \"Trolls can only fight for chaos.\"")
end)

T.case("Historicon fantasy pack: creatures in an army list become units, problems at their lines", function()
  local army = h_armies.load_text([[
return army {
  name = "Dark", fantasy = true, allegiance = "chaos",
  creatures = {
    creature { id = "wyrm", name = "Wyrm", points = 0, counts_as = { troop = "EIF XX" } },
  },
  units = {
    unit { id = "boss", troop = "AIF HIW", figures = 32, ranks = 4, general = true },
    unit { id = "trolls", creature = "troll", figures = 24, ranks = 2 },
    unit { id = "gobs", creature = "gobbo", figures = 24, ranks = 2 },
    unit { id = "drag", creature = "dragon", troop = "ARA HC", figures = 16, ranks = 1 },
  },
}]], "armies/historicon/t.lua")
  local lines = by_line(h_armies.check(army))
  T.truthy(lines[4] and lines[4]:find("counts_as.troop = \"EIF XX\"", 1, true), tostring(lines[4]))
  T.truthy(lines[9] and lines[9]:find("unknown creature \"gobbo\"", 1, true), tostring(lines[9]))
  T.truthy(lines[10] and lines[10]:find("'troop' comes from creature \"dragon\"", 1, true), tostring(lines[10]))
  T.eq(lines[8], nil, "the trolls are fine in a chaos army")
  local units = h_armies.units(army)
  T.eq(units[2].troop, "AIF HIW")
  T.eq(units[2].class, "HI")
end)

T.case("Phalanx fantasy pack: every creature counts as a class, integrity and army class Phalanx allows", function()
  T.eq(PA.problems, {})
  local n = 0
  for id, c in pairs(PA.index) do
    n = n + 1
    local cls = p_troops.classes[c.counts_as.class]
    T.truthy(cls, id .. ": a Phalanx class")
    local ok = false
    for _, i in ipairs(cls.integrity) do if i == c.counts_as.integrity then ok = true end end
    T.truthy(ok, id .. ": " .. c.counts_as.class .. " may be integrity " .. c.counts_as.integrity)
  end
  T.eq(n, 16, "the appendix's 12 and, for the option, saint, magician, black magician, crows")
  T.eq(PA.index.dragon.counts_as, { class = "CAT", integrity = "V", army = "IF" })
end)

T.case("Phalanx fantasy pack: creatures in an army list become vignettes, problems at their lines", function()
  local path = "armies/phalanx/chaos_horde.lua"
  local army = p_armies.load_text([[
return army {
  name = "Dark", period = "fantasy", activation_points = 3, allegiance = "law",
  vignettes = {
    vignette { id = "g", name = "Boss", class = "HIW", integrity = "IV", army = "IF", part = "centre", general = true },
    vignette { id = "t", name = "Trolls", creature = "troll", part = "centre" },
    vignette { id = "d", name = "Dragon", creature = "dragon", part = "left" },
  },
}]], path)
  local lines = by_line(p_armies.check(army, p_troops))
  T.truthy(lines[5] and lines[5]:find("Trolls can only fight for chaos", 1, true), tostring(lines[5]))
  local v = p_armies.vignettes(army)
  T.eq({ v[3].class, v[3].integrity, v[3].army, v[3].name, v[3].line }, { "CAT", "V", "IF", "Dragon", 6 })
end)
