-- The Chaos Warhost: creatures of WRG 1973 Appendix IV fielded in
-- Historicon through the fantasy pack's documented "counts as"
-- designations (rulesets/modules/fantasy/historicon/pack.lua): a dragon as
-- elite barded knights, trolls as a warband, giants and basilisks as
-- armoured heavy infantry, goblins and wolf riders as raw light troops.
-- With the option `fantasy` the dragon flies and flames, the Black
-- Sorcerer casts the twelve spells and holds the demons materialised
-- within 100 paces (rulesets/modules/fantasy/historicon/battle.lua). Checked against the
-- fantasy army composition limits.
return army {
  name = "The Chaos Warhost",
  period = "fantasy",
  fantasy = true,
  allegiance = "chaos",
  points_limit = 300,
  units = {
    unit { id = "warlord", name = "The Warlord's black guard", troop = "ARA HIN-A", figures = 24, ranks = 4, general = true },
    unit { id = "trolls", name = "Hill trolls", creature = "troll", figures = 24, ranks = 2 },
    unit { id = "giants", name = "Giants of the fells", creature = "giant", figures = 16, ranks = 2 },
    unit { id = "basilisks", name = "Basilisks", creature = "basilisk", figures = 16, ranks = 2 },
    -- (listed before the goblins: the default deployment puts the first
    -- formed foot beside the last HI unit, the Black Sorcerer)
    unit { id = "demons", name = "Demons of the pit", creature = "demon", figures = 16, ranks = 2 },
    unit { id = "goblins", name = "Goblin archers", creature = "goblin", figures = 36, ranks = 2 },
    unit { id = "wolves", name = "Orcs on giant wolves", creature = "wolf_rider", figures = 16, ranks = 1 },
    unit { id = "dragon", name = "The Dragon", creature = "dragon", figures = 16, ranks = 2 },
    unit { id = "sorcerer", name = "The Black Sorcerer and his acolytes", creature = "black_magician", figures = 8, ranks = 2 },
  },
}
