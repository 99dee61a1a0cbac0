-- Early Imperial Roman, 27 BC - 193 AD: the army of Augustus to Commodus,
-- drawn up as at Mons Graupius (AD 83): the auxiliary cohorts fight in the
-- front line and the legions wait behind them as a second line, so this list
-- permits multiple lines (multiple_lines = true).
--
-- Base activation points 5: 3 for the three command parts, +1 for the most
-- thoroughly drilled army of antiquity, +1 for its chain of command (legates,
-- tribunes and prefects of alae and cohorts). A governor such as Agricola is
-- a competent commander, not a great captain, so no further point.
return army {
  name = "Early Imperial Roman",
  period = "27 BC - 193 AD",
  activation_points = 5,
  multiple_lines = true,
  key_vignettes = { "legio_xx", "legio_ii" },
  vignettes = {
    vignette { id = "legio_xx", name = "The legate with Legio XX Valeria Victrix", class = "HIN",
               integrity = "IV", army = "RA", part = "centre", general = true, off_main_line = true,
               notes = "Legionaries with pilum and gladius: HIN. Second line, behind the auxilia." },
    vignette { id = "legio_ii", name = "Legio II Augusta", class = "HIN",
               integrity = "IV", army = "RA", part = "centre", off_main_line = true,
               in_line_with = "legio_xx" },
    vignette { id = "legio_ix", name = "Legio IX Hispana", class = "HIN",
               integrity = "IV", army = "RA", part = "centre" },
    vignette { id = "legio_xiv", name = "Legio XIV Gemina", class = "HIN",
               integrity = "IV", army = "RA", part = "centre", in_line_with = "legio_ix" },
    vignette { id = "sagittarii", name = "Syrian archers", class = "VLI",
               integrity = "III", army = "RA", part = "centre", supports = "legio_xx" },
    vignette { id = "ballistae", name = "Legionary ballistae battery", class = "HIB",
               integrity = "III", army = "RA", part = "centre",
               notes = "Amalgamated artillery, treated as HIB (optional Artillery rule)." },
    vignette { id = "auxilia_batavi", name = "Batavian auxiliary cohorts", class = "LIS",
               integrity = "IV", army = "RA", part = "centre" },
    vignette { id = "auxilia_tungri", name = "Tungrian auxiliary cohorts", class = "LIS",
               integrity = "III", army = "RA", part = "centre", in_line_with = "auxilia_batavi" },
    vignette { id = "auxilia_gallic", name = "Gallic auxiliary cohorts", class = "LIS",
               integrity = "III", army = "RA", part = "left" },
    vignette { id = "ala_left", name = "Ala of Gallic cavalry", class = "HSC",
               integrity = "III", army = "RA", part = "left" },
    vignette { id = "ala_right", name = "Ala Petriana", class = "HSC",
               integrity = "III", army = "RA", part = "right" },
    vignette { id = "moors", name = "Moorish light horse", class = "LSC",
               integrity = "III", army = "IF", part = "right", off_main_line = true },
  },
}
