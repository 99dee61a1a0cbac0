-- The Saracen Host: WRG 1973 Appendix IV's Moslem saint with a magician
-- and war elephants, fielded in Phalanx through the fantasy pack's
-- documented "counts as" classes (rulesets/modules/fantasy/phalanx/pack.lua).
-- With the option `fantasy` (rulesets/modules/fantasy/phalanx/battle.lua)
-- the Moslem saint spares his side an activation point within 150 paces and
-- homes on an enemy Christian saint within 100 paces; the magician casts
-- the twelve spells. Base activation points 4.
return army {
  name = "The Saracen Host",
  period = "Sword and Sorcery",
  allegiance = "law",
  activation_points = 4,
  key_vignettes = { "emir" },
  vignettes = {
    vignette { id = "emir", name = "The Emir and his mamluks", class = "HCC", integrity = "V", army = "RA",
               part = "centre", general = true },
    vignette { id = "foot_1", name = "Spearmen of the city", class = "HIS", integrity = "III", army = "RA", part = "centre" },
    vignette { id = "foot_2", name = "Daylami foot", class = "HIN", integrity = "III", army = "RA", part = "centre",
               in_line_with = "foot_1" },
    vignette { id = "imam", name = "The holy imam", creature = "moslem_saint", part = "centre" },
    vignette { id = "magician", name = "The magician of Baghdad", creature = "magician", part = "centre" },
    vignette { id = "elephants", name = "War elephants", class = "IND", integrity = "III", army = "RA", part = "left" },
    vignette { id = "ghulams_l", name = "Ghulams of the left", class = "HCC", integrity = "IV", army = "RA", part = "left" },
    vignette { id = "archers_l", name = "Archers of the left", class = "HIB", integrity = "III", army = "RA", part = "left" },
    vignette { id = "horse_archers_l", name = "Turkoman horse archers", class = "LSC", integrity = "II", army = "IF", part = "left" },
    vignette { id = "ghulams_r", name = "Ghulams of the right", class = "HCC", integrity = "IV", army = "RA", part = "right" },
    vignette { id = "archers_r", name = "Archers of the right", class = "HIB", integrity = "III", army = "RA", part = "right" },
    vignette { id = "horse_archers_r", name = "Bedouin horse archers", class = "LSC", integrity = "II", army = "IF", part = "right" },
  },
}
