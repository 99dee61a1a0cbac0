-- Alexandrian Macedonian, 336 - 323 BC: the pike phalanx ("The Macedonians
-- would have four bases on the hexagon"; pole arms "4 if Macedonian
-- equipped"), hypaspists, the Companions and Thessalians, and light troops.
return army {
  name = "Alexandrian Macedonian",
  period = "336 BC - 323 BC",
  units = {
    unit { id = "taxis_1", name = "Taxis of Coenus", arm = "foot", class = 2, bases = 4, per_base = 8, officers = 1, macedonian = true },
    unit { id = "taxis_2", name = "Taxis of Perdiccas", arm = "foot", class = 2, bases = 4, per_base = 8, officers = 1, macedonian = true },
    unit { id = "taxis_3", name = "Taxis of Craterus", arm = "foot", class = 2, bases = 4, per_base = 8, officers = 1, macedonian = true },
    unit { id = "hypaspists", name = "Hypaspists", arm = "foot", class = 2, bases = 6, per_base = 4, officers = 1, pole_arms = true },
    unit { id = "agrianians", name = "Agrianian javelinmen", arm = "foot", class = 4, bases = 4, per_base = 4, missile = "javelin", sole_function = true },
    unit { id = "cretans", name = "Cretan archers", arm = "foot", class = 4, bases = 4, per_base = 4, missile = "bow", sole_function = true },
    unit { id = "companions", name = "Companion cavalry", arm = "mounted", class = 2, bases = 4, per_base = 3, officers = 1 },
    unit { id = "thessalians", name = "Thessalian cavalry", arm = "mounted", class = 2, bases = 4, per_base = 3, officers = 1 },
    unit { id = "prodromoi", name = "Prodromoi", arm = "mounted", class = 3, bases = 3, per_base = 3, missile = "javelin" },
  },
}
