-- Alexandrian Macedonian at Issus, 333 BC: a 1,500-point army ("1,250 or
-- 1,500 for a full evening") with a subordinate General ("If the army is
-- over 1,000 points strong, he may be assisted by a subordinate General"):
-- Parmenion with the Thessalian horse on the left. The troops of the
-- 1,000-point list (alexandrian_macedonian.lua) and: a third taxis, the
-- Agrianian javelinmen (barbarian light infantry), Greek allied hoplites
-- ("Infantry armed with short thrusting spear ... or long thrusting spear").
return army {
  name = "Alexandrian Macedonian (Issus)",
  period = "359 BC - 319 BC",
  nation = "Macedonian",
  points_limit = 1500,
  units = {
    unit { id = "phalanx_a", name = "Taxis of Coenus", type = "HI", class = "C", regular = true,
           weapons = { "pike" }, figures = 32, ranks = 4, shield = true },
    unit { id = "phalanx_b", name = "Taxis of Perdiccas", type = "HI", class = "C", regular = true,
           weapons = { "pike" }, figures = 32, ranks = 4, shield = true },
    unit { id = "phalanx_c", name = "Taxis of Craterus", type = "HI", class = "C", regular = true,
           weapons = { "pike" }, figures = 32, ranks = 4, shield = true },
    unit { id = "hypaspists", name = "Hypaspists", type = "LMI", class = "B", regular = true,
           weapons = { "spear" }, figures = 16, ranks = 4 },
    unit { id = "companions", name = "Alexander and the Companions", type = "HC", class = "A", regular = true,
           weapons = { "kontos" }, figures = 12, ranks = 2, general = "c_in_c" },
    unit { id = "thessalians", name = "Parmenion and the Thessalian horse", type = "HC", class = "B", regular = true,
           weapons = { "spear" }, figures = 12, ranks = 2, general = "subordinate" },
    unit { id = "hoplites", name = "Greek allied hoplites", type = "HI", class = "C", regular = true,
           weapons = { "spear" }, figures = 24, ranks = 4, command = "thessalians" },
    unit { id = "thracians", name = "Thracian peltasts", type = "LMI", class = "C", regular = false,
           weapons = { "rhomphaia", "javelin" }, figures = 12, ranks = 2 },
    unit { id = "agrianians", name = "Agrianian javelinmen", type = "LI", class = "C", regular = false,
           weapons = { "javelin" }, figures = 8, ranks = 2 },
    unit { id = "cretans", name = "Cretan archers", type = "LI", class = "C", regular = true,
           weapons = { "bow" }, figures = 8, ranks = 2 },
  },
}
