-- Wellington's Anglo-Allied army, 1815 (Waterloo). British line infantry
-- are HIM IV (the text's "British Colonial, Grenadiers" Class IV); the
-- Brown Bess is the text's own Epoch II example. The Union Brigade is "The
-- Heavy Brigade" type (HCC-IV-RA). Riflemen skirmish as VLI.
--
-- Base activation points 4.
return army {
  name = "Anglo-Allied Army",
  period = "1815 AD",
  activation_points = 4,
  key_vignettes = { "guards" },
  vignettes = {
    vignette { id = "guards", name = "Maitland's Guards brigade", class = "HIM", integrity = "V", army = "RA",
               epoch = "II", part = "centre", general = true },
    vignette { id = "picton", name = "Picton's division", class = "HIM", integrity = "IV", army = "RA",
               epoch = "II", part = "centre" },
    vignette { id = "alten", name = "Alten's division", class = "HIM", integrity = "IV", army = "RA",
               epoch = "II", part = "centre", in_line_with = "picton" },
    vignette { id = "riflemen", name = "95th Rifles", class = "VLI", integrity = "IV", army = "RA",
               epoch = "II", part = "centre", off_main_line = true },
    vignette { id = "foot_artillery", name = "Foot artillery", class = "ART", integrity = "III", army = "RA",
               epoch = "II", weight = "medium", part = "centre" },
    vignette { id = "netherlanders", name = "Netherlands division", class = "HIM", integrity = "II",
               army = "RA", epoch = "II", part = "left" },
    vignette { id = "brunswickers", name = "Brunswick corps", class = "HIM", integrity = "III", army = "RA",
               epoch = "II", part = "left" },
    vignette { id = "vivian", name = "Vivian's and Vandeleur's light dragoons", class = "LSC",
               integrity = "III", army = "RA", epoch = "II", part = "left" },
    vignette { id = "union_brigade", name = "The Union Brigade", type = "The Heavy Brigade", part = "right" },
    vignette { id = "household", name = "The Household Brigade", class = "HCC", integrity = "IV", army = "RA",
               part = "right" },
    vignette { id = "clinton", name = "Clinton's division", class = "HIM", integrity = "III", army = "RA",
               epoch = "II", part = "right" },
    vignette { id = "rha", name = "Royal Horse Artillery", class = "ART", integrity = "IV", army = "RA",
               epoch = "II", weight = "light", part = "right" },
  },
}
