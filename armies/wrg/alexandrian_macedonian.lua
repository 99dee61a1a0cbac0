-- Alexandrian Macedonian, 359 - 319 BC: the pike phalanx ("Infantry armed
-- with two-handed 18ft. pike", 4 ranks fight), hypaspists (light-medium:
-- "Celtic infantry, Hypaspists and the later Peltasts come into this
-- category"), Companion cavalry with the 12 ft. kontos, Thracian peltasts
-- ("Rhomphaia and javelins") and Cretan archers.
return army {
  name = "Alexandrian Macedonian",
  period = "359 BC - 319 BC",
  nation = "Macedonian",
  points_limit = 1000,
  units = {
    unit { id = "phalanx_a", name = "Taxis of Coenus", type = "HI", class = "C", regular = true,
           weapons = { "pike" }, figures = 32, ranks = 4, shield = true },
    unit { id = "phalanx_b", name = "Taxis of Perdiccas", type = "HI", class = "C", regular = true,
           weapons = { "pike" }, figures = 32, ranks = 4, shield = true },
    unit { id = "hypaspists", name = "Hypaspists", type = "LMI", class = "B", regular = true,
           weapons = { "spear" }, figures = 16, ranks = 4 },
    unit { id = "companions", name = "Alexander and the Companions", type = "HC", class = "A", regular = true,
           weapons = { "kontos" }, figures = 12, ranks = 2, general = "c_in_c" },
    unit { id = "thracians", name = "Thracian peltasts", type = "LMI", class = "C", regular = false,
           weapons = { "rhomphaia", "javelin" }, figures = 12, ranks = 2 },
    unit { id = "cretans", name = "Cretan archers", type = "LI", class = "C", regular = true,
           weapons = { "bow" }, figures = 8, ranks = 2 },
  },
}
