-- Gallic, 400 - 50 BC: tribal warbands (HIW: always IF) that charged when
-- their blood was up, the chieftains' sworn soldurii, nobles on horse and in
-- two-horse chariots, and skirmishers.
return army {
  name = "Gallic",
  period = "400 BC - 50 BC",
  units = {
    unit { id = "soldurii", name = "The chieftain and his soldurii", troop = "EIF HIW", figures = 24, ranks = 3, general = true },
    unit { id = "arverni", name = "Arverni warband", troop = "AIF HIW", figures = 40, ranks = 4 },
    unit { id = "aedui", name = "Aedui warband", troop = "AIF HIW", figures = 40, ranks = 4 },
    unit { id = "senones", name = "Senones warband", troop = "GIF HIW", figures = 40, ranks = 4 },
    unit { id = "youths", name = "Young warriors", troop = "AIF LI-W", figures = 24, ranks = 2 },
    unit { id = "slingers", name = "Slingers", troop = "GIF VLI", figures = 16, ranks = 2, formed = false },
    unit { id = "nobles", name = "Noble cavalry", troop = "AIF HC", figures = 16, ranks = 2 },
    unit { id = "chariots", name = "Chariots of the nobility", troop = "AIF LCH", figures = 6, ranks = 1, horses = 2, crew = 2 },
  },
}
