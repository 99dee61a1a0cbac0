-- The Dark Host: a chaos army of WRG 1973 Appendix IV ("Suggested adaptions
-- for Sword and Sorcery fanatics"), every creature from the fantasy pack
-- (rulesets/modules/fantasy/wrg/pack.lua) at the appendix's prices. Plays
-- with `options: [fantasy]` (docs/modules/fantasy.md).
return army {
  name = "The Dark Host",
  period = "Sword and Sorcery",
  allegiance = "chaos",
  points_limit = 1000,
  units = {
    unit { id = "warlord", name = "The Warlord's wolf-guard", type = "HC", class = "B", regular = false,
           weapons = { "lance" }, figures = 8, ranks = 2, general = "c_in_c" },
    unit { id = "smaug", name = "The Dragon", creature = "dragon", figures = 1 },
    unit { id = "trolls", name = "Hill trolls", creature = "troll", figures = 6, ranks = 2 },
    unit { id = "goblins", name = "Goblin archers", creature = "goblin", figures = 24, ranks = 2 },
    unit { id = "wolves", name = "Orcs on giant wolves", creature = "wolf_rider", figures = 10, ranks = 2 },
    unit { id = "giant", name = "The Giant", creature = "giant", figures = 1 },
    unit { id = "sorcerer", name = "The Black Sorcerer", creature = "black_magician", figures = 1 },
    unit { id = "demons", name = "Four-armed demons", creature = "demon", figures = 8, ranks = 2 },
    unit { id = "basilisks", name = "Basilisks", creature = "basilisk", figures = 5 },
  },
}
