-- French Armee du Nord, 1815 (Ligny, Waterloo). Line infantry are HIM; the
-- text's example gives them Epoch III, but the Charleville musket belongs to
-- Epoch II (1580-1835) by the text's own dates, and that is used here.
-- "Napoleons Grande Battery" is (ART-III-RA)EII; heavy 12-pounders.
--
-- Base activation points 5.
return army {
  name = "French Armee du Nord",
  period = "1815 AD",
  activation_points = 5,
  key_vignettes = { "old_guard" },
  vignettes = {
    vignette { id = "old_guard", name = "Old Guard grenadiers", class = "HIM", integrity = "V", army = "RA",
               epoch = "II", part = "centre", general = true },
    vignette { id = "grande_batterie", name = "The Grande Batterie", type = "Napoleons Grande Battery",
               weight = "heavy", part = "centre" },
    vignette { id = "derlon_1", name = "D'Erlon's I Corps, first division", class = "HIM", integrity = "III",
               army = "RA", epoch = "II", part = "centre" },
    vignette { id = "derlon_2", name = "D'Erlon's I Corps, second division", class = "HIM", integrity = "III",
               army = "RA", epoch = "II", part = "centre", in_line_with = "derlon_1" },
    vignette { id = "voltigeurs", name = "Voltigeurs", class = "VLI", integrity = "III", army = "RA",
               epoch = "II", part = "centre", off_main_line = true },
    vignette { id = "reille", name = "Reille's II Corps", class = "HIM", integrity = "III", army = "RA",
               epoch = "II", part = "left" },
    vignette { id = "jerome", name = "Jerome's division at Hougoumont", class = "HIM", integrity = "II",
               army = "RA", epoch = "II", part = "left" },
    vignette { id = "pire", name = "Pire's lancers and chasseurs", class = "LSC", integrity = "III",
               army = "RA", epoch = "II", part = "left" },
    vignette { id = "milhaud", name = "Milhaud's cuirassiers", class = "HCC", integrity = "IV", army = "RA",
               part = "right" },
    vignette { id = "kellermann", name = "Kellermann's cuirassiers", class = "HCC", integrity = "IV",
               army = "RA", part = "right" },
    vignette { id = "horse_artillery", name = "Guard horse artillery", class = "ART", integrity = "IV",
               army = "RA", epoch = "II", weight = "light", part = "right" },
    vignette { id = "lobau", name = "Lobau's VI Corps", class = "HIM", integrity = "III", army = "RA",
               epoch = "II", part = "right" },
  },
}
