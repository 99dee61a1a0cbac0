-- Classical Indian, 500 BC - 545 AD: "Indian infantry: Two-handed sword and
-- bow or javelins" (TROOPS ENTITLED TO MORE THAN ONE CLASS OF WEAPON);
-- elephants "up to 5 models, representing 40 beasts, in an Indian army",
-- their riders with "Pike or bow and javelins"; chariots (six horses, bow
-- and javelin crews: "Eastern charioteers"); cavalry. Barbarians: elephants
-- and chariots "are always classed with the barbarians".
return army {
  name = "Classical Indian",
  period = "500 BC - 545 AD",
  nation = "Indian",
  points_limit = 1000,
  units = {
    unit { id = "elephants", name = "The raja's elephants", type = "EL", class = "B", regular = false,
           figures = 4, crew = { "pike", "bow" }, general = "c_in_c" },
    unit { id = "chariots", name = "Chariots", type = "CH", class = "C", regular = false,
           figures = 4, crew = { "bow", "javelin" }, horses = 4 },
    unit { id = "archers_a", name = "Archers of the right", type = "MI", class = "D", regular = false,
           weapons = { "two_handed_sword", "bow" }, figures = 24, ranks = 3, shield = false },
    unit { id = "archers_b", name = "Archers of the left", type = "MI", class = "D", regular = false,
           weapons = { "two_handed_sword", "bow" }, figures = 24, ranks = 3, shield = false },
    unit { id = "archers_c", name = "Archers of the centre", type = "MI", class = "D", regular = false,
           weapons = { "two_handed_sword", "bow" }, figures = 24, ranks = 3, shield = false },
    unit { id = "javelinmen", name = "Javelinmen", type = "LI", class = "D", regular = false,
           weapons = { "javelin" }, figures = 12, ranks = 2 },
    unit { id = "horse", name = "Cavalry", type = "MC", class = "D", regular = false,
           weapons = { "spear", "javelin" }, figures = 10, ranks = 2 },
  },
}
