-- A Roman marching camp's garrison in Britain, 60 AD: legionaries, an
-- auxiliary cohort, archers, under a tribune. The legionaries carry
-- caltrops ("A Roman or Byzantine infantry unit can carry enough caltrops
-- ..."). A garrison for the sieges module (scenarios/wrg/siege_camp.yaml).
return army {
  name = "Roman marching camp",
  period = "60 AD",
  nation = "Roman",
  points_limit = 1000,
  units = {
    unit { id = "legio", name = "Cohort of Legio IX Hispana", type = "HI", class = "C", regular = true,
           weapons = { "pilum", "javelin" }, figures = 12, ranks = 2 },
    unit { id = "legio_b", name = "Second cohort of Legio IX", type = "HI", class = "C", regular = true,
           weapons = { "pilum", "javelin" }, figures = 12, ranks = 2 },
    unit { id = "auxilia", name = "Cohors I Tungrorum", type = "LHI", class = "C", regular = true,
           weapons = { "javelin" }, figures = 12, ranks = 2 },
    unit { id = "sagittarii", name = "Archers of the camp", type = "LI", class = "C", regular = true,
           weapons = { "bow" }, figures = 8, ranks = 2 },
    unit { id = "tribune", name = "The tribune and his guard", type = "HI", class = "B", regular = true,
           weapons = { "pilum", "javelin" }, figures = 6, ranks = 2, general = "c_in_c" },
  },
}
