-- Zulu, 1879 (Isandlwana, Rorke's Drift, Ulundi): the "horns of the
-- buffalo". The amabutho are the text's "Zulus" (LIW-V-RA) - regular
-- age-set regiments, so RA as the text has it; the younger and older
-- regiments lower. Some carried trade muskets: LIN Epoch II.
--
-- Base activation points 4.
return army {
  name = "Zulu",
  period = "1879 AD",
  activation_points = 4,
  key_vignettes = { "chest" },
  vignettes = {
    vignette { id = "chest", name = "uKhandempemvu (the chest)", type = "Zulus", part = "centre",
               general = true },
    vignette { id = "chest_2", name = "uMbonambi", type = "Zulus", part = "centre", in_line_with = "chest" },
    vignette { id = "chest_3", name = "iNgobamakhosi", class = "LIW", integrity = "IV", army = "RA",
               part = "centre" },
    vignette { id = "loins", name = "uNdi corps (the loins)", class = "LIW", integrity = "IV", army = "RA",
               part = "centre" },
    vignette { id = "right_horn", name = "uDududu and iSangqu (right horn)", class = "LIW", integrity = "IV",
               army = "RA", part = "right" },
    vignette { id = "right_horn_2", name = "uNokhenke", class = "LIW", integrity = "III", army = "RA",
               part = "right" },
    vignette { id = "left_horn", name = "iNdluyengwe (left horn)", class = "LIW", integrity = "III",
               army = "RA", part = "left" },
    vignette { id = "left_horn_2", name = "iNdlondlo", class = "LIW", integrity = "III", army = "RA",
               part = "left" },
    vignette { id = "musketeers", name = "Musket-armed skirmishers", class = "LIN", integrity = "II",
               army = "RA", epoch = "II", part = "centre", off_main_line = true },
    vignette { id = "scouts_right", name = "Scouts of the right horn", class = "VLI", integrity = "III",
               army = "RA", part = "right", off_main_line = true },
    vignette { id = "scouts_left", name = "Scouts of the left horn", class = "VLI", integrity = "III",
               army = "RA", part = "left", off_main_line = true },
    vignette { id = "reserve", name = "uThulwana (reserve)", class = "LIW", integrity = "III", army = "RA",
               part = "centre" },
  },
}
