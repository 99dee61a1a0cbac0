-- Late Roman, 375 - 450 AD: field army legions and auxilia palatina
-- ("a late Roman Legio will be classed as ARA HIN+ss": darts carried in the
-- shield), archers, cataphracts and light horse. Uses two optional rules if
-- a scenario enables them: light troops inside an auxilia unit
-- (light_in_ra_hi) and a rank of exculcatores behind the lanciarii
-- (vli_ranks); without them the archers are left out and the VLI stand on
-- their own.
return army {
  name = "Late Roman",
  period = "375 AD - 450 AD",
  units = {
    unit { id = "legio_1", name = "Legio Ioviani", troop = "ARA HIN+ss", figures = 32, ranks = 4 },
    unit { id = "legio_2", name = "Legio Herculiani", troop = "ARA HIN+ss", figures = 32, ranks = 4 },
    unit { id = "auxilia", name = "Auxilia palatina Cornuti", troop = "ARA HIN+ss", figures = 24, ranks = 3,
           light = { troop = "ARA LI", figures = 6 } },
    unit { id = "lanciarii", name = "Lanciarii", troop = "ARA HIN+ss", figures = 24, ranks = 2 },
    unit { id = "exculcatores", name = "Exculcatores", troop = "ARA VLI", figures = 12, ranks = 1, rear_rank_of = "lanciarii" },
    unit { id = "sagittarii", name = "Sagittarii", troop = "ARA LI", figures = 16, ranks = 2 },
    unit { id = "clibanarii", name = "Equites clibanarii", troop = "ARA KC-A", figures = 12, ranks = 2 },
    unit { id = "comitatus", name = "The magister militum and the scholae", troop = "ERA HC", figures = 12, ranks = 2, general = true },
    unit { id = "equites_sagittarii", name = "Equites sagittarii", troop = "ARA LC", figures = 12, ranks = 1, formed = false },
  },
}
