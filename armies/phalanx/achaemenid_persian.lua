-- Achaemenid Persian, 550-329 BC: the Great King's army from Cyrus to
-- Darius III, drawn up as at Gaugamela (331 BC) with the scythed chariots
-- before the centre and the satrapal cavalry of the east on the wings.
--
-- Base activation points 4: 3 for the three command parts, +1 for a working
-- chain of command (satraps and the king's kinsmen led the wings). No point
-- for a drilled core: apart from the guard the foot were decimally organised
-- levies, and the battle was directed from the king's chariot, not by drill.
return army {
  name = "Achaemenid Persian",
  period = "550 BC - 329 BC",
  activation_points = 4,
  key_vignettes = { "kinsmen" },
  vignettes = {
    vignette { id = "kings_guard", name = "The Great King with the Immortals", class = "HIB",
               integrity = "IV", army = "RA", part = "centre", general = true,
               notes = "Spear-armed archers behind a wall of shields: the sparabara way of fighting, HIB." },
    vignette { id = "kinsmen", name = "Royal Kinsmen cavalry", class = "HSC",
               integrity = "IV", army = "RA", part = "centre" },
    vignette { id = "sparabara_persian", name = "Persian sparabara", class = "HIB",
               integrity = "III", army = "RA", part = "centre" },
    vignette { id = "sparabara_median", name = "Median sparabara", class = "HIB",
               integrity = "III", army = "RA", part = "centre", in_line_with = "sparabara_persian" },
    vignette { id = "sparabara_levy", name = "Levy sparabara of the western satrapies", class = "HIB",
               integrity = "II", army = "RA", part = "centre", in_line_with = "sparabara_median" },
    vignette { id = "greek_mercenaries", name = "Greek mercenary hoplites", class = "HIS",
               integrity = "III", army = "RA", part = "centre" },
    vignette { id = "scythed_chariots", name = "Scythed chariots", class = "SCH",
               integrity = "III", army = "RA", part = "centre" },
    vignette { id = "bactrians", name = "Bessus with the Bactrian cavalry", class = "HSC",
               integrity = "III", army = "IF", part = "left" },
    vignette { id = "saka", name = "Saka horse archers", class = "LSC",
               integrity = "III", army = "IF", part = "left", off_main_line = true },
    vignette { id = "levy_archers", name = "Levy archers and slingers", class = "VLI",
               integrity = "II", army = "IF", part = "left", off_main_line = true },
    vignette { id = "cappadocians", name = "Cappadocian and Armenian cavalry", class = "HSC",
               integrity = "III", army = "IF", part = "right" },
    vignette { id = "takabara", name = "Takabara light infantry", class = "LIN",
               integrity = "II", army = "RA", part = "right", off_main_line = true },
  },
}
