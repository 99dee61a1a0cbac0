-- The Holy Order: a crusading army of WRG 1973 Appendix IV's saints,
-- fielded in Phalanx through the fantasy pack's documented "counts as"
-- classes (rulesets/modules/fantasy/phalanx/pack.lua): a warrior saint as
-- heavy charging cavalry, a saint as heavy infantry. With the option
-- `fantasy` (rulesets/modules/fantasy/phalanx/battle.lua) the saints hold
-- zones of sanctity, abash enemies within 100 paces (+1 activation point
-- for them), the warrior saint spares his side a point within 150 paces,
-- and the Christian saint argues with a Moslem saint within 100 paces.
-- Base activation points 4: the command parts and a point for drill.
return army {
  name = "The Holy Order",
  period = "Sword and Sorcery",
  allegiance = "law",
  activation_points = 4,
  key_vignettes = { "master" },
  vignettes = {
    vignette { id = "master", name = "The Grand Master and his knights", class = "HCC", integrity = "V", army = "RA",
               part = "centre", general = true },
    vignette { id = "sergeants_1", name = "Sergeants of the Order", class = "HIS", integrity = "IV", army = "RA", part = "centre" },
    vignette { id = "sergeants_2", name = "Sergeants of the chapter", class = "HIS", integrity = "IV", army = "RA", part = "centre",
               in_line_with = "sergeants_1" },
    vignette { id = "pilgrims", name = "Armed pilgrims", class = "HIN", integrity = "III", army = "RA", part = "centre" },
    vignette { id = "saint", name = "Saint Anselm", creature = "saint", part = "centre" },
    vignette { id = "warrior_saint", name = "Saint Maurice", creature = "warrior_saint", part = "left" },
    vignette { id = "knights_l", name = "Brother knights of the left", class = "HCC", integrity = "IV", army = "RA", part = "left" },
    vignette { id = "crossbows_l", name = "Crossbowmen of the left", class = "HIB", integrity = "III", army = "RA", part = "left" },
    vignette { id = "turcopoles", name = "Turcopoles", class = "LSC", integrity = "II", army = "RA", part = "left" },
    vignette { id = "knights_r", name = "Brother knights of the right", class = "HCC", integrity = "IV", army = "RA", part = "right" },
    vignette { id = "crossbows_r", name = "Crossbowmen of the right", class = "HIB", integrity = "III", army = "RA", part = "right" },
    vignette { id = "spears_r", name = "Spearmen of the right", class = "HIS", integrity = "III", army = "RA", part = "right" },
  },
}
