-- Caesar's landing in Britain, 55 BC (de Bello Gallico IV.24-26): cohorts
-- of the Seventh and Tenth legions and the archers and slingers of the
-- warships, each ship's company one unit. A landing force for the sieges
-- module's ship-to-shore rules (scenarios/wrg/siege_landing.yaml).
return army {
  name = "Caesar's landing force",
  period = "55 BC",
  nation = "Roman",
  points_limit = 1000,
  units = {
    unit { id = "aquilifer", name = "The eagle-bearer's cohort of the Tenth", type = "HI", class = "A", regular = true,
           weapons = { "pilum", "javelin" }, figures = 16, ranks = 2 },
    unit { id = "tenth_b", name = "Second cohort of the Tenth", type = "HI", class = "B", regular = true,
           weapons = { "pilum", "javelin" }, figures = 16, ranks = 2 },
    unit { id = "seventh", name = "Cohort of the Seventh", type = "HI", class = "B", regular = true,
           weapons = { "pilum", "javelin" }, figures = 16, ranks = 2 },
    unit { id = "seventh_b", name = "Second cohort of the Seventh", type = "HI", class = "C", regular = true,
           weapons = { "pilum", "javelin" }, figures = 16, ranks = 2 },
    unit { id = "caesar", name = "Caesar and his staff", type = "HI", class = "A", regular = true,
           weapons = { "pilum", "javelin" }, figures = 6, ranks = 2, general = "c_in_c" },
    unit { id = "slingers", name = "Slingers of the warships", type = "LI", class = "C", regular = true,
           weapons = { "sling" }, figures = 8, ranks = 2 },
  },
}
