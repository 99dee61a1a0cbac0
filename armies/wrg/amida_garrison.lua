-- The Roman garrison of Amida, 359 AD (Ammianus XIX): detachments of
-- legionaries, the archers of the walls and bolt-throwers, under the
-- comes. A garrison for the sieges module (scenarios/wrg/siege_amida.yaml):
-- the walls it holds are the scenario's.
return army {
  name = "Garrison of Amida",
  period = "359 AD",
  nation = "Roman",
  points_limit = 1000,
  units = {
    unit { id = "magnentiaci", name = "Legio Magnentiaci", type = "HI", class = "C", regular = true,
           weapons = { "long_spear", "javelin" }, figures = 12, ranks = 2 },
    unit { id = "decentiaci", name = "Legio Decentiaci", type = "HI", class = "C", regular = true,
           weapons = { "long_spear", "javelin" }, figures = 12, ranks = 2 },
    unit { id = "sagittarii", name = "Sagittarii of the walls", type = "LI", class = "C", regular = true,
           weapons = { "bow" }, figures = 8, ranks = 2 },
    unit { id = "superventores", name = "Superventores", type = "LHI", class = "C", regular = true,
           weapons = { "long_spear", "darts" }, figures = 12, ranks = 2 },
    unit { id = "comes", name = "Aelianus the comes and his guard", type = "HI", class = "B", regular = true,
           weapons = { "long_spear", "javelin" }, figures = 8, ranks = 2, general = "c_in_c" },
  },
}
