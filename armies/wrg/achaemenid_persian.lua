-- Achaemenid Persian, 550 - 330 BC: "Assyrian and Achmaenid Persian
-- infantry: Short thrusting spear and bow"; "Eastern cavalry: Kontos or
-- thrusting spear and bow"; levies of subject races as "E" class (and
-- allegiance "subject": THE REACTION TEST 2(ix), in the army reaction test
-- they change sides on a result better than Halt); scythed chariots as
-- ordinary chariots (the rules have no scythes).
return army {
  name = "Achaemenid Persian",
  period = "550 BC - 330 BC",
  nation = "Persian",
  points_limit = 1000,
  units = {
    unit { id = "immortals", name = "The Immortals", type = "MI", class = "B", regular = true,
           weapons = { "spear", "bow" }, figures = 24, ranks = 4 },
    unit { id = "sparabara", name = "Sparabara", type = "MI", class = "C", regular = true,
           weapons = { "spear", "bow" }, figures = 24, ranks = 4 },
    unit { id = "levy", name = "Levies of the subject peoples", type = "LI", class = "E", regular = false,
           weapons = { "javelin" }, figures = 30, ranks = 3, allegiance = "subject" },
    unit { id = "horse_a", name = "Persian horse", type = "MC", class = "C", regular = true,
           weapons = { "spear", "bow" }, figures = 12, ranks = 2 },
    unit { id = "guard", name = "The King and his kinsmen", type = "HC", class = "A", regular = true,
           weapons = { "spear", "bow" }, figures = 8, ranks = 2, general = "c_in_c" },
    unit { id = "saka", name = "Saka horse archers", type = "LC", class = "C", regular = false,
           weapons = { "bow" }, figures = 10, ranks = 1, shield = false },
    unit { id = "chariots", name = "Chariots", type = "CH", class = "C", regular = false,
           figures = 4, crew = { "javelin" }, horses = 4 },
  },
}
