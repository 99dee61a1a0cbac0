-- Early Sumerian, 3000-2334 BC: the city-state armies of Lagash, Umma, Ur and
-- Kish before Sargon, as on the Stele of the Vultures (c. 2450 BC) and the
-- Standard of Ur: a close phalanx of shielded spearmen, four-wheeled battle
-- cars drawn by onager hybrids, and levies with javelins, slings and bows.
--
-- Base activation points 4: 3 for the three command parts, +1 for the drilled
-- palace and temple phalanx the Stele shows marching in step. No point for a
-- chain of command: the ensi or lugal led in person from his battle car.
return army {
  name = "Early Sumerian",
  period = "3000 BC - 2334 BC",
  activation_points = 4,
  key_vignettes = { "palace_phalanx" },
  vignettes = {
    vignette { id = "ensi", name = "The ensi in his battle car", class = "HSC",
               integrity = "III", army = "RA", part = "centre", general = true,
               notes = "Four-equid battle cars threw javelins and then charged: HSC (rules, Chariots)." },
    vignette { id = "palace_phalanx", name = "Palace guard spearmen", class = "HIS",
               integrity = "III", army = "RA", part = "centre" },
    vignette { id = "temple_phalanx", name = "Temple spearmen of Ningirsu", class = "HIS",
               integrity = "III", army = "RA", part = "centre", in_line_with = "palace_phalanx" },
    vignette { id = "city_phalanx", name = "City spearmen", class = "HIS",
               integrity = "II", army = "RA", part = "centre", in_line_with = "temple_phalanx" },
    vignette { id = "phalanx_left", name = "Spearmen of the left", class = "HIS",
               integrity = "II", army = "RA", part = "left" },
    vignette { id = "cars_left", name = "Battle cars of the left", class = "HSC",
               integrity = "III", army = "RA", part = "left" },
    vignette { id = "levy_left", name = "Levy javelinmen", class = "LIN",
               integrity = "I", army = "IF", part = "left", off_main_line = true },
    vignette { id = "slingers", name = "Slingers", class = "VLI",
               integrity = "II", army = "RA", part = "left", supports = "phalanx_left" },
    vignette { id = "phalanx_right", name = "Spearmen of the right", class = "HIS",
               integrity = "II", army = "RA", part = "right" },
    vignette { id = "cars_right", name = "Battle cars of the right", class = "HSC",
               integrity = "III", army = "RA", part = "right" },
    vignette { id = "levy_right", name = "Levy javelinmen of the villages", class = "LIN",
               integrity = "I", army = "IF", part = "right", off_main_line = true },
    vignette { id = "archers", name = "Archers", class = "VLI",
               integrity = "II", army = "IF", part = "right", off_main_line = true },
  },
}
