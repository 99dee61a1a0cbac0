-- Parliament, 1645-1651: the New Model Army (Naseby 1645, Dunbar 1650,
-- Worcester 1651). Regiments of foot as pike-and-musket blocks, the example
-- troop type "Pike and musket block ECW" (HIP-III-IA)+AA(EII), here RA as a
-- uniformed, paid army; the attached ART vignette counts as two vignettes,
-- so 9 entries with 3 such blocks make the 12. Cromwell's Ironsides are the
-- text's Class IV example; Okey's dragoons skirmish on foot.
--
-- Base activation points 4.
return army {
  name = "Parliament (New Model Army)",
  period = "1645 AD - 1651 AD",
  activation_points = 4,
  key_vignettes = { "skippon" },
  vignettes = {
    vignette { id = "skippon", name = "Skippon's brigade of foot", type = "Pike and musket block ECW",
               army = "RA", part = "centre", general = true },
    vignette { id = "pickering", name = "Pickering's and Montagu's foot", type = "Pike and musket block ECW",
               army = "RA", part = "centre", in_line_with = "skippon" },
    vignette { id = "hardress_waller", name = "Hardress Waller's foot", type = "Pike and musket block ECW",
               army = "RA", part = "centre" },
    vignette { id = "commanded_shot", name = "Commanded musketeers", class = "HIM", integrity = "III",
               army = "RA", epoch = "II", part = "centre" },
    vignette { id = "train", name = "The train of artillery", class = "ART", integrity = "II", army = "RA",
               epoch = "II", weight = "medium", part = "centre" },
    vignette { id = "ironsides", name = "Cromwell's Ironsides", class = "HCC", integrity = "IV", army = "RA",
               part = "right" },
    vignette { id = "whalley", name = "Whalley's horse", class = "HCC", integrity = "III", army = "RA",
               part = "right" },
    vignette { id = "ireton", name = "Ireton's horse", class = "HCC", integrity = "III", army = "RA",
               part = "left" },
    vignette { id = "okey", name = "Okey's dragoons", class = "LIN", integrity = "III", army = "RA",
               epoch = "II", part = "left", off_main_line = true },
  },
}
