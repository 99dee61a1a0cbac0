-- Swiss, 1500-1525: the cantons' pike blocks of the Italian Wars (Novara 1513,
-- Marignano 1515, Bicocca 1522). Three great columns of pike with halberdiers
-- and a screen of handgunners and crossbowmen; little cavalry. The pike are
-- the example troop type "Swiss Pike" (HIP-IV-RA); halberdiers as "Early
-- Swiss" HIN; handguns are Epoch I HIM.
--
-- Base activation points 4: three command parts and a practised drill.
return army {
  name = "Swiss",
  period = "1500 AD - 1525 AD",
  activation_points = 4,
  key_vignettes = { "vorhut" },
  vignettes = {
    vignette { id = "gewalthaufen", name = "Gewalthaufen (main pike column)", type = "Swiss Pike",
               part = "centre", general = true },
    vignette { id = "gewalthaufen_2", name = "Second pike block of the main battle", type = "Swiss Pike",
               part = "centre", in_line_with = "gewalthaufen" },
    vignette { id = "halberds_centre", name = "Halberdiers of the main battle", class = "HIN",
               integrity = "IV", army = "RA", part = "centre" },
    vignette { id = "handguns_centre", name = "Handgunners", class = "HIM", integrity = "III", army = "RA",
               epoch = "I", part = "centre" },
    vignette { id = "vorhut", name = "Vorhut (vanguard pike)", type = "Swiss Pike", part = "right" },
    vignette { id = "halberds_right", name = "Halberdiers of the vanguard", class = "HIN",
               integrity = "III", army = "RA", part = "right" },
    vignette { id = "skirmishers_right", name = "Crossbowmen and handgunners skirmishing", class = "VLI",
               integrity = "III", army = "RA", epoch = "I", part = "right", off_main_line = true },
    vignette { id = "nachhut", name = "Nachhut (rearguard pike)", class = "HIP", integrity = "III",
               army = "RA", part = "left" },
    vignette { id = "halberds_left", name = "Halberdiers of the rearguard", class = "HIN",
               integrity = "III", army = "RA", part = "left" },
    vignette { id = "handguns_left", name = "Handgunners of the rearguard", class = "HIM", integrity = "II",
               army = "RA", epoch = "I", part = "left" },
    vignette { id = "forlorn_hope", name = "Forlorn hope (Verlorene Haufen)", class = "LIW", integrity = "IV",
               army = "RA", part = "left" },
    vignette { id = "allied_horse", name = "Allied men-at-arms", class = "CAT", integrity = "III",
               army = "RA", part = "right" },
  },
}
