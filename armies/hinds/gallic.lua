-- Gallic tribes, 250 - 50 BC: "Gauls with their native equipment are rated
-- as medium infantry for the first move of their combat, and as light
-- infantry thereafter. But they always move as light."
return army {
  name = "Gallic",
  period = "250 BC - 50 BC",
  units = {
    unit { id = "warband_1", name = "Arverni warband", arm = "foot", class = 3, bases = 6, per_base = 5, officers = 1, gaul = true },
    unit { id = "warband_2", name = "Aedui warband", arm = "foot", class = 3, bases = 6, per_base = 5, officers = 1, gaul = true },
    unit { id = "warband_3", name = "Sequani warband", arm = "foot", class = 3, bases = 6, per_base = 5, officers = 1, gaul = true },
    unit { id = "warband_4", name = "Helvetii warband", arm = "foot", class = 3, bases = 6, per_base = 5, officers = 1, gaul = true },
    unit { id = "soldurii", name = "Soldurii", arm = "foot", class = 2, bases = 4, per_base = 4, officers = 1 },
    unit { id = "slingers", name = "Slingers", arm = "foot", class = 4, bases = 4, per_base = 4, missile = "sling", sole_function = true },
    unit { id = "skirmishers", name = "Javelinmen", arm = "foot", class = 4, bases = 4, per_base = 4, missile = "javelin", sole_function = true },
    unit { id = "nobles", name = "Noble cavalry", arm = "mounted", class = 2, bases = 4, per_base = 3, officers = 1, missile = "javelin" },
    unit { id = "horse", name = "Tribal horse", arm = "mounted", class = 3, bases = 4, per_base = 3, missile = "javelin" },
  },
}
