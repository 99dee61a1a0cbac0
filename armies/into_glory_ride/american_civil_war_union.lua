-- Army of the Potomac, 1863 (Gettysburg). Infantry is the text's "ACW Line"
-- (HIM-III-RA) Epoch IV (rifled muskets); the Iron Brigade Class IV.
-- Buford's dismounted troopers skirmish with carbines (HSC, Epoch IV).
-- Napoleons and Parrotts: medium artillery, Epoch IV.
--
-- Base activation points 4.
return army {
  name = "Army of the Potomac",
  period = "1863 AD",
  activation_points = 4,
  key_vignettes = { "iron_brigade" },
  vignettes = {
    vignette { id = "ii_corps", name = "Hancock's II Corps", type = "ACW Line", part = "centre",
               general = true },
    vignette { id = "ii_corps_2", name = "Gibbon's division", type = "ACW Line", part = "centre",
               in_line_with = "ii_corps" },
    vignette { id = "reserve_artillery", name = "Artillery Reserve", class = "ART", integrity = "III",
               army = "RA", epoch = "IV", weight = "medium", part = "centre" },
    vignette { id = "skirmishers", name = "Skirmish line", class = "LIN", integrity = "III", army = "RA",
               epoch = "IV", part = "centre", off_main_line = true },
    vignette { id = "iron_brigade", name = "The Iron Brigade", class = "HIM", integrity = "IV", army = "RA",
               epoch = "IV", part = "left" },
    vignette { id = "i_corps", name = "Doubleday's I Corps", type = "ACW Line", part = "left" },
    vignette { id = "xi_corps", name = "Howard's XI Corps", class = "HIM", integrity = "II", army = "RA",
               epoch = "IV", part = "left" },
    vignette { id = "buford", name = "Buford's cavalry division", class = "HSC", integrity = "III",
               army = "RA", epoch = "IV", part = "left" },
    vignette { id = "v_corps", name = "Sykes's V Corps", type = "ACW Line", part = "right" },
    vignette { id = "vi_corps", name = "Sedgwick's VI Corps", type = "ACW Line", part = "right" },
    vignette { id = "horse_artillery", name = "Horse artillery", class = "ART", integrity = "III",
               army = "RA", epoch = "IV", weight = "light", part = "right" },
    vignette { id = "gregg", name = "Gregg's cavalry division", class = "HSC", integrity = "III", army = "RA",
               epoch = "IV", part = "right" },
  },
}
