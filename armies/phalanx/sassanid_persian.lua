-- Sassanid Persian, 224-651 AD: the armies of Shapur I to Yazdegerd III; the
-- armoured savaran cavalry (clibanarii, CAT) in front, elephants, Dailamite
-- foot and the paighan levy behind them, allied light horse on a wing.
--
-- Base activation points 5: 3 for the three command parts, +1 for the
-- savaran, paid and drilled from the manuals of the Ayin-nameh, +1 for a chain
-- of command (the spahbeds of the four quarters and their subordinates). The
-- levy foot and the allies add nothing to it.
return army {
  name = "Sassanid Persian",
  period = "224 AD - 651 AD",
  activation_points = 5,
  key_vignettes = { "savaran_centre", "elephants" },
  vignettes = {
    vignette { id = "pushtighban", name = "The Shahanshah with the Pushtighban guard", class = "CAT",
               integrity = "V", army = "RA", part = "centre", general = true },
    vignette { id = "savaran_centre", name = "Savaran clibanarii with the Derafsh Kaviani", class = "CAT",
               integrity = "IV", army = "RA", part = "centre", in_line_with = "pushtighban" },
    vignette { id = "elephants", name = "Indian elephants with howdahs", class = "IND",
               integrity = "III", army = "RA", part = "centre" },
    vignette { id = "foot_archers", name = "Foot archers behind pavises", class = "HIB",
               integrity = "II", army = "RA", part = "centre" },
    vignette { id = "dailamites", name = "Dailamite mercenary foot", class = "HIN",
               integrity = "IV", army = "IF", part = "centre" },
    vignette { id = "paighan", name = "Paighan levy spearmen", class = "HIS",
               integrity = "I", army = "IF", part = "centre", in_line_with = "dailamites" },
    vignette { id = "savaran_left", name = "Savaran clibanarii (left)", class = "CAT",
               integrity = "IV", army = "RA", part = "left" },
    vignette { id = "asbaran_left", name = "Asbaran lancer-archers (left)", class = "HSC",
               integrity = "III", army = "RA", part = "left", off_main_line = true },
    vignette { id = "armenians", name = "Armenian noble cavalry", class = "HCC",
               integrity = "III", army = "IF", part = "left" },
    vignette { id = "savaran_right", name = "Savaran clibanarii (right)", class = "CAT",
               integrity = "IV", army = "RA", part = "right" },
    vignette { id = "asbaran_right", name = "Asbaran lancer-archers (right)", class = "HSC",
               integrity = "III", army = "RA", part = "right", in_line_with = "savaran_right" },
    vignette { id = "lakhmids", name = "Lakhmid Arab allied horse archers", class = "LSC",
               integrity = "III", army = "IF", part = "right", off_main_line = true },
  },
}
