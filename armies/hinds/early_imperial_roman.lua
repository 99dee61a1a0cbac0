-- Early Imperial Roman, 31 BC - AD 193: legionary cohorts with the pilum
-- ("Roman Pilum Throws (at 5 units and under)"), auxiliary foot and horse,
-- and archers. A cohort fills a clear hexagon "in normal formation" with
-- six bases or so (the rules' introduction).
return army {
  name = "Early Imperial Roman",
  period = "31 BC - AD 193",
  units = {
    unit { id = "coh_1", name = "Cohors I", arm = "foot", class = 2, bases = 6, per_base = 4, officers = 1, missile = "pilum" },
    unit { id = "coh_2", name = "Cohors II", arm = "foot", class = 2, bases = 6, per_base = 4, officers = 1, missile = "pilum" },
    unit { id = "coh_3", name = "Cohors III", arm = "foot", class = 2, bases = 6, per_base = 4, officers = 1, missile = "pilum" },
    unit { id = "coh_4", name = "Cohors IV", arm = "foot", class = 2, bases = 6, per_base = 4, officers = 1, missile = "pilum" },
    unit { id = "auxilia", name = "Cohors auxiliaria", arm = "foot", class = 3, bases = 6, per_base = 4, officers = 1, missile = "javelin" },
    unit { id = "sagittarii", name = "Syrian archers", arm = "foot", class = 4, bases = 4, per_base = 4, missile = "bow", sole_function = true },
    unit { id = "ala_1", name = "Ala Gallorum", arm = "mounted", class = 3, bases = 4, per_base = 3, officers = 1, missile = "javelin" },
    unit { id = "ala_2", name = "Ala Pannoniorum", arm = "mounted", class = 2, bases = 4, per_base = 3, officers = 1 },
  },
}
