-- Tokugawa Eastern Army at Sekigahara, 1600. Ii Naomasa's "Red Devils" are
-- the text's (HIN-V-RA); ashigaru teppo are "Arquebusiers at Sekigahara"
-- (HIM-III-RA) Epoch I; yari ashigaru in close ranks are HIS ("Spartan
-- Hoplites or Ashigaru"), mounted samurai HCC.
--
-- Base activation points 5: Ieyasu's command was the better coordinated.
return army {
  name = "Tokugawa Eastern Army",
  period = "1600 AD",
  activation_points = 5,
  key_vignettes = { "ii_red_devils" },
  vignettes = {
    vignette { id = "ieyasu", name = "Tokugawa Ieyasu's hatamoto", class = "HIN", integrity = "IV",
               army = "RA", part = "centre", general = true },
    vignette { id = "teppo_centre", name = "Tokugawa teppo ashigaru", type = "Arquebusiers at Sekigahara",
               part = "centre" },
    vignette { id = "yari_centre", name = "Yari ashigaru", class = "HIS", integrity = "III", army = "RA",
               part = "centre" },
    vignette { id = "ii_red_devils", name = "Ii Naomasa's Red Devils", type = "The Ii Red Devils",
               part = "right" },
    vignette { id = "teppo_right", name = "Ii teppo ashigaru", type = "Arquebusiers at Sekigahara",
               part = "right" },
    vignette { id = "honda", name = "Honda Tadakatsu's mounted samurai", class = "HCC", integrity = "IV",
               army = "RA", part = "right" },
    vignette { id = "fukushima", name = "Fukushima Masanori's samurai", class = "HIN", integrity = "IV",
               army = "RA", part = "left" },
    vignette { id = "teppo_left", name = "Fukushima teppo ashigaru", class = "HIM", integrity = "II",
               army = "RA", epoch = "I", part = "left" },
    vignette { id = "yari_left", name = "Fukushima yari ashigaru", class = "HIS", integrity = "II", army = "RA",
               part = "left" },
    vignette { id = "kuroda", name = "Kuroda Nagamasa's samurai", class = "HIN", integrity = "III",
               army = "RA", part = "left" },
    vignette { id = "yumi", name = "Yumi ashigaru skirmishing", class = "LIN", integrity = "III", army = "RA",
               epoch = "I", part = "centre", off_main_line = true },
    vignette { id = "horse_scouts", name = "Mounted scouts", class = "LSC", integrity = "III", army = "RA",
               epoch = "I", part = "right", off_main_line = true },
  },
}
