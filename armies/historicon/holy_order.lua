-- The Holy Order: a crusading army of WRG 1973 Appendix IV's saints,
-- fielded in Historicon through the fantasy pack's documented "counts as"
-- designations (rulesets/modules/fantasy/historicon/pack.lua): a warrior
-- saint as drilled knights with his following, a saint and his flock, a
-- hero and his companions. With the option `fantasy` the saints hold zones
-- of sanctity, the warrior saint leads as a rash general (+1 to his side
-- within 150 paces), the Christian saint argues with any Moslem saint
-- within 100 paces (rulesets/modules/fantasy/historicon/battle.lua).
-- Checked against the fantasy army composition limits.
return army {
  name = "The Holy Order",
  period = "fantasy",
  fantasy = true,
  allegiance = "law",
  points_limit = 300,
  units = {
    unit { id = "master", name = "The Grand Master's sergeants", troop = "ARA HIN-A", figures = 24, ranks = 4, general = true },
    unit { id = "brothers", name = "Brother knights", troop = "ERA KC", figures = 8, ranks = 1 },
    unit { id = "warrior_saint", name = "Saint Maurice and his following", creature = "warrior_saint", figures = 8, ranks = 1 },
    unit { id = "pilgrims", name = "Armed pilgrims", troop = "ARA HIN", figures = 24, ranks = 4 },
    unit { id = "men_at_arms", name = "Men-at-arms", troop = "ARA HIN-A", figures = 24, ranks = 4 },
    unit { id = "crossbows", name = "Crossbowmen", troop = "ARA LI", figures = 16, ranks = 2 },
    unit { id = "saint", name = "Saint Anselm and his flock", creature = "saint", figures = 8, ranks = 2 },
    unit { id = "hero", name = "Sir Bertrand and his companions", creature = "hero", figures = 8, ranks = 2 },
    unit { id = "turcopoles", name = "Turcopoles", troop = "ARA LC", figures = 12, ranks = 1 },
    unit { id = "sergeants", name = "Mounted sergeants", troop = "ARA HC", figures = 12, ranks = 2 },
    unit { id = "spears", name = "Spearmen of the Order", troop = "ARA HIS", figures = 24, ranks = 4 },
  },
}
