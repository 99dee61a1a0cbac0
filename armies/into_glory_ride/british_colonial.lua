-- British in South Africa, 1879-1881 (Ulundi, Gingindlovu). Martini-Henry
-- infantry are HIM IV Epoch IV; the text's "British Colonials in South
-- Africa" (HIM-IV-RA)EV type fits the later Lee-Metford campaigns. A Gatling
-- section is attached ART (Epoch IV) with the 90th, and counts as two
-- vignettes: 11 entries make the 12. Native Contingent are IA.
--
-- Base activation points 4.
return army {
  name = "British in South Africa",
  period = "1879 AD - 1881 AD",
  activation_points = 4,
  key_vignettes = { "line_24th" },
  vignettes = {
    vignette { id = "line_24th", name = "1/24th Foot", class = "HIM", integrity = "IV", army = "RA",
               epoch = "IV", part = "centre", general = true },
    vignette { id = "line_90th", name = "90th Light Infantry with Gatlings", class = "HIM", integrity = "IV",
               army = "RA", epoch = "IV", attached_artillery = "IV", part = "centre", in_line_with = "line_24th" },
    vignette { id = "royal_artillery", name = "N/5 Battery RA, 7-pounders", class = "ART", integrity = "IV",
               army = "RA", epoch = "IV", weight = "light", part = "centre" },
    vignette { id = "line_58th", name = "58th Foot", class = "HIM", integrity = "IV", army = "RA",
               epoch = "IV", part = "left" },
    vignette { id = "line_94th", name = "94th Foot", class = "HIM", integrity = "III", army = "RA",
               epoch = "IV", part = "left" },
    vignette { id = "nnc_left", name = "Natal Native Contingent", class = "LIN", integrity = "II", army = "IA",
               epoch = "II", part = "left", off_main_line = true },
    vignette { id = "line_13th", name = "13th Light Infantry", class = "HIM", integrity = "IV", army = "RA",
               epoch = "IV", part = "right" },
    vignette { id = "line_80th", name = "80th Foot", class = "HIM", integrity = "III", army = "RA",
               epoch = "IV", part = "right" },
    vignette { id = "lancers", name = "17th Lancers", class = "HCC", integrity = "IV", army = "RA",
               part = "right" },
    vignette { id = "frontier_light_horse", name = "Frontier Light Horse", class = "LSC", integrity = "III",
               army = "IA", epoch = "IV", part = "right", off_main_line = true },
    vignette { id = "mounted_infantry", name = "Mounted Infantry", class = "HSC", integrity = "III",
               army = "RA", epoch = "IV", part = "left" },
  },
}
