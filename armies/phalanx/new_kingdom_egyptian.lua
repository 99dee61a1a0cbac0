-- New Kingdom Egyptian, 1550-1070 BC: the army of Thutmose III and Ramesses II,
-- with its divisions named for the gods (Amun, Ra, Ptah) as at Kadesh (1274 BC).
-- Two-horse chariots used as mobile archery platforms count as HSC (rules,
-- Chariots); the chariot runners (ne'arin) who fought beside them support them.
--
-- Base activation points 5: 3 for the three command parts, +1 for a standing,
-- drilled army of regulars and guard, +1 for a chain of command (a general
-- for each named division, a written staff system). Ramesses rallied his army
-- at Kadesh but was surprised first, so no great-captain point.
return army {
  name = "New Kingdom Egyptian",
  period = "1550 BC - 1070 BC",
  activation_points = 5,
  key_vignettes = { "sherden" },
  vignettes = {
    vignette { id = "pharaoh", name = "Pharaoh with the chariots of the Residence", class = "HSC",
               integrity = "IV", army = "RA", part = "right", general = true },
    vignette { id = "chariots_amun", name = "Chariots of the division of Amun", class = "HSC",
               integrity = "III", army = "RA", part = "right", in_line_with = "pharaoh" },
    vignette { id = "chariots_ra", name = "Chariots of the division of Ra", class = "HSC",
               integrity = "III", army = "RA", part = "right" },
    vignette { id = "runners", name = "Ne'arin chariot runners", class = "LIN",
               integrity = "III", army = "RA", part = "right", supports = "chariots_ra" },
    vignette { id = "sherden", name = "Sherden guard", class = "HIN",
               integrity = "IV", army = "RA", part = "centre" },
    vignette { id = "infantry_amun", name = "Menfat of the division of Amun", class = "HIN",
               integrity = "III", army = "RA", part = "centre", in_line_with = "sherden" },
    vignette { id = "infantry_ra", name = "Menfat of the division of Ra", class = "HIN",
               integrity = "III", army = "RA", part = "centre", in_line_with = "infantry_amun" },
    vignette { id = "archers_1", name = "Egyptian archers", class = "HIB",
               integrity = "III", army = "RA", part = "centre" },
    vignette { id = "archers_2", name = "Egyptian archers of the levy", class = "HIB",
               integrity = "II", army = "RA", part = "centre", in_line_with = "archers_1" },
    vignette { id = "chariots_ptah", name = "Chariots of the division of Ptah", class = "HSC",
               integrity = "III", army = "RA", part = "left" },
    vignette { id = "infantry_ptah", name = "Menfat of the division of Ptah", class = "HIN",
               integrity = "II", army = "RA", part = "left" },
    vignette { id = "nubians", name = "Nubian archers", class = "VLI",
               integrity = "III", army = "IF", part = "left", off_main_line = true },
  },
}
