-- Achaemenid Persian at Issus, 333 BC: a 1,500-point army with a
-- subordinate General (Nabarzanes with the horse of the right, by the sea)
-- and Darius's Greek mercenary hoplites (allegiance "mercenary": THE
-- REACTION TEST 2(ix), "Mercenaries other than arabs will march home in good
-- order if they get better than "Halt"" in the army reaction test). The
-- troops of the 1,000-point list (achaemenid_persian.lua) and the Cardaces
-- as Persian medium infantry with spears.
return army {
  name = "Achaemenid Persian (Issus)",
  period = "550 BC - 330 BC",
  nation = "Persian",
  points_limit = 1500,
  units = {
    unit { id = "mercenaries", name = "Greek mercenary hoplites", type = "HI", class = "C", regular = true,
           weapons = { "spear" }, figures = 32, ranks = 4, allegiance = "mercenary" },
    unit { id = "immortals", name = "The Immortals", type = "MI", class = "B", regular = true,
           weapons = { "spear", "bow" }, figures = 24, ranks = 4 },
    unit { id = "sparabara", name = "Sparabara", type = "MI", class = "C", regular = true,
           weapons = { "spear", "bow" }, figures = 24, ranks = 4 },
    unit { id = "cardaces", name = "Cardaces", type = "MI", class = "C", regular = true,
           weapons = { "spear" }, figures = 24, ranks = 4 },
    unit { id = "levy", name = "Levies of the subject peoples", type = "LI", class = "E", regular = false,
           weapons = { "javelin" }, figures = 30, ranks = 3, allegiance = "subject" },
    unit { id = "horse_a", name = "Persian horse", type = "MC", class = "C", regular = true,
           weapons = { "spear", "bow" }, figures = 12, ranks = 2 },
    unit { id = "nabarzanes", name = "Nabarzanes and the horse of the right", type = "HC", class = "B", regular = true,
           weapons = { "spear", "bow" }, figures = 12, ranks = 2, general = "subordinate" },
    unit { id = "guard", name = "Darius and his kinsmen", type = "HC", class = "A", regular = true,
           weapons = { "spear", "bow" }, figures = 8, ranks = 2, general = "c_in_c" },
    unit { id = "saka", name = "Saka horse archers", type = "LC", class = "C", regular = false,
           weapons = { "bow" }, figures = 10, ranks = 1, shield = false },
    unit { id = "chariots", name = "Chariots", type = "CH", class = "C", regular = false,
           figures = 4, crew = { "javelin" }, horses = 4 },
  },
}
