-- Gallic, 400-50 BC: the tribal armies that sacked Rome, fought at Sentinum
-- and Telamon and faced Caesar; chariots were gone from Gaul by Caesar's day
-- but fought at Sentinum (295 BC) and Telamon (225 BC).
--
-- Base activation points 3: 3 for the three command parts and nothing more.
-- Each chieftain led his own tribe and warriors charged when their blood was
-- up, so no point for drill or a chain of command. With every vignette IF
-- (2 AP each) the general steers about one group a turn and the rest act on
-- their own initiative, which for IF warbands mostly means charging: Gallic
-- battles as the Greek and Roman writers describe them.
return army {
  name = "Gallic",
  period = "400 BC - 50 BC",
  activation_points = 3,
  key_vignettes = { "gaesatae" },
  vignettes = {
    vignette { id = "chieftain", name = "The chieftain and his sworn soldurii", class = "LIW",
               integrity = "IV", army = "IF", part = "centre", general = true },
    vignette { id = "gaesatae", name = "Gaesatae: naked spearmen from beyond the Alps", class = "LIW",
               integrity = "V", army = "IF", part = "centre", in_line_with = "chieftain" },
    vignette { id = "warband_arverni", name = "Arverni warband", class = "LIW",
               integrity = "III", army = "IF", part = "centre", in_line_with = "chieftain" },
    vignette { id = "warband_aedui", name = "Aedui warband", class = "LIW",
               integrity = "III", army = "IF", part = "centre" },
    vignette { id = "warband_senones", name = "Senones warband", class = "LIW",
               integrity = "III", army = "IF", part = "centre", in_line_with = "warband_aedui" },
    vignette { id = "warband_left", name = "Client tribe warband", class = "LIW",
               integrity = "II", army = "IF", part = "left" },
    vignette { id = "horse_left", name = "Noble cavalry", class = "HSC",
               integrity = "III", army = "IF", part = "left" },
    vignette { id = "slingers", name = "Slingers", class = "VLI",
               integrity = "II", army = "IF", part = "left", off_main_line = true },
    vignette { id = "warband_right", name = "Boii warband", class = "LIW",
               integrity = "III", army = "IF", part = "right" },
    vignette { id = "horse_right", name = "Noble cavalry with their retainers", class = "HSC",
               integrity = "III", army = "IF", part = "right" },
    vignette { id = "chariots", name = "Chariots of the nobility", class = "HSC",
               integrity = "III", army = "IF", part = "right",
               notes = "Two-horse chariots that threw javelins and then charged: HSC, per the rules' Chariots section." },
    vignette { id = "archers", name = "Archers raised by Vercingetorix", class = "VLI",
               integrity = "I", army = "IF", part = "right", off_main_line = true },
  },
}
