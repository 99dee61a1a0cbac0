-- Alexandrian Macedonian, 336-323 BC: the army of Granicus, Issus and
-- Gaugamela, deployed as at Gaugamela (331 BC): Alexander with the Companions
-- on the right, Parmenion with the Thessalians on the left, the phalanx between.
--
-- Base activation points 6. Every list starts at 3 (one order to each of the
-- centre and the two wings) and adds 1 for each of: a drilled professional
-- core that manoeuvres on command, a working chain of subordinate commanders,
-- and a great captain who directed the whole battle. Alexander's army has all
-- three: the pezhetairoi and hypaspists were drilled regulars, Parmenion,
-- Craterus and the taxiarchs commanded under him, and Alexander is the type.
return army {
  name = "Alexandrian Macedonian",
  period = "336 BC - 323 BC",
  activation_points = 6,
  key_vignettes = { "hypaspists", "thessalians" },
  vignettes = {
    vignette { id = "companions", name = "Alexander with the Companion cavalry", class = "HCC",
               integrity = "IV", army = "RA", part = "right", general = true },
    vignette { id = "prodromoi", name = "Prodromoi (sarissophoroi) scouts", class = "LSC",
               integrity = "III", army = "RA", part = "right", off_main_line = true },
    vignette { id = "agrianians", name = "Agrianian javelinmen", class = "LIN",
               integrity = "IV", army = "RA", part = "right", off_main_line = true },
    vignette { id = "cretan_archers", name = "Cretan archers", class = "VLI",
               integrity = "III", army = "RA", part = "right", off_main_line = true },
    vignette { id = "hypaspists", name = "Hypaspists", class = "HIS",
               integrity = "IV", army = "RA", part = "centre",
               notes = "Shield-bearers who kept the phalanx's right in touch with the Companions." },
    vignette { id = "taxis_coenus", name = "Pezhetairoi: taxis of Coenus", class = "HIP",
               integrity = "III", army = "RA", part = "centre", in_line_with = "hypaspists" },
    vignette { id = "taxis_perdiccas", name = "Pezhetairoi: taxis of Perdiccas", class = "HIP",
               integrity = "III", army = "RA", part = "centre", in_line_with = "taxis_coenus" },
    vignette { id = "taxis_meleager", name = "Pezhetairoi: taxis of Meleager", class = "HIP",
               integrity = "III", army = "RA", part = "centre" },
    vignette { id = "taxis_craterus", name = "Pezhetairoi: taxis of Craterus", class = "HIP",
               integrity = "III", army = "RA", part = "centre", in_line_with = "taxis_meleager" },
    vignette { id = "thessalians", name = "Parmenion with the Thessalian cavalry", class = "HCC",
               integrity = "IV", army = "RA", part = "left" },
    vignette { id = "greek_allied_horse", name = "Greek allied cavalry", class = "HCC",
               integrity = "III", army = "RA", part = "left", in_line_with = "thessalians" },
    vignette { id = "thracian_javelinmen", name = "Thracian javelinmen", class = "LIN",
               integrity = "III", army = "RA", part = "left", off_main_line = true },
  },
}
