-- The Chaos Horde: creatures of WRG 1973 Appendix IV fielded in Phalanx
-- through the fantasy pack's documented "counts as" classes
-- (rulesets/modules/fantasy/phalanx/pack.lua): a dragon as cataphracts of
-- integrity V, trolls as a heavy warband, giants and basilisks as heavy
-- infantry, goblins, demons and wolf riders as light troops. With the option
-- `fantasy` (rulesets/modules/fantasy/phalanx/battle.lua) the dragon flies
-- and the Black Sorcerer casts the twelve spells; the demons stand in line
-- with him (they leave without a black magician within 100 paces). All
-- informal: base activation points 3, one for each command part.
return army {
  name = "The Chaos Horde",
  period = "Sword and Sorcery",
  allegiance = "chaos",
  activation_points = 3,
  key_vignettes = { "dragon" },
  vignettes = {
    vignette { id = "warlord", name = "The Warlord and his black guard", class = "HIW", integrity = "IV", army = "IF",
               part = "centre", general = true },
    vignette { id = "trolls", name = "Hill trolls", creature = "troll", part = "centre", in_line_with = "warlord" },
    vignette { id = "giants", name = "Giants of the fells", creature = "giant", part = "centre" },
    vignette { id = "sorcerer", name = "The Black Sorcerer", creature = "black_magician", part = "centre" },
    vignette { id = "demons", name = "Demons", creature = "demon", part = "centre", in_line_with = "sorcerer" },
    vignette { id = "dragon", name = "The Dragon", creature = "dragon", part = "left" },
    vignette { id = "goblins_left", name = "Goblin archers", creature = "goblin", part = "left", off_main_line = true },
    vignette { id = "wolves_left", name = "Orcs on giant wolves", creature = "wolf_rider", part = "left" },
    vignette { id = "trolls_right", name = "Cave trolls", creature = "troll", part = "right" },
    vignette { id = "goblins_right", name = "Goblin skirmishers", creature = "goblin", part = "right", off_main_line = true },
    vignette { id = "wolves_right", name = "Wolf pack riders", creature = "wolf_rider", part = "right" },
    vignette { id = "warband", name = "Orc warband", class = "LIW", integrity = "III", army = "IF", part = "right" },
  },
}
