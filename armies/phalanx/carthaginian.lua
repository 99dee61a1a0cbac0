-- Later Carthaginian under Hannibal, 218-202 BC: the army of the Trebia,
-- Cannae and Zama, drawn up as at Cannae (216 BC) with the Gauls and Spaniards
-- in the centre, the Libyan veterans on either flank of them, Hasdrubal's heavy
-- horse on the left and Maharbal's Numidians on the right; the African forest
-- elephants that crossed the Alps (and fought again at Zama) stand in the centre.
--
-- Base activation points 6: 3 for the three command parts, +1 for a veteran
-- core drilled by years of campaigning (the Libyans), +1 for a chain of
-- command (Hasdrubal, Hanno, Maharbal, Mago) and +1 for a great captain
-- whose plan at Cannae needed every part to move on time.
return army {
  name = "Later Carthaginian (Hannibal)",
  period = "218 BC - 202 BC",
  activation_points = 6,
  key_vignettes = { "libyans_left", "libyans_right" },
  vignettes = {
    vignette { id = "spanish_scutarii", name = "Hannibal with the Spanish scutarii", class = "LIS",
               integrity = "III", army = "IF", part = "centre", general = true },
    vignette { id = "gauls_boii", name = "Boii and Insubres warbands", class = "LIW",
               integrity = "III", army = "IF", part = "centre", in_line_with = "spanish_scutarii" },
    vignette { id = "gauls_cisalpine", name = "Cisalpine Gallic warbands", class = "LIW",
               integrity = "III", army = "IF", part = "centre", in_line_with = "gauls_boii" },
    vignette { id = "elephants", name = "African forest elephants", class = "AFR",
               integrity = "III", army = "RA", part = "centre" },
    vignette { id = "balearics", name = "Balearic slingers", class = "VLI",
               integrity = "IV", army = "IF", part = "centre", off_main_line = true },
    vignette { id = "libyans_left", name = "Libyan veteran spearmen (left)", class = "HIS",
               integrity = "IV", army = "RA", part = "left",
               notes = "Re-armed with Roman equipment after Trasimene; still formed as spearmen." },
    vignette { id = "spanish_horse", name = "Hasdrubal with the Spanish horse", class = "HCC",
               integrity = "III", army = "IF", part = "left" },
    vignette { id = "gallic_horse", name = "Gallic noble cavalry", class = "HCC",
               integrity = "III", army = "IF", part = "left", in_line_with = "spanish_horse" },
    vignette { id = "libyans_right", name = "Libyan veteran spearmen (right)", class = "HIS",
               integrity = "IV", army = "RA", part = "right" },
    vignette { id = "numidians_maharbal", name = "Maharbal with the Numidian light horse", class = "LSC",
               integrity = "IV", army = "IF", part = "right", off_main_line = true },
    vignette { id = "numidians_allied", name = "Allied Numidian light horse", class = "LSC",
               integrity = "III", army = "IF", part = "right", off_main_line = true },
    vignette { id = "lonchophoroi", name = "Libyan and Moorish javelinmen", class = "LIN",
               integrity = "III", army = "IF", part = "right", off_main_line = true },
  },
}
