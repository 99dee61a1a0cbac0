-- Sassanid Persian, 225 - 640 AD: "Eastern cavalry: Kontos or thrusting
-- spear and bow" (TROOPS ENTITLED TO MORE THAN ONE CLASS OF WEAPON) as the
-- armoured cavalry of the clans (extra heavy) and the king's guard (super
-- heavy: "men in full iron armour ... They do not need shields"),
-- elephants with bow crews, levy foot "of doubtful fighting value" (E), and
-- light horse archers.
return army {
  name = "Sassanid Persian",
  period = "225 - 640 AD",
  nation = "Persian",
  points_limit = 1000,
  units = {
    unit { id = "guard", name = "The Shahanshah and the Immortals", type = "SHC", class = "A", regular = true,
           weapons = { "kontos", "bow" }, figures = 8, ranks = 2, shield = false, general = "c_in_c" },
    unit { id = "asawaran", name = "Asawaran of the clans", type = "EHC", class = "B", regular = false,
           weapons = { "kontos", "bow" }, figures = 10, ranks = 2 },
    unit { id = "asawaran_b", name = "Asawaran of the Suren", type = "EHC", class = "C", regular = false,
           weapons = { "kontos", "bow" }, figures = 8, ranks = 2 },
    unit { id = "elephants", name = "Elephants", type = "EL", class = "C", regular = false,
           figures = 2, crew = { "bow", "javelin" } },
    unit { id = "paighan", name = "Paighan levies", type = "MI", class = "E", regular = false,
           weapons = { "spear" }, figures = 30, ranks = 3 },
    unit { id = "archers", name = "Daylami archers", type = "LI", class = "C", regular = false,
           weapons = { "bow" }, figures = 12, ranks = 2 },
    unit { id = "horse_archers", name = "Light horse archers", type = "LC", class = "C", regular = false,
           weapons = { "bow" }, figures = 10, ranks = 1, shield = false },
  },
}
