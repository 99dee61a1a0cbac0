-- Ancient British, 55 BC - 84 AD: chariots ("in a Celtic army ... up to 12
-- chariot models"; "Celtic charioteer: Long thrusting spear and javelins"),
-- warbands of Britons ("Figures apparently armed only with a sword are
-- assumed to have throwing weapons as well ... Britons light javelins"),
-- light horse and slingers. Barbarians throughout.
return army {
  name = "Ancient British",
  period = "55 BC - 84 AD",
  nation = "Celtic",
  points_limit = 1000,
  units = {
    unit { id = "chariots", name = "Chariots of the nobles", type = "CH", class = "B", regular = false,
           figures = 8, crew = { "javelin" }, horses = 2, general = "c_in_c" },
    unit { id = "warband_a", name = "Warband of the Catuvellauni", type = "LMI", class = "D", regular = false,
           weapons = { "sword", "javelin" }, figures = 40, ranks = 4 },
    unit { id = "warband_b", name = "Warband of the Trinovantes", type = "LMI", class = "D", regular = false,
           weapons = { "sword", "javelin" }, figures = 40, ranks = 4 },
    unit { id = "warband_c", name = "Warband of the Iceni", type = "LMI", class = "D", regular = false,
           weapons = { "sword", "javelin" }, figures = 30, ranks = 3 },
    unit { id = "horse", name = "Light horse", type = "LC", class = "D", regular = false,
           weapons = { "javelin" }, figures = 10, ranks = 1 },
    unit { id = "slingers", name = "Slingers", type = "LI", class = "D", regular = false,
           weapons = { "sling" }, figures = 12, ranks = 2 },
  },
}
