-- Seleucid, 280-129 BC: the army of Antiochus III as at Magnesia (190 BC):
-- the phalanx with elephants between its divisions in the centre, the king
-- with the agema, the Argyraspids and the light horse on the right, the
-- cataphracts, scythed chariots, Galatians and Arab camelry on the left.
--
-- Base activation points 5: 3 for the three command parts, +1 for the drilled
-- regular phalanx and guard, +1 for a chain of command (Seleucus and Antipater
-- led the wings). No great-captain point: at Magnesia Antiochus led the right
-- wing off the field in pursuit and lost touch with the rest of his army.
return army {
  name = "Seleucid",
  period = "280 BC - 129 BC",
  activation_points = 5,
  key_vignettes = { "argyraspids", "phalanx_centre" },
  vignettes = {
    vignette { id = "agema", name = "Antiochus with the agema cataphracts", class = "CAT",
               integrity = "IV", army = "RA", part = "right", general = true },
    vignette { id = "argyraspids", name = "Argyraspids (Silver Shields)", class = "HIP",
               integrity = "IV", army = "RA", part = "right" },
    vignette { id = "cretans", name = "Cretan archers", class = "VLI",
               integrity = "III", army = "RA", part = "right", off_main_line = true },
    vignette { id = "dahae", name = "Dahae horse archers", class = "LSC",
               integrity = "III", army = "IF", part = "right", off_main_line = true },
    vignette { id = "phalanx_right", name = "Phalangites (right division)", class = "HIP",
               integrity = "III", army = "RA", part = "centre" },
    vignette { id = "phalanx_centre", name = "Phalangites (centre division)", class = "HIP",
               integrity = "III", army = "RA", part = "centre", in_line_with = "phalanx_right" },
    vignette { id = "phalanx_left", name = "Phalangites (left division)", class = "HIP",
               integrity = "III", army = "RA", part = "centre", in_line_with = "phalanx_centre" },
    vignette { id = "elephants", name = "Indian elephants with towers", class = "PEL",
               integrity = "III", army = "RA", part = "centre",
               notes = "Armoured, with towers and crews, as described at Magnesia and Beth Zechariah." },
    vignette { id = "cataphracts", name = "Cataphract cavalry", class = "CAT",
               integrity = "III", army = "RA", part = "left" },
    vignette { id = "scythed_chariots", name = "Scythed chariots", class = "SCH",
               integrity = "III", army = "RA", part = "left" },
    vignette { id = "galatians", name = "Galatian mercenary warbands", class = "LIW",
               integrity = "IV", army = "IF", part = "left" },
    vignette { id = "arab_camels", name = "Arab camel archers", class = "CAM",
               integrity = "II", army = "IF", part = "left" },
  },
}
