-- The Saracen Host: WRG 1973 Appendix IV's Moslem saint with a magician
-- and war elephants, fielded in Historicon through the fantasy pack's
-- documented "counts as" designations
-- (rulesets/modules/fantasy/historicon/pack.lua). With the option
-- `fantasy` the Moslem saint adds 3 to the integrity of his side within
-- 150 paces and homes on an enemy Christian saint within 100 paces for a
-- theological discussion; the magician casts the twelve spells
-- (rulesets/modules/fantasy/historicon/battle.lua). Checked against the
-- fantasy army composition limits.
return army {
  name = "The Saracen Host",
  period = "fantasy",
  fantasy = true,
  allegiance = "law",
  points_limit = 300,
  units = {
    unit { id = "mamluks", name = "Mamluks", troop = "ARA HC", figures = 12, ranks = 2 },
    unit { id = "magician", name = "The magician of Baghdad and his acolytes", creature = "magician", figures = 8, ranks = 2 },
    unit { id = "foot", name = "Spearmen of the city", troop = "ARA HIS", figures = 24, ranks = 4 },
    unit { id = "daylami", name = "Daylami foot", troop = "ARA HIN", figures = 24, ranks = 4 },
    unit { id = "guard", name = "The Emir and his foot guard", troop = "ARA HIN-A", figures = 24, ranks = 4, general = true },
    unit { id = "militia", name = "Militia of the faithful", troop = "ARA HIN", figures = 24, ranks = 4 },
    unit { id = "imam", name = "The holy imam and his disciples", creature = "moslem_saint", figures = 8, ranks = 2 },
    unit { id = "archers", name = "Archers", troop = "ARA LI", figures = 16, ranks = 2 },
    unit { id = "elephants", name = "War elephants", troop = "ARA EI", figures = 6, ranks = 1 },
  },
}
