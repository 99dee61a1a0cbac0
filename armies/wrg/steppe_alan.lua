-- Alan raiders on the Kuban steppe, 3rd century AD, assaulting a frontier
-- post in high summer: their subject foot carry firebrands to fire the grass
-- upwind of the stockade and scaling ladders; horse archers and lancers wait
-- for the way in. An army for the sieges module
-- (scenarios/wrg/siege_steppe_fire.yaml); the fire and the ladders are the
-- scenario's. An illustration (no source describes this raid), built from
-- the troop types of WRG's lists.
return army {
  name = "Alan raiders",
  period = "250 AD",
  nation = "Sarmatian",
  points_limit = 1000,
  units = {
    unit { id = "firebrands", name = "Maeotian foot with firebrands", type = "LMI", class = "D", regular = false,
           weapons = { "javelin" }, figures = 12, ranks = 1 },
    unit { id = "firebrands_b", name = "More Maeotian firebrands", type = "LMI", class = "D", regular = false,
           weapons = { "javelin" }, figures = 12, ranks = 1 },
    unit { id = "ladders", name = "Maeotian foot with ladders", type = "LMI", class = "D", regular = false,
           weapons = { "spear", "javelin" }, figures = 16, ranks = 2 },
    unit { id = "ladders_b", name = "Second ladder party", type = "LMI", class = "D", regular = false,
           weapons = { "spear", "javelin" }, figures = 16, ranks = 2 },
    unit { id = "horse_archers", name = "Alan horse archers", type = "LC", class = "C", regular = false,
           weapons = { "bow", "javelin" }, figures = 12, ranks = 1 },
    unit { id = "lancers", name = "Alan lancers", type = "HC", class = "C", regular = false,
           weapons = { "kontos" }, figures = 8, ranks = 2 },
    unit { id = "chief", name = "The Alan chief and his retinue", type = "HC", class = "B", regular = false,
           weapons = { "kontos", "bow" }, figures = 6, ranks = 2, general = "c_in_c" },
  },
}
